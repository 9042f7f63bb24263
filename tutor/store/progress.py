"""The learner's progress: lessons done, every answer given, mistakes to review.

Stored in SQLite at ``tutor.io.paths.data_dir() / "progress.sqlite3"``. Three
promises shape this module:

- Nothing is lost silently. The schema carries its version (``PRAGMA
  user_version``) and older files are migrated in place, in a transaction. A
  file that cannot be read (corrupt, not a database, made by a newer tutor) is
  renamed aside with a timestamp and a fresh one started; the message saying so
  is kept in ``Progress.notices`` for the app to show, and logged.
- The tutor always starts: if the data directory cannot be written, or the file
  (or one SQLite keeps beside it) is a symbolic link, which SQLite would follow out
  of the data folder, progress lives in memory for the session, again with a notice.
- Time is injected (``clock``), so the review schedule is testable to the second.

Spaced review: a step not solved unaided (a wrong first answer, a hint asked
for, the answer revealed) comes back after 4 hours; each correct review moves
it to the next interval (1 day, 3 days, 1 week, 2 weeks, 1 month), a wrong one
back to the first; a correct answer at the last interval retires it.
"""

from __future__ import annotations

import logging
import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from tutor.io.files import is_link
from tutor.io.reading import quote

log = logging.getLogger(__name__)

FILENAME = "progress.sqlite3"
SCHEDULE = (
    timedelta(hours=4),
    timedelta(days=1),
    timedelta(days=3),
    timedelta(weeks=1),
    timedelta(weeks=2),
    timedelta(days=30),
)
"""Review intervals: a mistake's first review after ``SCHEDULE[0]``, then each in turn."""

MAX_TRIES = 3
"""Wrong answers allowed before the answer is revealed, at most (fewer where the
step has few choices: after one wrong answer to a two-way question the other is
known, so it is diagnosed and revealed at once)."""

Clock = Callable[[], datetime]


def utc_now() -> datetime:
    return datetime.now(UTC)


# --- schema and migrations ---------------------------------------------------


def _v1(db: sqlite3.Connection) -> None:
    """The first schema: lessons done and answers."""
    db.execute("CREATE TABLE lessons_done (lesson TEXT PRIMARY KEY, completed_at TEXT NOT NULL)")
    db.execute(
        "CREATE TABLE answers (id INTEGER PRIMARY KEY, lesson TEXT NOT NULL, step TEXT NOT NULL,"
        " answer TEXT NOT NULL, correct INTEGER NOT NULL, at TEXT NOT NULL)"
    )


def _v2(db: sqlite3.Connection) -> None:
    """Hints and timing on answers; the review queue, seeded from the old mistakes."""
    db.execute("ALTER TABLE answers ADD COLUMN hinted INTEGER NOT NULL DEFAULT 0")
    db.execute("ALTER TABLE answers ADD COLUMN seconds REAL")
    db.execute("CREATE INDEX answers_step ON answers (lesson, step)")
    db.execute(
        "CREATE TABLE reviews (lesson TEXT NOT NULL, step TEXT NOT NULL, stage INTEGER NOT NULL,"
        " due TEXT NOT NULL, updated TEXT NOT NULL, PRIMARY KEY (lesson, step))"
    )
    rows = db.execute(
        "SELECT lesson, step, MAX(at) FROM answers WHERE correct = 0 GROUP BY lesson, step"
    ).fetchall()
    for lesson, step, at in rows:
        due = datetime.fromisoformat(at) + SCHEDULE[0]
        db.execute(
            "INSERT INTO reviews VALUES (?, ?, 0, ?, ?)", (lesson, step, due.isoformat(), at)
        )


