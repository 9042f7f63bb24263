"""The lesson board's keys and layout: the passage on the left; on the right the step's
heading and the position's facts, over the scrolling board (table, hand, question,
choices, buttons, feedback) and the cue that more is below it."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Header, OptionList, Static

from tutor.app.screens.decision_keys import DECISION_KEYS, card_keys
from tutor.app.widgets.cards import HandView
from tutor.app.widgets.footer import AdaptiveFooter
from tutor.app.widgets.more_below import MoreBelow
from tutor.app.widgets.passage import PassageMarkdown
from tutor.app.widgets.trick import TrickView

LESSON_BINDINGS: list[BindingType] = [
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
    *[Binding(str(i + 1), f"card({i})", "Choose", show=False, priority=True) for i in range(1, 6)],
    Binding("enter", "confirm", "Discard", id="confirm", priority=True),
    Binding("question_mark", "hint", "Clue", key_display="?", id="hint"),
    Binding("h", "hint", "Clue", show=False),
    Binding("s", "reveal", "Show answer", id="reveal"),
    Binding("n", "next", "Next", id="next"),
    Binding("escape", "app.pop_screen", "Back", id="back"),
    # Priority: the choices' list, when focused, would take these keys for its
    # few entries, and the board (cards, question, verdict) could not be scrolled
    # back without a mouse on a small terminal.
    Binding("pagedown", "scroll_board('scroll_page_down')", "Scroll", show=False, priority=True),
    Binding("pageup", "scroll_board('scroll_page_up')", "Scroll", show=False, priority=True),
    Binding("end", "scroll_board('scroll_end')", "Scroll", show=False, priority=True),
    Binding("home", "scroll_board('scroll_home')", "Scroll", show=False, priority=True),
]


def lesson_board() -> ComposeResult:
    """The lesson screen's widgets."""
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
