"""Judging one answer to one step: right or wrong, and what to tell the learner.

The app and ``ecarte lessons try`` both call ``judge``: a right answer gets the
step's explanation, a wrong one its diagnosis (``tutor.lessons.diagnosis``),
and both the passages that back them and, where the project's computation
speaks to the question asked, its figures in plain words (``figures``).
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.hints.advice import advise
from tutor.hints.readings import reading_note
from tutor.lessons.answers import expected_action, is_correct
from tutor.lessons.diagnosis import Diagnosis, diagnose
from tutor.lessons.figures import finding
from tutor.lessons.model import Step, typed_number
from tutor.rules.actions import Action, ActionError
from tutor.rules.infoset_codec import quote

Answer = Action | int
"""An action for a decision; for a law question, the index (from 0) of the choice in the file."""


class AnswerError(ValueError):
    """Text that is not an answer to the step; the message says what would be."""


@dataclass(frozen=True, slots=True)
class Judgement:
    step: Step
    given: Answer
    correct: bool
    expected: str
    """The right answer: an action in notation, or a law question's choice number (from 1)."""
    feedback: str
    """For a right answer the step's explanation; for a wrong one, its diagnosis in full."""
    diagnosis: Diagnosis | None = None
    """For a wrong answer: what is wrong (``text``, safe to show before a retry) and the
    deciding rule for this hand (``rule``, which gives the answer away)."""
    figures: str = ""
    """The project's computed figures, in words, when they speak to this question."""
    figures_even: bool = False
    """The figures find the two answers alike (``figures.Finding.even``): a wrong answer
    is not the Hints' answer, but loses nothing by them."""

    @property
    def sound(self) -> bool:
        """Wrong by the step, but losing nothing by the computation (``Diagnosis.sound``):
        the tutor asks again without counting a try."""
        return not self.correct and self.diagnosis is not None and self.diagnosis.sound

    @property
    def given_text(self) -> str:
        """The answer given, as the learner would write it (a choice number from 1)."""
        return str(self.given + 1) if isinstance(self.given, int) else str(self.given)

    @property
    def passages(self) -> tuple[str, ...]:
        """The step's passages, then the project's readings the hint for this hand
        turned on (its explanation ends "see the readings in the texts": this is
        where they are)."""
        return self.step.passages + tuple(r for r in self.readings if r not in self.step.passages)

    @property
    def readings(self) -> tuple[str, ...]:
        """The readings (``texts/readings.md``) the deciding hint turned on, when the
        feedback carries their note (``readings.reading_note``)."""
        if self.step.is_law or self.step.info is None:
            return ()
        readings = tuple(dict.fromkeys(advise(self.step.info).readings))
        note = reading_note(readings)
        return readings if note and note in self.feedback else ()

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {
            "lesson": self.step.lesson,
            "step": self.step.id,
            "correct": self.correct,
            "expected": self.expected,
            "feedback": self.feedback,
            "passages": list(self.passages),
        }
        if self.sound:
            out["sound"] = True
        if self.figures:
            out["figures"] = self.figures
        return out


def _choice(step: Step, text: str | int) -> int:
    """A law question's answer: the index of the choice whose number, from 1, was typed
    (in ASCII digits) or sent as a JSON number."""
    why = ""
    if isinstance(text, str):
        number, why = typed_number(text.strip())
    else:
        number = None if isinstance(text, bool) else text
    if number is None or not 1 <= number <= len(step.choices):
        raise AnswerError(
            f"step {step.id} of {step.lesson} is a law question: answer with a choice number,"
            f" 1 to {len(step.choices)}; got {quote(text)}" + (f": {why}" if why else "")
        )
    return number - 1


def parse_answer(step: Step, text: str | int) -> Answer:
    """An answer as typed: a choice number from 1 for a law question, else an action."""
    if step.is_law:
        return _choice(step, text)
    if not isinstance(text, str):
        raise AnswerError(
            f"step {step.id} of {step.lesson} is a {step.question} decision: answer with an"
            f" action such as {_examples(step)}; got {quote(text)}"
        )
    try:
        action = Action.parse(text)
    except ActionError as exc:
        raise AnswerError(
            f"{exc}: answer step {step.id} of {step.lesson} with an action such as {_examples(step)}"
        ) from None
    hand = step.info.hand if step.info is not None else ()
    missing = [c for c in action.cards if c not in hand]
    if missing:
        held = " ".join(str(c) for c in hand)
        raise AnswerError(
            f"{' '.join(str(c) for c in missing)} is not in the hand of step {step.id} of"
            f" {step.lesson} ({held})"
        )
    return action


def _examples(step: Step) -> str:
    return {
        "propose": "play or propose",
        "accept": "accept or refuse",
        "mark_king": "mark or hold",
        "discard": "'discard 7C 8D'",
        "lead": "'lead KS'",
        "follow": "'follow 9H'",
    }.get(step.question, "an action")


def expected_text(step: Step) -> str:
    if step.is_law:
        assert step.answer is not None
        return str(step.answer + 1)
    return str(expected_action(step))


def judge(step: Step, given: Answer) -> Judgement:
    """Right or wrong, and why (the hints engine is asked when the step needs it). A
    step shown in other suits is judged as written and its words told in its suits."""
    if step.suits:
        return _judged_as_written(step, given)
    correct = is_correct(step, given)
    diagnosis = None
    if correct:
        feedback = step.explanation
    else:
        expected = None if step.is_law else expected_action(step)
        diagnosis = diagnose(step, given, expected)
        feedback = str(diagnosis)
    found = finding(step)
    return Judgement(
        step, given, correct, expected_text(step), feedback, diagnosis, found.text, found.even
    )


def _judged_as_written(step: Step, given: Answer) -> Judgement:
    from dataclasses import replace

    from tutor.lessons.variants import map_action, map_text, written

    original, suits = written(step)
    back = {b: a for a, b in suits.items()}
    asked = map_action(given, back) if isinstance(given, Action) else given
    result = judge(original, asked)
    diagnosis = result.diagnosis
    if diagnosis is not None:
        diagnosis = replace(
            diagnosis, text=map_text(diagnosis.text, suits), rule=map_text(diagnosis.rule, suits)
        )
    return replace(
        result,
        step=step,
        given=given,
        expected=expected_text(step),
        feedback=map_text(result.feedback, suits),
        diagnosis=diagnosis,
    )
