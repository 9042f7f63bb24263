"""The glossary's terms of art found in a text, so that a screen can link them.

The hints at the table speak of the vole, a jeu de règle, the point de refus, a
guarded suit: each is a way to the glossary from there. Everyday words of the game (deal, lead, trick, trumps...) are left out: linked every time,
they would bury the terms a learner looks up.

Each entry's term gives its forms (``Deal, dealer, non-dealer``: three; ``Abandon
(the hand)``: "abandon"); a form is found as whole words, any case, each word in the
singular or plural (``jeux de règle`` finds ``Jeu de règle``). The patterns are
literal words joined by spaces: linear on any text.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache

from tutor.texts.model import GlossaryEntry

EVERYDAY = frozenset(
    {
        "glossary/accept",
        "glossary/deal",
        "glossary/discard",
        "glossary/follow-suit",
        "glossary/king",
        "glossary/lead",
        "glossary/mark",
        "glossary/point",
        "glossary/proposal",
        "glossary/refuse",
        "glossary/stock",
        "glossary/trick",
        "glossary/trumps",
        "glossary/turn-up",
    }
)
"""Entries not linked from running text: the game's everyday words."""


def forms(term: str) -> tuple[str, ...]:
    """The forms a glossary term is written in: its comma-separated names, each
    without a bracketed gloss."""
    found = []
    for part in term.split(","):
        name = re.sub(r"\([^)]*\)", " ", part).strip()
        if name:
            found.append(name)
    return tuple(found)


@cache
def _pattern(term: str) -> re.Pattern[str]:
    alternatives = []
    for form in forms(term):
        words = form.split()
        alternatives.append(r"\s+".join(re.escape(w) + r"(?:s|x|es)?" for w in words))
    return re.compile(r"\b(?:" + "|".join(alternatives) + r")\b", re.IGNORECASE)


def terms_in(text: str, entries: Iterable[GlossaryEntry]) -> list[GlossaryEntry]:
    """The entries whose term ``text`` uses (not the everyday ones), in the order of
    their first use."""
    found: list[tuple[int, GlossaryEntry]] = []
    for entry in entries:
        if entry.id in EVERYDAY or not forms(entry.term):
            continue
        match = _pattern(entry.term).search(text)
        if match is not None:
            found.append((match.start(), entry))
    return [entry for _, entry in sorted(found, key=lambda pair: pair[0])]
