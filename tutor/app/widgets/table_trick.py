"""The middle of a table of three to six: the turn-up, the trick so far with who
played each card, and the last trick in words. Everything shown is public.

Each card takes eight columns, its player named under it in at most seven
(``Northwest`` is ``NW``); with five cards on the trick the turn-up is told in
words instead, so a six-handed trick fits the 44 columns of an 80-column screen."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Label, Static

from tutor.app.markup import plain
from tutor.app.widgets.cards import CardFace, EmptySlot, card_label
from tutor.tables.model import TableView


class PlayedCard(Vertical):
    """A card on the table with its player's name under it."""

    DEFAULT_CSS = """
    PlayedCard { width: 8; height: 5; }
    PlayedCard Label { width: 8; color: $text-muted; }
    """

    def __init__(self, name: str, card) -> None:
        super().__init__()
        self.player, self.card = name, card

    def compose(self) -> ComposeResult:
        yield CardFace(self.card) if self.card is not None else EmptySlot()
        yield Label(plain(short_name(self.player)))


SHORT = {"Southwest": "SW", "Northwest": "NW", "Northeast": "NE", "Southeast": "SE"}
ROW_CARDS = 5
"""Cards the row shows at most: past that the turn-up is told in words."""


def short_name(name: str) -> str:
    """A seat's name in at most seven columns."""
    return SHORT.get(name, name)[:7]


class TableTrick(Vertical):
    """Turn-up and trick in a row; the last trick and its winner underneath."""

    DEFAULT_CSS = """
    TableTrick { height: auto; }
    TableTrick #tt-row { height: 5; }
    TableTrick #tt-notes { color: $text-muted; height: auto; }
    """

    def compose(self) -> ComposeResult:
        yield Horizontal(id="tt-row")
        yield Static("", id="tt-notes")

    def show(self, view: TableView) -> None:
        row = self.query_one("#tt-row", Horizontal)
        row.remove_children()
        cards = []
        notes = []
        if view.turnup is not None:
            if len(view.trick) < ROW_CARDS:
                cards.append(PlayedCard("turn-up", view.turnup))
            else:
                notes.append(f"Turn-up {card_label(view.turnup)}")
        cards.extend(PlayedCard(name, card) for name, card in view.trick)
        if not view.trick:
            cards.append(PlayedCard("trick", None))
        row.mount_all(cards)
        if view.last_trick:
            played = ", ".join(f"{name} {card_label(card)}" for name, card in view.last_trick)
            notes.append(f"Last trick: {played} — won by {view.last_winner}")
        self.query_one("#tt-notes", Static).update(plain("\n".join(notes)))
