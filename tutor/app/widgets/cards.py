"""Cards drawn as small framed faces, with a number key under each.

Each card shows rank and suit symbol twice (legible without colour: the four
symbols differ in shape); red suits take ``$card-red`` where colour is shown.
A hand is one widget per card so a mouse click names the card it hit.
"""

from __future__ import annotations

from collections.abc import Iterable

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.message import Message
from textual.widgets import Static

from tutor.app.markup import plain
from tutor.rules.cards import Card


def card_label(card: Card) -> str:
    """The card in its short printed form (``Card.label``)."""
    return card.label


class CardFace(Static):
    """One face-up card; clicking it posts ``CardFace.Clicked``."""

    class Clicked(Message):
        """The learner clicked this card."""

        def __init__(self, face: CardFace) -> None:
            super().__init__()
            self.face = face

        @property
        def control(self) -> CardFace:
            return self.face

    def __init__(self, card: Card, key: str | None = None, **kwargs) -> None:
        label = card_label(card)
        super().__init__(plain(f"{label:<3}\n{label:>5}"), **kwargs)
        self.card = card
        self.add_class("card")
        if card.suit.is_red:
            self.add_class("-red")
        if key:
            self.border_subtitle = key
        self.tooltip = card.noun

    def on_click(self) -> None:
        self.post_message(self.Clicked(self))


class CardBack(Static):
    """A face-down card: the opponent's hand or the stock."""

    def __init__(self, **kwargs) -> None:
        super().__init__("░░░░░\n░░░░░", **kwargs)
        self.add_class("card", "-back")


class EmptySlot(Static):
    """Where a card will go (an empty place in the trick)."""

    def __init__(self, label: str = "", **kwargs) -> None:
        super().__init__(plain(label), **kwargs)
        self.add_class("card", "-empty")


class HandView(Horizontal):
    """A hand of cards, numbered 1-5 for the keys, some possibly selected."""

    class CardChosen(Message):
        """A card of the hand was clicked: its index in the hand as shown."""

        def __init__(self, hand: HandView, index: int) -> None:
            super().__init__()
            self.hand = hand
            self.index = index

        @property
        def control(self) -> HandView:
            return self.hand

    def __init__(self, *, numbered: bool = True, **kwargs) -> None:
        super().__init__(**kwargs)
        self.cards: tuple[Card, ...] = ()
        self.selected: frozenset[Card] = frozenset()
        self.playable: frozenset[Card] | None = None
        self.drawn: frozenset[Card] = frozenset()
        self.tried: frozenset[Card] = frozenset()
        self.numbered = numbered

    def compose(self) -> ComposeResult:
        yield from self._faces()

    def _faces(self) -> Iterable[Static]:
        for i, card in enumerate(self.cards, start=1):
            face = CardFace(card, key=str(i) if self.numbered else None)
            if card in self.selected:
                face.add_class("-selected")
            if self.playable is not None and card not in self.playable:
                face.add_class("-dim")
            if card in self.drawn:
                face.add_class("-drawn")
                face.border_title = "+"
            if card in self.tried:
                face.add_class("-tried")
                face.border_title = "✗"
                face.tooltip = f"{card.noun}: tried already, not the card wanted"
            yield face

    def show(
        self,
        cards: Iterable[Card],
        selected: Iterable[Card] = (),
        playable: Iterable[Card] | None = None,
        drawn: Iterable[Card] = (),
        tried: Iterable[Card] = (),
    ) -> None:
        """Draw these cards (in this order); ``selected`` raised, unplayable dimmed,
        those ``drawn`` in an exchange titled "+" (the hand is sorted again after a
        draw, so without the mark a learner cannot see what the exchange brought),
        those ``tried`` (a lesson's wrong answers to this step) dimmed and titled "✗"."""
        self.cards = tuple(cards)
        self.selected = frozenset(selected)
        self.drawn = frozenset(drawn)
        self.tried = frozenset(tried)
        self.playable = None if playable is None else frozenset(playable)
        self.remove_children()
        self.mount_all(list(self._faces()))

    def on_card_face_clicked(self, event: CardFace.Clicked) -> None:
        event.stop()
        if event.face.card in self.cards:
            self.post_message(self.CardChosen(self, self.cards.index(event.face.card)))


class BacksView(Horizontal):
    """A row of face-down cards, as many as the opponent holds."""

    def show(self, count: int) -> None:
        self.remove_children()
        self.mount_all([CardBack() for _ in range(count)])
