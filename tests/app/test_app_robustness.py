"""Damaged lessons, texts and progress files: the app starts, says at once what is
wrong (naming the file and line), and stays usable."""

from __future__ import annotations

import os
import shutil
import sqlite3

from app_helpers import SIZE, create_app, run, settle

import tutor.io.paths
from tutor.app.screens.lesson import LessonScreen
from tutor.app.screens.lessons import LessonsScreen
from tutor.io.paths import REPO, data_dir


def messages(app) -> list[str]:
    return [f"{n.title}: {n.message}" for n in app._notifications]


@run
async def test_a_damaged_lesson_file_is_named_at_start():
    bad = tutor.io.paths.LESSONS_DIR / "02-bad.toml"
    bad.write_text(
        'id = "bad"\ntitle = "Bad"\nsummary = "x"\n[[steps]]\nid = = 3\n', encoding="utf-8"
    )
    app = create_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        said = [m for m in messages(app) if "problem in the lessons" in m]
        assert len(said) == 1 and "02-bad.toml:5: toml: not valid TOML" in said[0]
        await pilot.press("l")
        await settle(pilot)
        assert isinstance(app.screen, LessonsScreen)  # the sound lesson still loads


@run
async def test_a_corrupt_progress_file_is_moved_aside_and_said_at_start():
    folder = data_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "progress.sqlite3").write_bytes(os.urandom(8192))
    app = create_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        said = [m for m in messages(app) if m.startswith("Progress:")]
        assert len(said) == 1 and "could not be read" in said[0]
        kept = [p for p in folder.iterdir() if ".unreadable-" in p.name]
        assert len(kept) == 1 and kept[0].name in said[0]
        await pilot.press("l")
        await settle(pilot)
        assert isinstance(app.screen, LessonsScreen)


@run
async def test_a_locked_progress_file_is_a_notification_not_a_crash():
    app = create_app(start="lessons", lesson_id="test-lesson")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)

        app.services.progress.db.execute("PRAGMA busy_timeout = 50")
        other = sqlite3.connect(app.services.progress.path, isolation_level=None)
        other.execute("BEGIN EXCLUSIVE")
        try:
            await pilot.press(
                str(app.screen.order.index(2) + 1)
            )  # right, though it cannot be saved
            await settle(pilot)
        finally:
            other.execute("ROLLBACK")
            other.close()
        assert isinstance(app.screen, LessonScreen)
        assert "Right" in app.screen.query_one("#feedback").source
        assert any(
            m.startswith("Progress: Could not save") and "locked" in m for m in messages(app)
        )
        # kept, not lost: written with the next write once the file is free
        assert app.services.progress.unsaved
        app.services.progress._busy_until = 0.0
        app.services.progress.save_place("test-lesson", "pack")
        assert app.services.progress.unsaved == 0
        assert [a.correct for a in app.services.progress.answers("test-lesson")] == [True]


@run
async def test_an_unknown_lesson_id_is_named_with_the_lessons_there_are():
    app = create_app(start="lessons", lesson_id="no-such-lesson")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert any(
            "no lesson 'no-such-lesson' (the lessons, by number or id: 1 test-lesson, 2 second-lesson)"
            in m
            for m in messages(app)
        )


@run
async def test_a_damaged_text_is_named_with_its_line(tmp_path, monkeypatch):
    root = tmp_path / "texts"
    shutil.copytree(REPO / "texts", root)
    path = root / "club-laws.md"
    path.write_text(
        path.read_text(encoding="utf-8").replace("{#club-laws/2}", '{#club-laws/2 title="x}'),
        encoding="utf-8",
    )
    monkeypatch.setattr(tutor.io.paths, "TEXTS_DIR", root)
    app = create_app(start="texts", passage_id="club-laws/3")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        said = [m for m in messages(app) if "in the texts" in m]
        assert len(said) == 1 and "club-laws.md:" in said[0] and "malformed attributes" in said[0]


@run
async def test_reviews_of_steps_that_are_gone_are_not_due_nor_opened(services):
    """A tester's review: after a lesson was edited, "2 steps due for review now" stayed
    for ever, and v opened "This lesson has no steps"."""
    from datetime import UTC, datetime

    from tutor.app.screens.home import HomeScreen

    old = datetime(2020, 1, 1, tzinfo=UTC).isoformat()
    with sqlite3.connect(services.progress.path) as db:
        for lesson, step in (("test-lesson", "gone"), ("no-such-lesson", "1")):
            db.execute("INSERT INTO reviews VALUES (?, ?, 0, ?, ?)", (lesson, step, old, old))
    services.close()
    app = create_app(services=services)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, HomeScreen)
        assert "due for review now" not in str(app.screen.query_one("#progress").render())
        await pilot.press("v")
        await settle(pilot)
        assert isinstance(app.screen, HomeScreen)
        assert any("Nothing is waiting for review" in m for m in messages(app))


@run
async def test_a_lesson_link_to_a_step_in_other_digits_opens_the_lesson():
    """A tester's review: following "lesson:cards#²" ended the app (int("²"))."""
    from tutor.app.widgets.passage import Navigate, Target

    app = create_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.post_message(Navigate(Target("lesson", "test-lesson#²")))
        await settle(pilot)
        assert isinstance(app.screen, LessonScreen) and app.screen.index == 0


@run
async def test_an_answer_row_in_other_digits_or_to_come_is_not_a_try():
    """A tester's review: a progress row answering "²" crashed the lesson on ?, and one
    dated in the future counted as a try of the attempt in hand."""

    app = create_app(start="lessons", lesson_id="test-lesson")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        db = sqlite3.connect(data_dir() / "progress.sqlite3")
        with db:
            for answer, at in (
                ("²", app.services.progress.clock().isoformat()),
                ("1", "2999-01-01T00:00:00+00:00"),
            ):
                db.execute(
                    "INSERT INTO answers (lesson, step, answer, correct, at, hinted)"
                    " VALUES ('test-lesson', 'pack', ?, 0, ?, 0)",
                    (answer, at),
                )
        db.close()
        assert len(app.services.progress.answers("test-lesson")) == 2
        assert app.screen.tried_choices() == set()
        await pilot.press("question_mark")
        await settle(pilot)
        assert isinstance(app.screen, LessonScreen)
