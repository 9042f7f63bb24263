"""What every table is, apart from its rules: an immutable game value and its view.

Every table (``pool``, ``quatre``, ``cinq``, ``six``) is a frozen value with
``legal_actions()``, ``apply(action)`` returning a new value, ``to_act`` (the
seat to move), ``is_over`` and ``actions`` (everything played so far), and is
rebuilt exactly by ``replay(seed, actions)``: the seed fixes the cut and every
shuffle, the actions are those of ``tutor.rules.actions``. A seat's ``view`` holds
only what that seat may see, so the screen and the computer players never
learn a hidden card from it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from tutor.rules.actions import Action
from tutor.rules.cards import Card


@dataclass(frozen=True, slots=True)
class TableView:
    """One seat's view of a table: plain values for a screen to draw."""

    title: str
    """The table and where it stands, e.g. "Écarté à quatre — deal 3"."""
    hand: tuple[Card, ...]
    turnup: Card | None
    trick: tuple[tuple[str, Card], ...]
    """The trick in progress: who played what, in order."""
    last_trick: tuple[tuple[str, Card], ...] = ()
    last_winner: str = ""
    scores: tuple[tuple[str, str], ...] = ()
    """Lines of the score: a label and its value."""
    status: str = ""
    """Whose turn it is, or how the table ended, in words."""
    playing: bool = True
    """False while this seat sits out (the pool's third player)."""


class Table(Protocol):
    """The common interface of the tables; see the module docstring."""

    name: str
    seed: int
    players: tuple[str, ...]

    @property
    def to_act(self) -> int: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def actions(self) -> tuple[Action, ...]: ...

    def legal_actions(self) -> tuple[Action, ...]: ...

    def apply(self, action: Action) -> Table: ...

    def view(self, seat: int) -> TableView: ...

    def result(self) -> str:
        """How the table ended (or stands), in one line."""
        ...


def count(n: int, word: str) -> str:
    """``1 point``, ``2 points``, ``0 tricks``: a number with its noun agreed."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def seat_names(size: int) -> tuple[str, ...]:
    """Seat names in the order of play; the learner is always the first, South."""
    return {
        3: ("South", "West", "North"),
        4: ("South", "West", "North", "East"),
        5: ("South", "West", "Northwest", "Northeast", "East"),
        6: ("South", "Southwest", "Northwest", "North", "Northeast", "Southeast"),
    }[size]
