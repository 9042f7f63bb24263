"""Practise my weak spots: the topics answered worst at the first try, each a drill."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Header, OptionList, Static
from textual.widgets.option_list import Option

from tutor.app.lessonsource import LessonsUnavailable, curriculum, progress
from tutor.app.widgets.footer import AdaptiveFooter

if TYPE_CHECKING:
    from textual import getters

    from tutor.app.app import EcarteApp


LESSON = "lesson:"
"""Opens an option's id that names a lesson and a step (``lesson:<id>:<index>``)."""


class WeakSpotsScreen(Screen):
    """The topics tried, worst first-try accuracy first; Enter drills the one highlighted."""

    if TYPE_CHECKING:
        app = getters.app(EcarteApp)

    BINDINGS = [Binding("escape", "app.pop_screen", "Back", id="back")]

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
            spots = weak_spots(curriculum(), progress())
            lessons = weak_lessons(curriculum(), progress())
        except LessonsUnavailable as exc:
            head.update(Text(str(exc)))
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
                " Enter opens the lesson at the first one.",
            )
        )
        for spot in spots:
            line = Text.assemble(
                (f"{round(spot.accuracy * 100):>3}%  ", "bold"),
                spot.topic.title,
                (f"  · {spot.right} of {spot.total} right at the first try", "dim"),
            )
            options.add_option(Option(line, id=spot.topic.key))
        for weak in lessons:
            line = Text.assemble(
                (f"{round(weak.accuracy * 100):>3}%  ", "bold"),
                "Rules and laws in ",
                weak.lesson.title,
                (f"  · {weak.right} of {weak.total} right at the first try", "dim"),
            )
            options.add_option(Option(line, id=f"{LESSON}{weak.lesson.id}:{weak.first_missed}"))
        options.highlighted = 0

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        ident = event.option.id
        if not ident:
            return
        if ident.startswith(LESSON):
            lesson_id, _, step = ident[len(LESSON) :].rpartition(":")
            self.app.open_lesson(lesson_id, int(step))
        else:
            self.app.open_drill(ident)
