"""Malformed texts and bad citations yield located faults, never a traceback."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tutor.io.paths import REPO
from tutor.texts import Fault, check_library, load_library
from tutor.texts.contract import expand
from tutor.texts.emend import emendations, resolve, unterminated


@pytest.fixture
def texts_copy(tmp_path: Path) -> Path:
    root = tmp_path / "texts"
    shutil.copytree(REPO / "texts", root)
    return root


def _append(path: Path, text: str) -> int:
    """Append `text` and return the 1-based line its first line lands on."""
    before = path.read_text(encoding="utf-8")
    if not before.endswith("\n"):
        before += "\n"
    path.write_text(before + "\n" + text, encoding="utf-8")
    return before.count("\n") + 2


def test_broken_link_is_reported_with_file_and_line(texts_copy):
    line = _append(texts_copy / "club-laws.md", "{.note}\n> See [law 99](passage:club-laws/99).\n")
    faults = check_library(load_library(texts_copy), contract=REPO / "docs" / "passage-ids.md")
    broken = [f for f in faults if "club-laws/99" in f.message]
    assert len(broken) == 1
    assert broken[0].file.endswith("club-laws.md")
    assert broken[0].line == line + 1
    assert str(broken[0]).endswith(f"club-laws.md:{line + 1}: broken link passage:club-laws/99")


def test_broken_glossary_link(texts_copy):
    _append(
        texts_copy / "club-laws.md",
        "{#club-laws/extra}\nA [nonsense](glossary:no-such-term) link.\n",
    )
    faults = check_library(load_library(texts_copy))
    assert any("glossary/no-such-term" in f.message for f in faults)


def test_duplicate_id_bad_attrs_and_unterminated_emendation(texts_copy):
    path = texts_copy / "club-laws.md"
    line = _append(
        path,
        '{#club-laws/3}\nA second law 3.\n\n{#bad id="x}\nBroken attributes.\n\n'
        "{#club-laws/extra}\nAn {~~unterminated~>emendation here.\n",
    )
    library = load_library(texts_copy)
    messages = {f.line - line: f.message for f in library.faults}
    assert "duplicate id 'club-laws/3'" in messages[1]
    assert "malformed attributes" in messages[3]
    assert "unterminated" in messages[7]
    assert all(f.file.endswith("club-laws.md") for f in library.faults)
    assert library.passage("club-laws/3").plain_text().startswith("3.--A cut")
    assert len(check_library(library)) >= 3


def test_missing_law_and_unknown_citation(texts_copy):
    path = texts_copy / "club-laws.md"
    path.write_text(
        path.read_text(encoding="utf-8").replace("{#club-laws/51}", ""), encoding="utf-8"
    )
    faults = check_library(
        load_library(texts_copy), citations=[("tutor/hints/rules.py:12", "britannica-9/hints/nope")]
    )
    messages = [str(f) for f in faults]
    assert any("missing club-laws/51" in m for m in messages)
    assert any("agreed id 'club-laws/51'" in m for m in messages)
    assert "tutor/hints/rules.py:12: cites unknown passage 'britannica-9/hints/nope'" in messages


def test_unreadable_and_missing_roots(tmp_path):
    (tmp_path / "bad.md").write_bytes(b"\xff\xfe\x00bad")
    library = load_library(tmp_path)
    assert library.faults and "cannot read" in library.faults[0].message
    assert load_library(tmp_path / "absent").faults


def test_fault_str():
    assert str(Fault("texts/a.md", 3, "oops")) == "texts/a.md:3: oops"
    assert str(Fault("lessons/x.md", 0, "oops")) == "lessons/x.md: oops"


def test_emendation_markup():
    text = "the {~~tramps~>trumps~~}{>>OCR<<} card{++.++} ones{--'--};"
    assert resolve(text) == "the trumps card. ones;"
    assert resolve(text, emended=False) == "the tramps card ones';"
    assert resolve(text, emended=False, marks=True).startswith(
        "the tramps [read: “trumps”] card [read: “.”]"
    )
    found = emendations(text)
    assert [(e.received, e.corrected, e.note) for e in found] == [
        ("tramps", "trumps", "OCR"),
        ("", ".", ""),
        ("'", "", ""),
    ]
    assert unterminated(text) == []
    assert unterminated("ok\nbad {~~x~>y") == [(1, "unterminated emendation markup '{~~'")]


def test_contract_ranges():
    assert expand("club-laws/1 ... club-laws/3") == ["club-laws/1", "club-laws/2", "club-laws/3"]
    assert expand("b/laws/1 ... /2") == ["b/laws/1", "b/laws/2"]
    assert expand("j/2a ... /2c") == ["j/2a", "j/2b", "j/2c"]
    assert expand("french/ecart") == ["french/ecart"]


def test_a_comment_is_for_developers_and_part_of_no_passage(texts_copy):
    """A note for developers (where the code reads a passage) stays in the file as an
    HTML comment, never in what a reader is shown; one left open is a located fault."""
    _append(
        texts_copy / "readings.md",
        "{#readings/extra}\nA reading.\n\n<!-- code: somewhere in tutor/x.py -->\n\nMore.\n",
    )
    library = load_library(texts_copy)
    extra = library.passage("readings/extra")
    assert extra.blocks == ["A reading.", "More."]
    assert "tutor/x.py" not in extra.source and not library.faults
    line = _append(texts_copy / "notes.md", "<!-- never closed\n\n{#notes/hidden}\nText.\n")
    faults = load_library(texts_copy).faults
    assert any(f.line == line and "unclosed comment" in f.message for f in faults)
