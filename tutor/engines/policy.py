"""A fast fixed policy for the exchanges, used to play sampled deals to the end.

The best engine decides each of its own choices by expected score, but to
value a choice it must play the rest of the deal many times, and the other
decisions in those play-outs (the opponent's, and its own later ones) need a
policy that costs microseconds. This is that policy, on bitmasks:

- hand strength: a weighted count in the spirit of the jeux de règle
  (britannica-9/hints/jeux-de-regle): a trump is worth far more than any plain
  card, and among plain cards only kings, queens and knaves count;
- play or refuse when the strength reaches ``PLAY_THRESHOLD``, otherwise
  propose or accept;
- discard everything but trumps and kings (britannica-9/hints/discarding);
- always mark the king; the card play is solved double dummy.

The same strength feeds the opponent model of ``sampling.py``: how likely a
holding makes a refusal, or a proposal, that was seen. The best engine hands
the first proposal of a deal, in both uses, to the computed exchange strategy
(``exchange_strategy``); ``best-v1``, the study and ``values.py`` use this
policy throughout.
"""

from __future__ import annotations

import math

from tutor.engines.exchange_strategy import ExchangeStrategy
from tutor.engines.solver import SUIT_MASKS, Solver, bits
from tutor.engines.stepper import Forced, Stepper

PLAY_THRESHOLD = 4.3
"""Strength at which the policy plays (non-dealer) or refuses (dealer). After an
exchange, best itself plays at most strengths from about 2.5 (288 of its later
proposals in 500 deals of self-play); yet play-outs in which the non-dealer
plays from 3.0 at the later proposals measured -0.011 points a deal (-0.029 to
+0.007) against these, over 1,000 duplicate deals: one threshold serves."""

LIKELIHOOD_SLOPE = 2.5
"""How sharply the opponent model's chance of playing rises with strength."""

_TRUMP_VALUE = tuple(1.5 + 0.2 * r for r in range(8))
_PLAIN_VALUE = (0.0, 0.0, 0.0, 0.0, 0.05, 0.3, 0.55, 1.0)


def _card_values(trump: int) -> tuple[float, ...]:
    return tuple(_TRUMP_VALUE[c & 7] if c >> 3 == trump else _PLAIN_VALUE[c & 7] for c in range(32))


CARD_VALUES = tuple(_card_values(t) for t in range(4))
"""Per trump suit: each card's contribution to the strength of a hand."""

KINGS = sum(1 << (8 * s + 7) for s in range(4))


def strength(hand: int, trump: int) -> float:
    values = CARD_VALUES[trump]
    total = 0.0
    while hand:
        low = hand & -hand
        total += values[low.bit_length() - 1]
        hand ^= low
    return total


def play_likelihood(hand: int, trump: int) -> float:
    """The opponent model: the chance a player holding ``hand`` plays (or refuses)."""
    return 1.0 / (1.0 + math.exp(-LIKELIHOOD_SLOPE * (strength(hand, trump) - PLAY_THRESHOLD)))


def keepers(hand: int, trump: int) -> int:
    """The cards the policy keeps at an exchange: trumps and kings."""
    return hand & (SUIT_MASKS[trump] | KINGS)


def policy_discard(hand: int, trump: int, low: int, high: int) -> int:
    """The cards thrown: all but trumps and kings, the weakest first, between
    ``low`` and ``high`` of them."""
    values = CARD_VALUES[trump]
    order = sorted(bits(hand), key=lambda c: (c >> 3 == trump, c & 7 == 7, values[c], c & 7))
    wanted = (hand & ~keepers(hand, trump)).bit_count()
    n = max(low, min(high, wanted))
    thrown = 0
    for c in order[:n]:
        thrown |= 1 << c
    return thrown


class Rollout:
    """Plays a deal with every hidden card known, from an exchange decision on:
    the mechanics are the stepper's (``stepper.Stepper``), the decisions this
    module's policy (it is an ``ExchangePolicy``).

    ``run`` returns ``(king, tricks_nd, penalty)``: who marks the king
    (0 non-dealer, 1 dealer, None), the tricks the non-dealer makes double
    dummy, and who is penalised under law 49 (0, 1 or None).
    """

    def __init__(
        self, solver: Solver, trump: int, strategy: ExchangeStrategy | None = None
    ) -> None:
        """With ``strategy``, the first proposal of the deal is decided by it
        (``exchange_strategy``); the later ones, and all without it, by strength."""
        self.solver = solver
        self.trump = trump
        self.strategy = strategy

    def plays(self, hand: int, first: bool = False) -> bool:
        chance = self.strategy.play_chance(hand, self.trump) if first and self.strategy else None
        if chance is not None:
            return chance >= 0.5
        return strength(hand, self.trump) >= PLAY_THRESHOLD

    def refuses(self, hand: int, first: bool = False) -> bool:
        chance = self.strategy.refuse_chance(hand, self.trump) if first and self.strategy else None
        if chance is not None:
            return chance >= 0.5
        return strength(hand, self.trump) >= PLAY_THRESHOLD

    def discard(self, hand: int, low: int, high: int) -> int:
        return policy_discard(hand, self.trump, low, high)

    def run(
        self,
        nd: int,
        d: int,
        stock: list[int],
        stage: str,
        proposals: int,
        penalty: int | None,
        forced: Forced | None = None,
    ) -> tuple[int | None, int, int | None]:
        """``stage``: 'propose', 'accept', 'discard_nd' or 'discard_d'; ``proposals``
        those made this deal, the one pending at 'accept' included; ``forced`` is
        the first action taken, e.g. ('play', 0) or ('discard', mask)."""
        deal = self.exchanged(nd, d, stock, stage, proposals, penalty, forced)
        nd, d = deal.hands
        return deal.king_holder(), self.solver.lead_tricks(nd, d, self.trump), deal.penalty

    def exchanged(
        self,
        nd: int,
        d: int,
        stock: list[int],
        stage: str,
        proposals: int,
        penalty: int | None,
        forced: Forced | None = None,
    ) -> Stepper:
        """The deal at the start of play, the exchanges made as ``run`` makes them."""
        deal = Stepper(nd, d, stock, self.trump, stage, proposals, penalty)
        deal.exchange(self, forced)
        return deal
