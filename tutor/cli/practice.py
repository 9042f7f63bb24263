"""``ecarte practice list [--json]``, ``ecarte practice try -`` and ``ecarte practice check``.

``ecarte practice`` alone opens the practice screen (``tutor.cli``). Each command here
is a thin shell over ``tutor.practice``: the same session the screen holds.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from tutor.practice.check import check, print_report
from tutor.practice.defence import Defence
from tutor.practice.loader import load_positions
from tutor.practice.themes import THEMES
from tutor.practice.trying import listing, serve


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ecarte practice",
        description="Practice positions played out to a goal against an adversarial defence.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    listed = sub.add_parser("list", help="the positions, by theme, with a line meeting each goal")
    listed.add_argument("--json", action="store_true", help="one JSON array of positions")
    listed.add_argument("--file", type=Path, default=None, help=argparse.SUPPRESS)
    tried = sub.add_parser("try", help="play positions out: JSON lines on standard input")
    tried.add_argument("source", choices=["-"], help="- : read the requests on standard input")
    tried.add_argument("--file", type=Path, default=None, help=argparse.SUPPRESS)
    checked = sub.add_parser("check", help="prove every goal achievable and not trivial")
    checked.add_argument(
        "file",
        nargs="?",
        type=Path,
        default=None,
        metavar="PATH",
        help="a positions file (default: the shipped one)",
    )
    return parser


def main(argv: Sequence[str]) -> int:
    args = _parser().parse_args(list(argv))
    if args.command == "check":
        report = check(args.file)
        print_report(report)
        return 1 if report.faults else 0
    positions = load_positions(args.file)
    for fault in positions.faults:
        print(str(fault), file=sys.stderr)
    if args.command == "try":
        return serve(positions, sys.stdin, sys.stdout)
    rows = listing(positions, Defence())
    if args.json:
        print(json.dumps(rows, ensure_ascii=False))
        return 0
    for theme, title in THEMES.items():
        mine = [r for r in rows if r["theme"] == theme]
        if not mine:
            continue
        print(f"{title} ({theme})")
        for row in mine:
            print(f"  {row['id']:<20} {row['goal']:<10} {row['title']}")
            print(f"  {'':<20} line: {' '.join(row['line'])}")
    return 0
