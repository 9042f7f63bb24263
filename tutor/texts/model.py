"""The values the texts library hands out: passages, documents, glossary entries, faults.

Passages keep their Markdown as written (emendation markup included), so each
reading is derived on demand and the two can never drift apart.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from tutor.texts.emend import Emendation, emendations, marked, resolve
from tutor.texts.links import find_links
from tutor.texts.pages import page_markers, set_off
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
    subject: str = ""
    """What the passage is about, in a few words (``subject="..."``): a law's subject."""
    toc_label: str = ""
    """A short label for the contents (``toc="..."``), where the title is too long."""
    blocks: list[str] = field(default_factory=list)
    """The passage's blocks (paragraphs, lists, its heading) as written, in order."""
    block_translations: dict[int, str] = field(default_factory=dict)
    """For a French passage: block index -> the project's translation of that block."""

    def markdown(self, emended: bool = True, marks: bool = False) -> str:
        """The passage's Markdown in the corrected (or the received) reading.

        `marks` shows the other reading in brackets beside each emendation.
        """
        return resolve(self.source, emended, marks)

    def shown_markdown(self, emended: bool = True) -> str:
        """The Markdown a reader is shown: as ``markdown``, each page marker set off
        by the page sign (``‖``, explained among the notes) so that it does not read as
        part of the sentence it stands in."""
        return set_off(self.markdown(emended))

    def bilingual_markdown(self, emended: bool = True) -> str:
        """A French passage's Markdown with the project's translation after each block,
        quoted and headed "English", a heading's in brackets beside it (beside a lesson's
        question, where the reader's two columns have no room); a passage without
        translations as ``shown_markdown``."""
        if not self.block_translations:
            return self.shown_markdown(emended)
        parts = []
        for index, block in enumerate(self.blocks):
            text = set_off(resolve(block, emended)).strip()
            english = self.block_translations.get(index)
            if english is None:
                parts.append(text)
                continue
            told = resolve(english).strip().splitlines()
            if text.startswith("#") and len(told) == 1:  # a heading: its English beside it
                parts.append(f"{text} ({told[0].strip('* ')})")
                continue
            if told[0].startswith(("- ", "* ", "> ")) or told[0][:2].rstrip(".").isdigit():
                told = ["*English:*", "", *told]  # a list keeps its first line
            else:
                told[0] = f"*English:* {told[0]}"
            parts += [text, "\n".join(f"> {line}".rstrip() for line in told)]
        return "\n\n".join(parts)

    def marked(self, reading: str = "corrected") -> str:
        """The passage's Markdown with each emendation marked in the running text:
        ``⟨trumps⟩`` as corrected, ``⟨tramps⟩`` as received, ``⟨tramps → trumps⟩`` both;
        page markers set off as in ``shown_markdown``."""
        return set_off(marked(self.source, reading))

    def aligned(self, reading: str = "corrected") -> list[tuple[str, str | None]]:
        """The passage block by block, each with the project's translation of it (or None),
        emendations marked as in `marked`: French and English paragraph by paragraph."""
        if not self.blocks:
            return [(self.marked(reading), None)]
        return [
            (
                set_off(marked(block, reading)),
                None
                if index not in self.block_translations
                else resolve(self.block_translations[index]),
            )
            for index, block in enumerate(self.blocks)
        ]

    @property
    def full_title(self) -> str:
        """The title with the subject, if any: 'Law 12: a faced card in the pack'."""
        return f"{self.title}: {self.subject}" if self.subject else self.title

    @property
    def label(self) -> str:
        """The passage's line in the contents: its short label, else its number and
        subject ('12. A faced card in the pack'), else its title."""
        if self.toc_label:
            return self.toc_label
        if self.subject:
            number = self.id.rsplit("/", 1)[-1]
            return f"{number}. {self.subject}" if number[:1].isdigit() else self.subject
        return self.title

    def plain_text(self, emended: bool = True) -> str:
        """The passage's words without Markdown or emendation markup."""
        return plain(resolve(self.source, emended))

    def plain_translation(self) -> str:
        """The words of a French passage's translation without Markdown ("" without one)."""
        return plain(self.translation or "")

    @property
    def emendations(self) -> list[Emendation]:
        return emendations(self.source)

    @property
    def page_notes(self) -> list[str]:
        """One note per page marker in the text, saying which page begins at its sign."""
        return [marker.describe() for marker in page_markers(self.source)]

    @property
    def project_notes(self) -> list[str]:
        """The project's notes on this passage (Markdown), then what its page signs mean,
        without the emendations."""
        return [resolve(n) for n in self.note_sources] + self.page_notes

    @property
    def notes(self) -> list[str]:
        """The project's notes on this passage (Markdown), what its page signs mean, then
        one per emendation, the same correction made twice (tramps, tramps) told once."""
        told = dict.fromkeys(e.describe() for e in self.emendations)
        return self.project_notes + list(told)

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
    """A line of a document's table of contents: its depth (1 the top), the passage's
    title and id, and the label the contents show (`Passage.label`)."""

    level: int
    title: str
    id: str
    label: str = ""


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
        """The contents, nested by the document's own headings, then by id.

        A passage with a heading stands at its heading's level, a level-1 heading (the
        source's own title) beside the level-2 sections; a passage nested under another
        by id (``.../2a`` under ``.../2``) sits one level below it; any other passage
        without a heading sits one level below the last heading before it (or, before
        any heading, at the depth of its id).
        """
        parents = {child: p.id for p in self.passages for child in p.children}
        levels: dict[str, int] = {}
        heading = 0
        entries = []
        for p in self.passages:
            if p.heading_level:
                level = heading = max(p.heading_level, 2)
            elif parents.get(p.id) in levels:
                level = levels[parents[p.id]] + 1
            elif heading:
                level = heading + 1
            else:
                level = p.id.count("/") + 1
            levels[p.id] = level
            entries.append(TocEntry(level - 1, p.title, p.id, p.label))
        return entries


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
