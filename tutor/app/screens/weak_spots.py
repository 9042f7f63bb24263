"""Practise my weak spots: the topics answered worst at the first try, each a drill."""

from __future__ import annotations

import re

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Header, OptionList, Static
from textual.widgets.option_list import Option

from tutor.app.lessonsource import LessonsUnavailable
from tutor.app.navigation import host, services
from tutor.app.widgets.footer import AdaptiveFooter
from tutor.store.progress import ProgressError

LESSON = "lesson:"
"""An option's id that names a lesson (``lesson:<id>``): its missed steps to practise."""


class WeakSpotsScreen(Screen):
    """The topics tried, worst first-try accuracy first; Enter drills the one highlighted."""

    BINDINGS = [Binding("escape", "app.pop_screen", "Back", id="back")]

    def __init__(self) -> None:
        super().__init__()
        self.practice: dict[str, tuple[list[tuple[str, str]], str]] = {}
        """Each lesson entry's option id: the steps it practises, and the lesson's title."""

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="weak-spots"):
            yield Static("", id="weak-head")
            yield OptionList(id="weak-list")
        yield AdaptiveFooter()

    def on_mount(self) -> None:
        self.sub_title = "weak spots"
        self.fill()
        self.query_one(OptionList).focus()

    def on_screen_resume(self) -> None:
        self.fill()

    def fill(self) -> None:
        from tutor.lessons.standing import weak_lessons, weak_spots

        head = self.query_one("#weak-head", Static)
        options = self.query_one(OptionList)
        options.clear_options()
        try:
            spots = weak_spots(services(self).curriculum(), services(self).progress)
            lessons = weak_lessons(services(self).curriculum(), services(self).progress)
        except (LessonsUnavailable, ProgressError) as exc:  # a busy progress file too
            head.update(Text(f"Your weak spots cannot be worked out just now: {exc}"))
            return
        if not spots and not lessons:
            head.update(
                "Nothing to go on yet: answer some lesson steps or drills, and the topics you"
                " find hardest will be listed here, worst first."
            )
            return
        head.update(
            Text.assemble(
                ("Practise your weak spots", "bold"),
                "\nEach topic with your first-try accuracy in it (lesson steps at their first"
                " attempt, drills at every one), worst first. Enter: a drill on that topic."
                " Below them, the rules and laws missed in a lesson (no drill deals those):"
                " Enter practises those steps, one after another.",
            )
        )
        for spot in spots:
            line = Text.assemble(
                spot.topic.title,
                (f"  · {spot.right} of {spot.total} right at the first try", "dim"),
            )
            options.add_option(Option(_entry(spot.accuracy, line), id=spot.topic.key))
        self.practice = {}
        for weak in lessons:
            line = Text.assemble(
                "Rules and laws in ",
                weak.lesson.title,
                (f"  · {weak.right} of {weak.total} right at the first try", "dim"),
                (f"\nto practise: {self.missed_names(weak.to_practise)}", "dim"),
            )
            ident = f"{LESSON}{weak.lesson.id}"
            self.practice[ident] = ([s.key for s in weak.to_practise], weak.lesson.title)
            options.add_option(Option(_entry(weak.accuracy, line), id=ident))
        options.highlighted = 0

    def missed_names(self, steps) -> str:
        """What each step asks, in its own question's words, once each (a learner review:
        the title of the passage a step cites named another topic, "Proposing" for how
        many cards may be discarded)."""
        names = list(dict.fromkeys(question_of(step.prompt) for step in steps))
        named = names[:NAMED_STEPS]
        # counted in steps, as the line's score is (a learner review: "4 of 20 right"
        # beside three named and "12 more", for sixteen missed)
        more = sum(1 for step in steps if question_of(step.prompt) not in named)
        return " · ".join(named) + (
            f" · and {more} more step{'s' if more != 1 else ''}" if more else ""
        )

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        ident = event.option.id
        if not ident:
            return
        if ident in self.practice:
            from tutor.app.screens.lesson import LessonScreen

            # Only the steps still missed, one after another (a learner review: Enter
            # opened the lesson and n went on to steps already answered right).
            keys, title = self.practice[ident]
            self.app.push_screen(LessonScreen(review=keys, review_title=f"Missed in {title}"))
        else:
            host(self).open_drill(ident)


def _entry(accuracy: float, text: Text) -> Table:
    """An option: the accuracy in its own column, the words wrapping under themselves
    (a learner review: continuation lines ran back to the left edge)."""
    grid = Table.grid(padding=(0, 2))
    grid.add_column(width=4, justify="right", no_wrap=True)
    grid.add_column(ratio=1)
    grid.add_row(Text(f"{round(accuracy * 100)}%", style="bold"), text)
    return grid


QUESTION_WIDTH = 150
"""Characters of a missed step's question shown in the list."""
NAMED_STEPS = 2
"""Missed steps named in the list, the rest counted."""


def question_of(prompt: str) -> str:
    """The question a step's prompt ends on (its last sentence) with the sentence before
    it, which sets it up (a learner review: "When does the French text give the dealer a
    point for it?" alone named nothing), cut at a word to ``QUESTION_WIDTH`` characters."""
    sentences = [s for s in re.split(r"(?<=[.?!])\s+", prompt.strip()) if s]
    question = " ".join(sentences[-2:]) if sentences else prompt.strip()
    if len(question) <= QUESTION_WIDTH:
        return question
    cut = question[: QUESTION_WIDTH - 1].rsplit(" ", 1)[0]
    return cut.rstrip(",;:") + "…"
