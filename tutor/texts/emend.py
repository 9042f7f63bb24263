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
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_EMENDATION = re.compile(
    r"\{~~(?P<sub_old>[^~\n]*?)~>(?P<sub_new>[^\n]*?)~~\}"
    r"|\{\+\+(?P<ins>[^\n]*?)\+\+\}"
    r"|\{--(?P<dele>[^\n]*?)--\}"
)
_COMMENT = re.compile(r"\{>>(?P<note>[^\n]*?)<<\}")
_OPENERS = re.compile(r"\{~~|\{\+\+|\{--|\{>>")


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


def _parts(match: re.Match[str]) -> tuple[str, str]:
    if match.group("sub_old") is not None:
        return match.group("sub_old"), match.group("sub_new")
    if match.group("ins") is not None:
        return "", match.group("ins")
    return match.group("dele"), ""


def emendations(text: str) -> list[Emendation]:
    """Every emendation in `text`, in order, with its note if one follows it."""
    found = []
    for match in _EMENDATION.finditer(text):
        old, new = _parts(match)
        comment = _COMMENT.match(text, match.end())
        found.append(Emendation(old, new, comment.group("note").strip() if comment else ""))
    return found


def resolve(text: str, emended: bool = True, marks: bool = False) -> str:
    """The text with every emendation resolved to one reading.

    With `marks`, the other reading is shown in brackets after it, so a reader
    sees where the project intervened: ``trumps [received: “tramps”]`` or
    ``tramps [read: “trumps”]``.
    """

    def one(match: re.Match[str]) -> str:
        old, new = _parts(match)
        chosen, other, label = (new, old, "received") if emended else (old, new, "read")
        if not marks:
            return chosen
        shown = f"“{other}”" if other.strip() else "nothing"
        return f"{chosen} [{label}: {shown}]"

    return _EMENDATION.sub(one, _COMMENT.sub("", text))


def unterminated(text: str) -> list[tuple[int, str]]:
    """(0-based line, message) for every emendation or comment opened and not closed.

    Well-formed markup is removed first; any opener left over is a fault.
    """
    faults = []
    for number, line in enumerate(text.splitlines()):
        rest = _COMMENT.sub("", _EMENDATION.sub("", line))
        for match in _OPENERS.finditer(rest):
            faults.append((number, f"unterminated emendation markup {match.group()!r}"))
    return faults
