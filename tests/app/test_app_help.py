"""F1 opens the help at the part about the screen it was pressed on (a learner
review: in the texts it opened at the top, on the lessons' keys)."""

from __future__ import annotations

import pytest
from app_helpers import SIZE, create_app, run, settle

from tutor.app.screens.help import HelpScreen


def heading_in_sight(app, title: str) -> bool:
    scroll = app.screen.query_one("#help")
    for block in app.screen.query("MarkdownH2"):
        if title in str(block.content):
            top = block.region.y - scroll.region.y
            return 0 <= top < scroll.region.height
    raise AssertionError(f"no heading {title!r}")


@pytest.mark.parametrize(
    ("start", "heading"),
    [("texts", "Reading the texts"), ("play", "Keys at the table")],
)
@run
async def test_f1_opens_the_help_at_the_screens_part(start, heading):
    app = create_app(start=start, seed=3, engine="random")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("f1")
        await settle(pilot)
        await pilot.pause(0.2)
        assert isinstance(app.screen, HelpScreen)
        assert app.screen.query_one("#help").scroll_y > 0
        assert heading_in_sight(app, heading)


@run
async def test_f1_at_home_opens_the_help_at_its_top():
    app = create_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("f1")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        assert app.screen.query_one("#help").scroll_y == 0


def test_the_help_answers_which_to_follow_when_the_hints_and_the_engine_disagree():
    """Issue 32: the help says what each is, how much their difference matters (the
    measured figure), what the lessons accept and that free play is graded by the engine."""
    from tutor.app.screens.help import HELP

    text = HELP.read_text(encoding="utf-8")
    part = text.split("### When the Hints and the engine disagree, which do I follow?")[1]
    part = " ".join(part.split("\n## ")[0].split())
    assert "rules of thumb" in part and "named rule" in part
    assert "every one of them" in part and "at this score" in part
    assert "0.11 of a point a deal" in part and "--a best --b hints --deals 1000" in part
    assert "accept as sound (≈)" in part and "is graded by the engine" in part
