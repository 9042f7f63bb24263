"""The order a law question's choices are shown in: shuffled, and stable for one attempt.

Seeded by the step and the attempt's number, so the same attempt always shows
the same order (a redraw, a resize, a test) while the next attempt at the same
step shows another: a retry is not elimination by position. The file's order
stays the reference (``expected`` and ``ecarte lessons try`` number the
choices as written).
"""

from __future__ import annotations

import random
import zlib

from tutor.lessons.model import Step


def choice_order(step: Step, attempt: int = 0) -> list[int]:
    """Indexes into ``step.choices`` in the order to show them."""
    order = list(range(len(step.choices)))
    seed = zlib.crc32(f"{step.lesson}/{step.id}/{attempt}".encode())
    random.Random(seed).shuffle(order)
    return order
