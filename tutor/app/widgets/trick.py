"""The table's middle: the turn-up, the stock, the trick in progress, the last trick.

Everything shown is public: what both players have seen on the table.
"""

from __future__ import annotations

from dataclasses import dataclass

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Label, Static

from tutor.app.markup import plain
from tutor.app.widgets.cards import CardFace, EmptySlot, card_label
from tutor.rules.cards import Card


@dataclass(frozen=True)
class TableView:
    """What the middle of the table shows; built by a screen from domain values."""

    turnup: Card
    stock: int
    led: Card | None = None
    led_by: str = ""
    last_trick: tuple[Card, Card] | None = None
    last_winner: str = ""


class TrickView(Horizontal):
    """Turn-up and stock on the left, the trick on the right."""

    def compose(self) -> ComposeResult:
        with Vertical(classes="slot"):
            yield Label("Turn-up", classes="slot-label")
            yield Horizontal(id="turnup-slot", classes="slot-cards")
        with Vertical(classes="slot"):
            yield Label("Trick", classes="slot-label", id="trick-label")
            yield Horizontal(id="trick-slot", classes="slot-cards")
        yield Static("", id="trick-notes")

    def show(self, view: TableView) -> None:
        turnup = self.query_one("#turnup-slot", Horizontal)
        turnup.remove_children()
        turnup.mount(CardFace(view.turnup, classes="turnup"))
        trick = self.query_one("#trick-slot", Horizontal)
        trick.remove_children()
        if view.led is not None:
            trick.mount_all([CardFace(view.led), EmptySlot("  ?")])
            self.query_one("#trick-label", Label).update(plain(f"Trick — {view.led_by} led"))
        else:
            trick.mount_all([EmptySlot(), EmptySlot()])
            self.query_one("#trick-label", Label).update("Trick")
        notes = [f"Stock: {view.stock} cards"]
        if view.last_trick is not None:
            first, second = view.last_trick
            notes.append(
                f"Last trick: {card_label(first)} {card_label(second)}, won by {view.last_winner}"
            )
        self.query_one("#trick-notes", Static).update(plain("\n".join(notes)))
