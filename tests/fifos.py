"""FIFOs for the tests of issue 12, item 9: read regular files only.

``unblocked`` guards a test that hands a FIFO to code which must not open it for
reading: should the code wait on it after all, the FIFO's other end is opened and
closed every little while, so the test fails on what was read instead of hanging.
"""

from __future__ import annotations

import contextlib
import os
import threading
from pathlib import Path

import pytest

needs_fifos = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")


def make_fifo(path: Path) -> Path:
    os.mkfifo(path)
    return path


class unblocked:
    """A context manager around code given the FIFO ``fifo``: see the module docstring."""

    def __init__(self, *fifos: Path, after: float = 10.0) -> None:
        self.fifos, self.after, self.done = fifos, after, threading.Event()

    def _release(self) -> None:
        while not self.done.wait(self.after):  # each time a reader waits on one
            for fifo in self.fifos:
                with contextlib.suppress(OSError):  # nobody is reading it: nothing to release
                    os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))

    def __enter__(self) -> unblocked:
        threading.Thread(target=self._release, daemon=True).start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.done.set()
