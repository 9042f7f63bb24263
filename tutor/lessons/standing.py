"""Where the learner stands: each lesson's score and mastery, where to go on, and
the topics answered worst, from the progress store (``tutor.store.progress``).

- A lesson's **first-try score** counts its steps whose first attempt ever was
  solved at the first answer without a clue (answering again after seeing the
  answer does not raise it; resetting the lesson starts it afresh). It is
  **mastered** when done, every step's latest attempt was solved unaided and none
  of its steps waits in the review queue at its first interval (a recent miss).
- **Continue**: the lesson left part-way most recently, at the step where it was
  left; else the first lesson not done.
- **Weak spots**: the drill topics (``tutor.lessons.drills.TOPICS``) of the steps
  tried, each with its first-try accuracy (a step's first attempt ever; a drill's
  every attempt), worst first; and the lessons whose other steps (law questions,
  card play: no drill topic covers them) were missed at the first try
  (``weak_lessons``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from tutor.lessons.model import Curriculum, Lesson, Step

if TYPE_CHECKING:
    from tutor.lessons.drills import Topic
    from tutor.store.progress import Progress

BROAD_TOPICS = ("jeux-de-regle", "proposing")
"""Topics that hold narrower ones: a step counts under the narrowest that covers it."""


@dataclass(frozen=True, slots=True)
class LessonStanding:
    lesson: Lesson
    done: bool
    tried: int
    """Steps with a finished attempt."""
    first_try: int
    """Steps whose first attempt was solved at the first answer, without a clue."""
    resume_at: int | None
    """The index of the step where the lesson was left part-way, if it was."""
    solid: bool = False
    """Every step's latest attempt unaided, and no recent miss waiting for review."""

    @property
    def steps(self) -> int:
        return len(self.lesson.steps)

    @property
    def mastered(self) -> bool:
        return self.done and self.steps > 0 and self.solid

    def missed(self, store: Progress) -> list[int]:
        """Indexes of the steps whose latest attempt was not solved unaided."""
        latest = store.latest_attempts(self.lesson.id)
        return [i for i, step in enumerate(self.lesson.steps) if latest.get(step.key) is False]


def standing(lesson: Lesson, store: Progress) -> LessonStanding:
    keys = [s.key for s in lesson.steps]
    first = store.first_attempts()
    latest = store.latest_attempts(lesson.id)
    recent_misses = {(r.lesson, r.step) for r in store.reviews() if r.stage == 0}
    tried = [k for k in keys if k in first]
    solid = all(latest.get(k) for k in keys) and not recent_misses & set(keys)
    place = store.places().get(lesson.id)
    ids = [s.id for s in lesson.steps]
    resume = ids.index(place) if place in ids else None
    return LessonStanding(
        lesson,
        lesson.id in store.lessons_done(),
        len(tried),
        sum(first[k] for k in tried),
        resume,
        solid,
    )


def standings(curriculum: Curriculum, store: Progress) -> list[LessonStanding]:
    return [standing(lesson, store) for lesson in curriculum.lessons]


def continue_point(curriculum: Curriculum, store: Progress) -> tuple[Lesson, int] | None:
    """(lesson, step index) to go on with: the latest lesson left part-way, else the
    first not done (from its start); None when every lesson is done."""
    by_id = {lesson.id: lesson for lesson in curriculum.lessons}
    done = store.lessons_done()
    for lesson_id, step_id in store.places().items():
        lesson = by_id.get(lesson_id)
        if lesson is None or lesson_id in done:
            continue
        ids = [s.id for s in lesson.steps]
        if step_id in ids:
            return lesson, ids.index(step_id)
    for lesson in curriculum.lessons:
        if lesson.id not in done and lesson.steps:
            return lesson, 0
    return None


def next_lesson(curriculum: Curriculum, lesson_id: str, store: Progress) -> Lesson | None:
    """The lesson after this one, skipping those done; else the first not done."""
    done = store.lessons_done()
    ids = [lesson.id for lesson in curriculum.lessons]
    start = ids.index(lesson_id) + 1 if lesson_id in ids else 0
    order = curriculum.lessons[start:] + curriculum.lessons[:start]
    return next((le for le in order if le.id not in done and le.id != lesson_id), None)


@dataclass(frozen=True, slots=True)
class Spot:
    topic: Topic
    right: int
    total: int

    @property
    def accuracy(self) -> float:
        return self.right / self.total if self.total else 0.0


def topic_of(hint_id: str) -> Topic | None:
    from tutor.lessons.drills import TOPICS

    covering = [t for t in TOPICS if t.covers(hint_id)]
    narrow = [t for t in covering if t.key not in BROAD_TOPICS]
    found = narrow or covering
    return found[0] if found else None


def weak_spots(curriculum: Curriculum, store: Progress) -> list[Spot]:
    """The topics tried, worst first-try accuracy first (ties: more tried first)."""
    from tutor.lessons.drills import TOPICS
    from tutor.store.review_keys import ReviewKey, Source

    hints = {s.key: s.hint for s in curriculum.steps if s.hint}
    by_key = {t.key: t for t in TOPICS}
    tally: dict[str, list[int]] = {}
    for (lesson, step), unaided in store.first_attempts().items():
        key = ReviewKey.of(lesson)
        if key.source is Source.DRILL:
            found = by_key.get(key.name)
        else:
            hint = hints.get((lesson, step))
            found = topic_of(hint) if hint else None
        if found is None:
            continue
        row = tally.setdefault(found.key, [0, 0])
        row[0] += int(unaided)
        row[1] += 1
    spots = [Spot(by_key[k], right, total) for k, (right, total) in tally.items()]
    return sorted(spots, key=lambda s: (s.accuracy, -s.total))


@dataclass(frozen=True, slots=True)
class WeakLesson:
    """A lesson's steps outside every drill topic: how many were right at the first try."""

    lesson: Lesson
    right: int
    total: int
    first_missed: int
    """The index of the first such step missed at its first try."""
    to_practise: tuple[Step, ...] = ()
    """The steps missed at their first try, less those since solved unaided (all of
    them again once every one has been)."""

    @property
    def accuracy(self) -> float:
        return self.right / self.total if self.total else 0.0


def weak_lessons(curriculum: Curriculum, store: Progress) -> list[WeakLesson]:
    """The lessons with a step no drill topic covers missed at its first try, worst
    first-try accuracy first: the rules of play and the laws, which no drill deals."""
    first = store.first_attempts()
    latest = store.latest_attempts()
    out = []
    for lesson in curriculum.lessons:
        tally = [0, 0]
        missed: int | None = None
        misses: list[Step] = []
        for i, step in enumerate(lesson.steps):
            if step.hint and topic_of(step.hint) is not None:
                continue  # counted under its topic
            unaided = first.get(step.key)
            if unaided is None:
                continue
            tally[0] += int(unaided)
            tally[1] += 1
            if not unaided:
                misses.append(step)
                if missed is None:
                    missed = i
        if missed is not None:
            still = tuple(s for s in misses if not latest.get(s.key, False))
            out.append(WeakLesson(lesson, tally[0], tally[1], missed, still or tuple(misses)))
    return sorted(out, key=lambda w: (w.accuracy, -w.total))
