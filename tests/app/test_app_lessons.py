"""A lesson answered wrong then right, with the answers recorded for review."""

from __future__ import annotations

from app_helpers import SIZE, run, settle

from tutor.app import create_app
from tutor.app.lessonsource import progress
from tutor.app.screens.lesson import LessonScreen
from tutor.app.screens.lessons import LessonsScreen


def feedback(app) -> str:
    return app.screen.query_one("#feedback").source


@run
async def test_lesson_list_opens_a_lesson():
    app = create_app(start="lessons")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, LessonsScreen)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, LessonScreen)
        assert app.screen.lesson.id == "test-lesson"


@run
async def test_answer_wrong_then_right_then_decision():
    app = create_app(start="lessons", lesson_id="test-lesson")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, LessonScreen)
        await pilot.press("1")  # 52: wrong, and a retry is offered
        await pilot.pause()
        assert "Not this one" in feedback(app)
        assert "try again" in feedback(app).lower()
        await pilot.press("3")  # 32: right
        await pilot.pause()
        assert "Right" in feedback(app)
        answers = progress().answers("test-lesson")
        assert [a.correct for a in answers] == [False, True]
        assert any(r.step == "pack" for r in progress().reviews())  # not unaided: reviewed later

        await pilot.press("n")
        await pilot.pause()
        assert screen.step.id == "three-trumps"
        await pilot.press("o")  # propose: wrong
        await pilot.pause()
        assert "Not this one" in feedback(app)
        await pilot.press("p")  # play: right
        await pilot.pause()
        assert "Right" in feedback(app)
        await pilot.press("n")
        await pilot.pause()
        assert "Lesson complete" in feedback(app)
        assert "test-lesson" in progress().lessons_done()


@run
async def test_reveal_after_hint():
    app = create_app(start="lessons", lesson_id="test-lesson")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        assert "Hint" in feedback(app)
        await pilot.press("s")
        await pilot.pause()
        assert "The answer" in feedback(app) and "32" in feedback(app)
