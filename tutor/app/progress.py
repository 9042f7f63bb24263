"""The learner's progress as the home screen tells it, from tutor.progress.

Never fatal: if the lessons or the progress store cannot be read, the summary says so.
"""

from __future__ import annotations

from rich.text import Text

from tutor.paths import data_dir


def games_dir():
    """Where saved games go (created on demand)."""
    return data_dir() / "games"


def saved_games() -> list:
    folder = games_dir()
    if not folder.is_dir():
        return []
    return sorted(folder.glob("*.txt"), key=lambda p: p.stat().st_mtime, reverse=True)


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
