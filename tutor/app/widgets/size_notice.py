"""The notice shown over a screen when the terminal is smaller than it can serve.

The app (``EcarteApp.check_size``) decides when: each screen may say what it needs
(``MIN_SIZE = (columns, rows)``), and the app knows the rest. The notice covers the
screen, says the size needed and the size now, and goes as soon as the terminal
is large enough; keys still reach the screen beneath (Escape, F1, Ctrl+Q).
"""

from __future__ import annotations

from textual.widgets import Static

from tutor.app.markup import styled


class SizeNotice(Static):
    """The notice: "This screen needs at least 80×24 (columns × rows); the terminal is 60×20." """

    DEFAULT_CSS = """
    SizeNotice {
        layer: size-notice;
        dock: top;
        width: 100%;
        height: 100%;
        padding: 1 2;
        content-align: center middle;
        text-align: center;
        background: $background;
        color: $text;
    }
    """

    def show(self, needed: tuple[int, int], now: tuple[int, int]) -> None:
        (w, h), (nw, nh) = needed, now
        self.update(
            styled(
                "[b]This screen needs at least $needed[/b]\n"
                "(columns × rows); the terminal is $now.\n\n"
                "Enlarge the window, or make the font smaller.\n\n"
                "[dim]Escape goes back · F1 help · Ctrl+Q quits[/dim]",
                needed=f"{w}×{h}",
                now=f"{nw}×{nh}",
            )
        )
        self.display = True
