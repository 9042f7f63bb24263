"""Issue 12, items 7 and 9 at the app's start: a FIFO, a symlink loop or a value
nested 5,000 deep among the lessons or the texts is named, never waited on, and
every sound lesson and text is still there."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from app_helpers import SIZE, create_app, run, settle

import tutor.io.paths
from tests.fifos import unblocked
from tutor.app.screens.lessons import LessonsScreen
from tutor.io.paths import REPO

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")


def messages(app) -> list[str]:
    return [f"{n.title}: {n.message}" for n in app._notifications]


@run
async def test_bad_lesson_files_are_named_and_the_rest_still_load():
    lessons = tutor.io.paths.LESSONS_DIR
    fifo = lessons / "00-pipe.toml"
    os.mkfifo(fifo)
    (lessons / "03-loop.toml").symlink_to("03-loop.toml")
    (lessons / "04-deep.toml").write_text("x = " + "[" * 5000 + "]" * 5000 + "\n")
    app = create_app()
    with unblocked(fifo):
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            said = [m for m in messages(app) if "problems in the lessons" in m]
            assert len(said) == 1 and said[0].startswith("3 problems in the lessons")
            assert "00-pipe.toml: cannot read the file: not a regular file (a FIFO)" in said[0]
            await pilot.press("l")
            await settle(pilot)
            assert isinstance(app.screen, LessonsScreen)

            assert [lesson.id for lesson in app.services.curriculum().lessons] == [
                "test-lesson",
                "second-lesson",
            ]
            assert {Path(f.file).name for f in app.services.curriculum().faults} == {
                "00-pipe.toml",
                "03-loop.toml",
                "04-deep.toml",
            }


@run
async def test_a_fifo_among_the_texts_is_named_and_the_texts_open(tmp_path, monkeypatch):
    root = tmp_path / "texts"
    shutil.copytree(REPO / "texts", root)
    fifo = root / "pipe.md"
    os.mkfifo(fifo)
    monkeypatch.setattr(tutor.io.paths, "TEXTS_DIR", root)
    app = create_app(start="texts", passage_id="club-laws/3")
    with unblocked(fifo):
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            assert app.services.library is not None and "club-laws/3" in app.services.library
            said = [m for m in messages(app) if "in the texts" in m]
            assert len(said) == 1 and "pipe.md: cannot read: not a regular file (a FIFO)" in said[0]
