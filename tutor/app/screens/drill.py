"""Drills: endless fresh positions on one topic, answered exactly like a lesson's steps.

``DrillTopicsScreen`` lists ``tutor.lessons.drills.TOPICS``; ``DrillScreen`` is a
``LessonScreen`` holding a ``tutor.lessons.drill_session.DrillSession``, whose
positions are dealt one at a time in a thread worker (a rare topic can take a
moment). The seed is shown in the subtitle, so a learner can report a position
and it can be dealt again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Header, OptionList, Static
from textual.widgets.option_list import Option
from textual.worker import get_current_worker

from tutor.app.lessonsource import when
from tutor.app.markup import markdown_literal, styled
from tutor.app.navigation import host, services
from tutor.app.screens.lesson import WORDS, LessonScreen
from tutor.app.services import LessonsUnavailable
from tutor.app.widgets.footer import AdaptiveFooter
from tutor.app.widgets.passage import PassageMarkdown
from tutor.lessons.answers import TWO_WAY_QUESTIONS
from tutor.lessons.drill_session import DrillSession
from tutor.lessons.feedback import with_note
from tutor.lessons.session import Move
from tutor.store.progress import SCHEDULE

if TYPE_CHECKING:
    from textual.content import Content

    from tutor.app.services import Services
    from tutor.lessons.drills import Topic
    from tutor.lessons.model import Lesson, Step

REVIEW_NOTE = (
    f"*This position joins your reviews: it comes back {when(SCHEDULE[0])}, under"
    " Review on the lessons list (v).*"
)
"""Said under a drill's position missed or answered with a clue (the lessons' rule)."""

BOARD = ("#position-facts", "#lesson-table", "#lesson-hand", "#choices")
"""The parts of the board hidden while a position is being dealt."""


def taught_in(
    shared: Services, topic: Topic, hint: str | None = None
) -> list[tuple[int, Lesson, int]]:
    """The lessons that teach the topic (``drills.teaching``), each with its number in the
    lesson list and the step to open; none when the lessons cannot be loaded."""
    from tutor.lessons.drills import teaching

    try:
        course = shared.curriculum()
    except LessonsUnavailable:
        return []
    return [
        (course.number(lesson), lesson, i) for lesson, i in teaching(topic, course.lessons, hint)
    ]


def _topic_entry(topic: Topic, lessons: list[tuple[int, Lesson, int]]) -> Content:
    """A topic in the list, with the lessons that teach it by their numbers in the lesson
    list (a reviewer: a learner who missed drill questions was not told where to learn)."""
    if not lessons:
        return styled("[b]$title[/b]", title=topic.title)
    word = "lesson" if len(lessons) == 1 else "lessons"
    numbers = ", ".join(str(n) for n, _, _ in lessons)
    return styled(
        "[b]$title[/b] [dim]· $word $numbers[/dim]", title=topic.title, word=word, numbers=numbers
    )


class DrillTopicsScreen(Screen):
    """Choose what to drill (Enter)."""

    # Enter in the footer (a learner review: only "esc Back" showed, nothing said how
    # to open a topic); it selects as the list's own Enter does
    BINDINGS = [
        Binding("enter", "open", "Open", priority=True, id="open"),
        Binding("escape", "app.pop_screen", "Back", id="back"),
    ]

    def action_open(self) -> None:
        self.query_one(OptionList).action_select()

    def compose(self) -> ComposeResult:
        from tutor.lessons.drills import TOPICS

        yield Header()
        with Vertical(id="lessons"):
            yield Static(
                "[b]Drills[/b] — fresh positions on one topic, as many as you like, "
                "each answered by the Hints",
                id="lessons-head",
            )
            yield OptionList(
                *[Option(_topic_entry(t, taught_in(services(self), t)), id=t.key) for t in TOPICS],
                id="lesson-list",
            )
        yield AdaptiveFooter()

    def on_mount(self) -> None:
        self.sub_title = "drills"
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id:
            host(self).open_drill(event.option.id)


class DrillScreen(LessonScreen):
    """A drill: a fresh position after each answer, with a running tally."""

    def __init__(self, topic_key: str, seed: int | None = None) -> None:
        super().__init__()
        self.topic_key = topic_key
        self.seed = seed

    def make_session(self) -> DrillSession:
        from tutor.lessons.drills import topic

        try:
            course = services(self).curriculum()
        except LessonsUnavailable:
            course = None
        chosen = topic(self.topic_key)
        session = DrillSession.of_topic(
            chosen,
            services(self).progress,
            WORDS,
            self.seed,
            course=course,
            library=services(self).library,
        )
        self.seed = session.seed
        return session

    @property
    def drill(self) -> DrillSession:
        session = self.lesson_session
        assert isinstance(session, DrillSession)
        return session

    @property
    def topic(self) -> Topic:
        """The topic drilled (loaded with the session, before anything is shown)."""
        return self.drill.drilled

    def start(self) -> None:
        # The topic is named in the heading beside the board; the header, 62 columns
        # at 80, would cut "drill: <a long topic> · seed 50" off before the seed.
        self.sub_title = f"drill · seed {self.seed}"
        self.deal()

    # --- dealing ---------------------------------------------------------------------

    def deal(self) -> None:
        """Clear the board and deal the next position in a worker."""
        self.drill.clear()
        self.selected.clear()
        self.query_one("#step-title", Static).update(
            styled("[b]$title[/b] — Dealing…", title=self.topic.title)
        )
        for ident in BOARD:
            self.query_one(ident).display = False
        self.query_one("#question", Static).update("")
        self.query_one("#feedback", PassageMarkdown).update("")
        self.draw_buttons()
        self.refresh_bindings()
        self.generate_step()

    @work(thread=True, exclusive=True, group="drill")
    def generate_step(self) -> None:
        worker = get_current_worker()
        try:
            step = self.drill.deal()
        except Exception as exc:  # a DrillError (too rare a topic) or the hints failing: a note
            if not worker.is_cancelled:
                self.app.call_from_thread(self.deal_failed, str(exc))
            return
        if not worker.is_cancelled:
            self.app.call_from_thread(self.show_dealt, step)

    def deal_failed(self, message: str) -> None:
        self.notify(message, title="Drill", severity="error")
        self.query_one("#step-title", Static).update(
            styled(
                "[b]$title[/b] — no position could be dealt: $message",
                title=self.topic.title,
                message=message,
            )
        )

    def show_dealt(self, step: Step) -> None:
        if not self.is_attached:
            return
        self.drill.ask(step)
        self.draw_step()

    # --- a step, and the tally -------------------------------------------------------

    def draw_step(self) -> None:
        super().draw_step()
        self.show_heading()

    def show_title(self) -> None:
        """A drill keeps its own heading: the lesson's track of steps means nothing in an
        endless drill."""
        self.show_heading()

    def show_heading(self) -> None:
        """The position, the tally, and what is due for review, as a lesson shows it."""
        drill = self.drill
        self.query_one("#step-title", Static).update(
            styled(
                "[b]Position $dealt[/b]  [dim]· $title[/dim]\n"
                "Right first time, no clue: $right of $answered\n"
                "[dim]Review: $outlook[/dim]",
                dealt=drill.dealt,
                title=self.topic.title,
                right=drill.right_first_time,
                answered=drill.answered,
                outlook=self.review_outlook(),
            )
        )

    def show_passages(self, step: Step) -> None:
        """The passage names the rule, so it waits for the answer (or the hint)."""
        if self.drill.passages_open():
            super().show_passages(step)
            return
        self.shown_passages = None
        near = (
            "\n\nSome positions are near misses: a hand of the topic with one card changed, so"
            " that the answer turns. Look for what makes the hand what it is."
            if step.question in TWO_WAY_QUESTIONS
            else ""
        )
        self.query_one("#lesson-passage", PassageMarkdown).update(
            f"### {self.topic.title}\n\nA fresh position: which of the Hints applies? "
            "The passage it rests on is shown here once you have answered, or asked for a clue"
            f" (?).{near}"
        )

    def after_answer(self) -> None:
        super().after_answer()
        if not self.drill.count():
            return
        self.show_passages(self.step)
        self.show_heading()
        attempt = self.attempt
        if attempt is not None and not attempt.unaided:  # a miss joins the reviews: said
            self.feedback_parts = with_note(self.feedback_parts, REVIEW_NOTE, *self.learn_it())
            self.render_feedback()

    def learn_it(self) -> list[str]:
        """After a miss, a link to each lesson that teaches the topic, at the step that
        teaches this hand's hint where one does; Tab reaches the links and Enter opens
        the lesson."""
        lessons = taught_in(services(self), self.topic, self.step.hint)
        if not lessons:
            return []
        links = "; ".join(
            f"[lesson {n}, “{markdown_literal(lesson.title)}”](lesson:{lesson.id}#{i})"
            for n, lesson, i in lessons
        )
        return [f"To learn it: {links}."]

    def action_next(self) -> None:
        if self.session is not None and self.session.next() is Move.DEAL:
            self.deal()
