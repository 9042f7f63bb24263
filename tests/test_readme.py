"""The README is a front door: short, with pictures that exist and links that lead somewhere."""

from __future__ import annotations

import re

from tutor.io.paths import REPO

README = REPO / "README.md"
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")


def test_the_readme_is_short() -> None:
    assert len(README.read_text(encoding="utf-8").splitlines()) <= 150


def test_every_picture_and_file_the_readme_links_to_exists() -> None:
    text = README.read_text(encoding="utf-8")
    targets = [t for t in LINK.findall(text) if "://" not in t]
    assert "docs/images/lesson.svg" in targets and "docs/images/table.svg" in targets
    for target in targets:
        assert (REPO / target).is_file(), target


def test_the_readme_gives_the_two_commands() -> None:
    text = README.read_text(encoding="utf-8")
    assert "    make run\n    make test\n" in text


def test_the_guides_links_lead_somewhere() -> None:
    for page in ("docs/guide.md", "docs/engines.md", "benchmarks/README.md"):
        folder = (REPO / page).parent
        for target in LINK.findall((REPO / page).read_text(encoding="utf-8")):
            if "://" not in target:
                assert (folder / target).is_file(), f"{page}: {target}"
