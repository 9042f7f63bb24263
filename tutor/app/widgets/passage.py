"""Passages of the sources as Markdown, with the project's own link schemes.

Links read ``passage:<id>``, ``glossary:<slug>`` and ``lesson:<id>``. Textual's
MarkdownViewer would treat them as file paths (textual #6039, #3817), so this
widget keeps ``open_links=False`` and turns each click into a ``Navigate``
message that the screen (or the app) acts upon.
"""

from __future__ import annotations

from dataclasses import dataclass

from textual.message import Message
from textual.widgets import Markdown

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
                return Target("passage", rest if rest.startswith("glossary/") else f"glossary/{rest}")
            return Target(scheme, rest)
        return Target("url", href)


class Navigate(Message):
    """A request to show a passage or open a lesson (posted by a link click)."""

    def __init__(self, target: Target) -> None:
        super().__init__()
        self.target = target


class PassageMarkdown(Markdown):
    """Markdown that never opens links itself: it posts ``Navigate`` instead."""

    def __init__(self, markdown: str | None = None, **kwargs) -> None:
        super().__init__(markdown, open_links=False, **kwargs)

    def on_markdown_link_clicked(self, event: Markdown.LinkClicked) -> None:
        event.stop()
        self.post_message(Navigate(Target.parse(event.href)))


def passage_markdown(
    passage,
    *,
    emended: bool = True,
    show_id: bool = False,
    heading: str = "##",
    with_notes: bool = True,
) -> str:
    """One passage as Markdown: its title, text and notes (the reading chosen)."""
    body = passage.markdown(emended=emended)
    ident = f"`{passage.id}`" if show_id else ""
    if body.lstrip().startswith("#"):  # the passage brings its own heading
        parts = [ident, "", body] if ident else [body]
    else:
        parts = [f"{heading} {passage.title}  {ident}".rstrip(), "", body]
    notes = list(passage.notes) if with_notes else []
    if notes:
        parts += ["", "> **Notes**", *[f"> - {n}" for n in notes]]
    return "\n".join(parts)


def link_list(title: str, ids: list[str], scheme: str = "passage", names=None) -> str:
    """A short Markdown list of links (backlinks, lessons), or nothing."""
    if not ids:
        return ""
    items = [f"- [{(names or {}).get(i, i)}]({scheme}:{i})" for i in ids]
    return "\n".join([f"**{title}**", "", *items])
