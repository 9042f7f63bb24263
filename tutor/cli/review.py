"""``ecarte review``: a saved game or a table record, every decision of every player graded."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TextIO

from tutor.analysis.review import review_game, text_report
from tutor.rules.game import Game


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ecarte review",
        description="Review a saved game or table record: every decision of every player graded.",
    )
    parser.add_argument("file", type=Path, metavar="FILE", help="a game record or a table record")
    parser.add_argument("--json", action="store_true", help="print the review as JSON")
    return parser


class Progress:
    """"reviewing decision 40 of 398…" on ``stream``, written over in place, where it is a
    terminal; nothing where it is not (a pipe, a file), so ``--json`` stays clean."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.shown = 0
        try:
            self.live = stream.isatty()
        except (AttributeError, ValueError):
            self.live = False

    def __call__(self, done: int, total: int) -> None:
        if self.live:
            self._write(f"reviewing decision {done} of {total}…")

    def _write(self, text: str) -> None:
        self.stream.write("\r" + text.ljust(self.shown))
        self.stream.flush()
        self.shown = len(text)

    def clear(self) -> None:
        """The line wiped, the cursor back at its start, before the report."""
        if self.live and self.shown:
            self._write("")
            self.stream.write("\r")
            self.stream.flush()


def main(argv: list[str] | None = None) -> int:
    from tutor.cli.saved import load_any
    from tutor.engines.base import EngineUnavailable
    from tutor.rules.record import RecordError

    args = build_parser().parse_args(argv)
    progress = Progress(sys.stderr)
    try:
        saved = load_any(args.file)
        if not isinstance(saved, Game):
            return _table_review(saved, args.json, progress)
        review = review_game(saved, progress=progress)
    except RecordError as exc:
        progress.clear()
        print(f"ecarte review: {exc}", file=sys.stderr)
        return 2
    except EngineUnavailable as exc:
        progress.clear()
        print(f"ecarte review: {exc}", file=sys.stderr)
        return 2
    progress.clear()
    if args.json:
        print(json.dumps(review.to_json(), ensure_ascii=False, indent=1))
    else:
        for line in text_report(review):
            print(line)
    return 0


def _table_review(table, as_json: bool, progress: Progress) -> int:
    from tutor.tables.review import review_table
    from tutor.tables.review import text_report as table_report

    try:
        review = review_table(table, progress=progress)
    finally:
        progress.clear()
    if as_json:
        print(json.dumps(review.to_json(), ensure_ascii=False, indent=1))
    else:
        for line in table_report(review):
            print(line)
    return 0
