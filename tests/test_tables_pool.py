"""The pool of three (britannica-9/players) and the French écart at three (french/trois).

britannica-9/players: "a pool of three may be formed, the player who is out
taking the place of the loser, and the winner of two consecutive games winning
the pool". french/trois: "Lorsqu'un joueur n'a pas l'intention d'écarter, les
deux adversaires ont le droit de profiter l'un du point des cartes, l'autre du
point de refus" (the project's reading: texts/tables.md, tables/pool): the
player who plays d'autorité, or the dealer who refuses, loses to two adversaries.
Under English rules nothing is shared (no source says so).
"""

import itertools
from dataclasses import replace

import pytest

from tutor.rules.game import Game
from tutor.rules.rulesets import ENGLISH, FRENCH
from tutor.tables import make_table, replay
from tutor.tables.computer import Computer
from tutor.tables.pool import PoolTable, refus_point


def play_out(table: PoolTable, seed: int) -> PoolTable:
    computer = Computer("random", seed)
    while not table.is_over:
        table = table.apply(computer.choose(table))
    return table


@pytest.mark.parametrize("seed", range(6))
def test_the_one_out_takes_the_losers_place_and_two_running_win(seed):
    table = play_out(make_table("pool", seed), seed)
    games = table.games
    assert games[0].seats == (0, 1)  # the first two named play first (the project's choice)
    for before, after in itertools.pairwise(games):
        loser = before.seats[1 - before.seats.index(before.winner)]
        out = ({0, 1, 2} - set(before.seats)).pop()
        assert set(after.seats) == {before.winner, out}
        assert loser not in after.seats
    for before, after in itertools.pairwise(games[:-1]):
        assert before.winner != after.winner  # else the pool would have ended there
    assert len(games) >= 2 and games[-1].winner == games[-2].winner == table.winner
    assert replay("pool", seed, table.actions).winner == table.winner


def test_each_game_of_the_pool_is_a_two_handed_game():
    table = make_table("pool", 4)
    assert isinstance(table.game, Game)
    assert table.game.players == ("South", "West")
    assert table.rules.games_to_win == 1


def first_deal_where_one_stands_and_loses(rules, how):
    """Random pool play until a player stands on his cards (``how``: the non-dealer
    plays without proposing, or the dealer refuses the first proposal) and loses the
    point, with a penalty point at stake."""
    for seed in range(300):
        table = make_table("pool", seed, rules)
        computer = Computer("random", seed)
        while not table.is_over:
            before = table
            table = table.apply(computer.choose(table))
            if table.game_number != before.game_number:
                continue
            game = table.game
            if game.deal_number == before.game.deal_number:
                continue
            finished = game.history[-1]
            final = finished.final
            kinds = [a.kind for a in finished.actions]
            stood = final.nondealer if how == "play" else final.dealer
            if how == "play" and kinds[0] != "play":
                continue
            if how == "refuse" and kinds[:2] != ["propose", "refuse"]:
                continue
            if len(final.tricks) == 5 and refus_point(final, stood) > 0:
                return before, table, finished, stood
    pytest.fail("no such deal in 300 pools")


@pytest.mark.parametrize("how", ["play", "refuse"], ids=["d-autorite", "refusal"])
def test_the_one_out_takes_the_point_de_refus(how):
    """french/trois: the adversary at the table profits from the point for the cards, the
    one out from the point de refus (french/ecart), whether the non-dealer played
    d'autorité or the dealer refused, the refusal the point de refus is named for."""
    before, after, finished, stood = first_deal_where_one_stands_and_loses(FRENCH, how)
    final = finished.final
    winner = 1 - stood
    assert final.penalty is None
    tricks = final.tricks_won()[winner]
    king = 1 if final.king == winner else 0
    assert final.points[winner] == min(king + (2 if tricks == 5 else 1), 3)
    out = before.out
    assert refus_point(final, stood) == 1
    assert after.refus[out] == before.refus[out] + 1
    assert sum(after.refus) == sum(before.refus) + 1
    # The same deal under the two-handed rules (the penalty left on) gives the winner
    # that point as well.
    last = after.actions[-1]
    plain = replace(before.game.position, penalty=stood).apply(last)
    assert plain.points[winner] == final.points[winner] + 1


@pytest.mark.parametrize("seed", range(4))
def test_under_english_rules_each_game_is_the_game_for_two(seed):
    """No English source shares law 49's penalty with the one out: each game of the pool
    is played as at two, the two for the point included (club-laws/49), and the one
    out takes nothing."""
    table = make_table("pool", seed, ENGLISH)
    computer = Computer("random", seed)
    penalties = 0
    while not table.is_over:
        before = table
        action = computer.choose(table)
        table = table.apply(action)
        assert table.stood is None
        if table.game_number == before.game_number and not table.is_over:
            assert table.game == before.game.apply(action)
            penalties += table.game.position.penalty is not None
    assert table.refus == (0, 0, 0)
    assert penalties  # the penalty was at stake, and left to the table


def first_refusal(rules):
    """A pool just after a dealer refused the first proposal."""
    for seed in range(50):
        table = make_table("pool", seed, rules)
        while not table.is_over:
            legal = table.legal_actions()
            if any(a.kind == "propose" for a in legal):
                table = table.apply(next(a for a in legal if a.kind == "propose"))
                refuse = next(a for a in table.legal_actions() if a.kind == "refuse")
                return table.apply(refuse)
            table = table.apply(legal[0])
    pytest.fail("no proposal in 50 pools")


def test_the_penalty_line_tells_who_stood_and_who_takes_the_point():
    french = first_refusal(FRENCH)
    position = french.game.position
    names = french.game.players
    out = french.players[french.out]
    assert french.stood == position.dealer
    assert french.penalty_line() == (
        f"{names[position.dealer]} refused the proposal: if he loses the point, "
        f"{names[position.nondealer]} scores it and {out} (out) the point de refus"
    )
    assert dict(french.view(0).scores)["Out"] == (
        f"{out}, who takes a point de refus if one here stands on his cards and loses"
    )
    english = first_refusal(ENGLISH)
    assert english.stood is None and english.game.position.penalty is not None
    assert english.penalty_line().endswith("scores two for the point (law 49)")
    assert dict(english.view(0).scores)["Out"] == english.players[english.out]


def test_the_marks_are_games_won_and_points_de_refus():
    table = play_out(make_table("pool", 2), 2)
    wins = [sum(g.winner == s for g in table.games) for s in range(3)]
    assert table.marks() == tuple(w + r for w, r in zip(wins, table.refus, strict=True))


def test_the_view_hides_the_hands_of_the_others():
    table = make_table("pool", 9)
    view = table.view(2)  # North is out in the first game
    assert not view.playing and view.hand == ()
    assert table.view(0).hand == table.game.position.hands[0]


@pytest.mark.parametrize("seed", range(4))
def test_the_view_of_a_finished_pool_is_the_deal_that_ended_it(seed):
    """A review: the pool's end showed the next deal's empty panel ("0 points · 0
    tricks", "deal 5" and a fresh turn-up) in place of how the last game ended."""
    from tutor.rules.outcome import outcome

    table = play_out(make_table("pool", seed), seed)
    last = table.game.history[-1]
    view = table.view(0)
    assert view.title.endswith(f"— deal {last.number}")
    assert view.turnup == last.final.turnup
    final = outcome(table.game).final_score
    winner_seat = table.game.winner
    winner_line = dict(view.scores)[
        next(label for label in dict(view.scores) if label.startswith(table.players[table.winner]))
    ]
    assert winner_line.startswith(f"{final[winner_seat]} point")
    assert max(final) >= table.game.rules.game_points
