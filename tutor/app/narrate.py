"""Actions and penalties told in words for advice and lessons (the log's words are
``tutor.play.narrate``'s)."""

from __future__ import annotations

from tutor.app.widgets.cards import card_label
from tutor.rules.actions import Action
from tutor.rules.infoset import InfoSet


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
