"""Écarté à quatre (french/quatre) and à cinq ou à six (french/cinq-six).

french/quatre: "Même règle. Mais on n'écarte pas. Les joueurs sont couplés, le
jeu ayant lieu deux par deux." french/cinq-six: "On donne 5 cartes à chacun. Il
n'y a pas d'écart. ... On convient du nombre de perdants." The marks are those
of french/marque and french/points; the deal of french/donne.
"""

from dataclasses import replace

import pytest

from tutor.rules.actions import Action
from tutor.rules.cards import Rank, parse_cards
from tutor.rules.deal import Phase
from tutor.tables import make_table, replay
from tutor.tables.cinq_six import new_cinq_six
from tutor.tables.computer import Computer
from tutor.tables.round_deal import RoundDeal, deal_round_from_pack
from tutor.tables.round_table import decide_winners

ROUND_TABLES = ("quatre", "cinq", "six")


def play_out(table, seed):
    computer = Computer("random", seed)
    kinds = set()
    while not table.is_over:
        action = computer.choose(table)
        assert action in table.legal_actions()
        kinds.add(action.kind)
        table = table.apply(action)
    return table, kinds


@pytest.mark.parametrize("name,size", [("quatre", 4), ("cinq", 5), ("six", 6)])
def test_five_cards_each_and_a_turn_up(name, size):
    """french/cinq-six: "On donne 5 cartes à chacun"; french/donne: the next card is trumps."""
    table = make_table(name, 3)
    deal = table.deal
    assert len(deal.hands) == size
    assert all(len(h) == 5 for h in deal.hands)
    seen = [c for h in deal.hands for c in h] + [deal.turnup]
    assert len(set(seen)) == 5 * size + 1


@pytest.mark.parametrize("name", ROUND_TABLES)
@pytest.mark.parametrize("seed", range(4))
def test_played_to_the_end_with_no_ecart(name, seed):
    """french/quatre "on n'écarte pas", french/cinq-six "Il n'y a pas d'écart":
    the only actions are the cards and the king."""
    table, kinds = play_out(make_table(name, seed), seed)
    assert kinds <= {"lead", "follow", "mark", "hold"}
    assert table.is_over and table.winners
    assert replay(name, seed, table.actions).actions == table.actions


def test_the_eldest_leads_and_the_deal_passes_left():
    table = make_table("cinq", 11)
    first = table.deal
    assert first.leader == (first.dealer + 1) % 5
    while table.deal_number == 1:
        table = table.apply(table.legal_actions()[0])
    assert table.deal.dealer == (first.dealer + 1) % 5


def arranged_quatre() -> RoundDeal:
    """South (0) holds the spades, no one a trump; East (3) deals and turns up the king."""
    hands = ["KS QS JS AS TS", "7H 8H 9H TH AH", "KC QC JC AC TC", "9C 8C 7C JH QH"]
    pack = []
    for start, size in ((0, 3), (3, 2)):
        for h in hands:
            pack.extend(parse_cards(h)[start : start + size])
    rest = parse_cards("KD QD JD AD TD 9D 8D 7D KH 9S 8S 7S")
    return deal_round_from_pack(pack + list(rest), 4, dealer=3, distribution=(3, 2))


def test_partners_tricks_count_together_and_the_king_scores():
    """french/quatre: the players are paired; french/marque: two for the vole (all five
    tricks, here South's), one for a king turned up (french/donne: the dealer's)."""
    deal = arranged_quatre()
    assert deal.king == 3 and deal.to_act == 0
    table = replace(make_table("quatre", 0), deal=deal)
    while table.deal_number == 1:
        table = table.apply(table.legal_actions()[0])
    result = table.history[-1]
    assert result.final.tricks_won() == (5, 0, 0, 0)
    assert result.points == (2, 1)
    assert table.scores == (2, 1)


def test_a_deal_is_capped_at_three_points():
    """french/points: never more than three points a deal (vole and king make three)."""
    table = make_table("cinq", 0)
    deal = table.deal
    fake = RoundDeal(
        dealer=0,
        hands=((),) * 5,
        turnup=deal.turnup,
        phase=Phase.DONE,
        to_act=1,
        leader=1,
        tricks=tuple((1, tuple(parse_cards("KS 7H 8H 9H TH"))) for _ in range(5)),
        played=(True,) * 5,
        king=1,
    )
    assert table.deal_points(fake) == (0, 3, 0, 0, 0)


def test_the_number_of_losers_is_agreed():
    """french/cinq-six: at five 4, 3, 2 or 1 losers; at six preferably half."""
    assert make_table("six", 1).losers == 3
    assert make_table("cinq", 1).losers == 2
    for losers in (1, 2, 3, 4):
        table, _ = play_out(new_cinq_six(5, 5, losers), 5)
        assert len(table.winners) == 5 - losers
        assert sum(1 for s in table.scores if s >= 5) >= 5 - losers
    with pytest.raises(ValueError):
        new_cinq_six(1, 5, losers=5)


