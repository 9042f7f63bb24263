"""The agreed list of passage ids (docs/passage-ids.md), with its ranges expanded.

The table writes ranges as ``britannica-9/laws/1 ... /25`` or
``club-laws/1 ... club-laws/51`` or ``.../2a ... /2e``; each is expanded to
every id it stands for, so the check can insist on each one.
"""

from __future__ import annotations

import re
from pathlib import Path

from tutor.io.files import MIB, read_text
from tutor.io.reading import text_lines

LIMIT = MIB

# Ranges are split at "..." with string methods: a pattern over the whole cell
# would backtrack on a long one. Each side is matched alone, in linear time.
_START = re.compile(r"(?P<base>.+)/(?P<start>[0-9]+)(?P<letter>[a-z]?)")
_END = re.compile(r"(?P<end>[0-9]+)(?P<endletter>[a-z]?)")


def expand(cell: str) -> list[str]:
    """The ids one table cell stands for."""
    cell = cell.strip().strip("`")
    first, dots, last = cell.partition("...")
    low = _START.fullmatch(first.rstrip()) if dots else None
    high = _END.fullmatch(last.rpartition("/")[2]) if dots and "/" in last else None
    if not (low and high) or len(low.group("start")) > 4 or len(high.group("end")) > 4:
        return [cell]  # not a range (or not one of ids a text could hold): one id, checked as such
    base, start, end = low.group("base"), int(low.group("start")), int(high.group("end"))
    letter, endletter = low.group("letter"), high.group("endletter")
    if letter and endletter and start == end:
        return [f"{base}/{start}{chr(c)}" for c in range(ord(letter), ord(endletter) + 1)]
    return [f"{base}/{n}" for n in range(start, end + 1)]


def contract_ids(path: Path) -> list[tuple[str, int]]:
    """(id, 1-based line) for every id the contract file lists (``UnreadableFile`` if it
    cannot be read)."""
    found: list[tuple[str, int]] = []
    for number, line in enumerate(text_lines(read_text(path, LIMIT)), 1):
        cell = _first_cell(line)
        if not cell or cell in ("id",) or set(cell) <= {"-"}:
            continue
        found.extend((ident, number) for ident in expand(cell))
    return found


def _first_cell(line: str) -> str:
    """The first cell of a table row ``| cell | ...``, stripped; "" if not a row."""
    if not line.startswith("|"):
        return ""
    cell, bar, _ = line[1:].partition("|")
    return cell.strip() if bar else ""
