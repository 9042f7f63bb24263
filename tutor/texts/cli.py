"""`ecarte texts check`: validate the texts and print a summary.

Kept here (not in tutor/cli/__init__.py) so the command line only has to delegate:
``return tutor.texts.cli.main(argv)``. Also runnable as ``python -m tutor.texts``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Collection, Sequence
from pathlib import Path

from tutor.texts.check import check_library
from tutor.texts.library import load_library


def check(
    root: Path | None = None,
    citations: Sequence[tuple[str, str]] = (),
    lessons: Collection[str] | None = None,
) -> int:
    """Print each fault as file:line: message, then a summary; 0 if there are none.

    ``lessons``: the lesson ids that ``lesson:`` links may name (None: not checked).
    """
    library = load_library(root)
    if not library.root.is_dir():  # one fault, not every citation of every missing passage
        print(f"{library.root}: texts directory not found", file=sys.stderr)
        return 1
    faults = check_library(library, citations, lessons=lessons)
    for fault in faults:
        print(fault, file=sys.stderr)
    documents = library.documents()
    print(
        f"{len(library.ids())} passages in {len(documents)} documents, "
        f"{len(library.glossary())} glossary entries: "
        + (f"{len(faults)} fault(s)" if faults else "no faults")
    )
    return 1 if faults else 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="ecarte texts")
    sub = parser.add_subparsers(dest="command", required=True)
    checker = sub.add_parser("check", help="validate ids, links and citations in texts/")
    checker.add_argument("--root", type=Path, default=None, help="the texts directory")
    args = parser.parse_args(argv)
    return check(args.root)
