"""`ecarte texts check` and `ecarte lessons check`: the validators, wired together.

The texts check also proves that every passage id cited by the hints and the
lessons resolves, so it gathers those citations here, where both are known.
"""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Sequence
from pathlib import Path


def citations() -> list[tuple[str, str]]:
    """(where, passage id) for every passage cited by the hints and the lessons."""
    found: list[tuple[str, str]] = []
    try:
        from tutor.hints import HINTS
    except ImportError:
        HINTS = {}
    for hint in HINTS.values():
        found.extend((f"hint {hint.id}", source) for source in hint.sources)
    try:
        from tutor.hints.readings import READINGS
    except ImportError:
        READINGS = {}
    found.extend((f"reading {ident}", ident) for ident in READINGS)
    try:
        lessons = importlib.import_module("tutor.lessons")
        found.extend(lessons.lesson_citations())
    except (ImportError, AttributeError):
        pass
    return found


def lesson_ids() -> set[str] | None:
    """The id of every lesson that loads, for the texts' ``lesson:`` links (None if the
    lessons cannot be loaded at all: the links are then not checked)."""
    try:
        from tutor.lessons.loader import load_curriculum
    except ImportError:
        return None
    return {lesson.id for lesson in load_curriculum().lessons}


def texts_check_main(argv: Sequence[str]) -> int:
    from tutor.texts.cli import check

    parser = argparse.ArgumentParser(prog="ecarte texts check")
    parser.add_argument("--root", type=Path, default=None, help="the texts directory")
    args = parser.parse_args(list(argv))
    return check(args.root, citations(), lesson_ids())


def lessons_check_main(argv: Sequence[str]) -> int:
    try:
        from tutor.lessons.check import main
    except ImportError:
        print("ecarte: the lesson checker is not built yet")
        return 2
    return int(main(list(argv)))
