"""The learner's progress as the home screen tells it, from tutor.progress.

The lessons and the progress store are written alongside the app; until they
land, the summary says so rather than failing.
"""

from __future__ import annotations

from tutor.paths import data_dir


def games_dir():
    """Where saved games go (created on demand)."""
    return data_dir() / "games"


def saved_games() -> list:
    folder = games_dir()
    if not folder.is_dir():
        return []
    return sorted(folder.glob("*.txt"), key=lambda p: p.stat().st_mtime, reverse=True)


def progress_summary() -> str:
    """A few lines of Rich markup: lessons done, the review queue, saved games
    (the home screen titles the box "Your progress")."""
    lines = []
    try:
        from tutor.app.lessonsource import catalogue_summary

        lines.append(catalogue_summary())
    except Exception as exc:  # progress is a courtesy: never block the home screen
        lines.append(f"[dim]Lessons: not available yet ({exc.__class__.__name__}).[/dim]")
    games = saved_games()
    lines.append(f"Saved games: {len(games)}" + (f" (latest: {games[0].name})" if games else ""))
    return "\n".join(lines)
