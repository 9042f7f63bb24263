"""The lesson list: each lesson with its state, and the review queue first."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Header, OptionList, Static
from textual.widgets.option_list import Option

from tutor.app.lessonsource import LessonsUnavailable, curriculum, progress
from tutor.app.widgets.footer import AdaptiveFooter

REVIEW = "__review__"


def _lesson_entry(n: int, lesson, done: bool) -> Table:
    """A lesson as a list entry: number and mark in a gutter, the summary hanging under the title."""
    grid = Table.grid(padding=(0, 1))
    grid.add_column(width=5, justify="right", no_wrap=True)
    grid.add_column(ratio=1)
    body = Text.assemble(
        (lesson.title, "bold"), (f"  · {len(lesson.steps)} steps", "dim"),
        "\n", (lesson.summary, "dim"),
    )
    gutter = Text.assemble(("✓ " if done else "  ", "bold"), f"{n:>2}.")
    grid.add_row(gutter, body)
    return grid


def _review_entry(due: int) -> Table:
    """The review queue as the first entry, in the same gutter as the lessons."""
    grid = Table.grid(padding=(0, 1))
    grid.add_column(width=5, justify="right", no_wrap=True)
    grid.add_column(ratio=1)
    body = Text.assemble(
        (f"Review {due} step{'s' if due != 1 else ''} you found hard", "bold"),
        "\n", ("Steps missed or answered with a hint come back here (v).", "dim"),
    )
    grid.add_row(Text("↻", style="bold"), body)
    return grid


class LessonsScreen(Screen):
    """Choose a lesson (Enter) or the review of past mistakes."""

    BINDINGS = [
        Binding("v", "review", "Review queue", id="review"),
        Binding("d", "drills", "Drills", id="drills"),
        Binding("escape", "app.pop_screen", "Back", id="back"),
    ]

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="lessons"):
            yield Static("", id="lessons-head")
            yield OptionList(id="lesson-list")
        yield AdaptiveFooter()

    def on_mount(self) -> None:
        self.sub_title = "lessons"
        self.fill()
        self.query_one(OptionList).focus()

    def on_screen_resume(self) -> None:
        self.fill()

    def fill(self) -> None:
        head = self.query_one("#lessons-head", Static)
        options = self.query_one(OptionList)
        highlighted = options.highlighted
        options.clear_options()
        try:
            lessons = curriculum().lessons
        except LessonsUnavailable as exc:
            head.update(f"[b]Lessons[/b]\n{exc}")
            return
        store = progress()
        for notice in store.notices:
            self.notify(notice, severity="warning")
        store.notices.clear()
        done = store.lessons_done()
        due = store.due_reviews()
        head.update(
            f"[b]Lessons[/b] — {sum(1 for le in lessons if le.id in done)} of {len(lessons)} "
            f"completed · {len(due)} steps due for review"
        )
        if due:
            options.add_option(Option(_review_entry(len(due)), id=REVIEW))
        for n, lesson in enumerate(lessons, start=1):
            options.add_option(Option(_lesson_entry(n, lesson, lesson.id in done), id=lesson.id))
        if not lessons:
            head.update("[b]Lessons[/b]\nNo lessons are installed yet.")
        if options.option_count:
            keep = highlighted is not None and highlighted < options.option_count
            options.highlighted = highlighted if keep else 0

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id == REVIEW:
            self.action_review()
        elif event.option.id:
            self.app.open_lesson(event.option.id)

    def action_review(self) -> None:
        from tutor.app.screens.lesson import LessonScreen

        due = progress().due_reviews()
        if not due:
            self.notify("Nothing is due for review.")
            return
        self.app.push_screen(LessonScreen(review=[(r.lesson, r.step) for r in due]))

    def action_drills(self) -> None:
        self.app.open_drill(None)
