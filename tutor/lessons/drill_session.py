"""A drill taken position by position: a lesson session whose steps are dealt one at a
time on one topic (``tutor.lessons.drills.generate``), with a running tally.

Its ``random.Random`` is seeded from the system unless a seed is given; the seed is
shown, so a learner can report a position and it can be dealt again. Answers are
recorded under ``drill:<topic key>``, and mistakes join the review queue.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from tutor.lessons import drills
from tutor.lessons.drills import Topic, cited_list
from tutor.lessons.feedback import Words
from tutor.lessons.session import LessonSession, Move

if TYPE_CHECKING:
    from tutor.lessons.model import Curriculum, Step
    from tutor.store.progress import Progress
    from tutor.texts.library import Library


@dataclass(eq=False)
class DrillSession(LessonSession):
    """Fresh positions on ``topic``, one after each answer."""

    topic: Topic | None = None
    seed: int = 0
    dealt: int = 0
    """Positions dealt so far (the one asked is number ``dealt``)."""
    answered: int = 0
    right_first_time: int = 0
    counted: bool = False
    """The position asked is in the tally."""
    rng: random.Random = field(init=False)

    def __post_init__(self) -> None:
        super().__post_init__()
        self.rng = random.Random(self.seed)

    @classmethod
    def of_topic(
        cls,
        chosen: Topic,
        store: Progress,
        words: Words,
        seed: int | None = None,
        course: Curriculum | None = None,
        library: Library | None = None,
    ) -> DrillSession:
        if seed is None:
            seed = random.SystemRandom().randrange(1_000_000)
        return cls(
            store, words, [], chosen.title, course=course, library=library, topic=chosen,
            seed=seed,
        )  # fmt: skip

    @property
    def drilled(self) -> Topic:
        if self.topic is None:
            raise RuntimeError("a drill session without its topic")
        return self.topic

    def clear(self) -> None:
        """No position asked (one is being dealt)."""
        self.attempt = None
        self.steps = []

    def deal(self) -> Step:
        """A fresh position on the topic (slow for a rare topic: a worker's job);
        ``DrillError`` when none can be found."""
        return drills.generate(self.drilled, self.rng)

    def ask(self, step: Step) -> None:
        """Ask the position dealt."""
        self.dealt += 1
        self.counted = False
        self.steps = [step]
        self.index = 0
        self.open_step()

    def count(self) -> bool:
        """Count a finished position in the tally, once; True when it was counted now."""
        attempt = self.attempt
        if attempt is None or not attempt.finished or self.counted:
            return False
        self.counted = True
        self.answered += 1
        # as in the lessons: right at the first try and without a clue
        self.right_first_time += int(attempt.unaided)
        return True

    def next(self) -> Move:
        return Move.DEAL if self.finished else Move.STAY

    def passages_open(self) -> bool:
        """The passage names the rule, so it waits for the answer (or a clue)."""
        attempt = self.attempt
        return attempt is not None and (attempt.finished or attempt.hinted)

    def passages_now(self) -> tuple[str, ...]:
        """With a clue and no answer yet, the family the clue names, whole: the step's own
        passages would tell the answer. With the answer, a hand that is none of the
        topic's (a jeu de règle drill's hand to propose) is shown with the list the
        topic's hints cite, whole."""
        attempt = self.attempt
        if attempt is not None and not attempt.finished and self.clue_passage is not None:
            return self.clue_section()
        shown = super().passages_now()
        if attempt is None or not attempt.finished or self.library is None:
            return shown
        step = self.step
        if step.hint and self.drilled.covers(step.hint):
            return shown
        return tuple(dict.fromkeys([*cited_list(self.drilled, self.library), *shown]))
