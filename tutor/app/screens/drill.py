"""Drills: endless fresh positions on one topic, answered exactly like a lesson's steps.

``DrillTopicsScreen`` lists ``tutor.lessons.drills.TOPICS``; ``DrillScreen`` is a
``LessonScreen`` whose steps are dealt one at a time by ``drills.generate`` in a
thread worker (a rare topic can take a moment). Its ``random.Random`` is seeded
from the system unless a seed is given, and the seed is shown in the subtitle,
so a learner can report a position and it can be dealt again. Answers are
recorded under ``drill:<topic key>``, and mistakes join the review queue.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Header, OptionList, Static
from textual.widgets.option_list import Option
from textual.worker import get_current_worker

from tutor.app.lessonsource import LessonsUnavailable, when
from tutor.app.markup import markdown_literal, styled
from tutor.app.navigation import host, services
from tutor.app.screens.lesson import LessonScreen
from tutor.app.widgets.footer import AdaptiveFooter
from tutor.app.widgets.passage import PassageMarkdown
from tutor.lessons.answers import TWO_WAY_QUESTIONS
from tutor.store.progress import SCHEDULE

if TYPE_CHECKING:
    from textual.content import Content

    from tutor.app.services import Services
    from tutor.lessons.drills import Topic
    from tutor.lessons.model import Lesson

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
        self.seed = seed if seed is not None else random.SystemRandom().randrange(1_000_000)
        self.rng = random.Random(self.seed)
        self.loaded_topic: Topic | None = None
        self.dealt = 0
        """Positions dealt so far (the one shown is number ``dealt``)."""
        self.answered = 0
        self.right_first_time = 0
        self.counted = False

    def load_steps(self) -> None:
        from tutor.lessons.drills import topic

        self.loaded_topic = topic(self.topic_key)
        self.title_text = self.loaded_topic.title

    @property
    def topic(self) -> Topic:
        """The topic drilled (loaded with the steps, before anything is shown)."""
        if self.loaded_topic is None:
            raise RuntimeError("the drill's topic is read before it is loaded")
        return self.loaded_topic

    def start(self) -> None:
        # The topic is named in the heading beside the board; the header, 62 columns
        # at 80, cut "drill: <a long topic> · seed 50" off before the seed (a reviewer).
        self.sub_title = f"drill · seed {self.seed}"
        self.deal()

    # --- dealing ---------------------------------------------------------------------

    def deal(self) -> None:
        """Clear the board and deal the next position in a worker."""
        self.attempt = None
        self.steps = []
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
        from tutor.lessons.drills import generate

        worker = get_current_worker()
        try:
            step = generate(self.topic, self.rng)
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

    def show_dealt(self, step) -> None:
        if not self.is_attached:
            return
        self.dealt += 1
        self.counted = False
        self.steps = [step]
        self.index = 0
        self.show_step()

    # --- a step, and the tally -------------------------------------------------------

    def show_step(self) -> None:
        super().show_step()
        self.show_heading()

    def show_title(self) -> None:
        """A drill keeps its own heading (the lesson's track of steps means nothing in an
        endless drill; a learner review saw the two headings flip after an answer)."""
        self.show_heading()

    def show_heading(self) -> None:
        """The position, the tally, and what is due for review, as a lesson shows it (a
        learner review: in a drill the queue showed only after a miss)."""
        self.query_one("#step-title", Static).update(
            styled(
                "[b]Position $dealt[/b]  [dim]· $title[/dim]\n"
                "Right first time, no clue: $right of $answered\n"
                "[dim]Review: $outlook[/dim]",
                dealt=self.dealt,
                title=self.topic.title,
                right=self.right_first_time,
                answered=self.answered,
                outlook=self.review_outlook(),
            )
        )

    def passages_now(self, step) -> tuple[str, ...]:
        """With a clue and no answer yet, the family the clue names, whole: the step's own
        passages are the clause that decides this hand, or the bare heading of the list
        where no clause does, and either tells the answer (a learner review: a clue on a
        jeu de règle showed its clause; on a hand to propose, no list at all)."""
        attempt = self.attempt
        if attempt is not None and not attempt.finished and self.clue_passage is not None:
            return self.clue_section()
        shown = super().passages_now(step)
        library = services(self).library
        if attempt is None or not attempt.finished or library is None:
            return shown
        if step.hint and self.topic.covers(step.hint):
            return shown  # a hand of the topic: its own clause
        # A hand that is none of the topic's (a jeu de règle drill's hand to propose): the
        # list the topic's hints cite, whole (a reviewer: only "They are as follows :—"
        # stood beside the answer).
        from tutor.lessons.drills import cited_list

        return tuple(dict.fromkeys([*cited_list(self.topic, library), *shown]))

    def show_passages(self, step) -> None:
        """The passage names the rule, so it waits for the answer (or the hint)."""
        attempt = self.attempt
        if attempt is not None and (attempt.finished or attempt.hinted):
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

    def action_hint(self) -> None:
        super().action_hint()
        if self.attempt is not None:
            self.show_passages(self.step)

    def after_answer(self) -> None:
        super().after_answer()
        attempt = self.attempt
        if attempt is None or not attempt.finished:
            return
        self.show_passages(self.step)
        if not self.counted:
            self.counted = True
            self.answered += 1
            # as in the lessons: right at the first try and without a clue
            self.right_first_time += int(attempt.unaided)
            self.show_heading()
            if not attempt.unaided:  # a learner review: misses were queued unannounced
                parts = self.feedback_parts
                last = parts and parts[-1].startswith("*Press n")
                at = len(parts) - 1 if last else len(parts)
                parts[at:at] = [REVIEW_NOTE, *self.learn_it()]
                self.render_feedback()

    def learn_it(self) -> list[str]:
        """After a miss, a link to each lesson that teaches the topic, at the step that
        teaches this hand's hint where one does (a reviewer: a learner who missed was not
        told where to learn it); Tab reaches the links and Enter opens the lesson."""
        lessons = taught_in(services(self), self.topic, self.step.hint)
        if not lessons:
            return []
        links = "; ".join(
            f"[lesson {n}, “{markdown_literal(lesson.title)}”](lesson:{lesson.id}#{i})"
            for n, lesson, i in lessons
        )
        return [f"To learn it: {links}."]

    def action_next(self) -> None:
        if self.attempt is not None and self.attempt.finished:
            self.deal()
