"""Issue 12, items 7, 8, 9 and 14 for lesson files: each file is judged alone.

A value nested 5,000 deep, a symlink loop, a FIFO, a device, a file too large or
a line that would make a pattern backtrack: each is one fault naming its file (and
line, where there is one), and every other lesson is still checked and loaded.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

import tutor.io.paths
from tests.fifos import make_fifo, needs_fifos, unblocked
from tutor.lessons import check, loader
from tutor.lessons.loader import (
    LIMIT,
    MAX_DEPTH,
    MAX_KEY,
    LineMap,
    load_curriculum,
    load_lesson,
)

SHIPPED = len(list(tutor.io.paths.LESSONS_DIR.glob("*.toml")))

LESSON = '''\
id = "sample"
title = "A sample"
summary = "For the tests."
passages = ["britannica-9/play"]

[[steps]]
id = "first"
question = "law"
prompt = "What does the player who wins all five tricks score?"
choices = ["one", "two", "three"]
expected = 2
explanation = """Two for the vole."""
passages = ["club-laws/48"]
'''


@pytest.fixture
def lessons(tmp_path: Path) -> Path:
    """A copy of the shipped lessons, to damage."""
    copy = tmp_path / "lessons"
    shutil.copytree(tutor.io.paths.LESSONS_DIR, copy)
    return copy


def only_fault(curriculum, name: str):
    faults = [f for f in curriculum.faults if Path(f.file).name == name]
    assert len(faults) == 1, [str(f) for f in curriculum.faults]
    assert len(curriculum.faults) == 1, [str(f) for f in curriculum.faults]
    assert len(curriculum.lessons) == SHIPPED
    return faults[0]


# --- item 7: one bad file is one fault -------------------------------------------------


@pytest.mark.parametrize(
    "value",
    [
        pytest.param("[" * 5000 + "]" * 5000, id="arrays"),
        pytest.param("{a = " * 5000 + "1" + "}" * 5000, id="inline-tables"),
        pytest.param("[" * (MAX_DEPTH + 2) + "]" * (MAX_DEPTH + 2), id="just-too-deep"),
    ],
)
def test_a_value_nested_too_deep_is_one_fault_with_its_line(lessons: Path, value: str):
    (lessons / "deep.toml").write_text(
        f'id = "deep"\n# a comment [[[\nx = "[["\nnested = {value}\n'
    )
    fault = only_fault(load_curriculum([lessons]), "deep.toml")
    assert fault.line == 4 and fault.field in ("toml", "nested" + "[1]" * MAX_DEPTH)
    assert f"nested more than {MAX_DEPTH} deep" in fault.message


def test_dotted_keys_nested_too_deep_are_refused_before_anything_recurses(lessons: Path):
    (lessons / "dotted.toml").write_text("title.summary" + ".x" * 5000 + " = 1\n")
    fault = only_fault(load_curriculum([lessons]), "dotted.toml")
    assert (fault.line, fault.field) == (1, "toml")
    assert f"a dotted key of more than {MAX_DEPTH} parts" in fault.message


def never_parsed(monkeypatch) -> None:
    """tomllib's time and memory grow with the square of a key's parts: a tester's
    review, a 200 KB key took all memory. These files must not reach it."""

    def refuse(text: str) -> None:
        raise AssertionError("tomllib was given a file the loader should have refused")

    monkeypatch.setattr(loader.tomllib, "loads", refuse)


KEY = "a" + ".a" * 100_000
"""The tester's key: 200 KB, 100,001 parts."""


