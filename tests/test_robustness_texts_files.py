"""Issue 12, items 8, 9 and 14 for the texts: markup found in linear time, a size
cap, regular files only, a glossary entry without its definition, lesson links."""

from __future__ import annotations

import shutil
import tomllib
from pathlib import Path

import pytest

import tutor.io.paths
from tests.fifos import make_fifo, needs_fifos, unblocked
from tutor.cli import main
from tutor.texts import check_library, load_library
from tutor.texts.contract import contract_ids, expand
from tutor.texts.emend import emendations, resolve, unterminated
from tutor.texts.links import find_links
from tutor.texts.parse import LIMIT


@pytest.fixture
def texts(tmp_path: Path) -> Path:
    """A copy of the shipped texts, to damage."""
    root = tmp_path / "texts"
    shutil.copytree(tutor.io.paths.TEXTS_DIR, root)
    return root


def append(path: Path, text: str) -> int:
    """Append ``text`` after a blank line; the 1-based line it starts on."""
    old = path.read_text(encoding="utf-8").rstrip("\n")
    path.write_text(old + "\n\n" + text, encoding="utf-8")
    return old.count("\n") + 3


def faults(root: Path, lessons=None) -> list[str]:
    return [str(f) for f in check_library(load_library(root), lessons=lessons)]


# --- item 8: linear time, and a cap ------------------------------------------------------


def test_200000_unclosed_insertions_are_one_fault():
    line = "{++" * 200_000  # 40,000 took 43 s when each opener rescanned the line
    assert unterminated("fine\n" + line) == [
        (1, "unterminated emendation markup '{++' (and 199,999 more on this line)")
    ]
    assert resolve(line) == line and emendations(line) == []


@pytest.mark.parametrize(
    "line",
    [
        pytest.param("{~~" * 200_000, id="substitutions"),
        pytest.param("{~~a~>b" * 100_000, id="substitutions-without-close"),
        pytest.param("{++a++}{>>" * 100_000, id="notes-without-close"),
        pytest.param("{--" + "a" * 500_000, id="one-long-deletion"),
    ],
)
def test_markup_on_a_long_line_is_read_once(line):
    assert len(unterminated(line)) == 1
    assert len(resolve(line, marks=True)) >= len(line) // 2
    emendations(line)


def test_the_scanner_reads_markup_as_the_patterns_did():
    assert resolve("{~~tramps~>trumps~~}{>>OCR<<} {++.++} {--'--}", marks=True) == (
        "trumps [received: “tramps”] . [received: nothing]  [received: “'”]"
    )
    assert [(e.received, e.corrected, e.note) for e in emendations("{~~a~>b~~}{>> n <<}")] == [
        ("a", "b", "n")
    ]
    assert unterminated("{++{>>++}<<}") == []  # emendations are removed before notes
    assert unterminated("{~~a~b~>c~~}") == [(0, "unterminated emendation markup '{~~'")]


def test_links_on_a_long_line_are_found_in_linear_time():
    assert find_links("](passage:" * 200_000) == []
    assert len(find_links("[x](passage:club-laws/1)" * 50_000)) == 50_000


def test_the_contract_reads_a_long_row_at_once(tmp_path: Path):
    path = tmp_path / "ids.md"
    path.write_text("|" + " " * 20_000 + "a" + " " * 20_000 + "x\n| `club-laws/1 ... /3` | x |\n")
    assert contract_ids(path) == [("club-laws/1", 2), ("club-laws/2", 2), ("club-laws/3", 2)]
    assert len(expand("a/1" * 20_000 + " ... " + "/2" * 20_000)) == 2
    assert expand("a/1 ... /99999999") == ["a/1 ... /99999999"]  # not a range of ids: one id


def test_a_text_over_the_limit_is_one_fault_and_the_rest_loads(texts: Path):
    (texts / "huge.md").write_text("x" * (LIMIT + 1))
    found = faults(texts)
    assert found == [
        f"texts/huge.md: cannot read: too large: {LIMIT + 1:,} bytes (the limit is 1 MiB)"
    ]


# --- item 9: regular files only ---------------------------------------------------------------


