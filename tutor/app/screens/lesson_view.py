"""The lesson screen's drawing: the step, its heading and strip, the question, the
passages beside it, the position, the hand, the choices and the buttons, all read from
the screen's ``LessonSession``. The keys and the flow are ``lesson.LessonScreen``'s."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.containers import Horizontal
from textual.widgets import Button, OptionList, Static
from textual.widgets.option_list import Option

from tutor.app.lessonsource import review_outlook
from tutor.app.navigation import services
from tutor.app.screens.decision_keys import DECISION_KEYS, card_keys
from tutor.app.widgets.cards import HandView
from tutor.app.widgets.feedback_scroll import FeedbackScrolling
from tutor.app.widgets.passage import PassageMarkdown, passage_markdown
from tutor.app.widgets.position import choice_entry, position_facts
from tutor.app.widgets.trick import TableView, TrickView
from tutor.lessons.session import LessonSession
from tutor.rules.cards import Card
from tutor.rules.deal import discard_count
from tutor.store.progress import ProgressError

if TYPE_CHECKING:

    from tutor.lessons.judge import Judgement
    from tutor.lessons.model import Lesson, Step
    from tutor.store.progress import Attempt


class LessonView(FeedbackScrolling):
    """Draws a ``LessonSession`` on the lesson board."""

    session: LessonSession | None
    review: list[tuple[str, str]] | None
    review_title: str
    selected: set[Card]
    """The cards chosen to discard, not yet confirmed."""
    shown_passages: tuple[str, ...] | None

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

    def review_outlook(self) -> str:
        """What is due for review, for the heading; a busy progress file is not a
        broken lesson (or drill)."""
        try:
            return review_outlook(services(self).progress, clock_time=False)
        except ProgressError as exc:
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
        library = services(self).library
        if library is None:
            text = services(self).library_error or "The texts are not available."
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
        kinds, info = self.kinds(), self.step.info
        if "choice" in kinds or info is None:
            return "Answer with the number of a choice (or click it)." if kinds else ""
        if "discard" in kinds:
            many = discard_count(*info.discard_range())
            return f"Discard {many}: toggle cards with {card_keys(len(self.hand_order()))}, then Enter."
        if kinds & {"lead", "follow"}:
            n = len(info.hand)
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