@pytest.mark.parametrize(
    "line",
    [
        pytest.param(f"{KEY} = 1", id="dotted-key"),
        pytest.param(f"[{KEY}]", id="table"),
        pytest.param(f"[[{KEY}]]", id="array-of-tables"),
        pytest.param(f"x = {{ y = 1, {KEY} = 1 }}", id="inline-table"),
        pytest.param(f"x = [[{{ {KEY} = 1 }}]]", id="in-an-array"),
        pytest.param('"a"' + '."a"' * 100_000 + " = 1", id="quoted-parts"),
    ],
)
def test_a_key_of_many_parts_is_refused_before_toml_reads_it(
    tmp_path: Path, monkeypatch, line: str
):
    never_parsed(monkeypatch)
    path = tmp_path / "02-dot.toml"
    path.write_text(f'id = "dot"\n{line}\n')
    lesson, (fault,) = load_lesson(path, "02-dot.toml")
    assert lesson is None
    assert str(fault).startswith(
        f"02-dot.toml:2: toml: a dotted key of more than {MAX_DEPTH} parts"
    )


def test_lessons_check_refuses_the_testers_file_and_checks_the_rest(lessons: Path, capsys):
    (lessons / "02-dot.toml").write_text(f'id = "dot"\n{KEY} = 1\n')
    assert check.main([str(lessons)]) == 1
    out = capsys.readouterr().out
    assert f"02-dot.toml:2: toml: a dotted key of more than {MAX_DEPTH} parts" in out
    assert f"total: {SHIPPED} lessons" in out


@pytest.mark.parametrize(
    "line",
    [
        pytest.param("k" * 200_000 + " = 1", id="bare"),
        pytest.param('"' + "k" * 200_000 + '" = 1', id="quoted"),
        pytest.param("[" + "k" * 200_000 + "]", id="table"),
    ],
)
def test_an_overlong_key_is_refused_with_its_line(tmp_path: Path, monkeypatch, line: str):
    never_parsed(monkeypatch)
    path = tmp_path / "long.toml"
    path.write_text(f'id = "long"\n\n{line}\n')
    _, (fault,) = load_lesson(path, "long.toml")
    assert str(fault).startswith(f"long.toml:3: toml: a key of more than {MAX_KEY} characters")


@pytest.mark.parametrize(
    "text",
    [
        pytest.param('x = "a.b.c.d.e.f.g.h.i.j.k.l.m.n.o.p.q.r"', id="in-a-string"),
        pytest.param("x = '''\n" + "a." * 40 + "\n'''", id="in-a-multi-line-string"),
        pytest.param("# " + "a." * 40, id="in-a-comment"),
        pytest.param("x = [" + "1.5, " * 40 + "]", id="floats"),
        pytest.param('x = """\\""""\ny = ' + "[" * MAX_DEPTH + "]" * MAX_DEPTH, id="quotes"),
    ],
)
def test_dots_and_brackets_that_are_no_key_are_not_counted(tmp_path: Path, text: str):
    path = tmp_path / "fine.toml"
    path.write_text(text + "\n")
    _, faults = load_lesson(path, "fine.toml")
    assert not [f for f in faults if f.field == "toml"], [str(f) for f in faults]


def test_a_table_name_and_its_keys_nested_too_deep_together_are_one_fault(tmp_path: Path):
    path = tmp_path / "deep.toml"
    path.write_text("[" + ".".join("t" * 10) + "]\n" + ".".join("k" * 10) + " = 1\n")
    _, (fault,) = load_lesson(path, "deep.toml")
    assert fault.field.startswith("t.t.t.t.t.t.t.t.t.t.k.k")
    assert f"nested more than {MAX_DEPTH} deep" in fault.message


def test_a_symlink_loop_is_one_fault(lessons: Path):
    (lessons / "loop.toml").symlink_to("loop.toml")
    fault = only_fault(load_curriculum([lessons]), "loop.toml")
    assert "symbolic links" in fault.message


def test_lessons_check_names_the_file_and_checks_the_rest(lessons: Path, capsys):
    (lessons / "deep.toml").write_text("x = " + "[" * 5000 + "]" * 5000 + "\n")
    (lessons / "loop.toml").symlink_to("loop.toml")
    assert check.main([str(lessons)]) == 1
    out = capsys.readouterr()
    assert "lessons check failed" not in out.out + out.err
    assert "deep.toml:1: toml: values nested more than" in out.out
    assert "loop.toml: cannot read the file: too many levels of symbolic links" in out.out
    assert f"total: {SHIPPED} lessons" in out.out


