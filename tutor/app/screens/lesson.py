"""One lesson, step by step: the passage beside the position, answered by keys.

The lesson itself (steps, attempts, clues, results, its place) is a
``tutor.lessons.session.LessonSession``; this screen holds one, hands it the
learner's keys and draws what it returns. While the learner decides, the passage
pane shows the lesson's passages (the whole family of rules); with the answer, the
step's own. At the end, ``LessonEndScreen`` gives the score, the steps missed and
the next lesson.

Text from files and from the learner is never parsed as Rich markup here: it goes
into ``rich.text.Text`` values or into Markdown.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.widgets import Button, OptionList, Static

from tutor.app.lessonsource import when
from tutor.app.markup import markdown_literal
from tutor.app.narrate import describe_action
from tutor.app.navigation import host, services
from tutor.app.screens.lesson_view import LessonView
from tutor.app.services import LessonsUnavailable
from tutor.app.widgets.cards import HandView
from tutor.app.widgets.lesson_board import LESSON_BINDINGS, lesson_board
from tutor.app.widgets.more_below import MoreBelow
from tutor.app.widgets.passage import link_list
from tutor.app.widgets.position import position_facts
from tutor.lessons.feedback import Feedback, Kind, Words, with_note
from tutor.lessons.session import LessonSession, Move
from tutor.rules.actions import Action, discard
from tutor.rules.cards import Card

if TYPE_CHECKING:
    from tutor.lessons.judge import Answer, Judgement
    from tutor.lessons.model import Step

__all__ = ["LessonScreen", "position_facts"]

WORDS = Words(
    action=describe_action,
    when=when,
    links=lambda title, ids, names: link_list(title, ids, names=names),
    literal=markdown_literal,
)
"""The app's words for what the lesson session says."""


