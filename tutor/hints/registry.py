"""The named rules: ``Hint`` values in one registry, and the ``Verdict`` a rule gives.

A ``Hint`` is the static description of one rule (its id, the decision it
speaks to, the passages it rests on); the functions that test a position
live in the modules named after the decisions. Keeping the two apart lets
the lessons and the texts check list every rule and its sources without
evaluating anything.
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.rules.actions import Action
from tutor.rules.infoset import DECISIONS


@dataclass(frozen=True, slots=True)
class Hint:
    id: str
    title: str
    decision: str
    sources: tuple[str, ...]
    summary: str

    def __post_init__(self) -> None:
        if self.decision not in DECISIONS:
            raise ValueError(f"hint {self.id}: unknown decision {self.decision!r}")
        if not self.sources:
            raise ValueError(f"hint {self.id}: a hint must cite at least one passage")

    @property
    def by_project(self) -> bool:
        """True for the project's own defaults, which the source does not state."""
        return self.id.startswith("project/")


@dataclass(frozen=True, slots=True)
class Verdict:
    """What one hint says about one position."""

    action: Action
    hint: Hint
    explanation: str
    matched: tuple[str, ...] = ()
    """The features of the position that made the hint apply, in words."""
    readings: tuple[str, ...] = ()
    """The reading ids (``readings/...``) the decision depended on."""
    equally: tuple[Action, ...] = ()
    """Other actions the hint's words allow as well: "lead a small trump" with two
    small trumps held names ``action`` (one of them) and the other here."""

    @property
    def allowed(self) -> tuple[Action, ...]:
        """Every action the hint's words allow: ``action`` first."""
        return (self.action, *self.equally)

    @property
    def by_project(self) -> bool:
        return self.hint.by_project

    @property
    def sources(self) -> tuple[str, ...]:
        """The hint's passages, then the readings used, without repeats."""
        return tuple(dict.fromkeys((*self.hint.sources, *self.readings)))


HINTS: dict[str, Hint] = {}


def register(
    id: str, title: str, decision: str, sources: tuple[str, ...] | str, summary: str
) -> Hint:
    """Add a hint to ``HINTS``; ids are unique for the life of the project."""
    if isinstance(sources, str):
        sources = (sources,)
    if id in HINTS:
        raise ValueError(f"hint {id} registered twice")
    hint = Hint(id, title, decision, tuple(sources), summary)
    HINTS[id] = hint
    return hint
