"""The keys every screen with a hand shares: a letter per decision, 1-5 for the
cards, Enter to confirm a discard. One definition, so the lesson, play and
table screens answer the same keys the same way."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from textual.binding import Binding
from textual.content import Content

from tutor.app.markup import styled
from tutor.rules.actions import Action, discard
from tutor.rules.cards import Card, Suit

DECISION_KEYS = {
    "play": ("p", "Play"),
    "propose": ("o", "Propose"),
    "accept": ("a", "Accept"),
    "refuse": ("x", "Refuse"),
    "mark": ("m", "Mark king"),
    "hold": ("k", "Hold"),
}
"""Decision -> (key, label). Refuse is x and hold is k: r and h are Redeal and Hint."""


def decision_bindings(id_prefix: str = "") -> list[Binding]:
    """The bindings for decisions, cards 1-5 and Enter, with ids under ``id_prefix``.

    All are priority bindings, as Enter must be (a focused button would take it): a
    priority binding is handled as the key arrives, an ordinary one after the keys
    queued before it, so keys typed together ("2", Enter) would otherwise be taken
    out of order, the card chosen after the discard (a learner review: the dealer
    discarded nothing)."""
    return [
        *[
            Binding(key, f"decide('{kind}')", label, id=f"{id_prefix}decide-{kind}", priority=True)
            for kind, (key, label) in DECISION_KEYS.items()
        ],
        # Key 1 once for each size of hand: the footer shows the one that fits the
        # cards held now ("1-2" with two cards, "1" with the last), the others hidden.
        *[
            Binding(
                "1",
                f"card(0, {n})",
                "Card",
                key_display=card_keys(n),
                id=f"{id_prefix}cards-{n}",
                priority=True,
            )
            for n in range(5, 0, -1)
        ],
        *[
            Binding(str(i + 1), f"card({i})", "Card", show=False, priority=True)
            for i in range(1, 5)
        ],
        Binding("enter", "confirm", "Discard", id=f"{id_prefix}confirm", priority=True),
    ]


def card_keys(n: int) -> str:
    """The keys naming ``n`` cards: ``1-5``, ``1-2``, ``1``."""
    return "1" if n == 1 else f"1-{n}"


def follow_prompt(
    led: str,
    hand: Sequence[Card],
    allowed: Sequence[Card],
    led_card: Card | None = None,
    trump: Suit | None = None,
) -> Content:
    """The prompt to follow, after ``led`` ("North led K♠: "): the one card the laws
    leave named with its key, else the keys, saying the forbidden cards are dimmed (a
    learner review: "follow with 1-4" where one card was legal, the law told only by a
    passing warning)."""
    if len(allowed) == 1:
        only = allowed[0]
        return styled(
            "${led}the laws leave you one card, $only ([b]$key[/b]).",
            led=led,
            only=only.label,
            key=str(hand.index(only) + 1),
        )
    some = " (the cards the laws forbid are dimmed)" if len(allowed) < len(hand) else ""
    ways = follow_ways(allowed, led_card, trump)
    return styled(
        "${led}$ways with [b]$keys[/b]$some.",
        led=led,
        ways=" or ".join(ways) + (", choosing" if len(ways) > 1 else ""),
        keys=card_keys(len(hand)),
        some=some,
    )


def follow_ways(allowed: Sequence[Card], led: Card | None, trump: Suit | None) -> list[str]:
    """What the cards the laws allow do to the trick: follow suit, trump, throw away.
    Only those (a reviewer: "trump or throw away" said where trumping was compulsory,
    or to a hand without a trump; a tester's: "follow" said to a hand void in the suit)."""
    if led is None:
        return ["follow"]
    ways = []
    if any(card.suit == led.suit for card in allowed):
        ways.append("follow suit")
    if trump is not None and trump != led.suit and any(card.suit == trump for card in allowed):
        ways.append("trump")
    if any(card.suit not in (led.suit, trump) for card in allowed):
        ways.append("throw away")
    return ways


def last_card_words(card: Card, led: Card | None, trump: Suit | None) -> str:
    """What playing the last card does, said before "your last card": "follow suit
    with", "trump with" or "throw away" (a tester's review: "follow with your last card"
    said of a card thrown away)."""
    way = follow_ways([card], led, trump)[0]
    return way if way == "throw away" else f"{way} with"


class DecisionKeys:
    """Mixin for a Screen: turns the shared keys into domain actions.

    The screen provides ``learner_kinds()`` (the kinds of action open to the
    learner now), ``hand_order()`` (the cards as numbered on screen),
    ``apply(action)``, ``redraw()`` and a ``selected`` set for discards.
    """

    selected: set[Card]

    if TYPE_CHECKING:  # provided by the screen that mixes this in

        def learner_kinds(self) -> set[str]: ...
        def hand_order(self) -> tuple[Card, ...]: ...
        def apply(self, action: Action) -> object: ...
        def redraw(self) -> None: ...

    def check_decision_key(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Whether a shared key is open now; None for actions that are not shared keys."""
        kinds = self.learner_kinds()
        if action == "decide":
            return parameters[0] in kinds
        if action == "card":
            if not kinds & {"lead", "follow", "discard"}:
                return False
            # key 1 as shown for another size of hand: hidden
            return len(parameters) < 2 or parameters[1] == len(self.hand_order())
        if action == "confirm":
            return "discard" in kinds
        return None

    def action_decide(self, kind: str) -> None:
        if kind in self.learner_kinds():
            self.apply(Action(kind))

    def action_card(self, index: int, held: int = 0) -> None:
        """The card numbered ``index + 1`` (``held``: the hand size the key was shown for)."""
        cards = self.hand_order()
        kinds = self.learner_kinds()
        if index >= len(cards):
            return
        card = cards[index]
        if "discard" in kinds:
            self.selected ^= {card}
            self.redraw()
        elif kinds & {"lead", "follow"}:
            self.apply(Action("follow" if "follow" in kinds else "lead", (card,)))

    def action_confirm(self) -> None:
        if "discard" in self.learner_kinds():
            self.apply(discard(*self.selected))

    def decision_prompt(self, kinds: set[str]) -> str:
        """'Play (p) or Propose (o)' for the decisions open now."""
        return " or ".join(
            f"{label} ([b]{key}[/b])"
            for kind, (key, label) in DECISION_KEYS.items()
            if kind in kinds
        )
