"""What the texts screen shows, apart from the screen: its constants, the contents'
labels, and each passage as Markdown (its heading, its reading, its notes, the French
beside the English)."""

from __future__ import annotations

import re

from textual.containers import Horizontal
from textual.widgets import Static

from tutor.app.widgets.passage import PassageMarkdown

SECTION_LIMIT = 60
"""Passages shown together at most when a heading with many children is opened."""
SIDE_BY_SIDE = 64
"""The reader's width (columns) from which French and English stand side by side;
below it each English paragraph follows its French one."""
GUIDE_DEPTH = 2
"""Columns of indentation per level in the contents (the least Textual allows)."""

WELCOME = """\
# The sources

Choose a passage in the contents on the left (arrows and Enter), or search with `/`.

- **Britannica**: the article *Écarté* of the 9th edition, with its hints to players.
- **Club laws**: the 51 laws as accepted by the principal London clubs, each headed by its
  subject in italics: the subjects are the project's, not the source's.
- **French rules**: *L'Écarté*, each paragraph beside the project's English translation.

Emendations are marked ⟨thus⟩ in the text: `e` shows the reading as received, then both
readings, then the corrected one again. `i` shows passage ids; `[` and `]` step through
the passages; `c` hides the contents to give the text the width.
"""

READING_NAMES = {
    "corrected": "emendations ⟨as corrected⟩",
    "received": "emendations ⟨as received⟩",
    "both": "both ⟨received → corrected⟩",
}
"""How the reading line names each reading, in the marks the text uses."""
NOTICES = {
    "corrected": "The text as corrected: each emendation ⟨marked⟩ where it stands.",
    "received": "The text as received: the source's reading ⟨marked⟩ where the project emends it.",
    "both": "Both readings: ⟨received → corrected⟩ at each emendation.",
}

SHORT_TITLES = {
    "britannica-9": "Britannica (9th ed.)",
    "club-laws": "Club laws",
    "french": "French rules",
    "glossary": "Glossary",
    "readings": "Readings of the Hints",
    "notes": "People and books",
    "concordance": "Concordance",
    "tables": "Readings: the tables",
}
"""Document ids -> labels that fit the contents pane (the full title heads the reading line)."""

_HEADING = re.compile(r"^(#{1,6})\s")
_BOLD_LINE = re.compile(r"^\*\*(.+)\*\*$")


def fit(label: str, width: int) -> str:
    """``label`` in at most ``width`` columns, ending in "…" when it is cut (a label
    the texts did not make short enough is never cut silently)."""
    if width <= 0 or len(label) <= width:
        return label
    return label[: max(1, width - 1)].rstrip() + "…"


def passage_heading(passage, level: int, show_id: bool) -> str:
    """The passage's title; a law's subject, the project's words, set apart in italics
    (a learner review took the subjects for the source's)."""
    ident = f"  `{passage.id}`" if show_id else ""
    title = f"{passage.title}: *{passage.subject}*" if passage.subject else passage.title
    return f"{'#' * level} {title}{ident}"


def passage_text(passage, reading: str, *, show_id: bool, level: int) -> str:
    """One passage as Markdown, emendations marked in the reading chosen, then its notes."""
    body = _without_term(passage, passage.marked(reading))
    if body.lstrip().startswith("#"):  # the passage brings its own heading
        parts = [f"`{passage.id}`", "", body] if show_id else [body]
    else:
        parts = [passage_heading(passage, level, show_id), "", body]
    notes = notes_block(passage)
    return "\n".join(parts + (["", notes] if notes else []))


def _without_term(passage, body: str) -> str:
    """A glossary entry's definition without its term, which the heading already shows
    (a learner review: every entry said its term twice)."""
    if passage.document != "glossary":
        return body
    first, _, rest = body.lstrip().partition("\n")
    if first.strip().strip("*") == passage.title:
        return rest.lstrip("\n")
    return body


def notes_block(passage) -> str:
    notes = list(passage.notes)
    return "\n".join(["> **Notes**", *[f"> - {n}" for n in notes]]) if notes else ""


def english_for(french: str, english: str | None) -> str:
    """The translation of one block, a heading's translation (``**The discard**``) as a
    heading of the same level, so that both stand on the same line."""
    if english is None:
        return ""
    heading = _HEADING.match(french)
    bold = _BOLD_LINE.match(english.strip())
    if heading and bold:
        return f"{heading.group(1)} {bold.group(1)}"
    return english


def aligned_rows(passages, reading: str, show_ids: bool) -> list:
    """French and English block by block: a row for each, and each passage's notes."""
    rows: list = [
        Horizontal(
            Static("Français (the source)"),
            Static("English (our translation)"),
            classes="columns",
        )
    ]
    for index, passage in enumerate(passages):
        pairs = passage.aligned(reading)
        if not pairs[0][0].lstrip().startswith("#"):
            rows.append(
                PassageMarkdown(
                    passage_heading(passage, 2 if index == 0 else 3, show_ids),
                    classes="title",
                )
            )
        elif show_ids:
            rows.append(PassageMarkdown(f"`{passage.id}`", classes="title"))
        for french, english in pairs:
            rows.append(
                Horizontal(
                    PassageMarkdown(french, classes="fr"),
                    PassageMarkdown(english_for(french, english), classes="en"),
                    classes="pair",
                )
            )
        notes = notes_block(passage)
        if notes:
            rows.append(PassageMarkdown(notes, classes="notes"))
    return rows
