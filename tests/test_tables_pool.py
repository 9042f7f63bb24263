"""The pool of three (britannica-9/players) and the French écart at three (french/trois).

britannica-9/players: "a pool of three may be formed, the player who is out
taking the place of the loser, and the winner of two consecutive games winning
the pool". french/trois: "Lorsqu'un joueur n'a pas l'intention d'écarter, les
deux adversaires ont le droit de profiter l'un du point des cartes, l'autre du
point de refus" (the project's reading: texts/tables.md, tables/pool).
"""

import itertools
from dataclasses import replace

import pytest

from tutor.game import Game
from tutor.rulesets import ENGLISH, FRENCH
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


def first_deal_where_the_nondealer_plays_and_loses(rules):
    """Random pool play until a non-dealer plays without proposing and the dealer wins."""
    for seed in range(200):
        table = make_table("pool", seed, rules)
        computer = Computer("random", seed)
        while not table.is_over:
            before = table
            table = table.apply(computer.choose(table))
            game = table.game
            finished = game.history[-1] if game.history else None
            if (
                finished is not None
                and before.game.deal_number != game.deal_number
                and before.game is not game
                and finished.actions[0].kind == "play"
                and len(finished.final.tricks) == 5
                and refus_point(finished.final) > 0
            ):
                return seed, before, table, finished
    pytest.fail("no such deal in 200 pools")


@pytest.mark.parametrize("rules", [FRENCH, ENGLISH], ids=["french", "english"])
def test_the_one_out_takes_the_point_de_refus(rules):
    """french/trois: the dealer profits from the point for the cards, the one out from
    the point de refus (french/ecart; English: law 49's two for the point, club-laws/49)."""
    _seed, before, after, finished = first_deal_where_the_nondealer_plays_and_loses(rules)
    final = finished.final
    dealer = final.dealer
    assert final.penalty is None
    tricks = final.tricks_won()[dealer]
    king = 1 if final.king == dealer else 0
    assert final.points[dealer] == min(king + (2 if tricks == 5 else 1), 3)
    out = before.out
    assert after.refus[out] == before.refus[out] + refus_point(final)
    assert sum(after.refus) == sum(before.refus) + refus_point(final)
    # The same deal under the two-handed rules (the penalty left on) gives the dealer
    # that point as well.
    last = after.actions[-1]
    plain = replace(before.game.position, penalty=final.nondealer).apply(last)
    assert plain.points[dealer] == final.points[dealer] + refus_point(final)


def test_the_marks_are_games_won_and_points_de_refus():
    table = play_out(make_table("pool", 2), 2)
    wins = [sum(g.winner == s for g in table.games) for s in range(3)]
    assert table.marks() == tuple(w + r for w, r in zip(wins, table.refus, strict=True))


def test_the_view_hides_the_hands_of_the_others():
    table = make_table("pool", 9)
    view = table.view(2)  # North is out in the first game
    assert not view.playing and view.hand == ()
    assert table.view(0).hand == table.game.position.hands[0]
