"""The App: theme, global bindings, the command palette and navigation.

Screens ask the app to navigate (``open_passage``, ``open_lesson``, ...: the
``Navigator`` of ``tutor.app.navigation``) so a link followed anywhere lands in the
same place; what they share (the texts, the lessons, the progress store) is the
app's ``Services``, given at its making.
"""

from __future__ import annotations

import time
from collections.abc import Iterable

from textual import events
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.notifications import SeverityLevel
from textual.screen import ModalScreen, Screen

from tutor.app.commands import GoAnywhere
from tutor.app.options import Options
from tutor.app.services import Services
from tutor.app.theme import BAIZE, CARD_VARIABLES
from tutor.app.widgets.passage import Navigate

DEFAULT_MIN_SIZE = (80, 24)
"""The terminal (columns, rows) a screen needs unless it says otherwise (``MIN_SIZE``)."""

MIN_SIZES: dict[str, tuple[int, int]] = {
    "CommandPalette": (30, 8),
    "TextsScreen": (60, 16),
    "LessonsScreen": (60, 16),
    "WeakSpotsScreen": (60, 16),
    "DrillTopicsScreen": (60, 16),
}
"""What screens that do not say it themselves (``MIN_SIZE``) need, by class name."""


KEYS_UNDER_NOTICE = frozenset({"escape", "f1", "ctrl+q", "ctrl+c"})
"""The keys the size notice names (and the terminal's interrupt): the rest wait."""
TEXTUAL_KEPT = frozenset({"Quit"})
"""Textual's own system commands the palette keeps beside the tutor's."""

REVIEW_SESSION = 20
"""Steps due for review taken in one sitting, the longest overdue first; the rest stay due."""
EARLY_PRACTICE = 10
"""Steps practised when none is due: those due soonest."""


