"""The end-of-deal summary: both hands open, the tricks, the points, and every one
of the learner's choices graded as the game review grades it (``tutor.analysis.review``: the
``best`` engine seeded with the game's seed, the same grades by the points a choice
cost; a near tie is no mark against it), worked out in a thread worker.

The hands, the tricks and the choices are one scrolling pane (PageUp, PageDown,
Home, End), so a long deal's choices are never cut off."""

from __future__ import annotations

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from tutor.app.markup import markdown_literal, plain
from tutor.app.narrate import describe_action
from tutor.app.widgets.cards import HandView, card_label
from tutor.app.widgets.footer import AdaptiveFooter
from tutor.app.widgets.passage import PassageMarkdown
from tutor.rules.cards import Rank, sort_hand
from tutor.rules.infoset import infoset_of
from tutor.rules.laws import deal_points_told


class DealSummary(ModalScreen[None]):
    """What happened in the deal just played, shown open."""

    BINDINGS = [
        Binding("enter", "close", "Continue", priority=True),
        Binding("escape,space", "close", "Continue", show=False),
        Binding(
            "pagedown", "scroll_body('scroll_page_down')", "More", key_display="PgDn", priority=True
        ),
        Binding("pageup", "scroll_body('scroll_page_up')", "Scroll", show=False),
        Binding("end", "scroll_body('scroll_end')", "Scroll", show=False),
        Binding("home", "scroll_body('scroll_home')", "Scroll", show=False),
        Binding("down", "scroll_body('scroll_down')", "Scroll", show=False),
        Binding("up", "scroll_body('scroll_up')", "Scroll", show=False),
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
            # On the frame, always in sight and never over the text (a docked label hid a line)
            box.border_subtitle = "Enter: continue"
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
                            yield Label(
                                plain(f"{names[seat]} ({role}), as dealt"), classes="seat-label"
                            )
                            yield HandView(numbered=False, id=f"dealt-{seat}")
                yield Static(plain(self.score_text()), id="deal-score")
                yield Static(plain(self.table_text()), id="summary-table")
                yield PassageMarkdown("*Grading your choices with the engine…*", id="deal-choices")
        yield AdaptiveFooter()

    def on_mount(self) -> None:
        final = self.result.final
        for seat in (0, 1):
            hand = sort_hand(final.dealt[seat], final.trump)
            self.query_one(f"#dealt-{seat}", HandView).show(hand)
        self.compare()
        body = self.query_one("#summary-body", VerticalScroll)
        for attribute in ("scroll_y", "virtual_size"):
            self.watch(body, attribute, self.show_keys_later, init=False)
        self.call_after_refresh(self.show_keys)

    def show_keys_later(self) -> None:
        self.call_after_refresh(self.show_keys)

    def on_resize(self) -> None:
        self.call_after_refresh(self.show_keys)

    def more_below(self) -> bool:
        body = self.query_one("#summary-body", VerticalScroll)
        return body.scroll_y < body.max_scroll_y

    def show_keys(self) -> None:
        """PageDown offered on the frame and in the footer only while there is more below
        (learner reviews: it was offered where everything fitted, and at the end of the
        choices, and did nothing)."""
        more = self.more_below()
        self.query_one("#summary", Vertical).border_subtitle = (
            "Enter: continue · PageDown: more" if more else "Enter: continue"
        )
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "scroll_body" and parameters == ("scroll_page_down",):
            return self.more_below()
        return True

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

    def score_text(self) -> str:
        """Where the deal's points came from, each with its law."""
        final = self.result.final
        marked = (int(final.king == 0), int(final.king == 1))
        turned = final.turnup.rank is Rank.KING
        told = deal_points_told(
            final.tricks_won(),
            final.penalty,
            final.rules,
            marked,
            self.after.players,
            turned,
            final.dealer,
        )
        return "\n".join(f"• {line}" for line in told)

    @work(thread=True, exclusive=True)
    def compare(self) -> None:
        try:
            text = self.choices_text()
        except Exception as exc:  # a failure is told in the pane, never a crash
            text = f"**Your choices** could not be graded: {markdown_literal(exc)}"
        # call_from_thread waits for the update to finish: the keys then see its height
        self.app.call_from_thread(self.query_one("#deal-choices", PassageMarkdown).update, text)
        self.app.call_from_thread(self.call_after_refresh, self.show_keys)

    def choices_text(self) -> str:
        """Every action of the learner's in this deal: a decision graded (✓ or its grade,
        the engine's choice and what the difference cost), a forced one said to be."""
        from tutor.analysis.grades import BLUNDER, INACCURACY, MISTAKE
        from tutor.analysis.review import default_engine, review_actions

        decisions = iter(
            review_actions(
                self.start, self.result.actions, default_engine(self.start.seed), (self.learner,)
            )
        )
        rows = []
        graded = []
        game = self.start
        for action in self.result.actions:
            position = game.position
            if position.to_act == self.learner:
                if len(position.legal_actions()) > 1:
                    graded.append(next(decisions))
                    rows.append(self.row(graded[-1]))
                else:
                    said = describe_action(action, infoset_of(position, self.learner))
                    rows.append(f"- · {said} *(the only choice)*")
            game = game.apply(action)
        head = (
            "**Your choices**, graded by the points each cost against the best engine:"
            f" ✓ under {INACCURACY:.2f}, then inaccuracy, mistake from {MISTAKE:.2f},"
            f" blunder from {BLUNDER:.2f}"
        )
        body = "\n".join(rows) or "*You had no decision in this deal.*"
        if graded and all(d.grade is None for d in graded) and self.lost_the_deal():
            # a learner review: every choice ✓ beside a deal lost 0-2, nothing said of why
            body += (
                "\n\n*Each of your choices was the engine's, or within"
                f" {INACCURACY:.2f} of it: the cards, not your choices, lost this deal.*"
            )
        return f"{head}\n\n{body}"

    def lost_the_deal(self) -> bool:
        """Whether the adversary scored more than the learner in this deal."""
        points = self.result.final.points
        return points[1 - self.learner] > points[self.learner]

    @staticmethod
    def row(decision) -> str:
        from tutor.analysis.review import same

        # a card played second said as it answers the lead, as at the table (a tester's
        # review: "✓ follow 7♦" on K♣ led, a card thrown away)
        mine = describe_action(decision.action, decision.info)
        best = describe_action(decision.best, decision.info)
        # what the engine's choice does, in words, before any figure
        said = markdown_literal(decision.said)
        if decision.grade is None:
            if same(decision.action, decision.best):
                return f"- ✓ {mine}" + (f" — {said}" if said else "")
            if decision.cost < 0.005:
                return f"- ✓ {mine} (engine: {best}, worth the same)"
            # a near tie, not a preference (a reviewer: "0.00 points better")
            return (
                f"- ✓ {mine} (engine: {best}, as good within its noise: {decision.cost:.2f} apart)"
            )
        if said:
            return (
                f"- ✗ **{decision.grade}**: {mine} — engine: **{best}**. {said} It is"
                f" {decision.cost:.2f} points better. {decision.why} {decision.example}"
            ).rstrip()
        return (
            f"- ✗ **{decision.grade}**: {mine} — engine: **{best}**,"
            f" {decision.cost:.2f} points better. {decision.why} {decision.example}"
        ).rstrip()

    def action_scroll_body(self, how: str) -> None:
        getattr(self.query_one("#summary-body", VerticalScroll), how)(animate=False)

    def action_close(self) -> None:
        self.dismiss(None)
