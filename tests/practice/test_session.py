"""The practice session: fail, see why, try again, succeed; the same prefix, the same answer."""

from __future__ import annotations

import random

import pytest

from tutor.practice.defence import Defence
from tutor.practice.loader import load_positions
from tutor.practice.playout import IllegalCard
from tutor.practice.proof import winning_line
from tutor.practice.session import PracticeSession

POSITIONS = load_positions()
DEFENCE = Defence()


def _failing_line(session: PracticeSession, rng: random.Random) -> list:
    """Random legal cards until a line fails (a position that random play fails most often)."""
    for _ in range(200):
        session.replay_cards([])
        cards = []
        while not session.view.over:
            card = rng.choice(session.view.to_play)
            cards.append(card)
            session.play(card)
        if session.view.goal_met is False:
            return cards
    raise AssertionError("no failing line found")


def test_the_shipped_positions_load_without_fault() -> None:
    assert not POSITIONS.faults
    assert len(POSITIONS.positions) >= 40
    assert len({p.theme for p in POSITIONS.positions}) >= 6


@pytest.mark.parametrize(
    "ident", ["draw-trumps-1", "draw-trumps-4", "keep-the-guard-1", "the-vole-1", "save-the-vole-1"]
)
def test_fail_then_see_the_holding_and_the_wrong_trick_then_succeed(ident: str) -> None:
    position = POSITIONS.by_id(ident)
    assert position is not None
    session = PracticeSession(position, DEFENCE)
    _failing_line(session, random.Random(1))
    view = session.view
    assert view.over and view.goal_met is False
    assert view.holding is not None
    assert len(set(view.holding)) == 5 - len(position.info.tricks)
    assert not set(view.holding) & position.info.seen_cards() - {position.info.led}
    assert view.wrong is not None and view.wrong.keeping
    assert "He held" in view.feedback and f"at trick {view.wrong.trick}" in view.feedback

    session.retry()
    assert session.attempts == 2 and not session.view.tricks
    for card in winning_line(position, DEFENCE):
        session.play(card)
    view = session.view
    assert view.over and view.goal_met is True
    assert "at try 2" in view.feedback
    assert view.line and all(step.reason for step in view.line)


def test_the_same_prefix_gets_the_same_answer() -> None:
    position = POSITIONS.positions[0]
    rng = random.Random(7)
    first = PracticeSession(position, Defence())
    cards = []
    while not first.view.over:
        cards.append(rng.choice(first.view.to_play))
        first.play(cards[-1])
    for n in range(len(cards) + 1):
        again = PracticeSession(position, Defence()).replay_cards(cards[:n])
        other = PracticeSession(position, DEFENCE).replay_cards(cards[:n])
        assert again == other


def test_an_illegal_card_changes_nothing() -> None:
    position = POSITIONS.positions[0]
    session = PracticeSession(position, DEFENCE)
    hand = set(session.view.hand)
    from tutor.rules.cards import PACK

    stranger = next(c for c in PACK if c not in hand)
    with pytest.raises(IllegalCard):
        session.play(stranger)
    assert session.cards == []


def test_a_winning_line_gives_a_reason_for_each_card_in_words() -> None:
    position = POSITIONS.by_id("draw-trumps-1")
    assert position is not None
    session = PracticeSession(position, DEFENCE)
    for card in winning_line(position, DEFENCE):
        session.play(card)
    reasons = [step.reason for step in session.view.line or ()]
    assert reasons and all(r.startswith("You ") for r in reasons)