def _v3(db: sqlite3.Connection) -> None:
    """Finished attempts (for first-try scores and mastery) and where each lesson was left.

    The answers already given become one attempt per step: unaided when the step's
    first answer was right without the hint.
    """
    db.execute(
        "CREATE TABLE attempts (id INTEGER PRIMARY KEY, lesson TEXT NOT NULL, step TEXT NOT NULL,"
        " unaided INTEGER NOT NULL, tries INTEGER NOT NULL, at TEXT NOT NULL)"
    )
    db.execute("CREATE INDEX attempts_step ON attempts (lesson, step)")
    db.execute(
        "CREATE TABLE places (lesson TEXT PRIMARY KEY, step TEXT NOT NULL, at TEXT NOT NULL)"
    )
    db.execute(
        "INSERT INTO attempts (lesson, step, unaided, tries, at)"
        " SELECT lesson, step, correct AND NOT hinted, 1, at FROM answers"
        " WHERE id IN (SELECT MIN(id) FROM answers GROUP BY lesson, step)"
    )


MIGRATIONS: tuple[Callable[[sqlite3.Connection], None], ...] = (_v1, _v2, _v3)
"""``MIGRATIONS[n]`` takes a database from version n to n + 1; never edit one, add one."""
VERSION = len(MIGRATIONS)


class ProgressError(Exception):
    """The progress file could not be read; the message says why. The store's own
    errors, so that its users need not know it is SQLite."""


class UnreadableDatabase(ProgressError):
    """A progress file that cannot be used as it is; it will be moved aside."""


class BusyDatabase(ProgressError):
    """A progress file locked by another process for longer than the busy timeout."""


BUSY_TIMEOUT = 5.0
"""Seconds to wait for another tutor's write to finish before giving up on the file."""
BUSY_PAUSE = 10.0
"""Seconds a busy file reads as empty before it is tried again (each try may wait the
busy timeout, and a screen reads several times)."""


def _busy(exc: sqlite3.Error) -> bool:
    text = str(exc).lower()
    return "locked" in text or "busy" in text


TABLES = {
    "lessons_done": ("lesson", "completed_at"),
    "answers": ("id", "lesson", "step", "answer", "correct", "at", "hinted", "seconds"),
    "reviews": ("lesson", "step", "stage", "due", "updated"),
    "attempts": ("id", "lesson", "step", "unaided", "tries", "at"),
    "places": ("lesson", "step", "at"),
}
"""The columns each table must have at ``VERSION``: checked on opening."""
MOMENTS = (
    ("lessons_done", "completed_at"),
    ("answers", "at"),
    ("reviews", "due"),
    ("reviews", "updated"),
    ("attempts", "at"),
    ("places", "at"),
)
"""The columns holding a moment (ISO 8601 with its time zone), checked on opening."""


EARLIEST = datetime(1900, 1, 1, tzinfo=UTC)
LATEST = datetime(9000, 1, 1, tzinfo=UTC)
"""The moments read: a tutor's clock gives none outside them, and within them adding a
review's interval or showing the local time cannot overflow (a tester's review:
9999-12-31 plus an hour, and 0001-01-01 in UTC+14 told in local time, stopped the app)."""


def _shown(value: object) -> str:
    """A stored value as a message quotes it: a few dozen characters at most."""
    return quote(value) if isinstance(value, str) else quote(repr(value))


def _moment_problem(value: object) -> str | None:
    """Why ``value`` is not a moment the tutor can read, or None if it is one."""
    try:
        moment = datetime.fromisoformat(value) if isinstance(value, str) else None
    except ValueError:
        moment = None
    if moment is None or moment.tzinfo is None:
        return f"not a moment: {_shown(value)}"
    if not EARLIEST <= moment < LATEST:
        return f"not a moment from {EARLIEST.year} to {LATEST.year}: {_shown(value)}"
    return None


