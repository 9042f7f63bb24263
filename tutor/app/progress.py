"""The learner's progress as the home screen tells it, from tutor.store.progress.

Never fatal: if the lessons or the progress store cannot be read, the summary says so.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from rich.text import Text

from tutor.io.files import records_in
from tutor.io.paths import data_dir

if TYPE_CHECKING:
    from tutor.app.services import Services

UNFINISHED = "-unfinished"
"""The end of the name of a game in progress set aside (``shelve_in_progress``)."""


def games_dir():
    """Where saved games go (created on demand)."""
    return data_dir() / "games"


def saved_games() -> list[Path]:
    """The saved game records (``*.txt`` in ``games_dir()``), newest first; regular
    files only (``records_in``)."""
    return records_in(games_dir())


def describe_saved(path: Path) -> str:
    """One line for the load picker: when the record was saved, how the game stands,
    its rules and seed (a learner review: bare file names told nothing); a record that
    does not load says why, so it is known before it is chosen."""
    return _saved_record(path)[0]


_LOADED: dict[Path, tuple[tuple[int, int], object]] = {}
"""Saved records read, by path, with the (mtime, size) they were read at: the home
screen and the load picker read every record on each visit (a review), and most
have not changed since."""


def _saved_game(path: Path):
    """The game a saved record holds, read again only if the file changed since; a
    RecordError or OSError as ``tutor.rules.record.load`` raises it."""
    from tutor.rules.record import RecordError, load

    status = path.stat()
    key = (status.st_mtime_ns, status.st_size)
    known = _LOADED.get(path)
    if known is None or known[0] != key:
        try:
            known = key, load(path)
        except RecordError as exc:
            known = key, exc
        _LOADED[path] = known
    if isinstance(known[1], Exception):
        raise known[1]
    return known[1]


def _saved_record(path: Path) -> tuple[str, bool]:
    """``describe_saved``'s line and whether the record loads."""
    from datetime import datetime

    from tutor.rules.outcome import outcome
    from tutor.rules.record import RecordError

    try:
        game = _saved_game(path)
        when = datetime.fromtimestamp(path.stat().st_mtime).strftime("%d %b %H:%M:%S")
    except (RecordError, OSError) as exc:
        reason = exc.within_file() if isinstance(exc, RecordError) else str(exc)
        return f"{path.name} — cannot be loaded: {reason}", False
    names = game.players
    if game.is_over and game.winner is not None and game.history:
        a, b = outcome(game).final_score
        state = f"over: {names[game.winner]} won, {names[0]} {a}, {names[1]} {b}"
    else:
        a, b = game.total_score()
        state = f"deal {game.deal_number}: {names[0]} {a}, {names[1]} {b}"
    rules = f"{game.rules.name.capitalize()}, game of {game.rules.game_points}"
    # a game in progress set aside when another began (``shelve_in_progress``): said so,
    # or it read as a second save of the same game (a tester's review)
    aside = " · set aside unfinished" if path.stem.endswith(UNFINISHED) else ""
    return f"{when} · {state} · {rules} · seed {game.seed}{aside}", True


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


def saved_games_line(games: list[Path]) -> str:
    """How many saved games load, the latest of them told as the load picker tells it,
    and how many cannot be loaded (a review: the count took unreadable files in, and
    the latest was named by its file name alone)."""
    described = [_saved_record(path) for path in games]
    good = [line for line, loads in described if loads]
    broken = len(described) - len(good)
    line = f"Saved games: {len(good)}" + (f" (latest: {good[0]})" if good else "")
    if broken:
        line += f"; {broken} cannot be loaded"
    return line


def save_game(game, engine: str, gallery: bool = False) -> Path:
    """Save ``game`` as a record in ``games_dir()`` (named by the time and seed), with
    the opponent it was played against; raises OSError."""
    from datetime import datetime

    from tutor.io.files import write_atomically
    from tutor.store.autosave import with_opponent

    folder = games_dir()
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    path = _free_name(folder, f"game-{stamp}-seed{game.seed}", ".txt")
    folder.mkdir(parents=True, exist_ok=True)
    write_atomically(path, with_opponent(game, engine, gallery))
    return path


def keep_in_progress(path: Path, game, engine: str, gallery: bool) -> None:
    """Autosave ``game`` in its own file ``path`` (or forget the copy once it is over);
    raises OSError."""
    from tutor.store import autosave

    autosave.write(path, game, engine, gallery)


def games_in_progress():
    """``(the InProgress games to offer again, newest first; why each autosave that
    cannot be read cannot)``, the games in play in another tutor left out."""
    from tutor.store import autosave

    games, problems = autosave.unfinished(games_dir())
    return games, [str(problem) for problem in problems]


def shelve_in_progress() -> list[Path]:
    """Before a new game: move every game left in progress (and in play nowhere) among
    the saved games (``game-...-unfinished.txt``, loadable with ``l``), so starting
    another game never loses one; an autosave that cannot be read is set aside
    (``autosave.set_aside``). Where each went."""
    from datetime import datetime

    from tutor.rules.record import RecordError
    from tutor.store import autosave

    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    moved = []
    for path in autosave.paths_in(games_dir()):
        claim = autosave.Claim.take(path)
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
                moved.append(_shelve(kept, stamp))
        finally:
            claim.release()
    return moved


def _shelve(kept, stamp: str) -> Path:
    """``shelve_in_progress`` for one readable game."""
    # A game loaded and left as it was is among the saved games already; an earlier
    # copy set aside that this one plays on from says less than it (a review: every
    # load left a copy, nine files for three games).
    copies = _saved_copies(kept.game)
    same = next((path for path, whole in copies if whole), None)
    if same is not None:
        kept.path.unlink()
        return same
    target = _free_name(games_dir(), f"game-{stamp}-seed{kept.game.seed}", f"{UNFINISHED}.txt")
    kept.path.replace(target)
    for path, _ in copies:
        if path.stem.endswith(UNFINISHED):
            path.unlink(missing_ok=True)
    return target


def _free_name(folder: Path, stem: str, end: str) -> Path:
    """``folder/stem+end``, or with ``-2``, ``-3``... after ``stem`` if that is taken (two
    games set aside within a second must not write over each other)."""
    path, n = folder / f"{stem}{end}", 1
    while os.path.lexists(path):
        n += 1
        path = folder / f"{stem}-{n}{end}"
    return path


def _saved_copies(game) -> list[tuple[Path, bool]]:
    """The saved records of ``game`` so far: each with True when it is the whole of
    it (the same deals and moves), False when ``game`` plays on from it."""
    from tutor.rules.record import RecordError

    out = []
    for path in saved_games():
        try:
            saved = _saved_game(path)
        except (RecordError, OSError):
            continue
        if (saved.seed, saved.rules, saved.players) != (game.seed, game.rules, game.players):
            continue
        actions, more = saved.actions, game.actions
        if more[: len(actions)] == actions:
            out.append((path, len(actions) == len(more)))
    return out
