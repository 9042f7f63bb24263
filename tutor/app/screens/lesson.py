"""One lesson, step by step: the passage beside the position, answered by keys.

Judging is the domain's (``tutor.lessons.judge``): a wrong answer is diagnosed
in words about this hand before anything else; where several choices are left it
may be tried again, and a two-way choice is revealed at once (after one wrong
answer the other is known). Clues come in two stages (the family of rule, then
what to look at) and mark the step as not solved unaided. While the learner
decides, the passage pane shows the lesson's passages (the whole family of
rules); with the answer, the step's own (the clause that decides it).

The lesson keeps its place: leaving part-way and coming back resumes at the same
step. At the end, ``LessonEndScreen`` gives the score, the steps missed and the
next lesson.

Text from files and from the learner is never parsed as Rich markup here: it
goes into ``rich.text.Text`` values or into Markdown.
"""

from __future__ import annotations

import asyncio
import random
from typing import TYPE_CHECKING

from rich.table import Table
from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Header, OptionList, Static
from textual.widgets.option_list import Option

from tutor.app.lessonsource import (
    LessonsUnavailable,
    review_outlook,
    when,
)
from tutor.app.markup import markdown_literal
from tutor.app.narrate import describe_action, penalty_fact
from tutor.app.navigation import host, services
from tutor.app.screens.decision_keys import DECISION_KEYS, card_keys
from tutor.app.widgets.cards import HandView, card_label
from tutor.app.widgets.footer import AdaptiveFooter
from tutor.app.widgets.more_below import MoreBelow
from tutor.app.widgets.passage import PassageMarkdown, link_list, passage_markdown
from tutor.app.widgets.trick import TableView, TrickView
from tutor.lessons.answers import tries_for
from tutor.lessons.model import typed_number
from tutor.lessons.shuffle import choice_order
from tutor.lessons.variants import review_variant
from tutor.rules.actions import Action, discard
from tutor.rules.cards import Card, sort_hand
from tutor.rules.deal import discard_count
from tutor.store.progress import ProgressError

if TYPE_CHECKING:
    from tutor.lessons.model import Lesson
    from tutor.store.progress import Attempt

CLUE_HEADING = "#### Clue"
"""The heading a clue's feedback opens with."""


def _helped(attempt: Attempt) -> str:
    """Said beside a right answer that was not right unaided, as the header's ✗ says it
    (a learner review: "✓ Right" under a ✗, unexplained)."""
    if attempt.hinted:
        return " *(with a clue: it comes back for review)*"
    if attempt.tries > 1:
        return " *(not at the first try: it comes back for review)*"
    return ""


def _choice_entry(n: int, text: str, tried: bool = False) -> Table:
    """A numbered choice whose text, when it wraps, stays clear of the number; one
    ``tried`` already (a wrong answer to this step) dimmed, with a ✗ and "tried"."""
    grid = Table.grid(padding=(0, 1))
    grid.add_column(width=2, justify="right", no_wrap=True)
    grid.add_column(ratio=1)
    if tried:
        grid.add_row(
            Text(f"{n}.", style="dim"),
            Text.assemble(("✗ ", "bold red"), (text, "dim"), (" (tried)", "dim italic")),
        )
    else:
        grid.add_row(Text(f"{n}.", style="bold"), Text(text))
    return grid


def position_facts(info) -> list[str]:
    """The position in sentences (plain text): role, score, trumps, what has happened."""
    me, them = info.score
    king_me, king_them = int(info.king == "me"), int(info.king == "opponent")
    score = f"Score: you {me + king_me}, your adversary {them + king_them} (game of {info.game})"
    if king_me or king_them:
        score += f"; {'your' if king_me else 'his'} point for the king is counted"
    facts = [
        f"You are the {'dealer' if info.is_dealer else 'non-dealer'}. {score}.",
        f"Trumps: {info.trump.symbol} {info.trump.noun}",
    ]
    if info.exchanges:
        told = [f"the non-dealer took {a}, the dealer {b}" for a, b in info.exchanges]
        if info.is_dealer and info.decision == "discard":
            # the exchange in progress: the dealer's own share is the question, not 0
            told[-1] = f"the non-dealer took {info.exchanges[-1][0]}, the dealer is to choose"
        facts.append("Exchanges: " + "; ".join(told))
    if info.discards:
        facts.append("You discarded: " + " ".join(card_label(c) for c in info.discards))
    if info.king:
        turned = info.turnup.rank.name == "KING"
        who = "you" if info.king == "me" else "your adversary"
        facts.append(f"The king of trumps: {'turned up, for' if turned else 'marked by'} {who}")
    if info.penalty is not None:
        facts.append(penalty_fact(info))
    if info.tricks:
        mine, theirs = info.tricks_won()
        played = ", ".join(f"{card_label(a)} {card_label(b)}" for a, b in info.tricks)
        facts.append(f"Tricks: {played} (you {mine}, your adversary {theirs})")
    return facts


