"""What the play sessions share, and what they hand the screen besides the log's lines."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal, Protocol

from tutor.rules.cards import Card

LEARNER = 0
"""The learner's seat at every table."""

Severity = Literal["information", "warning", "error"]


@dataclass(frozen=True, slots=True)
class Notice:
    """A message for the learner apart from the log (a screen shows it as a notification)."""

    message: str
    title: str = ""
    severity: Severity = "information"


class Session(Protocol):
    """A game at a table as the screen sees it: the learner's decisions, undo, the deal
    again, and keeping the game (``tutor.store.saved_games``)."""

    unsaved: bool
    """The learner has acted since the game began, was saved or loaded: putting it
    away then asks first."""

    def learner_kinds(self) -> set[str]:
        """The kinds of action open to the learner now (none while others play)."""
        ...

    def hand_order(self) -> tuple[Card, ...]:
        """The learner's hand as shown, in order (the number keys count in it)."""
        ...

    def undo(self) -> list[str] | None:
        """Back to the learner's previous decision (or before a redeal just made): the
        log's lines, or None when there is nothing to undo."""
        ...

    def save(self) -> Path:
        """Save the game among the records; a ``CannotWrite``."""
        ...
