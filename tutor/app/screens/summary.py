"""The end-of-deal summary: both hands open, the tricks, the points, and the
learner's choices set against the engine's (worked out in a thread worker)."""

from __future__ import annotations

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Label, Static

from tutor.app.markup import plain
from tutor.app.narrate import describe_action
from tutor.app.widgets.cards import HandView, card_label
from tutor.app.widgets.passage import PassageMarkdown
from tutor.cards import sort_hand


class DealSummary(ModalScreen[None]):
    """What happened in the deal just played, shown open."""

    BINDINGS = [
        Binding("enter", "close", "Continue", priority=True),
        Binding("escape,space", "close", "Continue", show=False),
    ]

    def __init__(self, start, result, after, learner: int, advisor, engine_name: str) -> None:
        super().__init__()
        self.start, self.result, self.after = start, result, after
        self.learner, self.advisor, self.engine_name = learner, advisor, engine_name

    def compose(self) -> ComposeResult:
        final = self.result.final
        names = self.after.players
        points = final.points
        with Vertical(id="summary") as box:
            box.border_title = plain(f"Deal {self.result.number} is over")
            yield Label(
                plain(
                    f"This deal: {names[0]} {points[0]}, {names[1]} {points[1]}"
                    f"   ·   the game: {names[0]} {self.after.score[0]}, {names[1]} {self.after.score[1]}"
                ),
                id="summary-title",
            )
            with VerticalScroll(id="summary-body"):
                with Horizontal(id="summary-hands"):
                    for seat in (0, 1):
                        role = "dealer" if seat == final.dealer else "non-dealer"
                        with Vertical(classes="open-hand"):
                            yield Label(plain(f"{names[seat]} ({role}), as dealt"), classes="seat-label")
                            yield HandView(numbered=False, id=f"dealt-{seat}")
                with Horizontal(id="summary-facts"):
                    yield Static(plain(self.table_text()), id="summary-table")
                    yield PassageMarkdown("*Comparing your choices with the engine…*", id="choices")
            yield Label("Enter: continue", id="summary-help")
        yield Footer()

    def on_mount(self) -> None:
        final = self.result.final
        for seat in (0, 1):
            hand = sort_hand(final.dealt[seat], final.trump)
            self.query_one(f"#dealt-{seat}", HandView).show(hand)
        self.compare()

    def table_text(self) -> str:
        final = self.result.final
        names = self.after.players
        lines = [f"Turn-up {card_label(final.turnup)}"]
        for seat in (0, 1):
            thrown = " ".join(card_label(c) for c in final.discards[seat]) or "none"
            lines.append(f"{names[seat]} discarded: {thrown}")
        for n, (first, second) in enumerate(final.tricks, start=1):
            lines.append(f"Trick {n}: {card_label(first)} {card_label(second)}")
        won = final.tricks_won()
        if final.tricks:
            lines.append(f"Tricks: {names[0]} {won[0]}, {names[1]} {won[1]}")
        return "\n".join(lines)

    @work(thread=True, exclusive=True)
    def compare(self) -> None:
        game = self.start
        rows = []
        for action in self.result.actions:
            position = game.position
            if position.to_act == self.learner:
                try:
                    advice = self.advisor.advise(position.infoset(self.learner))
                except Exception as exc:
                    rows.append(f"- {describe_action(action)} — *no advice: {exc}*")
                    advice = None
                if advice is not None:
                    rows.append(self.row(action, advice))
            game = game.apply(action)
        text = "**Your choices** (✗ where the {} engine chose otherwise)\n\n{}".format(
            self.engine_name, "\n".join(rows) or "*You had no decision in this deal.*"
        )
        self.app.call_from_thread(self.query_one("#choices", PassageMarkdown).update, text)

    def row(self, action, advice) -> str:
        mine = describe_action(action)
        if advice.action == action:
            return f"- ✓ {mine}"
        text = f"- ✗ {mine} — engine: **{describe_action(advice.action)}**"
        values = advice.values or {}
        if str(action) in values and str(advice.action) in values:
            cost = values[str(advice.action)] - values[str(action)]
            text += f" (costs {cost:.2f} points on average)"
        return f"{text}. {advice.reason}"

    def action_close(self) -> None:
        self.dismiss(None)