class EcarteApp(App):
    """Écarté tutor."""

    CSS_PATH = "app.tcss"
    TITLE = "Écarté tutor"
    SUB_TITLE = "the game of the 19th-century clubs"
    COMMANDS = App.COMMANDS | {GoAnywhere}
    BINDINGS = [
        Binding("f1", "help", "Help", id="help", tooltip="How to use the tutor"),
        Binding("ctrl+q", "quit", "Quit", id="quit", show=False),
        Binding("pageup", "scroll_pane('scroll_page_up')", "Scroll up", show=False),
        Binding("pagedown", "scroll_pane('scroll_page_down')", "Scroll down", show=False),
        Binding("home", "scroll_pane('scroll_home')", "Scroll to the top", show=False),
        Binding("end", "scroll_pane('scroll_end')", "Scroll to the end", show=False),
    ]

    def __init__(self, options: Options | None = None, services: Services | None = None) -> None:
        super().__init__()
        self.options = options or Options()
        self.services = services if services is not None else Services()
        self._notes_shown: dict[tuple[str, str], float] = {}
        """Each note shown, by title and message: when it leaves the screen."""

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
        # The same note while it is still on screen is not stacked again (a learner
        # review: three "Already tried" toasts covered the diagnosis they pointed to).
        key, now = (str(title), str(message)), time.monotonic()
        if self._notes_shown.get(key, 0.0) > now:
            return
        self._notes_shown[key] = now + (self.NOTIFICATION_TIMEOUT if timeout is None else timeout)
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
        self.screen_change_signal.subscribe(self, lambda _screen: self.check_size())
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
        elif start == "practice":
            self.action_practice()

    def on_unmount(self) -> None:
        self.services.close()

    # --- the terminal's size --------------------------------------------------------

    def size_needed(self, screen: Screen) -> tuple[int, int]:
        """The smallest terminal ``screen`` serves: its own ``MIN_SIZE``, else the app's
        table, else (a dialog) that of the screen beneath it, else ``DEFAULT_MIN_SIZE``."""
        stack = self.screen_stack
        below = stack[: stack.index(screen) + 1] if screen in stack else [screen]
        for each in reversed(below):
            needed = getattr(each, "MIN_SIZE", None) or MIN_SIZES.get(type(each).__name__)
            if needed:
                return tuple(needed)
            if not isinstance(each, ModalScreen):
                break
        return DEFAULT_MIN_SIZE

    def check_size(self) -> None:
        """Cover the screen with a notice of the size needed while the terminal is
        smaller than that (one mechanism for every screen); uncover it after."""
        from tutor.app.widgets.size_notice import SizeNotice

        screen = self.screen
        if not screen.is_attached:
            return
        needed = self.size_needed(screen)
        now = (self.size.width, self.size.height)
        small = now[0] < needed[0] or now[1] < needed[1]
        notices = list(screen.query_children(SizeNotice))
        if small:
            notice = notices[0] if notices else SizeNotice()
            if not notices:
                screen.mount(notice)
            notice.show(needed, now)
        else:
            for notice in notices:
                notice.display = False

    def on_resize(self, event) -> None:
        self.call_after_refresh(self.check_size)

    async def on_event(self, event: events.Event) -> None:
        # Under the size notice only the keys it names act: others would play a card or
        # start a game unseen (a tester's review: at 40x12, 3 led the queen of hearts).
        if (
            isinstance(event, events.Key)
            and not event.is_forwarded
            and event.key not in KEYS_UNDER_NOTICE
            and self.covered()
        ):
            return
        await super().on_event(event)

    def covered(self) -> bool:
        """Whether the size notice hides the screen now."""
        from tutor.app.widgets.size_notice import SizeNotice

        return any(notice.display for notice in self.screen.query_children(SizeNotice))

    # --- scrolling ---------------------------------------------------------------------

    def scroll_pane(self, screen: Screen):
        """The pane PageUp, PageDown, Home and End move when the focused widget does not
        take them: the screen's ``SCROLL_PANE`` (a selector) if it names one, else the
        first pane that has more than it shows, those holding a passage, hint or
        feedback (``PassageMarkdown``) first."""
        from tutor.app.widgets.passage import PassageMarkdown

        selector = getattr(screen, "SCROLL_PANE", None)
        if selector:
            found = screen.query(selector)
            if found:
                return found.first()
        panes = [
            w
            for w in screen.query("*")
            if w.display and w.region.area and w.allow_vertical_scroll and w.max_scroll_y > 0
        ]
        panes.sort(key=lambda w: not w.query(PassageMarkdown))
        return panes[0] if panes else None

    def action_scroll_pane(self, how: str) -> None:
        pane = self.scroll_pane(self.screen)
        if pane is not None:
            getattr(pane, how)(animate=False)

    # --- shared domain data ------------------------------------------------------

    def report_data_problems(self) -> None:
        """Say at once what is wrong with the lessons or the progress file (the app goes on),
        and send the progress store's later notices (a write that failed) here too."""
        from tutor.app.services import LessonsUnavailable

        try:
            faults = self.services.curriculum().faults
        except LessonsUnavailable as exc:
            self.notify(str(exc), title="Lessons", severity="error")
            faults = []
        if faults:
            more = f" (and {len(faults) - 1} more)" if len(faults) > 1 else ""
            self.notify(
                f"{faults[0]}{more}. Run `ecarte lessons check` for the list.",
                title=f"{len(faults)} problem{'s' if len(faults) > 1 else ''} in the lessons",
                severity="warning",
                timeout=15,
            )
        self.services.progress.listen(
            lambda message: self.notify(message, title="Progress", severity="warning", timeout=15)
        )

    # --- navigation ---------------------------------------------------------------

    def action_help(self) -> None:
        from tutor.app.screens.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen(getattr(self.screen, "HELP_SECTION", None)))

    def action_home(self) -> None:
        self.home()

    def home(self) -> None:
        from tutor.app.screens.home import HomeScreen

        while len(self.screen_stack) > 2 and not isinstance(self.screen, HomeScreen):
            self.pop_screen()

    def action_play(self) -> None:
        from tutor.app.screens.play import PlayScreen

        o, rules = self.options, self.options.ruleset
        if o.table:
            from tutor.app.screens.table_play import TablePlayScreen

            self.push_screen(
                TablePlayScreen(
                    o.table,
                    o.seed,
                    o.engine or "best",
                    gallery=o.gallery,
                    rules=rules.name,
                    game=rules.game_points,
                    losers=o.losers,
                    load=o.load,
                )
            )
            return
        self.push_screen(
            PlayScreen(
                seed=o.seed,
                engine=o.engine,
                rules=rules.name,
                game=rules.game_points,
                load=o.load,
                gallery=o.gallery,
                games_to_win=rules.games_to_win,
                belle=rules.belle,
                valuation=rules.valuation,
            )
        )

    def action_lessons(self, lesson_id: str | None = None) -> None:
        self.open_lessons(lesson_id)

    def open_lessons(self, lesson_id: str | None = None) -> None:
        """The list of lessons, and on it the lesson ``lesson_id`` if given."""
        from tutor.app.screens.lessons import LessonsScreen

        self.push_screen(LessonsScreen())
        if lesson_id:
            self.open_lesson(lesson_id)

    def action_texts(self) -> None:
        self.open_passage(None)

    def action_drills(self) -> None:
        self.open_drill(None)

    def action_practice(self) -> None:
        from tutor.app.screens.practice import PracticeListScreen

        self.push_screen(PracticeListScreen())

    def open_practice(self, ident: str) -> None:
        """One practice position, played out to its goal."""
        from tutor.app.screens.practice import PracticeScreen

        position = self.services.positions.by_id(ident)
        if position is None:
            self.notify(f"No practice position {ident!r}.", severity="warning")
            return
        self.push_screen(PracticeScreen(position, self.services.defence))

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

    def open_first_deal(self) -> None:
        """One whole deal walked through, for a learner new to the game."""
        from tutor.app.screens.first_deal import FirstDealScreen

        self.push_screen(FirstDealScreen())

    def open_review(self) -> None:
        """The steps due for review now, as one lesson (or a note that none are)."""
        from tutor.app.lessonsource import review_outlook
        from tutor.app.screens.lesson import LessonScreen
        from tutor.store.review_keys import is_practice

        store = self.services.progress
        practice_due = [r for r in store.due_reviews() if is_practice(r.lesson)]
        due = [r for r in store.due_reviews() if not is_practice(r.lesson)]
        if practice_due and not due:
            # a practice position due is played out on its own screen, not as a step
            self.open_practice(practice_due[0].step)
            return
        if practice_due:
            self.notify(
                f"{len(practice_due)} practice position{'s' if len(practice_due) != 1 else ''}"
                " due too: Practice on the home screen (v there opens the next due)."
            )
        if due:
            steps = due[:REVIEW_SESSION]
            title = (
                "Review" if len(steps) == len(due) else f"Review, {len(steps)} of {len(due)} due"
            )
        else:
            # The steps due soonest, practised early (a learner review: 92 steps due at one
            # moment, and nothing to do until then). Answered right, each keeps its review
            # (``LessonScreen.review_kept``), so the spacing is not lost.
            steps = [r for r in store.reviews() if not is_practice(r.lesson)][:EARLY_PRACTICE]
            title = "Early practice"
            if not steps:
                self.notify("Nothing is waiting for review.")
                return
            self.notify(
                f"Nothing is due for review now: {review_outlook(store)}. Practising the"
                f" {len(steps)} due soonest early; their reviews stand.",
                title=title,
            )
        self.push_screen(
            LessonScreen(review=[(r.lesson, r.step) for r in steps], review_title=title)
        )

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
            from tutor.lessons.model import typed_number

            # ``ID#N``: at the step of index N, in ASCII digits ("#²" is no step: a
            # tester's review crashed the app on it); else the lesson where it was left
            ident, _, step = target.ident.partition("#")
            self.open_lesson(ident, typed_number(step)[0])
        else:
            self.notify(f"External link not opened: {target.ident}", severity="warning")

    # --- command palette ---------------------------------------------------------

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        # the tutor's places, and of Textual's own only Quit: its Keys, Screenshot and
        # Theme came first in the list, sorted in among these (a tester's review: the
        # palette opened on Textual's entries); F1 and the help tell the keys
        yield SystemCommand(
            "First deal", "One whole deal walked through, for a beginner", self.open_first_deal
        )
        yield SystemCommand("Lessons", "Guided lessons and the review queue", self.action_lessons)
        yield SystemCommand("Drills", "Fresh positions on one topic, endlessly", self.open_drill)
        yield SystemCommand(
            "Practice", "Positions played out to a goal against every holding", self.action_practice
        )
        yield SystemCommand("Play", "A game against the computer", self.action_play)
        yield SystemCommand("Texts", "Read the annotated sources", self.action_texts)
        yield SystemCommand("Home", "Back to the home screen", self.action_home)
        yield SystemCommand("Help", "Keys and how the tutor works", self.action_help)
        yield from (c for c in super().get_system_commands(screen) if c.title in TEXTUAL_KEPT)
