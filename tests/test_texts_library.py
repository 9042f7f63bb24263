"""The texts library against the real texts/: ids, lookup, readings, translations."""

from __future__ import annotations

import re

import pytest

from tutor.texts import UnknownPassage, check_library, load_library
from tutor.texts.check import default_contract
from tutor.texts.contract import contract_ids


@pytest.fixture(scope="module")
def library():
    return load_library()


def test_loads_without_faults(library):
    assert library.faults == []
    assert check_library(library) == []


def test_every_agreed_id_exists(library):
    contract = default_contract(library)
    assert contract is not None
    ids = [ident for ident, _ in contract_ids(contract)]
    assert len(ids) > 100
    assert [i for i in ids if i not in library] == []


def test_ids_unique_and_in_reading_order(library):
    ids = library.ids()
    assert len(ids) == len(set(ids))
    assert (
        ids.index("britannica-9/origin")
        < ids.index("britannica-9/laws/1")
        < ids.index("club-laws/1")
    )
    assert ids.index("club-laws/51") < ids.index("french/intro")


def test_club_laws_are_exactly_1_to_51(library):
    numbered = [i for i in library.ids() if re.fullmatch(r"club-laws/\d+", i)]
    assert numbered == [f"club-laws/{n}" for n in range(1, 52)]
    abridged = [i for i in library.ids() if re.fullmatch(r"britannica-9/laws/\d+", i)]
    assert abridged == [f"britannica-9/laws/{n}" for n in range(1, 26)]


def test_lookup(library):
    law = library.passage("club-laws/38")
    assert law.title == "Law 38"
    assert law.document == "club-laws"
    assert law.file.name == "club-laws.md"
    lines = law.file.read_text(encoding="utf-8").splitlines()
    assert lines[law.line - 1].startswith("38.--")
    assert "club-laws/38" in library
    assert "club-laws/52" not in library
    with pytest.raises(UnknownPassage):
        library.passage("club-laws/52")
    with pytest.raises(KeyError):
        library.passage("nowhere")


def test_emended_and_received_readings(library):
    hint = library.passage("britannica-9/hints/trump-value")
    assert "value of the trumps" in hint.plain_text()
    assert "value of the tramps" in hint.plain_text(emended=False)
    assert "{~~" not in hint.markdown() and "tramps" not in hint.markdown()
    assert "trumps [received: “tramps”]" in hint.markdown(marks=True)
    assert any("tramps" in note for note in hint.notes)
    assert "Refuse with three" in library.passage("britannica-9/hints/three-queens").plain_text()
    assert "muse not change" in library.passage("club-laws/8").plain_text(emended=False)
    assert "must not change" in library.passage("club-laws/8").plain_text()


def test_page_references_stay_where_they_fall(library):
    """[9:7:621] is in the received article; [9:7:620] only in its header, not copied."""
    assert "[9:7:621]" in library.passage("britannica-9/hints/score/adverse-four").plain_text()
    article = " ".join(
        p.plain_text(emended=False) for p in library.document("britannica-9").passages
    )
    assert article.count("[9:7:621]") == 1
    assert "[9:7:620]" not in article
    assert any("[9:7:620]" in note for note in library.passage("britannica-9/origin").notes)


def test_every_french_passage_has_its_translation(library):
    french = library.document("french").passages
    assert {p.id for p in french} >= {"french/ecart", "french/points", "french/cinq-six"}
    for passage in french:
        assert passage.translation, passage.id
        assert "> " not in passage.translation
        assert passage.translation not in passage.markdown()
    ecart = library.passage("french/ecart")
    assert "point de refus" in ecart.plain_text()
    assert "extra point" in ecart.translation


def test_children_and_sections(library):
    rule = library.passage("britannica-9/hints/jeux-de-regle/2")
    assert rule.children == [f"britannica-9/hints/jeux-de-regle/2{c}" for c in "abcde"]
    section = [p.id for p in library.section("britannica-9/hints/jeux-de-regle")]
    assert section[:3] == [
        "britannica-9/hints/jeux-de-regle",
        "britannica-9/hints/jeux-de-regle/1",
        "britannica-9/hints/jeux-de-regle/2",
    ]


