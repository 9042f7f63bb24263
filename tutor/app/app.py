"""The App: theme, global bindings, the command palette and navigation.

Screens ask the app to navigate (``open_passage``, ``open_lesson``, ...) so a
link followed anywhere lands in the same place; the texts library is loaded
once, lazily, and shared.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.notifications import SeverityLevel
from textual.screen import Screen

from tutor.app.theme import BAIZE, CARD_VARIABLES
from tutor.app.widgets.passage import Navigate


@dataclass(frozen=True)
class Options:
    """What the command line asked for."""

    start: str = "home"
    lesson_id: str | None = None
    passage_id: str | None = None
    seed: int | None = None
    engine: str = "best"
    rules: str | None = None
    """None: English for the two-handed game, French at the tables (their source)."""
    game: int = 5
    load: Path | None = None
    table: str | None = None
    gallery: bool = False
    losers: int | None = None
    drill_topic: str | None = None
    """With start "drill": the topic (None: the topic picker)."""
    games_to_win: int = 1
    """2: cinq liés (two games, a belle if need be), french/points."""
    valuation: bool = False
    """Law 46's treble, double and single (club-laws/46)."""


class EcarteApp(App):
    """Écarté tutor."""

    CSS_PATH = "app.tcss"
    TITLE = "Écarté tutor"
    SUB_TITLE = "the game of the 19th-century clubs"
    BINDINGS = [
        Binding("f1", "help", "Help", id="help", tooltip="How to use the tutor"),
        Binding("ctrl+q", "quit", "Quit", id="quit", show=False),
    ]

    def __init__(self, options: Options | None = None) -> None:
        super().__init__()
        self.options = options or Options()
        self._library = None
        self._library_error: str | None = None

    # --- notifications -----------------------------------------------------------

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = False,
    ) -> None:
        """A notification, always shown as plain text (``tutor.app.markup``).

        Its message may quote a file, the learner or an exception, and every screen's
        ``notify`` passes ``markup=True`` unless told otherwise, so ``markup`` is
        ignored here: ``[/]`` in a message is shown, never parsed.
        """
        super().notify(
            str(message), title=str(title), severity=severity, timeout=timeout, markup=False
        )

    # --- theme -------------------------------------------------------------------

    def get_theme_variable_defaults(self) -> dict[str, str]:
        return {**super().get_theme_variable_defaults(), **CARD_VARIABLES}

    def on_mount(self) -> None:
        self.register_theme(BAIZE)
        self.theme = "baize"
        from tutor.app.screens.home import HomeScreen

        self.push_screen(HomeScreen())
        self.call_after_refresh(self.report_data_problems)
        start = self.options.start
        if start == "play":
            self.action_play()
        elif start == "lessons":
            self.action_lessons(self.options.lesson_id)
        elif start == "drill":
            self.action_lessons()
            self.open_drill(self.options.drill_topic)
        elif start == "texts":
            self.open_passage(self.options.passage_id)

    # --- shared domain data ------------------------------------------------------

    def report_data_problems(self) -> None:
        """Say at once what is wrong with the lessons or the progress file (the app goes on),
        and send the progress store's later notices (a write that failed) here too."""
        from tutor.app.lessonsource import LessonsUnavailable, curriculum, progress

        try:
            faults = curriculum().faults
        except LessonsUnavailable as exc:
            self.notify(str(exc), title="Lessons", severity="error")
            faults = []
        if faults:
            more = f" (and {len(faults) - 1} more)" if len(faults) > 1 else ""
            self.notify(
                f"{faults[0]}{more}. Run `ecarte lessons check` for the list.",
                title=f"{len(faults)} problem{'s' if len(faults) > 1 else ''} in the lessons",
                severity="warning", timeout=15,
            )
        progress().listen(
            lambda message: self.notify(message, title="Progress", severity="warning", timeout=15)
        )

    @property
    def library(self):
        """The texts library, or None (with ``library_error`` saying why)."""
        if self._library is None and self._library_error is None:
            try:
                from tutor.texts import load_library

                self._library = load_library()
            except Exception as exc:  # a broken texts folder must not kill the app
                self._library_error = f"The texts could not be loaded: {exc}"
        return self._library

    @property
    def library_error(self) -> str | None:
        return self._library_error

    # --- navigation ---------------------------------------------------------------

    def action_help(self) -> None:
        from tutor.app.screens.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

    def action_home(self) -> None:
        from tutor.app.screens.home import HomeScreen

        while len(self.screen_stack) > 2 and not isinstance(self.screen, HomeScreen):
            self.pop_screen()

    def action_play(self) -> None:
        from tutor.app.screens.play import PlayScreen

        o = self.options
        if o.table:
            from tutor.app.screens.table_play import TablePlayScreen

            self.push_screen(
                TablePlayScreen(
                    o.table, o.seed, o.engine, gallery=o.gallery,
                    rules=o.rules or "french", game=o.game, losers=o.losers,
                )
            )
            return
        self.push_screen(
            PlayScreen(
                seed=o.seed, engine=o.engine, rules=o.rules or "english", game=o.game,
                load=o.load, gallery=o.gallery, games_to_win=o.games_to_win,
                valuation=o.valuation,
            )
        )

    def action_lessons(self, lesson_id: str | None = None) -> None:
        from tutor.app.screens.lessons import LessonsScreen

        self.push_screen(LessonsScreen())
        if lesson_id:
            self.open_lesson(lesson_id)

    def action_texts(self) -> None:
        self.open_passage(None)

    def open_passage(self, ident: str | None) -> None:
        """Show a passage in the texts screen (the one open, or a new one)."""
        from tutor.app.screens.texts import TextsScreen

        if isinstance(self.screen, TextsScreen):
            if ident:
                self.screen.show_passage(ident)
            return
        self.push_screen(TextsScreen(ident))

    def open_lesson(self, ident: str, step: int | None = None) -> None:
        """A lesson at ``step`` (an index), or by default where the learner left it."""
        from tutor.app.screens.lesson import LessonScreen

        self.push_screen(LessonScreen(ident, step))

    def open_review(self) -> None:
        """The steps due for review now, as one lesson (or a note that none are)."""
        from tutor.app.lessonsource import progress, review_outlook
        from tutor.app.screens.lesson import LessonScreen

        due = progress().due_reviews()
        if not due:
            self.notify(f"Nothing is due for review now: {review_outlook(progress())}.")
            return
        self.push_screen(LessonScreen(review=[(r.lesson, r.step) for r in due]))

    def open_weak_spots(self) -> None:
        from tutor.app.screens.weak_spots import WeakSpotsScreen

        self.push_screen(WeakSpotsScreen())

    def open_drill(self, topic_key: str | None = None, seed: int | None = None) -> None:
        """A drill on a topic (a key of ``tutor.lessons.drills.TOPICS``, or a hint id), or
        with None the list of topics. The positions come from ``seed`` (by default
        ``options.seed``; if that is None too, a seed from the system, shown in the subtitle)."""
        from tutor.app.screens.drill import DrillScreen, DrillTopicsScreen

        if topic_key is None:
            self.push_screen(DrillTopicsScreen())
        else:
            self.push_screen(DrillScreen(topic_key, self.options.seed if seed is None else seed))

    def on_navigate(self, message: Navigate) -> None:
        target = message.target
        if target.scheme == "passage":
            self.open_passage(target.ident)
        elif target.scheme == "lesson":
            self.open_lesson(target.ident)
        else:
            self.notify(f"External link not opened: {target.ident}", severity="warning")

    # --- command palette ---------------------------------------------------------

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        yield SystemCommand("Lessons", "Guided lessons and the review queue", self.action_lessons)
        yield SystemCommand("Drills", "Fresh positions on one topic, endlessly", self.open_drill)
        yield SystemCommand("Play", "A game against the computer", self.action_play)
        yield SystemCommand("Texts", "Read the annotated sources", self.action_texts)
        yield SystemCommand("Home", "Back to the home screen", self.action_home)
        yield SystemCommand("Help", "Keys and how the tutor works", self.action_help)
