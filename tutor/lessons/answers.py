"""Whether an answer is right: comparing actions, and asking the hints engine."""

from __future__ import annotations

from tutor.hints import Verdict, advise
from tutor.lessons.model import Step
from tutor.rules.actions import Action, ActionError


def same_action(a: Action, b: Action) -> bool:
    """Equal actions; the cards of a discard compare as a set (their order means nothing)."""
    if a.kind != b.kind:
        return False
    if a.kind == "discard":
        return set(a.cards) == set(b.cards)
    return a.cards == b.cards


def verdict(step: Step) -> Verdict:
    """The hints engine's verdict on the step's position."""
    if step.info is None:
        raise ValueError(f"step {step.id} of {step.lesson} has no position")
    return advise(step.info)


def expected_action(step: Step) -> Action:
    """The action the step expects: written in the lesson, or the hints engine's."""
    if step.expected is not None:
        return step.expected
    return verdict(step).action


def right_actions(step: Step) -> tuple[Action, ...]:
    """The expected action, then any other the deciding hint's words allow as well
    (``Verdict.equally``: either of two small trumps, where the Hints say "a small
    trump")."""
    expected = expected_action(step)
    if step.info is None:
        return (expected,)
    allowed = verdict(step).allowed
    if not any(same_action(expected, a) for a in allowed):
        return (expected,)
    return (expected, *(a for a in allowed if not same_action(expected, a)))


def is_correct(step: Step, answer: Action | str | int) -> bool:
    """Check a learner's answer: an action (or its text) for a decision, a choice
    number (from 0) for a law question. Malformed text is simply wrong."""
    if step.is_law:
        return isinstance(answer, int) and step.check_choice(answer)
    if isinstance(answer, int):
        return False
    if isinstance(answer, str):
        try:
            answer = Action.parse(answer)
        except ActionError:
            return False
    return any(same_action(answer, right) for right in right_actions(step))


TWO_WAY_QUESTIONS = ("propose", "accept", "mark_king")
MAX_TRIES = 3


def tries_for(step: Step) -> int:
    """How many answers a step takes before its answer is shown.

    A retry on a two-way choice is no retry (after one wrong answer the other is
    known), so it is diagnosed and revealed at once. Elsewhere a wrong answer may be
    tried again while at least three choices are left untried, up to three answers: a
    retry between the last two is a coin's toss, and the diagnosis of the first wrong
    one often rules out a second (a learner review: three-way law questions answered
    on the retry from the feedback alone).
    """
    if step.is_law:
        return _tries_among(len(step.choices))
    if step.question in TWO_WAY_QUESTIONS or step.info is None:
        return 1
    if step.question in ("lead", "follow"):
        return _tries_among(len(step.info.legal_actions()))
    return MAX_TRIES


def _tries_among(choices: int) -> int:
    """Answers while three choices or more are left untried: one with three choices."""
    return max(1, min(MAX_TRIES, choices - 2))
