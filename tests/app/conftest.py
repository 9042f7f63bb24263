"""Pilot and snapshot tests of the app: isolated data, a fixed lesson, no animation.

The root conftest points ECARTE_DATA_DIR at a tmp dir; here the lessons are a
small fixed file (so the app's tests do not move when the curriculum does), and
each app made has its own services (``services`` fixture), so nothing is cached between
tests.
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
expected = 3
explanation = "The piquet pack of thirty-two cards."
passages = ["club-laws/intro"]

[[steps.choices]]
text = "52"
why = "Fifty-two is the whole pack; écarté throws out the twos to the sixes."

[[steps.choices]]
text = "36"
why = "Thirty-six would keep the sixes, which the piquet pack does not."

[[steps.choices]]
text = "32"

[[steps.choices]]
text = "28"
why = "Twenty-eight would throw out the sevens too; the piquet pack keeps them."

[[steps]]
id = "three-trumps"
question = "propose"
prompt = "Three trumps and a king: play or propose?"
expected = "play"
hint = "jeu-de-regle/1"
explanation = "Three trumps make a hand to play without proposing."
passages = ["britannica-9/play"]

[steps.position]
role = "nondealer"
hand = "JH 8H 7H KS 8C"
turnup = "9H"
"""

SECOND = """\
id = "second-lesson"
title = "A second lesson"
summary = "One step."
passages = ["club-laws/intro"]

[[steps]]
id = "king"
question = "mark_king"
expected = "mark"
hint = "king/announce"
explanation = "Announce the king as you play your first card."
passages = ["britannica-9/king"]

[steps.position]
role = "nondealer"
hand = "KH 8H 7S KS 8C"
turnup = "9H"
"""


@pytest.fixture(autouse=True)
def app_environment(tmp_path, monkeypatch):
    """Fixed lessons in a tmp dir (each app made reads them afresh: its own services)."""
    import tutor.io.paths

    lessons = tmp_path / "lessons"
    lessons.mkdir()
    (lessons / "01-test.toml").write_text(LESSON, encoding="utf-8")
    (lessons / "02-second.toml").write_text(SECOND, encoding="utf-8")
    monkeypatch.setattr(tutor.io.paths, "LESSONS_DIR", lessons)


@pytest.fixture
def services(app_environment):
    """The services an app is made with (``create_app(services=...)``), in the test's own
    data folder and lessons: for a test that prepares the progress store before the app
    opens. A test may build ``Services`` with fakes instead (``tests/app/test_services.py``)."""
    from tutor.app.services import Services

    shared = Services()
    yield shared
    shared.close()
