"""A player's action in a deal: a small immutable value with a short text form.

Text forms: ``play``, ``propose``, ``accept``, ``refuse``, ``discard 7C 8D``
(``discard`` alone for the dealer taking none), ``mark``, ``hold``,
``lead KS``, ``follow 9H``.
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.io.reading import quote
from tutor.rules.cards import Card, CardError, Suit, parse_cards

KINDS = ("play", "propose", "accept", "refuse", "discard", "mark", "hold", "lead", "follow")
CARD_KINDS = ("lead", "follow")


class ActionError(ValueError):
    """Text that is not an action."""


class IllegalAction(ValueError):
    """A well-formed action that the laws do not allow in this position."""

    def __init__(self, message: str, law: str | None = None) -> None:
        super().__init__(message)
        self.law = law


@dataclass(frozen=True, slots=True)
class Action:
    kind: str
    cards: tuple[Card, ...] = ()

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ActionError(f"unknown action {quote(self.kind)} (one of {' '.join(KINDS)})")
        if self.kind in CARD_KINDS and len(self.cards) != 1:
            raise ActionError(f"{self.kind} takes exactly one card")
        if self.kind not in CARD_KINDS and self.kind != "discard" and self.cards:
            raise ActionError(f"{self.kind} takes no cards")

    @property
    def card(self) -> Card:
        if len(self.cards) != 1:
            raise ActionError(f"{self.kind} has no single card")
        return self.cards[0]

    def __str__(self) -> str:
        if not self.cards:
            return self.kind
        return f"{self.kind} {' '.join(str(c) for c in self.cards)}"

    @property
    def label(self) -> str:
        """The action as a reader reads it, cards with suit symbols: ``lead K♠``
        (``str`` gives the notation, ``lead KS``)."""
        if not self.cards:
            return "take none" if self.kind == "discard" else self.kind
        return f"{self.kind} {' '.join(c.label for c in self.shown_cards)}"

    def answering(self, led: Card | None, trump: Suit | None) -> str:
        """The action as a reader reads it, a card played second said as it answers the
        card ``led``: ``follow suit with K♥``, ``trump with 8♠``, ``throw away 9♦``
        (the record's one word, "follow", tells none of these apart); else ``label``."""
        if self.kind != "follow" or led is None or not self.cards:
            return self.label
        card = self.cards[0]
        if card.suit == led.suit:
            return f"follow suit with {card.label}"
        if card.suit == trump:
            return f"trump with {card.label}"
        return f"throw away {card.label}"

    @property
    def shown_cards(self) -> tuple[Card, ...]:
        """The cards as a reader is shown them: a discard's each suit high to low, as a
        hand is shown (the record's order, "discard J♠ K♠", reads as a slip to one who
        has learnt the king is highest); a card played, itself."""
        if self.kind != "discard":
            return self.cards
        return tuple(sorted(self.cards, key=lambda c: (c.index // 8, -int(c.rank))))

    @staticmethod
    def parse(text: str) -> Action:
        words = text.split()
        if not words:
            raise ActionError("empty action")
        kind = words[0].lower()
        try:
            cards = parse_cards(words[1:])
        except CardError as exc:
            raise ActionError(str(exc)) from None
        if kind == "discard":
            cards = tuple(sorted(cards, key=lambda c: c.index))
        return Action(kind, cards)


def discard(*cards: Card) -> Action:
    return Action("discard", tuple(sorted(cards, key=lambda c: c.index)))


def lead(card: Card) -> Action:
    return Action("lead", (card,))


def follow(card: Card) -> Action:
    return Action("follow", (card,))


PLAY = Action("play")
PROPOSE = Action("propose")
ACCEPT = Action("accept")
REFUSE = Action("refuse")
MARK = Action("mark")
HOLD = Action("hold")
