"""The study's figures as sentences beside the hints' passages and lesson steps."""

from tutor.analysis.study_notes import load_study, notes_for_hint, notes_for_passage, notes_markdown


def test_every_jeu_de_regle_category_has_figures():
    for category in ("1", "2a", "2b", "2c", "2d", "2e", "3a", "3b", "3c", "4", "5"):
        notes = notes_for_passage(f"britannica-9/hints/jeux-de-regle/{category}")
        assert notes, category
        assert "won the point" in notes[0]
        assert "each player deciding from the cards he has seen" in notes[-1]
        assert "with every card seen" in notes[0]  # the double-dummy figure beside it


def test_refusal_exceptions_and_hints_map_to_their_passages():
    for n in range(1, 8):
        assert notes_for_hint(f"refuse/exception-{n}") == notes_for_passage(
            f"britannica-9/hints/refusing/{n}"
        )
        assert notes_for_hint(f"refuse/exception-{n}")


def test_overview_quotes_foster_and_the_two_to_one_claim():
    text = " ".join(notes_for_passage("britannica-9/hints/jeux-de-regle"))
    assert "65,780" in text and "44,574 to 21,206" in text and "50,274 to 15,506" in text
    assert "not made in these sources" in text


def test_other_passages_and_missing_data_have_none():
    assert notes_for_passage("club-laws/38") == []
    assert notes_for_hint("lead/persevere") == []
    assert notes_for_passage("britannica-9/hints/jeux-de-regle/1", study={}) == []
    assert notes_markdown([]) == ""


def test_shipped_study_is_readable():
    study = load_study()
    assert study is not None and study["deals"] >= 100_000
