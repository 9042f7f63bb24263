"""The saved games: the records the learner saved, the autosaves of the games in
progress, and the table records, with their listing, reading, writing and setting aside.

Everything lives in one folder (``data_dir()/games``; the tables' records in its
``tables`` folder). A record is written atomically (``write_atomically``): a crash or
a full disk leaves the previous file whole. The autosaves are ``tutor.store.autosave``'s
(one file per game in play, held by a lock while it is played); a game left in progress
is set aside among the saved games (``…-unfinished.txt``) when another begins.

The table records' notation belongs to the tables (a layer above this one): it comes in
as a ``TableCodec``. Failures are the store's own: ``CannotWrite`` (an ``OSError`` too,
with the system's reason) and ``CannotRead`` (naming the file, and for a record that does
not replay its line and field).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Generic, TypeVar

from tutor.io.files import UnreadableFile, read_text, records_in, write_atomically
from tutor.rules.game import Game
from tutor.rules.outcome import outcome
from tutor.rules.record import BOM, LIMIT, RecordError
from tutor.rules.record import load as load_record
from tutor.rules.record import loads as game_loads
from tutor.store import autosave
from tutor.store.autosave import Claim, InProgress

UNFINISHED = "-unfinished"
"""The end of the name of a game in progress set aside (``shelve_in_progress``)."""
TABLES = "tables"
"""The folder of the table records, inside the saved games' folder."""

T = TypeVar("T")


class SavedGamesError(Exception):
    """A saved game, an autosave or a table record that could not be kept or read."""


class CannotWrite(SavedGamesError, OSError):
    """A record could not be written; the message is the system's reason."""


class CannotRead(SavedGamesError):
    """A record that cannot be read or does not replay; the message names the file (and
    for a record, its line and field)."""

    def __init__(self, message: str, within_file: str | None = None) -> None:
        super().__init__(message)
        self.within = within_file or message
        """The reason without the file's name (as a picker beside the name tells it)."""

    @classmethod
    def of(cls, exc: RecordError | OSError) -> CannotRead:
        if isinstance(exc, RecordError):
            return cls(str(exc), exc.within_file())
        return cls(str(exc))


@dataclass(frozen=True, slots=True)
class LoadedGame:
    """A saved game with what it was played with (None: not said in the record)."""

    game: Game
    engine: str | None
    gallery: bool | None


@dataclass(frozen=True, slots=True)
class TableCodec(Generic[T]):
    """How the tables write, read and tell their records (``tutor.tables.record``)."""

    magic: str
    """The record's first line."""
    dumps: Callable[[T], str]
    loads: Callable[[str, str], T]
    """A table from a record's text and its source's name; a RecordError if it does not replay."""
    describe: Callable[[T], str]
    """The table, how it stands, its rules and seed, for a picker."""
    name_of: Callable[[T], str]
    seed_of: Callable[[T], int]


class RecordCache:
    """The games of saved records read, by path, with the (mtime, size) they were read
    at: the home screen and the load picker read every record on each visit, and most
    have not changed since."""

    def __init__(self) -> None:
        self._known: dict[Path, tuple[tuple[int, int], Game | RecordError]] = {}

    def game(self, path: Path) -> Game:
        """The game ``path`` holds, read again only if the file changed; a RecordError or
        an OSError as ``tutor.rules.record.load`` raises it."""
        status = path.stat()
        key = (status.st_mtime_ns, status.st_size)
        known = self._known.get(path)
        if known is None or known[0] != key:
            try:
                known = key, load_record(path)
            except RecordError as exc:
                known = key, exc
            self._known[path] = known
        if isinstance(known[1], RecordError):
            raise known[1]
        return known[1]


SHARED_CACHE = RecordCache()
"""The cache every store on the same files shares (one is built per screen)."""


def _stamp() -> str:
    return datetime.now().strftime("%Y%m%d-%H%M%S")


def _when(path: Path) -> str:
    return datetime.fromtimestamp(path.stat().st_mtime).strftime("%d %b %H:%M:%S")


