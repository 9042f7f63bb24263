"""What a lesson session says: the feedback value a screen draws, and its words.

``Feedback`` is Markdown blocks (or, for an answer given already, a notice); the words
the domain cannot choose itself (an action in this position, a delay, links to
passages, a literal text) come from the app's ``Words``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from enum import StrEnum
from typing import TYPE_CHECKING

from tutor.lessons.answers import expected_action
from tutor.rules.actions import Action
from tutor.store.progress import ProgressError

if TYPE_CHECKING:
    from tutor.lessons.judge import Answer, Judgement
    from tutor.lessons.model import Step
    from tutor.rules.cards import Card
    from tutor.rules.infoset import InfoSet
    from tutor.store.progress import Attempt, Progress

CLUE_HEADING = "#### Clue"
"""The heading a clue's feedback opens with."""
NEXT_LINE = "*Press n for the next step.*"
"""The line a finished step's feedback closes with."""


@dataclass(frozen=True, slots=True)
class Words:
    """How the app words and marks up what the feedback says: an action in this position,
    a delay, links to passages, a literal text."""

    action: Callable[[Action, InfoSet | None], str]
    when: Callable[[timedelta], str]
    links: Callable[[str, list[str], dict[str, str]], str]
    """A titled list of links to passages (title, ids, their names)."""
    literal: Callable[[object], str]
    """Text (an exception's) shown as itself in Markdown."""


class Kind(StrEnum):
    """What a feedback says."""

    RIGHT = "right"
    WRONG = "wrong"
    """Wrong, with tries left."""
    MISSED = "missed"
    """Wrong at the last try: the answer follows."""
    SOUND = "sound"
    """As good as the rule's card by the figures: asked again, not a try."""
    REPEATED = "repeated"
    """A wrong answer given already: not judged again, not a try."""
    CLUE = "clue"
    ANSWER = "answer"
    """The answer shown on request."""
    NONE = "none"
    """Nothing to say (the step is over, or not this step's answer)."""


@dataclass(frozen=True, slots=True)
class Feedback:
    """What to show for one action: Markdown blocks, or a notice (``REPEATED``)."""

    kind: Kind
    parts: tuple[str, ...] = ()
    notice: str = ""

    @property
    def finished(self) -> bool:
        return self.kind in (Kind.RIGHT, Kind.MISSED, Kind.ANSWER)


NOTHING = Feedback(Kind.NONE)


def with_note(shown: tuple[str, ...] | list[str], *notes: str) -> list[str]:
    """Feedback with ``notes`` added before its closing "Press n" line."""
    blocks = list(shown)
    at = len(blocks) - 1 if blocks and blocks[-1].startswith("*Press n") else len(blocks)
    blocks[at:at] = notes
    return blocks


def parts(*blocks: str) -> tuple[str, ...]:
    """The blocks that say something."""
    return tuple(b for b in blocks if b)


def tries(left: int) -> str:
    return f"{left} {'try' if left == 1 else 'tries'}"


def given_text(step: Step, given: Answer, words: Words) -> str:
    if isinstance(given, int):
        return f"“{step.choices[given].text}”"
    return words.action(given, step.info)


def expected_text(step: Step, words: Words) -> str:
    if step.is_law and step.answer is not None:
        return step.choices[step.answer].text
    return words.action(expected_action(step), step.info)


def helped_note(attempt: Attempt) -> str:
    """Said beside a right answer that was not right unaided, as the strip's mark says it."""
    if attempt.hinted:
        return " *(with a clue: it comes back for review)*"
    if attempt.tries > 1:
        return " *(not at the first try: it comes back for review)*"
    return ""


def miss_heading(judgement: Judgement, given: str) -> str:
    """ "✗ Not right", or where the figures shown find both answers alike, "✗ Not the
    Hints' answer"."""
    if judgement.figures_even:
        return f"### ✗ Not the Hints' answer: {given} (by the figures below, about as good)"
    return f"### ✗ Not right: {given}"


def explanation(
    step: Step, judgement: Judgement | None, words: Words, names: dict[str, str], told: str = ""
) -> str:
    """The step's explanation, its figures and its passages (``names``: their titles); the
    explanation left out where ``told`` (the diagnosis above it) already gave it."""
    ids = list(judgement.passages if judgement is not None else step.passages)
    links = words.links("Read", ids, names)
    figures = ""
    if judgement is not None and judgement.figures:
        figures = f"**The project's computation.** {judgement.figures}"
    said = "" if step.explanation and step.explanation in told else step.explanation
    return "\n\n".join(part for part in (said, figures, links) if part)


def held_line(step: Step, hand: tuple[Card, ...]) -> str:
    """The position in one line (hand, turn-up, trick led), for the verdict: it scrolls
    the cards out of sight on a small screen. Empty for a law question."""
    info = step.info
    if info is None:
        return ""
    line = f"*Your hand:* {' '.join(c.label for c in hand)}"
    line += f" · *turn-up:* {info.turnup.label}"
    if info.led is not None:
        line += f" · *led:* {info.led.label}"
    return line


def review_kept(store: Progress, step: Step, words: Words) -> str:
    """Said when a step answered right before its review falls due keeps that review."""
    try:
        now = store.clock()
        due = next(
            (r.due for r in store.reviews() if (r.lesson, r.step) == step.key and r.due > now),
            None,
        )
    except ProgressError:
        return ""
    if due is None:
        return ""
    return (
        f"*This step still comes back for review {words.when(due - now)}: answered right"
        " then, it moves on to a longer interval. Spacing the reviews is what makes it stick.*"
    )


def played_out(step: Step, judgement: Judgement | None, words: Words) -> str:
    """The arranged deal played out both ways (hints engine), to show what the choice cost."""
    from tutor.lessons.outcomes import consequences, describe

    try:
        lines = describe(consequences(step))
    except Exception as exc:  # an outcome that cannot be played is a note, not a crash
        return f"*The deal could not be played out: {words.literal(exc)}*"
    # the unseen cards are the lesson's choice: one deal is an illustration
    average = ""
    if judgement is not None and judgement.figures_even:
        average = " On average, by the figures above, it costs about nothing."
    return (
        "#### One deal played out both ways\n\n*The lesson chose the unseen cards to"
        f" show what the other choice can cost: one deal, not an average.{average}*\n\n"
        + "\n".join(f"- {line}" for line in lines)
    )
