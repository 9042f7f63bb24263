"""The library: every passage of every text in texts/, addressable by id.

Loading never fails on a bad file: faults (duplicate ids, malformed markup) are
collected in `Library.faults` with their file and line, so the app can still
show everything that did parse and `ecarte texts check` can report the rest.
"""

from __future__ import annotations

import re
from difflib import get_close_matches
from pathlib import Path

from tutor.texts.model import Document, Fault, GlossaryEntry, Passage, SearchHit, UnknownPassage
from tutor.texts.pages import without_markers
from tutor.texts.parse import parse_file

# Reading order of the documents; any other .md file follows, alphabetically.
ORDER = ("britannica-9", "club-laws", "french", "glossary", "readings", "notes")
SKIP = {"README"}


class Library:
    """All passages, in reading order, with lookup, backlinks and search."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.faults: list[Fault] = []
        self._documents: list[Document] = []
        self._passages: dict[str, Passage] = {}
        self._glossary: list[GlossaryEntry] = []
        self._backlinks: dict[str, list[str]] = {}
        self._load()

    def _files(self) -> list[Path]:
        if not self.root.is_dir():
            self.faults.append(Fault(str(self.root), 0, "texts directory not found"))
            return []
        found = {p.stem: p for p in self.root.glob("*.md") if p.stem not in SKIP}
        ordered = [found.pop(name) for name in ORDER if name in found]
        return ordered + [found[name] for name in sorted(found)]

    def display_name(self, path: Path) -> str:
        """The path faults are reported against: relative to the repository if possible."""
        try:
            return str(path.relative_to(self.root.parent))
        except ValueError:
            return str(path)

    def _load(self) -> None:
        for path in self._files():
            parsed = parse_file(path, path.stem, self.display_name(path))
            self.faults.extend(parsed.faults)
            self._documents.append(parsed.document)
            self._glossary.extend(parsed.glossary)
            for passage in parsed.document.passages:
                first = self._passages.get(passage.id)
                if first is not None:
                    where = f"{self.display_name(first.file)}:{first.line}"
                    self.faults.append(
                        Fault(
                            self.display_name(path),
                            passage.line,
                            f"duplicate id {passage.id!r} (first at {where})",
                        )
                    )
                    continue
                self._passages[passage.id] = passage
        for passage in self._passages.values():
            parent = _parent(passage.id, self._passages)
            if parent is not None:
                self._passages[parent].children.append(passage.id)
            for target in passage.links:
                self._backlinks.setdefault(target, []).append(passage.id)

    def passage(self, ident: str) -> Passage:
        try:
            return self._passages[ident]
        except KeyError:
            raise UnknownPassage(ident) from None

    def plain_words(self, ident: str) -> str:
        """A passage's words, corrected and as received, with its translation, without
        markup ("" for an unknown id): what a reader may find in it."""
        passage = self._passages.get(ident)
        if passage is None:
            return ""
        parts = [passage.plain_text(True), passage.plain_text(False), passage.plain_translation()]
        return "\n".join(parts)

    def __contains__(self, ident: object) -> bool:
        return ident in self._passages

    def ids(self) -> list[str]:
        """Every passage id, in reading order."""
        return list(self._passages)

    def documents(self) -> list[Document]:
        return list(self._documents)

    def document(self, ident: str) -> Document:
        for document in self._documents:
            if document.id == ident:
                return document
        raise KeyError(ident)

    def section(self, ident: str) -> list[Passage]:
        """A passage followed by every passage nested under it, in reading order."""
        head = self.passage(ident)
        return [head] + [p for child in head.children for p in self.section(child)]

    def suggest(self, ident: str, limit: int = 5) -> list[str]:
        """Passage ids near an unknown one, nearest first: ids that end as it ends
        (``38`` or ``laws/38``: ``club-laws/38``), then ids spelt alike."""
        wanted = ident.strip().strip("/").casefold()[:100]  # a huge argument is not compared whole
        if not wanted:
            return []
        ids = list(self._passages)
        found = [i for i in ids if i.casefold() == wanted or i.casefold().endswith("/" + wanted)]
        found += get_close_matches(wanted, ids, n=limit, cutoff=0.6)
        tails: dict[str, list[str]] = {}
        for i in ids:  # the last part of each id: "ecart" finds french/ecart, glossary/ecart
            tails.setdefault(i.rsplit("/", 1)[-1], []).append(i)
        for tail in get_close_matches(wanted.rsplit("/", 1)[-1], list(tails), n=limit, cutoff=0.8):
            found += tails[tail]
        return list(dict.fromkeys(found))[:limit]

    def backlinks(self, ident: str) -> list[str]:
        """Passages (glossary entries and notes included) that link to `ident`."""
        return list(self._backlinks.get(ident, []))

    def glossary(self) -> list[GlossaryEntry]:
        return list(self._glossary)

    def search(self, query: str, limit: int = 50) -> list[SearchHit]:
        """Passages containing the query (all its words, any case, either reading), the
        whole phrase in a title first, then in the text, then the words apart; each with
        a snippet of the corrected text (the original only where the match is there
        alone: "Befuse" beside "Refuse" says the passage twice)."""
        typed = [w for w in re.split(r"\s+", query.strip().casefold()) if w]
        if not typed:
            return []
        phrase = " ".join(typed)
        # each word by its stem, so "revoke" finds "Revoking"
        words = [_stem(w) for w in typed]
        ranked = []
        for order, passage in enumerate(self._passages.values()):
            # a page marker is not a word of the sentence it stands in: "adverse score
            # of four" is found as a phrase, and no snippet shows "[9:7:621]"
            corrected = without_markers(passage.plain_text(True))
            original = without_markers(passage.plain_text(False))
            # the translation's words, not its Markdown: no snippet reads "**Écarté**",
            # and "**" finds nothing
            texts = [corrected, passage.plain_translation(), original]
            title = passage.full_title.casefold()
            body = " ".join(" ".join(texts).split()).casefold()
            if not all(word in title or word in body for word in words):
                continue
            rank = 0 if phrase in title else 1 if phrase in body else 2
            shown = next((t for t in texts if words[0] in t.casefold()), corrected)
            ranked.append((rank, order, SearchHit(passage.id, _snippet(shown, words[0]))))
        ranked.sort(key=lambda r: (r[0], r[1]))
        return [hit for _, _, hit in ranked[:limit]]


def _stem(word: str) -> str:
    """The word less an English ending, leaving at least four letters: ``revoke``,
    ``revoked`` and ``revoking`` all give ``revok``; ``king`` and ``vole`` stay whole.
    Words are matched as substrings, so the stem finds every form."""
    for ending in ("ing", "ed", "es", "e", "s"):
        if word.endswith(ending) and len(word) - len(ending) >= 4:
            return word[: -len(ending)]
    return word


def _parent(ident: str, known: dict[str, Passage]) -> str | None:
    """The nearest passage above `ident`: ``.../2a`` sits under ``.../2``, else by path."""
    head, _, last = ident.rpartition("/")
    if (m := re.fullmatch(r"(\d+)[a-z]", last)) and f"{head}/{m.group(1)}" in known:
        return f"{head}/{m.group(1)}"
    while head:
        if head in known:
            return head
        head = head.rpartition("/")[0]
    return None


def _snippet(text: str, word: str, width: int = 60) -> str:
    """About ``width`` characters either side of the first ``word``, cut at spaces."""
    flat = " ".join(text.split())
    at = flat.casefold().find(word)
    if at < 0:
        at = 0
    start, end = max(0, at - width), min(len(flat), at + len(word) + width)
    if start:
        space = flat.find(" ", start, at)
        start = space + 1 if space >= 0 else start
    if end < len(flat):
        space = flat.rfind(" ", at + len(word), end)
        end = space if space >= 0 else end
    return ("…" if start else "") + flat[start:end] + ("…" if end < len(flat) else "")


def load_library(root: Path | None = None) -> Library:
    """Load every text under `root` (default: tutor.io.paths.TEXTS_DIR)."""
    if root is None:
        from tutor.io.paths import TEXTS_DIR

        root = TEXTS_DIR
    return Library(Path(root))
