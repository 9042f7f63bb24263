"""What hidden cards change at the end of a play-out, by the classes of the two hands.

The best engine values an exchange by playing the deal out many times with the
tricks solved double dummy (``policy.Rollout``), which flatters whoever knows
what to do with every card seen. By how much depends on the hands: measured on
the deals of the exchange strategy's build (``exchange_cfr``), a non-dealer
with one trump makes more with hidden cards than double dummy gives him, one
with two trumps and plain kings fewer, and a dealer with one trump loses most.

This module fits that departure, the **gap** (the non-dealer's net points with
hidden cards, ``hidden.HiddenPlay``, less double dummy, on the same hands at
the start of play), as a sum of one term per hand class (``hand_classes``)::

    gap = base[penalty] + non_dealer[class of his hand, penalty]
                        + dealer[class of the dealer's hand, penalty]

where ``penalty`` says who plays under law 49's penalty (club-laws/49), since
that changes what a trick is worth. The terms are fitted by least squares,
each side's in turn with the other's held (back-fitting), and each class's
term is shrunk towards zero as if it had ``SHRINK`` more deals with no gap: a
rare class's mean is mostly noise.

The best engine adds the fitted gap to the value of every play-out of an
exchange decision, so that options leading to hands that play worse with
hidden cards than double dummy says are valued the less (``best._exchange``).
The gap is in points as scored at love-all; at other scores it is an
approximation, as a point there is worth a little more or less.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from tutor.engines.hand_classes import hand_class

PENALTIES: dict[int | None, str] = {None: "none", 0: "non-dealer", 1: "dealer"}
"""Who plays under law 49's penalty (seat 0 the non-dealer), as the table names it."""

SHRINK = 20.0
"""Pseudo-deals with no gap each class's term is fitted with (see the module)."""

ROUNDS = 8
"""Back-fitting rounds: the terms stop moving well before."""


@lru_cache(maxsize=1 << 16)
def _class(hand: int, trump: int) -> str:
    """``hand_class``, remembered: a play-out asks it of the same hands again and again."""
    return hand_class(hand, trump)


@dataclass(frozen=True)
class LeafCorrection:
    base: dict[str, float]
    """Per penalty (``PENALTIES``' names), the mean gap."""
    non_dealer: dict[str, dict[str, float]]
    """Per class of the non-dealer's hand, per penalty, his term."""
    dealer: dict[str, dict[str, float]]
    """Per class of the dealer's hand, per penalty, his term."""

    def __call__(self, nd: int, dealer: int, trump: int, penalty: int | None) -> float:
        """The gap expected for these hands at the start of play: the non-dealer's net
        points with hidden cards less double dummy (0 for what the fit never met)."""
        name = PENALTIES[penalty]
        return (
            self.base.get(name, 0.0)
            + self.non_dealer.get(_class(nd, trump), {}).get(name, 0.0)
            + self.dealer.get(_class(dealer, trump), {}).get(name, 0.0)
        )

    def to_json(self) -> dict[str, Any]:
        def rounded(table: dict[str, dict[str, float]]) -> dict[str, dict[str, float]]:
            return {
                c: {p: round(v, 3) for p, v in sorted(row.items())}
                for c, row in sorted(table.items())
            }

        return {
            "base": {p: round(v, 4) for p, v in self.base.items()},
            "non_dealer": rounded(self.non_dealer),
            "dealer": rounded(self.dealer),
        }


def from_json(data: dict[str, Any]) -> LeafCorrection:
    def table(rows: dict[str, Any]) -> dict[str, dict[str, float]]:
        return {str(c): {str(p): float(v) for p, v in row.items()} for c, row in rows.items()}

    return LeafCorrection(
        base={str(p): float(v) for p, v in data["base"].items()},
        non_dealer=table(data["non_dealer"]),
        dealer=table(data["dealer"]),
    )


def fit(
    nd_classes: Sequence[str],
    dl_classes: Sequence[str],
    penalties: Sequence[int | None],
    gaps: Sequence[float],
) -> LeafCorrection:
    """The additive fit of the module's docstring to the endings given: per ending,
    the class of each hand at the start of play, the penalty and the gap."""
    rows = [
        (nd, dl, PENALTIES[pen], gap)
        for nd, dl, pen, gap in zip(nd_classes, dl_classes, penalties, gaps, strict=True)
    ]
    total: dict[str, float] = defaultdict(float)
    count: dict[str, int] = defaultdict(int)
    for _, _, pen, gap in rows:
        total[pen] += gap
        count[pen] += 1
    base = {pen: total[pen] / count[pen] for pen in count}
    nd_term: dict[tuple[str, str], float] = {}
    dl_term: dict[tuple[str, str], float] = {}
    for _ in range(ROUNDS):
        nd_term = _shrunk_means(
            ((nd, pen), gap - base[pen] - dl_term.get((dl, pen), 0.0)) for nd, dl, pen, gap in rows
        )
        dl_term = _shrunk_means(
            ((dl, pen), gap - base[pen] - nd_term.get((nd, pen), 0.0)) for nd, dl, pen, gap in rows
        )
    return LeafCorrection(base, _nested(nd_term), _nested(dl_term))


def _shrunk_means(pairs: Iterable[tuple[tuple[str, str], float]]) -> dict[tuple[str, str], float]:
    """Per key, the sum of its residuals over (its count + ``SHRINK``)."""
    total: dict[tuple[str, str], float] = defaultdict(float)
    count: dict[tuple[str, str], int] = defaultdict(int)
    for key, residual in pairs:
        total[key] += residual
        count[key] += 1
    return {key: total[key] / (count[key] + SHRINK) for key in total}


def _nested(terms: dict[tuple[str, str], float]) -> dict[str, dict[str, float]]:
    out: dict[str, dict[str, float]] = defaultdict(dict)
    for (cls, pen), value in terms.items():
        out[cls][pen] = value
    return dict(out)
