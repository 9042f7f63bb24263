"""The Textual app: guided lessons, free play with explanations, the source texts.

A thin layer over the domain (``tutor.rules.game``, ``tutor.texts``, ``tutor.lessons``):
it shows domain values and sends domain actions, and holds no rule of the game.
``create_app`` is the one factory used by the command line and the tests.
"""

from __future__ import annotations

from pathlib import Path

from tutor.app.app import EcarteApp, Options
from tutor.app.services import Services


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
    services: Services | None = None,
) -> EcarteApp:
    """Build the app opened on ``start`` ("home", "lessons", "drill", "play" or "texts"),
    with the services its screens share (by default the learner's own: ``Services()``)."""
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
    return EcarteApp(options, services if services is not None else Services())


__all__ = ["EcarteApp", "Options", "Services", "create_app"]