@needs_fifos
def test_a_fifo_named_md_is_refused_not_waited_on(texts: Path, monkeypatch, capsys):
    fifo = make_fifo(texts / "pipe.md")
    monkeypatch.setattr(tutor.io.paths, "TEXTS_DIR", texts)
    with unblocked(fifo):
        library = load_library()  # what the app loads
        assert main(["texts", "check", "--root", str(texts)]) == 1
    assert "club-laws/38" in library
    assert [str(f) for f in library.faults] == [
        "texts/pipe.md: cannot read: not a regular file (a FIFO)"
    ]
    assert "texts/pipe.md: cannot read: not a regular file (a FIFO)" in capsys.readouterr().err


def test_a_symlink_loop_named_md_is_one_fault(texts: Path):
    (texts / "loop.md").symlink_to("loop.md")
    assert faults(texts) == ["texts/loop.md: cannot read: too many levels of symbolic links"]


def test_a_text_with_a_byte_order_mark_keeps_its_header(texts: Path):
    path = texts / "notes.md"
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    assert faults(texts) == []


# --- item 14: glossary entries and lesson links ----------------------------------------------------


def test_a_glossary_entry_without_its_definition_is_a_fault(texts: Path):
    path = texts / "glossary.md"
    line = append(path, "{#glossary/zzz-undefined}\nZzz\n")
    library = load_library(texts)
    assert [str(f) for f in library.faults] == [
        f"texts/glossary.md:{line + 1}: glossary entry glossary/zzz-undefined lacks its definition:"
        " the term on one line, then ': the definition' on the next (texts/README.md)"
    ]
    assert "glossary/atout" in {e.id for e in library.glossary()}


def test_a_glossary_entry_with_an_empty_definition_is_a_fault(texts: Path):
    append(texts / "glossary.md", "{#glossary/zzz-undefined}\nZzz\n:\n")
    library = load_library(texts)
    assert "glossary/zzz-undefined" not in {e.id for e in library.glossary()}
    assert any("glossary entry glossary/zzz-undefined lacks" in str(f) for f in library.faults)


def test_lesson_links_are_checked_against_the_lessons(texts: Path, capsys):
    line = append(
        texts / "notes.md", "See [the cards](lesson:cards) and [a lesson](lesson:no-such-lesson).\n"
    )
    shipped = {
        tomllib.loads(f.read_text())["id"] for f in tutor.io.paths.LESSONS_DIR.glob("*.toml")
    }
    assert faults(texts, lessons=shipped) == [
        f"texts/notes.md:{line}: broken link lesson:no-such-lesson (no such lesson)"
    ]
    assert f"texts/notes.md:{line}: broken link lesson:cards (no such lesson)" in faults(
        texts, lessons={"tricks"}
    )
    assert faults(texts) == []  # no lessons given: lesson links are not judged
    assert main(["texts", "check", "--root", str(texts)]) == 1
    err = capsys.readouterr().err
    assert f"notes.md:{line}: broken link lesson:no-such-lesson (no such lesson)" in err
    assert "lesson:cards" not in err


def test_a_lesson_link_at_a_step_is_checked_as_the_app_reads_it(texts: Path):
    # the app follows lesson:ID#N to the step of index N; a review found texts check calling a good
    # one broken, and a step of other digits ("#²") crashed the app
    line = append(
        texts / "notes.md", "[a](lesson:cards#2), [b](lesson:cards#²) and [c](lesson:cards#0).\n"
    )
    found = faults(texts, lessons={"cards"})
    assert not any("lesson:cards#2 " in f for f in found)
    assert any(f.startswith(f"texts/notes.md:{line}: broken link lesson:cards#²") for f in found)
    assert not any("lesson:cards#0" in f for f in found)  # the first step


def test_a_passage_of_many_short_paragraphs_is_cut_and_named(texts: Path):
    """A tester's review: 20,000 short paragraphs (60 KB) in one passage took the app a
    minute and a gigabyte to show, one widget a block; the checks passed it."""
    from tutor.texts.parse import MAX_BLOCKS

    line = append(
        texts / "notes.md", '{#notes/zz-long title="Long"}\n## Long\n\n' + "x\n\n" * 20_000
    )
    library = load_library(texts)
    passage = library.passage("notes/zz-long")
    assert len(passage.blocks) == MAX_BLOCKS + 1 and "not shown" in passage.blocks[-1]
    told = [str(f) for f in library.faults if "notes/zz-long" in str(f)]
    assert len(told) == 1 and f"notes.md:{line + 1}:" in told[0] and "shown cut" in told[0]
