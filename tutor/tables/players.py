"""Computer players for the tables.

The two-handed games of the pool are played by the project's engines
(``tutor.engines.make_engine``), which decide from a two-handed ``InfoSet``.
The round tables (four, five, six) have no engine of their own: the Hints to
Players speak only of the game for two. Their computer players decide from
what their seat sees (``RoundSeat``): the random player, and a plain player
whose rules are the project's own, not the sources': mark the king; to a
trick, win with the lowest card that wins, else throw the lowest; lead the
highest card of the longest plain suit (trumps only when nothing else is held).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Protocol

from tutor.rules.actions import MARK, Action
from tutor.rules.cards import Card, Suit
from tutor.tables.tricks import best_index

PLAIN = "plain"


@dataclass(frozen=True, slots=True)
class RoundSeat:
    """What the seat to act sees at a round table: its hand, the trick, the turn-up."""

    hand: tuple[Card, ...]
    trick: tuple[Card, ...]
    trump: Suit
    legal: tuple[Action, ...]


class RoundPlayer(Protocol):
    name: str

    def choose(self, seat: RoundSeat) -> Action: ...


class RandomRoundPlayer:
    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, seat: RoundSeat) -> Action:
        return seat.legal[self._rng.randrange(len(seat.legal))]


class PlainRoundPlayer:
    name = PLAIN

    def choose(self, seat: RoundSeat) -> Action:
        if MARK in seat.legal:
            return MARK
        cards = [a.card for a in seat.legal]
        trump = seat.trump

        def strength(c: Card) -> tuple[int, int]:
            return (1 if c.suit == trump else 0, int(c.rank))

        if seat.trick:
            winning = [c for c in cards if best_index((*seat.trick, c), trump) == len(seat.trick)]
            pick = min(winning, key=strength) if winning else min(cards, key=strength)
        else:
            plain = [c for c in cards if c.suit != trump] or cards
            longest = max(
                {c.suit for c in plain}, key=lambda s: (sum(c.suit == s for c in plain), s.value)
            )
            pick = max((c for c in plain if c.suit == longest), key=strength)
        return next(a for a in seat.legal if a.cards == (pick,))


def make_round_player(engine: str, seed: int | None = None) -> RoundPlayer:
    """``random`` for the random player; any other engine name gets the plain player."""
    if engine == "random":
        return RandomRoundPlayer(seed)
    return PlainRoundPlayer()
