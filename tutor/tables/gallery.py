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

Where the gallery may stand: at French écarté, so at every table played under
the French rules (the pool, à quatre, à cinq, à six: law 25 names no table);
never under the English rules (law 24), whatever the table. At four, five or
six the Hints speak only of the game for two, so there the gallery points
where the tables' advisor would play (``tutor.tables.advisor``), and says so.
``allowed(rules)`` and ``refusal()`` give the rule and the sentence to show.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from tutor.hints import Verdict, advise
from tutor.rules.cards import Card
from tutor.rules.infoset import InfoSet
from tutor.rules.rulesets import RuleSet

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


Adviser = Callable[[InfoSet], Verdict]
"""Where the gallery looks: the Hints to Players (``tutor.hints.advise``) unless a
test gives another."""


def allowed(rules: RuleSet) -> bool:
    """The gallery stands only at French écarté (britannica-9/laws/25)."""
    return rules.french


def refusal() -> str:
    """Why there is no gallery under English rules, as a sentence."""
    return (
        "No gallery here: these are English rules, and at English écarté bystanders may "
        f"make no remark nor give advice ({ENGLISH_LAW}). Play with --rules french for one."
    )


def announcement(enabled: bool, round_table: bool = False) -> str:
    """What turning the gallery on or off means, as a sentence."""
    if not enabled:
        return "The gallery is silent: no one points at your cards."
    who = (
        "where the advisor would play (the Hints speak only of the game for two)"
        if round_table
        else "at the card the Hints to Players favour"
    )
    return (
        "The gallery is on: at French écarté, bystanders who bet may advise by pointing "
        f"at a card ({LAWS[1]}); here they point {who}."
    )


@dataclass(frozen=True)
class Gallery:
    """``Gallery(enabled=True)`` points; the default is the English rule: silence."""

    enabled: bool = False
    adviser: Adviser = advise

    @property
    def law(self) -> str:
        return LAWS[1] if self.enabled else ENGLISH_LAW

    def point(self, info: InfoSet) -> Pointing | None:
        """Where the gallery points for this decision, or None (silent)."""
        if not self.enabled or info.decision not in POINTED_DECISIONS:
            return None
        verdict = self.adviser(info)
        return Pointing(verdict.action.cards, info.decision, verdict.sources)
