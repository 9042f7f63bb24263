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
holding makes a refusal, or a proposal, that was seen.
"""

from __future__ import annotations

import math

from tutor.engines.solver import SUIT_MASKS, Solver, bits

PLAY_THRESHOLD = 4.3
"""Strength at which the policy plays (non-dealer) or refuses (dealer)."""

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
    """Plays a deal with every hidden card known, from an exchange decision on.

    ``run`` returns ``(king, tricks_nd, penalty)``: who marks the king
    (0 non-dealer, 1 dealer, None), the tricks the non-dealer makes double
    dummy, and who is penalised under law 49 (0, 1 or None).
    """

    def __init__(self, solver: Solver, trump: int) -> None:
        self.solver = solver
        self.trump = trump

    def run(
        self,
        nd: int,
        d: int,
        stock: list[int],
        stage: str,
        proposals: int,
        penalty: int | None,
        forced: tuple[str, int] | None = None,
    ) -> tuple[int | None, int, int | None]:
        """``stage``: 'propose', 'accept', 'discard_nd' or 'discard_d'; ``forced``
        is the first action taken, e.g. ('play', 0) or ('discard', mask)."""
        trump = self.trump
        pos = 0
        # Each round of proposal, acceptance and the two discards draws at least
        # one card (the non-dealer throws one or more), so the stock bounds the
        # rounds; the bound is also written into the loop, so that no input, a
        # position that cannot arise included, keeps it going.
        for _ in range(exchange_steps(len(stock))):
            left = len(stock) - pos
            if left <= 0:
                break  # club-laws/38: the stock is out, play begins
            action = forced
            forced = None
            if stage == "propose":
                if action is None:
                    strong = strength(nd, trump) >= PLAY_THRESHOLD
                    action = ("play", 0) if strong else ("propose", 0)
                if action[0] == "play":
                    if proposals == 0:
                        penalty = 0
                    break
                proposals += 1
                stage = "accept"
            elif stage == "accept":
                if action is None:
                    strong = strength(d, trump) >= PLAY_THRESHOLD
                    action = ("refuse", 0) if strong else ("accept", 0)
                if action[0] == "refuse":
                    if proposals == 1:
                        penalty = 1
                    break
                stage = "discard_nd"
            elif stage == "discard_nd":
                thrown = action[1] if action else policy_discard(nd, trump, 1, min(5, left))
                thrown = at_most(thrown & nd, left)
                n = thrown.bit_count()
                nd = (nd & ~thrown) | _draw(stock, pos, n)
                pos += n
                if pos >= len(stock):
                    break
                stage = "discard_d"
            else:  # discard_d
                thrown = action[1] if action else policy_discard(d, trump, 0, min(5, left))
                thrown = at_most(thrown & d, left)
                n = thrown.bit_count()
                d = (d & ~thrown) | _draw(stock, pos, n)
                pos += n
                if pos >= len(stock):
                    break
                stage = "propose"
        king_bit = 1 << (8 * trump + 7)
        king = 0 if nd & king_bit else 1 if d & king_bit else None
        return king, self.solver.lead_tricks(nd, d, trump), penalty


def exchange_steps(stock: int) -> int:
    """Steps of the exchange loop that any stock of ``stock`` cards can take: four
    a round (propose, accept, two discards), one round a card, and one more."""
    return 4 * (stock + 1)


def at_most(thrown: int, n: int) -> int:
    """``thrown`` cut to ``n`` of its cards (its highest): no one discards more
    than the stock can replace (club-laws/38)."""
    while thrown.bit_count() > n:
        thrown &= thrown - 1
    return thrown


def _draw(stock: list[int], pos: int, n: int) -> int:
    drawn = 0
    for c in stock[pos : pos + n]:
        drawn |= 1 << c
    return drawn
