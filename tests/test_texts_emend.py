"""Properties of the emendation markup, and the texts package's independence from the UI."""

from __future__ import annotations

import subprocess
import sys

from hypothesis import given
from hypothesis import strategies as st

from tutor.texts.emend import emendations, resolve, unterminated

plain_text = st.text(alphabet=st.characters(blacklist_characters="{}~+-<>\n"), max_size=20)


@given(plain_text)
def test_text_without_markup_is_unchanged(text):
    assert resolve(text) == resolve(text, emended=False) == text
    assert emendations(text) == []
    assert unterminated(text) == []


@given(st.lists(st.tuples(plain_text, plain_text, plain_text), max_size=5))
def test_both_readings_are_recovered(parts):
    marked = "".join(f"{before}{{~~{old}~>{new}~~}}" for before, old, new in parts)
    assert resolve(marked, emended=False) == "".join(before + old for before, old, _ in parts)
    assert resolve(marked) == "".join(before + new for before, _, new in parts)
    assert [(e.received, e.corrected) for e in emendations(marked)] == [(o, n) for _, o, n in parts]


def test_texts_package_does_not_import_textual():
    code = "import sys, tutor.texts; tutor.texts.load_library(); print('textual' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
