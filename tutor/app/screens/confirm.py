"""A yes-or-no question before something that cannot be undone."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option


class ConfirmScreen(ModalScreen[bool]):
    """Dismissed with True (the action named) or False (keep things as they are)."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, question: str, action: str) -> None:
        super().__init__()
        self.question = question
        self.action = action

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm"):
            yield Static(Text(self.question), id="confirm-text")
            yield OptionList(
                Option("Cancel: keep it", id="no"),
                Option(Text(self.action), id="yes"),
                id="confirm-choices",
            )

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id == "yes")

    def action_cancel(self) -> None:
        self.dismiss(False)


def ask_then(app: App, question: str, action: str, then: Callable[[], None]) -> None:
    """Ask ``question`` and do ``then`` only if the learner chooses ``action``."""

    def answered(sure: bool | None) -> None:
        if sure:
            then()

    app.push_screen(ConfirmScreen(question, action), answered)
