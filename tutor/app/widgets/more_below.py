"""A line under a scrolling pane that says there is more below, while there is.

A learner review at 80x24: the engine's figures were cut off below the hint, and
nothing said that PageDown scrolls it. The cue follows the pane it names: shown
while the pane is shown and has more below than it shows, gone once its end is in
sight. Its screen calls ``follow`` when the pane is shown, hidden or resized, which
no reactive of the pane reports.
"""

from __future__ import annotations

from textual.containers import ScrollableContainer
from textual.widgets import Static

from tutor.app.markup import plain

MORE_HINT = "PageDown: more of the hint ↓"


class MoreBelow(Static):
    """The cue for the pane ``pane_id`` (a ``ScrollableContainer`` on the same screen)."""

    DEFAULT_CSS = """
    MoreBelow {
        display: none;
        height: 1;
        color: $text-muted;
        text-style: italic;
        background: $surface;
    }
    """

    def __init__(self, pane_id: str, text: str = MORE_HINT, **kwargs: object) -> None:
        super().__init__(plain(text), **kwargs)  # type: ignore[arg-type]
        self.pane_id = pane_id

    def on_mount(self) -> None:
        pane = self.pane
        for attribute in ("scroll_y", "virtual_size"):
            self.watch(pane, attribute, self.follow_later, init=False)
        self.call_after_refresh(self.follow)

    def follow_later(self) -> None:
        """``follow`` once the layout in progress is done: a watcher of the pane's size
        runs before its room is measured again, and the cue then kept a passing state."""
        self.call_after_refresh(self.follow)

    @property
    def pane(self) -> ScrollableContainer:
        return self.screen.query_one(f"#{self.pane_id}", ScrollableContainer)

    def follow(self) -> None:
        pane = self.pane
        self.display = bool(pane.display) and pane.scroll_y < pane.max_scroll_y
