"""Actions told in words for the log, hiding what the learner may not see.

The opponent's discards are face down: the log gives their number, never the cards.
"""

from __future__ import annotations

from collections.abc import Sequence

from tutor.app.widgets.cards import card_label
from tutor.rules.actions import Action
from tutor.rules.cards import Card
from tutor.rules.infoset import InfoSet
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
        shown = " ".join(card_label(c) for c in action.shown_cards)
        if drawn:
            return f"{name} discards {shown} and draws {' '.join(card_label(c) for c in drawn)}"
        return f"{name} discards {shown} and draws {n}"
    verb = "leads" if action.kind == "lead" else "plays"
    return f"{name} {verb} {card_label(action.card)}"


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


def describe_action(action: Action, info: InfoSet | None = None) -> str:
    """An action as a short phrase for advice: ``lead K♠``, ``discard 7♣ 8♦``;
    a discard of no cards (the dealer may take none) is ``take no cards``. With the
    position, a card played second says how it answers the card led: ``follow suit
    with K♥``, ``trump with 8♠``, ``throw away 9♦`` (a learner review: a lesson on
    following and trumping called every card "follow")."""
    if not action.cards:
        return "take no cards" if action.kind == "discard" else action.kind
    if action.kind == "follow" and info is not None and info.led is not None:
        card = action.card
        if card.suit == info.led.suit:
            return f"follow suit with {card_label(card)}"
        if card.suit == info.trump:
            return f"trump with {card_label(card)}"
        return f"throw away {card_label(card)}"
    return f"{action.kind} {' '.join(card_label(c) for c in action.shown_cards)}"


def penalty_fact(info: InfoSet) -> str:
    """Who stands to pay for standing on his cards this deal, and what, by the rules in
    force: the non-dealer can only have played without proposing, the dealer only have
    refused the first proposal (club-laws/49: two for the point; french/ecart: the point
    de refus, one more). Said at the table as in the lessons (a tester's review: free
    play first told it in the deal's summary)."""
    mine = info.penalty == "me"
    stood_as_dealer = info.is_dealer == mine
    did = "refused the first proposal" if stood_as_dealer else "played without proposing"
    cost = "one point more, the point de refus" if info.rules.french else "two"
    if mine:
        return f"You {did}: if you lose the point, your adversary scores {cost}."
    return f"Your adversary {did}: if he loses the point, you score {cost}."
