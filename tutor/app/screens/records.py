"""Choosing a saved game record (data_dir()/games/) to load, or a game in progress to resume."""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

from tutor.app.markup import plain
from tutor.app.progress import describe_saved, games_dir, saved_games


class LoadGameScreen(ModalScreen[Path | None]):
    """A list of saved games, newest first; Enter loads, Escape cancels."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, games: list[Path] | None = None, title: str | None = None) -> None:
        """``games``: the records to choose from (None: the saved games), under ``title``."""
        super().__init__()
        self.games = games
        self.title_text = title

    def compose(self) -> ComposeResult:
        games = saved_games() if self.games is None else self.games
        title = self.title_text or f"Load a game from {games_dir()}"
        with Vertical(id="load-dialog"):
            yield Label(plain(title), id="load-title")
            if games:
                options = [Option(plain(describe_saved(p)), id=str(p)) for p in games]
                yield OptionList(*options, id="load-list")
            else:
                yield Label("No saved games yet (save one with s).", id="load-empty")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(Path(event.option.id or ""))

    def action_cancel(self) -> None:
        self.dismiss(None)
