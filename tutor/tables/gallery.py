"""The gallery: bystanders who bet may advise, by pointing only, at French écarté.

"At French écarté (but not at English) bystanders who are betting may advise
the players, by pointing to the cards they desire them to play"
(britannica-9/players); "At French écarté, those betting may ... give advice
(by pointing only)" (britannica-9/laws/25); at English écarté bystanders may
make no remark nor give advice (britannica-9/laws/24).

In free play the tutor can be that gallery: at each of the learner's decisions
that a card answers (a lead, a card to follow, the cards to discard) it points
at the card or cards the Hints to Players favour (``tutor.hints.advise``). It
only points: the reasons stay with the hint key, as a bystander may not talk.
Decisions that are words, not cards (propose, accept, mark the king), get no
pointing. The English rule, no gallery, is the default.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from tutor.cards import Card
from tutor.engines import EngineUnavailable
from tutor.infoset import InfoSet

LAWS = ("britannica-9/players", "britannica-9/laws/25")
ENGLISH_LAW = "britannica-9/laws/24"
POINTED_DECISIONS = ("discard", "lead", "follow")


@dataclass(frozen=True, slots=True)
class Pointing:
    """The cards the gallery points at, and the hint's passages behind its choice."""

    cards: tuple[Card, ...]
    decision: str
    sources: tuple[str, ...] = ()

    def describe(self) -> str:
        names = " ".join(c.symbol for c in self.cards) or "no card"
        verb = "to throw out" if self.decision == "discard" else "to play"
        return f"The gallery points at {names} {verb}."


Adviser = Callable[[InfoSet], object]
"""``InfoSet -> Verdict``: anything with ``.action`` and ``.sources``."""


def hints_adviser(info: InfoSet) -> object:
    """The Hints to Players (``tutor.hints.advise``), imported when first needed."""
    try:
        from tutor.hints import advise
    except ImportError as exc:
        raise EngineUnavailable(f"the hints are not available: {exc}") from None
    return advise(info)


@dataclass(frozen=True)
class Gallery:
    """``Gallery(enabled=True)`` points; the default is the English rule: silence."""

    enabled: bool = False
    adviser: Adviser = hints_adviser

    @property
    def law(self) -> str:
        return LAWS[1] if self.enabled else ENGLISH_LAW

    def point(self, info: InfoSet) -> Pointing | None:
        """Where the gallery points for this decision, or None (silent)."""
        if not self.enabled or info.decision not in POINTED_DECISIONS:
            return None
        verdict = self.adviser(info)
        action = verdict.action  # type: ignore[attr-defined]
        sources = tuple(getattr(verdict, "sources", ()))
        return Pointing(tuple(action.cards), info.decision, sources)
