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

import sqlite3
from typing import TYPE_CHECKING

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, Header, OptionList, Static
from textual.widgets.option_list import Option

from tutor.app.lessonsource import (
    LessonsUnavailable,
    curriculum,
    progress,
    review_outlook,
    when,
)
from tutor.app.markup import markdown_literal
from tutor.app.narrate import describe_action
from tutor.app.screens.decision_keys import DECISION_KEYS, card_keys
from tutor.app.widgets.cards import HandView
from tutor.app.widgets.feedback_scroll import FeedbackScrolling
from tutor.app.widgets.footer import AdaptiveFooter
from tutor.app.widgets.more_below import MoreBelow
from tutor.app.widgets.passage import PassageMarkdown, link_list, passage_markdown
from tutor.app.widgets.position import choice_entry, position_facts
from tutor.app.widgets.trick import TableView, TrickView
from tutor.lessons.session import Feedback, Kind, LessonSession, Move, Words, with_note
from tutor.rules.actions import Action, discard
from tutor.rules.cards import Card
from tutor.rules.deal import discard_count

if TYPE_CHECKING:
    from textual import getters

    from tutor.app.app import EcarteApp
    from tutor.lessons.judge import Answer, Judgement
    from tutor.lessons.model import Lesson, Step
    from tutor.store.progress import Attempt

__all__ = ["LessonScreen", "position_facts"]

WORDS = Words(
    action=describe_action,
    when=when,
    links=lambda title, ids, names: link_list(title, ids, names=names),
    literal=markdown_literal,
)
"""The app's words for what the lesson session says."""


