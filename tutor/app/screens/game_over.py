"""The end of a game: the final score, every deal and who won it, and what next
(the review, a new game, the last deal again, save, leave).

Dismissed with what the learner chose for the play screen to do: ``"new"``,
``"replay"`` (the last deal again) or ``"leave"``. Saving and the review happen
here. The review (``tutor.analysis.review.review_game``, shown by
``tutor.app.screens.review.GameReviewScreen``) is worked out in a thread worker
as soon as the screen opens; its accuracy figures appear here when it is done,
and ``v`` shows it (at once, or as soon as it is ready).
"""

from __future__ import annotations

from rich import box
from rich.table import Table
from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Header, Static

from tutor.app.markup import plain
from tutor.app.progress import save_game
from tutor.app.widgets.footer import AdaptiveFooter
from tutor.rules.game import Game
from tutor.rules.outcome import Outcome, outcome

BUTTONS = (
    ("review", "Review"),
    ("new", "New game"),
    ("replay", "Last deal again"),
    ("save", "Save"),
    ("leave", "Leave"),
)
"""For the mouse; the footer names the keys (v, n, r, s, Esc)."""


class GameOverScreen(Screen[str]):
    """A finished game: who won, at what score, deal by deal."""

    DEFAULT_CSS = """
    GameOverScreen #game-over {
        padding: 0 2;
    }
    GameOverScreen #go-headline {
        text-style: bold;
        color: $accent;
        margin: 1 0 0 0;
    }
    GameOverScreen #go-deals {
        width: auto;
        margin: 1 0 0 0;
    }
    GameOverScreen #go-note {
        margin: 1 0 0 0;
    }
    GameOverScreen #go-help {
        margin: 1 0 0 0;
        color: $text-muted;
    }
    GameOverScreen #go-buttons {
        height: auto;
        margin: 1 0 0 0;
    }
    GameOverScreen #go-buttons Button {
        width: auto;
        min-width: 0;
        margin: 0 2 0 0;
    }
    """

    BINDINGS = [
        Binding(
            "v", "review", "Review", id="go-review", tooltip="Every decision of both players graded"
        ),
        Binding("n", "choose('new')", "New game", id="go-new"),
        Binding("r", "choose('replay')", "Last deal again", id="go-replay"),
        Binding("s", "save", "Save", id="go-save"),
        Binding("escape", "choose('leave')", "Leave", id="go-leave"),
    ]

    def __init__(
        self, game: Game, learner: int = 0, engine: str = "best", gallery: bool = False
    ) -> None:
        """``engine`` and ``gallery``: what the game was played with, saved with it."""
        super().__init__()
        self.game = game
        self.learner = learner
        self.engine = engine
        self.gallery = gallery
        self.outcome: Outcome = outcome(game)
        self.review = None
        self.reviewing = False
        self.show_when_ready = False

    def compose(self) -> ComposeResult:
        result = self.outcome
        names = result.players
        won = result.deals_won
        yield Header()
        with VerticalScroll(id="game-over"):
            yield Static(plain(result.headline() + "."), id="go-headline")
            yield Static(
                plain(
                    f"The point (three tricks or more) won: {names[0]} {won[0]},"
                    f" {names[1]} {won[1]}, of {len(result.deals)} deals."
                ),
                id="go-summary",
            )
            yield Static(self.deals_table(), id="go-deals")
            yield Static("", id="go-note")
            yield Static(
                "The review grades every decision of both players by what it cost against"
                " the strongest engine; the last deal again lets you try other choices.",
                id="go-help",
            )
            with Horizontal(id="go-buttons"):
                for ident, label in BUTTONS:
                    button = Button(label, id=f"go-{ident}", compact=True)
                    button.can_focus = False
                    yield button
        yield AdaptiveFooter()

    def on_mount(self) -> None:
        self.sub_title = f"game over · seed {self.game.seed}"
        self.start_review()

    def deals_table(self) -> Table:
        """Deal, dealer, the points each scored, the score after it, and who won its point."""
        result = self.outcome
        names = result.players
        several = len(result.game_scores) > 1
        table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False)
        table.add_column("Deal", justify="right")
        table.add_column("Dealer")
        table.add_column(Text(names[0]), justify="right")
        table.add_column(Text(names[1]), justify="right")
        table.add_column("Score", justify="center")
        # the point, not the deal: a deal may score 1-1, the king against the point
        table.add_column("Point won by")
        for line in result.deals:
            winner = Text(names[line.winner]) if line.winner is not None else Text("—")
            if line.game_won_by is not None:
                what = "the game" if not several else "a game"
                winner.append(f", {what}", style="bold")
            table.add_row(
                str(line.number),
                Text(names[line.dealer]),
                str(line.points[0]),
                str(line.points[1]),
                f"{line.score[0]}-{line.score[1]}",
                winner,
            )
        return table

    # --- actions -------------------------------------------------------------------

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)

    def action_save(self) -> None:
        try:
            path = save_game(self.game, self.engine, self.gallery)
        except OSError as exc:
            self.notify(f"Could not save: {exc}", severity="error")
            return
        self.notify(f"Saved to {path}", title="Saved")

    def start_review(self) -> bool:
        """Work the review out in the background (once)."""
        if self.review is not None or self.reviewing:
            return True
        from tutor.analysis.review import review_game

        self.reviewing = True
        self.note("Reviewing every decision of both players with the strongest engine…")
        self.work_out_review(review_game)
        return True

    def action_review(self) -> None:
        """The game review: every decision, graded by what it cost."""
        from tutor.app.screens.review import GameReviewScreen

        if self.review is not None:
            self.app.push_screen(GameReviewScreen(self.review, self.learner))
        elif self.start_review():
            self.show_when_ready = True

    @work(thread=True, exclusive=True, group="review")
    def work_out_review(self, review_game) -> None:
        def progress(done: int, total: int) -> None:
            self.app.call_from_thread(
                self.note, f"Reviewing every decision with the strongest engine: {done} of {total}…"
            )

        try:
            review = review_game(self.game, progress=progress)
        except Exception as exc:  # a review that fails is told, never a crash
            self.app.call_from_thread(self.review_failed, exc)
            return
        self.app.call_from_thread(self.review_ready, review)

    def review_ready(self, review) -> None:
        self.reviewing = False
        self.review = review
        names = self.outcome.players
        try:
            accuracy = f"{names[0]} {review.accuracy(0):.0f}, {names[1]} {review.accuracy(1):.0f}"
            self.note(
                f"Accuracy (out of 100): {accuracy}. v shows the review, decision by decision."
            )
        except Exception:  # the figures are a courtesy: the review itself is still there
            self.note("The review is ready: v shows it.")
        if self.show_when_ready and self.app.screen is self:
            self.show_when_ready = False
            self.action_review()

    def review_failed(self, exc: Exception) -> None:
        self.reviewing = False
        self.show_when_ready = False
        self.note(f"The review could not be worked out: {exc}")

    def note(self, text: str) -> None:
        self.query_one("#go-note", Static).update(plain(text))

    @on(Button.Pressed, "#go-buttons Button")
    def pressed(self, event: Button.Pressed) -> None:
        ident = (event.button.id or "").removeprefix("go-")
        if ident == "review":
            self.action_review()
        elif ident == "save":
            self.action_save()
        else:
            self.action_choose(ident)
