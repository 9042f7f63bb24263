"""A real test of "holding cards which make the point certain".

The Hint (britannica-9/hints/point-certain) says to propose when the point is
certain. The project's test of certainty: leading first, there is a way of
playing that wins three tricks **whatever five cards the adversary holds
among the cards you have not seen, and however he plays them** within the
laws, with each of your choices depending only on what you have seen.

That is an and-or search. The adversary is modelled as choosing his cards as
he plays them, constrained only by what his plays have shown: failing to
follow a suit shows he has none of it, following low shows he has nothing
higher, not trumping shows he has no trump. His cards that no card of yours
separates in rank are interchangeable, so only one of each such run is tried.
A search that runs past its budget answers "not proven", never "certain": the
test may miss a certain hand, but never calls an uncertain one certain.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from tutor.rules.cards import PACK, Card, Suit
from tutor.rules.laws import beats, legal_follows

NODE_BUDGET = 60_000


class _OutOfBudget(Exception):
    pass


def _runs(avail: frozenset[Card], mine: frozenset[Card]) -> list[Card]:
    """One representative of each run of the adversary's possible cards that no
    card of mine splits, highest runs first (they are the likeliest to win)."""
    reps = []
    for suit in {c.suit for c in avail}:
        column = sorted(
            [(int(c.rank), c in mine, c) for c in (*avail, *mine) if c.suit == suit],
            reverse=True,
        )
        in_run = False
        for _, is_mine, c in column:
            if is_mine:
                in_run = False
            elif not in_run:
                reps.append(c)
                in_run = True
    reps.sort(key=lambda c: -int(c.rank))
    return reps


class _Search:
    def __init__(self, trump: Suit, need: int) -> None:
        self.trump = trump
        self.need = need
        self.nodes = 0
        self.memo: dict[tuple[frozenset[Card], frozenset[Card], int, int, bool], bool] = {}

    def tick(self) -> None:
        self.nodes += 1
        if self.nodes > NODE_BUDGET:
            raise _OutOfBudget

    def win(
        self, mine: frozenset[Card], avail: frozenset[Card], won: int, lost: int, i_lead: bool
    ) -> bool:
        """Can I force ``need`` tricks from here against every consistent adversary?"""
        if won >= self.need:
            return True
        if lost > 5 - self.need:
            return False
        left = len(mine)
        if len(avail) < left:
            return True  # no holding is consistent with what he has shown
        key = (mine, avail, won, lost, i_lead)
        if key in self.memo:
            return self.memo[key]
        self.tick()
        if i_lead:
            order = sorted(mine, key=lambda c: (c.suit != self.trump, -int(c.rank)))
            result = any(self.answers(mine - {c}, avail, c, won, lost) for c in order)
        else:
            result = all(self.respond(mine, avail - {c}, c, won, lost) for c in _runs(avail, mine))
        self.memo[key] = result
        return result

    def answers(
        self, mine: frozenset[Card], avail: frozenset[Card], led: Card, won: int, lost: int
    ) -> bool:
        """I have led ``led``: every legal answer of his must leave me winning."""
        trump = self.trump
        for c in _runs(avail, mine | {led}):
            rest = avail - {c}
            if c.suit == led.suit:
                if not beats(c, led, trump):  # following low: he had nothing higher
                    rest = frozenset(
                        o for o in rest if not (o.suit == led.suit and o.rank > led.rank)
                    )
            else:  # void in the suit led
                rest = frozenset(o for o in rest if o.suit != led.suit)
                if c.suit != trump:  # and, not trumping, void in trumps
                    rest = frozenset(o for o in rest if o.suit != trump)
            if len(rest) < len(mine):
                continue  # no holding plays this way
            if beats(c, led, trump):
                ok = self.win(mine, rest, won, lost + 1, i_lead=False)
            else:
                ok = self.win(mine, rest, won + 1, lost, i_lead=True)
            if not ok:
                return False
        return True

    def respond(
        self, mine: frozenset[Card], avail: frozenset[Card], led: Card, won: int, lost: int
    ) -> bool:
        """He has led ``led``: some legal answer of mine must keep me winning."""
        for c in legal_follows(tuple(mine), led, self.trump):
            if beats(c, led, self.trump):
                ok = self.win(mine - {c}, avail, won + 1, lost, i_lead=True)
            else:
                ok = self.win(mine - {c}, avail, won, lost + 1, i_lead=False)
            if ok:
                return True
        return False


def strong_holdings(
    hand: frozenset[Card], unseen: frozenset[Card], trump: Suit
) -> list[frozenset[Card]]:
    """A few of the adversary's most dangerous holdings: his top t trumps (t = 5..0)
    with the highest unseen cards of the suits I hold, then any others.

    Most hands that are not certain fail against one of these, and a holding of
    five known cards is searched in a few hundred nodes: a cheap refutation
    before the full search over every holding.
    """
    trumps = sorted((c for c in unseen if c.suit == trump), key=lambda c: -int(c.rank))
    mine = {c.suit for c in hand}
    plain = sorted(
        (c for c in unseen if c.suit != trump),
        key=lambda c: (c.suit not in mine, -int(c.rank)),
    )
    size = min(5, len(unseen))
    holdings = []
    for t in range(min(5, len(trumps)), -1, -1):
        chosen = trumps[:t] + plain[: size - t]
        if len(chosen) == size:
            holdings.append(frozenset(chosen))
    return holdings


@lru_cache(maxsize=4096)
def _certain(
    hand: frozenset[Card], unseen: frozenset[Card], trump: Suit, i_lead: bool, need: int
) -> bool:
    # A holding I cannot beat even knowing it refutes certainty at once (sound:
    # a strategy that wins against every holding wins against this one).
    for holding in strong_holdings(hand, unseen, trump):
        try:
            if not _Search(trump, need).win(hand, holding, 0, 0, i_lead):
                return False
        except _OutOfBudget:
            break
    search = _Search(trump, need)
    try:
        return search.win(hand, unseen, 0, 0, i_lead)
    except _OutOfBudget:
        return False


def point_certain(
    hand: Iterable[Card], trump: Suit, seen: Iterable[Card], *, i_lead: bool = True, need: int = 3
) -> bool:
    """True if ``hand`` (five cards) wins ``need`` tricks whatever the adversary
    holds among the cards not in ``seen`` and however he plays.

    ``seen`` is every card out of the adversary's reach: the hand, the turn-up,
    one's own discards.
    """
    hand = frozenset(hand)
    unseen = frozenset(c for c in PACK if c not in set(seen) and c not in hand)
    return _certain(hand, unseen, trump, i_lead, need)
