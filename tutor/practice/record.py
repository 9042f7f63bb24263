"""Practice in the learner's progress, with the lessons' own machinery
(``tutor.store.progress``): each position is a step of the pseudo-lesson
``practice``, its attempts recorded and its review scheduled as a step's are.

Solved at the first try: an attempt solved unaided, and a review due moves on.
Failed: the position joins the review queue at the first interval (once per
session: trying again and again is one failure). Solved after a failure: an
attempt not unaided.
"""

from __future__ import annotations

from datetime import datetime

from tutor.practice.model import PracticePosition
from tutor.store.progress import Progress
from tutor.store.review_keys import PRACTICE, is_practice

LESSON = PRACTICE
"""The progress key's lesson for every practice position; the step is the position's id."""

SOLVED_FIRST = "✓"
SOLVED_LATER = "◐"
FAILED = "✗"


def record_failure(store: Progress, position: PracticePosition) -> None:
    store.settle(LESSON, position.id, unaided=False)


def record_success(store: Progress, position: PracticePosition, attempts: int) -> None:
    first = attempts == 1
    store.record_attempt(LESSON, position.id, unaided=first, tries=attempts)
    store.settle(LESSON, position.id, unaided=first)


def marks(store: Progress) -> dict[str, str]:
    """Each position tried: ✓ last solved at the first try, ◐ solved after a failure,
    ✗ failed and not solved since."""
    out = {
        step: SOLVED_FIRST if unaided else SOLVED_LATER
        for (_, step), unaided in store.latest_attempts(LESSON).items()
    }
    for review in store.reviews():
        if review.lesson == LESSON and review.step not in out:
            out[review.step] = FAILED
    return out


def due(store: Progress, now: datetime | None = None) -> list[str]:
    """The ids of the positions due for review now, the longest overdue first."""
    return [r.step for r in store.due_reviews(now) if r.lesson == LESSON]


def coming_back(store: Progress, now: datetime | None = None) -> list[datetime]:
    """When the positions failed and not yet due fall due, soonest first."""
    moment = now or store.clock()
    return sorted(r.due for r in store.reviews() if r.lesson == LESSON and r.due > moment)


__all__ = [
    "LESSON",
    "coming_back",
    "due",
    "is_practice",
    "marks",
    "record_failure",
    "record_success",
]
