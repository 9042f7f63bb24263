"""The Britannica's page markers: kept in the transcription where they fall, shown apart.

The received text marks where a page begins as ``[9:7:621]`` (edition 9, volume 7,
page 621), in the middle of a sentence if the page turns there. The transcription
keeps the marker as received (texts/README.md, "Page references"); a reader is
shown the page sign ``‖`` in its place and a note under the passage that says which
page begins there, so that the marker is not read as part of the sentence.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

PAGE_MARKER = re.compile(r"\[(\d{1,4}):(\d{1,4}):(\d{1,6})\]")
"""A page marker as received: ``[edition:volume:page]`` (digits bounded, so that a
long run of them in a text is no marker rather than a number too long to read)."""
PAGE_SIGN = "‖"
"""What stands in the running text where a page begins (an editor's page-break sign)."""


@dataclass(frozen=True, slots=True)
class PageMarker:
    """Where a page of the printed source begins."""

    edition: int
    volume: int
    page: int

    @property
    def received(self) -> str:
        return f"[{self.edition}:{self.volume}:{self.page}]"

    def describe(self) -> str:
        """The note that explains the page sign in the running text."""
        return (
            f"{PAGE_SIGN} marks where page {self.page} of volume {self.volume} begins in the"
            f" printed source (the received text's page marker, {self.received})."
        )


def page_markers(text: str) -> list[PageMarker]:
    """Every page marker in ``text``, in order."""
    return [PageMarker(*map(int, m.groups())) for m in PAGE_MARKER.finditer(text)]


def set_off(text: str) -> str:
    """``text`` as a reader sees it: each page marker replaced by the page sign."""
    return PAGE_MARKER.sub(PAGE_SIGN, text)


def without_markers(text: str) -> str:
    """``text`` with its page markers taken out (for search and its snippets):
    ``At the adverse [9:7:621] score`` reads ``At the adverse score``."""
    # one space before it at most: a run of spaces matched by ``*`` would be
    # scanned again from each of its spaces (quadratic on a long run)
    return _SPACED_MARKER.sub("", text)


_SPACED_MARKER = re.compile(r"[ \t]?" + PAGE_MARKER.pattern)
