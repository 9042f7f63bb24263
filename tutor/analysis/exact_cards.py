"""Every legal card of a position valued by exact play over every holding the adversary may have.

A lesson's card step is proved, and a wrong card is judged, by one computation: each
holding the adversary may have, given what the learner has seen (``sampling.view_of``:
every set of his cards drawn from the candidates, the cards he must hold among them),
counts once; in each, the rest of the deal is solved with both hands known
(``solver.Solver``); and each legal card is valued by what the tricks it leads to are
worth in points. The checker (``ecarte lessons check``), the judge's diagnosis and
``ecarte lessons balance`` all read the same figures, so a figure shown to the learner
is the one that proved the step.

The points are the deal's plain points (the point, the vole, a penalty, the king's
point already marked, the adversary's against), unless the game score weighs them
otherwise (``values.position_weighing_note``): then the engine's points weighed at
this score, and the figures say so.

Each position is computed once per process (``exact_cards`` keeps them). Holdings that
play alike are solved once and counted as many times as they stand for
(``holding_classes``): a first lead of five cards has 65,780 holdings but a few hundred
classes, so the figures are exactly those of every holding solved one by one.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from tutor.engines.best import deal_results, trick_worth
from tutor.engines.sampling import view_of
from tutor.engines.solver import (
    SUIT_MASKS,
    Solver,
    bits,
    mask_of,
    mask_of_indices,
    squeezed_suit,
    suit_number,
)
from tutor.engines.values import position_weighing_note
from tutor.rules.cards import PACK, Card
from tutor.rules.infoset import InfoSet

VALUE_MARGIN = 0.05
"""A card 'costs' when the deal is worth more than this less after it than after the
best card, in points on average (smaller differences are told as equal)."""

_BY_INDEX = {c.index: c for c in PACK}
_SOLVER = Solver()
"""One memo for every position: the canonical positions of one deal's holdings
overlap, and so do those of one lesson's steps."""


@dataclass(frozen=True, slots=True)
class CardFigures:
    """What one card leads to, both sides then playing their best with every card known,
    each holding of the adversary's counting once."""

    card: Card
    point: float
    """The chance of winning the point (three tricks or more in the deal)."""
    vole: float
    """The chance of the vole (all five tricks)."""
    value: float
    """The points the deal is worth on average after this card (``ExactCards.worth``)."""
    tricks: float
    """The tricks of the deal made on average."""


@dataclass(frozen=True, slots=True)
class ExactCards:
    """The legal cards of one position, each valued over every holding."""

    info: InfoSet
    figures: tuple[CardFigures, ...]
    """One per legal card, the best first (then the most tricks, then the lowest card)."""
    holdings: int
    worth: tuple[float, ...]
    """The value of finishing the deal with t tricks, t = 0..5."""
    note: str
    """How the score weighs the figures, or "" where they are the deal's plain points."""

    def of(self, card: Card) -> CardFigures:
        for f in self.figures:
            if f.card == card:
                return f
        raise KeyError(f"{card.label} is not a legal card here")

    @property
    def best(self) -> CardFigures:
        return self.figures[0]

    def cost(self, card: Card) -> float:
        """How much less the deal is worth after ``card`` than after the best card."""
        return self.best.value - self.of(card).value

    def costs(self, card: Card) -> bool:
        """``card`` is worth less than the best card by more than the margin."""
        return self.cost(card) > VALUE_MARGIN

    @property
    def decides(self) -> bool:
        """Two legal cards at least whose values differ by more than the margin: a
        choice where a wrong card really costs."""
        return any(self.costs(f.card) for f in self.figures)

    @property
    def spread(self) -> float:
        """The best card's value less the worst's."""
        return self.best.value - self.figures[-1].value


def plain_worth(info: InfoSet) -> list[float]:
    """The points of this deal to me, less the adversary's, for t = 0..5 tricks."""
    return [float(mine - theirs) for mine, theirs in deal_results(info)]


def score_note(info: InfoSet) -> str:
    """How this score weighs the figures, or "" where they are the deal's plain points."""
    return position_weighing_note(info)


