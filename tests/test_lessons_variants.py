"""A step dealt again in other suits for a review: the same question, the answer and
the text mapped with the cards, and only where the hints engine agrees."""

from __future__ import annotations

import random

import pytest

from tutor.lessons import load_curriculum
from tutor.lessons.answers import same_action
from tutor.lessons.judge import judge
from tutor.lessons.variants import (
    holds,
    map_action,
    map_text,
    review_variant,
    suit_maps,
    with_suits,
)
from tutor.rules.actions import Action
from tutor.rules.cards import Suit

SWAP = {
    Suit.SPADES: Suit.HEARTS,
    Suit.HEARTS: Suit.SPADES,
    Suit.DIAMONDS: Suit.CLUBS,
    Suit.CLUBS: Suit.DIAMONDS,
}


@pytest.fixture(scope="module")
def positions():
    return [s for s in load_curriculum().steps if s.info is not None]


def test_suit_words_and_symbols_are_mapped_but_not_the_club_laws():
    text = "No spade; the King of Hearts, the ♦ and clubs; club law 38 and the club laws; a club."
    assert map_text(text, SWAP) == (
        "No heart; the King of Spades, the ♣ and diamonds; club law 38 and the club laws;"
        " a diamond."
    )


def test_every_exchange_of_suits_but_none_is_offered():
    maps = suit_maps(random.Random(1))
    assert len(maps) == 23 and all(m != {s: s for s in Suit} for m in maps)


def test_most_steps_have_a_variant_and_each_variant_answers_as_the_hints_do(positions):
    rng = random.Random(5)
    varied = 0
    for step in positions:
        variant = review_variant(step, rng)
        if variant is step:
            continue
        varied += 1
        assert variant.key == step.key  # progress knows it as the same step
        assert variant.info.trump != step.info.trump  # the hand in sight changes
        if variant.expected is not None:
            assert judge(variant, variant.expected).correct, step.id
    assert varied >= 0.9 * len(positions)


def test_a_variant_keeps_the_lesson_answer_and_its_text_agrees_with_its_cards(positions):
    step = next(s for s in positions if s.id == "guarded-suit-2")  # lesson 16: J♠ led
    variant = with_suits(step, SWAP)
    assert holds(step, variant, SWAP)
    assert variant.expected == map_action(step.expected, SWAP) == Action.parse("lead JH")
    assert "knave of hearts" in variant.explanation
    assert "knave of spades" not in variant.explanation
    wrong = next(a for a in variant.info.legal_actions() if not same_action(a, variant.expected))
    assert not judge(variant, wrong).correct


def test_a_variant_is_judged_as_written_and_told_in_its_own_suits(positions):
    """A learner review: a lead that was a miss in the lesson was "sound" in its review
    in other suits, by the luck of the holdings sampled."""
    step = next(s for s in positions if s.id == "guarded-suit-1")  # lesson 16, Q♣ a miss
    variant = with_suits(step, SWAP)
    queen = Action.parse("lead QC")
    before, after = judge(step, queen), judge(variant, map_action(queen, SWAP))
    assert not before.correct and not after.correct
    assert after.sound == before.sound
    assert after.feedback == map_text(before.feedback, SWAP)
    assert after.feedback != before.feedback
    assert after.step is variant and after.expected == str(map_action(step.expected, SWAP))
    # mapped twice, back where it was written: judged as written, nothing left to map
    again = with_suits(variant, {b: a for a, b in SWAP.items()})
    assert again.suits == () and again.info == step.info