def test_documents_have_headers_and_toc(library):
    for name in ("britannica-9", "club-laws", "french"):
        document = library.document(name)
        for key in ("title", "origin", "date", "licence", "attribution"):
            assert document.header.get(key), (name, key)
        assert [entry.id for entry in document.toc] == [p.id for p in document.passages]


def test_search(library):
    hits = library.search("tierce major")
    assert "britannica-9/hints/refusing/2" in [h.id for h in hits]
    assert all("tierce major" in h.snippet.lower() for h in hits[:1])
    assert library.search("") == []


def test_glossary_entries(library):
    entries = {entry.id: entry for entry in library.glossary()}
    for slug in (
        "vole",
        "point",
        "jeu-de-regle",
        "tierce-major",
        "tenace",
        "guarded",
        "singly-guarded",
        "forward-game",
        "la-chouette",
        "rentrant",
        "jouer-d-autorite",
        "ecart",
        "talon",
        "retourne",
        "point-de-refus",
        "cinq-secs",
        "cinq-lies",
        "belle",
        "trumps",
        "turn-up",
        "proposal",
        "stock",
        "revoke",
        "king",
        "elder-hand",
        "misdeal",
        "pool",
        "ruff",
        "court-card",
        "plain-suit",
    ):
        assert f"glossary/{slug}" in entries, slug
    vole = entries["glossary/vole"]
    assert vole.term == "Vole"
    assert "all five tricks" in vole.definition
    assert "club-laws/48" in vole.see_also
    assert library.passage("glossary/vole").title == "Vole"
    assert all(entry.see_also for entry in entries.values())


def test_readings_are_marked_as_the_projects(library):
    for slug in (
        "small-card",
        "court-card",
        "guarded",
        "singly-guarded",
        "strong-suit",
        "moderate-cards",
    ):
        reading = library.passage(f"readings/{slug}")
        assert "the project's reading, not the source's words" in reading.plain_text().lower()
        assert any(link.startswith("britannica-9/hints") for link in reading.links), slug
    assert "readings/guarded" in library.backlinks(
        "glossary/guarded"
    ) or "glossary/guarded" in library.backlinks("readings/guarded")


def test_cross_references_and_backlinks(library):
    for n in range(1, 26):
        law = library.passage(f"britannica-9/laws/{n}")
        assert law.notes, n
        if n < 24:
            assert any(link.startswith("club-laws/") for link in law.links), n
    assert library.passage("britannica-9/laws/18").links[0] == "club-laws/38"
    assert set(library.passage("britannica-9/laws/1").links) >= {
        "club-laws/3",
        "club-laws/4",
        "club-laws/7",
    }
    assert "britannica-9/laws/18" in library.backlinks("club-laws/38")
    assert "concordance/point-de-refus" in library.backlinks("club-laws/49")
    assert "french/ecart" in library.backlinks("concordance/point-de-refus")


def test_disagreements_are_noted(library):
    refus = library.passage("concordance/point-de-refus").plain_text()
    assert "one extra point" in refus and "two" in refus
    assert "5 or 7" in library.passage("concordance/game-length").plain_text()
    assert "three" in library.passage("concordance/three-a-deal").plain_text()


def test_notes_on_people_and_books(library):
    for slug in (
        "academie-des-jeux",
        "compleat-gamester",
        "boiteau-d-ambly",
        "hoyle",
        "van-tenac-delanoue",
        "bohn",
        "cavendish",
        "turf-club",
        "robert-houdin",
        "poe-william-wilson",
        "journal-des-dames",
    ):
        assert f"notes/{slug}" in library
    assert "notes/cavendish" in library.passage("britannica-9/bibliography").links


def test_search_ranks_the_phrase_and_shows_the_corrected_text_once():
    # A learner review: snippets began mid-word, said the passage twice, and showed the
    # uncorrected "Befuse"; "point de refus" found a passage naming it only in a note first.
    library = load_library()
    hits = library.search("three queens")
    three = next(h for h in hits if h.id == "britannica-9/hints/three-queens")
    assert "Befuse" not in three.snippet and three.snippet.count("three queens") == 1
    assert library.search("point de refus")[0].id == "glossary/point-de-refus"
    for hit in hits:
        body = hit.snippet.strip("…")
        assert body == body.strip() and not body.startswith(("e ", "s "))


