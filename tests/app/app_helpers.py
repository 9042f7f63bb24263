"""Helpers for the app's Pilot tests (no pytest-asyncio here: each test runs its
own event loop through ``run``)."""

from __future__ import annotations

import asyncio
import functools
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tutor.app import EcarteApp

SIZE = (100, 30)


def run(test):
    """Run an ``async def`` test in a fresh event loop."""

    @functools.wraps(test)
    def wrapper(*args, **kwargs):
        return asyncio.run(test(*args, **kwargs))

    return wrapper


async def settle(pilot) -> None:
    """Let screens switch and workers (the engine) finish."""
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def create_app(services: Any = None, **fields: Any) -> EcarteApp:
    """The app opened on ``Options(**fields)``, as the command line opens it
    (``tutor.cli.app_options``) with those options, and ``services`` if given."""
    from tutor.app import Options
    from tutor.app import create_app as opened_on

    return opened_on(Options(**fields), services=services)
