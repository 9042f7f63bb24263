"""The texts screen: the sources read passage by passage, with our own contents.

The table of contents is a Tree built from each document's ``toc`` (no
MarkdownViewer: it treats our links as file paths). One passage, or one short
section, is loaded into the Markdown widget at a time, so nothing long blocks
the UI. French passages show the project's English translation beside them.
"""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Header, Input, OptionList, Static, Tree
from textual.widgets.option_list import Option

from tutor.app.lessonsource import lessons_for_passage
from tutor.app.markup import PlainTree, plain, styled
from tutor.app.widgets.footer import AdaptiveFooter
from tutor.app.widgets.passage import Navigate, PassageMarkdown, link_list, passage_markdown
from tutor.study_notes import notes_for_passage, notes_markdown

SECTION_LIMIT = 60
"""Passages shown together at most when a heading with many children is opened."""

WELCOME = """\
# The sources

Choose a passage in the contents on the left (arrows and Enter), or search with `/`.

- **Britannica**: the article *Écarté* of the 9th edition, with its hints to players.
- **Club laws**: the 51 laws as accepted by the principal London clubs.
- **French rules**: *L'Écarté*, with the project's English translation beside it.

`e` switches between the text as received and as corrected; `i` shows passage ids.
"""


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


class TextsScreen(Screen):
    """Read the annotated sources."""

    BINDINGS = [
        Binding("slash", "search", "Search", key_display="/", id="search"),
        Binding("e", "toggle_emended", "Reading", id="emended", tooltip="The text as received or as corrected"),
        Binding("i", "toggle_ids", "Ids", id="ids"),
        Binding("g", "glossary", "Glossary", id="glossary"),
        Binding("c", "toggle_toc", "Contents", id="toc", tooltip="Show or hide the contents pane"),
        Binding("left_square_bracket", "step(-1)", "Prev", key_display="[", id="prev"),
        Binding("right_square_bracket", "step(1)", "Next", key_display="]", id="next"),
        Binding("backspace", "back", "Return", id="back-link", tooltip="Back to the passage you came from"),
        Binding("escape", "close", "Back", id="back"),
    ]

    def __init__(self, passage_id: str | None = None) -> None:
        super().__init__()
        self.initial = passage_id
        self.current: str | None = None
        self.emended = True
        self.show_ids = False
        self.history: list[str] = []

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="texts"):
            yield PlainTree("Contents", id="toc")
            with Vertical(id="reader"):
                yield Input(placeholder="Search the texts (Enter), Escape to close", id="search")
                yield OptionList(id="results")
                yield Static("", id="reading-line")
                with Horizontal(id="panes"):
                    with VerticalScroll(id="original-box"):
                        yield PassageMarkdown(WELCOME, id="original")
                    with VerticalScroll(id="translation-box"):
                        yield PassageMarkdown("", id="translation")
        yield AdaptiveFooter()

    def on_mount(self) -> None:
        self.sub_title = "the sources"
        self.query_one("#search").display = False
        self.query_one("#results").display = False
        self.query_one("#translation-box").display = False
        library = self.app.library
        if library is None:
            self.notify(self.app.library_error or "The texts are not available.", severity="error")
            return
        self.build_toc(library)
        if library.faults:
            faults = library.faults
            more = f" (and {len(faults) - 1} more)" if len(faults) > 1 else ""
            self.notify(f"{faults[0]}{more}. Run `ecarte texts check` for the list.",
                        title=f"{len(faults)} problem{'s' if len(faults) > 1 else ''} in the texts",
                        severity="warning")
        if self.initial:
            self.show_passage(self.initial)
        else:
            self.query_one(Tree).focus()

    # --- contents --------------------------------------------------------------------

    def build_toc(self, library) -> None:
        tree: Tree[str] = self.query_one(Tree)
        tree.show_root = False
        self.nodes = {}
        for document in library.documents():
            doc_node = tree.root.add(SHORT_TITLES.get(document.id, document.title), data=None, expand=False)
            stack = [(0, doc_node)]
            for entry in document.toc:
                while len(stack) > 1 and stack[-1][0] >= entry.level:
                    stack.pop()
                parent = stack[-1][1]
                label = entry.title
                node = parent.add(label, data=entry.id, expand=False)
                self.nodes[entry.id] = node
                stack.append((entry.level, node))
        for node in self.nodes.values():
            node.allow_expand = bool(node.children)
        glossary = [e for e in library.glossary() if e.id not in self.nodes]
        if glossary:
            node = tree.root.add("Glossary", data=None, expand=False)
            for entry in glossary:
                self.nodes[entry.id] = node.add_leaf(entry.term, data=entry.id)

    def reveal_in_toc(self, ident: str) -> None:
        node = getattr(self, "nodes", {}).get(ident)
        if node is None:
            return
        parent = node.parent
        while parent is not None:
            parent.expand()
            parent = parent.parent
        tree = self.query_one(Tree)
        self.call_after_refresh(tree.move_cursor, node)

    @on(Tree.NodeSelected, "#toc")
    def toc_selected(self, event: Tree.NodeSelected) -> None:
        if event.node.data:
            self.show_passage(event.node.data, from_toc=True)

    # --- reading -----------------------------------------------------------------------

    def show_passage(self, ident: str, from_toc: bool = False) -> None:
        """Load one passage (with its few sub-passages) into the reader."""
        library = self.app.library
        if library is None:
            return
        glossary = {e.id: e for e in library.glossary()}
        if ident not in library and ident not in glossary:
            self.notify(f"No passage {ident!r} in the texts.", severity="error")
            return
        if self.current and self.current != ident:
            self.history.append(self.current)
        self.current = ident
        self.render_current()
        if not from_toc:
            self.reveal_in_toc(ident)

    def render_current(self) -> None:
        library = self.app.library
        ident = self.current
        if library is None or ident is None:
            return
        glossary = {e.id: e for e in library.glossary()}
        if ident in library:
            passages = library.section(ident)[:SECTION_LIMIT]
            original = "\n\n".join(
                passage_markdown(p, emended=self.emended, show_id=self.show_ids,
                                 heading="##" if i == 0 else "###")
                for i, p in enumerate(passages)
            )
            translated = [p for p in passages if p.translation]
            document = passages[0].document
        else:
            entry = glossary[ident]
            original = f"## {entry.term}\n\n{entry.definition}\n\n" + link_list(
                "See also", list(entry.see_also)
            )
            translated, document = [], "glossary"
        computed = notes_markdown(notes_for_passage(ident))
        if computed:
            original += "\n\n" + computed
        original += "\n\n" + self.links_markdown(ident)
        self.query_one("#original", PassageMarkdown).update(original)
        self.query_one("#original-box").scroll_home(animate=False)
        box = self.query_one("#translation-box")
        box.display = bool(translated)
        if translated:
            text = "\n\n".join(p.translation or "" for p in translated)
            self.query_one("#translation", PassageMarkdown).update(
                "## English translation\n\n" + text
            )
            box.scroll_home(animate=False)
        reading = "as corrected" if self.emended else "as received"
        shown = f"  ·  {ident}" if self.show_ids else ""
        self.query_one("#reading-line", Static).update(
            styled(
                "[b]$document[/b]  ·  the text $reading (e)$shown",
                document=SHORT_TITLES.get(document, document), reading=reading, shown=shown,
            )
        )

    def links_markdown(self, ident: str) -> str:
        """Backlinks and the lessons that teach the passage."""
        library = self.app.library
        parts = []
        cited_by = library.backlinks(ident) if library is not None else []
        if cited_by:
            names = {i: library.passage(i).title for i in cited_by if i in library}
            parts.append(link_list("Cited by", cited_by, names=names))
        lessons = lessons_for_passage(ident)
        if lessons:
            parts.append(link_list("Lessons that teach it", [i for i, _ in lessons], "lesson",
                                   dict(lessons)))
        return "\n\n".join(parts)

    # --- keys ----------------------------------------------------------------------------

    def action_toggle_emended(self) -> None:
        self.emended = not self.emended
        self.render_current()
        self.notify("The text as corrected." if self.emended else "The text as received.")

    def action_toggle_toc(self) -> None:
        """Hide the contents to give the text (and its translation) the width."""
        toc = self.query_one(Tree)
        toc.display = not toc.display
        if toc.display:
            toc.focus()

    def action_toggle_ids(self) -> None:
        self.show_ids = not self.show_ids
        self.render_current()

    def action_glossary(self) -> None:
        library = self.app.library
        entries = library.glossary() if library is not None else []
        if not entries:
            self.notify("The glossary is not written yet.")
            return
        self.show_passage(entries[0].id)

    def action_step(self, delta: int) -> None:
        library = self.app.library
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
        if self.history:
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
        library = self.app.library
        if library is None:
            return
        hits = library.search(event.value)
        results = self.query_one("#results", OptionList)
        results.clear_options()
        if not hits:
            self.notify(f"Nothing found for {event.value!r}.")
            results.display = False
            return
        results.add_options([Option(plain(f"{h.id} — {h.snippet}"), id=h.id) for h in hits])
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
