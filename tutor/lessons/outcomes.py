"""Played-out consequences: a step's deal with the unseen cards arranged, played
both ways.

A lesson about a choice is most convincing when the learner sees the wrong
choice lose (as the best bridge tutors do): the step's ``[steps.outcome]``
arranges the opponent's hand and the stock, this module rebuilds the whole deal
as a ``Position`` (``tutor.rules.deal.start_position``), replays it to the step's
decision, then plays it out after the right and after the wrong choice with a
policy for both sides (the hints engine by default), and reports what each line
scores. The checker insists that the wrong line scores worse, so an arranged
deal that teaches nothing is caught.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from tutor.hints import advise
from tutor.lessons.answers import expected_action, same_action
from tutor.lessons.model import Step
from tutor.rules.actions import (
    ACCEPT,
    HOLD,
    MARK,
    PLAY,
    PROPOSE,
    REFUSE,
    Action,
    IllegalAction,
    follow,
    lead,
)
from tutor.rules.cards import PACK
from tutor.rules.deal import Phase, Position, start_position
from tutor.rules.infoset import InfoSet, infoset_of
from tutor.rules.rulesets import make_rules

Policy = Callable[[InfoSet], Action]
"""What a player does in a position he sees: an engine reduced to a function."""

OTHER = {
    "play": PROPOSE,
    "propose": PLAY,
    "accept": REFUSE,
    "refuse": ACCEPT,
    "mark": HOLD,
    "hold": MARK,
}
"""The wrong choice of a two-way decision, when the lesson does not name it."""

ME, NONDEALER, DEALER = "me", 0, 1


class OutcomeError(ValueError):
    """An arranged deal that cannot be built, replayed or played out; says why."""


@dataclass(frozen=True, slots=True)
class Line:
    """One choice played out to the end of the deal."""

    choice: Action
    moves: tuple[tuple[int, Action], ...]
    """(seat, action) from the decision on, the choice first."""
    final: Position
    points: tuple[int, int]
    """(mine, opponent's) scored in the deal, the king included."""

    @property
    def net(self) -> int:
        return self.points[0] - self.points[1]


@dataclass(frozen=True, slots=True)
class Consequences:
    start: Position
    """The whole deal at the step's decision: show it open after the answer."""
    seat: int
    right: Line
    wrong: Line


def hints_policy(info: InfoSet) -> Action:
    return advise(info).action


def default_history(info: InfoSet) -> tuple[Action, ...] | None:
    """The actions from the deal to the decision when the position implies them:
    no exchange, so the non-dealer either played (the penalty on him) or proposed
    and was refused (the penalty on the dealer)."""
    if info.exchanges:
        return None
    if info.decision == "propose":
        return ()
    if info.decision == "accept":
        return (PROPOSE,)
    if info.decision == "discard":
        return (PROPOSE, ACCEPT) if not info.is_dealer else None
    if info.penalty is None:
        return None
    nondealer_played = (info.penalty == ME) != info.is_dealer
    return (PLAY,) if nondealer_played else (PROPOSE, REFUSE)


def build_position(step: Step) -> tuple[Position, int]:
    """The whole deal at the step's decision, and the seat of the learner."""
    info, outcome = step.info, step.outcome
    if info is None or outcome is None:
        raise OutcomeError("the step has no position and outcome")
    seat = DEALER if info.is_dealer else NONDEALER
    mine = outcome.dealt or info.hand
    if len(mine) != 5 or len(outcome.opponent) != 5:
        raise OutcomeError("both hands as dealt need five cards (give 'dealt' after exchanges)")
    used = [*mine, *outcome.opponent, info.turnup, *outcome.stock]
    if len(set(used)) != len(used):
        raise OutcomeError("a card appears twice among the hands, the turn-up and the stock")
    rest = tuple(c for c in PACK if c not in set(used))
    hands = (mine, outcome.opponent) if seat == NONDEALER else (outcome.opponent, mine)
    score = (info.score[0], info.score[1]) if seat == 0 else (info.score[1], info.score[0])
    try:
        rules = make_rules(step.rules, game=info.game)
    except ValueError as exc:
        raise OutcomeError(str(exc)) from None
    position = start_position(hands, info.turnup, outcome.stock + rest, DEALER, score, rules)
    history = outcome.history if outcome.history is not None else default_history(info)
    if history is None:
        raise OutcomeError("give 'history': the actions from the deal to the first lead")
    script = list(history)
    for first, second in info.tricks:
        script += [lead(first), follow(second)]
    if info.led is not None:
        script.append(lead(info.led))
    position = _replay(position, script, seat, info)
    _same_view(position, seat, info)
    return position, seat


def _replay(position: Position, script: list[Action], seat: int, info: InfoSet) -> Position:
    """Apply the scripted actions, marking or holding the king as the step's
    ``king`` field says whenever the law offers the mark (club-laws/23)."""
    marker = {"me": seat, "opponent": 1 - seat, None: None}[info.king]
    queue = list(script)
    while True:
        if position.phase is Phase.MARK_KING:
            at_decision = not queue and position.to_act == seat and info.decision == "mark_king"
            if at_decision:
                return position
            action = MARK if position.to_act == marker else HOLD
        elif queue:
            action = queue.pop(0)
        else:
            return position
        try:
            position = position.apply(action)
        except IllegalAction as exc:
            raise OutcomeError(f"cannot replay {action}: {exc}") from None


def _same_view(position: Position, seat: int, info: InfoSet) -> None:
    """The rebuilt deal must show the learner exactly the step's position."""
    if position.is_over or position.to_act != seat:
        raise OutcomeError("the replayed deal does not reach the learner's decision")
    view = infoset_of(position, seat)
    checks = {
        "decision": (view.decision, info.decision),
        "hand": (set(view.hand), set(info.hand)),
        "score": (view.score, info.score),
        "exchanges": (view.exchanges, info.exchanges),
        "discards": (set(view.discards), set(info.discards)),
        "penalty": (view.penalty, info.penalty),
        "king": (view.king, info.king),
        "tricks": (view.tricks, info.tricks),
        "led": (view.led, info.led),
    }
    for name, (got, want) in checks.items():
        if got != want:
            raise OutcomeError(
                f"the arranged deal gives {name} {_show(got)}, the step says {_show(want)}"
            )


def _show(value: object) -> str:
    if isinstance(value, set):
        return " ".join(sorted(str(c) for c in value)) or "none"
    return str(value)


def play_out(position: Position, seat: int, first: Action, policy: Policy) -> Line:
    """Apply ``first`` for ``seat``, then let ``policy`` play both sides to the end."""
    moves: list[tuple[int, Action]] = []
    action = first
    for _ in range(64):
        mover = position.to_act
        try:
            position = position.apply(action)
        except IllegalAction as exc:
            raise OutcomeError(f"{action} is illegal here: {exc}") from None
        moves.append((mover, action))
        if position.is_over:
            points = (position.points[seat], position.points[1 - seat])
            return Line(first, tuple(moves), position, points)
        action = policy(infoset_of(position, position.to_act))
    raise OutcomeError("the deal did not end")


def wrong_choice(step: Step) -> Action:
    outcome = step.outcome
    if outcome is not None and outcome.wrong is not None:
        return outcome.wrong
    right = expected_action(step)
    if right.kind in OTHER:
        return OTHER[right.kind]
    raise OutcomeError("name the 'wrong' choice to play out against the right one")


def consequences(step: Step, policy: Policy | None = None) -> Consequences:
    """Both lines of the step's arranged deal, played out."""
    position, seat = build_position(step)
    right = expected_action(step)
    wrong = wrong_choice(step)
    if same_action(right, wrong):
        raise OutcomeError(f"the wrong choice {wrong} is the expected answer")
    play = policy or hints_policy
    return Consequences(
        start=position,
        seat=seat,
        right=play_out(position, seat, right, play),
        wrong=play_out(position, seat, wrong, play),
    )


_PHRASES = {
    "play": ("play without proposing", "plays without proposing"),
    "propose": ("propose", "proposes"),
    "accept": ("accept", "accepts"),
    "refuse": ("refuse", "refuses"),
    "mark": ("mark the king", "marks the king"),
    "hold": ("hold the king back", "holds the king back"),
}


_PLAY_ON = ("play on, with no further exchange", "plays on, with no further exchange")
"""``play`` after an exchange: no penalty attaches to it, as it does to playing without
proposing (a learner review: "you play without proposing" after an exchange read as
if the two-point penalty applied)."""


def _phrase(action: Action, mine: bool, exchanged: bool = False) -> str:
    if action.kind == "play" and exchanged:
        return _PLAY_ON[0 if mine else 1]
    if action.kind in _PHRASES:
        return _PHRASES[action.kind][0 if mine else 1]
    cards = " ".join(c.label for c in action.shown_cards)
    if action.kind == "discard":
        if not cards:
            return "take no cards" if mine else "takes no cards"
        return f"discard {cards}" if mine else f"discards {cards}"
    verb = ("lead", "leads") if action.kind == "lead" else ("play", "plays")
    return f"{verb[0 if mine else 1]} {cards}"


def describe(result: Consequences) -> list[str]:
    """The two lines in words, for a learner or a fault message (the deal shown open):
    the exchanges in one sentence, then each trick in its own (a learner review: seven
    rounds of exchange and five tricks ran on in one sentence)."""
    out = []
    for label, line in (("The lesson's answer", result.right), ("The other choice", result.wrong)):
        mine, theirs = line.points
        king = " (the king's point counted in)" if line.final.king is not None else ""
        won = line.final.tricks_won()
        vole = ""  # named where it is scored (a learner review: "you score 2", no word why)
        if len(line.final.tricks) == 5 and 5 in won:
            vole = " You made the vole." if won[result.seat] == 5 else " He made the vole."
        out.append(
            f"{label} ({line.choice.label}): {_told(result, line)} In this deal you score"
            f" {mine}, your adversary {theirs}{king}.{vole}"
        )
    return out


def _told(result: Consequences, line: Line) -> str:
    """'You propose, he accepts, ... Trick 1: you lead K♠, he plays 7♠. Trick 2: ...'"""
    seat = result.seat
    rounds: list[list[str]] = []
    before: list[str] = []
    tricks: list[list[str]] = []
    number = len(result.start.tricks) + 1
    played = 1 if result.start.led is not None else 0  # cards already in the trick
    current: list[str] = []
    exchanged = bool(result.start.exchanges)
    for who, action in line.moves:
        phrase = ("you " if who == seat else "he ") + _phrase(action, who == seat, exchanged)
        exchanged = exchanged or action.kind == "discard"
        if action.kind in ("lead", "follow"):
            current.append(phrase)
            played += 1
            if played == 2:
                tricks.append(current)
                current, played = [], 0
        elif tricks or current:
            current.append(phrase)
        elif action.kind == "propose" and before:
            rounds.append(before)  # each exchange its own sentence
            before = [phrase]
        else:
            before.append(phrase)
    if current:
        tricks.append(current)
    parts = []
    for group in (*rounds, before):
        if group:
            first = ", ".join(group)
            parts.append(f"{first[0].upper()}{first[1:]}.")
    for n, trick in enumerate(tricks, start=number):
        parts.append(f"Trick {n}: {', '.join(trick)}.")
    return " ".join(parts)
