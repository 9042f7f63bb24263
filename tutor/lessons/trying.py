"""``ecarte lessons try``: the headless judge, the same as the app's.

    ecarte lessons try LESSON STEP ANSWER [--json]
    ecarte lessons try -            JSON lines in, one JSON line out for each

ANSWER is an action in the project's notation (``play``, ``discard 7C 8D``,
``lead KS`` ...) or, for a law question, the number (from 1) of the choice as
written in the lesson file. STEP is the step's id, or its number from 1.
Exit status: 0 when the answer was judged (right or wrong), 2 when it could
not be (no such lesson or step, an answer that is no answer). With ``-`` a bad
line gets ``{"error": ...}`` and the next line is read: nothing ends the run
but the end of the input.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Sequence
from typing import Any, TextIO

from tutor.io.lines import MAX_LINE, BadLine, bounded_lines
from tutor.io.reading import json_int
from tutor.lessons.judge import AnswerError, Judgement, judge, parse_answer
from tutor.lessons.loader import load_curriculum
from tutor.lessons.model import Curriculum, Step, typed_number
from tutor.rules.infoset_codec import quote


class TryError(ValueError):
    """An answer that cannot be judged; the message says why."""


def find_step(curriculum: Curriculum, lesson_id: object, step_ref: object) -> Step:
    if not isinstance(lesson_id, str):
        raise TryError(f"lesson: expected a lesson id, got {quote(lesson_id)}")
    try:
        lesson = curriculum.lesson(lesson_id)
    except KeyError as exc:
        raise TryError(str(exc)) from None
    if isinstance(step_ref, bool) or not isinstance(step_ref, str | int):
        raise TryError(f"step: expected a step id or number, got {quote(step_ref)}")
    text = str(step_ref).strip()
    for step in lesson.steps:
        if step.id == text:
            return step
    number, why = typed_number(text)
    if number is not None and 1 <= number <= len(lesson.steps):
        return lesson.steps[number - 1]
    ids = ", ".join(s.id for s in lesson.steps)
    why = f": {why}" if why else ""
    raise TryError(
        f"step: lesson {lesson.id} has no step {quote(text)}{why}"
        f" (its steps: {ids}; or 1 to {len(lesson.steps)})"
    )


def try_answer(
    curriculum: Curriculum, lesson_id: object, step_ref: object, answer: object
) -> Judgement:
    step = find_step(curriculum, lesson_id, step_ref)
    if isinstance(answer, bool) or not isinstance(answer, str | int):
        raise TryError(f"answer: expected an action or a choice number, got {quote(answer)}")
    try:
        return judge(step, parse_answer(step, answer))
    except AnswerError as exc:
        raise TryError(f"answer: {exc}") from None


def judge_line(curriculum: Curriculum, line: str) -> dict[str, Any]:
    """One JSON line in, one JSON object out: the judgement, or ``{"error": ...}``."""
    if len(line) > MAX_LINE:
        return {"error": f"line longer than {MAX_LINE:,} characters"}
    try:  # a number too long to read stands in its field, which refuses it by name
        request = json.loads(line, parse_int=json_int)
    except (ValueError, RecursionError) as exc:
        return {"error": f"not JSON: {exc}"}
    if not isinstance(request, dict):
        return {
            "error": 'expected an object {"lesson": ID, "step": STEP-ID, "answer": TEXT-OR-NUMBER}'
        }
    missing = [k for k in ("lesson", "step", "answer") if k not in request]
    if missing:
        return {"error": f"missing {', '.join(missing)}"}
    try:
        return try_answer(
            curriculum, request["lesson"], request["step"], request["answer"]
        ).to_json()
    except TryError as exc:
        return {"error": str(exc)}
    except Exception as exc:  # a bug must not end the run: say it, go on
        return {"error": f"internal error: {type(exc).__name__}: {exc}"}


def serve(curriculum: Curriculum, source: Iterable[str] | TextIO, sink: TextIO) -> None:
    """Answer each non-blank line with one JSON line. A line longer than ``MAX_LINE``
    is refused unread, and one that is not UTF-8 is named by its byte, as ``ecarte
    advise`` does: the same reader (``tutor.io.lines``)."""
    for line in bounded_lines(source, MAX_LINE):
        if isinstance(line, BadLine):
            answer = {"error": line.message}
        elif not line.strip():
            continue
        else:
            answer = judge_line(curriculum, line)
        sink.write(json.dumps(answer, ensure_ascii=False) + "\n")
        sink.flush()


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ecarte lessons try",
        description="Judge an answer to a lesson step, as the tutor would; '-' reads JSON lines.",
    )
    parser.add_argument(
        "lesson", metavar="LESSON", help="a lesson id, or - for JSON lines on stdin"
    )
    parser.add_argument(
        "step", nargs="?", metavar="STEP", help="the step's id, or its number from 1"
    )
    parser.add_argument(
        "answer",
        nargs="*",
        metavar="ANSWER",
        help="an action (play, 'discard 7C 8D', 'lead KS' ...) or a law question's choice"
        " number, counted in the lesson file's order (the tutor's screen shows the choices"
        " shuffled, so its numbers differ)",
    )
    parser.add_argument(
        "--json", action="store_true", help="print the judgement as one JSON object"
    )
    return parser


def _print(judgement: Judgement) -> None:
    expected = judgement.expected
    step = judgement.step
    if step.is_law and step.answer is not None:
        expected += f", \u201c{step.choices[step.answer].text}\u201d"
    mark = "right" if judgement.correct else f"wrong (the answer: {expected})"
    print(f"{judgement.step.lesson} step {judgement.step.id}: {mark}")
    print(judgement.feedback)
    if judgement.figures:
        print(judgement.figures)
    if judgement.passages:
        print("passages: " + ", ".join(judgement.passages))


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(list(sys.argv[1:] if argv is None else argv))
    curriculum = load_curriculum()
    if args.lesson == "-":
        if args.step is not None:
            print(
                "ecarte lessons try: with -, the requests come on standard input", file=sys.stderr
            )
            return 2
        serve(curriculum, sys.stdin, sys.stdout)
        return 0
    if args.step is None or not args.answer:
        print(
            "ecarte lessons try: give LESSON STEP ANSWER, or - to read JSON lines", file=sys.stderr
        )
        return 2
    try:
        judgement = try_answer(curriculum, args.lesson, args.step, " ".join(args.answer))
    except TryError as exc:
        if args.json:
            print(json.dumps({"error": str(exc)}, ensure_ascii=False))
        else:
            print(f"ecarte lessons try: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(judgement.to_json(), ensure_ascii=False))
    else:
        _print(judgement)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
