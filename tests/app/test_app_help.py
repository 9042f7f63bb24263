"""F1 opens the help at the part about the screen it was pressed on (a learner
review: in the texts it opened at the top, on the lessons' keys)."""

from __future__ import annotations

import pytest
from app_helpers import SIZE, run, settle

from tutor.app import create_app
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
