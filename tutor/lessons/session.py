"""A lesson taken step by step: the learner's answers in, what to show out.

``LessonSession`` holds a lesson (or the review queue), the step asked, its attempt
(``tutor.store.progress.Attempt``), the answers tried, the clue stage and this
pass's results; ``answer``, ``clue``, ``reveal`` and ``next`` take the learner's
actions and return what to show (``Feedback``: Markdown blocks). The lesson screen
holds one and draws it; the tests drive one without a screen.

Judging is the domain's (``tutor.lessons.judge``): a wrong answer is diagnosed in
words about this hand before anything else; where several choices are left it may
be tried again, and a two-way choice is revealed at once (after one wrong answer
the other is known). The same wrong answer again is not a try. Clues come in two
stages (the family of rule, then what to look at) and mark the step as not solved
unaided. While the learner decides, the passages beside the question are the
lesson's (the whole family of rules); with the answer, the step's own.

The lesson keeps its place: the place moves when the learner answers, so leaving
part-way and coming back resumes at the same step, with the strip as it was.
"""

from __future__ import annotations

import random
import sqlite3
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import timedelta
from enum import StrEnum
from typing import TYPE_CHECKING

from tutor.lessons.answers import expected_action, tries_for
from tutor.lessons.clues import STAGES, clue
from tutor.lessons.judge import Answer, Judgement, judge
from tutor.lessons.model import Curriculum, Lesson, Step, typed_number
from tutor.lessons.shuffle import choice_order
from tutor.lessons.variants import review_variant
from tutor.rules.actions import Action
from tutor.rules.cards import Card, sort_hand

if TYPE_CHECKING:
    from tutor.rules.infoset import InfoSet
    from tutor.store.progress import Attempt, Progress
    from tutor.texts.library import Library

CLUE_HEADING = "#### Clue"
"""The heading a clue's feedback opens with."""
NEXT_LINE = "*Press n for the next step.*"
"""The line a finished step's feedback closes with."""
TWO_WAY = ("propose", "accept", "mark_king")
"""Questions with two answers: a wrong one shows the answer."""


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


class Move(StrEnum):
    """Where ``LessonSession.next`` went."""

    STAY = "stay"
    """The step is not over."""
    STEP = "step"
    """To the next step."""
    END = "end"
    """The lesson is over (or a step seen again from its end is): the end screen."""
    DEAL = "deal"
    """A drill's next position is to be dealt."""


def answer_key(given: Answer) -> object:
    """An answer as the same answer again would be: a discard's cards in any order."""
    if isinstance(given, int):
        return given
    return (given.kind, frozenset(given.cards))


def review_steps(
    course: Curriculum, keys: Iterable[tuple[str, str]], variants: random.Random
) -> list[Step]:
    """The review queue's steps: a drill's or a game's position dealt again, a lesson's
    step in other suits (recalled by its rule, not its cards); a step since removed from
    its lesson is left out."""
    from tutor.analysis.review import PREFIX as GAME
    from tutor.lessons.drills import PREFIX, review_step
    from tutor.lessons.game_steps import game_step

    steps = []
    for lesson_id, step_id in keys:
        try:
            if lesson_id.startswith(PREFIX):
                steps.append(review_step(lesson_id, step_id))
            elif lesson_id.startswith(GAME):
                steps.append(game_step(lesson_id, step_id))
            else:
                steps.append(review_variant(course.lesson(lesson_id).step(step_id), variants))
        except LookupError:
            continue
    return steps


