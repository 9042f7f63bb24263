"""Reading one file of texts/ into a Document of passages, collecting faults as it goes.

Conventions (see texts/README.md): a block preceded by an attribute line
``{#some/id title="..."}`` starts a passage, which owns every following block up
to the next block with an id. Blocks marked ``{.note}`` and ``{.translation}``
(block quotes) are the project's apparatus, attached to the passage before them;
a translation is also kept beside the block it follows, so French and English
can be shown paragraph by paragraph. ``subject="..."`` names what a law is about,
``toc="..."`` gives a short label for the contents.
A definition list with an id is a glossary entry. An HTML comment on lines of
its own (``<!-- ... -->``) is a note for developers, part of no passage. The parser never raises on a
malformed file: it records a Fault with the file and line and carries on.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from markdown_it import MarkdownIt
from markdown_it.token import Token
from mdit_py_plugins.attrs import attrs_block_plugin
from mdit_py_plugins.deflist import deflist_plugin
from mdit_py_plugins.front_matter import front_matter_plugin

from tutor.io.files import MIB, UnreadableFile, read_text
from tutor.io.reading import text_lines
from tutor.texts.emend import resolve, unterminated
from tutor.texts.links import find_links
from tutor.texts.model import Document, Fault, GlossaryEntry, Passage
from tutor.texts.plain import plain

# `{#club-laws/38 .runon}`: the attrs syntax forbids "/" in a bare #id, so such
# ids are rewritten to the equivalent quoted form before parsing (same line count).
_ATTR_LINE = re.compile(r"^\s*\{(?P<body>.*)\}\s*$")
_HASH_ID = re.compile(r"(?<![\w\"=])#(?P<id>[^\s}\"]+)")
_LOOKS_LIKE_ATTRS = re.compile(r"^\s*\{\s*(#|\.[A-Za-z]|[A-Za-z][\w-]*=)")
_QUOTE = re.compile(r"^ {0,3}> ?")
_DEF = re.compile(r"^\s*:\s?")
GLOSSARY = "glossary/"
"""Ids under this prefix are glossary entries: a definition list, term and definition."""
LIMIT = MIB
"""The largest text file read (the longest source is under 30 KB)."""


@cache
def _parser() -> MarkdownIt:
    return (
        MarkdownIt("commonmark")
        .use(front_matter_plugin)
        .use(attrs_block_plugin)
        .use(deflist_plugin)
    )


def _prepass(lines: list[str]) -> list[str]:
    out = []
    for line in lines:
        match = _ATTR_LINE.match(line)
        if match and line.lstrip().startswith("{#"):
            line = "{" + _HASH_ID.sub(lambda m: f'id="{m.group("id")}"', match.group("body")) + "}"
        out.append(line)
    return out


def parse_header(text: str) -> dict[str, str]:
    """The front matter's ``key: value`` lines (values may be JSON-quoted strings)."""
    header = {}
    for line in text_lines(text):
        key, sep, value = line.partition(":")
        if not sep:
            continue
        value = value.strip()
        if value.startswith('"'):
            try:
                value = json.loads(value)
            except ValueError:
                value = value.strip('"')
        header[key.strip()] = value
    return header


def default_title(ident: str) -> str:
    """A short label for a passage that carries no title of its own."""
    if m := re.fullmatch(r"club-laws/(\d+)", ident):
        return f"Law {m.group(1)}"
    if m := re.fullmatch(r"britannica-9/laws/(\d+)", ident):
        return f"Abridged law {m.group(1)}"
    return ident.rsplit("/", 1)[-1].replace("-", " ").capitalize()


@dataclass
class ParsedFile:
    document: Document
    glossary: list[GlossaryEntry] = field(default_factory=list)
    faults: list[Fault] = field(default_factory=list)


def _top_blocks(tokens: list[Token]) -> list[tuple[int, Token]]:
    return [
        (i, t)
        for i, t in enumerate(tokens)
        if t.level == 0 and t.nesting >= 0 and t.map is not None
    ]


