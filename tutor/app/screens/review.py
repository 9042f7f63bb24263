"""The game review: every decision of both players, graded by what it cost
(``tutor.analysis.review``), both accuracies, and "learn from your mistakes".

``GameReviewScreen(review)`` shows a ``GameReview`` already worked out (the game-over
screen works it out in a thread worker). The table lists each decision: the deal,
the player, the choice, the engine's choice where it differs, the cost in points,
the grade and the Hints' verdict; the pane under it tells the highlighted decision
in full, with the engine's line. ``l`` sends the learner's mistakes and blunders to
the spaced-review queue.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Header, Static

from tutor.analysis.grades import BLUNDER, INACCURACY, MISTAKE
from tutor.analysis.review import (
    TO_LEARN,
    Decision,
    GameReview,
    grade_counts,
    same,
    say,
    send_to_review,
)
from tutor.app.navigation import services
from tutor.app.widgets.footer import AdaptiveFooter
from tutor.hints import HINTS
from tutor.rules.actions import Action

GRADE_STYLES = {"inaccuracy": "yellow", "mistake": "dark_orange", "blunder": "bold red"}
SAME = "="
"""In the engine's and the Hints' columns: the same as the choice made."""


def beside(action: Action | None, choice: Action) -> str:
    """``action`` in a column beside the learner's ``choice``: its cards alone when it
    is the same kind of move (a review: at 80 columns the Hints column was cut off
    behind "discard 7♠ 8♥ 9♣" told three times over)."""
    if action is not None and action.cards and action.kind == choice.kind:
        return " ".join(card.label for card in action.cards)
    return say(action)


class GameReviewScreen(Screen):
    """Every decision of a game, graded; ``learner`` is the seat whose mistakes ``l`` sends
    to the review queue (None: nobody's, e.g. a match between engines)."""

    HELP_SECTION = "The game review"
    """The heading of help.md that F1 opens at."""

    DEFAULT_CSS = """
    GameReviewScreen #review {
        padding: 0 1;
    }
    GameReviewScreen #review-accuracy {
        height: auto;
    }
    GameReviewScreen #review-table {
        height: 1fr;
        margin: 1 0 0 0;
    }
    GameReviewScreen #review-detail {
        height: auto;
        /* half the screen, not six lines: a blunder's reason and the Hint that decides
           it were cut mid-sentence at 80x24 (a tester's review) */
        max-height: 50%;
        border-top: hkey $panel-lighten-2;
    }
    """

    BINDINGS = [
        Binding("escape", "leave", "Back", id="review-back"),
        Binding(
            "l",
            "learn",
            "Learn from mistakes",
            id="review-learn",
            tooltip="Your mistakes and blunders join the review queue",
        ),
    ]

    def __init__(self, review: GameReview, learner: int | None = 0) -> None:
        super().__init__()
        self.review = review
        self.learner = learner
        self.sent = False

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="review"):
            yield Static(self.accuracy_text(), id="review-accuracy")
            yield DataTable(id="review-table", cursor_type="row", zebra_stripes=True)
            yield Static(id="review-detail")
        yield AdaptiveFooter()

    def on_mount(self) -> None:
        names = self.review.players
        self.sub_title = f"review · {names[0]} vs {names[1]}"
        table = self.query_one(DataTable)
        table.add_columns("Deal", "Player", "Choice", "Engine", "Cost", "Grade", "Hints")
        for n, d in enumerate(self.review.decisions):
            table.add_row(*self.cells(d), key=str(n))
        table.focus()
        if self.review.decisions:
            self.show_detail(0)
        else:
            self.query_one("#review-detail", Static).update("Nobody had a decision to make.")

    # --- what is shown --------------------------------------------------------------------

    def player_label(self, seat: int) -> str:
        name = self.review.players[seat]
        return f"{name} (you)" if seat == self.learner else name

    def accuracy_text(self) -> Text:
        text = Text()
        for seat in (0, 1):
            if seat:
                text.append("\n")
            text.append(self.player_label(seat), style="bold")
            text.append(f": accuracy {self.review.accuracy(seat):.0f}", style="bold")
            text.append(f"  ({grade_counts(self.review, seat)})")
        text.append(
            f"\nGrades by points lost: inaccuracy from {INACCURACY:.2f},"
            f" mistake {MISTAKE:.2f}, blunder {BLUNDER:.2f} (f1: help).",
            style="dim",
        )
        return text

    def cells(self, d: Decision) -> tuple:
        style = GRADE_STYLES.get(d.grade or "", "")
        engine = SAME if same(d.action, d.best) else beside(d.best, d.action)
        hints = (
            ""
            if d.hints is None
            else (SAME if same(d.action, d.hints) else beside(d.hints, d.action))
        )
        return (
            Text(str(d.deal), justify="right"),
            Text(d.player[:10]),
            Text(say(d.action), style=style),
            Text(engine),
            Text(f"{d.cost:.2f}" if d.cost else "", justify="right"),
            Text(d.grade or "", style=style),
            Text(hints),
        )

    def detail_text(self, d: Decision) -> Text:
        text = Text()
        text.append(f"Deal {d.deal}, {self.player_label(d.seat)}: ", style="bold")
        text.append(say(d.action))
        if same(d.action, d.best):
            text.append(" — the engine's choice too.")
            if d.said:  # what it does, in words, before the figures
                text.append(f" {d.said}")
        elif d.grade is None:
            # a near tie is told as one, not as the engine's preference (a reviewer:
            # "prefers lead A♦, 0.00 points better" beside "+2.25 vs +2.25")
            text.append(" — as good as the engine's choice, ")
            text.append(say(d.best), style="bold")
            text.append(f", within its sampling noise ({d.cost:.2f} points apart: no grade).")
        elif d.said:  # what the engine's choice does, in words, before the figures
            text.append(" — the engine prefers ")
            text.append(say(d.best), style="bold")
            text.append(f". {d.said} It is {d.cost:.2f} points better ({d.grade}).")
        else:
            text.append(" — the engine prefers ")
            text.append(say(d.best), style="bold")
            text.append(f", {d.cost:.2f} points better ({d.grade}).")
        if d.why:
            text.append(f" {d.why}")
        if d.example:
            text.append(f" {d.example}")
        if d.hints is not None:
            agree = "agree" if same(d.action, d.hints) else "say"
            text.append(f"\nThe Hints {agree}: {say(d.hints)}")
            if d.hint_rule:
                rule = HINTS.get(d.hint_rule)
                text.append(f" ({rule.title if rule else d.hint_rule})", style="dim")
            text.append(".")
        return text

    def show_detail(self, row: int) -> None:
        if 0 <= row < len(self.review.decisions):
            detail = self.detail_text(self.review.decisions[row])
            self.query_one("#review-detail", Static).update(detail)

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self.show_detail(event.cursor_row)

    # --- actions ----------------------------------------------------------------------------

    def action_learn(self) -> None:
        """The learner's mistakes and blunders into the spaced-review queue."""
        if self.learner is None:
            self.notify("This game has no learner: nothing to send to your review queue.")
            return
        wrong = self.review.to_learn(self.learner)
        if not wrong:
            self.notify(
                f"No {' or '.join(g + 's' for g in TO_LEARN)} of yours in this game:"
                " nothing to learn from here.",
                title="Learn from your mistakes",
            )
            return
        from tutor.store.progress import SCHEDULE

        sent = send_to_review(self.review, self.learner, services(self).progress)
        self.sent = True
        if sent == 1:
            positions, pronoun = "position joins", "it comes"
        else:
            positions, pronoun = "positions join", "they come"
        hours = round(SCHEDULE[0].total_seconds() / 3600)
        self.notify(
            f"{sent} {positions} your review queue: {pronoun} back in {hours} hours"
            " (v in the list of lessons). Each asks the decision again; the engine's"
            " choice is the answer. Try them now, while the game is fresh.",
            title="Learn from your mistakes",
        )
        # at once, as well as later (a tester's review: "first due in 4 hours", when a
        # learner fresh from the game wants to try them again now)
        from tutor.app.screens.lesson import LessonScreen

        keys = [(self.review.lesson, d.step_id) for d in wrong]
        self.app.push_screen(LessonScreen(review=keys, review_title="Your mistakes in this game"))

    def action_leave(self) -> None:
        self.app.pop_screen()


__all__ = ["GameReviewScreen"]