def _check_contents(db: sqlite3.Connection) -> None:
    """Raise ``UnreadableDatabase`` naming the table, row and column the tutor cannot read."""
    for table, columns in TABLES.items():
        present = {row[1] for row in db.execute(f"PRAGMA table_info({table})")}
        if not present:
            raise UnreadableDatabase(f"table {table} is missing")
        missing = [c for c in columns if c not in present]
        if missing:
            raise UnreadableDatabase(f"table {table} has no column {', '.join(missing)}")
    for table, columns in TABLES.items():
        for column in columns:
            if column == "seconds":  # the one column that may be empty
                continue
            row = db.execute(f"SELECT rowid FROM {table} WHERE {column} IS NULL LIMIT 1").fetchone()
            if row is not None:
                raise UnreadableDatabase(f"table {table}, row {row[0]}, column {column}: empty")
        text_columns = [c for c in ("lesson", "step") if c in columns]
        for column in text_columns:
            row = db.execute(
                f"SELECT rowid, {column} FROM {table} WHERE typeof({column}) != 'text' LIMIT 1"
            ).fetchone()
            if row is not None:
                raise UnreadableDatabase(
                    f"table {table}, row {row[0]}, column {column}: {row[1]!r}"
                )
    for table, column in MOMENTS:
        for rowid, value in db.execute(f"SELECT rowid, {column} FROM {table}"):
            problem = _moment_problem(value)
            if problem is not None:
                raise UnreadableDatabase(f"table {table}, row {rowid}, column {column}: {problem}")
    bad = db.execute(
        "SELECT rowid, stage FROM reviews WHERE typeof(stage) != 'integer' OR stage < 0"
        " OR stage >= ?",
        (len(SCHEDULE),),
    ).fetchone()
    if bad is not None:
        raise UnreadableDatabase(f"table reviews, row {bad[0]}, column stage: {bad[1]!r}")


# --- values ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class AnswerRecord:
    lesson: str
    step: str
    answer: str
    correct: bool
    hinted: bool
    at: datetime
    seconds: float | None


@dataclass(frozen=True, slots=True)
class Review:
    """A step to see again: ``stage`` indexes ``SCHEDULE`` (the interval it waits now)."""

    lesson: str
    step: str
    stage: int
    due: datetime


# --- the store ---------------------------------------------------------------------


