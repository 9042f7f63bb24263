"""The Textual app: guided lessons, free play with explanations, the source texts.

A thin layer over the domain (``tutor.rules.game``, ``tutor.texts``, ``tutor.lessons``):
it shows domain values and sends domain actions, and holds no rule of the game.
``create_app`` is the one factory used by the command line and the tests.
"""

from __future__ import annotations

from tutor.app.app import EcarteApp
from tutor.app.options import Options


def create_app(options: Options | None = None) -> EcarteApp:
    """Build the app opened on what ``options`` say (by default the home screen)."""
    return EcarteApp(options or Options())


__all__ = ["EcarteApp", "Options", "create_app"]
