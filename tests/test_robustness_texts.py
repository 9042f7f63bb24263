"""Damaged texts folders: `ecarte texts check` names the file and line, or says in
one line that the folder is missing."""

from __future__ import annotations

import shutil
from pathlib import Path

from tutor.cli import main
from tutor.io.paths import REPO
from tutor.texts import check_library, load_library


def test_a_header_field_missing_is_a_fault_on_line_one(tmp_path: Path):
    root = tmp_path / "texts"
    shutil.copytree(REPO / "texts", root)
    path = root / "club-laws.md"
    lines = path.read_text(encoding="utf-8").splitlines()
    path.write_text(
        "\n".join(line for line in lines if not line.startswith("licence:")), encoding="utf-8"
    )
    faults = [str(f) for f in check_library(load_library(root))]
    assert faults == [
        "texts/club-laws.md:1: header: missing licence (front matter, texts/README.md)"
    ]


def test_check_of_a_missing_root_is_one_line(tmp_path: Path, capsys):
    assert main(["texts", "check", "--root", str(tmp_path / "absent")]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"{tmp_path / 'absent'}: texts directory not found"]
