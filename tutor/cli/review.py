"""``ecarte review``: a saved game or a table record, every decision of every player graded."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

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


def main(argv: list[str] | None = None) -> int:
    from tutor.cli.saved import load_any
    from tutor.engines.base import EngineUnavailable
    from tutor.rules.record import RecordError

    args = build_parser().parse_args(argv)
    try:
        saved = load_any(args.file)
        if not isinstance(saved, Game):
            return _table_review(saved, args.json)
        review = review_game(saved)
    except RecordError as exc:
        print(f"ecarte review: {exc}", file=sys.stderr)
        return 2
    except EngineUnavailable as exc:
        print(f"ecarte review: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(review.to_json(), ensure_ascii=False, indent=1))
    else:
        for line in text_report(review):
            print(line)
    return 0


def _table_review(table, as_json: bool) -> int:
    from tutor.tables.review import review_table
    from tutor.tables.review import text_report as table_report

    review = review_table(table)
    if as_json:
        print(json.dumps(review.to_json(), ensure_ascii=False, indent=1))
    else:
        for line in table_report(review):
            print(line)
    return 0
