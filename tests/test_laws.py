"""The laws of play, each test naming the passage it checks."""

from tutor.rules.cards import Suit, card, parse_cards
from tutor.rules.laws import beats, game_value, legal_follows, trick_points, trick_winner
from tutor.rules.rulesets import ENGLISH, FRENCH, make_rules

H, S = Suit.HEARTS, Suit.SPADES


def names(cards):
    return sorted(str(c) for c in cards)


def test_highest_card_of_suit_led_wins():
    # britannica-9/play: "The highest card of the suit led wins"
    assert trick_winner(card("JD"), card("AD"), H) == 0
    assert trick_winner(card("AD"), card("JD"), H) == 1


def test_trumps_win_other_suits():
    # britannica-9/play: "Trumps win other suits"; club-laws/intro: a seven of trumps takes a king.
    assert beats(card("7H"), card("KS"), H)
    assert not beats(card("KS"), card("7H"), H)


def test_a_discard_of_another_suit_never_wins():
    assert trick_winner(card("7D"), card("KC"), H) == 0


def test_must_follow_suit_and_win_if_able():
    # britannica-9/play: "must follow suit if able, and must win the trick if he can"
    hand = parse_cards("KD 8D 7H QS")
    assert names(legal_follows(hand, card("TD"), H)) == ["KD"]


def test_following_suit_without_a_winner_any_card_of_the_suit():
    hand = parse_cards("9D 8D 7H QS")
    assert names(legal_follows(hand, card("TD"), H)) == ["8D", "9D"]


def test_void_in_suit_must_trump_if_able():
    # britannica-9/play: win "whether by trumping or otherwise"
    hand = parse_cards("8H 7H QS AC")
    assert names(legal_follows(hand, card("TD"), H)) == ["7H", "8H"]


def test_void_and_no_trump_any_card():
    hand = parse_cards("QS AC 7C")
    assert names(legal_follows(hand, card("TD"), H)) == ["7C", "AC", "QS"]


def test_trump_led_must_overtrump_if_able():
    hand = parse_cards("KH 7H AS")
    assert names(legal_follows(hand, card("QH"), H)) == ["KH"]


def test_point_and_vole():
    # club-laws/48: one for the point, two for the vole.
    assert trick_points(3, False, ENGLISH) == 1
    assert trick_points(4, False, ENGLISH) == 1
    assert trick_points(5, False, ENGLISH) == 2


def test_law_49_penalty_gives_two_vole_unaffected():
    # club-laws/49: the adversary marks two; "the score for the vole being unaffected"
    assert trick_points(3, True, ENGLISH) == 2
    assert trick_points(5, True, ENGLISH) == 2


def test_french_point_de_refus_is_one_more_even_on_the_vole():
    # french/ecart: "ce dernier marque un point supplémentaire" (point de refus)
    assert trick_points(3, True, FRENCH) == 2
    assert trick_points(5, True, FRENCH) == 3


def test_law_46_valuation():
    # club-laws/46: treble if the adversary has not scored, double for one or two, single for three or four.
    rules = make_rules("english", valuation=True)
    assert [game_value(s, rules) for s in range(5)] == [3, 2, 2, 1, 1]
    assert game_value(0, ENGLISH) == 1
