"""The command palette's "go anywhere": lessons, passages, glossary terms and the keys
of the screen below, found by name (``ctrl+p``).

The screens themselves (Lessons, Play, Texts, ...) are the app's system commands
(``EcarteApp.get_system_commands``); this provider adds what those cannot list:

- every lesson, by title or id, opened where the learner left it;
- every passage of the sources, by title or id (``club-laws/38``, "Discarding");
- every glossary term ("Discard", "Écart");
- the keys of the screen the palette was opened over, by what they do ("Hint",
  "Undo", "Save"), run as the key would run them.

Titles come from files: they are shown as text (``Content``), never parsed as markup,
and the fuzzy match is highlighted on that text.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from textual.binding import Binding
from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.content import Content
from textual.fuzzy import Matcher
from textual.markup import escape

HIT_LIMIT = 40
"""The best hits kept per search (the palette shows a screenful; a letter typed
matches hundreds of titles loosely)."""


@dataclass(frozen=True)
class Entry:
    """One place the palette can go: its name as searched, a line of help, and how."""

    name: str
    help: str
    run: Callable[[], object]
    key: str = ""
    """Also matched (an id: ``club-laws/38``, ``glossary/ecart``), not shown."""


def highlight(matcher: Matcher, text: str) -> Content:
    """``text`` as text, with the letters the fuzzy match found in reverse video."""
    content = Content(text)
    score, offsets = matcher.fuzzy_search.match(matcher.query, text)
    if score:
        for offset in offsets:
            if not text[offset].isspace():
                content = content.stylize(matcher.match_style, offset, offset + 1)
    return content


def lesson_entries(app) -> list[Entry]:
    from tutor.app.services import LessonsUnavailable

    try:
        lessons = app.services.curriculum().lessons
    except LessonsUnavailable:
        return []
    return [
        Entry(
            f"Lesson: {lesson.title}",
            f"lesson · {lesson.id}",
            partial(app.open_lesson, lesson.id),
            lesson.id,
        )
        for lesson in lessons
    ]


def passage_entries(app) -> list[Entry]:
    """Every passage, and the glossary terms (a glossary entry is a passage too)."""
    library = app.services.library
    if library is None:
        return []
    glossary = {entry.id: entry for entry in library.glossary()}
    entries = []
    for ident in library.ids():
        if ident in glossary:
            continue
        passage = library.passage(ident)
        entries.append(
            Entry(
                f"Passage: {passage.title}",
                f"{passage.document} · {ident}",
                partial(app.open_passage, ident),
                ident,
            )
        )
    for entry in glossary.values():
        entries.append(
            Entry(
                f"Glossary: {entry.term}",
                f"glossary · {entry.id}",
                partial(app.open_passage, entry.id),
                entry.id,
            )
        )
    return entries


def tutor_actions(node: object) -> set[str]:
    """The actions bound in the tutor's own classes of ``node`` (its screens and
    widgets), not in Textual's: a scroll key a ``VerticalScroll`` brings is no command
    of the tutor's (a tester's review: the palette opened on "Key: Scroll Up")."""
    actions = set()
    for cls in type(node).__mro__:
        if not cls.__module__.startswith("tutor."):
            continue
        for binding in vars(cls).get("BINDINGS", ()):
            actions.add(binding.action if isinstance(binding, Binding) else binding[1])
    return actions


def key_entries(screen) -> list[Entry]:
    """The tutor's keys of ``screen`` that can act now, each by its description."""
    entries, seen = [], set()
    own: dict[int, set[str]] = {}
    for active in screen.active_bindings.values():
        binding, node = active.binding, active.node
        if not active.enabled or not binding.description or binding.action in seen:
            continue
        if binding.action not in own.setdefault(id(node), tutor_actions(node)):
            continue
        if node is screen.app and binding.action in ("command_palette", "quit"):
            continue
        seen.add(binding.action)
        display = screen.app.get_key_display(binding)
        entries.append(
            Entry(
                f"Key: {binding.description}",
                f"{display} · {binding.tooltip or binding.action}",
                partial(screen.app.run_action, binding.action, node),
                display,
            )
        )
    return entries


class GoAnywhere(Provider):
    """Lessons, passages, glossary terms and the keys of the screen below, by name."""

    async def startup(self) -> None:
        app = self.app
        self.entries = [*key_entries(self.screen), *lesson_entries(app), *passage_entries(app)]

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        scored = []
        for entry in self.entries:
            score = max(
                matcher.match(entry.name), matcher.match(entry.key) * 0.9 if entry.key else 0
            )
            if score > 0:
                scored.append((score, entry))
        scored.sort(key=lambda pair: -pair[0])
        for score, entry in scored[:HIT_LIMIT]:
            yield Hit(score, highlight(matcher, entry.name), entry.run, help=escape(entry.help))

    async def discover(self) -> Hits:
        """With nothing typed: the screen's keys and the lessons (the passages are many)."""
        for entry in self.entries:
            if entry.name.startswith(("Key: ", "Lesson: ")):
                yield DiscoveryHit(Content(entry.name), entry.run, help=escape(entry.help))
