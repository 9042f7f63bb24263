"""The first deal in the app: it leads the home screen of a fresh learner, plays through
with the table's keys to its end, is recorded, and then gives the home screen back its
usual first entry, staying reachable from the lessons list and the palette; its first
screen at 80x24 as a snapshot.

Regenerate the snapshot after a deliberate change of look with
``pytest tests/app/test_app_first_deal.py --snapshot-update`` and review the SVG.
"""

from __future__ import annotations

from app_helpers import create_app, run, settle

from tutor.app.screens.first_deal import FirstDealScreen
from tutor.app.screens.home import HomeScreen
from tutor.app.screens.lesson import LessonScreen
from tutor.app.screens.lessons import LessonsScreen
from tutor.lessons.first_deal import first_deal_done
from tutor.rules.cards import Rank

SMALL = (80, 24)


async def play_through(pilot) -> FirstDealScreen:
    """Play the arranged line with the keys: propose, keep trumps and kings, propose
    again, mark the king, then a card the laws allow, key by key."""
    screen = pilot.app.screen
    assert isinstance(screen, FirstDealScreen)
    deal = screen.deal
    while not deal.over:
        kinds = deal.kinds()
        if "propose" in kinds:
            await pilot.press("o")
        elif "discard" in kinds:
            hand = deal.table().hand
            for i, card in enumerate(hand):
                if card.suit != deal.position.trump and card.rank is not Rank.KING:
                    await pilot.press(str(i + 1))
            await pilot.press("enter")
        elif "mark" in kinds:
            await pilot.press("m")
        else:
            hand, playable = deal.table().hand, deal.playable()
            chosen = playable[-1] if deal.decision == "lead" else playable[0]
            await pilot.press(str(hand.index(chosen) + 1))
        await settle(pilot)
    return screen


@run
async def test_a_fresh_learner_is_led_through_the_first_deal_and_home_moves_on():
    app = create_app()
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        home = app.screen
        assert isinstance(home, HomeScreen)
        entry = home.query_one("#first-deal-use")
        assert entry.display
        assert entry.region.y < home.query_one("#uses").region.y  # the first entry
        await pilot.press("f")
        await settle(pilot)
        screen = await play_through(pilot)
        said = " ".join(line.text for line in screen.deal.said)
        assert "North accepts" in said and "The score:" in said
        assert "A test lesson" in screen.ending  # the fixed lessons' first
        assert first_deal_done(app.services.progress)
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, HomeScreen)
        assert not app.screen.query_one("#first-deal-use").display
        await pilot.press("f")  # no longer the home's key
        await settle(pilot)
        assert isinstance(app.screen, HomeScreen)
        await pilot.press("l")
        await settle(pilot)
        assert isinstance(app.screen, LessonsScreen)
        await pilot.press("f")  # still reachable from the lessons list
        await settle(pilot)
        assert isinstance(app.screen, FirstDealScreen)


@run
async def test_the_end_opens_the_next_lesson():
    app = create_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.click("#use-first-deal")
        await settle(pilot)
        await play_through(pilot)
        await pilot.press("n")
        await settle(pilot)
        assert isinstance(app.screen, LessonScreen)
        assert app.screen.lesson.id == "test-lesson"


@run
async def test_an_illegal_discard_is_told_and_changes_nothing():
    app = create_app()
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        await pilot.press("f")
        await settle(pilot)
        screen = app.screen
        await pilot.press("o")
        await settle(pilot)
        before = screen.deal.position
        await pilot.press("enter")  # nothing chosen: the non-dealer must discard one
        await settle(pilot)
        assert screen.deal.position == before
        assert any("at least one card" in str(n.message) for n in app._notifications)


@run
async def test_the_palette_offers_the_first_deal():
    app = create_app()
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        titles = [command.title for command in app.get_system_commands(app.screen)]
        assert "First deal" in titles


def test_first_deal_small_terminal(snap_compare):
    async def open_it(pilot):
        await settle(pilot)
        await pilot.press("f")
        await settle(pilot)
        await pilot.pause(0.1)

    assert snap_compare(create_app(), terminal_size=SMALL, run_before=open_it)
