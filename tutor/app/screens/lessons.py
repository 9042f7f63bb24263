"""The lesson list: each lesson with its state, and the review queue first."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Header, OptionList, Static
from textual.widgets.option_list import Option

from tutor.app.lessonsource import LessonsUnavailable, curriculum, progress

REVIEW = "__review__"


class LessonsScreen(Screen):
    """Choose a lesson (Enter) or the review of past mistakes."""

    BINDINGS = [
        Binding("v", "review", "Review queue", id="review"),
        Binding("escape", "app.pop_screen", "Back", id="back"),
    ]

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="lessons"):
            yield Static("", id="lessons-head")
            yield OptionList(id="lesson-list")
        yield Footer()

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
            options.add_option(
                Option(f"↻  Review {len(due)} step{'s' if len(due) != 1 else ''} "
                       "you found hard", id=REVIEW)
            )
        for n, lesson in enumerate(lessons, start=1):
            mark = "✓" if lesson.id in done else " "
            options.add_option(
                Option(
                    f"{mark} {n:>2}. [b]{lesson.title}[/b]  [dim]({len(lesson.steps)} steps)[/dim]"
                    f"\n      [dim]{lesson.summary}[/dim]",
                    id=lesson.id,
                )
            )
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
