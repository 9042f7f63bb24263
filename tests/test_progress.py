"""The progress store: round trip, spaced review, retry before reveal, migration, damage."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime, timedelta

import pytest

from tutor.store.progress import FILENAME, MIGRATIONS, SCHEDULE, VERSION, AttemptOver, Progress


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = datetime(2024, 3, 1, 9, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, delta: timedelta) -> None:
        self.now += delta


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def store(tmp_path, clock):
    with Progress(tmp_path / FILENAME, clock=clock) as progress:
        yield progress


def test_default_location_is_the_data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("ECARTE_DATA_DIR", str(tmp_path / "d"))
    with Progress() as progress:
        assert progress.path == tmp_path / "d" / FILENAME
    assert (tmp_path / "d" / FILENAME).exists()


def test_round_trip(tmp_path, clock):
    with Progress(tmp_path / FILENAME, clock=clock) as progress:
        progress.complete_lesson("cards")
        progress.record_answer("cards", "1", "lead KS", True, hinted=False, seconds=4.5)
        progress.record_answer("cards", "2", "play", False, hinted=True)
    with Progress(tmp_path / FILENAME, clock=clock) as again:
        assert again.version == VERSION
        assert again.lessons_done() == {"cards": clock.now}
        answers = again.answers("cards")
        assert [(a.step, a.answer, a.correct, a.hinted) for a in answers] == [
            ("1", "lead KS", True, False),
            ("2", "play", False, True),
        ]
        assert answers[0].seconds == 4.5 and answers[0].at == clock.now
        assert [m.step for m in again.mistakes()] == ["2"]
        assert again.notices == []


def test_first_answer_right_needs_no_review(store):
    attempt = store.attempt("l", "s")
    assert attempt.record("play", True)
    assert attempt.unaided and attempt.finished
    assert store.reviews() == []


def test_retry_before_reveal(store):
    attempt = store.attempt("l", "s", max_tries=3)
    assert not attempt.record("propose", False)
    assert attempt.can_retry and not attempt.finished
    assert attempt.record("play", True)
    assert attempt.solved and not attempt.unaided
    assert [a.correct for a in store.answers()] == [False, True]
    assert [r.step for r in store.reviews()] == ["s"]  # solved, but not unaided


def test_answer_revealed_after_max_tries(store):
    attempt = store.attempt("l", "s", max_tries=2)
    attempt.record("propose", False)
    attempt.record("refuse", False)
    assert attempt.revealed and attempt.finished and not attempt.solved
    with pytest.raises(AttemptOver):
        attempt.record("play", True)
    assert len(store.reviews()) == 1


def test_hint_marks_not_unaided(store):
    attempt = store.attempt("l", "s")
    attempt.ask_hint()
    assert attempt.record("play", True)
    assert attempt.solved and not attempt.unaided
    assert store.answers()[0].hinted
    assert len(store.reviews()) == 1


def test_review_schedule(store, clock):
    store.attempt("l", "s").record("propose", False)
    start = clock.now
    (review,) = store.reviews()
    assert review.stage == 0 and review.due == start + SCHEDULE[0]
    assert store.due_reviews() == []
    # answering right before it is due changes nothing
    store.attempt("l", "s").record("play", True)
    assert store.reviews()[0].stage == 0
    for stage in range(1, len(SCHEDULE)):
        clock.advance(SCHEDULE[stage - 1])
        assert [r.step for r in store.due_reviews()] == ["s"]
        store.attempt("l", "s").record("play", True)
        (review,) = store.reviews()
        assert review.stage == stage and review.due == clock.now + SCHEDULE[stage]
    # a wrong review goes back to the first interval
    clock.advance(SCHEDULE[-1])
    store.attempt("l", "s").record("hold", False)
    (review,) = store.reviews()
    assert review.stage == 0 and review.due == clock.now + SCHEDULE[0]


def test_last_interval_retires_the_step(store, clock):
    store.attempt("l", "s").reveal()
    for stage in range(len(SCHEDULE)):
        clock.advance(SCHEDULE[stage])
        store.attempt("l", "s").record("play", True)
    assert store.reviews() == []


def test_schedule_intervals():
    assert (
        timedelta(hours=4),
        timedelta(days=1),
        timedelta(days=3),
        timedelta(weeks=1),
        timedelta(weeks=2),
        timedelta(days=30),
    ) == SCHEDULE


def test_migration_from_version_one(tmp_path, clock):
    path = tmp_path / FILENAME
    db = sqlite3.connect(path)
    MIGRATIONS[0](db)
    db.execute("PRAGMA user_version = 1")
    at = datetime(2024, 2, 1, 12, 0, tzinfo=UTC)
    db.execute("INSERT INTO lessons_done VALUES ('cards', ?)", (at.isoformat(),))
    db.execute(
        "INSERT INTO answers (lesson, step, answer, correct, at) VALUES ('cards', '3', 'play', 0, ?)",
        (at.isoformat(),),
    )
    db.commit()
    db.close()
    with Progress(path, clock=clock) as progress:
        assert progress.version == VERSION
        assert progress.notices == []
        assert progress.lessons_done() == {"cards": at}
        (answer,) = progress.answers()
        assert answer.answer == "play" and not answer.hinted and answer.seconds is None
        (review,) = progress.reviews()
        assert (review.lesson, review.step, review.due) == ("cards", "3", at + SCHEDULE[0])


def test_corrupt_file_is_moved_aside(tmp_path, clock):
    path = tmp_path / FILENAME
    path.write_bytes(b"this is not a database, just some bytes" * 100)
    with Progress(path, clock=clock) as progress:
        assert len(progress.notices) == 1
        assert "could not be read" in progress.notices[0]
        progress.record_answer("l", "s", "play", True)
        assert len(progress.answers()) == 1
    kept = list(tmp_path.glob(f"{FILENAME}.unreadable-*"))
    assert len(kept) == 1
    assert kept[0].read_bytes().startswith(b"this is not a database")
    assert "20240301T090000" in kept[0].name


def test_newer_schema_is_kept_not_dropped(tmp_path, clock):
    path = tmp_path / FILENAME
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {VERSION + 5}")
    db.close()
    with Progress(path, clock=clock) as progress:
        assert "newer tutor" in progress.notices[0]
        assert progress.version == VERSION
    assert list(tmp_path.glob(f"{FILENAME}.unreadable-*"))


def test_unwritable_place_still_starts(tmp_path, clock):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with Progress(blocker / "sub" / FILENAME, clock=clock) as progress:
        assert "will not be saved" in progress.notices[0]
        progress.complete_lesson("cards")
        assert "cards" in progress.lessons_done()


def test_failed_write_rolls_back(store):
    store.record_answer("l", "s", "play", True)
    with pytest.raises(sqlite3.IntegrityError), store._transaction() as db:
        db.execute(
            "INSERT INTO answers (lesson, step, answer, correct, at) VALUES ('l', 't', 'x', 1, 'now')"
        )
        db.execute("INSERT INTO answers (lesson) VALUES (NULL)")
    assert len(store.answers()) == 1


def test_a_read_that_fails_raises_the_stores_own_error(tmp_path):
    from tutor.store.progress import ProgressError

    store = Progress(tmp_path / FILENAME)
    store.db.close()
    with pytest.raises(ProgressError, match="closed database"):
        store.answers()
