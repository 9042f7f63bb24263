"""The Textual app: guided lessons, free play with explanations, the source texts.

A thin layer over the domain (``tutor.rules.game``, ``tutor.texts``, ``tutor.lessons``):
it shows domain values and sends domain actions, and holds no rule of the game.
``create_app`` is the one factory used by the command line and the tests.
"""

from __future__ import annotations

from pathlib import Path

from tutor.app.app import EcarteApp, Options


def create_app(
    start: str = "home",
    lesson_id: str | None = None,
    passage_id: str | None = None,
    seed: int | None = None,
    engine: str | None = None,
    rules: str | None = None,
    game: int = 5,
    load: Path | None = None,
    table: str | None = None,
    gallery: bool = False,
    losers: int | None = None,
    games_to_win: int = 1,
    belle: bool = True,
    valuation: bool = False,
    drill_topic: str | None = None,
) -> EcarteApp:
    """Build the app opened on ``start`` ("home", "lessons", "drill", "play" or "texts")."""
    options = Options(
        start=start,
        lesson_id=lesson_id,
        passage_id=passage_id,
        seed=seed,
        engine=engine,
        rules=rules,
        game=game,
        load=Path(load) if load is not None else None,
        table=table,
        gallery=gallery,
        losers=losers,
        games_to_win=games_to_win,
        belle=belle,
        valuation=valuation,
        drill_topic=drill_topic,
    )
    return EcarteApp(options)


__all__ = ["EcarteApp", "Options", "create_app"]
