"""Issue 33, item 6: a broken lesson file shifts nothing. Lessons are numbered by
their file's place in the sorted list, broken or not; a broken lesson asked for by
number or id is said to be broken, with its file and fault (exit status 2), and
no other lesson is ever judged in its place."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tutor.io.paths import LESSONS_ENV, REPO
from tutor.lessons.loader import lesson_id_of, load_curriculum
from tutor.lessons.model import BrokenLesson, BrokenLessonError, UnknownLesson
from tutor.lessons.trying import TryError, find_step

SHIPPED = REPO / "lessons"


def _folder(tmp_path: Path, count: int = 4, broken: int = 3) -> tuple[Path, list[str]]:
    """The first ``count`` shipped lesson files (whatever their names), the one at place
    ``broken`` with ``title = "x`` appended; and the ids of all of them, read before."""
    folder = tmp_path / "lessons"
    folder.mkdir()
    files = sorted(SHIPPED.glob("*.toml"))[:count]
    ids = [lesson.id for lesson in load_curriculum(files).lessons]
    for path in files:
        shutil.copy(path, folder / path.name)
    damaged = folder / files[broken - 1].name
    with damaged.open("a", encoding="utf-8") as out:
        out.write('title = "x\n')
    return folder, ids


def _try(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, LESSONS_ENV: str(folder)}
    return subprocess.run(
        [sys.executable, "-m", "tutor", "lessons", "try", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )


def test_a_broken_file_keeps_its_number_and_is_named(tmp_path):
    folder, ids = _folder(tmp_path)
    course = load_curriculum([folder])
    names = [entry for _, entry in course.numbered()]
    assert [e.id for e in names] == ids
    assert isinstance(names[2], BrokenLesson)
    assert [lesson.id for lesson in course.lessons] == [ids[0], ids[1], ids[3]]
    assert course.number(course.lessons[2]) == 4  # not 3: the broken file keeps its place
    name = sorted(folder.iterdir())[2].name
    for asked in ("3", ids[2]):
        with pytest.raises(BrokenLessonError) as raised:
            course.lesson(asked)
        said = str(raised.value)
        assert said.startswith(f"lesson 3 ({name}) cannot be read: line ")
        assert "not valid TOML" in said
    assert course.lesson("4").id == ids[3]
    with pytest.raises(UnknownLesson) as unknown:
        course.lesson("9")
    assert f"3 {ids[2]} (broken)" in str(unknown.value)


def test_lessons_try_never_judges_another_lesson_in_a_broken_ones_place(tmp_path):
    folder, ids = _folder(tmp_path)
    name = sorted(folder.iterdir())[2].name
    for asked in ("3", ids[2]):
        done = _try(folder, asked, "1", "1")
        assert done.returncode == 2, done.stdout
        assert done.stdout == ""
        assert done.stderr.startswith(
            f"ecarte lessons try: lesson 3 ({name}) cannot be read: line "
        ), done.stderr
    # the lesson after it keeps its number (an answer "1" may not fit its first step:
    # then the error names that lesson, never the broken one)
    fourth = json.loads(_try(folder, "4", "1", "1", "--json").stdout)
    assert fourth.get("lesson") == ids[3] or ids[3] in fourth["error"], fourth


def test_lessons_try_lines_say_the_lesson_is_broken(tmp_path):
    folder, ids = _folder(tmp_path)
    course = load_curriculum([folder])
    for asked in ("3", ids[2]):
        with pytest.raises(TryError, match=r"^lesson 3 \(.*\) cannot be read: line \d+"):
            find_step(course, asked, "1")


def test_a_lesson_with_no_step_and_a_duplicate_keep_their_places(tmp_path):
    folder, ids = _folder(tmp_path, count=3, broken=1)
    files = sorted(folder.iterdir())
    files[0].write_text('id = "empty"\ntitle = "E"\nsummary = "S"\npassages = []\n')
    shutil.copy(files[1], folder / "99-copy.toml")
    course = load_curriculum([folder])
    kinds = [type(entry).__name__ for _, entry in course.numbered()]
    assert kinds == ["BrokenLesson", "Lesson", "Lesson", "BrokenLesson"]
    with pytest.raises(BrokenLessonError, match=r"^lesson 1 \(01-.*\) cannot be read"):
        course.lesson("empty")
    with pytest.raises(BrokenLessonError, match="duplicate lesson id"):
        course.lesson("4")
    assert course.lesson("2").id == ids[1]


def test_the_id_of_a_broken_file_is_found_by_a_scan_or_from_its_name(tmp_path):
    scanned = tmp_path / "07-whatever.toml"
    scanned.write_text('# a lesson\nid = "the-real-id"  # kept\n[[steps]\n')
    assert lesson_id_of(scanned) == "the-real-id"
    named = tmp_path / "03-deal-and-king.toml"
    named.write_bytes(b"\xff\xfe not text")
    assert lesson_id_of(named) == "deal-and-king"
    assert lesson_id_of(tmp_path / "12-missing.toml") == "missing"
