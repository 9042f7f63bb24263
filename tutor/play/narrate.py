"""Actions told in words for a game's log, hiding what the learner may not see.

The opponent's discards are face down: the log gives their number, never the cards.
"""

from __future__ import annotations

from collections.abc import Sequence

from tutor.rules.actions import Action
from tutor.rules.cards import Card
from tutor.rules.rulesets import RuleSet

VERBS = {
    "play": "plays the hand as it stands",
    "propose": "proposes",
    "accept": "accepts",
    "refuse": "refuses",
    "mark": "marks the king",
    "hold": "does not mark the king",
}


def narrate(name: str, action: Action, *, hidden: bool, drawn: Sequence[Card] = ()) -> str | None:
    """``North leads K♠``; a hidden discard is told by its size only, and the
    opponent's silent hold of the king not at all (it would show he has it). The
    learner's own discard names the cards ``drawn`` for it, when given (a learner
    review could not see what the exchange had brought)."""
    if hidden and action.kind == "hold":
        return None
    if action.kind in VERBS:
        return f"{name} {VERBS[action.kind]}"
    if action.kind == "discard":
        n = len(action.cards)
        if n == 0:
            return f"{name} takes no cards"
        if hidden:
            return f"{name} discards {n} and draws {n}"
        shown = " ".join(c.label for c in action.shown_cards)
        if drawn:
            return f"{name} discards {shown} and draws {' '.join(c.label for c in drawn)}"
        return f"{name} discards {shown} and draws {n}"
    verb = "leads" if action.kind == "lead" else "plays"
    return f"{name} {verb} {action.card.label}"


def drawn_cards(before: Sequence[Card], after: Sequence[Card]) -> tuple[Card, ...]:
    """The cards a discard brought: in the hand ``after`` that were not ``before``."""
    return tuple(c for c in after if c not in before)


def turned_king(name: str, rules: RuleSet) -> str:
    """The king turned up, told where it is scored. Under French rules the dealer says
    « J'ai le roi » before he scores it (french/jeu: "Avant de marquer ce point, il doit
    dire : « J'ai le roi »"); the English laws ask no announcement of a king turned up
    (club-laws/22, club-laws/47)."""
    if rules.french:
        return f"{name} turned up the king: « J'ai le roi », and scores one."
    return f"{name} turned up the king and scores one."
