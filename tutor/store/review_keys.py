"""Where a step in the progress store comes from, read from its lesson key.

The store keys every answer and review by (lesson, step) strings, and the lesson
string also says where the step comes from: a lesson's id, ``drill:<topic>`` for a
drill's position, ``game:<seed>`` for a mistake from a game, ``practice`` for a
practice position. This is the one place that reads and writes those strings; the
stored form is unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from tutor.analysis.review import PREFIX as GAME_PREFIX

DRILL_PREFIX = "drill:"
"""A drill's lesson key: this prefix and the topic's key."""
PRACTICE = "practice"
"""The lesson key of every practice position; the step is the position's id."""


class Source(StrEnum):
    LESSON = "lesson"
    DRILL = "drill"
    GAME = "game"
    PRACTICE = "practice"


@dataclass(frozen=True, slots=True)
class ReviewKey:
    """A stored lesson key, resolved: its source and its name there (the lesson's id,
    the drill's topic, the game's seed as stored; empty for practice)."""

    source: Source
    name: str = ""

    @staticmethod
    def of(lesson: str) -> ReviewKey:
        if lesson.startswith(DRILL_PREFIX):
            return ReviewKey(Source.DRILL, lesson[len(DRILL_PREFIX) :])
        if lesson.startswith(GAME_PREFIX):
            return ReviewKey(Source.GAME, lesson[len(GAME_PREFIX) :])
        if lesson == PRACTICE:
            return ReviewKey(Source.PRACTICE)
        return ReviewKey(Source.LESSON, lesson)

    @staticmethod
    def drill(topic: str) -> ReviewKey:
        return ReviewKey(Source.DRILL, topic)

    @staticmethod
    def game(seed: int) -> ReviewKey:
        return ReviewKey(Source.GAME, str(seed))

    def __str__(self) -> str:
        """The key as stored."""
        if self.source is Source.DRILL:
            return f"{DRILL_PREFIX}{self.name}"
        if self.source is Source.GAME:
            return f"{GAME_PREFIX}{self.name}"
        if self.source is Source.PRACTICE:
            return PRACTICE
        return self.name

    @property
    def dealt_again(self) -> bool:
        """Whether the step is a position kept in its own id (a drill's or a game's),
        dealt again from it rather than looked up in the curriculum."""
        return self.source in (Source.DRILL, Source.GAME)

    def title(self) -> str:
        """What to call the source where no lesson's title says it."""
        if self.source is Source.DRILL:
            return f"a drill: {self.name}"
        if self.source is Source.GAME:
            return f"your game, seed {self.name}"
        return str(self)


def is_practice(lesson: str) -> bool:
    return ReviewKey.of(lesson).source is Source.PRACTICE
