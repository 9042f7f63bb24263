"""The source texts as addressable passages: the public API of the texts library.

Headless (never imports textual): the app, the hints and the lessons all read
the sources through this package, by passage id (see docs/passage-ids.md and
texts/README.md for the markup).
"""

from tutor.texts.check import check_library
from tutor.texts.emend import Emendation
from tutor.texts.library import Library, load_library
from tutor.texts.model import (
    Document,
    Fault,
    GlossaryEntry,
    Passage,
    SearchHit,
    TocEntry,
    UnknownPassage,
)

__all__ = [
    "Document",
    "Emendation",
    "Fault",
    "GlossaryEntry",
    "Library",
    "Passage",
    "SearchHit",
    "TocEntry",
    "UnknownPassage",
    "check_library",
    "load_library",
]
