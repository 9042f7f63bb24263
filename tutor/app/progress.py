"""The learner's progress as the home screen tells it, and the saved-games store of the
learner's data folder (``tutor.store.saved_games``) as the screens reach it.

Never fatal: if the lessons or the progress store cannot be read, the summary says so.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from rich.text import Text

from tutor.io.paths import data_dir
from tutor.rules.game import Game
from tutor.store.autosave import InProgress
from tutor.store.saved_games import UNFINISHED, SavedGames

if TYPE_CHECKING:
    from tutor.app.services import Services

__all__ = [
    "UNFINISHED",
    "describe_saved",
    "games_dir",
    "games_in_progress",
    "keep_in_progress",
    "progress_summary",
    "save_game",
    "saved_games",
    "saved_games_line",
    "saved_games_store",
    "shelve_in_progress",
]


def games_dir() -> Path:
    """Where saved games go (created on demand)."""
    return data_dir() / "games"


def saved_games_store() -> SavedGames:
    """The saved games, autosaves and table records of the learner's data folder."""
    return SavedGames(games_dir())


def saved_games() -> list[Path]:
    """The saved game records, newest first; regular files only."""
    return saved_games_store().games()


def describe_saved(path: Path) -> str:
    """One line for the load picker: when the record was saved, how the game stands,
    its rules and seed; a record that does not load says why."""
    return saved_games_store().describe(path)


def saved_games_line(games: list[Path]) -> str:
    """How many saved games load, the latest told as the load picker tells it, and how
    many cannot be loaded."""
    return saved_games_store().summary_line(games)


def save_game(game: Game, engine: str, gallery: bool = False) -> Path:
    """Save ``game`` among the saved games; raises OSError (``CannotWrite``)."""
    return saved_games_store().save(game, engine, gallery)


def keep_in_progress(path: Path, game: Game, engine: str, gallery: bool) -> None:
    """Autosave ``game`` in its own file ``path`` (or forget the copy once it is over);
    raises OSError (``CannotWrite``)."""
    saved_games_store().keep(path, game, engine, gallery)


def games_in_progress() -> tuple[list[InProgress], list[str]]:
    """The games to offer again, newest first, and why each autosave that cannot be
    read cannot; the games in play in another tutor left out."""
    return saved_games_store().in_progress()


def shelve_in_progress() -> list[Path]:
    """Before a new game: every game left in progress goes among the saved games, an
    autosave that cannot be read is set aside; where each went."""
    return saved_games_store().shelve_in_progress()


def progress_summary(services: Services) -> Text:
    """Where the learner stands, as text (the home screen titles the box "Your progress")."""
    out = Text()
    try:
        from tutor.app.lessonsource import catalogue_summary

        out.append_text(catalogue_summary(services))
    except Exception as exc:  # progress is a courtesy: never block the home screen
        out.append(f"Lessons: not available ({exc.__class__.__name__}).", style="dim")
    out.append("\n" + saved_games_line(saved_games()))
    return out
