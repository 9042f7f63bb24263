"""A malformed positions file is told as file:line: field: message, never a traceback;
the lessons' loader does not take the practice folder for a lesson."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tutor.io.paths import REPO
from tutor.lessons.loader import lesson_files
from tutor.practice.loader import load_positions

GOOD = """\
[[positions]]
id = "one"
theme = "draw-trumps"
goal = "point"
title = "Three trumps"
setup = "You lead."
role = "nondealer"
hand = "KS QS JS KH 7C"
turnup = "7S"
"""


def _faults(tmp_path: Path, text: str) -> list[str]:
    path = tmp_path / "positions.toml"
    path.write_text(text, encoding="utf-8")
    return [str(f).removeprefix(str(path)) for f in load_positions(path, "p.toml").faults]


def test_a_good_block_loads(tmp_path) -> None:
    path = tmp_path / "positions.toml"
    path.write_text(GOOD, encoding="utf-8")
    loaded = load_positions(path)
    assert not loaded.faults and loaded.positions[0].goal.tricks == 3


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (('goal = "point"', 'goal = "slam"'), "p.toml:4: positions[1].goal: expected one of"),
        (
            ('goal = "point"', 'goal = "game"'),
            "p.toml:4: positions[1].goal: the point wins the game only at 4",
        ),
        (
            ('goal = "point"', 'goal = "refusal"'),
            "p.toml:4: positions[1].goal: a refusal goal needs a penalty",
        ),
        (('id = "one"', 'id = "One Two"'), "p.toml:2: positions[1].id: expected lower-case"),
        (
            ('title = "Three trumps"', "title = 3"),
            "p.toml:5: positions[1].title: expected a non-empty string",
        ),
        (
            ('turnup = "7S"', 'turnup = "KS"'),
            "p.toml:8: positions[1].hand: hand: a card in the hand also appears as the turn-up",
        ),
        (
            ('hand = "KS QS JS KH 7C"', 'hand = "KS QS JS KH"'),
            "p.toml:1: positions[1].tricks: tricks: 0 tricks played and 4 cards",
        ),
        (
            ('setup = "You lead."', 'setup = "You lead."\ncolour = "red"'),
            "p.toml:7: positions[1].colour: unknown key",
        ),
        (('theme = "draw-trumps"\n', ""), "p.toml:1: positions[1].theme: missing"),
    ],
)
def test_each_fault_names_its_line_and_field(tmp_path, change, expected) -> None:
    old, new = change
    faults = _faults(tmp_path, GOOD.replace(old, new))
    assert any(f.startswith(expected) for f in faults), faults


def test_bad_toml_and_a_duplicate_id(tmp_path) -> None:
    assert _faults(tmp_path, GOOD + "\nid = = 3\n")[0].startswith("p.toml:11: toml: not valid TOML")
    faults = _faults(tmp_path, GOOD + "\n" + GOOD)
    assert faults == ["p.toml:12: positions[2].id: duplicate id 'one' (also positions[1])"]


def test_a_file_that_is_not_regular_is_refused(tmp_path) -> None:
    fifo = tmp_path / "fifo.toml"
    os.mkfifo(fifo)
    faults = load_positions(fifo, "fifo.toml").faults
    assert len(faults) == 1 and "cannot read the file" in str(faults[0])


def test_the_lessons_loader_leaves_the_practice_folder_alone() -> None:
    files, faults = lesson_files([REPO / "lessons"])
    assert not faults
    assert all(f.parent == REPO / "lessons" for f in files)
    assert (REPO / "lessons" / "practice" / "positions.toml").is_file()
