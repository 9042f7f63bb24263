"""The texts screen: the sources read passage by passage, with our own contents.

The table of contents is a Tree built from each document's ``toc`` (no
MarkdownViewer: it treats our links as file paths), nested by the documents' own
headings, each line a label that fits the pane. One passage, or one short
section, is loaded at a time, so nothing long blocks the UI. A French passage is
shown paragraph by paragraph, each beside (or, on a narrow screen, above) the
project's English translation, in one scroll. Emendations are marked where they
stand, ``⟨…⟩``, in the reading chosen with ``e``: as corrected, as received, or both.
"""

from __future__ import annotations

from collections import Counter

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Header, Input, OptionList, Static, Tree
from textual.widgets.option_list import Option

from tutor.analysis.study_notes import notes_for_passage, notes_markdown
from tutor.app.lessonsource import lessons_for_passage
from tutor.app.markup import PlainTree, styled
from tutor.app.navigation import services
from tutor.app.screens.texts_view import (
    GUIDE_DEPTH,
    NOTICES,
    READING_NAMES,
    SECTION_LIMIT,
    SHORT_TITLES,
    SIDE_BY_SIDE,
    WELCOME,
    aligned_rows,
    fit,
    passage_text,
)
from tutor.app.widgets.footer import AdaptiveFooter
from tutor.app.widgets.passage import Navigate, PassageMarkdown, link_list
from tutor.texts.emend import READINGS


