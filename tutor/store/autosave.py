"""The games in progress, kept after every move so that they can be resumed at the next start.

Each game in play keeps its own file in the saved-games folder,
``autosave-<time>-<random>.rec`` (not ``*.txt``, so it is not listed among the games the
learner saved; ``autosave.rec``, the one file of earlier tutors, is read as one of
them), so two tutors open on one data folder never write over each other's game. A
file is written atomically: a game record (``tutor.rules.record``) with two more
header lines the record loader passes over, the opponent's engine and whether the
gallery was on (``with_opponent``; the games the learner saves carry them too). A
finished game is not kept: there is nothing left to resume.

The game in play holds its file (``Claim``: a lock beside it, where the system has
locks), so that another tutor neither offers it nor sets it aside meanwhile.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import time
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from tutor.engines import ENGINE_NAMES
from tutor.io.files import MIB, UnreadableFile, read_text, records_in, write_atomically
from tutor.io.reading import text_lines
from tutor.rules.game import Game
from tutor.rules.record import MAGIC, RecordError, dumps, loads
from tutor.rules.record import read as read_record

NAME = "autosave.rec"
"""The one autosave of tutors before each game kept its own: still read."""
PATTERN = "autosave*.rec"
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
    """The autosave of earlier tutors, one for all games."""
    return folder / NAME


def new_path(folder: Path) -> Path:
    """A name for a new game's autosave, its own: the time, and random letters so
    that two tutors starting within a second do not share it."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    return folder / f"autosave-{stamp}-{secrets.token_hex(3)}.rec"


def paths_in(folder: Path) -> list[Path]:
    """The autosaves in ``folder``, newest first (regular files only: ``records_in``)."""
    return records_in(folder, PATTERN)


def is_worth_keeping(game: Game) -> bool:
    """A game begun and not finished."""
    return bool(game.actions) and not game.is_over


def write(path: Path, game: Game, engine: str, gallery: bool = False) -> Path | None:
    """Keep ``game`` in its autosave ``path`` (atomically: a crash mid-write leaves the
    previous copy whole); a game not begun or already over clears the copy instead.
    Raises OSError."""
    if not is_worth_keeping(game):
        clear(path)
        return None
    path.parent.mkdir(parents=True, exist_ok=True)
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


def read(path: Path) -> InProgress | None:
    """The game kept in the autosave ``path``, or None if there is none (or it is over).
    Raises RecordError if the file is there but cannot be read as a game."""
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


def unfinished(folder: Path) -> tuple[list[InProgress], list[RecordError]]:
    """The games kept in ``folder`` and not in play in another tutor (``is_held``),
    newest first, and why each autosave that cannot be read cannot."""
    games, problems = [], []
    for path in paths_in(folder):
        if is_held(path):
            continue
        try:
            kept = read(path)
        except RecordError as exc:
            problems.append(exc)
            continue
        if kept is not None:
            games.append(kept)
    return games, problems


def set_aside(path: Path, stamp: str) -> Path | None:
    """Move an autosave that cannot be read aside (``autosave-STAMP.bad``, not listed
    among the saved games) rather than let a later game write over it: a file a crash
    damaged may be mended by hand (a tester's review). None if there is no such file."""
    if not path.is_file() or path.is_symlink():
        return None
    target, n = path.with_name(f"autosave-{stamp}.bad"), 1
    while os.path.lexists(target):
        n += 1
        target = path.with_name(f"autosave-{stamp}-{n}.bad")
    path.replace(target)
    _lock_path(path).unlink(missing_ok=True)
    return target


def clear(path: Path) -> None:
    """Forget the game kept in ``path`` (nothing happens if there is none)."""
    path.unlink(missing_ok=True)


# --- holding an autosave while its game is in play -------------------------------------

try:
    import fcntl
except ImportError:  # Windows: no locks, every autosave is free
    fcntl = None  # type: ignore[assignment]


def _lock_path(path: Path) -> Path:
    return path.with_name(f".{path.name}.lock")


class Claim:
    """The autosave ``path`` held by the game in play in this tutor: ``is_held`` says
    so to every other (an advisory lock on a file beside it, released when the game
    leaves the table or the process ends, however it ends)."""

    def __init__(self, path: Path, fd: int | None) -> None:
        self.path = path
        self._fd = fd

    @classmethod
    def take(cls, path: Path) -> Claim | None:
        """Hold ``path``; None if another tutor holds it."""
        if fcntl is None:
            return cls(path, None)
        lock = _lock_path(path)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(lock, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600)
        except OSError:  # a folder that cannot be written: nothing to hold either
            return cls(path, None)
        for attempt in range(3):  # another tutor may be looking (``is_held``) just now
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                return cls(path, fd)
            except OSError:
                time.sleep(0.02 * (attempt + 1))
        os.close(fd)
        return None

    def release(self) -> None:
        if self._fd is None:
            return
        with contextlib.suppress(OSError):
            _lock_path(self.path).unlink()
        os.close(self._fd)
        self._fd = None


def is_held(path: Path) -> bool:
    """Whether a game in play, here or in another tutor, holds the autosave ``path``."""
    if fcntl is None:
        return False
    try:
        fd = os.open(_lock_path(path), os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC)
    except OSError:  # no lock file: no one holds it
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except OSError:
        return True
    finally:
        os.close(fd)
    return False


def _header(text: str) -> dict[str, str]:
    fields = {}
    for line in text_lines(text)[1:]:
        if not line.strip():
            break
        key, sep, value = line.partition(":")
        if sep:
            fields[key.strip().lower()] = value.strip()
    return fields
