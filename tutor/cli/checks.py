"""`ecarte texts check` and `ecarte lessons check`: the validators, wired together.

The texts check also proves that every passage id cited by the hints and the
lessons resolves, so it gathers those citations here, where both are known.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path

from tutor.hints import HINTS, READINGS
from tutor.lessons import lesson_citations, load_curriculum


def citations() -> list[tuple[str, str]]:
    """(where, passage id) for every passage cited by the hints and the lessons."""
    found: list[tuple[str, str]] = []
    for hint in HINTS.values():
        found.extend((f"hint {hint.id}", source) for source in hint.sources)
    found.extend((f"reading {ident}", ident) for ident in READINGS)
    found.extend(lesson_citations())
    return found


def lesson_ids() -> set[str]:
    """The id of every lesson that loads, for the texts' ``lesson:`` links."""
    return {lesson.id for lesson in load_curriculum().lessons}


def texts_check_main(argv: Sequence[str]) -> int:
    from tutor.texts.cli import check

    parser = argparse.ArgumentParser(prog="ecarte texts check")
    parser.add_argument("--root", type=Path, default=None, help="the texts directory")
    args = parser.parse_args(list(argv))
    return check(args.root, citations(), lesson_ids())


def lessons_check_main(argv: Sequence[str]) -> int:
    from tutor.lessons.check import main

    return main(list(argv))
