"""The learner's progress as the home screen tells it, from tutor.store.progress.

Never fatal: if the lessons or the progress store cannot be read, the summary says so.
"""

from __future__ import annotations

from pathlib import Path

from rich.text import Text

from tutor.io.files import records_in
from tutor.io.paths import data_dir

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


def _saved_record(path: Path) -> tuple[str, bool]:
    """``describe_saved``'s line and whether the record loads."""
    from datetime import datetime

    from tutor.rules.outcome import outcome
    from tutor.rules.record import RecordError, load

    try:
        game = load(path)
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


def progress_summary() -> Text:
    """Where the learner stands, as text (the home screen titles the box "Your progress")."""
    out = Text()
    try:
        from tutor.app.lessonsource import catalogue_summary

        out.append_text(catalogue_summary())
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
    path = folder / f"game-{stamp}-seed{game.seed}.txt"
    folder.mkdir(parents=True, exist_ok=True)
    write_atomically(path, with_opponent(game, engine, gallery))
    return path


def keep_in_progress(game, engine: str, gallery: bool) -> None:
    """Autosave ``game`` (or forget the copy once it is over); raises OSError."""
    from tutor.store import autosave

    autosave.write(games_dir(), game, engine, gallery)


def game_in_progress():
    """``(InProgress or None, why it cannot be read or None)``: the game to offer again."""
    from tutor.rules.record import RecordError
    from tutor.store import autosave

    try:
        return autosave.read(games_dir()), None
    except (RecordError, OSError) as exc:
        return None, str(exc)


def shelve_in_progress() -> Path | None:
    """Before a new game takes the autosave's place: move the game in progress among
    the saved games (``game-...-unfinished.txt``, loadable with ``l``), so starting
    another game never loses one; one that cannot be read is set aside
    (``autosave.set_aside``). Where it went, or None if there was none."""
    from datetime import datetime

    from tutor.store import autosave

    kept, problem = game_in_progress()
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    if kept is None:
        return autosave.set_aside(games_dir(), stamp) if problem else None
    target = games_dir() / f"game-{stamp}-seed{kept.game.seed}{UNFINISHED}.txt"
    kept.path.replace(target)
    return target
