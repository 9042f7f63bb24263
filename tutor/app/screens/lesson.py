"""One lesson, step by step: the passage beside the position, answered by keys.

Judging is the domain's (``tutor.progress.Attempt`` over ``tutor.lessons.is_correct``):
a wrong answer may be retried before the answer is revealed, a hint marks the
step as not solved unaided, and every answer is recorded for the review queue.
"""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Header, OptionList, Static
from textual.widgets.option_list import Option

from tutor.actions import Action, discard
from tutor.app.lessonsource import LessonsUnavailable, curriculum, progress
from tutor.app.narrate import describe_action
from tutor.app.screens.decision_keys import DECISION_KEYS
from tutor.app.widgets.cards import HandView, card_label
from tutor.app.widgets.footer import AdaptiveFooter
from tutor.app.widgets.passage import PassageMarkdown, link_list, passage_markdown
from tutor.app.widgets.trick import TableView, TrickView
from tutor.cards import Card, sort_hand
from tutor.study_notes import notes_for_hint, notes_markdown


def _choice_entry(n: int, text: str) -> Table:
    """A numbered choice whose text, when it wraps, stays clear of the number."""
    grid = Table.grid(padding=(0, 1))
    grid.add_column(width=2, justify="right", no_wrap=True)
    grid.add_column(ratio=1)
    grid.add_row(Text(f"{n}.", style="bold"), text)
    return grid


