"""How the weak-spots list names a missed law step: by its own question, set up."""

from __future__ import annotations

from tutor.app.screens.weak_spots import QUESTION_WIDTH, question_of


def test_a_question_comes_with_the_sentence_that_sets_it_up():
    # A learner review: "When does the French text give the dealer a point for it?"
    prompt = (
        "Under the French rules, the non-dealer plays d'autorité, without asking for cards."
        " When does the French text give the dealer a point for it?"
    )
    assert question_of(prompt) == prompt


def test_only_the_last_two_sentences_and_no_more_than_the_width():
    prompt = "First. " + "Second sentence, " * 20 + "long. Last?"
    named = question_of(prompt)
    assert not named.startswith("First") and len(named) <= QUESTION_WIDTH
    assert named.endswith("…")
    assert question_of("How many cards are in the écarté pack?") == (
        "How many cards are in the écarté pack?"
    )
