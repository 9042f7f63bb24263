"""What every engine is: a function from an information set to advice."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from tutor.rules.actions import Action
from tutor.rules.infoset import InfoSet


@dataclass(frozen=True)
class Advice:
    action: Action
    reason: str
    sources: tuple[str, ...] = ()
    values: dict[str, float] = field(default_factory=dict)
    """With the best engine: the expected score of each option weighed."""
    rule: str | None = None
    """With the hints engine: the id of the hint that decided."""
    exact: bool | None = None
    """With the best engine's card: whether ``values`` cover every holding the opponent
    can have (True) or a sample of them (False); None where it is not said."""
    said: str = ""
    """With the best engine's card or exchange: one plain sentence of what the choice
    does in this hand (``card_words``, ``exchange_words``), also the reason's opening;
    "" where not said."""


class Engine(Protocol):
    name: str

    def advise(self, info: InfoSet) -> Advice: ...


class EngineUnavailable(RuntimeError):
    """An engine name that ``make_engine`` does not know."""
