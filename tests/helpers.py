"""Small builders for tests: arranged deals from card text."""

from __future__ import annotations

from tutor.rules.cards import PACK, card, parse_cards
from tutor.rules.deal import Position, start_position
from tutor.rules.rulesets import ENGLISH, RuleSet


def arranged(
    nondealer: str,
    dealer: str,
    turnup: str,
    stock: str = "",
    *,
    score: tuple[int, int] = (0, 0),
    rules: RuleSet = ENGLISH,
) -> Position:
    """Seat 0 is the non-dealer, seat 1 the dealer; the stock is drawn in the order given,
    then the remaining cards in pack order."""
    hands = (parse_cards(nondealer), parse_cards(dealer))
    top = card(turnup)
    head = parse_cards(stock)
    used = set(hands[0]) | set(hands[1]) | {top} | set(head)
    rest = tuple(c for c in PACK if c not in used)
    return start_position(hands, top, head + rest, dealer=1, score=score, rules=rules)
