"""Grades and accuracy by cost, the same for the two-handed game and the tables.

In the spirit of chess analysis (lichess grades a move by the winning chances it
lost), a decision is graded by its **cost**: the points of expected score lost
against the strongest engine's choice, at that score, never below zero.

====================  ==========================================================
cost below 0.10       no grade: within the engine's sampling noise, a good choice
0.10 to 0.25          **inaccuracy**
0.25 to 0.50          **mistake**
0.50 or more          **blunder** (half a point or more: a deal is worth 1 or 2)
====================  ==========================================================

**Accuracy** of a player, 0 to 100: the mean over his decisions of
``100 * exp(-2 * cost)`` (a free choice 100, an inaccuracy of 0.10 about 82, a
mistake of 0.25 about 61, a blunder of 0.50 about 37, a whole point lost about 14).
"""

from __future__ import annotations

import math
from collections.abc import Iterable

INACCURACY = 0.10
MISTAKE = 0.25
BLUNDER = 0.50
"""Grade thresholds: the cost in points at which each grade begins."""

GRADES = ("inaccuracy", "mistake", "blunder")
GRADE_MARKS = {None: "✓", "inaccuracy": "?!", "mistake": "?", "blunder": "??"}

ACCURACY_RATE = 2.0
"""A decision's accuracy is ``100 * exp(-ACCURACY_RATE * cost)``."""

THRESHOLDS_TOLD = (
    f"an inaccuracy from {INACCURACY:.2f} points lost, a mistake from {MISTAKE:.2f},"
    f" a blunder from {BLUNDER:.2f}; less is no fault"
)
"""The thresholds in a sentence, for the screens that grade."""


def grade(cost: float | None) -> str | None:
    """The grade of a choice that cost ``cost`` points (None below ``INACCURACY``, or
    when the cost could not be weighed)."""
    if cost is None:
        return None
    # Graded as shown, to two places: 0.497 is shown "0.50", so it is a blunder.
    cost = round(cost, 2)
    if cost < INACCURACY:
        return None
    if cost >= BLUNDER:
        return "blunder"
    if cost >= MISTAKE:
        return "mistake"
    return "inaccuracy"


def decision_accuracy(cost: float) -> float:
    return 100.0 * math.exp(-ACCURACY_RATE * max(0.0, cost))


def accuracy(costs: Iterable[float | None]) -> float | None:
    """A player's accuracy, 0-100, from the costs of his decisions (those not weighed
    left out); None when no decision was weighed."""
    values = [decision_accuracy(c) for c in costs if c is not None]
    return sum(values) / len(values) if values else None
