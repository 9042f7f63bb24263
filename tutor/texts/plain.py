"""Markdown to plain text, for search and for comparing a transcription with its source."""

from __future__ import annotations

from functools import cache

from markdown_it import MarkdownIt
from mdit_py_plugins.deflist import deflist_plugin


@cache
def _parser() -> MarkdownIt:
    return MarkdownIt("commonmark").use(deflist_plugin)


def plain(markdown: str) -> str:
    """The words of `markdown` without its markup: one line per line, blocks apart."""
    blocks = []
    for token in _parser().parse(markdown):
        if token.type != "inline":
            continue
        parts = []
        for child in token.children or []:
            if child.type in ("text", "code_inline"):
                parts.append(child.content)
            elif child.type in ("softbreak", "hardbreak"):
                parts.append("\n")
        blocks.append("".join(parts))
    return "\n\n".join(blocks)