class Progress:
    """The progress database. ``Progress()`` opens the learner's own; tests pass a path."""

    def __init__(self, path: Path | None = None, clock: Clock = utc_now) -> None:
        from tutor.io.paths import data_dir

        self.clock = clock
        self.notices: list[str] = []
        self.listener: Callable[[str], None] | None = None
        """When set (the app's notifications), notices go to it as they happen."""
        self._said: set[str] = set()
        self._busy_until = 0.0
        self._pending: list[tuple[str, Callable[[sqlite3.Connection], object]]] = []
        """Writes kept while the file was busy, oldest first (``_write``)."""
        self.known: Callable[[str, str], bool] = lambda lesson, step: True
        """Whether a (lesson, step) still names a step to take. The app sets it from the
        curriculum: a review of a step since renamed or removed is kept in the file but
        neither counted nor offered (a tester's review: "2 steps due" for ever, and an
        empty review)."""
        self.path = path if path is not None else data_dir() / FILENAME
        self.db = self._open()

    # opening, with the file moved aside when it cannot be read

    def _open(self) -> sqlite3.Connection:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            return self._in_memory(f"cannot create {self.path.parent}: {exc}")
        linked = self._linked()
        if linked is not None:
            return self._in_memory(
                f"{linked} is a symbolic link, and the tutor does not write through links"
            )
        try:
            return self._connect()
        except BusyDatabase as exc:
            return self._in_memory(
                f"{self.path} is in use by another tutor and stayed busy ({exc}); it was left"
                " untouched"
            )
        except UnreadableDatabase as exc:
            try:
                moved = self._move_aside()
            except OSError as move_error:
                return self._in_memory(f"{self.path} is unreadable ({exc}) and {move_error}")
            self._notice(
                f"Your progress file could not be read ({exc}). It was kept as {moved.name}"
                f" in {moved.parent}, and a new progress file was started."
            )
        except (sqlite3.Error, OSError) as exc:
            return self._in_memory(f"cannot open {self.path}: {exc}")
        try:
            return self._connect()
        except (UnreadableDatabase, sqlite3.Error, OSError) as exc:
            return self._in_memory(f"cannot start a new progress file at {self.path}: {exc}")

    def _linked(self) -> Path | None:
        """The database file, or a file SQLite keeps beside it, that is a symbolic link:
        SQLite would write wherever it points, outside the data folder."""
        for suffix in ("", "-wal", "-shm", "-journal"):
            path = self.path.with_name(self.path.name + suffix)
            if is_link(path):
                return path
        return None

    def _connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, isolation_level=None, timeout=BUSY_TIMEOUT)
        try:
            check = db.execute("PRAGMA quick_check").fetchone()
            if check is None or check[0] != "ok":
                raise UnreadableDatabase(f"integrity check: {check[0] if check else 'no answer'}")
            version = db.execute("PRAGMA user_version").fetchone()[0]
            if version > VERSION:
                raise UnreadableDatabase(
                    f"it was written by a newer tutor (schema {version}, this one reads {VERSION})"
                )
            self._migrate(db, version)
            _check_contents(db)
        except sqlite3.OperationalError as exc:
            db.close()
            if _busy(exc):  # busy is not corrupt: the file is kept as it is
                raise BusyDatabase(str(exc)) from None
            raise UnreadableDatabase(str(exc)) from None
        except sqlite3.DatabaseError as exc:
            db.close()
            raise UnreadableDatabase(str(exc)) from None
        except (ValueError, OverflowError) as exc:  # a migration met a moment it cannot read
            db.close()
            raise UnreadableDatabase(f"a moment that cannot be read: {exc}") from None
        except BaseException:
            db.close()
            raise
        return db

    @staticmethod
    def _migrate(db: sqlite3.Connection, version: int) -> None:
        """Bring the schema up to ``VERSION`` in one transaction. The version is read
        again inside it: another tutor may have migrated the file since it was opened."""
        if version >= VERSION:
            return
        db.execute("BEGIN IMMEDIATE")
        try:
            current = db.execute("PRAGMA user_version").fetchone()[0]
            for target in range(current, VERSION):
                MIGRATIONS[target](db)
            db.execute(f"PRAGMA user_version = {max(current, VERSION)}")
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")

    def _move_aside(self) -> Path:
        stamp = self.clock().strftime("%Y%m%dT%H%M%S")
        target = self.path.with_name(f"{self.path.name}.unreadable-{stamp}")
        n = 1
        while target.exists():
            n += 1
            target = self.path.with_name(f"{self.path.name}.unreadable-{stamp}-{n}")
        self.path.rename(target)
        for suffix in ("-wal", "-shm", "-journal"):
            side = self.path.with_name(self.path.name + suffix)
            if side.exists():
                side.rename(target.with_name(target.name + suffix))
        return target

    def _in_memory(self, reason: str) -> sqlite3.Connection:
        self._notice(f"Progress will not be saved this session: {reason}.")
        db = sqlite3.connect(":memory:", isolation_level=None)
        self._migrate(db, 0)
        return db

    def _notice(self, message: str) -> None:
        log.warning(message)
        if self.listener is not None:
            self.listener(message)
        else:
            self.notices.append(message)

    def listen(self, listener: Callable[[str], None]) -> None:
        """Send the notices kept so far, and every later one, to ``listener``."""
        self.listener = listener
        for message in self.notices:
            listener(message)
        self.notices.clear()

    def close(self) -> None:
        if self._pending:  # a last try for what the busy file kept back
            self._busy_until = 0.0
            self._write("your progress", lambda db: None)
        self.db.close()

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        self.db.execute("BEGIN IMMEDIATE")
        try:
            yield self.db
            self.db.execute("COMMIT")
        except BaseException:
            if self.db.in_transaction:
                self.db.execute("ROLLBACK")
            raise

    def _write(
        self, what: str, statements: Callable[[sqlite3.Connection], object], keep: bool = True
    ) -> bool:
        """Run ``statements`` in one transaction; True once it is written.

        A file busy (held by another program past the busy timeout) is not waited on
        again for ``BUSY_PAUSE`` seconds: the write is kept, with any others waiting,
        and written in order at the next write once the file is free (a tester's
        review: every answer waited the full timeout again, 30 s a step, and was then
        lost). ``keep=False`` for a write that must happen now or not at all (a reset
        told as failed must not happen later). A file that cannot be written for
        another reason (read-only, disk full) loses that write, said once, and the
        session goes on."""
        if not keep:
            # what was kept goes first: answers kept back must not land after a reset
            if not self._flush():
                self._say(f"Could not save {what} in {self.path}: it is busy. Nothing was changed.")
                return False
            return self._run(what, statements, keep)
        self._pending.append((what, statements))
        return self._flush()

    def _flush(self) -> bool:
        """Write the writes kept, oldest first; True when the last of them was written
        (the one just asked for), False while the file stays busy."""
        if time.monotonic() < self._busy_until:
            return not self._pending
        written = True
        while self._pending:
            what, statements = self._pending[0]
            written = self._run(what, statements, True)
            if not written and time.monotonic() < self._busy_until:
                return False  # busy: kept for the next write
            self._pending.pop(0)
        return written

    def _run(
        self, what: str, statements: Callable[[sqlite3.Connection], object], keep: bool
    ) -> bool:
        try:
            with self._transaction() as db:
                statements(db)
        except sqlite3.Error as exc:
            if keep and _busy(exc):
                self._busy_until = time.monotonic() + BUSY_PAUSE
                self._say(
                    f"Could not save {what} in {self.path} just now: {exc}. It is kept, and"
                    " saved with what follows as soon as the file is free."
                )
            else:
                self._say(
                    f"Could not save {what} in {self.path}: {exc}. The tutor goes on without it."
                )
            return False
        return True

    def _say(self, message: str) -> None:
        """A notice, said once however often it recurs."""
        if message not in self._said:
            self._said.add(message)
            self._notice(message)

    @property
    def busy(self) -> bool:
        """The file was found busy lately: reads come back empty for a while (``_rows``)."""
        return time.monotonic() < self._busy_until

    @property
    def unsaved(self) -> int:
        """Writes kept while the file was busy, not yet written."""
        return len(self._pending)

    def _rows(self, query: str, args: tuple[str, ...] = ()) -> list[tuple[Any, ...]]:
        """The rows of a read. A file locked by another program past the busy timeout
        reads as empty for ``BUSY_PAUSE`` seconds, said once: busy is not corrupt, and
        the session goes on (a tester's review: a lock taken while the app ran ended it
        at the next read). Nothing is written from what a busy read did not see. Any other
        failure of a read raises ProgressError."""
        if time.monotonic() < self._busy_until:
            return []
        try:
            return self.db.execute(query, args).fetchall()
        except sqlite3.Error as exc:
            if not (isinstance(exc, sqlite3.OperationalError) and _busy(exc)):
                raise ProgressError(str(exc)) from exc
            self._busy_until = time.monotonic() + BUSY_PAUSE
            message = (
                f"Your progress file {self.path} is busy, held by another program ({exc}):"
                " your progress is not shown just now. Nothing is lost."
            )
            if message not in self._said:
                self._said.add(message)
                self._notice(message)
            return []

    @property
    def version(self) -> int:
        return int(self.db.execute("PRAGMA user_version").fetchone()[0])

    # lessons

    def complete_lesson(self, lesson: str) -> None:
        moment = self.clock().isoformat()
        self._write(
            f"lesson {lesson} as completed",
            lambda db: db.execute(
                "INSERT OR REPLACE INTO lessons_done VALUES (?, ?)", (lesson, moment)
            ),
        )

    def lessons_done(self) -> dict[str, datetime]:
        rows = self._rows("SELECT lesson, completed_at FROM lessons_done ORDER BY completed_at")
        return {lesson: datetime.fromisoformat(at) for lesson, at in rows}

    # answers

    def record_answer(
        self,
        lesson: str,
        step: str,
        answer: str,
        correct: bool,
        hinted: bool = False,
        seconds: float | None = None,
    ) -> None:
        """Keep one answer as given. Scheduling is the ``Attempt``'s business (``settle``)."""
        row = (lesson, step, answer, int(correct), self.clock().isoformat(), int(hinted), seconds)
        self._write(
            f"your answer to {lesson} step {step}",
            lambda db: db.execute(
                "INSERT INTO answers (lesson, step, answer, correct, at, hinted, seconds)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                row,
            ),
        )

    def answers(self, lesson: str | None = None) -> list[AnswerRecord]:
        query = "SELECT lesson, step, answer, correct, hinted, at, seconds FROM answers"
        args: tuple[str, ...] = ()
        if lesson is not None:
            query += " WHERE lesson = ?"
            args = (lesson,)
        rows = self._rows(query + " ORDER BY id", args)
        return [
            AnswerRecord(le, st, an, bool(co), bool(hi), datetime.fromisoformat(at), se)
            for le, st, an, co, hi, at, se in rows
        ]

    def mistakes(self) -> list[AnswerRecord]:
        """Every wrong answer ever given, oldest first."""
        return [a for a in self.answers() if not a.correct]

    # review

    def settle(self, lesson: str, step: str, unaided: bool) -> None:
        """A step's attempt is over: schedule it for review, or move its review on.

        Not solved unaided: back to the first interval. Solved unaided while a
        review is due: the next interval (retired after the last). Solved
        unaided before the review is due: the schedule stands.
        """
        now = self.clock()

        def schedule(db: sqlite3.Connection) -> None:
            row = db.execute(
                "SELECT stage, due FROM reviews WHERE lesson = ? AND step = ?", (lesson, step)
            ).fetchone()
            if not unaided:
                stage = 0
            elif row is None or datetime.fromisoformat(row[1]) > now:
                return
            else:
                stage = row[0] + 1
            if stage >= len(SCHEDULE):
                db.execute("DELETE FROM reviews WHERE lesson = ? AND step = ?", (lesson, step))
                return
            db.execute(
                "INSERT OR REPLACE INTO reviews VALUES (?, ?, ?, ?, ?)",
                (lesson, step, stage, (now + SCHEDULE[stage]).isoformat(), now.isoformat()),
            )

        self._write(f"the review of {lesson} step {step}", schedule)

    def reviews(self) -> list[Review]:
        rows = self._rows("SELECT lesson, step, stage, due FROM reviews ORDER BY due")
        return [
            Review(le, st, sg, datetime.fromisoformat(du))
            for le, st, sg, du in rows
            if self.known(le, st)
        ]

    def due_reviews(self, now: datetime | None = None) -> list[Review]:
        moment = now or self.clock()
        return [r for r in self.reviews() if r.due <= moment]

    def next_reviews(self, now: datetime | None = None) -> tuple[datetime, int] | None:
        """When the next reviews not yet due fall due, and how many fall due within
        the hour after that moment (what "3 steps due in 4 hours" says)."""
        moment = now or self.clock()
        later = [r.due for r in self.reviews() if r.due > moment]
        if not later:
            return None
        first = min(later)
        return first, sum(1 for due in later if due <= first + timedelta(hours=1))

    # attempts: how each step went, for scores and mastery

    def record_attempt(self, lesson: str, step: str, unaided: bool, tries: int) -> None:
        row = (lesson, step, int(unaided), tries, self.clock().isoformat())
        self._write(
            f"the result of {lesson} step {step}",
            lambda db: db.execute(
                "INSERT INTO attempts (lesson, step, unaided, tries, at) VALUES (?, ?, ?, ?, ?)",
                row,
            ),
        )

    def latest_attempts(self, lesson: str | None = None) -> dict[tuple[str, str], bool]:
        """For each step tried, whether its latest attempt was solved unaided."""
        query = (
            "SELECT lesson, step, unaided FROM attempts WHERE id IN"
            " (SELECT MAX(id) FROM attempts GROUP BY lesson, step)"
        )
        args: tuple[str, ...] = ()
        if lesson is not None:
            query += " AND lesson = ?"
            args = (lesson,)
        return {(le, st): bool(un) for le, st, un in self._rows(query, args)}

    def first_attempts(self) -> dict[tuple[str, str], bool]:
        """For each step tried, whether its first attempt ever was solved unaided."""
        rows = self._rows(
            "SELECT lesson, step, unaided FROM attempts WHERE id IN"
            " (SELECT MIN(id) FROM attempts GROUP BY lesson, step)"
        )
        return {(le, st): bool(un) for le, st, un in rows}

    # where a lesson was left

    def save_place(self, lesson: str, step: str) -> None:
        moment = self.clock().isoformat()
        self._write(
            f"your place in lesson {lesson}",
            lambda db: db.execute(
                "INSERT OR REPLACE INTO places VALUES (?, ?, ?)", (lesson, step, moment)
            ),
        )

    def clear_place(self, lesson: str) -> None:
        self._write(
            f"your place in lesson {lesson}",
            lambda db: db.execute("DELETE FROM places WHERE lesson = ?", (lesson,)),
        )

    def places(self) -> dict[str, str]:
        """Lessons left part-way, most recent first: lesson id -> the step to resume at."""
        return dict(self._rows("SELECT lesson, step FROM places ORDER BY at DESC"))

    def reset_lesson(self, lesson: str) -> bool:
        """Forget one lesson: its answers, results, reviews, completion and place; nothing else."""

        def forget(db: sqlite3.Connection) -> None:
            for table in ("answers", "attempts", "reviews", "places", "lessons_done"):
                db.execute(f"DELETE FROM {table} WHERE lesson = ?", (lesson,))

        return self._write(f"the reset of lesson {lesson}", forget, keep=False)

    def attempt(self, lesson: str, step: str, max_tries: int = MAX_TRIES) -> Attempt:
        """A go at one step, its answers judged by the caller (``tutor.lessons.judge``)
        and recorded here; ``max_tries`` from ``tutor.lessons.tries_for``."""
        return Attempt(self, lesson, step, max_tries)


