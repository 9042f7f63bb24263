"""Links between texts: custom URL schemes the app intercepts.

``[law 38](passage:club-laws/38)`` links to a passage, ``[vole](glossary:vole)``
to the glossary entry ``glossary/vole``, ``[lesson](lesson:first-deal)`` to a
lesson. The texts library resolves the first two; lesson ids belong to the
lessons and are only collected here.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass

from tutor.io.reading import text_lines

# A target holds no "]" or "(": were it allowed to, each "](passage:" on a long line
# would scan to the end of the line again, in quadratic time.
_LINK = re.compile(r"\]\((?P<scheme>passage|glossary|lesson):(?P<target>[^)\s\](]+)\)")


@dataclass(frozen=True, slots=True)
class Link:
    """A link found in a text: its scheme, the id it points to, and its line (0-based)."""

    scheme: str
    target: str
    line: int


def glossary_id(slug: str) -> str:
    """The passage id of the glossary entry a ``glossary:`` link names."""
    return slug if slug.startswith("glossary/") else f"glossary/{slug}"


def find_links(text: str, first_line: int = 0) -> list[Link]:
    """Every custom-scheme link in `text`; glossary targets are normalised to ids."""
    found = []
    for number, line in enumerate(text_lines(text), first_line):
        for match in _LINK.finditer(line):
            scheme, target = match.group("scheme"), match.group("target")
            if scheme == "glossary":
                target = glossary_id(target)
            found.append(Link(scheme, target, number))
    return found


STEP_DIGITS = 6
"""A ``lesson:ID#N`` step number has at most this many digits (no lesson is longer)."""


def lesson_link_problem(target: str, lessons: Collection[str]) -> str | None:
    """What is wrong with a ``lesson:`` link's target, ``ID`` or ``ID#N`` (at the step
    of index N, 0 for the first, in ASCII digits as the app reads it), or None."""
    ident, sep, step = target.partition("#")
    if ident not in lessons:
        return "no such lesson"
    if sep and not (step.isascii() and step.isdigit() and len(step) <= STEP_DIGITS):
        return (
            f"the step after '#' is its index (0 for the first) in the digits 0 to 9, got {step!r}"
        )
    return None
