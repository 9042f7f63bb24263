"""The values the texts library hands out: passages, documents, glossary entries, faults.

Passages keep their Markdown as written (emendation markup included), so each
reading is derived on demand and the two can never drift apart.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from tutor.texts.emend import Emendation, emendations, resolve
from tutor.texts.links import find_links
from tutor.texts.plain import plain


class UnknownPassage(KeyError):
    """No passage has this id."""


@dataclass(frozen=True, slots=True)
class Fault:
    """A problem in the texts (or in a citation of them), located for an editor."""

    file: str
    line: int
    message: str

    def __str__(self) -> str:
        return (
            f"{self.file}:{self.line}: {self.message}"
            if self.line
            else f"{self.file}: {self.message}"
        )


@dataclass(slots=True)
class Passage:
    """One addressable piece of a text: a law, a hint, a section, a glossary entry.

    `source` is the passage's own Markdown with emendation markup; finer passages
    nested under it by id (``.../jeux-de-regle/2a`` under ``.../jeux-de-regle``)
    are separate passages, listed in `children`.
    """

    id: str
    document: str
    title: str
    file: Path
    line: int
    source: str
    note_sources: list[str] = field(default_factory=list)
    translation_source: str | None = None
    classes: tuple[str, ...] = ()
    heading_level: int = 0
    children: list[str] = field(default_factory=list)

    def markdown(self, emended: bool = True, marks: bool = False) -> str:
        """The passage's Markdown in the corrected (or the received) reading.

        `marks` shows the other reading in brackets beside each emendation.
        """
        return resolve(self.source, emended, marks)

    def plain_text(self, emended: bool = True) -> str:
        """The passage's words without Markdown or emendation markup."""
        return plain(resolve(self.source, emended))

    @property
    def emendations(self) -> list[Emendation]:
        return emendations(self.source)

    @property
    def notes(self) -> list[str]:
        """The project's notes on this passage (Markdown), then one per emendation."""
        return [resolve(n) for n in self.note_sources] + [e.describe() for e in self.emendations]

    @property
    def translation(self) -> str | None:
        """For a French passage, the project's English translation (Markdown)."""
        return None if self.translation_source is None else resolve(self.translation_source)

    @property
    def links(self) -> list[str]:
        """Passage and glossary ids this passage (text, notes, translation) links to."""
        texts = [self.source, *self.note_sources, self.translation_source or ""]
        seen: dict[str, None] = {}
        for text in texts:
            for link in find_links(text):
                if link.scheme != "lesson":
                    seen.setdefault(link.target)
        return list(seen)

    @property
    def runs_on(self) -> bool:
        """True when the source runs this passage on from the previous one in one paragraph."""
        return "runon" in self.classes


@dataclass(frozen=True, slots=True)
class TocEntry:
    """A line of a document's table of contents."""

    level: int
    title: str
    id: str


@dataclass(slots=True)
class Document:
    """One file of texts/: its header (title, origin, date, licence, ...) and passages."""

    id: str
    title: str
    file: Path
    header: dict[str, str]
    passages: list[Passage]
    preamble: str = ""

    @property
    def toc(self) -> list[TocEntry]:
        return [
            TocEntry(p.heading_level or p.id.count("/") + 1, p.title, p.id) for p in self.passages
        ]


@dataclass(frozen=True, slots=True)
class GlossaryEntry:
    """A term of art: its id (``glossary/<slug>``), definition and related passages."""

    term: str
    id: str
    definition: str
    see_also: list[str]


@dataclass(frozen=True, slots=True)
class SearchHit:
    """A passage matching a search, with a snippet around the match."""

    id: str
    snippet: str
