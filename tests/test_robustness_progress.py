"""A progress file that opens but cannot be read, and one that cannot be written:
the first is moved aside with a notice naming the table, row and column; the
second costs the write, with a notice, never the session."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from tutor.progress import FILENAME, Progress


def damaged(tmp_path: Path, *statements: str) -> Path:
    path = tmp_path / FILENAME
    with Progress(path) as store:
        store.complete_lesson("cards")
        for statement in statements:
            store.db.execute(statement)
    return path


@pytest.mark.parametrize(
    ("statement", "said"),
    [
        ("INSERT INTO lessons_done VALUES ('x', 'not a date')",
         "table lessons_done, row 2, column completed_at: not a moment: 'not a date'"),
        ("INSERT INTO answers (lesson, step, answer, correct, at) VALUES ('x', 'y', 'z', 0, 12345)",
         "table answers, row 1, column at: not a moment: '12345'"),
        ("INSERT INTO reviews VALUES ('x', 'y', 0, '2024-01-01T00:00:00', '2024-01-01T00:00:00+00:00')",
         "table reviews, row 1, column due: not a moment: '2024-01-01T00:00:00'"),
        ("INSERT INTO reviews VALUES ('x', 'y', 99, '2024-01-01T00:00:00+00:00',"
         " '2024-01-01T00:00:00+00:00')", "table reviews, row 1, column stage: 99"),
        ("DROP TABLE reviews", "table reviews is missing"),
        ("ALTER TABLE answers DROP COLUMN seconds", "table answers has no column seconds"),
    ],
    ids=["bad-date", "number-date", "naive-date", "bad-stage", "no-table", "no-column"],
)
def test_unreadable_contents_are_moved_aside_with_a_located_notice(tmp_path, statement, said):
    path = damaged(tmp_path, statement)
    with Progress(path) as store:
        assert len(store.notices) == 1 and said in store.notices[0]
        assert store.lessons_done() == {} and store.reviews() == []
        store.complete_lesson("tricks")
    kept = [p for p in tmp_path.iterdir() if ".unreadable-" in p.name]
    assert len(kept) == 1
    with sqlite3.connect(kept[0]) as old:
        assert old.execute("SELECT lesson FROM lessons_done WHERE lesson = 'cards'").fetchone()


def test_a_locked_file_costs_the_write_not_the_session(tmp_path):
    path = tmp_path / FILENAME
    store = Progress(path)
    store.db.execute("PRAGMA busy_timeout = 50")
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    attempt = store.attempt("cards", "1", lambda given: given == "KS")
    assert attempt.answer("QS") is False  # judged, though not saved
    store.complete_lesson("cards")
    assert len(store.notices) == 3 and all("database is locked" in n for n in store.notices)
    assert str(path) in store.notices[0] and "cards step 1" in store.notices[0]
    store.record_answer("cards", "1", "QS", False)
    assert len(store.notices) == 3  # the same failure is said once
    other.execute("ROLLBACK")
    other.close()
    store.record_answer("cards", "2", "KS", True)
    assert [a.step for a in store.answers()] == ["2"]
    assert not store.db.in_transaction
    store.close()