def test_winners_are_decided_by_points_and_ties_play_on():
    assert decide_winners((5, 2, 6, 1, 0), 5, 4) == (2,)
    assert decide_winners((5, 2, 6, 1, 0), 5, 3) == (0, 2)
    assert decide_winners((5, 2, 4, 1, 0), 5, 2) is None  # only one has reached five
    assert decide_winners((5, 5, 6, 1, 0), 5, 3) is None  # a tie across the line
    assert decide_winners((5, 5, 6, 1, 0), 5, 4) == (2,)
    assert decide_winners((5, 5, 6, 1, 0), 5, 2) == (0, 1, 2)
    assert decide_winners((5, 3), 5, 1) == (0,)


def test_a_refused_card_cites_the_tables_passage():
    table = make_table("quatre", 2)
    while table.deal.phase is not Phase.FOLLOW or len(table.legal_actions()) == 5:
        table = table.apply(table.legal_actions()[0])
    legal = {a.card for a in table.legal_actions()}
    wrong = next(c for c in table.deal.hands[table.to_act] if c not in legal)
    from tutor.rules.actions import IllegalAction

    with pytest.raises(IllegalAction) as exc:
        table.apply(Action("follow", (wrong,)))
    assert exc.value.law == "tables/tricks"  # the project's reading, not french/quatre


def test_the_king_of_trumps_may_be_marked_before_the_first_card():
    """french/jeu: "J'ai le roi"; marked before its holder plays his first card."""
    for seed in range(40):
        table = make_table("six", seed)
        if table.deal.phase is Phase.MARK_KING:
            holder = table.to_act
            assert any(
                c.rank is Rank.KING and c.suit == table.deal.trump for c in table.deal.hands[holder]
            )
            assert table.apply(Action("mark")).deal.king == holder
            return
    pytest.fail("no seed dealt the eldest the king of trumps")


def first_mark_moment(name: str):
    """A new table whose first decision is a king of trumps to mark or hold."""
    for seed in range(200):
        table = make_table(name, seed)
        while table.deal_number == 1 and not table.is_over:
            if table.deal.phase is Phase.MARK_KING:
                return table
            table = table.apply(table.legal_actions()[0])
    pytest.fail(f"no king of trumps to mark at {name} in 200 tables")


@pytest.mark.parametrize("name", ROUND_TABLES)
def test_a_king_marked_to_reach_the_game_ends_it_at_once(name):
    """The game for two's rule at every table (french/partie: "On a gagné lorsque l'on a
    fait un total de 5 points"; french/cinq-six: "Le reste est la même chose"): the king
    that brings the last side needed to the game ends the game, the tricks unplayed."""
    table = first_mark_moment(name)
    side = table.sides[table.to_act]
    needed = len(table.side_names) - table.losers
    game = table.rules.game_points
    others = [s for s in range(len(table.side_names)) if s != side]
    scores = [0] * len(table.side_names)
    scores[side] = game - 1
    for s in others[: needed - 1]:
        scores[s] = game  # the other winners are there already
    table = replace(table, scores=tuple(scores))
    assert table.king_ends_game() is False  # the king is not yet marked
    marked = table.apply(Action("mark"))
    assert marked.is_over
    assert side in marked.winners and len(marked.winners) == needed
    last = marked.history[-1]
    assert len(last.final.tricks) == 0 and last.points[side] == 1 and sum(last.points) == 1
    held = table.apply(Action("hold"))
    assert not held.is_over and held.deal_number == table.deal_number


def test_a_king_turned_up_to_reach_the_game_ends_it_before_a_card_is_played():
    deal = arranged_quatre()  # East (side 1) deals and turns up the king
    table = replace(make_table("quatre", 0), deal=deal)
    assert replace(table, scores=(0, 4)).king_ends_game()
    assert not replace(table, scores=(4, 3)).king_ends_game()


@pytest.mark.parametrize("name", ROUND_TABLES)
@pytest.mark.parametrize("seed", range(6))
def test_the_sides_that_reach_the_game_are_the_winners(name, seed):
    """Sides reach the game one at a time, so exactly as many as must win reach it, and
    no tie across the line is ever played off."""
    table, _ = play_out(make_table(name, seed), seed)
    reached = tuple(s for s, p in enumerate(table.scores) if p >= table.rules.game_points)
    assert reached == table.winners
    assert len(reached) == len(table.side_names) - table.losers
    for result in table.history[:-1]:
        assert len(result.final.tricks) == 5  # only the last deal may stop on a king
