"""The law of the trick at four, five and six, generalised from the game for two.

Passages: french/jeu and britannica-9/play (follow suit, win if you can, trump
if void); french/quatre ("Même règle") and french/cinq-six ("Le reste est la
même chose") carry that law to the bigger tables.
"""

import random

from hypothesis import given
from hypothesis import strategies as st

from tutor.rules.cards import PACK, Suit, parse_cards
from tutor.rules.laws import legal_follows, trick_winner
from tutor.tables.tricks import best_index, legal_plays, play_reason

SPADES = Suit.SPADES


def test_a_lead_may_be_any_card():
    hand = parse_cards("KS 7H 8D")
    assert legal_plays(hand, (), SPADES) == hand


@given(st.randoms(use_true_random=False))
def test_with_one_card_on_the_table_it_is_the_two_handed_law(rng: random.Random):
    """french/jeu, britannica-9/play: at two the generalised law is the law itself."""
    cards = rng.sample(PACK, 7)
    hand, led, trump = cards[:5], cards[5], cards[6].suit
    assert legal_plays(hand, (led,), trump) == legal_follows(hand, led, trump)
    assert best_index((led, cards[0]), trump) == trick_winner(led, cards[0], trump)


def test_must_beat_the_best_card_so_far_in_the_suit_led():
    trick = parse_cards("9H JH")
    hand = parse_cards("TH QH KH 7S")
    assert legal_plays(hand, trick, SPADES) == parse_cards("QH KH")
    assert "beat the best card" in play_reason(hand, trick, SPADES)


def test_when_the_trick_is_trumped_any_card_of_the_suit_led():
    trick = parse_cards("9H 7S")
    hand = parse_cards("TH KH 8S")
    assert legal_plays(hand, trick, SPADES) == parse_cards("TH KH")


def test_void_must_overtrump_if_able_else_trump():
    trick = parse_cards("9H 9S")
    assert legal_plays(parse_cards("7S TS 8D"), trick, SPADES) == parse_cards("TS")
    assert legal_plays(parse_cards("7S 8S 8D"), trick, SPADES) == parse_cards("7S 8S")
    assert legal_plays(parse_cards("8D 9C"), trick, SPADES) == parse_cards("8D 9C")


def test_best_index_follows_trumps_and_the_suit_led():
    assert best_index(parse_cards("9H KD JH 7S 8S"), SPADES) == 4
    assert best_index(parse_cards("9H KD JH"), SPADES) == 2
