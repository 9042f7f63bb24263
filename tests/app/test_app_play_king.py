"""The king of trumps led as the learner's first card: the play screen offers
the mark again until the card is played to (club-laws/24), with the law named."""

from __future__ import annotations

from app_helpers import SIZE, create_app, run, settle

from tutor.app.screens.play import LEARNER, PlayScreen
from tutor.rules.cards import Rank, intern
from tutor.rules.deal import Phase

SEED = 26
"""A first deal where the learner is the non-dealer and holds the king of trumps."""


@run
async def test_the_king_led_first_may_still_be_marked():
    app = create_app(start="play", seed=SEED, engine="random")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, PlayScreen)
        position = screen.game.position
        king = intern(Rank.KING, position.trump)
        assert position.dealer != LEARNER and king in position.hands[LEARNER]
        await pilot.press("p")  # play without proposing
        await settle(pilot)
        assert screen.game.position.king_law() == "club-laws/23"
        assert screen.check_action("decide", ("mark",)) is True
        await pilot.press("k")  # hold it back before the first card
        await settle(pilot)
        assert screen.game.position.phase is Phase.LEAD
        assert screen.check_action("decide", ("mark",)) is False
        await pilot.press(str(screen.hand_order().index(king) + 1))  # lead the king
        await settle(pilot)
        position = screen.game.position
        assert position.phase is Phase.MARK_KING and position.to_act == LEARNER
        assert position.king_law() == "club-laws/24" and position.led == king
        assert "law 24" in str(screen.query_one("#prompt").render())
        assert screen.check_action("decide", ("mark",)) is True
        await pilot.press("m")
        await settle(pilot)
        assert screen.game.total_score()[LEARNER] == 1
        assert screen.game.position.king == LEARNER
        assert screen.check_action("decide", ("mark",)) is False
