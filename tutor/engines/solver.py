"""Exact double-dummy solving of the tricks left in a deal, on bitmasks.

A hand is an ``int`` whose bit ``Card.index`` is set for each card held
(suit-major, so within a suit a higher bit is a higher card). The solver
answers: with both hands known, how many of the remaining tricks can the
player to lead make against best defence?

Why tricks and not points: every scoring rule of the deal (the point, the
vole, law 49's penalty, the game-score weighting of ``values.py``) gives the
player a value that never decreases with his trick count. Max and min commute
with a non-decreasing function, so the minimax of the value equals the value of
the minimax trick count. One memo of trick counts therefore serves every score,
every penalty and every game position, and it is shared across decisions.

Search: plain minimax with two exact cut-offs (stop when the leader has found
all the remaining tricks, stop a reply when it holds him to the best he already
has) and card equivalence (two cards of one hand with no card of the other hand
between them in the same suit play alike, so only one is tried). Every stored
value is exact, so the memo never needs bounds.
"""

from __future__ import annotations

from collections.abc import Iterable

from tutor.rules.cards import SUITS as _SUITS
from tutor.rules.cards import Card, Suit

SUIT_MASKS = tuple(0xFF << (8 * s) for s in range(4))
"""Bits of each suit, in the order of ``Card.index``."""

MEMO_LIMIT = 250_000
"""Entries kept per trump suit before the memo is cleared (bounded memory)."""


def suit_number(suit: Suit) -> int:
    return _SUITS.index(suit)


def mask_of(cards: Iterable[Card]) -> int:
    mask = 0
    for c in cards:
        mask |= 1 << c.index
    return mask


def mask_of_indices(indices: Iterable[int]) -> int:
    """The bitmask of cards given by their indices (``Card.index``)."""
    out = 0
    for i in indices:
        out |= 1 << i
    return out


def bits(mask: int) -> list[int]:
    """Indices of the set bits, highest first (high cards are tried first)."""
    out = []
    while mask:
        top = mask.bit_length() - 1
        out.append(top)
        mask ^= 1 << top
    return out


def follows_mask(hand: int, led: int, trump: int) -> int:
    """Cards of ``hand`` that may be played to the card ``led`` (britannica-9/play):
    follow suit and win if able; holding none of the suit, trump if able."""
    same = hand & SUIT_MASKS[led >> 3]
    if same:
        higher = same & ~((2 << led) - 1)
        return higher or same
    trumps = hand & SUIT_MASKS[trump]
    return trumps or hand


def reply_excludes(led: int, reply: int, trump: int) -> int:
    """Cards a player who answered ``led`` with ``reply`` cannot hold since, by the
    rule of following (``follows_mask``): a lower card of the suit means no higher
    one; another suit means none of it, and no trump unless he trumped."""
    suit = SUIT_MASKS[led >> 3]
    if reply >> 3 == led >> 3:
        if reply < led:  # followed low: nothing higher in the suit
            return suit & ~((2 << led) - 1)
        return 0
    out = suit
    if reply >> 3 != trump:
        out |= SUIT_MASKS[trump]
    return out


def second_wins(led: int, second: int, trump: int) -> bool:
    """True if the card played second takes the trick."""
    if led >> 3 == second >> 3:
        return second > led
    return second >> 3 == trump


def _distinct(hand: int, other: int) -> list[int]:
    """One card of each run of equivalent cards in ``hand``, highest first.

    A card is redundant when the next higher card still out in its suit is also
    in ``hand``: nothing of ``other`` separates them, so they win and lose the
    same tricks.
    """
    out = []
    live = hand | other
    for c in bits(hand):
        above = live & SUIT_MASKS[c >> 3] & ~((2 << c) - 1)
        if above and (above & -above) & hand:
            continue
        out.append(c)
    return out


class Solver:
    """Double-dummy trick counts with a memo per trump suit (kept across calls)."""

    def __init__(self) -> None:
        self._memos: list[dict[int, int]] = [{} for _ in range(4)]
        self.nodes = 0

    def clear(self) -> None:
        for memo in self._memos:
            memo.clear()

    def lead_tricks(self, leader: int, other: int, trump: int) -> int:
        """Tricks the player on lead makes of those left, both playing their best."""
        memo = self._memos[trump]
        if len(memo) > MEMO_LIMIT:
            memo.clear()
        return self._lead(leader, other, trump, memo)

    def _lead(self, a: int, b: int, trump: int, memo: dict[int, int]) -> int:
        key = (a << 32) | b
        value = memo.get(key)
        if value is not None:
            return value
        self.nodes += 1
        n = a.bit_count()
        if n == 1:
            c = a.bit_length() - 1
            f = b.bit_length() - 1
            value = 0 if second_wins(c, f, trump) else 1
            memo[key] = value
            return value
        best = -1
        for c in _distinct(a, b):
            worst = self._reply(a ^ (1 << c), b, c, trump, memo, best)
            if worst > best:
                best = worst
                if best == n:
                    break
        memo[key] = best
        return best

    def _reply(self, a: int, b: int, c: int, trump: int, memo: dict[int, int], floor: int) -> int:
        """Tricks the leader makes of those left (his card ``c`` counted) after the
        best reply of ``b``; stops early once the reply holds him to ``floor``."""
        n = a.bit_count() + 1
        worst = n
        allowed = follows_mask(b, c, trump)
        for f in _distinct(allowed, a):
            rest_b = b ^ (1 << f)
            if second_wins(c, f, trump):
                value = n - 1 - self._lead(rest_b, a, trump, memo) if n > 1 else 0
            else:
                value = 1 + (self._lead(a, rest_b, trump, memo) if n > 1 else 0)
            if value < worst:
                worst = value
                if worst <= floor or worst == 0:
                    break
        return worst

    def lead_values(self, leader: int, other: int, trump: int) -> dict[int, int]:
        """For each card the leader may lead: the tricks he makes of those left."""
        memo = self._memos[trump]
        if len(memo) > MEMO_LIMIT:
            memo.clear()
        return {c: self._reply(leader ^ (1 << c), other, c, trump, memo, -1) for c in bits(leader)}

    def follow_values(
        self, follower: int, leader_rest: int, led: int, trump: int
    ) -> dict[int, int]:
        """For each legal reply to ``led``: the tricks the follower makes of those
        left, this one included. ``leader_rest`` is the leader's hand without ``led``."""
        memo = self._memos[trump]
        if len(memo) > MEMO_LIMIT:
            memo.clear()
        n = follower.bit_count()
        out = {}
        for f in bits(follows_mask(follower, led, trump)):
            rest = follower ^ (1 << f)
            if second_wins(led, f, trump):
                out[f] = 1 + (self._lead(rest, leader_rest, trump, memo) if n > 1 else 0)
            else:
                out[f] = n - 1 - (self._lead(leader_rest, rest, trump, memo) if n > 1 else 0)
        return out
