"""``ecarte lessons check [PATH ...] [--json]``: validate lesson files.

Prints a line per lesson and a total; each fault as ``file:line: field:
message``. Exit status 0 when clean, 1 with faults, 2 on bad arguments. Never
a traceback: a damaged file is a fault and the other files are still checked.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from tutor.lessons.checker import Report, check_lessons


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ecarte lessons check",
        description="Validate lesson files: schema, positions, passages, hints, outcomes.",
    )
    parser.add_argument(
        "paths",
        nargs="*",
        type=Path,
        metavar="PATH",
        help="lesson files or directories (default: the shipped lessons/)",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    return parser


def _print_text(report: Report, whole: bool = True) -> None:
    """The report; what the course leaves untaught only for the whole course (a
    tester's review: 45 hint ids beside a check of one file)."""
    by_file: dict[str, int] = {}
    for fault in report.faults:
        by_file[fault.file] = by_file.get(fault.file, 0) + 1
    for lesson in report.curriculum.lessons:
        laws = sum(1 for s in lesson.steps if s.is_law)
        outcomes = sum(1 for s in lesson.steps if s.outcome is not None)
        faults = by_file.get(lesson.file, 0)
        status = "ok" if not faults else f"{faults} fault{'s' if faults != 1 else ''}"
        print(
            f"{lesson.file}: {lesson.id}: {len(lesson.steps)} steps"
            f" ({len(lesson.steps) - laws} positions, {laws} law questions, {outcomes} played out)"
            f" {status}"
        )
    for fault in report.faults:
        print(str(fault))
    uncovered = ", ".join(report.uncovered_hints) or "none"
    total = (
        f"total: {len(report.curriculum.lessons)} lessons, {len(report.curriculum.steps)} steps,"
        f" {len(report.faults)} faults"
    )
    print(f"{total}; hints not taught: {uncovered}" if whole else total)
    if report.cards is not None:
        print(report.cards)
    if whole and report.untaught_laws:
        print("club laws not taught: " + ", ".join(map(str, report.untaught_laws)))


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(list(sys.argv[1:] if argv is None else argv))
    try:
        report = check_lessons(args.paths or None)
    except Exception as exc:  # the last line of defence: a fault, not a traceback
        message = f"lessons check failed: {type(exc).__name__}: {exc}"
        if args.json:
            print(
                json.dumps({"lessons": 0, "steps": 0, "faults": [message], "uncovered_hints": []})
            )
        else:
            print(message, file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(report.to_json(), ensure_ascii=False, indent=2))
    else:
        _print_text(report, whole=not args.paths)
    return 0 if report.ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
