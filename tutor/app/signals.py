"""SIGTERM and SIGHUP end the app as ctrl+q does, so the terminal is given back.

Left to their default, either signal kills the process at once: the terminal stays
in the alternate screen, with mouse tracking on and the cursor hidden. Here they ask
the running app to exit instead, and Textual's driver restores the terminal on its
way out; the exit status is the shell's for a signal (128 + its number).
"""

from __future__ import annotations

import asyncio
import signal
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Protocol

SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name))


class Exits(Protocol):
    def exit(self, result: object = None, return_code: int = 0) -> None: ...


def exit_handler(app: Exits) -> Callable[[int, FrameType | None], None]:
    """A signal handler that has ``app`` exit from its own event loop; outside one (the
    app not yet running, or gone) the process exits as the signal would have it."""

    def handler(signum: int, _frame: FrameType | None) -> None:
        code = 128 + signum
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            raise SystemExit(code) from None
        # safe from a signal handler, and it wakes the loop from its wait
        loop.call_soon_threadsafe(lambda: app.exit(return_code=code))

    return handler


@contextmanager
def exiting_on_signals(app: Exits) -> Iterator[None]:
    """While inside, SIGTERM and SIGHUP have ``app`` exit cleanly (``exit_handler``);
    the handlers there before are put back after."""
    handler = exit_handler(app)
    before = {}
    try:
        for number in SIGNALS:
            before[number] = signal.signal(number, handler)
    except ValueError:  # not the main thread: signals cannot be caught here
        pass
    try:
        yield
    finally:
        for number, previous in before.items():
            signal.signal(number, previous)
