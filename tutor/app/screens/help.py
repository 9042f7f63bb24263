"""The help screen: help.md rendered by Markdown (data, not code)."""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Header, Markdown

from tutor.app.widgets.footer import AdaptiveFooter
from tutor.app.widgets.passage import PassageMarkdown

HELP = Path(__file__).resolve().parent.parent / "help.md"


class HelpScreen(Screen):
    """Keys and how the tutor works; links lead into the texts."""

    BINDINGS = [
        Binding("escape,q,f1", "app.pop_screen", "Close", id="close"),
    ]
    MIN_SIZE = (40, 10)
    """The help is text: it reads in any terminal this size (``EcarteApp.check_size``)."""

    def __init__(self, section: str | None = None) -> None:
        super().__init__()
        self.section = section
        """The heading to open at: the part about the screen F1 was pressed on."""

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll(id="help"):
            yield PassageMarkdown(HELP.read_text(encoding="utf-8"), id="help-text")
        yield AdaptiveFooter()

    def on_markdown_table_of_contents_updated(self, event: Markdown.TableOfContentsUpdated) -> None:
        if not self.section:
            return
        for _, title, block_id in event.table_of_contents:
            if title == self.section and block_id:  # at once, not goto_anchor's long scroll
                heading = event.markdown.query_one(f"#{block_id}")
                scroll = self.query_one("#help", VerticalScroll)
                self.call_after_refresh(scroll.scroll_to_widget, heading, top=True, animate=False)
                return
