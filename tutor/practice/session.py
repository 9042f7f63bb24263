"""The practice session: the learner's cards in, what to show out.

The screen and ``ecarte practice try`` both hold one. A session replays the
learner's cards from the start against the deterministic defence, so its answer
depends on the cards alone; a failure shows the holding that beat the line and
the card where it went wrong, ``retry`` starts again, and a success replays the
line trick by trick with the reason for each card.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from tutor.engines.solver import Solver, bits
from tutor.practice.defence import Defence
from tutor.practice.model import PracticePosition
from tutor.practice.playout import (
    IllegalCard,
    Played,
    Playout,
    card_of,
    holding,
    replay,
)
from tutor.practice.reasons import reason
from tutor.rules.cards import Card, sort_hand


@dataclass(frozen=True, slots=True)
class WrongTurn:
    """Where a failed line went wrong: the first card after which the goal could no
    longer be made sure, and the cards that would have kept it."""

    trick: int
    """The trick of the deal (from 1)."""
    card: Card
    keeping: tuple[Card, ...]

    def sentence(self) -> str:
        others = " or the ".join(c.noun for c in self.keeping)
        return (
            f"Your line went wrong at trick {self.trick}: after your {self.card.noun}, some"
            f" holding he might have had beats whatever you play next; the {others} would"
            " have kept the goal sure."
        )


@dataclass(frozen=True, slots=True)
class LineStep:
    """One trick of a winning line, with the reason for the learner's card."""

    trick: int
    played: Played
    reason: str


@dataclass(frozen=True, slots=True)
class PracticeView:
    """What the screen shows after each card."""

    position: PracticePosition
    tricks: tuple[Played, ...]
    """The practice's tricks so far."""
    led: Card | None
    """His card on the table, waiting for yours."""
    hand: tuple[Card, ...]
    to_play: tuple[Card, ...]
    won: tuple[int, int]
    """Tricks won in the deal: yours, his."""
    over: bool
    goal_met: bool | None
    feedback: str
    holding: tuple[Card, ...] | None
    """His cards, once the play is over."""
    wrong: WrongTurn | None = None
    line: tuple[LineStep, ...] | None = None


class PracticeSession:
    """One position played out, attempt after attempt."""

    def __init__(self, position: PracticePosition, defence: Defence | None = None) -> None:
        self.position = position
        self.defence = defence or Defence()
        self.solver = Solver()
        self.cards: list[Card] = []
        self.attempts = 1
        self._view = self._show(replay(position, [], self.defence))

    @property
    def view(self) -> PracticeView:
        return self._view

    @property
    def first_try(self) -> bool:
        return self.attempts == 1

    def play(self, card: Card) -> PracticeView:
        """The learner's next card; IllegalCard (nothing changes) if it cannot be played."""
        playout = replay(self.position, [*self.cards, card], self.defence)
        self.cards.append(card)
        self._view = self._show(playout)
        return self._view

    def replay_cards(self, cards: list[Card]) -> PracticeView:
        """The view after ``cards`` from the start (``practice try``)."""
        playout = replay(self.position, cards, self.defence)
        self.cards = list(cards)
        self._view = self._show(playout)
        return self._view

    def retry(self) -> PracticeView:
        self.cards = []
        self.attempts += 1
        self._view = self._show(replay(self.position, [], self.defence))
        return self._view

    def _show(self, playout: Playout) -> PracticeView:
        state = playout.state
        hand = sort_hand((card_of(c) for c in bits(state.mine)), self.position.info.trump)
        over = playout.over
        view = PracticeView(
            position=self.position,
            tricks=playout.tricks,
            led=playout.led,
            hand=hand,
            to_play=playout.to_play(),
            won=state.won,
            over=over,
            goal_met=playout.goal_met,
            feedback="",
            holding=holding(self.position, playout, self.defence) if over else None,
        )
        if not over:
            return _with_feedback(view, self._progress(playout))
        if playout.goal_met:
            line = self._line(playout)
            return _with_feedback(view, self._success(playout), line=line)
        wrong = self._wrong_turn(playout)
        return _with_feedback(view, self._failure(view, wrong), wrong=wrong)

    def _progress(self, playout: Playout) -> str:
        goal = self.position.goal
        if not playout.tricks:
            led = playout.led
            opening = f"He leads the {led.noun}. " if led is not None else ""
            return (
                f"{opening}Play it out to {goal.title}: he holds whatever cards fit what you"
                " have seen, and those that beat your line wherever some do."
            )
        last = playout.tricks[-1]
        who = "You win" if last.learner_won else "He wins"
        told = f"{who} the trick ({last.first.label} {last.second.label})."
        if playout.led is not None:
            told += f" He leads the {playout.led.noun}."
        mine, his = playout.state.won
        return f"{told} Tricks: you {mine}, he {his}."

    def _success(self, playout: Playout) -> str:
        goal = self.position.goal
        tries = "at the first try" if self.first_try else f"at try {self.attempts}"
        return (
            f"Goal met {tries}: you {goal.title} with {playout.state.won[0]} tricks"
            " against every holding he might have had."
        )

    def _failure(self, view: PracticeView, wrong: WrongTurn | None) -> str:
        cards = " ".join(c.label for c in view.holding or ())
        goal = self.position.goal
        his = view.won[1]
        needed = f"{goal.tricks} trick{'s' if goal.tricks > 1 else ''}"
        told = (
            f"Goal missed: you needed {needed}, and with {his} taken by him you can no longer"
            f" {goal.title}. He held {cards}: one of the holdings that fit everything you saw,"
            " the one the defence chose to beat your line."
        )
        if wrong is not None:
            told += " " + wrong.sentence()
        return told

    def _wrong_turn(self, playout: Playout) -> WrongTurn | None:
        need = self.position.goal.tricks
        for decision in playout.decisions:
            state = decision.state
            if not self.defence.reachable(state, need):
                return None  # lost before any card of the learner's (never in a checked position)
            keeping = self.defence.winning_cards(state, need)
            if decision.card.index not in keeping:
                trick = sum(state.won) + 1
                return WrongTurn(trick, decision.card, tuple(card_of(c) for c in keeping))
        return None

    def _line(self, playout: Playout) -> tuple[LineStep, ...]:
        goal = self.position.goal
        by_trick = {sum(d.state.won) + 1: d for d in playout.decisions}
        out = []
        for offset, played in enumerate(playout.tricks):
            number = len(self.position.info.tricks) + offset + 1
            decision = by_trick.get(number)
            words = (
                reason(decision.state, decision.card, goal, self.defence, self.solver)
                if decision is not None
                else ""
            )
            out.append(LineStep(number, played, words))
        return tuple(out)


def _with_feedback(
    view: PracticeView,
    feedback: str,
    wrong: WrongTurn | None = None,
    line: tuple[LineStep, ...] | None = None,
) -> PracticeView:
    return replace(view, feedback=feedback, wrong=wrong, line=line)


__all__ = ["IllegalCard", "LineStep", "PracticeSession", "PracticeView", "WrongTurn"]