def worth_of(info: InfoSet) -> list[float]:
    """What finishing with t tricks is worth here: plain points, unless the score weighs
    them otherwise: at 0-0 the engine's game-weighted value of a certain vole, +2.06,
    is not the two points the deal scores."""
    return trick_worth(info, 0) if score_note(info) else plain_worth(info)


def adversary_holdings(info: InfoSet) -> list[int]:
    """Every holding the adversary may have now, as bitmasks: each set of his cards
    drawn from the candidates that includes the cards he must hold."""
    view = view_of(info)
    free = bits(view.candidates & ~view.must)
    need = view.size - view.must.bit_count()
    return [view.must | mask_of_indices(combo) for combo in combinations(free, need)]


def holding_classes(info: InfoSet) -> list[tuple[int, int]]:
    """``adversary_holdings`` grouped by how they play against my hand: one holding of each
    class, and how many holdings the class stands for.

    Who wins a trick depends only on the order, within each suit, of the cards still held
    (the card led counting as his); so two holdings whose cards stand in the same order
    among mine in every suit give every card of mine the same trick count (the solver's
    own ``canonical`` positions rest on this). The classes are built suit by suit, so the
    holdings themselves are never listed: the counts add up to exactly their number."""
    view = view_of(info)
    free = view.candidates & ~view.must
    need = view.size - view.must.bit_count()
    mine = view.mine
    led = 0 if info.led is None else 1 << info.led.index
    # For each suit: {number of free cards taken: {order pattern: [a holding, count]}}.
    per_suit: list[dict[int, dict[int, list[int]]]] = []
    for suit_mask in SUIT_MASKS:
        shift = 8 * ((suit_mask.bit_length() - 1) // 8)
        options: dict[int, dict[int, list[int]]] = {}
        suit_free = bits(free & suit_mask)
        for k in range(min(len(suit_free), need) + 1):
            by_pattern = options.setdefault(k, {})
            for combo in combinations(suit_free, k):
                theirs = (view.must & suit_mask) | mask_of_indices(combo)
                pattern = squeezed_suit(
                    (mine & suit_mask) >> shift, ((theirs | led) & suit_mask) >> shift
                )
                entry = by_pattern.get(pattern)
                if entry is None:
                    by_pattern[pattern] = [theirs, 1]
                else:
                    entry[1] += 1
        per_suit.append(options)
    out: list[tuple[int, int]] = []

    def extend(suit: int, left: int, holding: int, count: int) -> None:
        if suit == len(per_suit):
            if left == 0:
                out.append((view.must | holding, count))
            return
        for k, by_pattern in per_suit[suit].items():
            if k <= left:
                for theirs, n in by_pattern.values():
                    extend(suit + 1, left - k, holding | theirs, count * n)

    extend(0, need, 0, 1)
    return out


@lru_cache(maxsize=1024)
def exact_cards(info: InfoSet) -> ExactCards:
    """Every legal card of a ``lead`` or ``follow`` position, valued over every holding."""
    if info.decision not in ("lead", "follow"):
        raise ValueError(f"a {info.decision} decision plays no card")
    trump = suit_number(info.trump)
    mine = mask_of(info.hand)
    won, _ = info.tricks_won()
    led = info.led.index if info.led is not None else None
    counts: dict[int, list[int]] = {}
    total = 0
    for holding, weight in holding_classes(info):
        total += weight
        if led is None:
            made = _SOLVER.lead_values(mine, holding, trump)
        else:
            made = _SOLVER.follow_values(mine, holding, led, trump)
        for c, t in made.items():
            row = counts.get(c)
            if row is None:
                row = counts[c] = [0] * 6
            row[won + t] += weight
    worth = worth_of(info)
    holdings = total
    total = total or 1
    figures = [
        CardFigures(
            _BY_INDEX[c],
            sum(row[3:]) / total,
            row[5] / total,
            sum(n * w for n, w in zip(row, worth, strict=True)) / total,
            sum(n * t for t, n in enumerate(row)) / total,
        )
        for c, row in counts.items()
    ]
    figures.sort(
        key=lambda f: (-round(f.value, 9), -round(f.tricks, 9), int(f.card.rank), f.card.index)
    )
    return ExactCards(info, tuple(figures), holdings, tuple(worth), score_note(info))
