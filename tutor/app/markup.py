"""Text from a file, the learner or an exception is shown as text, never parsed as markup.

Textual reads a plain ``str`` as content markup almost everywhere it shows one: a
``Static`` or ``Label``, an ``OptionList`` prompt, a ``Tree`` label, a border title,
a notification. There ``[/]`` raises ``MarkupError`` (the app dies) and
``[@click=app.quit]x[/]`` becomes a live action. A passage title, a lesson fault, a
saved game's player names, a search typed by the learner or an exception's message
can hold either. So in this app:

- a notification is always plain text (``EcarteApp.notify``, whatever the caller
  passes as ``markup``);
- a widget is handed ``plain(value)`` for text that is not ours, or ``styled(template,
  name=value)`` to put such text inside our own markup (``$name`` in the template is
  replaced by the value as text; Textual's template variables);
- a tree is a ``PlainTree``, whose string labels are text;
- ``RichLog`` keeps ``markup=False``; a Rich ``Table`` or ``Text`` gets ``Text`` cells;
- Markdown of ours that quotes such text quotes ``markdown_literal(value)``.

A ``str`` with markup in it is handed to a widget only when every character of it
is written in this package.
"""

from __future__ import annotations

import re

from rich.text import Text, TextType
from textual.content import Content
from textual.widgets import Tree


def plain(value: object) -> Content:
    """``value`` (any text, or anything printable) shown exactly as it reads."""
    return Content(str(value))


def styled(template: str, **values: object) -> Content:
    """Our own markup ``template`` with ``$name`` replaced by each value, as text.

    ``styled("[b]$name[/b] wins", name=player)`` bolds the name, whatever it holds.
    """
    return Content.from_markup(template, **{k: str(v) for k, v in values.items()})


_MARKDOWN_SIGNIFICANT = re.compile(r"([!-/:-@\[-`{-~])")


def markdown_literal(value: object) -> str:
    """``value`` as Markdown that reads as the text itself, on one line: every ASCII
    punctuation mark escaped (CommonMark lets a backslash escape any of them), so an
    exception's ``*``, ``[x](y)`` or leading ``#`` stays what it says."""
    return _MARKDOWN_SIGNIFICANT.sub(r"\\\1", " ".join(str(value).split()))


class PlainTree(Tree):
    """A ``Tree`` whose ``str`` labels are text (Textual's parses them as markup)."""

    def process_label(self, label: TextType) -> Text:
        return super().process_label(Text(label) if isinstance(label, str) else label)