def parse_file(path: Path, doc_id: str, display: str) -> ParsedFile:
    """Parse one Markdown file; `display` is the file name used in faults."""
    try:
        text = read_text(path, LIMIT)
    except UnreadableFile as error:
        doc = Document(doc_id, doc_id, path, {}, [])
        return ParsedFile(doc, faults=[Fault(display, error.line, f"cannot read: {error}")])
    lines = text_lines(text)
    result = ParsedFile(Document(doc_id, doc_id, path, {}, []))
    faults = result.faults
    faults.extend(Fault(display, n + 1, msg) for n, msg in unterminated(text))
    tokens = _parser().parse("\n".join(_prepass(lines)))

    def chunk(start: int, end: int) -> str:
        return "\n".join(lines[start:end]).strip("\n")

    preamble: list[str] = []
    current: Passage | None = None
    body: list[str] = []

    def close() -> None:
        if current is not None and not current.source:
            kept = _within_bounds(body, current, display, faults)
            current.source = "\n\n".join(kept)
            current.blocks = kept

    for index, token in _top_blocks(tokens):
        assert token.map is not None  # _top_blocks keeps only tokens with a source map
        start, end = token.map
        if token.type == "front_matter":
            result.document.header = parse_header(token.content)
            continue
        if token.type == "html_block" and token.content.lstrip().startswith("<!--"):
            # a note for the project's developers (where the code reads a passage): kept
            # in the file, never part of a passage, so never shown to a reader
            if "-->" not in token.content:
                faults.append(
                    Fault(
                        display,
                        start + 1,
                        "unclosed comment '<!--': every line after it would be hidden",
                    )
                )
            continue
        if token.type == "paragraph_open" and _LOOKS_LIKE_ATTRS.match(lines[start]):
            faults.append(
                Fault(display, start + 1, f"malformed attributes: {lines[start].strip()}")
            )
        attrs = {k: str(v) for k, v in token.attrs.items()}
        classes = tuple(attrs.get("class", "").split())
        ident = attrs.get("id")
        if (
            ident is None
            and current is not None
            and ("note" in classes or "translation" in classes)
        ):
            quoted = "\n".join(_QUOTE.sub("", line) for line in lines[start:end]).strip("\n")
            held = len(current.note_sources) + len(current.block_translations)
            if held >= MAX_BLOCKS or len(current.translation_source or "") > MAX_PASSAGE:
                faults.append(
                    Fault(
                        display,
                        start + 1,
                        f"passage {current.id} has more notes and translations than a passage"
                        f" may hold ({MAX_BLOCKS}): this one is not shown",
                    )
                )
                continue
            if "note" in classes:
                current.note_sources.append(quoted)
            else:
                current.translation_source = (
                    quoted
                    if current.translation_source is None
                    else current.translation_source + "\n\n" + quoted
                )
                at = len(body) - 1  # the block it translates: the last one before it
                previous = current.block_translations.get(at)
                current.block_translations[at] = (
                    quoted if previous is None else f"{previous}\n\n{quoted}"
                )
            continue
        if ident is None:
            (body if current is not None else preamble).append(chunk(start, end))
            continue
        close()
        body = []
        current = Passage(ident, doc_id, "", path, start + 1, "", classes=classes)
        result.document.passages.append(current)
        if token.type == "heading_open":
            current.heading_level = int(token.tag[1:])
            current.title = plain(resolve(tokens[index + 1].content))
            body.append(chunk(start, end))
        elif token.type == "dl_open":
            entry = _glossary_entry(tokens, index, lines, ident)
            current.title = entry.term
            current.source = f"**{entry.term}**\n\n{entry.definition}"
            if entry.term.strip() and entry.definition.strip():
                result.glossary.append(entry)
            else:
                faults.append(Fault(display, start + 1, _undefined(ident, entry.term)))
        else:
            body.append(chunk(start, end))
            if ident.startswith(GLOSSARY):
                term = "" if lines[start].lstrip().startswith(":") else lines[start]
                faults.append(Fault(display, start + 1, _undefined(ident, term)))
        current.title = attrs.get("title") or current.title or default_title(ident)
        current.subject = attrs.get("subject", "")
        current.toc_label = attrs.get("toc", "")
    close()
    result.document.preamble = "\n\n".join(preamble)
    header = result.document.header
    result.document.title = header.get("title", doc_id)
    return result


MAX_BLOCKS = 60
"""Blocks (paragraphs, lists, quotes) a passage may hold; the longest has eight. The
app shows a passage as Markdown, one widget a block: 20,000 short paragraphs (60 KB)
take a minute and a gigabyte to show."""
MAX_PASSAGE = 20_000
"""Characters a passage may hold; the longest has about 2,600."""


def _within_bounds(
    body: list[str], passage: Passage, display: str, faults: list[Fault]
) -> list[str]:
    """``body``'s blocks up to the bounds above; a passage past them is a fault of its
    file and line, and is shown cut, with a line that says so."""
    kept: list[str] = []
    size = 0
    for block in body:
        size += len(block)
        if len(kept) == MAX_BLOCKS or size > MAX_PASSAGE:
            faults.append(
                Fault(
                    display,
                    passage.line,
                    f"passage {passage.id} is longer than a passage may be ({MAX_BLOCKS}"
                    f" blocks, {MAX_PASSAGE:,} characters): shown cut at block {len(kept) + 1}",
                )
            )
            return [*kept, "*(The rest of this passage is not shown: it is too long.)*"]
        kept.append(block)
    return kept


def _undefined(ident: str, term: str) -> str:
    missing = "its definition" if term.strip() else "its term or its definition"
    return (
        f"glossary entry {ident} lacks {missing}: the term on one line, then"
        " ': the definition' on the next (texts/README.md)"
    )


def _glossary_entry(tokens: list[Token], index: int, lines: list[str], ident: str) -> GlossaryEntry:
    """A definition list with an id: its first term and all its definitions."""
    term, definitions = "", []
    for position in range(index + 1, len(tokens)):
        token = tokens[position]
        if token.type == "dl_close" and token.level == 0:
            break
        if token.type == "dt_open" and not term:
            term = tokens[position + 1].content
        if token.type == "dd_open" and token.map:
            start, end = token.map
            dd = [_DEF.sub("", lines[start], count=1)] + [
                re.sub(r"^ {1,4}", "", line) for line in lines[start + 1 : end]
            ]
            definitions.append("\n".join(dd).strip("\n"))
    definition = "\n\n".join(definitions)
    see_also = list(
        dict.fromkeys(link.target for link in find_links(definition) if link.scheme != "lesson")
    )
    return GlossaryEntry(term, ident, definition, see_also)
