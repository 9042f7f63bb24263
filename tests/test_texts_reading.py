"""Reading the texts (issue 13, item 7): the laws' subjects, contents nested by the
documents' own headings, French and English block by block, emendations marked in the
running text, and the nearest ids for an unknown one."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor.texts import check_library, load_library
from tutor.texts.emend import marked, resolve
from tutor.texts.parse import parse_file


@pytest.fixture(scope="module")
def library():
    return load_library()


def test_every_club_law_has_a_short_subject(library):
    for n in range(1, 52):
        law = library.passage(f"club-laws/{n}")
        assert law.title == f"Law {n}"  # the id's label is unchanged
        assert law.subject and law.subject[0].isupper(), n
        assert law.full_title == f"Law {n}: {law.subject}"
        assert law.label == f"{n}. {law.subject}"
    subjects = [library.passage(f"club-laws/{n}").subject for n in range(1, 52)]
    assert len(set(subjects)) == 51
    assert library.passage("club-laws/12").subject == "Faced card in the pack"


def test_a_subject_is_markup_not_source_words(library):
    """A subject is the project's annotation: never among the law's words."""
    law = library.passage("club-laws/38")
    assert law.subject not in law.plain_text()
    assert law.plain_text().startswith("38.--If the dealer accept")


def test_a_law_without_subject_is_a_fault(tmp_path):
    root = tmp_path / "texts"
    root.mkdir()
    source = load_library().document("club-laws").file.read_text(encoding="utf-8")
    without = source.replace('{subject="Faced card in the pack"}\n', "")
    (root / "club-laws.md").write_text(without, encoding="utf-8")
    faults = [str(f) for f in check_library(load_library(root))]
    assert any("club-laws/12 has no subject" in f and "club-laws.md:" in f for f in faults)
    assert not any("club-laws/13 has no subject" in f for f in faults)


def parents(document) -> dict[str, str | None]:
    """Each toc entry's parent id, as the contents nest them."""
    stack: list[tuple[int, str]] = []
    found = {}
    for entry in document.toc:
        while stack and stack[-1][0] >= entry.level:
            stack.pop()
        found[entry.id] = stack[-1][1] if stack else None
        stack.append((entry.level, entry.id))
    return found


def test_french_contents_nested_by_its_own_headings(library):
    found = parents(library.document("french"))
    for top in ("french/intro", "french/deux", "french/trois", "french/quatre", "french/cinq-six"):
        assert found[top] is None, top
    for section in (
        "french/valeur",
        "french/joueurs",
        "french/donne",
        "french/ecart",
        "french/jeu",
        "french/partie",
    ):
        assert found[section] == "french/deux", section
    assert found["french/marque"] == "french/valeur"  # it follows that heading, having none
    assert found["french/points"] == "french/jeu"


def test_other_contents_nest_by_heading_then_id(library):
    laws = parents(library.document("club-laws"))
    assert laws["club-laws/intro"] is None and laws["club-laws/laws"] is None
    assert all(laws[f"club-laws/{n}"] == "club-laws/laws" for n in range(1, 52))
    hints = parents(library.document("britannica-9"))
    assert hints["britannica-9/hints/jeux-de-regle/2a"] == "britannica-9/hints/jeux-de-regle/2"
    assert hints["britannica-9/hints/jeux-de-regle/3"] == "britannica-9/hints/jeux-de-regle"
    assert hints["britannica-9/laws/18"] == "britannica-9/laws"


def test_contents_labels_are_short(library):
    """Short enough for the contents pane at 80 columns (the app test checks the pane)."""
    for document in library.documents():
        for entry in document.toc:
            assert len(entry.label) <= 30 - 2 * entry.level, (entry.id, entry.label)
    assert library.passage("french/donne").label == "Désignation du donneur"
    assert library.passage("french/donne").title == "Désignation du donneur et genre de donne"


def test_french_aligned_block_by_block(library):
    for passage in library.document("french").passages:
        pairs = passage.aligned()
        assert len(pairs) == len(passage.blocks)
        assert all(english for _, english in pairs), passage.id  # every block translated
        assert "\n\n".join(english for _, english in pairs) == passage.translation
    ecart = dict(library.passage("french/ecart").aligned())
    refus = next(fr for fr in ecart if "point de ⟨refus⟩" in fr)
    assert "point de refus" in ecart[refus] and "extra point" in ecart[refus]
    heading, english = library.passage("french/ecart").aligned()[0]
    assert heading == "### L'écart" and english == "**The discard**"


def test_passages_without_translation_are_one_block_each(library):
    law = library.passage("club-laws/38")
    assert [english for _, english in law.aligned()] == [None]
    assert library.passage("glossary/vole").aligned()[0][1] is None


def test_translation_kept_beside_its_block(tmp_path):
    path = tmp_path / "x.md"
    path.write_text(
        "{#x/a}\nUn.\n\n{.translation}\n> One.\n\nDeux.\n\nTrois.\n\n{.translation}\n> Three.\n",
        encoding="utf-8",
    )
    passage = parse_file(path, "x", "x.md").document.passages[0]
    assert passage.aligned() == [("Un.", "One."), ("Deux.", None), ("Trois.", "Three.")]


def test_emendations_marked_in_each_reading(library):
    text = "the {~~tramps~>trumps~~}{>>OCR<<} card{++.++} ones{--'--};"
    assert marked(text) == "the ⟨trumps⟩ card⟨.⟩ ones⟨⟩;"
    assert marked(text, "received") == "the ⟨tramps⟩ card⟨⟩ ones⟨'⟩;"
    assert marked(text, "both") == "the ⟨tramps → trumps⟩ card⟨ → .⟩ ones⟨' → ⟩;"
    with pytest.raises(ValueError):
        marked(text, "neither")
    intro = library.passage("french/intro")
    assert "les plus ⟨connus⟩ en France" in intro.marked()
    assert "les plus ⟨connu⟩ en France" in intro.marked("received")
    assert "⟨connu → connus⟩" in intro.aligned("both")[1][0]


plain_text = st.text(alphabet=st.characters(blacklist_characters="{}~+-<>\n⟨⟩"), max_size=20)


@given(st.lists(st.tuples(plain_text, plain_text, plain_text), max_size=5))
def test_marks_removed_give_each_reading(parts):
    source = "".join(f"{before}{{~~{old}~>{new}~~}}" for before, old, new in parts)
    for reading, emended in (("corrected", True), ("received", False)):
        assert re.sub("[⟨⟩]", "", marked(source, reading)) == resolve(source, emended)


def test_suggestions_for_an_unknown_id(library):
    assert library.suggest("38")[0] == "club-laws/38"
    assert library.suggest("club-law/38")[0] == "club-laws/38"
    assert "french/ecart" in library.suggest("french/ecarte")
    assert library.suggest("no/such") == []
    assert library.suggest("") == []
    assert library.suggest("x" * 100_000) == []  # a huge argument is not compared whole
