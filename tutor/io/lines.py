"""Lines of input the project did not write (JSON requests on stdin), read in bounded
pieces: a line longer than the limit is refused and passed over unread, so memory
stays at the limit whatever the input (a gigabyte on one line included), and a line
that is not UTF-8 is named by its first bad byte."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

MAX_LINE = 100_000
"""Bytes (or characters) a request line may hold; a request is a few hundred."""


@dataclass(frozen=True, slots=True)
class BadLine:
    """A line refused unread or undecoded; ``message`` says which and why."""

    number: int
    message: str

    def __str__(self) -> str:
        return self.message


def bounded_lines(
    lines: Iterable[str] | Iterable[bytes], limit: int = MAX_LINE
) -> Iterator[str | BadLine]:
    """Each line of ``lines`` as text (a leading byte-order mark dropped), or a
    ``BadLine`` for one longer than ``limit`` or not UTF-8.

    Given a text stream over bytes (``sys.stdin``), its bytes are read at most
    ``limit`` at a time and each line decoded here, so that neither a huge line nor
    the stream's own error handler decides what happens; any other iterable of lines
    (a list, in tests) is checked line by line."""
    buffer = getattr(lines, "buffer", None)
    source: Iterable[str | bytes | None] = lines if buffer is None else _pieces(buffer, limit)
    for number, raw in enumerate(source, 1):
        if raw is None or len(raw) > limit + 1:  # one more: its newline
            yield BadLine(number, f"line {number} is longer than {limit:,} characters")
            continue
        if isinstance(raw, bytes):
            try:
                line = raw.decode("utf-8")
            except UnicodeDecodeError as exc:
                yield BadLine(
                    number,
                    f"not UTF-8: line {number}, byte {exc.start + 1}"
                    f" (0x{raw[exc.start]:02x}) cannot be read",
                )
                continue
        else:
            line = raw
            try:
                line.encode("utf-8")
            except UnicodeEncodeError as exc:  # undecodable bytes kept as surrogates
                yield BadLine(
                    number, f"not UTF-8: line {number}, character {exc.start + 1} cannot be read"
                )
                continue
        yield line.removeprefix("\ufeff") if number == 1 else line


def _pieces(buffer: Any, limit: int) -> Iterator[bytes | None]:
    """The lines of a byte stream, each read at most ``limit + 1`` bytes at a time; None
    for a line longer than ``limit``, whose rest is read piece by piece and dropped."""
    while True:
        raw = buffer.readline(limit + 1)
        if not raw:
            return
        if len(raw) <= limit or raw.endswith(b"\n"):
            yield raw
            continue
        while raw and not raw.endswith(b"\n"):
            raw = buffer.readline(limit + 1)
        yield None
