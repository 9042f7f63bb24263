"""Practice results in the learner's progress: marks, the review schedule, what is due."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from tutor.practice.loader import load_positions
from tutor.practice.record import LESSON, due, marks, record_failure, record_success
from tutor.store.progress import SCHEDULE, Progress

POSITIONS = load_positions().positions


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 1, 1, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


def test_first_try_failure_and_later_success_and_the_review(tmp_path) -> None:
    clock = Clock()
    store = Progress(tmp_path / "p.sqlite3", clock=clock)
    first, second, third = POSITIONS[:3]
    record_success(store, first, attempts=1)
    record_failure(store, second)
    record_failure(store, third)
    record_success(store, third, attempts=2)
    assert marks(store) == {first.id: "✓", second.id: "✗", third.id: "◐"}
    assert due(store) == []
    clock.now += SCHEDULE[0] + timedelta(minutes=1)
    assert set(due(store)) == {second.id, third.id}
    record_success(store, second, attempts=1)  # solved at the first try of its review
    assert due(store) == [third.id]
    assert marks(store)[second.id] == "✓"
    assert all(r.lesson == LESSON for r in store.reviews())
    store.close()