class LessonScreen(Screen):
    """A lesson (or the review queue) as a sequence of questions."""

    HELP_SECTION = "Keys in a lesson"
    """The heading of help.md that F1 opens at."""

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
        self.index = 0
        self.steps: list = []
        self.title_text = ""
        self.lesson: Lesson | None = None
        self.attempt: Attempt | None = None
        self.judgement = None
        self.wrong_given: set[object] = set()
        """The wrong answers given to this step (``answer_key``): one again is not a try."""
        self.judging = False
        self.clue_stage = 0
        self.selected: set[Card] = set()
        self.completed = False
        self.results: dict[int, bool] = {}
        self.helped: set[int] = set()
        """Steps of ``results`` not right unaided but right in the end (◐ in the strip)."""
        """This pass: step index -> solved unaided."""
        self.feedback_parts: list[str] = []
        self.prompt_text = Text()
        """The question's own words, as shown (without the keys to answer with)."""
        self.feedback_shown = 0
        """How many times the feedback was drawn: a scroll for an older text stands down."""
        self.shown_passages: tuple[str, ...] | None = None
        self.clue_passage: str | None = None
        """The passage a clue sent the learner to: shown beside the question."""
        self.revisiting = False
        """After the lesson's end: steps opened again do not move its place."""
        self.variants = random.Random(variant_seed)
        """Draws the suits a step is asked again in (``tutor.lessons.variants``)."""

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
            self.load_steps()
        except (LessonsUnavailable, LookupError) as exc:  # KeyError, DrillError
            message = str(exc).strip("'\"")
            self.notify(message, title="Lessons", severity="error", markup=False)
            self.query_one("#step-title", Static).update(Text(message))
            return
        self.sub_title = self.title_text
        self.start()

    def start(self) -> None:
        """Show the step to begin with: where the lesson was left, or the first
        (a drill deals one instead)."""
        if not self.steps:
            self.query_one("#step-title", Static).update("This lesson has no steps.")
            return
        asked = self.resume_index() if self.asked_index is None else self.asked_index
        self.index = max(0, min(asked, len(self.steps) - 1))
        self.results = self.earlier_results()
        self.helped = self.earlier_helped()
        self.show_step()

    def earlier_results(self) -> dict[int, bool]:
        """A lesson taken up part-way carries on its strip and score: each step before
        this one as its latest result left it (a learner review: a pause for tea wiped
        "3 of 5" to "none answered yet", while the lesson list kept them)."""
        if self.lesson is None or self.index == 0:
            return {}
        try:
            latest = services(self).progress.latest_attempts(self.lesson.id)
        except ProgressError:  # a busy progress file: the strip starts empty, as before
            return {}
        return {
            i: latest[step.key]
            for i, step in enumerate(self.steps[: self.index])
            if step.key in latest
        }

    def earlier_helped(self) -> set[int]:
        """Of the steps ``earlier_results`` restores as not right unaided, those whose
        latest answer was right (with a clue, or at a later try)."""
        if not self.results:
            return set()
        try:
            answers = services(self).progress.answers(self.lesson.id if self.lesson else None)
        except ProgressError:
            return set()
        last = {(a.lesson, a.step): a.correct for a in answers}
        return {
            i for i, unaided in self.results.items() if not unaided and last.get(self.steps[i].key)
        }

    def resume_index(self) -> int:
        if self.lesson is None:
            return 0
        store = services(self).progress
        place = store.places().get(self.lesson.id)
        if place is None and store.busy:
            # a busy file reads as empty: said, not taken for a lesson never begun (a
            # tester's review: Continue quietly opened step 1 again)
            self.notify(
                "Your place in this lesson cannot be read just now (the progress file is"
                " busy): it opens at step 1.",
                title="Progress",
                severity="warning",
            )
        ids = [s.id for s in self.steps]
        return ids.index(place) if place in ids else 0

    def load_steps(self) -> None:
        course = services(self).curriculum()
        if self.review is not None:
            from tutor.lessons.drills import review_step
            from tutor.store.review_keys import ReviewKey, Source

            self.title_text = self.review_title
            for lesson_id, step_id in self.review:
                try:
                    source = ReviewKey.of(lesson_id).source
                    if source is Source.DRILL:  # a drill's position, dealt again
                        self.steps.append(review_step(lesson_id, step_id))
                    elif source is Source.GAME:  # a mistake from a game
                        from tutor.lessons.game_steps import game_step

                        self.steps.append(game_step(lesson_id, step_id))
                    else:  # in other suits: recalled by its rule, not its cards
                        step = course.lesson(lesson_id).step(step_id)
                        self.steps.append(review_variant(step, self.variants))
                except LookupError:
                    continue  # a step since removed from its lesson
            return
        lesson = self.lesson = course.lesson(self.lesson_id or "")
        self.title_text = lesson.title
        self.steps = list(lesson.steps)

    @property
    def step(self):
        return self.steps[self.index]

    # --- showing a step ------------------------------------------------------------------

    def show_step(self) -> None:
        step = self.step
        self.selected.clear()
        self.completed = False
        self.judgement = None
        self.wrong_given = set()
        self.clue_stage = 0
        self.clue_passage = None
        self.attempt = services(self).progress.attempt(step.lesson, step.id, tries_for(step))
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
            self.order = choice_order(step, self.attempt_number(step))
            choices.add_options(
                [
                    Option(_choice_entry(n, step.choices[i].text), id=str(i))
                    for n, i in enumerate(self.order, 1)
                ]
            )
        if info is not None:
            self.show_position(info)
        self.draw_buttons()
        self.refresh_bindings()

    def show_title(self) -> None:
        """Where the learner is, how this pass has gone step by step (a learner review:
        the dots filled alike for right and wrong), and what is due for review."""
        total = len(self.steps)
        title = Text.assemble((f"Step {self.index + 1}", "bold"), f" of {total}  ")
        if total <= 24:
            for i in range(total):
                if i in self.results:
                    # right unaided; right with a clue or at a later try; shown the answer
                    # (a learner review: a right answer with a clue showed as a miss)
                    title.append(
                        *(
                            ("✓", "green")
                            if self.results[i]
                            else ("◐", "yellow")
                            if i in self.helped
                            else ("✗", "red")
                        )
                    )
                elif i == self.index:
                    title.append("●", "bold")
                else:
                    title.append("○", "dim")
        done = len(self.results)
        right = sum(self.results.values())
        score = f"{right} of {done} right at the first try" if done else "none answered yet"
        # on a line of its own where the strip leaves no room (not "first / try")
        width = self.query_one("#step-title", Static).content_size.width
        fits = not width or title.cell_len + 2 + len(score) <= width
        title.append(f"  {score}" if fits else f"\n{score}", style="dim")
        title.append(f"\nReview: {self.review_outlook()}", style="dim")
        if self.review is not None and not self.review_title.startswith("Missed in "):
            title.append(f"\nfrom {self.lesson_title(self.step.lesson)}", style="dim")
        self.query_one("#step-title", Static).update(title)

    def review_outlook(self) -> str:
        """What is due for review, for the heading; a busy progress file is not a
        broken lesson (or drill)."""
        try:
            return review_outlook(services(self).progress, clock_time=False)
        except ProgressError as exc:
            return f"not known just now ({exc})"

    def save_place(self, step) -> None:
        if self.lesson is not None and not self.revisiting:
            services(self).progress.save_place(self.lesson.id, step.id)

    def action_scroll_board(self, how: str) -> None:
        """PageDown, PageUp, End, Home move the board (the feedback under the hand)."""
        board = self.query_one("#lesson-board")
        getattr(board, how)(animate=False)

    def attempt_number(self, step) -> int:
        """How many times this step has been tried before: the seed of its choice order."""
        return sum(1 for a in services(self).progress.answers(step.lesson) if a.step == step.id)

    def lesson_title(self, lesson_id: str) -> str:
        try:
            return services(self).curriculum().lesson(lesson_id).title
        except (LessonsUnavailable, LookupError):
            from tutor.store.review_keys import ReviewKey

            return ReviewKey.of(lesson_id).title()

    def show_question(self) -> None:
        # a step asked again in other suits says so (a learner review: the same position
        # came back in hearts, unannounced)
        varied = (
            Text("The lesson's position, its suits changed (trumps too).\n", style="italic")
            if self.step.suits
            else Text()
        )
        self.prompt_text = Text.assemble(varied, (self.step.prompt, "bold"))
        attempt = self.attempt
        if self.wrong_given and attempt is not None and not attempt.finished:
            # A retry: the keys are in the footer and the tries left in the verdict; at
            # 80x24 their two lines are the room the question needs to stay in sight
            # with the choices and the verdict (``retry_scroll``).
            self.query_one("#question", Static).update(self.prompt_text)
            return
        self.query_one("#question", Static).update(
            Text.assemble(self.prompt_text, "\n", self.keys_hint(), self.tries_note())
        )

    def tries_note(self) -> Text:
        """How many answers the step takes, said before the first (a learner review: the
        count differed between steps unannounced, and a lone try was a surprise)."""
        attempt = self.attempt
        if attempt is None or attempt.finished or not self.kinds():
            return Text()
        left = attempt.max_tries - attempt.tries
        if attempt.max_tries == 1:
            said = (
                " One try: with two choices, a wrong one shows the answer."
                if self.step.question in ("propose", "accept", "mark_king")
                else " One answer before it is shown."
            )
        else:
            said = f" {left} {'try' if left == 1 else 'tries'} before the answer is shown."
        return Text(said, style="dim")

    def passages_now(self, step) -> tuple[str, ...]:
        """The lesson's passages while deciding (the family), the step's with the answer."""
        finished = self.attempt is not None and self.attempt.finished
        if finished and step.passages:
            return tuple(step.passages)
        if self.review is not None and self.clue_passage is None:
            # A review asks for recall: the passage comes with the answer or a clue (a
            # learner review: the answer stood in the passage beside the question).
            return ()
        lesson = self.lesson
        if lesson is None:
            try:
                lesson = services(self).curriculum().lesson(step.lesson)
            except (LessonsUnavailable, LookupError):
                lesson = None
        family = lesson.passages_beside(step) if lesson is not None else tuple(step.passages)
        if self.clue_passage is not None:
            # The clue's passage first, where the learner is told it now stands (a
            # learner review: it was left below the fold of a lesson of twenty laws).
            first = self.clue_section()
            return (*first, *(p for p in family if p not in first))
        return family

    def clue_section(self) -> tuple[str, ...]:
        """The clue's passage with the passages nested under it: a passage that opens a
        list ("The jeux de règle ... are as follows :—") is read with its list (a learner
        review: the clue sent the learner to a passage that stopped at its colon)."""
        ident = self.clue_passage
        if ident is None:
            return ()
        library = services(self).library
        if library is None or ident not in library:
            return (ident,)
        return tuple(p.id for p in library.section(ident))

    def show_passages(self, step) -> None:
        ids = self.passages_now(step)
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
        self.query_one(HandView).show(self.hand_order(), self.selected, tried=self.tried_cards())

    def tried_cards(self) -> set[Card]:
        """The cards led or played to this step already, wrongly (a learner review: a card
        tried was marked nowhere, only a notice said so when it was chosen again)."""
        return {
            card
            for key in self.wrong_given
            if isinstance(key, tuple) and key[0] in ("lead", "follow")
            for card in key[1]
        }

    def mark_tried_choices(self) -> None:
        """A law question's choices given already, wrongly, marked in the list."""
        if not self.step.is_law:
            return
        choices = self.query_one("#choices", OptionList)
        for n, i in enumerate(self.order, 1):
            if i in self.wrong_given:
                entry = _choice_entry(n, self.step.choices[i].text, tried=True)
                choices.replace_option_prompt(str(i), entry)

    def hand_order(self) -> tuple[Card, ...]:
        """The hand as drawn: trumps first where the answer is a word (play, accept...),
        in the pack's order of suits where it is a card's key, so that the lone trump to
        be played is not always key 1 (a learner review)."""
        info = self.step.info
        if info is None:
            return ()
        by_keys = self.step.question in ("lead", "follow", "discard")
        return sort_hand(info.hand, None if by_keys else info.trump)

    def kinds(self) -> set[str]:
        """The kinds of answer the question takes (none once the step is over, or while judging)."""
        if not self.steps or self.attempt is None or self.attempt.finished or self.judging:
            return set()
        step = self.step
        if step.is_law:
            return {"choice"}
        return {a.kind for a in step.info.legal_actions()} if step.info is not None else set()

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

    def answer(self, given: Action | int) -> None:
        """Judge in a worker (a card's diagnosis plays the deal out over every holding),
        with the answer keys off meanwhile. The same wrong answer again is not a try: it
        is said, and the diagnosis stays in sight."""
        if answer_key(given) in self.wrong_given:
            self.notify(
                f"{self.given_text(given)} is the answer you gave already, and not the one"
                " wanted: choose another (? for a clue, s to see the answer).",
                title="Already tried",
                markup=False,
            )
            return
        # an "Already tried" notice must not sit over the new verdict (a learner review)
        self.app.clear_notifications()
        self.judging = True
        self.refresh_bindings()
        self.draw_buttons()
        self.set_feedback("*Judging…*")
        self.judge_answer(self.step, given)

    @work(thread=True, exclusive=True, group="judge")
    def judge_answer(self, step, given) -> None:
        from tutor.lessons.judge import judge

        try:
            result = judge(step, given)
        except Exception as exc:  # the hints engine failing: say so, keep the step open
            self.app.call_from_thread(self.judge_failed, step, exc)
            return
        self.app.call_from_thread(self.judged, step, result)

    def judge_failed(self, step, exc: Exception) -> None:
        self.judging = False
        if self.steps and self.step is step:
            self.notify(str(exc), title="Cannot judge this step", severity="error", markup=False)
            self.set_feedback("")
            self.after_answer()

    def judged(self, step, judgement) -> None:
        self.judging = False
        if not self.steps or self.step is not step or self.attempt is None or self.attempt.finished:
            return
        self.judgement = judgement
        if not judgement.correct:
            self.wrong_given.add(answer_key(judgement.given))
        if judgement.sound and judgement.diagnosis is not None:
            # as good as the rule's card by the figures shown: asked again, not a try
            self.set_feedback(
                f"### ≈ Sound, but not the Hints' card: {self.given_text(judgement.given)}",
                self.held_line(),
                judgement.diagnosis.text,
                "This step teaches the card the Hints play: choose again. This answer is not"
                " counted as a miss. Press ? for a clue, s to see the answer.",
            )
            self.after_answer()
            return
        attempt = self.attempt
        # The place moves when the learner answers, not when a step is only looked at
        # (a lesson opened from a link in the texts must not take over Continue).
        self.save_place(step)
        attempt.record(judgement.given, judgement.correct)
        if attempt.finished:
            self.step_finished(attempt.unaided, judgement.correct)
        given = self.given_text(judgement.given)
        # The verdict scrolls the cards out of sight on a small screen; the
        # explanation names them, so the hand is repeated beside it in one line.
        held = self.held_line()
        if judgement.correct:
            parts = [
                f"### ✓ Right: {given}{_helped(attempt)}",
                held,
                self.explanation(),
                self.review_kept(step),
                "*Press n for the next step.*",
            ]
        elif attempt.finished:
            parts = [
                self.miss_heading(judgement, given),
                held,
                judgement.diagnosis.text,
                f"### The answer: **{self.expected_text()}**",
                self.explanation(told=judgement.diagnosis.text),
                "*Press n for the next step.*",
            ]
        else:
            left = attempt.max_tries - attempt.tries
            parts = [
                self.miss_heading(judgement, given),
                held,
                judgement.diagnosis.text,
                f"Try again: {left} {'try' if left == 1 else 'tries'} left before the answer is"
                " shown. Press ? for a clue, s to see the answer.",
            ]
        self.set_feedback(*parts)
        self.after_answer()

    @staticmethod
    def miss_heading(judgement, given: str) -> str:
        """ "✗ Not right", or where the figures shown find both answers alike, "✗ Not the
        Hints' answer" (a learner review: "Not right" beside "about as good")."""
        if judgement.figures_even:
            return f"### ✗ Not the Hints' answer: {given} (by the figures below, about as good)"
        return f"### ✗ Not right: {given}"

    def review_kept(self, step) -> str:
        """Said when a step answered right before its review falls due keeps that review
        (a learner review: practising a miss left "39 steps due" unchanged, unexplained)."""
        try:
            store = services(self).progress
            now = store.clock()
            due = next(
                (r.due for r in store.reviews() if (r.lesson, r.step) == step.key and r.due > now),
                None,
            )
        except ProgressError:
            return ""
        if due is None:
            return ""
        return (
            f"*This step still comes back for review {when(due - now)}: answered right then,"
            " it moves on to a longer interval. Spacing the reviews is what makes it stick.*"
        )

    def held_line(self) -> str:
        """The position in one line (hand, turn-up, trick led), for the verdict; empty
        for a law question."""
        info = self.step.info
        if info is None:
            return ""
        line = f"*Your hand:* {' '.join(card_label(c) for c in self.hand_order())}"
        line += f" · *turn-up:* {card_label(info.turnup)}"
        if info.led is not None:
            line += f" · *led:* {card_label(info.led)}"
        return line

    def step_finished(self, unaided: bool, right: bool = False) -> None:
        """Count the step in this pass (its first finish only: a step opened again after
        its answer was shown does not improve the pass), and move the lesson's place on,
        so a learner who leaves now does not meet the same step as new. ``right``: the
        last answer was right (unaided or not)."""
        if self.index not in self.results and right and not unaided:
            self.helped.add(self.index)
        self.results.setdefault(self.index, unaided)
        if self.index + 1 < len(self.steps):
            self.save_place(self.steps[self.index + 1])

    def set_feedback(self, *parts: str) -> None:
        """Show feedback (replacing what was there), and scroll the board down to it."""
        self.feedback_parts = [p for p in parts if p]
        self.render_feedback()

    def render_feedback(self) -> None:
        # no room kept for feedback not yet given (a blank line at 80x24)
        self.query_one("#feedback-box").display = bool(self.feedback_parts)
        pending = self.query_one("#feedback", PassageMarkdown).update(
            "\n\n".join(self.feedback_parts)
        )
        self.feedback_shown += 1
        shown = self.feedback_shown

        async def follow() -> None:
            # Never cancelled: cancelling the wait would cancel the Markdown's own update
            # (three quick redraws, judging then verdict then played-out deal, once
            # ended the app). A later redraw makes this one stand down instead.
            await pending
            if shown != self.feedback_shown:
                return
            if not self.feedback_parts:
                # a new step clears the feedback: the board stays at its top, the table
                # and turn-up in sight (a learner review: it scrolled to the hand, the
                # turn-up above it out of sight at 80x24)
                self.call_after_refresh(self.query_one(MoreBelow).follow)
                return
            box = self.query_one("#feedback-box")
            board = self.query_one("#lesson-board")
            # The verdict heads the feedback: bring its top into sight, not its end, once
            # the new text is laid out (the board's extent settles over a frame or two;
            # its scrollbar, the feedback's place and width a frame later still).
            extent = None
            for _ in range(25):
                await asyncio.sleep(0.02)
                if shown != self.feedback_shown:
                    return
                now = (
                    board.max_scroll_y,
                    board.scrollable_content_region.size,
                    box.virtual_region,
                )
                if now == extent:
                    break
                extent = now
            if self.attempt is not None and not self.attempt.finished:
                board.scroll_to(y=self.retry_scroll(board, box), animate=False)
                # and again while the layout still moves under it (the cue it calls up
                # takes a line; the scrollbar, a column): at most a few frames
                for _ in range(10):
                    await asyncio.sleep(0.03)
                    if shown != self.feedback_shown:
                        return
                    y = self.retry_scroll(board, box)
                    if y == round(board.scroll_y):
                        break
                    board.scroll_to(y=y, animate=False)
            else:
                board.scroll_to_widget(box, top=True, animate=False)
            # the cue said once the board has settled (a scroll that moves nothing
            # tells no watcher, and the cue kept a passing state)
            self.call_after_refresh(self.query_one(MoreBelow).follow)

        # A scroll that fails (the screen closed meanwhile) must not end the app.
        self.run_worker(follow(), group="feedback", exit_on_error=False)

    FEEDBACK_LINES = 3
    """Lines of the feedback kept in sight when its verdict cannot be measured yet: its
    blank top line, the verdict and one more."""

    def retry_scroll(self, board: Widget, box: Widget) -> int:
        """Where the board scrolls for a retry: the question, the choices (or the hand)
        and the feedback's verdict in sight together, the topmost of them at the top.
        Where they do not all fit, what a learner needs most is kept, in this order: a
        clue asked for (whole), the choices (or the hand), the question's own words,
        then the verdict; the rest is below, and the cue under the board says so.
        Learner reviews: the feedback pushed the numbered choices out of sight, and the
        learner was asked to try again by number; then the choices stayed, and the
        question scrolled away above them."""
        choices = self.query_one("#choices")
        anchor = choices if choices.display else self.query_one("#lesson-hand")
        question = self.query_one("#question", Static)
        asked = question.virtual_region
        feedback = box.virtual_region.y, box.virtual_region.y + self.feedback_lines()
        wanted = [
            (anchor.virtual_region.y, anchor.virtual_region.bottom),
            (asked.y, asked.y + self.prompt_lines(question)),
        ]
        if self.is_clue():
            wanted.insert(0, feedback)
        else:
            wanted.append(feedback)
        # the cue under the board takes a line of it when there is more below
        seen = board.scrollable_content_region.height - (
            0 if self.query_one(MoreBelow).display else 1
        )
        top, bottom = wanted[0]
        for start, end in wanted[1:]:
            if max(bottom, end) - min(top, start) <= seen:
                top, bottom = min(top, start), max(bottom, end)
        if asked.y < top:
            # a question too long to stand whole above the choices: its end, which asks
            top = min(top, max(asked.y, bottom - seen))
        return max(0, top)

    def prompt_lines(self, question: Static) -> int:
        """How many lines the question's own words take (the keys to answer with, under
        them, can go out of sight first)."""
        width = question.content_region.width
        if not width:
            return 1
        return len(Content.from_rich_text(self.prompt_text).wrap(width))

    def is_clue(self) -> bool:
        return bool(self.feedback_parts) and self.feedback_parts[0] == CLUE_HEADING

    def feedback_lines(self) -> int:
        """Lines of the feedback, from its top, to bring into sight: for a clue, its
        heading and its first clue whole (a learner review: at 80x24 ? brought only the
        word "Clue" into sight, the clue itself below the fold); otherwise the verdict,
        its first block, with the blank line above it."""
        markdown = self.query_one("#feedback")
        top = markdown.virtual_region.y
        if self.is_clue():
            found = markdown.query("MarkdownOrderedList")
            if found:
                return top + found.first().virtual_region.bottom
        elif markdown.children and markdown.children[0].virtual_region.height:
            return top + markdown.children[0].virtual_region.bottom
        return top + self.FEEDBACK_LINES

    def after_answer(self) -> None:
        self.show_title()
        if self.attempt is None or self.attempt.finished:
            # A retry keeps the cards chosen, to be changed one at a time (a learner
            # review: a wrong discard cleared them unseen, and the next try was lost).
            self.selected.clear()
        if self.step.info is not None:
            self.show_hand()
        self.mark_tried_choices()
        self.show_question()
        self.draw_buttons()
        self.refresh_bindings()
        if self.attempt is not None and self.attempt.finished:
            self.show_passages(self.step)
            if self.step.outcome is not None:
                self.play_out(self.step)

    def given_text(self, given: Action | int) -> str:
        if isinstance(given, int):
            return f"“{self.step.choices[given].text}”"
        return describe_action(given, self.step.info)

    def expected_text(self) -> str:
        step = self.step
        if step.is_law:
            return step.choices[step.answer].text
        from tutor.lessons import expected_action

        return describe_action(expected_action(step), step.info)

    def explanation(self, told: str = "") -> str:
        """The step's explanation, its figures and its passages; the explanation left out
        where ``told`` (the diagnosis above it) already gave it (a learner review: the
        same sentences twice, pushing the figures below the fold)."""
        step = self.step
        ids = self.judgement.passages if self.judgement is not None else step.passages
        links = link_list("Read", list(ids), names=self.passage_names(ids))
        figures = ""
        if self.judgement is not None and self.judgement.figures:
            figures = f"**The project's computation.** {self.judgement.figures}"
        said = "" if step.explanation and step.explanation in told else step.explanation
        return "\n\n".join(part for part in (said, figures, links) if part)

    def passage_names(self, ids) -> dict[str, str]:
        library = services(self).library
        if library is None:
            return {}
        return {i: library.passage(i).title for i in ids if i in library}

    @work(thread=True, exclusive=True, group="outcome")
    def play_out(self, step) -> None:
        """Play the arranged deal out both ways (hints engine), to show what the choice cost."""
        from tutor.lessons import consequences
        from tutor.lessons.outcomes import describe

        try:
            lines = describe(consequences(step))
        except Exception as exc:  # an outcome that cannot be played is a note, not a crash
            text = f"*The deal could not be played out: {markdown_literal(exc)}*"
        else:
            # Said plainly: the unseen cards are the lesson's choice, so one deal is an
            # illustration, not evidence (a learner review: it stood beside "about as
            # good" as if it were neutral).
            average = ""
            judgement = self.judgement
            if judgement is not None and judgement.figures_even:
                # a learner review: a chosen deal showing a cost beside an average of
                # none read as evidence against the figures
                average = " On average, by the figures above, it costs about nothing."
            text = (
                "#### One deal played out both ways\n\n*The lesson chose the unseen cards to"
                f" show what the other choice can cost: one deal, not an average.{average}*\n\n"
                + "\n".join(f"- {line}" for line in lines)
            )
        self.app.call_from_thread(self.add_outcome, step, text)

    def add_outcome(self, step, text: str) -> None:
        if self.steps and self.step is step and self.attempt is not None and self.attempt.finished:
            parts = self.feedback_parts
            at = len(parts) - 1 if parts and parts[-1].startswith("*Press n") else len(parts)
            parts.insert(at, text)
            self.render_feedback()

    def action_hint(self) -> None:
        from tutor.lessons.clues import STAGES, clue

        attempt = self.attempt
        if not self.kinds() or attempt is None:
            return
        attempt.ask_hint()
        self.clue_stage = min(self.clue_stage + 1, STAGES + 1)
        tried = self.tried_choices()
        # a review shows no passage before a clue: the clue's passage is news there
        beside = (
            self.lesson.passages_beside(self.step)
            if self.lesson is not None and self.review is None
            else ()
        )
        lines = []
        for stage in range(1, self.clue_stage + 1):
            found = clue(self.step, stage, tried, beside)
            if found is None:
                continue
            text = found.text
            if found.passage:
                name = self.passage_names([found.passage]).get(found.passage, found.passage)
                text += f" Read “[{name}](passage:{found.passage})”, now beside the question."
                self.clue_passage = found.passage
            lines.append(f"{stage}. {text}")
        # Promise a closer clue only where there is one (a learner review: "Press ? again"
        # then "No further clue" on a law step with one choice left to rule out).
        if self.clue_stage < STAGES and clue(self.step, self.clue_stage + 1, tried):
            lines.append("*Press ? again for a closer clue.*")
        else:
            lines.append("No further clue: answer, or press s to see the answer.")
        left = attempt.max_tries - attempt.tries
        tries = f"{left} {'try' if left == 1 else 'tries'} left before the answer is shown."
        self.set_feedback(
            CLUE_HEADING, *lines, f"{tries} *(A step answered with a clue comes back for review.)*"
        )
        self.show_passages(self.step)

    def tried_choices(self) -> set[int]:
        """The law choices (file indexes) already given in this attempt."""
        if not self.step.is_law or self.attempt is None:
            return set()
        started, store = self.attempt.started, services(self).progress
        now = store.clock()
        # read as the app writes them, ASCII digits (a row edited to "²" crashed this),
        # and within this attempt: a moment after now is no answer of it
        given = (
            typed_number(a.answer)[0]
            for a in store.answers(self.step.lesson)
            if a.step == self.step.id and started <= a.at <= now
        )
        return {n for n in given if n is not None}

    def action_reveal(self) -> None:
        if not self.kinds() or self.attempt is None:
            return
        self.attempt.reveal()
        self.step_finished(False)
        self.set_feedback(
            f"### The answer: **{self.expected_text()}**",
            self.explanation(),
            "*Press n for the next step.*",
        )
        self.after_answer()

    def action_next(self) -> None:
        if self.attempt is None or not self.attempt.finished:
            return
        if self.revisiting:  # a step seen again from the lesson's end: back to its list
            self.finish()
            return
        if self.index + 1 < len(self.steps):
            self.index += 1
            self.show_step()
            return
        self.finish()

    def finish(self) -> None:
        if self.lesson is not None and not self.completed:
            services(self).progress.complete_lesson(self.lesson.id)
            services(self).progress.clear_place(self.lesson.id)
        self.completed = True
        self.attempt = None
        self.draw_buttons()
        self.refresh_bindings()
        from tutor.app.screens.lesson_end import LessonEndScreen

        self.app.push_screen(
            LessonEndScreen(self.lesson, self.steps, dict(self.results)), self.after_end
        )

    def after_end(self, choice: object) -> None:
        """The end screen's choice: a step index to see again, the next lesson, or leave."""
        if isinstance(choice, int) and 0 <= choice < len(self.steps):
            self.revisiting = True
            self.index = choice
            # asked again in other suits, minutes after its answer was shown (a
            # learner review: the same hand could be answered from memory)
            self.steps[choice] = review_variant(self.steps[choice], self.variants)
            self.show_step()
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


def answer_key(given: Action | int) -> object:
    """An answer as the same answer again would be: a discard's cards in any order."""
    if isinstance(given, int):
        return given
    return (given.kind, frozenset(given.cards))
