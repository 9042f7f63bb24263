"""Small facts about a position that several rules ask, and the verdict builder.

Kept in one place so that "at four", "the king is safe" and "after a refusal"
mean the same thing in every rule.
"""

from __future__ import annotations

from tutor.hints.registry import HINTS, Verdict
from tutor.rules.actions import Action
from tutor.rules.cards import Card, Rank
from tutor.rules.infoset import InfoSet


def verdict(
    hint_id: str,
    action: Action,
    explanation: str,
    matched: tuple[str, ...] | list[str] = (),
    readings: tuple[str, ...] | list[str] = (),
    equally: tuple[Action, ...] = (),
) -> Verdict:
    return Verdict(
        action,
        HINTS[hint_id],
        explanation,
        tuple(matched),
        tuple(dict.fromkeys(readings)),
        equally,
    )


def at_four(points: int, info: InfoSet) -> bool:
    """'At four' in a game of five: one point from the game, whatever its length."""
    return points == info.game - 1


def at_three(points: int, info: InfoSet) -> bool:
    return points == info.game - 2


def mine_at_four(info: InfoSet) -> bool:
    return at_four(info.score[0], info)


def adverse_four(info: InfoSet) -> bool:
    """The adversary is one point from the game."""
    return at_four(info.score[1], info)


def king_safe(info: InfoSet) -> bool:
    """'The king in your hand or turned up': the adversary cannot mark it."""
    return info.trump_king in info.hand or info.turnup.rank is Rank.KING


def after_refusal(info: InfoSet) -> bool:
    """The dealer refused a proposal. The request shows it only for the first
    proposal (the dealer then carries the penalty); a later refusal cannot be
    told apart from the non-dealer's playing, so it is not assumed."""
    dealer = "me" if info.is_dealer else "opponent"
    return info.penalty == dealer


def played_without_proposing(info: InfoSet) -> bool:
    """The non-dealer played at once: he carries the penalty."""
    nondealer = "opponent" if info.is_dealer else "me"
    return info.penalty == nondealer


def plain(cards: tuple[Card, ...] | list[Card], info: InfoSet) -> list[Card]:
    return [c for c in cards if c.suit != info.trump]
