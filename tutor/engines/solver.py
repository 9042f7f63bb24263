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

Canonical positions: who wins a trick depends only on the order of the cards
still held within each suit, and the three plain suits play alike. So every
question is first asked of its canonical position (``canonical``): in each suit
the cards still held are moved up to the top ranks in order, the trump suit
becomes the first suit and the plain suits are sorted by what they hold. Deals
that differ only in cards already gone, or in which plain suit is which, then
share one memo entry: at the end of an exchange play-out a few tens of
thousands of canonical deals stand for billions of deals of the pack.
"""

from __future__ import annotations

from collections.abc import Iterable

from tutor.rules.cards import SUITS as _SUITS
from tutor.rules.cards import Card, Suit

SUIT_MASKS = tuple(0xFF << (8 * s) for s in range(4))
"""Bits of each suit, in the order of ``Card.index``."""

MEMO_LIMIT = 500_000
"""Entries kept before the memo is cleared (bounded memory)."""


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


def _squeezed(a: int, b: int) -> tuple[int, int, tuple[int, ...]]:
    """One suit's cards of two hands (8-bit masks) moved up to the top ranks in
    order; and the new rank of each old one (-1 for a card neither holds)."""
    out_a = out_b = 0
    ranks = [-1] * 8
    top = 7
    for rank in range(7, -1, -1):
        if (a | b) >> rank & 1:
            if a >> rank & 1:
                out_a |= 1 << top
            else:
                out_b |= 1 << top
            ranks[rank] = top
            top -= 1
    return out_a, out_b, tuple(ranks)


class _SqueezeTable(dict[int, tuple[int, int, tuple[int, ...]]]):
    """``_squeezed`` of pairs of disjoint suit masks, keyed ``a << 8 | b``, each
    computed the first time it is asked for (nothing to build at import)."""

    def __missing__(self, key: int) -> tuple[int, int, tuple[int, ...]]:
        value = self[key] = _squeezed(key >> 8, key & 0xFF)
        return value


_SQUEEZE = _SqueezeTable()


def squeezed_suit(a: int, b: int) -> int:
    """One suit's cards of two hands (8-bit masks, disjoint) as the order they stand in,
    what the solver sees of them: ``b``'s cards squeezed up beside ``a``'s, as one int."""
    pa, pb, _ = _SQUEEZE[(a << 8) | b]
    return (pa << 8) | pb


def canonical(a: int, b: int, trump: int) -> tuple[int, int, dict[int, int]]:
    """The canonical position of hands ``a`` and ``b`` (trump suit first, ranks
    squeezed, plain suits sorted: see the module), trump being suit 0 there; and
    where each card of ``a`` and ``b`` goes in it."""
    parts = []
    for suit in range(4):
        shift = 8 * suit
        part = _SQUEEZE[(((a >> shift) & 0xFF) << 8) | ((b >> shift) & 0xFF)]
        parts.append((suit != trump, part[0], part[1], suit, part[2]))
    parts.sort()
    out_a = out_b = 0
    where: dict[int, int] = {}
    for new, (_, pa, pb, suit, ranks) in enumerate(parts):
        out_a |= pa << (8 * new)
        out_b |= pb << (8 * new)
        for rank in range(8):
            if ranks[rank] >= 0:
                where[8 * suit + rank] = 8 * new + ranks[rank]
    return out_a, out_b, where


def canonical_pair(a: int, b: int, trump: int) -> tuple[int, int]:
    """``canonical`` without the card map: the fast path of ``Solver.lead_tricks``."""
    parts = []
    for suit in range(4):
        shift = 8 * suit
        pa, pb, _ = _SQUEEZE[(((a >> shift) & 0xFF) << 8) | ((b >> shift) & 0xFF)]
        parts.append((suit != trump, pa, pb))
    parts.sort()
    (_, a0, b0), (_, a1, b1), (_, a2, b2), (_, a3, b3) = parts
    return a0 | a1 << 8 | a2 << 16 | a3 << 24, b0 | b1 << 8 | b2 << 16 | b3 << 24


class Solver:
    """Double-dummy trick counts with a memo of canonical positions (kept across calls)."""

    def __init__(self) -> None:
        self._memo: dict[int, int] = {}
        self.nodes = 0

    def clear(self) -> None:
        self._memo.clear()

    def _bounded_memo(self) -> dict[int, int]:
        """The memo, emptied first once it holds more than ``MEMO_LIMIT`` entries."""
        if len(self._memo) > MEMO_LIMIT:
            self._memo.clear()
        return self._memo

    def lead_tricks(self, leader: int, other: int, trump: int) -> int:
        """Tricks the player on lead makes of those left, both playing their best."""
        memo = self._bounded_memo()
        a, b = canonical_pair(leader, other, trump)
        return self._lead(a, b, memo)

    def lead_values(self, leader: int, other: int, trump: int) -> dict[int, int]:
        """For each card the leader may lead: the tricks he makes of those left."""
        memo = self._bounded_memo()
        a, b, where = canonical(leader, other, trump)
        return {c: self._reply(a ^ (1 << where[c]), b, where[c], memo, -1) for c in bits(leader)}

    def follow_values(
        self, follower: int, leader_rest: int, led: int, trump: int
    ) -> dict[int, int]:
        """For each legal reply to ``led``: the tricks the follower makes of those
        left, this one included. ``leader_rest`` is the leader's hand without ``led``."""
        memo = self._bounded_memo()
        # The card led still ranks among the cards held: it decides who may win.
        mine, theirs, where = canonical(follower, leader_rest | 1 << led, trump)
        new_led = where[led]
        theirs ^= 1 << new_led
        n = follower.bit_count()
        out = {}
        for f in bits(follows_mask(follower, led, trump)):
            g = where[f]
            rest = mine ^ (1 << g)
            if second_wins(new_led, g, 0):
                out[f] = 1 + (self._lead(rest, theirs, memo) if n > 1 else 0)
            else:
                out[f] = n - 1 - (self._lead(theirs, rest, memo) if n > 1 else 0)
        return out

    # The search proper works on canonical positions only: trumps are suit 0.

    def _lead(self, a: int, b: int, memo: dict[int, int]) -> int:
        key = (a << 32) | b
        value = memo.get(key)
        if value is not None:
            return value
        self.nodes += 1
        n = a.bit_count()
        if n == 1:
            c = a.bit_length() - 1
            f = b.bit_length() - 1
            value = 0 if second_wins(c, f, 0) else 1
            memo[key] = value
            return value
        best = -1
        for c in _distinct(a, b):
            worst = self._reply(a ^ (1 << c), b, c, memo, best)
            if worst > best:
                best = worst
                if best == n:
                    break
        memo[key] = best
        return best

    def _reply(self, a: int, b: int, c: int, memo: dict[int, int], floor: int) -> int:
        """Tricks the leader makes of those left (his card ``c`` counted) after the
        best reply of ``b``; stops early once the reply holds him to ``floor``."""
        n = a.bit_count() + 1
        worst = n
        allowed = follows_mask(b, c, 0)
        for f in _distinct(allowed, a):
            rest_b = b ^ (1 << f)
            if second_wins(c, f, 0):
                value = n - 1 - self._lead(rest_b, a, memo) if n > 1 else 0
            else:
                value = 1 + (self._lead(a, rest_b, memo) if n > 1 else 0)
            if value < worst:
                worst = value
                if worst <= floor or worst == 0:
                    break
        return worst
