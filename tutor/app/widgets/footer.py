"""A footer that tightens its spacing on narrow terminals, so that every key the
screen offers (Back and Help included) still fits at 80 columns."""

from __future__ import annotations

from textual import events
from textual.widgets import Footer

NARROW = 100
"""Below this many columns the footer drops the padding between keys."""


class AdaptiveFooter(Footer):
    def on_mount(self) -> None:
        self.compact = self.app.size.width < NARROW

    def on_resize(self, event: events.Resize) -> None:
        self.compact = self.app.size.width < NARROW
