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

from tutor.app.lessonsource import LessonsUnavailable, review_outlook
from tutor.app.navigation import host, services
from tutor.app.widgets.footer import AdaptiveFooter

REVIEW = "__review__"


def _lesson_entry(n: int, mine) -> Table:
    """A lesson as a list entry: number and marks in a gutter, the summary hanging under the
    title, and the learner's standing (first-try score, mastered, where it was left)."""
    lesson = mine.lesson
    grid = Table.grid(padding=(0, 1))
    grid.add_column(width=5, justify="right", no_wrap=True)
    grid.add_column(ratio=1)
    status = []
    if mine.mastered:
        status.append(("★ mastered", "bold"))
    elif mine.done:
        # Finished is not learnt: a learner who missed half the steps must see so.
        status.append(("finished, not yet mastered", ""))
    if mine.tried == mine.steps:
        status.append((f"{mine.first_try} of {mine.steps} right at the first try", ""))
    elif mine.tried:
        status.append((f"{mine.first_try} right at the first try, of {mine.tried} answered", ""))
    if mine.resume_at is not None:
        status.append((f"▸ left at step {mine.resume_at + 1}", "bold"))
    body = Text.assemble((lesson.title, "bold"), (f"  · {len(lesson.steps)} steps", "dim"))
    for text, style in status:
        body.append("  · ", style="dim")
        body.append(text, style=style)
    body.append("\n")
    body.append(lesson.summary, style="dim")
    mark = (
        "★ "
        if mine.mastered
        else "✓ "
        if mine.done
        else "▸ "
        if mine.resume_at is not None
        else "  "
    )
    gutter = Text.assemble((mark, "bold"), f"{n:>2}.")
    grid.add_row(gutter, body)
    return grid


def _broken_entry(n: int, broken) -> Table:
    """A lesson file that cannot be read, at its place: the lessons after it keep their
    numbers, and the learner sees which file is broken and why."""
    grid = Table.grid(padding=(0, 1))
    grid.add_column(width=5, justify="right", no_wrap=True)
    grid.add_column(ratio=1)
    body = Text.assemble(
        (broken.id, "bold"),
        ("  · cannot be read", "bold red"),
        "\n",
        (f"{broken.name}: {broken.why()}", "dim"),
    )
    grid.add_row(Text.assemble(("✗ ", "bold red"), f"{n:>2}."), body)
    return grid


def _review_entry(due: int) -> Table:
    """The review queue as the first entry, in the same gutter as the lessons."""
    grid = Table.grid(padding=(0, 1))
    grid.add_column(width=5, justify="right", no_wrap=True)
    grid.add_column(ratio=1)
    body = Text.assemble(
        (f"Review {due} step{'s' if due != 1 else ''} you found hard", "bold"),
        "\n",
        ("Steps missed or answered with a clue come back here (v).", "dim"),
    )
    grid.add_row(Text("↻", style="bold"), body)
    return grid


class LessonsScreen(Screen):
    """Choose a lesson (Enter) or the review of past mistakes."""

    BINDINGS = [
        Binding("v", "review", "Review queue", id="review"),
        Binding("w", "weak_spots", "Weak spots", id="weak"),
        Binding("d", "drills", "Drills", id="drills"),
        Binding("r", "reset", "Reset lesson", id="reset"),
        Binding(
            "f",
            "first_deal",
            "First deal",
            id="first-deal",
            tooltip="One whole deal walked through",
        ),
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
            lessons = services(self).curriculum().lessons
        except LessonsUnavailable as exc:
            head.update(Text.assemble(("Lessons", "bold"), "\n", str(exc)))
            return
        store = services(self).progress
        for notice in store.notices:
            self.notify(notice, severity="warning", markup=False)
        store.notices.clear()
        from tutor.lessons.standing import standings

        mine = standings(services(self).curriculum(), store)
        due = store.due_reviews()
        head.update(
            Text.assemble(
                ("Lessons", "bold"),
                f" — {sum(1 for m in mine if m.done)} of {len(lessons)} completed,"
                f" {sum(1 for m in mine if m.mastered)} mastered · ",
                review_outlook(store),
                (
                    "\nEnter: open (where you left it) · r: reset a lesson · w: your weak spots",
                    "dim",
                ),
            )
        )
        if due:
            options.add_option(Option(_review_entry(len(due)), id=REVIEW))
        from tutor.lessons.model import BrokenLesson

        by_id = {standing.lesson.id: standing for standing in mine}
        for n, entry in services(self).curriculum().numbered():
            if isinstance(entry, BrokenLesson):
                options.add_option(Option(_broken_entry(n, entry), disabled=True))
            else:
                options.add_option(Option(_lesson_entry(n, by_id[entry.id]), id=entry.id))
        if not lessons:
            head.update("Lessons: no lessons are installed yet.")
        if options.option_count:
            keep = highlighted is not None and highlighted < options.option_count
            open_ = [i for i in range(options.option_count) if not options.options[i].disabled]
            options.highlighted = highlighted if keep else (open_[0] if open_ else None)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id == REVIEW:
            self.action_review()
        elif event.option.id:
            host(self).open_lesson(event.option.id)

    def action_review(self) -> None:
        host(self).open_review()

    def action_drills(self) -> None:
        host(self).open_drill(None)

    def action_first_deal(self) -> None:
        host(self).open_first_deal()

    def action_weak_spots(self) -> None:
        host(self).open_weak_spots()

    def action_reset(self) -> None:
        """Forget the highlighted lesson's progress (answers, score, reviews, place), after asking."""
        from tutor.app.screens.confirm import ConfirmScreen

        options = self.query_one(OptionList)
        if options.highlighted is None:
            return
        ident = options.get_option_at_index(options.highlighted).id
        if not ident or ident == REVIEW:
            self.notify("Highlight a lesson to reset it.")
            return
        title = services(self).curriculum().lesson(ident).title

        def done(yes: bool | None) -> None:
            if not yes:
                return
            if services(self).progress.reset_lesson(ident):
                self.notify(f"{title}: progress reset.", markup=False)
            self.fill()

        self.app.push_screen(
            ConfirmScreen(
                f"Reset your progress in “{title}”? Its answers, score, reviews and place are"
                " forgotten; the other lessons are not touched.",
                "Reset this lesson",
            ),
            done,
        )