def free_name(folder: Path, stem: str, end: str) -> Path:
    """``folder/stem+end``, or with ``-2``, ``-3``... after ``stem`` if that is taken (two
    games set aside within a second must not write over each other)."""
    path, n = folder / f"{stem}{end}", 1
    while os.path.lexists(path):
        n += 1
        path = folder / f"{stem}-{n}{end}"
    return path


def read_record_text(path: Path) -> str:
    """A record file's text (either kind); a RecordError naming the file for one that is
    not a regular file, too large or not UTF-8."""
    try:
        return read_text(path, LIMIT)
    except UnreadableFile as exc:
        raise RecordError(str(path), exc.line, "file", exc.message) from None


def load_any(path: Path, tables: TableCodec[T]) -> Game | T:
    """The ``Game`` or the table a record file holds, told apart by the table record's
    first line; a RecordError naming the file, line and field for one that cannot be
    read or does not replay."""
    text = read_record_text(path)
    if text.removeprefix(BOM).lstrip().startswith(tables.magic):
        return tables.loads(text, str(path))
    return game_loads(text, str(path))


class SavedGames:
    """The saved games, autosaves and table records in ``folder``."""

    def __init__(self, folder: Path, cache: RecordCache = SHARED_CACHE) -> None:
        self.folder = folder
        self.cache = cache

    @property
    def tables_folder(self) -> Path:
        return self.folder / TABLES

    # --- the games the learner saved -------------------------------------------------

    def games(self) -> list[Path]:
        """The saved game records (``*.txt``), newest first; regular files only."""
        return records_in(self.folder)

    def save(self, game: Game, engine: str, gallery: bool = False) -> Path:
        """Save ``game`` as a record named by the time and seed, with the opponent it was
        played against and the gallery; CannotWrite."""
        try:
            path = free_name(self.folder, f"game-{_stamp()}-seed{game.seed}", ".txt")
            self.folder.mkdir(parents=True, exist_ok=True)
            write_atomically(path, autosave.with_opponent(game, engine, gallery))
        except OSError as exc:
            raise CannotWrite(str(exc)) from exc
        return path

    def load(self, path: Path) -> LoadedGame:
        """A saved game (or an autosave) with its opponent and gallery, read once; CannotRead."""
        try:
            return LoadedGame(*autosave.load_with_opponent(path))
        except (RecordError, OSError) as exc:
            raise CannotRead.of(exc) from exc

    def game_of(self, path: Path) -> Game:
        """The game a saved record holds (cached by the file's time and size); a
        RecordError or an OSError."""
        return self.cache.game(path)

    def entry(self, path: Path) -> tuple[str, bool]:
        """One line for the load picker, and whether the record loads: when it was
        saved, how the game stands, its rules and seed; or why it cannot be loaded."""
        try:
            game = self.game_of(path)
            when = _when(path)
        except (RecordError, OSError) as exc:
            return f"{path.name} — cannot be loaded: {CannotRead.of(exc).within}", False
        names = game.players
        if game.is_over and game.winner is not None and game.history:
            a, b = outcome(game).final_score
            state = f"over: {names[game.winner]} won, {names[0]} {a}, {names[1]} {b}"
        else:
            a, b = game.total_score()
            state = f"deal {game.deal_number}: {names[0]} {a}, {names[1]} {b}"
        rules = f"{game.rules.name.capitalize()}, game of {game.rules.game_points}"
        # set aside when another game began: said so, or it reads as a second save
        aside = " · set aside unfinished" if path.stem.endswith(UNFINISHED) else ""
        return f"{when} · {state} · {rules} · seed {game.seed}{aside}", True

    def describe(self, path: Path) -> str:
        return self.entry(path)[0]

    def summary_line(self, games: list[Path] | None = None) -> str:
        """How many saved games load, the latest told as the load picker tells it, and
        how many cannot be loaded."""
        described = [self.entry(path) for path in (self.games() if games is None else games)]
        good = [line for line, loads in described if loads]
        broken = len(described) - len(good)
        line = f"Saved games: {len(good)}" + (f" (latest: {good[0]})" if good else "")
        if broken:
            line += f"; {broken} cannot be loaded"
        return line

    # --- the games in progress -------------------------------------------------------

    def new_autosave(self) -> Claim:
        """A new game's own autosave, held (a new name: no one else holds it)."""
        fresh = autosave.new_path(self.folder)
        return Claim.take(fresh) or Claim(fresh, None)

    def keep(self, path: Path, game: Game, engine: str, gallery: bool) -> None:
        """Autosave ``game`` in its own file ``path`` (a game over clears the copy);
        CannotWrite."""
        try:
            autosave.write(path, game, engine, gallery)
        except OSError as exc:
            raise CannotWrite(str(exc)) from exc

    def in_progress(self) -> tuple[list[InProgress], list[str]]:
        """The games to offer again, newest first, and why each autosave that cannot be
        read cannot; the games in play in another tutor left out."""
        games, problems = autosave.unfinished(self.folder)
        return games, [str(problem) for problem in problems]

    def shelve_in_progress(self) -> list[Path]:
        """Before a new game: every game left in progress (and in play nowhere) goes
        among the saved games (``game-...-unfinished.txt``), so starting another never
        loses one; an autosave that cannot be read is set aside (``.bad``). Where each
        went. Raises OSError."""
        stamp = _stamp()
        moved = []
        for path in autosave.paths_in(self.folder):
            claim = Claim.take(path)
            if claim is None:  # in play in another tutor
                continue
            try:
                try:
                    kept = autosave.read(path)
                except (RecordError, OSError):
                    aside = autosave.set_aside(path, stamp)
                    if aside is not None:
                        moved.append(aside)
                    continue
                if kept is not None:
                    moved.append(self._shelve(kept, stamp))
            finally:
                claim.release()
        return moved

    def _shelve(self, kept: InProgress, stamp: str) -> Path:
        # A game loaded and left as it was is among the saved games already; an earlier
        # copy set aside that this one plays on from says less than it.
        copies = self._saved_copies(kept.game)
        same = next((path for path, whole in copies if whole), None)
        if same is not None:
            kept.path.unlink()
            return same
        target = free_name(self.folder, f"game-{stamp}-seed{kept.game.seed}", f"{UNFINISHED}.txt")
        kept.path.replace(target)
        for path, _ in copies:
            if path.stem.endswith(UNFINISHED):
                path.unlink(missing_ok=True)
        return target

    def _saved_copies(self, game: Game) -> list[tuple[Path, bool]]:
        """The saved records of ``game`` so far: each with True when it is the whole of
        it, False when ``game`` plays on from it."""
        out = []
        for path in self.games():
            try:
                saved = self.game_of(path)
            except (RecordError, OSError):
                continue
            if (saved.seed, saved.rules, saved.players) != (game.seed, game.rules, game.players):
                continue
            actions, more = saved.actions, game.actions
            if more[: len(actions)] == actions:
                out.append((path, len(actions) == len(more)))
        return out

    # --- the table records -----------------------------------------------------------

    def tables(self) -> list[Path]:
        """The saved table records, newest first (regular files only)."""
        return records_in(self.tables_folder)

    def save_table(self, table: T, codec: TableCodec[T]) -> Path:
        """Save a table as ``NAME-TIME-seedN.txt``; CannotWrite."""
        folder = self.tables_folder
        path = folder / f"{codec.name_of(table)}-{_stamp()}-seed{codec.seed_of(table)}.txt"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            write_atomically(path, codec.dumps(table))
        except OSError as exc:
            raise CannotWrite(str(exc)) from exc
        return path

    def load_table(self, path: Path, codec: TableCodec[T]) -> T:
        """The table a record holds; CannotRead (not a table record, or one that does
        not replay)."""
        try:
            return codec.loads(read_record_text(path), str(path))
        except (RecordError, OSError) as exc:
            raise CannotRead.of(exc) from exc

    def describe_table(self, path: Path, codec: TableCodec[T]) -> str:
        """One line for the table picker, as the game picker tells a game."""
        try:
            table = codec.loads(read_record_text(path), str(path))
            when = _when(path)
        except (RecordError, OSError) as exc:
            return f"{path.name} — cannot be loaded: {CannotRead.of(exc).within}"
        return f"{when} · {codec.describe(table)}"