class TextsScreen(Screen):
    """Read the annotated sources."""

    HELP_SECTION = "Reading the texts"
    """The heading of help.md that F1 opens at."""

    DEFAULT_CSS = """
    TextsScreen #toc { scrollbar-size-vertical: 1; }
    TextsScreen #reading { height: 1fr; }
    TextsScreen #notice { display: none; padding: 0 2; margin-bottom: 1; color: $warning; }
    TextsScreen #notice.shown { display: block; }
    TextsScreen #aligned { height: auto; }
    TextsScreen .columns { height: 1; padding: 0 2; color: $text-muted; text-style: bold; }
    TextsScreen .columns > Static { width: 1fr; }
    TextsScreen .pair { height: auto; }
    TextsScreen .pair > PassageMarkdown { width: 1fr; height: auto; }
    TextsScreen .pair > .en { border-left: vkey $panel-lighten-2; color: $text-muted; }
    TextsScreen.interleaved .columns { display: none; }
    TextsScreen.interleaved .pair { layout: vertical; }
    TextsScreen.interleaved .pair > PassageMarkdown { width: 100%; }
    TextsScreen.interleaved .pair > .en { margin-left: 2; }
    """

    BINDINGS = [
        Binding("slash", "search", "Search", key_display="/", id="search"),
        Binding(
            "e",
            "cycle_reading",
            "Reading",
            id="emended",
            tooltip="The text as corrected, as received, or both (emendations marked ⟨thus⟩)",
        ),
        Binding("i", "toggle_ids", "Ids", id="ids", show=False),
        Binding("g", "glossary", "Glossary", id="glossary"),
        Binding("c", "toggle_toc", "Contents", id="toc", tooltip="Show or hide the contents pane"),
        Binding("left_square_bracket", "step(-1)", "Prev", key_display="[", id="prev", show=False),
        Binding("right_square_bracket", "step(1)", "Next", key_display="]", id="next", show=False),
        Binding(
            "backspace",
            "back",
            "Return",
            id="back-link",
            tooltip="Back to the passage you came from",
        ),
        Binding("escape", "close", "Back", id="back"),
    ]

    def __init__(self, passage_id: str | None = None) -> None:
        super().__init__()
        self.initial = passage_id
        self.current: str | None = None
        self.reading = READINGS[0]
        self.show_ids = False
        self.history: list[str] = []
        self.nodes: dict = {}

    @property
    def emended(self) -> bool:
        """True unless the text is shown as received only."""
        return self.reading != "received"

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="texts"):
            yield PlainTree("Contents", id="toc")
            with Vertical(id="reader"):
                yield Input(placeholder="Search the texts (Enter) · Esc: close", id="search")
                yield OptionList(id="results")
                yield Static("", id="reading-line")
                yield Static("", id="notice")
                with VerticalScroll(id="reading"):
                    yield Vertical(id="aligned")
                    yield PassageMarkdown(WELCOME, id="original")
        yield AdaptiveFooter()

    def on_mount(self) -> None:
        self.sub_title = "the sources"
        self.query_one("#search").display = False
        self.query_one("#results").display = False
        self.query_one("#aligned").display = False
        tree = self.query_one(Tree)
        tree.guide_depth = GUIDE_DEPTH
        self.update_layout()
        self.query_one("#reading-line", Static).update(
            styled("[b]The sources[/b] · $reading", reading=READING_NAMES[self.reading])
        )
        library = services(self).library
        if library is None:
            self.notify(
                services(self).library_error or "The texts are not available.", severity="error"
            )
            return
        self.build_toc(library)
        if library.faults:
            faults = library.faults
            more = f" (and {len(faults) - 1} more)" if len(faults) > 1 else ""
            self.notify(
                f"{faults[0]}{more}. Run `ecarte texts check` for the list.",
                title=f"{len(faults)} problem{'s' if len(faults) > 1 else ''} in the texts",
                severity="warning",
            )
        if self.initial:
            self.show_passage(self.initial)
        else:
            tree.focus()
            # The cursor on the first document, so the first Enter opens it (with no
            # line under the cursor Enter did nothing until an arrow key was pressed).
            self.call_after_refresh(setattr, tree, "cursor_line", 0)

    def on_resize(self) -> None:
        self.update_layout()
        self.call_after_refresh(self.fit_labels)

    def update_layout(self) -> None:
        """French and English side by side where the reader is wide enough, else one
        under the other."""
        toc = self.query_one(Tree)
        width = self.size.width - (toc.outer_size.width if toc.display else 0)
        self.set_class(width < SIDE_BY_SIDE, "interleaved")

    # --- contents --------------------------------------------------------------------

    def build_toc(self, library) -> None:
        tree: Tree[str] = self.query_one(Tree)
        tree.show_root = False
        self.nodes = {}
        self.labels: dict = {}
        for document in library.documents():
            doc_node = tree.root.add(
                SHORT_TITLES.get(document.id, document.title), data=None, expand=False
            )
            stack = [(0, doc_node)]
            for entry in document.toc:
                while len(stack) > 1 and stack[-1][0] >= entry.level:
                    stack.pop()
                parent = stack[-1][1]
                node = parent.add(entry.label or entry.title, data=entry.id, expand=False)
                self.nodes[entry.id] = node
                self.labels[node.id] = entry.label or entry.title
                stack.append((entry.level, node))
        for node in self.nodes.values():
            node.allow_expand = bool(node.children)
        glossary = [e for e in library.glossary() if e.id not in self.nodes]
        if glossary:
            node = tree.root.add("Glossary", data=None, expand=False)
            for entry in glossary:
                self.nodes[entry.id] = node.add_leaf(entry.term, data=entry.id)
                self.labels[self.nodes[entry.id].id] = entry.term
        self.call_after_refresh(self.fit_labels)

    def label_room(self, node) -> int:
        """The columns a node's label has in the contents pane."""
        tree = self.query_one(Tree)
        depth = 0  # the root is not shown: a document's line has no guide
        parent = node.parent
        while parent is not None and parent.parent is not None:
            depth += 1
            parent = parent.parent
        icon = 2 if node.allow_expand else 0
        # a column kept before the scrollbar (a tester's review: it touched the titles)
        gap = 1
        return tree.scrollable_content_region.width - depth * tree.guide_depth - icon - gap

    def fit_labels(self) -> None:
        """Each label whole if it fits, else cut with "…" (the texts give short labels,
        so this is a safeguard: a test checks that none is cut at 80 columns)."""
        tree = self.query_one(Tree)
        if not tree.display or tree.scrollable_content_region.width <= 0:
            return
        for node in self.nodes.values():
            full = self.labels.get(node.id, str(node.label))
            shown = fit(full, self.label_room(node))
            if str(node.label) != shown:
                node.set_label(shown)

    def reveal_in_toc(self, ident: str) -> None:
        node = self.nodes.get(ident)
        if node is None:
            return
        parent = node.parent
        while parent is not None:
            parent.expand()
            parent = parent.parent
        self.call_after_refresh(self._move_to, node)

    def _move_to(self, node) -> None:
        """The contents' cursor on ``node``, scrolled to the middle of the pane."""
        tree = self.query_one(Tree)
        # Lay the lines out first: a node under a branch just expanded has no line until
        # then, and the cursor went nowhere (a tester's review: a link followed into
        # another document left the contents on the old place).
        tree.last_line  # noqa: B018 (read for its effect)
        tree.center_scroll = True
        try:
            tree.move_cursor(node)
        finally:
            tree.center_scroll = False

    @on(Tree.NodeSelected, "#toc")
    def toc_selected(self, event: Tree.NodeSelected) -> None:
        if event.node.data:
            self.show_passage(event.node.data, from_toc=True)

    # --- reading -----------------------------------------------------------------------

    def show_passage(self, ident: str, from_toc: bool = False) -> None:
        """Load one passage (with its few sub-passages) into the reader."""
        library = services(self).library
        if library is None:
            return
        glossary = {e.id: e for e in library.glossary()}
        if ident not in library and ident not in glossary:
            self.unknown_passage(ident)
            return
        self.query_one("#notice").remove_class("shown")
        if self.current and self.current != ident:
            self.history.append(self.current)
        self.current = ident
        self.render_current()
        if not from_toc:
            self.reveal_in_toc(ident)

    def unknown_passage(self, ident: str) -> None:
        """Say plainly, above the text, that no passage has this id (the id as typed,
        never parsed as markup), and offer the nearest ones."""
        library = services(self).library
        shown = ident if len(ident) <= 60 else ident[:59] + "…"
        notice = self.query_one("#notice", Static)
        notice.update(
            styled(
                "[b]No passage “$ident” in the texts.[/b] Passage ids read like club-laws/38"
                " or french/ecart: choose one in the contents, or search with /.",
                ident=shown,
            )
        )
        notice.add_class("shown")
        if self.current is None:  # nothing else to show: the suggestions in the reader
            nearest = library.suggest(ident) if library is not None else []
            names = (
                {i: library.passage(i).full_title for i in nearest} if library is not None else {}
            )
            text = (
                link_list("Perhaps you meant", nearest, names=names)
                if nearest
                else "No passage id comes near it."
            )
            self.query_one("#aligned").display = False
            self.query_one("#original", PassageMarkdown).update(f"{text}\n\n{WELCOME}")
            self.query_one(Tree).focus()

    def render_current(self) -> None:
        library = services(self).library
        ident = self.current
        if library is None or ident is None:
            return
        aligned = self.query_one("#aligned", Vertical)
        aligned.remove_children()
        glossary = {e.id: e for e in library.glossary()}
        extra = []
        if ident in library:
            passages = library.section(ident)[:SECTION_LIMIT]
            document = passages[0].document
            if any(p.block_translations for p in passages):
                aligned.mount_all(self.aligned_rows(passages))
                original = ""
            else:
                original = "\n\n".join(
                    passage_text(p, self.reading, show_id=self.show_ids, level=2 if i == 0 else 3)
                    for i, p in enumerate(passages)
                )
        else:
            entry = glossary[ident]
            original = f"## {entry.term}\n\n{entry.definition}\n\n" + link_list(
                "See also", list(entry.see_also)
            )
            document = "glossary"
        aligned.display = bool(aligned.children)
        computed = notes_markdown(notes_for_passage(ident))
        if computed:
            extra.append(computed)
        links = self.links_markdown(ident)
        if links:
            extra.append(links)
        original = "\n\n".join(part for part in [original, *extra] if part)
        self.query_one("#original", PassageMarkdown).update(original)
        self.query_one("#reading").scroll_home(animate=False)
        self.update_reading_line(document, ident)

    def aligned_rows(self, passages) -> list:
        """French and English block by block: a row for each, and each passage's notes."""
        return aligned_rows(passages, self.reading, self.show_ids)

    def update_reading_line(self, document: str, ident: str) -> None:
        shown = f" · {ident}" if self.show_ids else ""
        self.query_one("#reading-line", Static).update(
            styled(
                "[b]$document[/b] · $reading$shown",
                document=SHORT_TITLES.get(document, document),
                reading=READING_NAMES[self.reading],
                shown=shown,
            )
        )

    def links_markdown(self, ident: str) -> str:
        """Backlinks and the lessons that teach the passage."""
        library = services(self).library
        parts = []
        cited_by = library.backlinks(ident) if library is not None else []
        if cited_by and library is not None:
            names = {i: library.passage(i).full_title for i in cited_by if i in library}
            # Two passages of one title (a glossary entry and a reading) are told apart
            # by their document (a learner review: "Singly guarded · Singly guarded").
            seen = Counter(names.values())
            for i, name in names.items():
                if seen[name] > 1:
                    doc = i.split("/", 1)[0]
                    names[i] = f"{name} ({SHORT_TITLES.get(doc, doc)})"
            parts.append(link_list("Cited by", cited_by, names=names))
        lessons = lessons_for_passage(services(self), ident)
        if lessons:
            parts.append(
                link_list("Lessons that teach it", [i for i, _ in lessons], "lesson", dict(lessons))
            )
        return "\n\n".join(parts)

    def hit_line(self, hit) -> Content:
        """A search result: the passage's title in bold (a law by its subject), then where
        the words stand; the id after the title, dim, for those who cite by id."""
        library = services(self).library
        return styled(
            "[b]$title[/b] [dim]($ident)[/dim] — $snippet",
            title=library.passage(hit.id).full_title if library is not None else hit.id,
            ident=hit.id,
            snippet=hit.snippet,
        )

    # --- keys ----------------------------------------------------------------------------

    def action_cycle_reading(self) -> None:
        """Corrected, received, both, and round again."""
        self.reading = READINGS[(READINGS.index(self.reading) + 1) % len(READINGS)]
        self.render_current()
        self.notify(NOTICES[self.reading])

    def action_toggle_toc(self) -> None:
        """Hide the contents to give the text (and its translation) the width."""
        toc = self.query_one(Tree)
        toc.display = not toc.display
        self.update_layout()
        if toc.display:
            toc.focus()
            self.call_after_refresh(self.fit_labels)

    def action_toggle_ids(self) -> None:
        self.show_ids = not self.show_ids
        self.render_current()

    def action_glossary(self) -> None:
        library = services(self).library
        entries = library.glossary() if library is not None else []
        if not entries:
            self.notify("The glossary is not written yet.")
            return
        self.show_passage(entries[0].id)

    def action_step(self, delta: int) -> None:
        library = services(self).library
        if library is None:
            return
        ids = library.ids()
        if self.current not in ids:
            target = ids[0] if ids else None
        else:
            at = ids.index(self.current) + delta
            target = ids[at] if 0 <= at < len(ids) else None
        if target:
            self.show_passage(target)

    def action_back(self) -> None:
        if not self.history:
            # Opened on a passage from elsewhere (a hint's term, a lesson's source): the
            # place it came from is the screen below (a reviewer: Backspace did nothing
            # on a glossary page opened from a hint).
            if self.initial is not None:
                self.app.pop_screen()
            return
        previous = self.history.pop()
        self.current = None
        self.show_passage(previous)
        if self.history and self.history[-1] == previous:
            self.history.pop()

    def action_close(self) -> None:
        search = self.query_one("#search", Input)
        if search.display:
            search.display = False
            self.query_one("#results").display = False
            return
        self.app.pop_screen()

    def action_search(self) -> None:
        search = self.query_one("#search", Input)
        search.display = True
        search.focus()

    @on(Input.Submitted, "#search")
    def run_search(self, event: Input.Submitted) -> None:
        library = services(self).library
        if library is None:
            return
        hits = library.search(event.value)
        results = self.query_one("#results", OptionList)
        results.clear_options()
        if not hits:
            self.notify(f"Nothing found for {event.value!r}.")
            results.display = False
            return
        results.add_options([Option(self.hit_line(h), id=h.id) for h in hits])
        # how to reach them, said where they are (a learner review: the footer told
        # nothing of moving into the results)
        results.border_title = f"{len(hits)} found · ↑↓ and Enter to open"
        results.display = True
        results.highlighted = 0
        results.focus()

    @on(OptionList.OptionSelected, "#results")
    def open_result(self, event: OptionList.OptionSelected) -> None:
        self.query_one("#results").display = False
        self.query_one("#search").display = False
        if event.option.id:
            self.show_passage(event.option.id)

    def on_navigate(self, message: Navigate) -> None:
        """Passage links stay on this screen; lessons go to the app."""
        if message.target.scheme == "passage":
            message.stop()
            self.show_passage(message.target.ident)
