"""The lesson board's feedback, drawn and brought into sight: on a small terminal the
verdict of a retry is kept in sight together with the question and its choices (or
the hand), a clue whole, a new step's board at its top.

``FeedbackScrolling`` is mixed into the lesson screen, whose board is ``#lesson-board``
with the ``#question``, ``#choices``, ``#lesson-hand`` and ``#feedback-box`` in it and a
``MoreBelow`` cue under it.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from rich.text import Text
from textual.content import Content
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

from tutor.app.widgets.more_below import MoreBelow
from tutor.app.widgets.passage import PassageMarkdown
from tutor.lessons.feedback import CLUE_HEADING


class FeedbackScrolling(Screen):
    """The feedback under the board, and the board's scroll that follows it."""

    feedback_parts: list[str]
    prompt_text: Text
    """The question's own words, as shown (without the keys to answer with)."""
    feedback_shown: int
    """How many times the feedback was drawn: a scroll for an older text stands down."""

    if TYPE_CHECKING:  # provided by the screen that mixes this in

        def retrying(self) -> bool:
            """A step answered and not over: the feedback is a verdict to try again after."""
            ...

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
            if self.retrying():
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
