"""Validating the texts and everything that cites them.

Run by `ecarte texts check` and by the tests: a fault names a file and line so
an editor can go straight to it.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable
from pathlib import Path

from tutor.io.files import UnreadableFile, read_text
from tutor.texts.contract import contract_ids
from tutor.texts.library import Library
from tutor.texts.links import find_links, lesson_link_problem
from tutor.texts.model import Fault
from tutor.texts.parse import LIMIT

HEADER_KEYS = ("title", "source", "origin", "date", "licence", "attribution")
"""The front matter every file carries (texts/README.md)."""
CLUB_LAWS = 51
BRITANNICA_LAWS = 25
_WHERE = re.compile(r"^(?P<file>.*?):(?P<line>\d+)$")


def default_contract(library: Library) -> Path | None:
    """docs/passage-ids.md beside the texts, else the repository's own."""
    from tutor.io.paths import REPO

    for candidate in (
        library.root.parent / "docs" / "passage-ids.md",
        REPO / "docs" / "passage-ids.md",
    ):
        if candidate.is_file():
            return candidate
    return None


def _link_faults(library: Library, lessons: Collection[str] | None) -> list[Fault]:
    """Every link that does not resolve: a passage or glossary id not in the library,
    a lesson id not in ``lessons`` (not checked when ``lessons`` is None)."""
    faults = []
    for document in library.documents():
        try:
            text = read_text(document.file, LIMIT)
        except UnreadableFile:
            continue  # already a fault of the library
        name = library.display_name(document.file)
        for link in find_links(text):
            if link.scheme == "lesson":
                problem = None if lessons is None else lesson_link_problem(link.target, lessons)
                if problem is not None:
                    faults.append(
                        Fault(name, link.line + 1, f"broken link lesson:{link.target} ({problem})")
                    )
            elif link.target not in library:
                faults.append(
                    Fault(name, link.line + 1, f"broken link {link.scheme}:{link.target}")
                )
    return faults


def _citation_fault(where: str, ident: str) -> Fault:
    match = _WHERE.match(where)
    file, line = (match.group("file"), int(match.group("line"))) if match else (where, 0)
    return Fault(file, line, f"cites unknown passage {ident!r}")


def check_library(
    library: Library,
    citations: Iterable[tuple[str, str]] = (),
    contract: Path | None = None,
    lessons: Collection[str] | None = None,
) -> list[Fault]:
    """Every fault in the texts and in the given citations ((where, passage id) pairs).

    Checks: ids unique and markup well formed (from loading); every passage and
    glossary link resolves, and every lesson link names one of ``lessons`` (the
    lesson ids, when given); every file's header complete; club laws 1-51 (each
    with its subject) and abridged laws 1-25 present; every French passage translated; every id of
    docs/passage-ids.md present; every citation resolves. `where` may end in ``:line``.
    """
    faults = list(library.faults)
    faults += _link_faults(library, lessons)
    for document in library.documents():
        if not document.passages and not document.header:
            continue  # unreadable: already a fault
        missing = [key for key in HEADER_KEYS if not document.header.get(key)]
        if missing:
            faults.append(
                Fault(
                    library.display_name(document.file),
                    1,
                    f"header: missing {', '.join(missing)} (front matter, texts/README.md)",
                )
            )
    root = str(library.root)
    for n in range(1, CLUB_LAWS + 1):
        if f"club-laws/{n}" not in library:
            faults.append(Fault(root, 0, f"missing club-laws/{n}"))
        elif not library.passage(f"club-laws/{n}").subject.strip():
            law = library.passage(f"club-laws/{n}")
            faults.append(
                Fault(
                    library.display_name(law.file),
                    law.line,
                    f'club-laws/{n} has no subject (a line subject="..." under its id, texts/README.md)',
                )
            )
    for n in range(1, BRITANNICA_LAWS + 1):
        if f"britannica-9/laws/{n}" not in library:
            faults.append(Fault(root, 0, f"missing britannica-9/laws/{n}"))
    for ident in library.ids():
        passage = library.passage(ident)
        if passage.document == "french" and not passage.translation:
            faults.append(
                Fault(
                    library.display_name(passage.file), passage.line, f"{ident} has no translation"
                )
            )
    contract = contract or default_contract(library)
    if contract is not None:
        try:
            agreed = contract_ids(contract)
        except UnreadableFile as exc:
            agreed = []
            faults.append(Fault(str(contract), exc.line, f"cannot read the agreed ids: {exc}"))
        for ident, line in agreed:
            if ident not in library:
                faults.append(
                    Fault(str(contract), line, f"agreed id {ident!r} is missing from the texts")
                )
    faults += [_citation_fault(where, ident) for where, ident in citations if ident not in library]
    return faults
