"""The learner's progress as the home screen tells it, from tutor.progress.

Never fatal: if the lessons or the progress store cannot be read, the summary says so.
"""

from __future__ import annotations

import stat
from pathlib import Path

from rich.text import Text

from tutor.paths import data_dir


def games_dir():
    """Where saved games go (created on demand)."""
    return data_dir() / "games"


def saved_games() -> list[Path]:
    """The saved game records (``*.txt`` in ``games_dir()``), newest first.

    Only regular files (or links to one) count: a dangling link, a link loop, a
    directory or a FIFO named ``*.txt`` is passed over, and a folder that cannot be
    listed holds no games, so nothing there can stop the app or hang a load.
    """
    folder = games_dir()
    found = []
    try:
        paths = list(folder.glob("*.txt")) if folder.is_dir() else []
    except OSError:
        return []
    for path in paths:
        try:
            status = path.stat()
        except OSError:  # dangling link, link loop, removed meanwhile, no permission
            continue
        if stat.S_ISREG(status.st_mode):
            found.append((status.st_mtime, path.name, path))
    return [path for _, _, path in sorted(found, reverse=True)]


def progress_summary() -> Text:
    """Where the learner stands, as text (the home screen titles the box "Your progress")."""
    out = Text()
    try:
        from tutor.app.lessonsource import catalogue_summary

        out.append_text(catalogue_summary())
    except Exception as exc:  # progress is a courtesy: never block the home screen
        out.append(f"Lessons: not available ({exc.__class__.__name__}).", style="dim")
    games = saved_games()
    out.append(f"\nSaved games: {len(games)}" + (f" (latest: {games[0].name})" if games else ""))
    return out
