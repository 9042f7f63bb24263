"""Values read from text the project did not write (records, the command line, a
learner's answers, JSON requests): whole numbers, and short quotes of the text that
is refused."""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable

QUOTE_WIDTH = 40
"""The most characters of a value a message quotes: a few dozen, as the advise
protocol promises (docs/advise-protocol.md), whatever the value's size."""


def quote(text: str, width: int = QUOTE_WIDTH) -> str:
    """``repr(text)``, cut short: a message never echoes a huge field whole."""
    if len(text) <= width:
        return repr(text)
    return repr(text[:width]) + f"… ({len(text):,} characters)"


class NumberError(ValueError):
    """Text that is not a whole number as the project reads one; ``str`` says why."""


def whole_number(text: str, what: str, digits: int, signed: bool = False) -> int:
    """``text`` as an int: ASCII digits only, at most ``digits`` of them, a leading
    minus sign if ``signed``. Python's ``int`` reads "١٢" and "１" too, and stops at
    4,300 digits with a message of its own; a record refuses both, and so does every
    number read from a user (``--seed ١٢`` is refused, not dealt)."""
    body = text[1:] if signed and text.startswith("-") else text
    if not (body.isascii() and body.isdigit()):
        script = " in the digits 0 to 9" if body.isdigit() else ""
        raise NumberError(f"expected {what}{script}, got {quote(text)}")
    if len(body) > digits:
        raise NumberError(f"expected {what} of at most {digits} digits, got {len(body):,} digits")
    return int(text)


def number_argument(what: str, digits: int, signed: bool = False) -> Callable[[str], int]:
    """An argparse ``type`` reading a ``whole_number``."""

    def read(text: str) -> int:
        try:
            return whole_number(text, what, digits, signed)
        except NumberError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None

    return read


MAX_DIGITS = 4000
"""Integers longer than this are not read from JSON (Python's own limit is 4,300
digits, and its message names no field); the field's check refuses them."""


class LongNumber:
    """An integer too long to read, standing in its field so that the field's own
    check refuses it by name (``game: expected ..., got a number of 5,000 digits``)."""

    def __init__(self, digits: int) -> None:
        self.digits = digits

    def __repr__(self) -> str:
        return f"a number of {self.digits:,} digits"


def json_int(text: str) -> int | LongNumber:
    """``json.loads``'s ``parse_int``: an integer, or a ``LongNumber`` in its place."""
    digits = len(text.lstrip("-"))
    return LongNumber(digits) if digits > MAX_DIGITS else int(text)


_NEWLINE = re.compile(r"\r\n|\r|\n")


def text_lines(text: str) -> list[str]:
    """``text`` split into lines as editors, TOML and Markdown count them: at ``\\n``,
    ``\\r\\n`` and ``\\r`` only. ``str.splitlines`` also breaks at U+2028, U+0085 and
    form feeds, so a line number it gives is not the editor's, and a comment in a
    record would read as a move."""
    lines = _NEWLINE.split(text)
    if lines and lines[-1] == "":
        lines.pop()  # a last newline ends a line; it does not begin one
    return lines
