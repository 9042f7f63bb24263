"""Issue 33, item 7: SIGTERM and SIGHUP give the terminal back as ctrl+q does (the
alternate screen left, mouse tracking off, the cursor shown)."""

from __future__ import annotations

import asyncio
import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tutor.app.signals import exit_handler, exiting_on_signals

ALTERNATE_SCREEN_ON, ALTERNATE_SCREEN_OFF = b"\x1b[?1049h", b"\x1b[?1049l"
MOUSE_OFF, CURSOR_SHOWN = b"\x1b[?1000l", b"\x1b[?25h"


class FakeApp:
    def __init__(self) -> None:
        self.codes: list[int] = []

    def exit(self, result: object = None, return_code: int = 0) -> None:
        self.codes.append(return_code)


def test_the_handler_has_the_running_app_exit_with_the_signals_status() -> None:
    app = FakeApp()
    handler = exit_handler(app)

    async def signalled() -> None:
        handler(signal.SIGTERM, None)
        await asyncio.sleep(0)

    asyncio.run(signalled())
    assert app.codes == [128 + signal.SIGTERM]


def test_outside_the_app_the_signal_still_ends_the_process() -> None:
    with pytest.raises(SystemExit) as ended:
        exit_handler(FakeApp())(signal.SIGTERM, None)
    assert ended.value.code == 128 + signal.SIGTERM


@pytest.mark.skipif(not hasattr(signal, "SIGHUP"), reason="no SIGHUP here")
def test_the_handlers_are_put_back_after_the_app() -> None:
    before = signal.getsignal(signal.SIGHUP), signal.getsignal(signal.SIGTERM)
    with exiting_on_signals(FakeApp()):
        assert signal.getsignal(signal.SIGTERM) not in before
    assert (signal.getsignal(signal.SIGHUP), signal.getsignal(signal.SIGTERM)) == before


def _read_until(fd: int, wanted: bytes | None, seconds: float) -> bytes:
    """What the terminal received until ``wanted`` (None: the end) or ``seconds``."""
    out, deadline = b"", time.monotonic() + seconds
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if not ready:
            continue
        try:
            chunk = os.read(fd, 65536)
        except OSError:  # the other end closed
            break
        if not chunk:
            break
        out += chunk
        if wanted is not None and wanted in out:
            break
    return out


@pytest.mark.skipif(os.name != "posix", reason="a pseudo-terminal")
@pytest.mark.parametrize("number", [signal.SIGTERM, getattr(signal, "SIGHUP", signal.SIGTERM)])
def test_a_signal_restores_the_terminal(number: int, tmp_path: Path) -> None:
    import pty

    main, sub = pty.openpty()
    os.set_blocking(main, False)
    env = {**os.environ, "ECARTE_DATA_DIR": str(tmp_path), "TERM": "xterm-256color"}
    env.pop("TEXTUAL", None)
    process = subprocess.Popen(
        [sys.executable, "-m", "tutor"],
        stdin=sub,
        stdout=sub,
        stderr=sub,
        env=env,
        start_new_session=True,
    )
    os.close(sub)
    try:
        before = _read_until(main, b"Lessons", 60)
        assert ALTERNATE_SCREEN_ON in before, before[-500:]
        time.sleep(0.5)
        process.send_signal(number)
        after = _read_until(main, None, 30)
        assert process.wait(30) == 128 + number
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        os.close(main)
    assert ALTERNATE_SCREEN_OFF in after
    assert MOUSE_OFF in after
    assert CURSOR_SHOWN in after
