"""The end of a lesson: the score, the steps missed (each to open again), what next."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Header, OptionList, Static
from textual.widgets.option_list import Option

from tutor.app.navigation import services
from tutor.app.widgets.footer import AdaptiveFooter
from tutor.rules.cards import sort_hand
from tutor.store.progress import SCHEDULE

LEAVE = "__leave__"
NEXT = "next:"


def describe(step) -> str:
    """A step told apart from its neighbours: its hand (and the card led), or its question.
    The hand is sorted as the table shows it: a file's order may put the answer first."""
    if step.info is not None:
        hand = " ".join(c.label for c in sort_hand(step.info.hand, step.info.trump))
        led = f", {step.info.led.label} led" if step.info.led is not None else ""
        mine, theirs = step.info.score
        # the score told where it is not love-all: two steps of one hand at two scores
        # read alike (a learner review)
        score = f", {mine}–{theirs}" if (mine, theirs) != (0, 0) else ""
        return f"{hand} ({step.info.trump.noun} trumps{led}{score})"
    return step.prompt  # whole: the list wraps it, and a cut question may not be recognised


class LessonEndScreen(ModalScreen):
    """Dismissed with a step index (see it again), a lesson id (the next lesson) or None."""

    # Enter in the footer: nothing said how to open a choice (a learner review)
    BINDINGS = [
        Binding("enter", "open", "Open", priority=True),
        Binding("escape", "leave", "Back to the lessons"),
    ]

    def action_open(self) -> None:
        self.query_one(OptionList).action_select()

    def __init__(self, lesson, steps: list, results: dict[int, bool]) -> None:
        super().__init__()
        self.lesson = lesson
        self.steps = steps
        self.results = results

    def compose(self) -> ComposeResult:
        # a screen of its own: the lesson behind it is hidden (its words cut by the
        # summary's edges read as stray letters), its keys with it
        yield Header()
        with Vertical(id="lesson-end"):
            yield Static(id="lesson-end-summary")
            yield OptionList(id="lesson-end-choices")
        yield AdaptiveFooter()

    def on_mount(self) -> None:
        box = self.query_one("#lesson-end")
        box.border_title = "Lesson complete" if self.lesson is not None else "Review complete"
        self.sub_title = self.lesson.title if self.lesson is not None else "review"
        total = len(self.steps)
        answered = len(self.results)
        first = sum(1 for ok in self.results.values() if ok)
        missed = {i for i in range(total) if self.results.get(i) is False}
        title = self.lesson.title if self.lesson is not None else "Review"
        summary = Text.assemble((title, "bold"), "\n")
        mine = None
        if self.lesson is not None:
            from tutor.lessons.standing import standing

            mine = standing(self.lesson, services(self).progress)
            # The whole lesson, not only this sitting: a lesson resumed part-way, or
            # steps answered before, count as the lesson list counts them; each step by
            # its latest answer, so one answered right since ("Again") leaves the list
            # (a learner review: the list offered again a step just answered right).
            missed = set(mine.missed(services(self).progress))
        if mine is not None and mine.steps:
            summary.append(
                f"Right at the first try, without a clue: {mine.first_try} of {mine.steps}"
                f" steps ({round(100 * mine.first_try / mine.steps)}%)."
            )
            if answered and (first, answered) != (mine.first_try, mine.steps):
                summary.append(f"\nThis time: {first} of {answered} at the first try.")
            if mine.mastered:
                summary.append("\n★ Mastered.")
        elif answered:
            summary.append(
                f"Right at the first try, without a clue: {first} of {answered}"
                f" ({round(100 * first / answered)}%)."
            )
        due = services(self).progress.next_reviews()
        if missed:
            n = len(missed)
            summary.append(
                f"\n{n} step{'s' if n != 1 else ''} not yet answered unaided:"
                f" {'they come' if n != 1 else 'it comes'} back for review, first"
                f" {_interval(SCHEDULE[0])} after the miss; or open one again now:"
            )
        elif any(ok is False for ok in self.results.values()):
            summary.append(
                "\nEvery step missed has since been answered right; the misses still come"
                " back for review, spaced out."
            )
        elif due is None and not services(self).progress.due_reviews():
            summary.append("\nNothing is waiting for review.")
        self.query_one("#lesson-end-summary", Static).update(summary)
        options = self.query_one(OptionList)
        following = self.next_lesson()
        if following is not None:
            options.add_option(
                Option(
                    Text.assemble("Next lesson: ", (following.title, "bold")),
                    id=NEXT + following.id,
                )
            )
        for i in sorted(missed):
            options.add_option(
                Option(Text(f"Again: step {i + 1} — {describe(self.steps[i])}"), id=str(i))
            )
        options.add_option(Option("Back to the lessons", id=LEAVE))
        options.highlighted = 0
        options.focus()

    def next_lesson(self):
        if self.lesson is None:
            return None
        from tutor.lessons.standing import next_lesson

        try:
            return next_lesson(services(self).curriculum(), self.lesson.id, services(self).progress)
        except Exception:  # no curriculum: no next lesson to offer
            return None

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        ident = event.option.id or LEAVE
        if ident == LEAVE:
            self.dismiss(None)
        elif ident.startswith(NEXT):
            self.dismiss(ident[len(NEXT) :])
        else:
            self.dismiss(int(ident))

    def action_leave(self) -> None:
        self.dismiss(None)


def _interval(delta) -> str:
    """'4 hours', '1 day': the first review interval in words."""
    hours = round(delta.total_seconds() / 3600)
    if hours < 48:
        return f"{hours} hour{'s' if hours != 1 else ''}"
    days = round(hours / 24)
    return f"{days} days"
