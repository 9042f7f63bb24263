"""The Textual app: guided lessons, free play with explanations, the source texts.

A thin layer over the domain (``tutor.rules.game``, ``tutor.texts``, ``tutor.lessons``):
it shows domain values and sends domain actions, and holds no rule of the game.
``create_app`` is the one factory used by the command line and the tests.
"""

from __future__ import annotations

from tutor.app.app import EcarteApp
from tutor.app.options import Options
from tutor.app.services import Services


def create_app(options: Options | None = None, services: Services | None = None) -> EcarteApp:
    """Build the app opened on what ``options`` say (by default the home screen), with the
    services its screens share (by default the learner's own: ``Services()``)."""
    return EcarteApp(options or Options(), services if services is not None else Services())


__all__ = ["EcarteApp", "Options", "Services", "create_app"]