class LessonScreen(LessonView):
    """A lesson (or the review queue) as a sequence of questions."""

    HELP_SECTION = "Keys in a lesson"
    """The heading of help.md that F1 opens at."""

    BINDINGS = LESSON_BINDINGS

    def __init__(
        self,
        lesson_id: str | None = None,
        step: int | None = None,
        review: list[tuple[str, str]] | None = None,
        review_title: str = "Review",
        variant_seed: int | None = None,
    ) -> None:
        super().__init__()
        self.lesson_id = lesson_id
        self.review = review
        self.review_title = review_title
        self.asked_index = step
        """The step asked for (None: where the learner left the lesson)."""
        self.variant_seed = variant_seed
        self.session: LessonSession | None = None
        """The lesson taken (None until loaded, or when it cannot be)."""
        self.selected: set[Card] = set()
        """The cards chosen to discard, not yet confirmed."""
        self.feedback_parts: list[str] = []
        self.prompt_text = Text()
        self.feedback_shown = 0
        self.shown_passages: tuple[str, ...] | None = None

    def compose(self) -> ComposeResult:
        yield from lesson_board()

    SHORT = 30
    """Under this many rows the board's cards are drawn one line high (``-short``)."""

    def on_resize(self) -> None:
        self.set_class(self.size.height < self.SHORT, "-short")
        if self.steps:
            self.call_after_refresh(self.show_title)
        self.call_after_refresh(self.query_one(MoreBelow).follow)

    def on_mount(self) -> None:
        self.set_class(self.app.size.height < self.SHORT, "-short")
        try:
            self.session = self.make_session()
        except (LessonsUnavailable, LookupError) as exc:  # KeyError, DrillError
            message = str(exc).strip("'\"")
            self.notify(message, title="Lessons", severity="error", markup=False)
            self.query_one("#step-title", Static).update(Text(message))
            return
        self.sub_title = self.title_text
        self.start()

    def make_session(self) -> LessonSession:
        """The lesson (or review) to take: ``LessonsUnavailable`` or ``LookupError`` when
        it cannot be loaded."""
        shared = services(self)
        library = shared.library
        if self.review is not None:
            return LessonSession.of_review(
                shared.curriculum(), self.review, self.review_title, shared.progress, WORDS, library,
                self.variant_seed,
            )  # fmt: skip
        return LessonSession.of_lesson(
            shared.curriculum(),
            self.lesson_id or "",
            shared.progress,
            WORDS,
            library,
            self.variant_seed,
        )

    def start(self) -> None:
        """Show the step to begin with: where the lesson was left, or the first."""
        if not self.steps:
            self.query_one("#step-title", Static).update("This lesson has no steps.")
            return
        warning = self.lesson_session.begin(self.asked_index)
        if warning:
            self.notify(warning, title="Progress", severity="warning")
        self.draw_step()

    # --- answering ------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        kinds = self.kinds()
        if action == "decide":
            return parameters[0] in kinds
        if action == "card":
            if not kinds & {"lead", "follow", "discard", "choice"}:
                return False
            return len(parameters) < 2 or parameters[1] == self.option_count()
        if action == "confirm":
            return "discard" in kinds
        if action in ("hint", "reveal"):
            return bool(kinds)
        if action == "next":
            return self.attempt is not None and self.attempt.finished
        return True

    def action_decide(self, kind: str) -> None:
        if kind in self.kinds():
            self.answer(Action(kind))

    def option_count(self) -> int:
        """How many choices or cards the number keys name now."""
        if "choice" in self.kinds():
            return len(self.step.choices)
        return len(self.hand_order())

    def action_card(self, index: int, shown_for: int = 0) -> None:
        kinds = self.kinds()
        if "choice" in kinds:
            if index < len(self.step.choices):
                self.answer(self.order[index])
            return
        cards = self.hand_order()
        if index >= len(cards):
            return
        card = cards[index]
        if "discard" in kinds:
            self.selected ^= {card}
            self.show_hand()
        elif "lead" in kinds:
            self.answer(Action("lead", (card,)))
        elif "follow" in kinds:
            self.answer(Action("follow", (card,)))

    def action_confirm(self) -> None:
        if "discard" not in self.kinds():
            return
        info = self.step.info
        refusal = info.discard_refusal(len(self.selected)) if info is not None else None
        if refusal is not None:
            # Not a discard the laws allow: said, and no try spent (a learner review: an
            # empty discard by the non-dealer was judged, and took a try).
            self.notify(refusal, title="Not a discard", severity="warning", markup=False)
            return
        self.answer(discard(*self.selected))

    def answer(self, given: Answer) -> None:
        """Judge in a worker (a card's diagnosis plays the deal out over every holding),
        with the answer keys off meanwhile. The same wrong answer again is not a try: it
        is said, and the diagnosis stays in sight."""
        notice = self.lesson_session.submit(given)
        if notice:
            self.notify(notice, title="Already tried", markup=False)
            return
        # an "Already tried" notice must not sit over the new verdict
        self.app.clear_notifications()
        self.refresh_bindings()
        self.draw_buttons()
        self.set_feedback("*Judging…*")
        self.judge_answer(self.step, given)

    @work(thread=True, exclusive=True, group="judge")
    def judge_answer(self, step: Step, given: Answer) -> None:
        from tutor.lessons.judge import judge

        try:
            result = judge(step, given)
        except Exception as exc:  # the hints engine failing: say so, keep the step open
            self.app.call_from_thread(self.judge_failed, step, exc)
            return
        self.app.call_from_thread(self.judged, step, result)

    def judge_failed(self, step: Step, exc: Exception) -> None:
        self.lesson_session.judge_failed()
        if self.steps and self.step is step:
            self.notify(str(exc), title="Cannot judge this step", severity="error", markup=False)
            self.set_feedback("")
            self.after_answer()

    def judged(self, step: Step, judgement: Judgement) -> None:
        self.show_feedback(self.lesson_session.take(step, judgement))

    def show_feedback(self, feedback: Feedback) -> None:
        if feedback.kind is Kind.NONE:
            return
        self.set_feedback(*feedback.parts)
        if feedback.kind is Kind.CLUE:
            self.show_passages(self.step)
        else:
            self.after_answer()

    def after_answer(self) -> None:
        self.show_title()
        if not self.retrying():
            # A retry keeps the cards chosen, to be changed one at a time.
            self.selected.clear()
        if self.step.info is not None:
            self.show_hand()
        self.mark_tried_choices()
        self.show_question()
        self.draw_buttons()
        self.refresh_bindings()
        if self.finished:
            self.show_passages(self.step)
            if self.step.outcome is not None:
                self.play_out(self.step)

    @work(thread=True, exclusive=True, group="outcome")
    def play_out(self, step: Step) -> None:
        """Play the arranged deal out both ways (hints engine), to show what the choice cost."""
        text = self.lesson_session.outcome(step)
        self.app.call_from_thread(self.add_outcome, step, text)

    def add_outcome(self, step: Step, text: str) -> None:
        if self.steps and self.step is step and self.finished:
            self.feedback_parts = with_note(self.feedback_parts, text)
            self.render_feedback()

    def action_hint(self) -> None:
        self.show_feedback(self.lesson_session.clue() if self.session else Feedback(Kind.NONE))

    def action_reveal(self) -> None:
        self.show_feedback(self.lesson_session.reveal() if self.session else Feedback(Kind.NONE))

    def action_next(self) -> None:
        if self.session is None:
            return
        move = self.session.next()
        if move is Move.STEP:
            self.draw_step()
        elif move is Move.END:
            self.finish()

    def finish(self) -> None:
        session = self.lesson_session
        session.finish()
        self.draw_buttons()
        self.refresh_bindings()
        from tutor.app.screens.lesson_end import LessonEndScreen

        self.app.push_screen(
            LessonEndScreen(session.lesson, session.steps, dict(session.results)), self.after_end
        )

    def after_end(self, choice: object) -> None:
        """The end screen's choice: a step index to see again, the next lesson, or leave."""
        if isinstance(choice, int) and 0 <= choice < len(self.steps):
            self.lesson_session.revisit(choice)
            self.draw_step()
            return
        from tutor.app.screens.lessons import LessonsScreen

        stack = self.app.screen_stack
        from_list = len(stack) >= 2 and isinstance(stack[-2], LessonsScreen)
        self.app.pop_screen()
        if isinstance(choice, str) and choice:
            host(self).open_lesson(choice)
        elif self.lesson is not None and not from_list:
            host(self).open_lessons()  # "Back to the lessons", wherever it was begun

    @on(Button.Pressed, "#lesson-buttons Button")
    def button_pressed(self, event: Button.Pressed) -> None:
        kind = event.button.name or ""
        if kind == "discard":
            self.action_confirm()
        elif kind == "next":
            self.action_next()
        else:
            self.action_decide(kind)

    @on(HandView.CardChosen, "#lesson-hand")
    def card_clicked(self, event: HandView.CardChosen) -> None:
        self.action_card(event.index)

    @on(OptionList.OptionSelected, "#choices")
    def choice_clicked(self, event: OptionList.OptionSelected) -> None:
        if "choice" in self.kinds() and event.option.id is not None:
            self.answer(int(event.option.id))
