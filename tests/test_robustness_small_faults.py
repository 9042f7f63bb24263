"""Issue 12, item 14: small faults found under attack, each fixed where it arises.

Here: textual-serve's command, and records with a byte-order mark. The others are
beside their kind: ``lessons check /dev/null`` in test_robustness_lessons.py, the
glossary entry without its definition and ``lesson:`` links in
test_robustness_texts_files.py.
"""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

from tutor import cli
from tutor.rules.game import Game
from tutor.rules.record import dumps, load, loads
from tutor.tables import make_table
from tutor.tables.record import dumps as table_dumps
from tutor.tables.record import loads as table_loads


def test_serve_quotes_the_interpreter_path(monkeypatch):
    """textual-serve runs its command through the shell: an interpreter under a path
    with a space must still be one word."""
    from tutor.cli.serve import tutor_command

    executable = "/opt/my tools/python 3/bin/python"
    monkeypatch.setattr(sys, "executable", executable)
    assert shlex.split(tutor_command()) == [executable, "-m", "tutor"]


def test_a_record_starting_with_a_byte_order_mark_is_read(tmp_path: Path, capsys):
    game = Game.new(42)
    game = game.apply(game.legal_actions()[0])
    path = tmp_path / "bom.ecarte"
    path.write_bytes(b"\xef\xbb\xbf" + dumps(game).encode("utf-8"))
    assert load(path) == game  # what `play --load` reads
    assert loads("\ufeff" + dumps(game)) == game
    assert cli.main(["replay", str(path)]) == 0
    assert "players: missing" not in capsys.readouterr().err


def test_a_table_record_starting_with_a_byte_order_mark_is_read():
    table = make_table("quatre", 5)
    assert table_loads("\ufeff" + table_dumps(table)).seed == 5
