"""Pilot and snapshot tests of the app: isolated data, a fixed lesson, no animation.

The root conftest points ECARTE_DATA_DIR at a tmp dir; here the lessons are a
small fixed file (so the app's tests do not move when the curriculum does), and
the app's cached curriculum and progress store are reset around each test.
"""

from __future__ import annotations

import os

import pytest

os.environ["TEXTUAL_ANIMATIONS"] = "none"

LESSON = """\
id = "test-lesson"
title = "A test lesson"
summary = "Two steps: a law question and a decision."
passages = ["club-laws/intro"]

[[steps]]
id = "pack"
question = "law"
prompt = "How many cards are in the écarté pack?"
choices = ["52", "36", "32"]
expected = 3
explanation = "The piquet pack of thirty-two cards."
passages = ["club-laws/intro"]

[[steps]]
id = "three-trumps"
question = "propose"
prompt = "Three trumps and a king: play or propose?"
expected = "play"
explanation = "Three trumps make a hand to play without proposing."
passages = ["britannica-9/play"]

[steps.position]
role = "nondealer"
hand = "KH QH 7H KS 8C"
turnup = "9H"
"""

@pytest.fixture(autouse=True)
def app_environment(tmp_path, monkeypatch):
    """Fixed lessons in a tmp dir; the app's caches reset before and after."""
    import tutor.paths
    from tutor.app import lessonsource

    lessons = tmp_path / "lessons"
    lessons.mkdir()
    (lessons / "01-test.toml").write_text(LESSON, encoding="utf-8")
    monkeypatch.setattr(tutor.paths, "LESSONS_DIR", lessons)
    lessonsource.reload()
    lessonsource.close_progress()
    yield
    lessonsource.close_progress()
    lessonsource.reload()
