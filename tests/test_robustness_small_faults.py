"""Issue 12, item 14: small faults found under attack, each fixed where it arises."""

from __future__ import annotations

import shlex
import sys

import textual_serve.server

from tutor import cli


def test_serve_quotes_the_interpreter_path(monkeypatch):
    """textual-serve runs its command through the shell: an interpreter under a path
    with a space must still be one word."""
    seen = {}

    class FakeServer:
        def __init__(self, command, **options):
            seen["command"], seen["options"] = command, options

        def serve(self):
            seen["served"] = True

    executable = "/opt/my tools/python 3/bin/python"
    monkeypatch.setattr(sys, "executable", executable)
    monkeypatch.setattr(textual_serve.server, "Server", FakeServer)
    assert cli._serve(8123) == 0
    assert seen["served"] and seen["options"]["host"] == "localhost"
    assert shlex.split(seen["command"]) == [executable, "-m", "tutor"]