def test_a_french_passage_beside_a_lesson_brings_its_english(library):
    """A learner review: lesson 16 showed the French rules alone. Each paragraph is
    followed by the project's translation, a heading's translation beside it."""
    valeur = library.passage("french/valeur").bilingual_markdown()
    assert valeur.startswith("### Ordre de valeur des cartes (Order of value of the cards)")
    french = valeur.index("Roi, dame, valet")
    english = valeur.index("> *English:* King, queen, knave")
    assert french < english
    marque = library.passage("french/marque").bilingual_markdown()
    assert "> *English:*\n>\n> - 1 point when one has made three or four tricks." in marque
    for passage in (library.passage(i) for i in library.ids() if i.startswith("french/")):
        told = passage.bilingual_markdown()
        assert "> *English:*" in told or not passage.block_translations, passage.id
    law = library.passage("club-laws/38")
    assert law.bilingual_markdown() == law.markdown()


def test_search_finds_a_law_by_its_subject_and_a_word_by_its_stem(library):
    # A learner review: "revoke" did not find club law 43 ("Revoke, failing to win", its
    # text says "renounce") nor the Britannica's "Revoking, and not winning trick".
    found = [hit.id for hit in library.search("revoke")]
    assert found[0] == "club-laws/43"  # the subject is a title
    assert "britannica-9/laws/22" in found
    assert {hit.id for hit in library.search("revoked")} == set(found)
    assert library.search("king")[0].id == "britannica-9/king"


def test_search_shows_and_matches_a_translation_as_plain_text(library):
    """A tester's review: a French passage found by its translation showed the raw
    Markdown ("**Écarté** Écarté is a card game…"), and "**" or "*" found them all."""
    hits = library.search("card game for two players")
    intro = next(h for h in hits if h.id == "french/intro")
    assert intro.snippet.startswith("Écarté Écarté is a card game for two players")
    for hit in hits + library.search("order of value"):
        assert "*" not in hit.snippet and "](" not in hit.snippet, hit
    assert library.search("**") == [] and library.search("*") == []


def test_a_page_marker_is_set_off_from_the_sentence_it_stands_in(library):
    """A learner review: "At the adverse [9:7:621] score of four" read the page marker
    as part of the sentence. The source keeps it; a reader sees the page sign, and a
    note says which page begins there, in every reading."""
    passage = library.passage("britannica-9/hints/score/adverse-four")
    assert "[9:7:621]" in passage.source
    for shown in (
        passage.shown_markdown(),
        passage.shown_markdown(emended=False),
        passage.bilingual_markdown(),
        *(passage.marked(reading) for reading in ("corrected", "received", "both")),
        *(block for block, _ in passage.aligned()),
    ):
        assert "[9:7:621]" not in shown and "At the adverse ‖ score of four" in shown
    note = "‖ marks where page 621 of volume 7 begins in the printed source"
    assert any(n.startswith(note) and "[9:7:621]" in n for n in passage.project_notes)
    assert passage.project_notes[-1] in passage.notes
    hit = library.search("adverse score of four")[0]
    assert hit.id == passage.id and "[9:7:621]" not in hit.snippet


def test_no_text_a_learner_reads_names_the_code(library):
    """A learner review: the reading of "guarded" ended "The code is `guarded_in` and
    `is_guarded` in `tutor/hints/readings.py`". Pointers for developers are comments."""
    code = re.compile(r"tutor/|benchmarks/|tools/|\.py\b|The code is")
    for document in library.documents():
        for passage in document.passages:
            for text in [passage.source, *passage.note_sources, passage.translation_source or ""]:
                assert not code.search(text), (passage.id, code.search(text))


def test_page_markers_are_read_in_bounds_on_any_input() -> None:
    from tutor.texts.pages import page_markers, set_off, without_markers

    # a run of digits too long to be a page is no marker (int() would refuse it)
    assert page_markers("[" + "9" * 9000 + ":1:1] [9:7:621]")[-1].page == 621
    assert len(page_markers("[" + "9" * 9000 + ":1:1]")) == 0
    assert set_off("a [9:7:621] b") == "a ‖ b"
    assert without_markers("At the adverse [9:7:621] score") == "At the adverse score"
    # a long run of spaces is passed over once, not once from each of its spaces
    spaces = " " * 200_000 + "x"
    assert without_markers(spaces) == spaces
