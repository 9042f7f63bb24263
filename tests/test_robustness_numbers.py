"""Numbers read from a user are ASCII digits, as records read them, and a number too
long to read is told in the project's words (a tester's review: ``--seed ١٢``,
``ecarte lessons １`` and a JSON answer "２" were taken as numbers; a 5,000-digit
answer brought Python's "Exceeds the limit (4300 digits)" message)."""

from __future__ import annotations

import json

import pytest

import tutor.cli
from tutor.cli import main
from tutor.io.reading import NumberError, whole_number
from tutor.lessons import load_curriculum
from tutor.lessons.trying import judge_line
from tutor.rules.record import RecordError, loads
from tutor.rules.rulesets import RuleSet, RuleSetError

OTHER_DIGITS = ["١٢", "１", "²", "1²", "٣"]


@pytest.fixture(scope="module")
def curriculum():
    return load_curriculum()


@pytest.mark.parametrize("text", OTHER_DIGITS)
def test_whole_numbers_are_ascii_digits(text: str):
    with pytest.raises(NumberError, match="in the digits 0 to 9"):
        whole_number(text, "a seed", 18)


@pytest.mark.parametrize(
    "argv",
    [
        ["play", "--seed", "١٢"],
        ["drill", "--seed", "１"],
        ["advise", "--seed", "٣"],
        ["play", "--game", "５"],
        ["play", "--table", "six", "--losers", "２"],
        ["serve", "--port", "８０８０"],
        ["match", "--seed", "١٢"],
        ["study", "--deals", "２"],
    ],
)
def test_the_command_line_refuses_other_digits(monkeypatch, capsys, argv):
    monkeypatch.setattr(tutor.cli, "_open_app", lambda args: pytest.fail("the app opened"))
    monkeypatch.setattr(tutor.cli, "_serve", lambda port: pytest.fail("the server started"))
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2
    assert "in the digits 0 to 9, got" in capsys.readouterr().err


@pytest.mark.parametrize("ident", ["１", "١", "1" * 5000])
def test_a_lesson_number_in_other_digits_or_too_long_is_no_lesson(monkeypatch, capsys, ident):
    monkeypatch.setattr(tutor.cli, "_open_app", lambda args: pytest.fail("the app opened"))
    assert main(["lessons", ident]) == 2
    err = capsys.readouterr().err
    assert "lessons: no lesson " in err
    assert "write the number in the digits 0 to 9" in err or "a number of 5,000 digits" in err
    assert len(err) < 1000


def judged(curriculum, **request) -> dict:
    line = json.dumps({"lesson": "cards", "step": "pack-size", "answer": "2"} | request)
    return judge_line(curriculum, line)


@pytest.mark.parametrize("answer", ["２", "٢"])
def test_a_choice_in_other_digits_is_refused(curriculum, answer):
    error = judged(curriculum, answer=answer)["error"]
    assert error.startswith("answer: step pack-size of cards is a law question")
    assert error.endswith("write the number in the digits 0 to 9")


def test_a_step_number_in_other_digits_is_refused(curriculum):
    error = judged(curriculum, step="１")["error"]
    assert error.startswith("step: lesson cards has no step '１': write the number in the digits")


def test_ascii_choice_and_step_numbers_are_still_read(curriculum):
    assert "correct" in judged(curriculum, step="1", answer="2")
    assert "correct" in judged(curriculum, answer=2)


@pytest.mark.parametrize("field", ["lesson", "step", "answer"])
def test_a_number_too_long_to_read_is_told_in_the_projects_words(curriculum, field):
    line = json.dumps({"lesson": "cards", "step": "pack-size", "answer": "2"})
    line = line.replace(f'"{field}": "', f'"{field}": {"7" * 5000}, "x": "', 1)
    error = judge_line(curriculum, line)["error"]
    assert error.startswith(f"{field}: ") and "a number of 5,000 digits" in error
    assert "4300" not in error and "sys.set_int_max_str_digits" not in error


@pytest.mark.parametrize("value", ["５", "٧", "7" * 5000])
def test_a_records_rules_read_ascii_digits_only(value):
    with pytest.raises(RuleSetError):
        RuleSet.parse(f"english game={value}")
    text = f"# Écarté game record\nPlayers: A vs B\nRules: english game={value}\nSeed: 1\n"
    with pytest.raises(RecordError) as caught:
        loads(text, "r.txt")
    assert (caught.value.line, caught.value.field) == (3, "rules")
    assert len(str(caught.value)) < 200
