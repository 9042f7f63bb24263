"""A practice position: a deal stopped at one of the learner's cards, a goal, a theme."""

from __future__ import annotations

from dataclasses import dataclass

from tutor.practice.goals import Goal
from tutor.rules.infoset import InfoSet


@dataclass(frozen=True, slots=True)
class Fault:
    """A problem in a positions file, located for an editor: ``file:line: field: message``."""

    file: str
    line: int
    field: str
    message: str

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file
        return (
            f"{where}: {self.field}: {self.message}" if self.field else f"{where}: {self.message}"
        )


@dataclass(frozen=True, slots=True)
class PracticePosition:
    id: str
    theme: str
    goal: Goal
    title: str
    setup: str
    """One or two sentences: where the deal stands."""
    info: InfoSet
    """What the learner sees at his first card (``lead`` or ``follow``)."""
    file: str = ""
    line: int = 0
    """Where the position starts in its file (for the check's faults)."""
    block: int = 0
    """Its number among the file's ``[[positions]]`` blocks, from 1."""
    goal_line: int = 0
    """The line of its ``goal`` key (the proofs' faults are the goal's)."""

    @property
    def key(self) -> str:
        """The position's key in the learner's progress."""
        return f"practice:{self.id}"
