"""Emendations: the source's reading and the project's correction, kept side by side.

The transcriptions never silently correct the source. Each correction is written
in CriticMarkup, so the received text can always be recovered:

- ``{~~tramps~>trumps~~}`` substitution (received ``tramps``, corrected ``trumps``)
- ``{++.++}`` insertion (nothing received, ``.`` supplied)
- ``{--'--}`` deletion (``'`` received, nothing in the corrected text)
- an optional comment right after, ``{>>OCR error<<}``, is the emendation's note.

This is a pre-pass over the Markdown (one line at a time, so line numbers survive),
not a markdown-it rule: the same passage must render both ways, and the
received reading must be recoverable before any Markdown parsing happens.

The markup is found by a scanner, not a regular expression: an opener with no
closer (``{++`` forty thousand times on a line) would make a pattern rescan the
rest of the line from every opener. The scanner remembers, for each closer, where
it found the next one (or that there is none), so a line is read in linear time.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from tutor.io.reading import text_lines

_OPENERS = re.compile(r"\{~~|\{\+\+|\{--|\{>>")
_KINDS = {"{~~": "sub", "{++": "ins", "{--": "dele", "{>>": "note"}
_CLOSERS = {"ins": "++}", "dele": "--}", "note": "<<}"}
EMENDATIONS = frozenset({"sub", "ins", "dele"})
NOTES = frozenset({"note"})


@dataclass(frozen=True, slots=True)
class Emendation:
    """One correction: what the source has, what the project reads, and why."""

    received: str
    corrected: str
    note: str = ""

    def describe(self) -> str:
        """A one-line Markdown note for readers, e.g. '*trumps*: received as *tramps*'."""
        new = f"*{self.corrected}*" if self.corrected else "nothing"
        old = f"*{self.received}*" if self.received else "nothing"
        text = f"Emended to {new}; the source has {old}."
        return f"{text} {self.note}" if self.note else text


@dataclass(frozen=True, slots=True)
class _Mark:
    """One well-formed piece of markup in a line: where it is, and its two readings
    (a note's text is its ``new``)."""

    start: int
    end: int
    old: str
    new: str


class _Line:
    """The markup of one line, found left to right in time linear in its length.

    A piece of markup is its opener and the first closer after it, as the lazy
    patterns ``{++(.*?)++}`` would match it; no piece spans a line.
    """

    def __init__(self, line: str) -> None:
        self.line = line
        self._found: dict[str, tuple[int, int]] = {}  # token: (searched from, found at or -1)

    def _find(self, token: str, start: int) -> int:
        """The first ``token`` at or after ``start``, remembered: searches from rising
        starts read each character once."""
        known = self._found.get(token)
        if known is not None and known[0] <= start and (known[1] < 0 or start <= known[1]):
            return known[1]
        at = self.line.find(token, start)
        self._found[token] = (start, at)
        return at

    def at(self, start: int, kinds: frozenset[str]) -> _Mark | None:
        """The piece of markup of one of ``kinds`` that starts at ``start``, if any."""
        kind = _KINDS.get(self.line[start : start + 3])
        if kind not in kinds:
            return None
        body = start + 3
        if kind == "sub":  # {~~old~>new~~}: old holds no "~"
            arrow = self._find("~", body)
            if arrow < 0 or self.line[arrow + 1 : arrow + 2] != ">":
                return None
            close = self._find("~~}", arrow + 2)
            if close < 0:
                return None
            return _Mark(start, close + 3, self.line[body:arrow], self.line[arrow + 2 : close])
        close = self._find(_CLOSERS[kind], body)
        if close < 0:
            return None
        inner = self.line[body:close]
        return _Mark(
            start, close + 3, inner if kind == "dele" else "", "" if kind == "dele" else inner
        )

    def marks(self, kinds: frozenset[str]) -> Iterator[_Mark]:
        """Every piece of markup of ``kinds``, left to right, none overlapping."""
        at = self.line.find("{")
        while at >= 0:
            mark = self.at(at, kinds)
            at = self.line.find("{", mark.end if mark else at + 1)
            if mark:
                yield mark

    def replace(self, kinds: frozenset[str], one: Callable[[_Mark], str]) -> str:
        """The line with each piece of markup of ``kinds`` replaced by ``one(mark)``."""
        parts, last = [], 0
        for mark in self.marks(kinds):
            parts += [self.line[last : mark.start], one(mark)]
            last = mark.end
        return "".join(parts) + self.line[last:] if parts else self.line


def _strip_notes(line: str) -> str:
    return _Line(line).replace(NOTES, lambda mark: "")


def emendations(text: str) -> list[Emendation]:
    """Every emendation in `text`, in order, with its note if one follows it."""
    found = []
    for line in text.split("\n"):
        scan = _Line(line)
        for mark in scan.marks(EMENDATIONS):
            comment = scan.at(mark.end, NOTES)
            found.append(Emendation(mark.old, mark.new, comment.new.strip() if comment else ""))
    return found


def resolve(text: str, emended: bool = True, marks: bool = False) -> str:
    """The text with every emendation resolved to one reading.

    With `marks`, the other reading is shown in brackets after it, so a reader
    sees where the project intervened: ``trumps [received: “tramps”]`` or
    ``tramps [read: “trumps”]``.
    """

    def one(mark: _Mark) -> str:
        chosen, other, label = (
            (mark.new, mark.old, "received") if emended else (mark.old, mark.new, "read")
        )
        if not marks:
            return chosen
        shown = f"“{other}”" if other.strip() else "nothing"
        return f"{chosen} [{label}: {shown}]"

    return "\n".join(
        _Line(_strip_notes(line)).replace(EMENDATIONS, one) for line in text.split("\n")
    )


READINGS = ("corrected", "received", "both")
"""How a reader may see the emendations: the corrected reading, the received one, or both."""
OPEN, CLOSE, ARROW = "⟨", "⟩", " → "
"""The marks around an emendation in the running text (an editor's angle brackets)."""


def marked(text: str, reading: str = "corrected") -> str:
    """The text with each emendation marked where it stands, in the reading asked for.

    ``corrected``: ``⟨trumps⟩``; ``received``: ``⟨tramps⟩``; ``both``: ``⟨tramps → trumps⟩``
    (the received reading, then the corrected one). An empty reading leaves the marks
    empty: ``⟨⟩`` where the project deleted or supplied a character. Notes are dropped
    (they are among the passage's notes).
    """
    if reading not in READINGS:
        raise ValueError(f"reading must be one of {', '.join(READINGS)}")

    def one(mark: _Mark) -> str:
        if reading == "both":
            inner = f"{mark.old}{ARROW}{mark.new}"
        else:
            inner = mark.new if reading == "corrected" else mark.old
        return f"{OPEN}{inner}{CLOSE}"

    return "\n".join(
        _Line(_strip_notes(line)).replace(EMENDATIONS, one) for line in text.split("\n")
    )


def unterminated(text: str) -> list[tuple[int, str]]:
    """(0-based line, message) for every emendation or comment opened and not closed.

    Well-formed markup is removed first; any opener left over is a fault, one per
    line (the first, and how many more).
    """
    faults = []
    for number, line in enumerate(text_lines(text)):
        rest = _strip_notes(_Line(line).replace(EMENDATIONS, lambda mark: ""))
        left = _OPENERS.findall(rest)
        if left:
            more = f" (and {len(left) - 1:,} more on this line)" if len(left) > 1 else ""
            faults.append((number, f"unterminated emendation markup {left[0]!r}{more}"))
    return faults