class AttemptOver(RuntimeError):
    """An answer given after the step was solved or its answer revealed."""


class Attempt:
    """One go at one step: retry before reveal.

    The store does not judge: each answer comes already judged (``record``). A
    wrong answer may be tried again, up to ``max_tries`` answers, before the
    answer is shown; asking for the hint marks the step as not solved unaided.
    Every answer is recorded. The first wrong answer or the hint schedules the
    step for review (from the first interval); solved at the first try without
    the hint, it moves a due review on.
    """

    def __init__(
        self,
        store: Progress,
        lesson: str,
        step: str,
        max_tries: int = MAX_TRIES,
    ) -> None:
        self.store = store
        self.lesson = lesson
        self.step = step
        self.max_tries = max_tries
        self.tries = 0
        self.hinted = False
        self.solved = False
        self.revealed = False
        self.started = store.clock()
        self._settled = False

    @property
    def finished(self) -> bool:
        return self.solved or self.revealed

    @property
    def unaided(self) -> bool:
        """Solved with the first answer and without the hint."""
        return self.solved and self.tries == 1 and not self.hinted

    @property
    def can_retry(self) -> bool:
        return not self.finished and self.tries < self.max_tries

    def record(self, given: object, correct: bool) -> bool:
        """Record an answer as judged (by ``tutor.lessons.judge``); after ``max_tries``
        wrong ones the answer is revealed."""
        if self.finished:
            raise AttemptOver(f"step {self.step} of {self.lesson} is already over")
        self.tries += 1
        seconds = (self.store.clock() - self.started).total_seconds()
        self.store.record_answer(self.lesson, self.step, str(given), correct, self.hinted, seconds)
        if correct:
            self.solved = True
            self._settle()
            self.store.record_attempt(self.lesson, self.step, self.unaided, self.tries)
        else:
            self._settle()
            if self.tries >= self.max_tries:
                self.reveal()
        return correct

    def ask_hint(self) -> None:
        """The learner asked for the hint: the step can no longer count as solved unaided."""
        self.hinted = True
        self._settle()

    def reveal(self) -> None:
        """Show the answer: the step ends as not solved unaided."""
        if self.finished:
            return
        self.revealed = True
        self._settle()
        self.store.record_attempt(self.lesson, self.step, False, self.tries)

    def _settle(self) -> None:
        """Schedule once: as soon as the step cannot be solved unaided (so a learner
        who walks away after a mistake still meets it again), or when it is."""
        if self._settled:
            return
        if self.solved and self.unaided:
            self.store.settle(self.lesson, self.step, True)
        elif not self.unaided:
            self.store.settle(self.lesson, self.step, False)
        else:
            return
        self._settled = True
