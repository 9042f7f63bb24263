"""The first deal's screen: the table on the left, what the tutor says on the right.

A thin screen over ``tutor.lessons.first_deal.FirstDeal``: it draws the session's
table, writes each ``Line`` it returns (a phase named in bold, a decision's meaning
in italics, with the passages cited), and turns the table's keys into actions. When
the deal is over it records it as done and offers the next lesson.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, Header, Label, RichLog, Static

from tutor.app.markup import plain, styled
from tutor.app.navigation import host, services
from tutor.app.screens.decision_keys import (
    DECISION_KEYS,
    DecisionKeys,
    card_keys,
    decision_bindings,
)
from tutor.app.widgets.cards import HandView
from tutor.app.widgets.footer import AdaptiveFooter
from tutor.app.widgets.trick import TableView, TrickView
from tutor.lessons.first_deal import ADVERSARY, LEARNER, FirstDeal, Line, Table
from tutor.rules.actions import Action, IllegalAction
from tutor.rules.cards import Card

STYLES = {"phase": "bold", "meaning": "italic", "end": "bold", "told": ""}


class FirstDealScreen(DecisionKeys, Screen):
    """One whole deal, walked through."""

    HELP_SECTION = "Keys at the table"

    BINDINGS = [
        *decision_bindings(),
        Binding("n", "next_lesson", "Next lesson", id="next-lesson"),
        Binding("escape", "app.pop_screen", "Back", id="back"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.deal = FirstDeal()
        self.selected: set[Card] = set()
        self.recorded = False

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="play"):
            with Vertical(id="table"):
                yield Label("", id="opponent-label", classes="seat-label")
                yield TrickView(id="trick")
                yield Label("", id="learner-label", classes="seat-label")
                yield HandView(id="hand")
                yield Static("", id="prompt")
                yield Static("", id="fd-meaning")
                yield Horizontal(id="decisions")
            with Vertical(id="side"):
                yield Static("", id="fd-trumps")
                yield RichLog(id="log", max_lines=500, wrap=True, markup=False, min_width=20)
        yield AdaptiveFooter()

    def on_mount(self) -> None:
        self.sub_title = "your first deal"
        self.write(self.deal.opening)
        self.redraw()

    # --- DecisionKeys --------------------------------------------------------------

    def learner_kinds(self) -> set[str]:
        return self.deal.kinds()

    def hand_order(self) -> tuple[Card, ...]:
        return self.deal.table().hand

    def apply(self, action: Action) -> bool:
        try:
            lines = self.deal.act(action)
        except IllegalAction as exc:
            law = f" ({exc.law})" if exc.law else ""
            self.notify(f"{exc}{law}", title="Not allowed", severity="warning")
            return False
        self.selected.clear()
        self.write(lines)
        if self.deal.over and not self.recorded:
            self.record()
        self.redraw()
        return True

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "next_lesson":
            return self.deal.over
        shared = self.check_decision_key(action, parameters)
        return True if shared is None else shared

    # --- the end ---------------------------------------------------------------------

    def record(self) -> None:
        """The first deal done, in the learner's progress; then the next lesson named."""
        from tutor.app.lessonsource import LessonsUnavailable
        from tutor.lessons.first_deal import record_first_deal

        self.recorded = True
        store = services(self).progress
        record_first_deal(store)
        try:
            lesson = self.deal.next_lesson(services(self).curriculum(), store)
        except LessonsUnavailable:
            lesson = None
        self.next_id = lesson.id if lesson is not None else None
        try:
            self.ending = self.deal.ending(services(self).curriculum(), store).text
        except LessonsUnavailable as exc:
            self.ending = str(exc)
        self.write([Line(self.ending, "end")])

    next_id: str | None = None
    ending = ""
    """The deal's result and the lesson to take next, once it is over."""

    def action_next_lesson(self) -> None:
        if not self.deal.over:
            return
        if self.next_id is None:
            self.app.pop_screen()
            host(self).open_lessons()
            return
        ident = self.next_id
        self.app.pop_screen()
        host(self).open_lesson(ident)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        name = event.button.name or ""
        if name == "discard":
            self.action_confirm()
        elif name == "next":
            self.action_next_lesson()
        elif name:
            self.action_decide(name)

    def on_hand_view_card_chosen(self, event: HandView.CardChosen) -> None:
        self.action_card(event.index)

    # --- drawing ---------------------------------------------------------------------

    def write(self, lines: tuple[Line, ...] | list[Line]) -> None:
        """The lines in the log, less the decision's meaning (shown by the question),
        a blank line before each move's."""
        log = self.query_one(RichLog)
        if log.lines:
            log.write(Text(""))
        for line in lines:
            if line.kind == "meaning":
                continue
            text = Text(line.text, style=STYLES.get(line.kind, ""))
            if line.passages:
                text.append(f"  {' · '.join(line.passages)}", style="dim")
            self.log_text(text)

    def log_text(self, text: Text) -> None:
        self.query_one(RichLog).write(text)

    def redraw(self) -> None:
        deal = self.deal
        table = deal.table()
        held = table.adversary_cards
        role = {table.dealer: "dealer", 1 - table.dealer: "non-dealer"}
        self.query_one("#opponent-label", Label).update(
            plain(
                f"North ({role[ADVERSARY]}) · {held} card{'s' if held != 1 else ''}"
                + self.standing(ADVERSARY, table)
            )
        )
        last = table.tricks[-1] if table.tricks else None
        self.query_one(TrickView).show(
            TableView(
                turnup=table.turnup,
                stock=table.stock,
                led=table.led,
                led_by="North" if table.leader == ADVERSARY else "You",
                last_trick=(last.led, last.reply) if last else None,
                last_winner=("you" if last.winner == LEARNER else "North") if last else "",
            )
        )
        drew = f" · drew {' '.join(c.label for c in table.drawn)} (+)" if table.drawn else ""
        self.query_one("#learner-label", Label).update(
            plain(f"You ({role[LEARNER]})" + self.standing(LEARNER, table) + drew)
        )
        kinds = deal.kinds()
        playable = deal.playable() if kinds & {"lead", "follow"} else None
        self.query_one(HandView).show(table.hand, self.selected, playable, drawn=table.drawn)
        trump = deal.position.trump
        self.query_one("#fd-trumps", Static).update(
            plain(f"Trumps {trump.symbol} {trump.noun} · game: 5 points")
        )
        self.query_one("#prompt", Static).update(self.prompt())
        meaning = deal.meaning()
        if deal.over:
            shown = f"{deal.result()}\n\n{self.ending}"
        else:
            shown = meaning.text if meaning else ""
        self.query_one("#fd-meaning", Static).update(plain(shown))
        self.draw_buttons()
        self.refresh_bindings()

    @staticmethod
    def standing(seat: int, table: Table) -> str:
        """A seat's tricks and points this deal, and the king if he marked it."""
        tricks, points = table.tricks_won[seat], table.points[seat]
        king = " ♔" if table.king == seat else ""
        return (
            f" · {tricks} trick{'s' if tricks != 1 else ''}"
            f" · {points} point{'s' if points != 1 else ''}{king}"
        )

    def prompt(self) -> Content:
        deal = self.deal
        if deal.over:
            if self.next_id is None:
                return styled("[b]The deal is over.[/b] Escape: back.")
            return styled(
                "[b]The deal is over.[/b] The next lesson: [b]n[/b] · back: [b]Escape[/b]."
            )
        kinds = deal.kinds()
        keys = card_keys(len(deal.table().hand))
        if "discard" in kinds:
            chosen = " ".join(c.label for c in sorted(self.selected, key=self.hand_order().index))
            return styled(
                "$question Toggle cards with [b]$keys[/b], then [b]Enter[/b]. Chosen: $chosen.",
                question=deal.question,
                keys=keys,
                chosen=chosen or "none",
            )
        if kinds & {"lead", "follow"}:
            return styled("$question Choose with [b]$keys[/b].", question=deal.question, keys=keys)
        answers = " or ".join(
            f"{label.lower()} ([b]{key}[/b])"
            for kind, (key, label) in DECISION_KEYS.items()
            if kind in kinds
        )
        return styled("$question ", question=deal.question) + Content.from_markup(
            answers[:1].upper() + answers[1:] + "."
        )

    def draw_buttons(self) -> None:
        box = self.query_one("#decisions", Horizontal)
        box.remove_children()
        kinds = self.learner_kinds()
        buttons = [
            Button(f"{label} ({key})", name=kind, compact=True)
            for kind, (key, label) in DECISION_KEYS.items()
            if kind in kinds
        ]
        if "discard" in kinds:
            buttons.append(Button("Discard (Enter)", name="discard", compact=True))
        if self.deal.over and self.next_id is not None:
            buttons.append(Button("Next lesson (n)", name="next", compact=True))
        for button in buttons:
            button.can_focus = False
        box.mount_all(buttons)
