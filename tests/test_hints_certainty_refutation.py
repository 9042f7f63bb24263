"""The quick refutation of "the point is certain" never changes the verdict of
the full search: it only answers "not certain" sooner."""

import random

from tutor.hints.certainty import _OutOfBudget, _Search, point_certain, strong_holdings
from tutor.rules.cards import PACK
from tutor.rules.deal import deal_position


def full_search(hand, unseen, trump):
    try:
        return _Search(trump, 3).win(hand, unseen, 0, 0, True)
    except _OutOfBudget:
        return False


def test_refutation_agrees_with_the_full_search():
    rng = random.Random(11)
    certain = 0
    for _ in range(300):
        p = deal_position(rng, 1)
        hand = frozenset(p.hands[0])
        seen = set(hand) | {p.turnup}
        unseen = frozenset(c for c in PACK if c not in seen)
        expected = full_search(hand, unseen, p.trump)
        assert point_certain(hand, p.trump, seen) == expected
        certain += expected
    assert certain < 300


def test_strong_holdings_are_five_unseen_cards():
    rng = random.Random(3)
    p = deal_position(rng, 1)
    hand = frozenset(p.hands[0])
    unseen = frozenset(c for c in PACK if c not in hand and c != p.turnup)
    for holding in strong_holdings(hand, unseen, p.trump):
        assert len(holding) == 5 and holding <= unseen


def test_explanation_says_when_a_reading_decided():
    from tutor.hints import advise
    from tutor.rules.cards import card as one
    from tutor.rules.cards import parse_cards
    from tutor.rules.infoset import InfoSet

    info = InfoSet("propose", "nondealer", parse_cards("QH 9H JS AS 9C"), one("7H"))
    verdict = advise(info)
    assert "readings/as-high-as" in verdict.sources
    assert "Reading “as high as” as the project does" in verdict.explanation
