"""The tricks of a deal played with hidden cards: each side decides from what it has seen.

Played out double dummy, both players seeing every card, a deal flatters the
side that knows what to do with them; the study (``tutor.analysis.study``) and
the exchange strategy's build play with this player instead, which sees what a
player at the table sees: his own hand, his
own discards, the turn-up, the king marked, the cards played, and what the law of following
(``solver.follows_mask``) reveals: a player who did not follow holds none of
the suit, and no trump unless he trumped; one who followed low holds nothing
higher of the suit.

Each choice with more than one card to it is made by sampling: ``worlds``
holdings of the adversary consistent with all that (every one of them when
there are no more), each solved exactly with both hands known, and the card
with the best mean value taken, valued in points by the trick count it gives
(the point at three, the vole at five, law 49's penalty). It is fast and
imperfect-information: it never uses a card it has not seen. It is not
flawless: like every player that averages over solved deals, it may play as
if it could tell the deals apart later, which it cannot.
"""

from __future__ import annotations

import random
from itertools import combinations
from math import comb

from tutor.engines.solver import (
    Solver,
    bits,
    follows_mask,
    mask_of_indices,
    reply_excludes,
    second_wins,
)
from tutor.rules.laws import deal_points
from tutor.rules.rulesets import ENGLISH, RuleSet

WORLDS = 12
"""Holdings of the adversary weighed for each choice (all of them when fewer)."""

FULL = (1 << 32) - 1


def trick_values(seat: int, penalty: int | None, rules: RuleSet = ENGLISH) -> tuple[float, ...]:
    """``seat``'s net points by the tricks it ends with (0..5): the point or the
    vole to whoever makes them, the penalty of club-laws/49 included."""
    out = []
    for mine in range(6):
        won = (mine, 5 - mine) if seat == 0 else (5 - mine, mine)
        points = deal_points(won, penalty, rules, (0, 0))
        out.append(float(points[seat] - points[1 - seat]))
    return tuple(out)


class HiddenPlay:
    """Plays the five tricks from the start of play; see the module's docstring."""

    def __init__(self, solver: Solver, trump: int, rng: random.Random, worlds: int = WORLDS):
        self.solver = solver
        self.trump = trump
        self.rng = rng
        self.worlds = worlds
        self.known = [0, 0]

    def tricks(
        self,
        hands: tuple[int, int],
        seen: tuple[int, int],
        penalty: int | None,
        marked: int | None = None,
    ) -> int:
        """The tricks the non-dealer (seat 0) makes, both sides playing from their
        own information. ``hands``: (non-dealer's, dealer's) at the start of play;
        ``seen``: the cards each has seen other than his hand (his discards, the
        turn-up); ``marked``: the seat that marked the king of trumps from his
        hand (club-laws/23), which tells the other that he holds it."""
        trump = self.trump
        hand = list(hands)
        values = (trick_values(0, penalty), trick_values(1, penalty))
        # Per seat, the cards the adversary may still hold, as far as that seat knows,
        # and those he is known to hold (the king he marked, until it is played).
        maybe = [FULL & ~hands[0] & ~seen[0], FULL & ~hands[1] & ~seen[1]]
        self.known = [0, 0]
        king = 1 << (8 * trump + 7)
        if marked is not None and hands[marked] & king:
            self.known[1 - marked] = king
        won = [0, 0]
        leader = 0
        for _ in range(5):
            card = self._choose(leader, hand, maybe, won, values[leader], None)
            hand[leader] &= ~(1 << card)
            maybe[1 - leader] &= ~(1 << card)
            self.known[1 - leader] &= ~(1 << card)
            follower = 1 - leader
            reply = self._choose(follower, hand, maybe, won, values[follower], card)
            hand[follower] &= ~(1 << reply)
            maybe[leader] &= ~((1 << reply) | reply_excludes(card, reply, trump))
            self.known[leader] &= ~(1 << reply)
            winner = follower if second_wins(card, reply, trump) else leader
            won[winner] += 1
            leader = winner
        return won[0]

    def _choose(
        self,
        seat: int,
        hand: list[int],
        maybe: list[int],
        won: list[int],
        values: tuple[float, ...],
        led: int | None,
    ) -> int:
        mine = hand[seat]
        legal = mine if led is None else follows_mask(mine, led, self.trump)
        if legal & (legal - 1) == 0:
            return legal.bit_length() - 1  # one card: no choice
        must = self.known[seat]
        size = hand[1 - seat].bit_count() - must.bit_count()
        pool = bits(maybe[seat] & ~mine & ~must)
        if len(pool) < size:  # cannot happen in a lawful deal; play safe
            must, pool, size = 0, bits(hand[1 - seat]), hand[1 - seat].bit_count()
        if comb(len(pool), size) <= self.worlds:
            holdings = [must | mask_of_indices(c) for c in combinations(pool, size)]
        else:
            holdings = [
                must | mask_of_indices(self.rng.sample(pool, size)) for _ in range(self.worlds)
            ]
        total: dict[int, float] = {}
        base = won[seat]
        for theirs in holdings:
            if led is None:
                got = self.solver.lead_values(mine, theirs, self.trump)
            else:
                got = self.solver.follow_values(mine, theirs, led, self.trump)
            for c, t in got.items():
                total[c] = total.get(c, 0.0) + values[base + t]
        # The best mean; among equals, the lowest card (kept high cards serve later).
        return max(total, key=lambda c: (total[c], -(c & 7)))