@dataclass(eq=False)
class LessonSession:
    """One pass through a lesson's steps (or the review queue's)."""

    store: Progress
    words: Words
    steps: list[Step]
    title: str
    lesson: Lesson | None = None
    """The lesson taken; None for the review queue (and a drill)."""
    course: Curriculum | None = None
    library: Library | None = None
    review: bool = False
    """Steps recalled for review: no passage beside the question before an answer or clue."""
    variant_seed: int | None = None
    index: int = 0
    attempt: Attempt | None = None
    judgement: Judgement | None = None
    judging: bool = False
    """An answer is being judged: no other is taken meanwhile."""
    wrong_given: set[object] = field(default_factory=set)
    """The wrong answers given to this step (``answer_key``): one again is not a try."""
    clue_stage: int = 0
    clue_passage: str | None = None
    """The passage a clue sent the learner to: shown beside the question."""
    order: list[int] = field(default_factory=list)
    """A law question's choices (file indexes) in the order shown."""
    results: dict[int, bool] = field(default_factory=dict)
    """This pass: step index -> solved unaided."""
    helped: set[int] = field(default_factory=set)
    """Steps of ``results`` not right unaided but right in the end (◐ in the strip)."""
    completed: bool = False
    revisiting: bool = False
    """After the lesson's end: steps opened again do not move its place."""
    variants: random.Random = field(init=False)
    """Draws the suits a step is asked again in (``tutor.lessons.variants``)."""

    def __post_init__(self) -> None:
        self.variants = random.Random(self.variant_seed)

    @classmethod
    def of_lesson(
        cls,
        course: Curriculum,
        lesson_id: str,
        store: Progress,
        words: Words,
        library: Library | None = None,
        variant_seed: int | None = None,
    ) -> LessonSession:
        """A lesson's steps (``UnknownLesson`` if there is no such lesson)."""
        lesson = course.lesson(lesson_id)
        return cls(
            store,
            words,
            list(lesson.steps),
            lesson.title,
            lesson=lesson,
            course=course,
            library=library,
            variant_seed=variant_seed,
        )

    @classmethod
    def of_review(
        cls,
        course: Curriculum,
        keys: Iterable[tuple[str, str]],
        title: str,
        store: Progress,
        words: Words,
        library: Library | None = None,
        variant_seed: int | None = None,
    ) -> LessonSession:
        """The steps progress knows by ``keys`` (lesson, step), asked again."""
        session = cls(
            store, words, [], title, course=course, library=library, review=True,
            variant_seed=variant_seed,
        )  # fmt: skip
        session.steps = review_steps(course, keys, session.variants)
        return session

    # --- where the learner is ---------------------------------------------------------

    @property
    def step(self) -> Step:
        return self.steps[self.index]

    @property
    def finished(self) -> bool:
        """The step asked is over (answered right, or its answer shown)."""
        return self.attempt is not None and self.attempt.finished

    def begin(self, asked: int | None = None) -> str:
        """Open the step to begin with: ``asked``, or where the lesson was left, with the
        strip and score of the steps before it as their latest results left them. Returns
        a warning to show (the place unreadable just now), or ""."""
        if not self.steps:
            return ""
        warning = ""
        if asked is None:
            asked, warning = self.resume_index()
        self.index = max(0, min(asked, len(self.steps) - 1))
        self.results = self.earlier_results()
        self.helped = self.earlier_helped()
        self.open_step()
        return warning

    def resume_index(self) -> tuple[int, str]:
        """Where the learner left the lesson, and a warning when that cannot be read."""
        if self.lesson is None:
            return 0, ""
        place = self.store.places().get(self.lesson.id)
        warning = ""
        if place is None and self.store.busy:
            # a busy file reads as empty: said, not taken for a lesson never begun
            warning = (
                "Your place in this lesson cannot be read just now (the progress file is"
                " busy): it opens at step 1."
            )
        ids = [s.id for s in self.steps]
        return (ids.index(place) if place in ids else 0), warning

    def earlier_results(self) -> dict[int, bool]:
        """Each step before this one as its latest result left it."""
        if self.lesson is None or self.index == 0:
            return {}
        try:
            latest = self.store.latest_attempts(self.lesson.id)
        except sqlite3.Error:  # a busy progress file: the strip starts empty
            return {}
        return {
            i: latest[step.key]
            for i, step in enumerate(self.steps[: self.index])
            if step.key in latest
        }

    def earlier_helped(self) -> set[int]:
        """Of the steps ``earlier_results`` restores as not right unaided, those whose
        latest answer was right (with a clue, or at a later try)."""
        if not self.results:
            return set()
        try:
            answers = self.store.answers(self.lesson.id if self.lesson else None)
        except sqlite3.Error:
            return set()
        last = {(a.lesson, a.step): a.correct for a in answers}
        return {
            i for i, unaided in self.results.items() if not unaided and last.get(self.steps[i].key)
        }

    def open_step(self) -> None:
        """Ask the step at ``index`` afresh: a new attempt, nothing tried, no clue."""
        step = self.step
        self.completed = False
        self.judgement = None
        self.judging = False
        self.wrong_given = set()
        self.clue_stage = 0
        self.clue_passage = None
        self.attempt = self.store.attempt(step.lesson, step.id, tries_for(step))
        self.order = choice_order(step, self.attempt_number(step)) if step.is_law else []

    def attempt_number(self, step: Step) -> int:
        """How many times this step has been tried before: the seed of its choice order."""
        return sum(1 for a in self.store.answers(step.lesson) if a.step == step.id)

    def marks(self) -> list[tuple[str, str]]:
        """The strip, one (mark, style) a step: ✓ right unaided, ◐ right with a clue or at
        a later try, ✗ shown the answer; ● the step asked, ○ one to come."""
        marks = []
        for i in range(len(self.steps)):
            if i in self.results:
                if self.results[i]:
                    marks.append(("✓", "green"))
                else:
                    marks.append(("◐", "yellow") if i in self.helped else ("✗", "red"))
            elif i == self.index:
                marks.append(("●", "bold"))
            else:
                marks.append(("○", "dim"))
        return marks

    def score_text(self) -> str:
        done = len(self.results)
        right = sum(self.results.values())
        return f"{right} of {done} right at the first try" if done else "none answered yet"

    def lesson_title(self, lesson_id: str) -> str:
        """A step's lesson by its title (a drill's or a game's by what it is)."""
        try:
            if self.course is None:
                raise LookupError(lesson_id)
            return self.course.lesson(lesson_id).title
        except LookupError:
            return lesson_id.replace("drill:", "a drill: ").replace("game:", "your game, seed ")

    # --- what the question takes ------------------------------------------------------

    def kinds(self) -> set[str]:
        """The kinds of answer the question takes (none once the step is over, or while judging)."""
        if not self.steps or self.attempt is None or self.attempt.finished or self.judging:
            return set()
        step = self.step
        if step.is_law:
            return {"choice"}
        return {a.kind for a in step.info.legal_actions()} if step.info is not None else set()

    def hand_order(self) -> tuple[Card, ...]:
        """The hand as drawn: trumps first where the answer is a word (play, accept...),
        in the pack's order of suits where it is a card's key, so that the lone trump to
        be played is not always key 1."""
        info = self.step.info
        if info is None:
            return ()
        by_keys = self.step.question in ("lead", "follow", "discard")
        return sort_hand(info.hand, None if by_keys else info.trump)

    def tries_note(self) -> str:
        """How many answers the step takes, said before the first."""
        attempt = self.attempt
        if attempt is None or attempt.finished or not self.kinds():
            return ""
        if attempt.max_tries == 1:
            if self.step.question in TWO_WAY:
                return " One try: with two choices, a wrong one shows the answer."
            return " One answer before it is shown."
        return f" {_tries(attempt.max_tries - attempt.tries)} before the answer is shown."

    def tried_cards(self) -> set[Card]:
        """The cards led or played to this step already, wrongly."""
        return {
            card
            for key in self.wrong_given
            if isinstance(key, tuple) and key[0] in ("lead", "follow")
            for card in key[1]
        }

    def tried_choices(self) -> set[int]:
        """The law choices (file indexes) already given in this attempt."""
        if not self.step.is_law or self.attempt is None:
            return set()
        started, now = self.attempt.started, self.store.clock()
        # read as the app writes them, ASCII digits, and within this attempt: a moment
        # after now is no answer of it
        given = (
            typed_number(a.answer)[0]
            for a in self.store.answers(self.step.lesson)
            if a.step == self.step.id and started <= a.at <= now
        )
        return {n for n in given if n is not None}

    # --- the passages beside the question ---------------------------------------------

    def passages_now(self) -> tuple[str, ...]:
        """The lesson's passages while deciding (the family), the step's with the answer."""
        step = self.step
        if self.finished and step.passages:
            return tuple(step.passages)
        if self.review and self.clue_passage is None:
            return ()  # a review asks for recall: the passage comes with the answer or a clue
        lesson = self.lesson
        if lesson is None and self.course is not None:
            try:
                lesson = self.course.lesson(step.lesson)
            except LookupError:
                lesson = None
        family = lesson.passages_beside(step) if lesson is not None else tuple(step.passages)
        if self.clue_passage is not None:
            first = self.clue_section()
            return (*first, *(p for p in family if p not in first))
        return family

    def clue_section(self) -> tuple[str, ...]:
        """The clue's passage with the passages nested under it: a passage that opens a
        list is read with its list."""
        ident = self.clue_passage
        if ident is None:
            return ()
        if self.library is None or ident not in self.library:
            return (ident,)
        return tuple(p.id for p in self.library.section(ident))

    def passage_names(self, ids: Iterable[str]) -> dict[str, str]:
        if self.library is None:
            return {}
        return {i: self.library.passage(i).title for i in ids if i in self.library}

    # --- the learner's actions --------------------------------------------------------

    def repeated(self, given: Answer) -> str:
        """The notice for a wrong answer given already ("" for a new answer)."""
        if answer_key(given) not in self.wrong_given:
            return ""
        return (
            f"{self.given_text(given)} is the answer you gave already, and not the one"
            " wanted: choose another (? for a clue, s to see the answer)."
        )

    def answer(self, given: Answer) -> Feedback:
        """Judge an answer and take it (``submit``, ``judge``, ``take`` in one)."""
        notice = self.submit(given)
        if notice:
            return Feedback(Kind.REPEATED, notice=notice)
        step = self.step
        try:
            judgement = judge(step, given)
        except Exception:
            self.judging = False
            raise
        return self.take(step, judgement)

    def submit(self, given: Answer) -> str:
        """Begin judging ``given``: the repeated answer's notice, or "" (then judging)."""
        notice = self.repeated(given)
        if not notice:
            self.judging = True
        return notice

    def judge_failed(self) -> None:
        """Judging could not finish (the hints engine failed): the step stays open."""
        self.judging = False

    def take(self, step: Step, judgement: Judgement) -> Feedback:
        """A judged answer to ``step``: recorded, and what to show."""
        self.judging = False
        if not self.steps or self.step is not step or self.attempt is None or self.finished:
            return NOTHING
        self.judgement = judgement
        given = self.given_text(judgement.given)
        held = self.held_line()
        if not judgement.correct:
            self.wrong_given.add(answer_key(judgement.given))
        diagnosis = judgement.diagnosis.text if judgement.diagnosis is not None else ""
        if judgement.sound:
            return Feedback(
                Kind.SOUND,
                _parts(
                    f"### ≈ Sound, but not the Hints' card: {given}",
                    held,
                    diagnosis,
                    "This step teaches the card the Hints play: choose again. This answer is"
                    " not counted as a miss. Press ? for a clue, s to see the answer.",
                ),
            )
        attempt = self.attempt
        # the place moves when the learner answers, not when a step is only looked at
        self.save_place(step)
        attempt.record(judgement.given, judgement.correct)
        if attempt.finished:
            self.step_finished(attempt.unaided, judgement.correct)
        if judgement.correct:
            return Feedback(
                Kind.RIGHT,
                _parts(
                    f"### ✓ Right: {given}{self.helped_note()}",
                    held,
                    self.explanation(),
                    self.review_kept(step),
                    NEXT_LINE,
                ),
            )
        if attempt.finished:
            return Feedback(
                Kind.MISSED,
                _parts(
                    self.miss_heading(judgement, given),
                    held,
                    diagnosis,
                    f"### The answer: **{self.expected_text()}**",
                    self.explanation(told=diagnosis),
                    NEXT_LINE,
                ),
            )
        left = _tries(attempt.max_tries - attempt.tries)
        return Feedback(
            Kind.WRONG,
            _parts(
                self.miss_heading(judgement, given),
                held,
                diagnosis,
                f"Try again: {left} left before the answer is shown. Press ? for a clue, s to"
                " see the answer.",
            ),
        )

    def clue(self) -> Feedback:
        """The next clue (with those before it): the step no longer counts as unaided."""
        attempt = self.attempt
        if not self.kinds() or attempt is None:
            return NOTHING
        attempt.ask_hint()
        self.clue_stage = min(self.clue_stage + 1, STAGES + 1)
        tried = self.tried_choices()
        # a review shows no passage before a clue: the clue's passage is news there
        beside = (
            self.lesson.passages_beside(self.step)
            if self.lesson is not None and not self.review
            else ()
        )
        lines = []
        for stage in range(1, self.clue_stage + 1):
            found = clue(self.step, stage, tried, beside)
            if found is None:
                continue
            text = found.text
            if found.passage:
                name = self.passage_names([found.passage]).get(found.passage, found.passage)
                text += f" Read “[{name}](passage:{found.passage})”, now beside the question."
                self.clue_passage = found.passage
            lines.append(f"{stage}. {text}")
        # a closer clue promised only where there is one
        if self.clue_stage < STAGES and clue(self.step, self.clue_stage + 1, tried):
            lines.append("*Press ? again for a closer clue.*")
        else:
            lines.append("No further clue: answer, or press s to see the answer.")
        tries = f"{_tries(attempt.max_tries - attempt.tries)} left before the answer is shown."
        return Feedback(
            Kind.CLUE,
            (
                CLUE_HEADING,
                *lines,
                f"{tries} *(A step answered with a clue comes back for review.)*",
            ),
        )

    def reveal(self) -> Feedback:
        """Show the answer: the step ends as not solved unaided."""
        if not self.kinds() or self.attempt is None:
            return NOTHING
        self.attempt.reveal()
        self.step_finished(False)
        return Feedback(
            Kind.ANSWER,
            _parts(f"### The answer: **{self.expected_text()}**", self.explanation(), NEXT_LINE),
        )

    def next(self) -> Move:
        """On from a finished step: to the next one, or to the lesson's end."""
        if not self.finished:
            return Move.STAY
        if not self.revisiting and self.index + 1 < len(self.steps):
            self.index += 1
            self.open_step()
            return Move.STEP
        return Move.END

    def finish(self) -> None:
        """The lesson is over: done in the store, its place cleared."""
        if self.lesson is not None and not self.completed:
            self.store.complete_lesson(self.lesson.id)
            self.store.clear_place(self.lesson.id)
        self.completed = True
        self.attempt = None

    def revisit(self, index: int) -> None:
        """A step opened again from the lesson's end, asked in other suits: its answer was
        shown minutes ago, and the same hand could be answered from memory."""
        self.revisiting = True
        self.index = index
        self.steps[index] = review_variant(self.steps[index], self.variants)
        self.open_step()

    # --- the words of the feedback ----------------------------------------------------

    def given_text(self, given: Answer) -> str:
        if isinstance(given, int):
            return f"“{self.step.choices[given].text}”"
        return self.words.action(given, self.step.info)

    def expected_text(self) -> str:
        step = self.step
        if step.is_law and step.answer is not None:
            return step.choices[step.answer].text
        return self.words.action(expected_action(step), step.info)

    def helped_note(self) -> str:
        """Said beside a right answer that was not right unaided, as the strip's mark says it."""
        attempt = self.attempt
        if attempt is None:
            return ""
        if attempt.hinted:
            return " *(with a clue: it comes back for review)*"
        if attempt.tries > 1:
            return " *(not at the first try: it comes back for review)*"
        return ""

    @staticmethod
    def miss_heading(judgement: Judgement, given: str) -> str:
        """ "✗ Not right", or where the figures shown find both answers alike, "✗ Not the
        Hints' answer"."""
        if judgement.figures_even:
            return f"### ✗ Not the Hints' answer: {given} (by the figures below, about as good)"
        return f"### ✗ Not right: {given}"

    def explanation(self, told: str = "") -> str:
        """The step's explanation, its figures and its passages; the explanation left out
        where ``told`` (the diagnosis above it) already gave it."""
        step = self.step
        ids = list(self.judgement.passages if self.judgement is not None else step.passages)
        links = self.words.links("Read", ids, self.passage_names(ids))
        figures = ""
        if self.judgement is not None and self.judgement.figures:
            figures = f"**The project's computation.** {self.judgement.figures}"
        said = "" if step.explanation and step.explanation in told else step.explanation
        return "\n\n".join(part for part in (said, figures, links) if part)

    def held_line(self) -> str:
        """The position in one line (hand, turn-up, trick led), for the verdict: it
        scrolls the cards out of sight on a small screen. Empty for a law question."""
        info = self.step.info
        if info is None:
            return ""
        line = f"*Your hand:* {' '.join(c.label for c in self.hand_order())}"
        line += f" · *turn-up:* {info.turnup.label}"
        if info.led is not None:
            line += f" · *led:* {info.led.label}"
        return line

    def review_kept(self, step: Step) -> str:
        """Said when a step answered right before its review falls due keeps that review."""
        try:
            now = self.store.clock()
            due = next(
                (
                    r.due
                    for r in self.store.reviews()
                    if (r.lesson, r.step) == step.key and r.due > now
                ),
                None,
            )
        except sqlite3.Error:
            return ""
        if due is None:
            return ""
        return (
            f"*This step still comes back for review {self.words.when(due - now)}: answered"
            " right then, it moves on to a longer interval. Spacing the reviews is what makes"
            " it stick.*"
        )

    def outcome(self, step: Step) -> str:
        """The arranged deal played out both ways (hints engine), to show what the choice
        cost: slow, so asked for in a worker once the step is over."""
        from tutor.lessons import consequences
        from tutor.lessons.outcomes import describe

        try:
            lines = describe(consequences(step))
        except Exception as exc:  # an outcome that cannot be played is a note, not a crash
            return f"*The deal could not be played out: {self.words.literal(exc)}*"
        # the unseen cards are the lesson's choice: one deal is an illustration
        average = ""
        judgement = self.judgement
        if judgement is not None and judgement.figures_even:
            average = " On average, by the figures above, it costs about nothing."
        return (
            "#### One deal played out both ways\n\n*The lesson chose the unseen cards to"
            f" show what the other choice can cost: one deal, not an average.{average}*\n\n"
            + "\n".join(f"- {line}" for line in lines)
        )

    # --- the record -------------------------------------------------------------------

    def save_place(self, step: Step) -> None:
        if self.lesson is not None and not self.revisiting:
            self.store.save_place(self.lesson.id, step.id)

    def step_finished(self, unaided: bool, right: bool = False) -> None:
        """Count the step in this pass (its first finish only: a step opened again after
        its answer was shown does not improve the pass), and move the lesson's place on,
        so a learner who leaves now does not meet the same step as new. ``right``: the
        last answer was right (unaided or not)."""
        if self.index not in self.results and right and not unaided:
            self.helped.add(self.index)
        self.results.setdefault(self.index, unaided)
        if self.index + 1 < len(self.steps):
            self.save_place(self.steps[self.index + 1])


def with_note(parts: tuple[str, ...] | list[str], *notes: str) -> list[str]:
    """Feedback with ``notes`` added before its closing "Press n" line."""
    shown = list(parts)
    at = len(shown) - 1 if shown and shown[-1].startswith("*Press n") else len(shown)
    shown[at:at] = notes
    return shown


def _parts(*parts: str) -> tuple[str, ...]:
    return tuple(p for p in parts if p)


def _tries(left: int) -> str:
    return f"{left} {'try' if left == 1 else 'tries'}"
