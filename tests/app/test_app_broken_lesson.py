"""Issue 33, item 6 in the app: a broken lesson file is listed, broken, at its place,
so the lessons after it keep their numbers and the learner sees which file is broken."""

from __future__ import annotations

from app_helpers import SIZE, create_app, run, settle

import tutor.io.paths
from tutor.app.screens.lesson import LessonScreen
from tutor.app.screens.lessons import LessonsScreen


def as_text(renderable) -> str:
    from io import StringIO

    from rich.console import Console

    console = Console(width=300, record=True, file=StringIO())
    console.print(renderable)
    return console.export_text()


@run
async def test_a_broken_lesson_is_listed_at_its_place_and_the_next_keeps_its_number():
    first = tutor.io.paths.LESSONS_DIR / "01-test.toml"
    with first.open("a", encoding="utf-8") as out:
        out.write('title = "x\n')
    app = create_app(start="lessons")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, LessonsScreen)
        options = app.screen.query_one("#lesson-list")
        entries = [options.get_option_at_index(i) for i in range(options.option_count)]
        assert len(entries) == 2
        broken, second = (as_text(option.prompt) for option in entries)
        assert "✗  1. test-lesson" in broken and "cannot be read" in broken
        assert "01-test.toml: line " in broken and "not valid TOML" in broken
        assert entries[0].disabled
        assert "2. A second lesson" in second
        await pilot.press("enter")  # the highlight is on the lesson that can be taken
        await settle(pilot)
        assert isinstance(app.screen, LessonScreen)
        assert app.screen.lesson.id == "second-lesson"
