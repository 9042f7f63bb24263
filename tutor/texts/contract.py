"""The agreed list of passage ids (docs/passage-ids.md), with its ranges expanded.

The table writes ranges as ``britannica-9/laws/1 ... /25`` or
``club-laws/1 ... club-laws/51`` or ``.../2a ... /2e``; each is expanded to
every id it stands for, so the check can insist on each one.
"""

from __future__ import annotations

import re
from pathlib import Path

_ROW = re.compile(r"^\|\s*(?P<cell>[^|]+?)\s*\|")
_RANGE = re.compile(
    r"^(?P<base>.+)/(?P<start>\d+)(?P<letter>[a-z]?)\s*\.\.\.\s*(?:.*)?/(?P<end>\d+)(?P<endletter>[a-z]?)$"
)


def expand(cell: str) -> list[str]:
    """The ids one table cell stands for."""
    cell = cell.strip().strip("`")
    match = _RANGE.match(cell)
    if not match:
        return [cell]
    base, start, end = match.group("base"), int(match.group("start")), int(match.group("end"))
    letter, endletter = match.group("letter"), match.group("endletter")
    if letter and endletter and start == end:
        return [f"{base}/{start}{chr(c)}" for c in range(ord(letter), ord(endletter) + 1)]
    return [f"{base}/{n}" for n in range(start, end + 1)]


def contract_ids(path: Path) -> list[tuple[str, int]]:
    """(id, 1-based line) for every id the contract file lists."""
    found = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        match = _ROW.match(line)
        if not match or match.group("cell") in ("id",) or set(match.group("cell")) <= {"-"}:
            continue
        found.extend((ident, number) for ident in expand(match.group("cell")))
    return found
