"""The game in progress, kept after every move so that it can be resumed at the next start.

One file in the saved-games folder, ``autosave.rec`` (not ``*.txt``, so it is not
listed among the games the learner saved), written atomically: a game record
(``tutor.rules.record``) with two more header lines the record loader passes over,
the opponent's engine and whether the gallery was on (``with_opponent``; the games
the learner saves carry them too). A finished game is not
kept: there is nothing left to resume.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from tutor.engines import ENGINE_NAMES
from tutor.io.files import MIB, UnreadableFile, read_text, write_atomically
from tutor.io.reading import text_lines
from tutor.rules.game import Game
from tutor.rules.record import MAGIC, RecordError, dumps, loads
from tutor.rules.record import read as read_record

NAME = "autosave.rec"
ENGINE_KEY = "Engine"
GALLERY_KEY = "Gallery"


@dataclass(frozen=True, slots=True)
class InProgress:
    """A game to resume, with what it was played with."""

    game: Game
    engine: str
    gallery: bool
    path: Path

    def describe(self) -> str:
        """``deal 3, South 2 - North 1, against the best engine``."""
        game = self.game
        # with the points already marked in the deal in progress (a king), as the table
        # and the saved games count them (a reviewer: 3-0 here, 4-0 at the table)
        a, b = game.total_score()
        names = game.players
        games = ""
        if game.rules.games_to_win > 1:
            games = f" (games {game.games_won[0]}-{game.games_won[1]})"
        return (
            f"deal {game.deal_number}, {names[0]} {a} - {names[1]} {b}{games},"
            f" against the {self.engine} engine"
        )


def path_in(folder: Path) -> Path:
    return folder / NAME


def is_worth_keeping(game: Game) -> bool:
    """A game begun and not finished."""
    return bool(game.actions) and not game.is_over


def write(folder: Path, game: Game, engine: str, gallery: bool = False) -> Path | None:
    """Keep ``game`` (atomically: a crash mid-write leaves the previous copy whole);
    a game not begun or already over clears the copy instead. Raises OSError."""
    path = path_in(folder)
    if not is_worth_keeping(game):
        clear(folder)
        return None
    folder.mkdir(parents=True, exist_ok=True)
    write_atomically(path, with_opponent(game, engine, gallery))
    return path


def with_opponent(game: Game, engine: str, gallery: bool = False) -> str:
    """``game``'s record with the two header lines that say what it was played with:
    the opponent's engine and the gallery (saved games carry them too, a review: a
    game against the hints engine came back, loaded, against the best)."""
    head, _, rest = dumps(game).partition("\n")
    extra = f"{ENGINE_KEY}: {engine}\n{GALLERY_KEY}: {'on' if gallery else 'off'}\n"
    return f"{head}\n{extra}{rest}"


def load_with_opponent(path: Path) -> tuple[Game, str | None, bool | None]:
    """The game a record file holds, with ``opponent_of`` its header, the file read once;
    a RecordError as ``tutor.rules.record.load`` gives."""
    text = read_record(path)
    return (loads(text, str(path)), *opponent_of(text))


def opponent_of(text: str) -> tuple[str | None, bool | None]:
    """The engine and the gallery a record's header names (None for a line not there,
    or an engine no longer known)."""
    fields = _header(text)
    engine = fields.get(ENGINE_KEY.lower())
    gallery = fields.get(GALLERY_KEY.lower())
    return (
        engine if engine in ENGINE_NAMES else None,
        None if gallery is None else gallery == "on",
    )


def read(folder: Path) -> InProgress | None:
    """The game kept in ``folder``, or None if there is none (or it is over).
    Raises RecordError if the file is there but cannot be read as a game."""
    path = path_in(folder)
    if not os.path.lexists(path):
        return None
    try:
        text = read_text(path, MIB)
    except UnreadableFile as exc:
        raise RecordError(str(path), exc.line, "file", exc.message) from None
    if not text.startswith(MAGIC):
        raise RecordError(str(path), 1, "file", "not a game record")
    game = loads(text, str(path))
    if not is_worth_keeping(game):
        return None
    engine, gallery = opponent_of(text)
    # no engine named, or one no engine has: the default opponent
    return InProgress(game, engine or "best", bool(gallery), path)


def set_aside(folder: Path, stamp: str) -> Path | None:
    """Move a kept game that cannot be read aside (``autosave-STAMP.bad``, not listed
    among the saved games) rather than let the next game write over it: a file a crash
    damaged may be mended by hand (a tester's review). None if there is no such file."""
    path = path_in(folder)
    if not path.is_file() or path.is_symlink():
        return None
    target = path.with_name(f"autosave-{stamp}.bad")
    path.replace(target)
    return target


def clear(folder: Path) -> None:
    """Forget the game kept (nothing happens if there is none)."""
    path_in(folder).unlink(missing_ok=True)


def _header(text: str) -> dict[str, str]:
    fields = {}
    for line in text_lines(text)[1:]:
        if not line.strip():
            break
        key, sep, value = line.partition(":")
        if sep:
            fields[key.strip().lower()] = value.strip()
    return fields
