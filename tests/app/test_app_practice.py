"""Practice in the app: open it from home, fail a position, see the holding that beat
the line and the trick where it went wrong, try again, solve it and read the line;
the result kept in the progress store; a snapshot of one position at 80x24."""

from __future__ import annotations

import random
from datetime import timedelta

from app_helpers import create_app, run, settle

from tutor.app.screens.practice import PracticeListScreen, PracticeScreen
from tutor.app.services import Services
from tutor.practice.proof import winning_line
from tutor.practice.record import LESSON, marks
from tutor.practice.session import PracticeSession

SMALL = (80, 24)
IDENT = "draw-trumps-1"


def feedback(app) -> str:
    return str(app.screen.query_one("#practice-feedback").render())


async def play_cards(pilot, cards) -> None:
    for card in cards:
        screen = pilot.app.screen
        number = screen.session.view.hand.index(card) + 1
        await pilot.press(str(number))
        await pilot.pause()


def failing_cards(position, defence) -> list:
    """A line that fails: random legal cards, seed after seed, tried against the session."""
    session = PracticeSession(position, defence)
    for seed in range(200):
        rng = random.Random(seed)
        session.replay_cards([])
        cards = []
        while not session.view.over:
            cards.append(rng.choice(session.view.to_play))
            session.play(cards[-1])
        if session.view.goal_met is False:
            return cards
    raise AssertionError("no failing line")


@run
async def test_fail_see_why_retry_and_solve():
    app = create_app()
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        await pilot.press("o")
        await settle(pilot)
        assert isinstance(app.screen, PracticeListScreen)
        await pilot.press("down", "enter")  # the first position under the first theme
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, PracticeScreen)
        position = screen.session.position
        assert position.goal.sentence in str(screen.query_one("#practice-head").render())

        await play_cards(pilot, failing_cards(position, app.services.defence))
        text = feedback(app)
        assert "Goal missed" in text and "He held" in text
        wrong = screen.session.view.wrong
        assert wrong is not None and f"at trick {wrong.trick}" in text
        assert marks(app.services.progress)[position.id] == "✗"
        assert any(
            r.lesson == LESSON and r.step == position.id for r in app.services.progress.reviews()
        )

        await pilot.press("r")
        await pilot.pause()
        assert not screen.session.view.tricks and screen.session.attempts == 2
        await play_cards(pilot, winning_line(position, app.services.defence))
        text = feedback(app)
        assert "Goal met at try 2" in text
        for step in screen.session.view.line or ():
            assert f"Trick {step.trick}:" in text
        assert marks(app.services.progress)[position.id] == "◐"

        await pilot.press("n")
        await settle(pilot)
        assert (
            isinstance(app.screen, PracticeScreen) and app.screen.session.position.id != position.id
        )


@run
async def test_a_position_due_for_review_opens_from_the_review_queue():
    app = create_app(start="lessons")
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        store = app.services.progress
        store.settle(LESSON, IDENT, unaided=False)
        store.clock = (lambda now: lambda: now + timedelta(days=1))(store.clock())
        await pilot.press("v")
        await settle(pilot)
        assert isinstance(app.screen, PracticeScreen)
        assert app.screen.session.position.id == IDENT


def test_the_shipped_positions_are_found_in_the_app() -> None:
    assert len(Services().positions.positions) >= 40


def test_a_practice_position_small_terminal(snap_compare):
    async def open_position(pilot) -> None:
        await settle(pilot)
        pilot.app.open_practice(IDENT)
        await settle(pilot)
        await pilot.pause(0.1)

    assert snap_compare(create_app(), terminal_size=SMALL, run_before=open_position)
