"""Passages of the sources as Markdown, with the project's own link schemes.

Links read ``passage:<id>``, ``glossary:<slug>`` and ``lesson:<id>``. Textual's
MarkdownViewer would treat them as file paths (textual #6039, #3817), so this
widget keeps ``open_links=False`` and turns each click into a ``Navigate``
message that the screen (or the app) acts upon.

Links are followed from the keyboard too: a ``PassageMarkdown`` that holds links
takes the focus (Tab), Tab and Shift+Tab then move from link to link (the current
one in reverse video, scrolled into view; past the last, Tab goes on to the next
widget), and Enter follows it. PageUp, PageDown, Home and End scroll the pane the
passage sits in (its scrolling ancestor's own keys).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from textual import events
from textual.binding import Binding
from textual.content import Content
from textual.geometry import Region
from textual.message import Message
from textual.style import Style
from textual.widget import Widget
from textual.widgets import Markdown, Static

SCHEMES = ("passage", "glossary", "lesson")


@dataclass(frozen=True)
class Target:
    """Where a link points: a scheme of ours (or ``url``) and an id."""

    scheme: str
    ident: str

    @staticmethod
    def parse(href: str) -> Target:
        scheme, sep, rest = href.partition(":")
        if sep and scheme in SCHEMES and rest:
            if scheme == "glossary":
                return Target(
                    "passage", rest if rest.startswith("glossary/") else f"glossary/{rest}"
                )
            return Target(scheme, rest)
        return Target("url", href)


class Navigate(Message):
    """A request to show a passage or open a lesson (posted by a link click)."""

    def __init__(self, target: Target) -> None:
        super().__init__()
        self.target = target


CURRENT = "reverse bold"
"""How the link Tab has reached is drawn."""

_LINK_ACTION = re.compile(r"""^link\((['"])(.*)\1\)$""", re.S)
_HAS_LINK = re.compile(r"\]\(|<[a-z]+:")


@dataclass(frozen=True)
class Link:
    """A link as laid out: the widget showing it, where its text runs, and its target."""

    widget: Static
    start: int
    end: int
    href: str

    @property
    def text(self) -> str:
        return _content_of(self.widget).plain[self.start : self.end]


def _content_of(widget: Static) -> Content:
    """The content a Markdown block (or table cell) was built with, not as highlighted."""
    content = getattr(widget, "_content", None)  # MarkdownBlock keeps its own
    if not isinstance(content, Content):
        content = widget.content
    return content if isinstance(content, Content) else Content("")


def _href(style: object) -> str | None:
    """The target of a link span (Textual's Markdown marks one with ``@click=link('…')``)."""
    if not isinstance(style, Style):
        return None
    found = _LINK_ACTION.match(str(style.meta.get("@click", "")))
    return found.group(2) if found else None


class PassageMarkdown(Markdown):
    """Markdown that never opens links itself: it posts ``Navigate`` instead, on a click
    or on Enter at the link reached with Tab."""

    BINDINGS = [
        Binding("tab", "next_link", "Next link", show=False),
        Binding("shift+tab", "previous_link", "Previous link", show=False),
        Binding("enter", "follow_link", "Follow", key_display="⏎", id="follow-link"),
    ]

    def __init__(self, markdown: str | None = None, **kwargs) -> None:
        super().__init__(markdown, open_links=False, **kwargs)
        self.can_focus = bool(markdown and _HAS_LINK.search(markdown))
        self.current: int | None = None
        """The index of the link reached with Tab (in ``links()``), or None."""
        self._shown: tuple[Static, Content] | None = None

    def update(self, markdown: str):
        """New text: focusable when it holds a link; no link reached yet."""
        self._unmark()
        self.current = None
        self.can_focus = bool(_HAS_LINK.search(markdown))
        return super().update(markdown)

    def on_markdown_link_clicked(self, event: Markdown.LinkClicked) -> None:
        event.stop()
        self.post_message(Navigate(Target.parse(event.href)))

    # --- following links from the keyboard ----------------------------------------------

    def links(self) -> list[Link]:
        """Every link shown, in reading order."""
        found = []
        for widget in self.query(Static):
            for span in _content_of(widget).spans:
                href = _href(span.style)
                if href is not None and span.end > span.start:
                    found.append(Link(widget, span.start, span.end, href))
        return found

    @property
    def current_link(self) -> Link | None:
        links = self.links()
        if self.current is None or not 0 <= self.current < len(links):
            return None
        return links[self.current]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "follow_link":
            return self.current_link is not None
        return True

    def on_focus(self, event: events.Focus) -> None:
        self.call_after_refresh(self._enter_links)

    def on_blur(self, event: events.Blur) -> None:
        self._unmark()
        self.current = None
        self.refresh_bindings()

    def _enter_links(self) -> None:
        """On focus: reach the first link in sight (or the first of all)."""
        if not self.has_focus or self.current is not None:
            return
        links = self.links()
        if not links:
            return
        in_sight = [i for i, link in enumerate(links) if self._in_sight(link)]
        self.select_link(in_sight[0] if in_sight else 0)

    def action_next_link(self) -> None:
        links = self.links()
        at = -1 if self.current is None else self.current
        if at + 1 < len(links):
            self.select_link(at + 1)
        else:
            self.screen.focus_next()

    def action_previous_link(self) -> None:
        links = self.links()
        at = len(links) if self.current is None else self.current
        if at - 1 >= 0 and links:
            self.select_link(at - 1)
        else:
            self.screen.focus_previous()

    def action_follow_link(self) -> None:
        link = self.current_link
        if link is not None:
            self.post_message(Navigate(Target.parse(link.href)))

    def select_link(self, index: int) -> None:
        """Reach link ``index``: draw it as current and scroll it into view."""
        links = self.links()
        if not 0 <= index < len(links):
            return
        self._unmark()
        self.current = index
        link = links[index]
        original = _content_of(link.widget)
        marked = original.stylize(CURRENT, link.start, link.end)
        link.widget.update(marked)
        self._shown = (link.widget, original)
        self._reveal(link.widget, self._line_of(link.widget, marked))
        self.refresh_bindings()

    def _unmark(self) -> None:
        if self._shown is not None:
            widget, original = self._shown
            self._shown = None
            if widget.is_attached:
                widget.update(original)

    @staticmethod
    def _line_of(widget: Static, marked: Content) -> int:
        """The line of ``widget`` on which the marked link starts, as it wraps now."""
        width = widget.content_region.width or widget.size.width
        if width <= 0:
            return 0
        for number, line in enumerate(marked.wrap(width)):
            if any(span.style == CURRENT for span in line.spans):
                return number
        return 0

    def _in_sight(self, link: Link) -> bool:
        """Is the link's first line inside every scrolling pane around it?"""
        widget = link.widget
        region = widget.content_region
        if not region.size:
            return False
        y = region.y + self._line_of(
            widget, _content_of(widget).stylize(CURRENT, link.start, link.end)
        )
        node = widget.parent
        while isinstance(node, Widget):
            clips = node.styles.overflow_y in ("auto", "scroll")
            if clips and not node.scrollable_content_region.contains(region.x, y):
                return False
            node = node.parent
        return True

    @staticmethod
    def _reveal(widget: Widget, line: int) -> None:
        """Scroll every pane around ``widget`` so that its line ``line`` is in view (as
        ``Widget.scroll_to_widget`` does for a whole widget)."""
        full = widget.virtual_region
        region = Region(full.x, full.y + widget.gutter.top + line, full.width, 1)
        while isinstance(widget.parent, Widget):
            container = widget.parent
            offset = container.scroll_to_region(region, animate=False, immediate=True)
            region = (
                region.translate(-offset)
                .translate(container.styles.margin.top_left)
                .translate(container.styles.border.spacing.top_left)
                .translate(container.virtual_region_with_margin.offset)
            )
            widget = container


def passage_markdown(
    passage,
    *,
    emended: bool = True,
    show_id: bool = False,
    heading: str = "##",
    with_notes: bool = True,
    with_emendations: bool = True,
    with_translation: bool = False,
) -> str:
    """One passage as Markdown: its title, text and notes (the reading chosen);
    ``with_emendations`` False leaves out the notes of the editor's corrections
    (beside a lesson they tell a learner nothing; the texts keep them);
    ``with_translation``, a French passage's translation after each paragraph (a
    learner review: the French rules lesson showed the French alone)."""
    if with_translation:
        body = passage.bilingual_markdown(emended=emended)
    else:
        body = passage.shown_markdown(emended=emended)
    ident = f"`{passage.id}`" if show_id else ""
    if body.lstrip().startswith("#"):  # the passage brings its own heading
        parts = [ident, "", body] if ident else [body]
    else:
        parts = [f"{heading} {passage.title}  {ident}".rstrip(), "", body]
    notes = (passage.notes if with_emendations else passage.project_notes) if with_notes else []
    if notes:
        parts += ["", "> **Notes**", *[f"> - {n}" for n in notes]]
    return "\n".join(parts)


def link_list(title: str, ids: list[str], scheme: str = "passage", names=None) -> str:
    """A short Markdown list of links (backlinks, lessons), or nothing."""
    if not ids:
        return ""
    items = [f"- [{(names or {}).get(i, i)}]({scheme}:{i})" for i in ids]
    return "\n".join([f"**{title}**", "", *items])
