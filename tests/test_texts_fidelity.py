"""The acceptance criterion: the transcriptions keep the sources' words.

With markup and notes set aside, at least 97% of the words of each source
article must appear in texts/ in runs of four or more consecutive words. The
received (unemended) reading is compared, so emendations cost nothing, while a
dropped or garbled sentence does.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tutor.io.paths import REPO
from tutor.texts import load_library

SEEDS = Path(REPO) / ".." / "shared" / "seeds"
RUN = 4
THRESHOLD = 0.97


def words(text: str) -> list[str]:
    return re.findall(r"\w+", text.casefold())


def britannica_body(text: str) -> str:
    """The article: everything after the transcription's header box."""
    return text.split("+" + "=" * 68 + "+")[-1]


def club_laws_body(text: str) -> str:
    """The article without the web page's chrome before and after it."""
    body = text.split("Article Content", 1)[1]
    return body.split("All Wikipedia text is available", 1)[0]


SOURCES = {
    "britannica-9": ("000_076b0279056e341b.txt", britannica_body),
    "club-laws": ("001_9351357698cfa56f.txt", club_laws_body),
    "french": ("002_d6d3058fe76706f9.txt", lambda text: text),
}


def coverage(source: list[str], copy: list[str], run: int = RUN) -> float:
    """Share of source words lying inside some run of `run` words also found in the copy."""
    grams = {tuple(copy[i : i + run]) for i in range(len(copy) - run + 1)}
    covered = [False] * len(source)
    for i in range(len(source) - run + 1):
        if tuple(source[i : i + run]) in grams:
            covered[i : i + run] = [True] * run
    return sum(covered) / len(source)


def test_coverage_measure():
    assert coverage(["a", "b", "c", "d", "e"], ["x", "a", "b", "c", "d", "y"]) == 0.8
    assert coverage(["a", "b", "c", "d"], ["a", "b", "x", "c", "d"]) == 0.0


@pytest.mark.skipif(not SEEDS.is_dir(), reason="source documents not available")
@pytest.mark.parametrize("document", sorted(SOURCES))
def test_transcription_keeps_the_source_words(document):
    name, body = SOURCES[document]
    source = words(body((SEEDS / name).read_text(encoding="utf-8")))
    library = load_library()
    received = "\n\n".join(p.plain_text(emended=False) for p in library.document(document).passages)
    share = coverage(source, words(received))
    assert share >= THRESHOLD, f"{document}: only {share:.1%} of the source's words kept"


@pytest.mark.skipif(not SEEDS.is_dir(), reason="source documents not available")
def test_web_chrome_is_left_out():
    text = " ".join(
        p.plain_text(emended=False) for p in load_library().document("club-laws").passages
    )
    for chrome in (
        "Search Encyclopedia",
        "Featured Article",
        "This page was created",
        "Article Content",
    ):
        assert chrome not in text


@pytest.mark.skipif(not SEEDS.is_dir(), reason="source documents not available")
def test_page_markers_are_those_of_the_article_as_received():
    """No page marker is moved or added: the article's markers, in order, and no others
    ([9:7:620] stands only in the header, which is not transcribed)."""
    marker = re.compile(r"\[\d+:\d+:\d+\]")
    seed = (SEEDS / SOURCES["britannica-9"][0]).read_text(encoding="utf-8")
    received = "\n\n".join(
        p.plain_text(emended=False) for p in load_library().document("britannica-9").passages
    )
    assert marker.findall(received) == marker.findall(britannica_body(seed)) == ["[9:7:621]"]
