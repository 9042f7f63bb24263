"""The position told in sentences beside a lesson's or a drill's question."""

from __future__ import annotations

from tutor.app.screens.lesson import position_facts
from tutor.rules.cards import card, parse_cards
from tutor.rules.infoset import InfoSet


def test_the_dealers_own_discard_is_not_told_as_taken():
    # A learner review: "the non-dealer took 5, the dealer 0" before the dealer chose.
    hand = parse_cards("KH JH 8H 7S TD")
    mine = InfoSet(
        decision="discard", role="dealer", hand=hand, turnup=card("9H"), exchanges=((5, 0),)
    )
    assert "Exchanges: the non-dealer took 5, the dealer is to choose" in position_facts(mine)
    later = InfoSet(
        decision="discard",
        role="dealer",
        hand=hand,
        turnup=card("9H"),
        exchanges=((2, 3), (1, 0)),
    )
    told = position_facts(later)
    assert (
        "Exchanges: the non-dealer took 2, the dealer 3; the non-dealer took 1, the dealer is to choose"
        in told
    )
    theirs = InfoSet(
        decision="propose", role="nondealer", hand=hand, turnup=card("9H"), exchanges=((2, 3),)
    )
    assert "Exchanges: the non-dealer took 2, the dealer 3" in position_facts(theirs)