def test_anything_unforeseen_in_one_file_costs_only_that_file(lessons: Path, monkeypatch):
    judged = loader._lesson

    def fragile(data, reader, path):
        if path.name.startswith("03-"):
            raise RecursionError("maximum recursion depth exceeded")
        return judged(data, reader, path)

    monkeypatch.setattr(loader, "_lesson", fragile)
    curriculum = load_curriculum([lessons])
    assert len(curriculum.lessons) == SHIPPED - 1
    (fault,) = curriculum.faults
    assert Path(fault.file).name.startswith("03-") and "RecursionError" in fault.message


# --- item 8: linear-time reading, a size cap --------------------------------------------

LONG = "[" + " " * 20_000 + "a" + " " * 20_000 + "]x"
"""A line that made the old header pattern backtrack cubically (1,500 spaces: 19 s)."""


def test_a_long_bracketed_line_in_an_explanation_reads_at_once(tmp_path: Path):
    text = LESSON.replace('"""Two for the vole."""', f"'''\nTwo for the vole.\n{LONG}\n'''")
    path = tmp_path / "long.toml"
    path.write_text(text)
    _, faults = load_lesson(path)
    # read at once, and refused for its length alone (a field shown on screen is bounded)
    assert [f.message for f in faults] == [
        "40,023 characters, more than the 4,000 a field may hold"
    ]
    assert faults[0].line == 12 and faults[0].field == "steps[1].explanation"


def test_line_map_reads_header_like_lines_without_backtracking():
    lines = LineMap(f"{LONG}\n[[steps]]  # one\nid = 1\n[ steps.position ]\nhand = 2\n{LONG}\n")
    assert lines.lines == {
        "steps[1]": 2,
        "steps[1].id": 3,
        "steps[1].position": 4,
        "steps[1].position.hand": 5,
    }


def test_line_map_finds_keys_within_a_table_for_many_steps():
    text = "".join(f"[[steps]]\nid = {n}\n[steps.position]\nhand = {n}\n" for n in range(20_000))
    lines = LineMap(text)
    assert lines.within("steps[20000]") == (
        ("id", 79_998),
        ("position", 79_999),
        ("position.hand", 80_000),
    )
    assert lines.within("steps[3].position") == (("hand", 12),)


def test_a_file_over_the_limit_is_refused_with_its_size(tmp_path: Path):
    path = tmp_path / "big.toml"
    path.write_text(LESSON + "#" * LIMIT + "\n")
    lesson, (fault,) = load_lesson(path, "big.toml")
    assert lesson is None
    assert fault.message.startswith(
        f"cannot read the file: too large: {path.stat().st_size:,} bytes"
    )


# --- item 9: regular files only ----------------------------------------------------------


@needs_fifos
def test_a_fifo_among_the_lessons_is_refused_not_waited_on(lessons: Path, monkeypatch):
    fifo = make_fifo(lessons / "00-pipe.toml")
    monkeypatch.setattr(tutor.io.paths, "LESSONS_DIR", lessons)
    with unblocked(fifo):
        curriculum = load_curriculum()  # what the app's start and lessons check load
    fault = only_fault(curriculum, "00-pipe.toml")
    assert fault.message == "cannot read the file: not a regular file (a FIFO)"


@needs_fifos
def test_a_fifo_named_on_the_command_line_is_refused(tmp_path: Path, capsys):
    fifo = make_fifo(tmp_path / "pipe.toml")
    with unblocked(fifo):
        assert check.main([str(fifo)]) == 1
    assert f"{fifo}: not a regular file (a FIFO)" in capsys.readouterr().out


# --- item 14: say what a path is; a byte-order mark is no fault ------------------------------


