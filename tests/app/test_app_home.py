"""The home screen at 80x24 keeps the progress box whole, a game in progress and
all (a learner review: its last lines fell below the fold)."""

from __future__ import annotations

from app_helpers import create_app, run, settle

from tutor.app.screens.home import HomeScreen


@run
async def test_the_progress_box_is_whole_at_80x24_with_a_game_in_progress():
    app = create_app(start="play", seed=4, engine="random")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("1")
        await settle(pilot)
        await pilot.press("escape")  # the game is kept: the home offers to resume it
        await settle(pilot)
        home = app.screen
        assert isinstance(home, HomeScreen) and len(home.in_progress) == 1
        box = home.query_one("#progress").region
        scroll = home.query_one("#home").region
        assert box.bottom <= scroll.bottom
