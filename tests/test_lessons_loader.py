"""The lesson loader: every fault located by file, line and field; damage never stops the rest."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from tutor.lessons import check
from tutor.lessons.loader import LineMap, load_curriculum, load_lesson
from tutor.rules.actions import Action

GOOD = """\
id = "sample"
title = "A sample"
summary = "For the tests."
passages = ["britannica-9/play"]

[[steps]]
id = "first"
question = "lead"
expected = "lead KS"
explanation = "The king of trumps wins."
passages = ["britannica-9/play"]

[steps.position]
role = "nondealer"
hand = "KS QS 7H 8D 9C"
turnup = "JS"
penalty = "me"

[[steps]]
question = "law"
prompt = "What does the player who wins all five tricks score?"
choices = ["one", "two", "three"]
expected = 2
explanation = "Two for the vole."
passages = ["club-laws/48"]
"""


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_good_lesson_loads(tmp_path):
    lesson, faults = load_lesson(write(tmp_path, "a.toml", GOOD))
    assert faults == []
    assert lesson is not None
    first, second = lesson.steps
    assert first.id == "first" and first.expected == Action.parse("lead KS")
    assert first.info is not None and first.info.penalty == "me"
    assert second.id == "2" and second.is_law and second.answer == 1
    assert second.check_choice(1) and not second.check_choice(0)
    assert first.line == 6 and first.line_of("position.hand") == 15


def test_bad_card_names_file_line_and_field(tmp_path):
    path = write(
        tmp_path, "bad.toml", GOOD.replace('hand = "KS QS 7H 8D 9C"', 'hand = "KS QS 7H 8D 1X"')
    )
    lesson, faults = load_lesson(path, "bad.toml")
    assert len(faults) == 1
    fault = faults[0]
    assert (fault.file, fault.line) == ("bad.toml", 15)
    assert fault.field.startswith("steps[1].position.hand")
    assert "1X" in fault.message
    assert lesson is not None and [s.id for s in lesson.steps] == ["2"]  # the rest still loads


def test_missing_field_and_bad_values(tmp_path):
    text = GOOD.replace('explanation = "Two for the vole."\n', "").replace(
        "expected = 2", "expected = 7"
    )
    text = text.replace('question = "lead"', 'question = "leed"')
    _, faults = load_lesson(write(tmp_path, "m.toml", text), "m.toml")
    fields = {f.field: f for f in faults}
    assert "steps[1].question" in fields and fields["steps[1].question"].line == 8
    assert "steps[2].explanation" in fields
    assert "steps[2].expected" in fields and fields["steps[2].expected"].line == 23


def test_bad_toml_is_one_fault_with_its_line(tmp_path):
    _, faults = load_lesson(
        write(tmp_path, "t.toml", GOOD.replace('title = "A sample"', "title = ")), "t.toml"
    )
    assert len(faults) == 1 and faults[0].line == 2 and faults[0].field == "toml"


def test_unknown_key_is_a_fault(tmp_path):
    text = GOOD.replace('id = "first"', 'id = "first"\ncolour = "red"')
    report = check.check_lessons([write(tmp_path, "x.toml", text)])
    messages = [str(f) for f in report.faults]
    assert any("x.toml:8: steps[1].colour: unknown key" in m for m in messages)


def test_illegal_expected_is_a_fault(tmp_path):
    text = GOOD.replace('expected = "lead KS"', 'expected = "lead KH"')
    report = check.check_lessons([write(tmp_path, "x.toml", text)])
    messages = [str(f) for f in report.faults]
    assert any("x.toml:9: steps[1].expected: lead KH is not legal" in m for m in messages)


def test_line_map_counts_steps_and_tables():
    lines = LineMap(GOOD)
    assert lines.line("steps[1]") == 6
    assert lines.line("steps[1].position") == 13
    assert lines.line("steps[2].choices") == 22
    assert lines.line("steps[9].nothing") == 1


def test_curriculum_reports_duplicate_ids_and_goes_on(tmp_path):
    write(tmp_path, "a.toml", GOOD)
    write(tmp_path, "b.toml", GOOD)
    write(tmp_path, "c.toml", "id = [")
    curriculum = load_curriculum([tmp_path])
    assert len(curriculum.lessons) == 1
    assert any("duplicate lesson id" in f.message for f in curriculum.faults)
    assert any(f.file.endswith("c.toml") for f in curriculum.faults)


def test_a_lesson_with_no_steps_is_a_fault_and_not_listed(tmp_path):
    """A tester's review: a lesson without steps was listed, counted and opened on "This
    lesson has no steps", and could never be completed."""
    write(tmp_path, "a.toml", GOOD)
    write(tmp_path, "b.toml", 'id = "empty"\ntitle = "E"\nsummary = "S"\npassages = []\n')
    curriculum = load_curriculum([tmp_path])
    assert [lesson.id for lesson in curriculum.lessons] == [
        load_curriculum([tmp_path / "a.toml"]).lessons[0].id
    ]
    assert any(f.file.endswith("b.toml") and f.field == "steps" for f in curriculum.faults)


def test_a_duplicate_lesson_is_still_checked_and_the_original_still_teaches(tmp_path):
    """A tester's review: a duplicate id hid the file's other faults."""
    write(tmp_path, "a.toml", GOOD)
    write(tmp_path, "b.toml", GOOD.replace('expected = "lead KS"', 'expected = "lead KH"'))
    report = check.check_lessons([tmp_path])
    messages = [str(f) for f in report.faults]
    assert any("b.toml:1: id: duplicate lesson id" in m for m in messages)
    assert any("b.toml:9: steps[1].expected: lead KH is not legal" in m for m in messages)
    (tmp_path / "c").mkdir()
    twin = check.check_lessons([write(tmp_path / "c", "only.toml", GOOD)])
    assert len([m for m in messages if "/a.toml:" in m]) == len(twin.faults)
    assert report.uncovered_hints == twin.uncovered_hints  # the duplicate teaches nothing less


def test_a_file_cut_inside_a_string_is_told_where_the_string_begins(tmp_path):
    text = GOOD.split('expected = "lead KS"')[0] + 'explanation = """never closed\nmore\n'
    report = check.check_lessons([write(tmp_path, "cut.toml", text)])
    (fault,) = report.faults
    assert fault.field == "toml" and fault.line == 9, str(fault)


def test_check_command_on_damaged_copy(tmp_path, capsys):
    from tutor.io.paths import LESSONS_DIR

    copy = tmp_path / "lessons"
    shutil.copytree(LESSONS_DIR, copy)
    victim = sorted(copy.glob("*.toml"))[0]
    text = victim.read_text(encoding="utf-8").splitlines()
    text.insert(3, "this is not toml")
    victim.write_text("\n".join(text), encoding="utf-8")
    code = check.main([str(copy)])
    out = capsys.readouterr()
    assert code != 0
    assert "Traceback" not in out.out + out.err
    assert f"{victim.name}:4:" in out.out


def test_check_json_shape(tmp_path, capsys):
    code = check.main([str(write(tmp_path, "a.toml", GOOD)), "--json"])
    data = json.loads(capsys.readouterr().out)
    assert {"lessons", "steps", "faults", "uncovered_hints"} <= set(data)
    assert data["lessons"] == 1 and data["steps"] == 2
    assert code == (0 if not data["faults"] else 1)


def test_missing_path_is_a_fault(tmp_path, capsys):
    assert check.main([str(tmp_path / "nowhere")]) == 1
    assert "no such file" in capsys.readouterr().out
