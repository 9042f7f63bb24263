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
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING

from tutor.lessons import feedback
from tutor.lessons.answers import TWO_WAY_QUESTIONS, tries_for
from tutor.lessons.clues import STAGES, clue
from tutor.lessons.feedback import (
    CLUE_HEADING,
    NEXT_LINE,
    NOTHING,
    Feedback,
    Kind,
    Words,
    parts,
    tries,
)
from tutor.lessons.judge import Answer, Judgement, judge
from tutor.lessons.model import Curriculum, Lesson, Step, typed_number
from tutor.lessons.shuffle import choice_order
from tutor.lessons.variants import review_variant
from tutor.rules.cards import Card, sort_hand
from tutor.store.progress import ProgressError

if TYPE_CHECKING:
    from tutor.store.progress import Attempt, Progress
    from tutor.texts.library import Library


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
        except ProgressError:  # a busy progress file: the strip starts empty
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
        except ProgressError:
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
            if self.step.question in TWO_WAY_QUESTIONS:
                return " One try: with two choices, a wrong one shows the answer."
            return " One answer before it is shown."
        return f" {tries(attempt.max_tries - attempt.tries)} before the answer is shown."

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
        held = feedback.held_line(step, self.hand_order())
        if not judgement.correct:
            self.wrong_given.add(answer_key(judgement.given))
        diagnosis = judgement.diagnosis.text if judgement.diagnosis is not None else ""
        if judgement.sound:
            return Feedback(
                Kind.SOUND,
                parts(
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
                parts(
                    f"### ✓ Right: {given}{feedback.helped_note(attempt)}",
                    held,
                    self.explanation(),
                    feedback.review_kept(self.store, step, self.words),
                    NEXT_LINE,
                ),
            )
        if attempt.finished:
            return Feedback(
                Kind.MISSED,
                parts(
                    feedback.miss_heading(judgement, given),
                    held,
                    diagnosis,
                    f"### The answer: **{self.expected_text()}**",
                    self.explanation(told=diagnosis),
                    NEXT_LINE,
                ),
            )
        left = tries(attempt.max_tries - attempt.tries)
        return Feedback(
            Kind.WRONG,
            parts(
                feedback.miss_heading(judgement, given),
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
        left = f"{tries(attempt.max_tries - attempt.tries)} left before the answer is shown."
        return Feedback(
            Kind.CLUE,
            (
                CLUE_HEADING,
                *lines,
                f"{left} *(A step answered with a clue comes back for review.)*",
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
            parts(f"### The answer: **{self.expected_text()}**", self.explanation(), NEXT_LINE),
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
        return feedback.given_text(self.step, given, self.words)

    def expected_text(self) -> str:
        return feedback.expected_text(self.step, self.words)

    def explanation(self, told: str = "") -> str:
        ids = list(self.judgement.passages if self.judgement is not None else self.step.passages)
        return feedback.explanation(
            self.step, self.judgement, self.words, self.passage_names(ids), told
        )

    def outcome(self, step: Step) -> str:
        """The arranged deal played out both ways (hints engine), to show what the choice
        cost: slow, so asked for in a worker once the step is over."""
        return feedback.played_out(step, self.judgement, self.words)

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
