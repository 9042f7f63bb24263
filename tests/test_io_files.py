"""Writing a file whole or not at all (``tutor.io.files.write_atomically``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tutor.io.files import write_atomically


def test_a_file_is_replaced_whole(tmp_path: Path) -> None:
    path = tmp_path / "record.txt"
    path.write_text("old", encoding="utf-8")
    write_atomically(path, "new")
    assert path.read_text(encoding="utf-8") == "new"
    assert [p.name for p in tmp_path.iterdir()] == ["record.txt"]


def test_a_failed_write_leaves_nothing_beside_the_target(tmp_path: Path) -> None:
    # A tester's review: with the autosave's name taken by a directory, every move left
    # "autosave.rec.tmp" behind.
    target = tmp_path / "autosave.rec"
    target.mkdir()
    with pytest.raises(OSError):
        write_atomically(target, "a game")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["autosave.rec"]