class LessonScreen(FeedbackScrolling):
    """A lesson (or the review queue) as a sequence of questions."""

    HELP_SECTION = "Keys in a lesson"
    """The heading of help.md that F1 opens at."""

    if TYPE_CHECKING:
        app = getters.app(EcarteApp)

    BINDINGS = [
        # Priority, as Enter is: keys typed together are then taken in order (see
        # ``decision_keys.decision_bindings``).
        *[
            Binding(key, f"decide('{kind}')", label, id=f"decide-{kind}", priority=True)
            for kind, (key, label) in DECISION_KEYS.items()
        ],
        # Key 1 once per number of options: the footer shows the keys that fit the
        # choices or cards on the board now ("1-3", "1"), the others hidden.
        *[
            Binding(
                "1",
                f"card(0, {n})",
                "Choose",
                key_display=card_keys(n),
                id=f"cards-{n}",
                priority=True,
            )
            for n in range(6, 0, -1)
        ],
        *[
            Binding(str(i + 1), f"card({i})", "Choose", show=False, priority=True)
            for i in range(1, 6)
        ],
        Binding("enter", "confirm", "Discard", id="confirm", priority=True),
        Binding("question_mark", "hint", "Clue", key_display="?", id="hint"),
        Binding("h", "hint", "Clue", show=False),
        Binding("s", "reveal", "Show answer", id="reveal"),
        Binding("n", "next", "Next", id="next"),
        Binding("escape", "app.pop_screen", "Back", id="back"),
        # Priority: the choices' list, when focused, would take these keys for its
        # few entries, and the board (cards, question, verdict) could not be scrolled
        # back without a mouse on a small terminal.
        Binding(
            "pagedown", "scroll_board('scroll_page_down')", "Scroll", show=False, priority=True
        ),
        Binding("pageup", "scroll_board('scroll_page_up')", "Scroll", show=False, priority=True),
        Binding("end", "scroll_board('scroll_end')", "Scroll", show=False, priority=True),
        Binding("home", "scroll_board('scroll_home')", "Scroll", show=False, priority=True),
    ]

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
        yield Header()
        with Horizontal(id="lesson"):
            with VerticalScroll(id="lesson-text"):
                yield PassageMarkdown("", id="lesson-passage")
            # The header and the position's facts stay in sight above the scrolling
            # board (learner reviews: at 80x24 the step, the score and the reviews due
            # had scrolled away, and then the role, score and trumps that decide a step).
            with Vertical(id="lesson-right"):
                yield Static("", id="step-title")
                yield Static("", id="position-facts")
                with VerticalScroll(id="lesson-board"):
                    yield TrickView(id="lesson-table")
                    yield HandView(id="lesson-hand")
                    yield Static("", id="question")
                    yield OptionList(id="choices")
                    yield Horizontal(id="lesson-buttons")
                    with Vertical(id="feedback-box"):
                        yield PassageMarkdown("", id="feedback")
                # a retry at 80x24 keeps the hand in sight and the verdict's first line:
                # the rest is below, and this says so
                yield MoreBelow("lesson-board", "PageDown: more below ↓", id="board-more")
        yield AdaptiveFooter()

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
        library = self.app.library
        if self.review is not None:
            return LessonSession.of_review(
                curriculum(), self.review, self.review_title, progress(), WORDS, library,
                self.variant_seed,
            )  # fmt: skip
        return LessonSession.of_lesson(
            curriculum(), self.lesson_id or "", progress(), WORDS, library, self.variant_seed
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

    # --- the session's state, as the screen's -----------------------------------------

    @property
    def lesson_session(self) -> LessonSession:
        if self.session is None:
            raise RuntimeError("the lesson is read before it is loaded")
        return self.session

    @property
    def steps(self) -> list[Step]:
        return self.session.steps if self.session is not None else []

    @property
    def step(self) -> Step:
        return self.lesson_session.step

    @property
    def index(self) -> int:
        return self.lesson_session.index

    @index.setter
    def index(self, value: int) -> None:
        self.lesson_session.index = value

    @property
    def lesson(self) -> Lesson | None:
        return self.session.lesson if self.session is not None else None

    @property
    def title_text(self) -> str:
        return self.session.title if self.session is not None else ""

    @property
    def attempt(self) -> Attempt | None:
        return self.session.attempt if self.session is not None else None

    @property
    def finished(self) -> bool:
        return self.session is not None and self.session.finished

    @property
    def results(self) -> dict[int, bool]:
        return self.lesson_session.results

    @property
    def judgement(self) -> Judgement | None:
        return self.lesson_session.judgement

    @property
    def wrong_given(self) -> set[object]:
        return self.lesson_session.wrong_given

    @property
    def order(self) -> list[int]:
        return self.lesson_session.order

    def tried_choices(self) -> set[int]:
        return self.lesson_session.tried_choices()

    def kinds(self) -> set[str]:
        """The kinds of answer the question takes (none once the step is over, or while judging)."""
        return self.session.kinds() if self.session is not None else set()

    def hand_order(self) -> tuple[Card, ...]:
        return self.lesson_session.hand_order()

    def retrying(self) -> bool:
        return self.attempt is not None and not self.attempt.finished

    # --- showing a step ------------------------------------------------------------------

    def show_step(self) -> None:
        """Ask the step at ``index`` afresh, and draw it."""
        self.lesson_session.open_step()
        self.draw_step()

    def draw_step(self) -> None:
        step = self.step
        self.selected.clear()
        self.show_title()
        self.show_question()
        self.set_feedback("")
        self.query_one("#lesson-board").scroll_home(animate=False)
        self.show_passages(step)
        info = step.info
        for ident in ("#position-facts", "#lesson-table", "#lesson-hand"):
            self.query_one(ident).display = info is not None
        choices = self.query_one("#choices", OptionList)
        choices.display = step.is_law
        choices.clear_options()
        if step.is_law:
            choices.add_options(
                [
                    Option(choice_entry(n, step.choices[i].text), id=str(i))
                    for n, i in enumerate(self.order, 1)
                ]
            )
        if info is not None:
            self.show_position(info)
        self.draw_buttons()
        self.refresh_bindings()

    def show_title(self) -> None:
        """Where the learner is, how this pass has gone step by step (✓ ◐ ✗), and what is
        due for review."""
        session = self.lesson_session
        total = len(self.steps)
        title = Text.assemble((f"Step {self.index + 1}", "bold"), f" of {total}  ")
        if total <= 24:
            for mark, style in session.marks():
                title.append(mark, style)
        score = session.score_text()
        # on a line of its own where the strip leaves no room (not "first / try")
        width = self.query_one("#step-title", Static).content_size.width
        fits = not width or title.cell_len + 2 + len(score) <= width
        title.append(f"  {score}" if fits else f"\n{score}", style="dim")
        title.append(f"\nReview: {self.review_outlook()}", style="dim")
        if self.review is not None and not self.review_title.startswith("Missed in "):
            title.append(f"\nfrom {session.lesson_title(self.step.lesson)}", style="dim")
        self.query_one("#step-title", Static).update(title)

    @staticmethod
    def review_outlook() -> str:
        """What is due for review, for the heading; a busy progress file is not a
        broken lesson (or drill)."""
        try:
            return review_outlook(progress(), clock_time=False)
        except sqlite3.Error as exc:
            return f"not known just now ({exc})"

    def action_scroll_board(self, how: str) -> None:
        """PageDown, PageUp, End, Home move the board (the feedback under the hand)."""
        board = self.query_one("#lesson-board")
        getattr(board, how)(animate=False)

    def show_question(self) -> None:
        # a step asked again in other suits says so
        varied = (
            Text("The lesson's position, its suits changed (trumps too).\n", style="italic")
            if self.step.suits
            else Text()
        )
        self.prompt_text = Text.assemble(varied, (self.step.prompt, "bold"))
        if self.wrong_given and self.retrying():
            # A retry: the keys are in the footer and the tries left in the verdict; at
            # 80x24 their two lines are the room the question needs to stay in sight
            # with the choices and the verdict (``retry_scroll``).
            self.query_one("#question", Static).update(self.prompt_text)
            return
        tries = Text(self.lesson_session.tries_note(), style="dim")
        self.query_one("#question", Static).update(
            Text.assemble(self.prompt_text, "\n", self.keys_hint(), tries)
        )

    def show_passages(self, step: Step) -> None:
        ids = self.lesson_session.passages_now()
        if ids == self.shown_passages:
            return
        self.shown_passages = ids
        library = self.app.library
        if library is None:
            text = self.app.library_error or "The texts are not available."
        else:
            parts = [
                passage_markdown(
                    library.passage(i), heading="###", with_emendations=False, with_translation=True
                )
                for i in ids
                if i in library
            ]
            text = "\n\n".join(parts) or (
                "*A review asks you to recall: the passage is shown once you answer, or ask"
                " for a clue (?).*"
                if self.review is not None
                else "*No passage for this step.*"
            )
        self.query_one("#lesson-passage", PassageMarkdown).update(text)
        self.query_one("#lesson-text").scroll_home(animate=False)

    def show_position(self, info) -> None:
        self.query_one("#position-facts", Static).update(Text("\n".join(position_facts(info))))
        self.query_one(TrickView).show(
            TableView(
                turnup=info.turnup, stock=info.stock_size, led=info.led, led_by="your adversary"
            )
        )
        self.show_hand()

    def show_hand(self) -> None:
        """The hand, the cards chosen to discard raised and those tried already marked."""
        tried = self.lesson_session.tried_cards()
        self.query_one(HandView).show(self.hand_order(), self.selected, tried=tried)

    def mark_tried_choices(self) -> None:
        """A law question's choices given already, wrongly, marked in the list."""
        if not self.step.is_law:
            return
        choices = self.query_one("#choices", OptionList)
        for n, i in enumerate(self.order, 1):
            if i in self.wrong_given:
                entry = choice_entry(n, self.step.choices[i].text, tried=True)
                choices.replace_option_prompt(str(i), entry)

    def keys_hint(self) -> str:
        kinds = self.kinds()
        if "choice" in kinds:
            return "Answer with the number of a choice (or click it)."
        if "discard" in kinds:
            many = discard_count(*self.step.info.discard_range())
            return f"Discard {many}: toggle cards with {card_keys(len(self.hand_order()))}, then Enter."
        if kinds & {"lead", "follow"}:
            n = len(self.step.info.hand)
            return f"Choose a card with 1-{n} (or click it)." if n > 1 else "Play your card with 1."
        keys = [
            f"{DECISION_KEYS[k][1].lower()} ({DECISION_KEYS[k][0]})"
            for k in DECISION_KEYS
            if k in kinds
        ]
        return "Answer: " + " or ".join(keys) + "." if keys else ""

    def draw_buttons(self) -> None:
        box = self.query_one("#lesson-buttons", Horizontal)
        box.remove_children()
        kinds = self.kinds()
        buttons = [
            Button(f"{label} ({key})", name=kind, compact=True)
            for kind, (key, label) in DECISION_KEYS.items()
            if kind in kinds
        ]
        if "discard" in kinds:
            buttons.append(Button("Discard (Enter)", name="discard", compact=True))
        if self.attempt is not None and self.attempt.finished:
            buttons.append(Button("Next (n)", name="next", compact=True))
        for button in buttons:
            button.can_focus = False
        box.mount_all(buttons)
        box.display = bool(buttons)  # no empty row kept (a learner review, at 80x24)

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
            self.app.open_lesson(choice)
        elif self.lesson is not None and not from_list:
            self.app.action_lessons()  # "Back to the lessons", wherever it was begun

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
