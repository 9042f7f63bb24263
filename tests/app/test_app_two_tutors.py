"""Issue 33, items 1 and 7 at the app: two tutors open on one data folder both keep
their game, the home screen offers every unfinished one (a picker for more than one),
and leaving the table after an autosave failed and then succeeded says nothing is lost."""

from __future__ import annotations

from app_helpers import SIZE, create_app, run, settle

from tutor.app.progress import games_dir
from tutor.app.screens import play as play_module
from tutor.app.screens.home import HomeScreen
from tutor.app.screens.play import LEARNER, PlayScreen
from tutor.app.screens.records import LoadGameScreen
from tutor.store import autosave


async def move(pilot, screen: PlayScreen) -> None:
    """The learner's first legal decision, by its key (a card: its place in the hand)."""
    await settle(pilot)
    assert screen.game.to_act == LEARNER
    action = next(a for a in screen.game.legal_actions() if a.kind != "propose")
    if action.kind in ("play", "accept", "refuse", "mark", "hold"):
        key = {"play": "p", "accept": "a", "refuse": "x", "mark": "m", "hold": "k"}[action.kind]
    else:
        key = str(screen.hand_order().index(action.card) + 1)
    await pilot.press(key)
    await settle(pilot)


@run
async def test_two_tutors_on_one_data_folder_both_keep_their_game():
    first = create_app(start="play", seed=11, engine="random")
    second = create_app(start="play", seed=22, engine="random")
    async with first.run_test(size=SIZE) as one:
        await settle(one)
        async with second.run_test(size=SIZE) as two:
            await settle(two)
            table_one, table_two = first.screen, second.screen
            assert isinstance(table_one, PlayScreen) and isinstance(table_two, PlayScreen)
            for _ in range(2):  # moves in each, in turn
                await move(one, table_one)
                await move(two, table_two)
            played = {11: table_one.game.actions, 22: table_two.game.actions}
            await two.press("ctrl+q")
        await one.press("ctrl+q")
    kept = {g.game.seed: g.game.actions for g in autosave.unfinished(games_dir())[0]}
    assert kept == played

    app = create_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        home = app.screen
        assert isinstance(home, HomeScreen)
        line = str(home.query_one("#resume").render())
        assert "2 games in progress" in line and "choose one" in line
        await pilot.press("r")
        await settle(pilot)
        picker = app.screen
        assert isinstance(picker, LoadGameScreen)
        told = [str(o.prompt) for o in picker.query_one("#load-list").options]
        assert len(told) == 2 and {"seed 11" in t for t in told} == {True, False}
        await pilot.press("enter")  # the first, the newest
        await settle(pilot)
        table = app.screen
        assert isinstance(table, PlayScreen)
        assert table.game.actions[: len(played[table.game.seed])] == played[table.game.seed]
        assert table.claim is not None and autosave.is_held(table.claim.path)


@run
async def test_leaving_after_an_autosave_failed_then_succeeded_asks_nothing(monkeypatch):
    real = play_module.keep_in_progress
    failing = [True]

    def keep(*args, **kwargs):
        if failing[0]:
            raise OSError(28, "No space left on device")
        real(*args, **kwargs)

    monkeypatch.setattr(play_module, "keep_in_progress", keep)
    app = create_app(start="play", seed=5, engine="random")
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, PlayScreen)
        await move(pilot, screen)
        assert screen.autosave_failed
        failing[0] = False  # the disk has room again
        await move(pilot, screen)
        assert not screen.autosave_failed
        said = [str(n.message) for n in app._notifications]
        assert "The game is autosaved again." in said
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, HomeScreen)  # nothing asked: the game is kept
        [kept] = autosave.unfinished(games_dir())[0]
        assert kept.game.actions == screen.game.actions