def test_lessons_check_dev_null_says_what_it_is(capsys):
    if not Path(os.devnull).exists() or os.name != "posix":
        pytest.skip("no /dev/null here")
    assert check.main([os.devnull]) == 1
    out = capsys.readouterr().out
    assert "/dev/null: not a regular file (a character device)" in out
    assert "no such file" not in out


def test_a_missing_path_is_still_no_such_file(tmp_path: Path, capsys):
    assert check.main([str(tmp_path / "absent.toml")]) == 1
    assert f"{tmp_path / 'absent.toml'}: no such file or directory" in capsys.readouterr().out


def test_a_lesson_with_a_byte_order_mark_loads(tmp_path: Path):
    path = tmp_path / "bom.toml"
    path.write_bytes(b"\xef\xbb\xbf" + LESSON.encode())
    lesson, faults = load_lesson(path)
    assert faults == [] and lesson is not None and lesson.id == "sample"


@pytest.mark.parametrize("target", ["nowhere", "/dev/zero", "01-cards.toml"])
def test_a_linked_lesson_is_named_as_its_folder_lists_it(
    lessons: Path, monkeypatch, capsys, target: str
):
    (lessons / "08-linked.toml").symlink_to(target)
    monkeypatch.chdir(lessons.parent)
    check.main([str(lessons)])
    out = capsys.readouterr().out
    assert "lessons/08-linked.toml" in out
    assert "nowhere" not in out and "/dev/zero" not in out
    assert f"{lessons.parent}" not in out


def test_a_number_past_pythons_digit_limit_is_said_in_the_projects_words(tmp_path: Path):
    # The helper that fixed the dotted keys noticed: "cannot load the lesson: ValueError:
    # Exceeds the limit (4300 digits)..." was Python's message, not the file's line.
    path = tmp_path / "big.toml"
    path.write_text(LESSON + "extra = " + "1" * 5000 + "\n", encoding="utf-8")
    lesson, faults = load_lesson(path, "big.toml")
    assert lesson is None
    assert [str(f) for f in faults] == [
        f"big.toml:{LESSON.count(chr(10)) + 1}: toml: a number too long to read (a lesson's are small)"
    ]


def test_links_in_what_a_step_shows_are_checked(tmp_path: Path):
    """A tester's review: an explanation linking "lesson:cards#²" passed the check and
    crashed the app when followed."""
    text = LESSON.replace(
        'explanation = """Two for the vole."""',
        'explanation = """Two: [a](lesson:sample#²), [b](passage:nope/zz), [c](lesson:sample#0),'
        ' [d](lesson:nope), [e](passage:club-laws/48)."""',
    )
    (tmp_path / "01-sample.toml").write_text(text, encoding="utf-8")
    report = check.check_lessons([tmp_path])
    told = [str(f) for f in report.faults if "broken link" in str(f)]
    assert len(told) == 3, told
    assert all("steps[1].explanation" in f and "01-sample.toml:" in f for f in told)
    assert any("lesson:sample#²" in f for f in told)
    assert any("passage:nope/zz (no such passage)" in f for f in told)
    assert any("lesson:nope (no such lesson)" in f for f in told)


@pytest.mark.parametrize(
    "explanation,told",
    [
        ("x" * 5_000, "5,000 characters, more than the 4,000"),
        ("x\\n\\n" * 100, "lines, more than the 40"),
    ],
)
def test_a_field_too_long_to_show_is_a_fault_of_its_line(tmp_path: Path, explanation, told):
    """A tester's review: a 110 KB explanation of short paragraphs held the app a minute."""
    text = LESSON.replace('"""Two for the vole."""', f'"{explanation}"')
    (tmp_path / "01-sample.toml").write_text(text, encoding="utf-8")
    report = check.check_lessons([tmp_path])
    found = [str(f) for f in report.faults if told in str(f)]
    assert len(found) == 1 and "01-sample.toml:" in found[0] and "explanation" in found[0]