class LessonScreen(Screen):
    """A lesson (or the review queue) as a sequence of questions."""

    BINDINGS = [
        *[
            Binding(key, f"decide('{kind}')", label, id=f"decide-{kind}")
            for kind, (key, label) in DECISION_KEYS.items()
        ],
        Binding("1", "card(0)", "Choose", key_display="1-5", id="cards"),
        *[Binding(str(i + 1), f"card({i})", "Choose", show=False) for i in range(1, 6)],
        Binding("enter", "confirm", "Discard", id="confirm", priority=True),
        Binding("question_mark", "hint", "Hint", key_display="?", id="hint"),
        Binding("h", "hint", "Hint", show=False),
        Binding("s", "reveal", "Show answer", id="reveal"),
        Binding("n", "next", "Next", id="next"),
        Binding("escape", "app.pop_screen", "Back", id="back"),
    ]

    def __init__(
        self,
        lesson_id: str | None = None,
        step: int = 0,
        review: list[tuple[str, str]] | None = None,
    ) -> None:
        super().__init__()
        self.lesson_id = lesson_id
        self.review = review
        self.index = step
        self.steps: list = []
        self.title_text = ""
        self.lesson = None
        self.attempt = None
        self.selected: set[Card] = set()
        self.completed = False

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="lesson"):
            with VerticalScroll(id="lesson-text"):
                yield PassageMarkdown("", id="lesson-passage")
            with VerticalScroll(id="lesson-board"):
                yield Static("", id="step-title")
                yield Static("", id="position-facts")
                yield TrickView(id="lesson-table")
                yield HandView(id="lesson-hand")
                yield Static("", id="question")
                yield OptionList(id="choices")
                yield Horizontal(id="lesson-buttons")
                with Vertical(id="feedback-box"):
                    yield PassageMarkdown("", id="feedback")
        yield AdaptiveFooter()

    def on_mount(self) -> None:
        try:
            self.load_steps()
        except (LessonsUnavailable, LookupError) as exc:  # KeyError, DrillError
            self.notify(str(exc).strip("'\""), title="Lessons", severity="error")
            self.query_one("#step-title", Static).update(str(exc).strip("'\""))
            return
        self.sub_title = self.title_text
        self.start()

    def start(self) -> None:
        """Show the first step (a drill deals one instead)."""
        if not self.steps:
            self.query_one("#step-title", Static).update("This lesson has no steps.")
            return
        self.index = max(0, min(self.index, len(self.steps) - 1))
        self.show_step()

    def load_steps(self) -> None:
        course = curriculum()
        if self.review is not None:
            from tutor.lessons import HintsUnavailable
            from tutor.lessons.drills import PREFIX, review_step

            self.title_text = "Review"
            for lesson_id, step_id in self.review:
                try:
                    if lesson_id.startswith(PREFIX):  # a drill's position, dealt again
                        self.steps.append(review_step(lesson_id, step_id))
                    else:
                        self.steps.append(course.lesson(lesson_id).step(step_id))
                except (LookupError, HintsUnavailable):
                    continue  # a step since removed from its lesson, or a drill not to be judged
            return
        self.lesson = course.lesson(self.lesson_id or "")
        self.title_text = self.lesson.title
        self.steps = list(self.lesson.steps)

    @property
    def step(self):
        return self.steps[self.index]

    # --- showing a step ------------------------------------------------------------------

    def show_step(self) -> None:
        step = self.step
        self.selected.clear()
        self.completed = False
        self.attempt = progress().attempt_step(step)
        total = len(self.steps)
        track = "".join("●" if i <= self.index else "○" for i in range(total)) if total <= 24 else ""
        self.query_one("#step-title", Static).update(
            f"[b]Step {self.index + 1}[/b] of {total}  [dim]{track}[/dim]"
        )
        self.query_one("#question", Static).update(f"[b]{step.prompt}[/b]\n{self.keys_hint()}")
        self.query_one("#feedback", PassageMarkdown).update("")
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
                [Option(_choice_entry(n, c.text), id=str(n - 1)) for n, c in enumerate(step.choices, 1)]
            )
        if info is not None:
            self.show_position(info)
        self.draw_buttons()
        self.refresh_bindings()

    def show_passages(self, step) -> None:
        library = self.app.library
        ids = list(step.passages) or list(getattr(self.lesson, "passages", ()))
        if library is None:
            text = self.app.library_error or "The texts are not available."
        else:
            parts = [
                passage_markdown(library.passage(i), heading="###")
                for i in ids
                if i in library
            ]
            text = "\n\n".join(parts) or "*No passage for this step.*"
        self.query_one("#lesson-passage", PassageMarkdown).update(text)

    def show_position(self, info) -> None:
        me, them = info.score
        facts = [
            f"You are the [b]{'dealer' if info.is_dealer else 'non-dealer'}[/b]. "
            f"Score: you {me}, opponent {them} (game {info.game}).",
            f"Trumps: {info.trump.symbol} {info.trump.noun}",
        ]
        if info.exchanges:
            facts.append("Exchanges: " + ", ".join(f"{a}+{b}" for a, b in info.exchanges))
        if info.discards:
            facts.append("You discarded: " + " ".join(card_label(c) for c in info.discards))
        if info.king:
            facts.append(f"King of trumps marked by {'you' if info.king == 'me' else 'the opponent'}")
        if info.penalty:
            who = "you" if info.penalty == "me" else "the opponent"
            facts.append(f"Penalised for playing without proposing or refusing: {who}")
        if info.tricks:
            mine, theirs = info.tricks_won()
            played = ", ".join(f"{card_label(a)} {card_label(b)}" for a, b in info.tricks)
            facts.append(f"Tricks: {played} (you {mine}, opponent {theirs})")
        self.query_one("#position-facts", Static).update("\n".join(facts))
        self.query_one(TrickView).show(
            TableView(turnup=info.turnup, stock=info.stock_size, led=info.led, led_by="Opponent")
        )
        self.query_one(HandView).show(self.hand_order(), self.selected)

    def hand_order(self) -> tuple[Card, ...]:
        info = self.step.info
        return sort_hand(info.hand, info.trump) if info is not None else ()

    def kinds(self) -> set[str]:
        """The kinds of answer the question takes (none once the step is over)."""
        if not self.steps or self.attempt is None or self.attempt.finished:
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
            return "Toggle cards with 1-5, then Enter to discard."
        if kinds & {"lead", "follow"}:
            return "Choose a card with 1-5 (or click it)."
        keys = [f"{DECISION_KEYS[k][1].lower()} ({DECISION_KEYS[k][0]})" for k in DECISION_KEYS if k in kinds]
        return "Answer: " + " or ".join(keys) if keys else ""

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

    # --- answering ------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        kinds = self.kinds()
        if action == "decide":
            return parameters[0] in kinds
        if action == "card":
            return bool(kinds & {"lead", "follow", "discard", "choice"})
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

    def action_card(self, index: int) -> None:
        kinds = self.kinds()
        if "choice" in kinds:
            if index < len(self.step.choices):
                self.answer(index)
            return
        cards = self.hand_order()
        if index >= len(cards):
            return
        card = cards[index]
        if "discard" in kinds:
            self.selected ^= {card}
            self.query_one(HandView).show(cards, self.selected)
        elif "lead" in kinds:
            self.answer(Action("lead", (card,)))
        elif "follow" in kinds:
            self.answer(Action("follow", (card,)))

    def action_confirm(self) -> None:
        if "discard" in self.kinds():
            self.answer(discard(*self.selected))

    def answer(self, given: Action | int) -> None:
        from tutor.lessons import HintsUnavailable

        try:
            correct = self.attempt.answer(given)
        except HintsUnavailable as exc:
            self.notify(str(exc), title="Cannot judge this step", severity="error")
            return
        attempt = self.attempt
        if correct:
            self.set_feedback(f"### ✓ Right\n\n{self.explanation()}\n\n*Press n for the next step.*")
        elif attempt.finished:
            self.set_feedback(
                f"### ✗ Not this one. The answer: **{self.expected_text()}**\n\n"
                f"{self.explanation()}\n\n*Press n for the next step.*"
            )
        else:
            left = attempt.max_tries - attempt.tries
            self.set_feedback(
                f"### ✗ Not this one ({self.given_text(given)})\n\nTry again: {left} "
                f"{'try' if left == 1 else 'tries'} left before the answer is shown. "
                "Press ? for a hint, s to see the answer."
            )
        self.after_answer()

    def set_feedback(self, text: str) -> None:
        """Show feedback, and scroll the board down to it once it is drawn."""
        pending = self.query_one("#feedback", PassageMarkdown).update(text)

        async def follow() -> None:
            await pending
            box = self.query_one("#feedback-box")
            self.call_after_refresh(box.scroll_visible, animate=False)

        self.run_worker(follow(), group="feedback", exclusive=True)

    def after_answer(self) -> None:
        self.selected.clear()
        if self.step.info is not None:
            self.query_one(HandView).show(self.hand_order(), self.selected)
        self.query_one("#question", Static).update(f"[b]{self.step.prompt}[/b]\n{self.keys_hint()}")
        self.draw_buttons()
        self.refresh_bindings()
        if self.attempt.finished and self.step.outcome is not None:
            self.play_out(self.step)

    def given_text(self, given: Action | int) -> str:
        if isinstance(given, int):
            return f"choice {given + 1}"
        return describe_action(given)

    def expected_text(self) -> str:
        step = self.step
        if step.is_law:
            return f"{step.answer + 1}. {step.choices[step.answer].text}"
        from tutor.lessons import HintsUnavailable, expected_action

        try:
            return describe_action(expected_action(step))
        except HintsUnavailable as exc:
            return f"(unknown: {exc})"

    def explanation(self) -> str:
        step = self.step
        links = link_list("Read", list(step.passages), names=self.passage_names(step.passages))
        computed = notes_markdown(notes_for_hint(step.hint)) if step.hint else ""
        return "\n\n".join(part for part in (step.explanation, computed, links) if part)

    def passage_names(self, ids) -> dict[str, str]:
        library = self.app.library
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
            text = f"*The deal could not be played out: {exc}*"
        else:
            text = "#### The deal played out both ways\n\n" + "\n".join(f"- {line}" for line in lines)
        self.app.call_from_thread(self.append_feedback, step, text)

    def append_feedback(self, step, text: str) -> None:
        if self.steps and self.step is step:
            self.query_one("#feedback", PassageMarkdown).append("\n\n" + text)

    def action_hint(self) -> None:
        if not self.kinds():
            return
        self.attempt.ask_hint()
        step = self.step
        lines = ["#### Hint", ""]
        title = self.hint_title(step.hint)
        if title:
            lines.append(f"Think of the rule: **{title}**.")
        names = self.passage_names(step.passages)
        if step.passages:
            lines.append("Read " + ", ".join(f"[{names.get(i, i)}](passage:{i})" for i in step.passages) + ".")
        if len(lines) == 2:
            lines.append("Read the passage beside the position.")
        lines.append("\n*(A step answered with a hint comes back for review.)*")
        self.set_feedback("\n".join(lines))

    def hint_title(self, hint_id: str | None) -> str:
        if not hint_id:
            return ""
        try:
            from tutor.hints import HINTS
        except Exception:
            return ""
        hint = HINTS.get(hint_id) if isinstance(HINTS, dict) else None
        return getattr(hint, "title", "") if hint is not None else ""

    def action_reveal(self) -> None:
        if not self.kinds():
            return
        self.attempt.reveal()
        self.set_feedback(
            f"### The answer: **{self.expected_text()}**\n\n{self.explanation()}\n\n"
            "*Press n for the next step.*"
        )
        self.after_answer()

    def action_next(self) -> None:
        if self.attempt is None or not self.attempt.finished:
            return
        if self.index + 1 < len(self.steps):
            self.index += 1
            self.show_step()
            return
        self.finish()

    def finish(self) -> None:
        if self.lesson is not None and not self.completed:
            progress().complete_lesson(self.lesson.id)
        self.completed = True
        due = len(progress().due_reviews())
        review = f" {due} steps are waiting in the review queue (v in the lesson list)." if due else ""
        self.set_feedback(
            f"### Lesson complete\n\nWell done.{review}\n\n*Escape: back to the lessons.*"
        )
        self.attempt = None
        self.draw_buttons()
        self.refresh_bindings()

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
