"""The home screen: the three uses of the tutor and the learner's progress."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, Header, Static

from tutor.app.markup import plain, styled
from tutor.app.navigation import host, services
from tutor.app.progress import games_in_progress, progress_summary
from tutor.app.widgets.footer import AdaptiveFooter

TITLE_ART = "♠ ♥  É C A R T É  ♦ ♣"

USES = (
    (
        "lessons",
        "Lessons",
        "l",
        "Step by step from the sources, with reviews.",
    ),
    (
        "drills",
        "Drills",
        "d",
        "Fresh positions on one topic. w: weak spots.",
    ),
    ("practice", "Practice", "o", "Play a position out to its goal."),
    ("play", "Play", "p", "Games against the computer, with hints."),
    (
        "texts",
        "Texts",
        "t",
        "The Britannica, club laws and French rules.",
    ),
)

FIRST_DEAL = (
    "First deal",
    "f",
    "New to écarté? One whole deal, step by step.",
)
"""The entry that leads the home screen for a learner with no progress yet."""


class HomeScreen(Screen):
    """Where the tutor opens: choose lessons, play or texts."""

    BINDINGS = [
        Binding("f", "first_deal", "First deal", id="first-deal"),
        Binding("c", "continue", "Continue", id="continue"),
        Binding("l", "app.lessons", "Lessons", id="lessons"),
        Binding("v", "review", "Review", id="review", show=False),
        Binding("d", "app.drills", "Drills", id="drills"),
        Binding("w", "weak_spots", "Weak spots", id="weak"),
        Binding("r", "resume", "Resume game", id="resume", tooltip="The game left in progress"),
        Binding("o", "app.practice", "Practice", id="practice"),
        Binding("p", "app.play", "Play", id="play"),
        Binding("t", "app.texts", "Texts", id="texts"),
        Binding("q", "app.quit", "Quit", id="quit"),
    ]

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll(id="home"):
            yield Static(TITLE_ART, id="home-title")
            yield Static(
                "Learn the card game of the 19th-century clubs from its own sources.",
                id="home-tagline",
            )
            label, key, text = FIRST_DEAL
            with Horizontal(id="first-deal-use", classes="use"):
                yield Button(
                    f"{label}  {key}", id="use-first-deal", variant="success", compact=True
                )
                yield Static(text, classes="use-text")
            with Horizontal(id="uses"):
                for ident, label, key, text in USES:
                    with Vertical(classes="use"):
                        yield Button(
                            f"{label}  {key}", id=f"use-{ident}", variant="primary", compact=True
                        )
                        yield Static(text, classes="use-text")
            yield Static("", id="resume")
            progress = Static(id="progress")
            progress.border_title = "Your progress"
            yield progress
        yield AdaptiveFooter()

    in_progress: list = []
    """The autosaved games to offer again (``tutor.store.autosave.InProgress``), newest first."""
    leading = False
    """Whether the first deal leads the screen (a learner with no progress yet)."""

    def on_mount(self) -> None:
        self.refresh_progress()

    def on_resize(self) -> None:
        # A short terminal (80x24) loses the title's frame and the spacing, so the
        # progress box stays whole beneath a game in progress.
        self.set_class(self.size.height < 30, "-short")
        # Five uses side by side at 80 columns: the boxes give up their margins.
        self.set_class(self.size.width < 100, "-narrow")

    def on_screen_resume(self) -> None:
        self.refresh_progress()

    def refresh_progress(self) -> None:
        self.leading = self.leads_with_first_deal()
        self.query_one("#first-deal-use").display = self.leading
        self.query_one("#progress", Static).update(progress_summary(services(self)))
        self.in_progress, problems = games_in_progress()
        line = self.query_one("#resume", Static)
        told = []
        if len(self.in_progress) == 1:
            told.append(
                styled(
                    "A game in progress: $where. Press [b]r[/b] to resume it.",
                    where=self.in_progress[0].describe(),
                )
            )
        elif self.in_progress:
            told.append(
                styled(
                    "$count games in progress (the latest: $where). Press [b]r[/b] to choose one.",
                    count=str(len(self.in_progress)),
                    where=self.in_progress[0].describe(),
                )
            )
        told += [plain(f"The game left in progress could not be read: {p}") for p in problems]
        line.update(Content("\n").join(told))
        line.display = bool(told)
        self.refresh_bindings()

    def leads_with_first_deal(self) -> bool:
        from tutor.lessons.first_deal import leads_home

        return leads_home(services(self).progress)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "first_deal":
            return self.leading
        if action == "resume":
            return bool(self.in_progress)
        return True

    def action_resume(self) -> None:
        """Take up an autosaved game where it was left, against the same engine: the
        only one, or the one chosen among them."""
        from tutor.app.screens.records import LoadGameScreen

        kept = {game.path: game for game in self.in_progress}
        if len(kept) == 1:
            self.resume(next(iter(kept.values())))
        elif kept:
            self.app.push_screen(
                LoadGameScreen(list(kept), "Resume a game in progress"),
                lambda path: self.resume(kept[path]) if path in kept else None,
            )

    def resume(self, kept) -> None:
        from tutor.app.screens.play import PlayScreen

        self.app.push_screen(
            PlayScreen(load=kept.path, engine=kept.engine, gallery=kept.gallery, resumed=True)
        )

    def action_continue(self) -> None:
        """Go on where the learner left off: the lesson in progress, or the next one."""
        from tutor.app.lessonsource import continue_text

        found = continue_text(services(self))
        if found is None:
            self.notify("Every lesson is done: the review queue and the drills are in Lessons.")
            return
        _, lesson_id, index = found
        host(self).open_lesson(lesson_id, index)

    def action_first_deal(self) -> None:
        host(self).open_first_deal()

    def action_review(self) -> None:
        host(self).open_review()

    def action_weak_spots(self) -> None:
        host(self).open_weak_spots()

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        ident = (event.button.id or "").removeprefix("use-")
        if ident == "first-deal":
            self.action_first_deal()
            return
        await self.app.run_action(ident)
