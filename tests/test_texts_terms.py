"""The glossary's terms found in running text (the hints at the table link them)."""

from __future__ import annotations

from tutor.texts.library import load_library
from tutor.texts.terms import EVERYDAY, forms, terms_in


def test_a_terms_forms_are_its_names_without_their_gloss():
    assert forms("Deal, dealer, non-dealer") == ("Deal", "dealer", "non-dealer")
    assert forms("Abandon (the hand)") == ("Abandon",)


def test_terms_of_art_are_found_in_any_number_and_case_in_order_of_use():
    glossary = load_library().glossary()
    text = (
        "The VOLE counts two. Jeux de règle are played; a refusal gives the point de refus,"
        " and the dealer deals the next trick."
    )
    assert [e.id for e in terms_in(text, glossary)] == [
        "glossary/vole",
        "glossary/jeu-de-regle",
        "glossary/point-de-refus",
    ]
    assert not any(e.id in EVERYDAY for e in terms_in(text, glossary))


def test_a_word_inside_another_is_not_a_term():
    glossary = load_library().glossary()
    assert terms_in("Écarté is played with thirty-two cards.", glossary) == []


def test_a_long_text_is_searched_in_linear_time():
    glossary = load_library().glossary()
    # "jeu jeu jeu ..." never completes a term: each pattern fails at each word once
    assert terms_in("jeu " * 50_000, glossary) == []
