"""Cards and notation: the 32-card pack, K Q J A T 9 8 7 in every suit."""

import pytest

from tutor.rules.cards import PACK, Card, CardError, Rank, Suit, card, parse_cards, sort_hand


def test_pack_has_32_cards_sevens_to_kings():
    # britannica-9/deal: the small cards, two to six, are removed.
    assert len(PACK) == 32
    assert len(set(PACK)) == 32
    assert {c.rank for c in PACK} == set(Rank)


def test_ranking_king_queen_knave_ace_ten_nine_eight_seven():
    # britannica-9/play: "king (highest), queen, knave, ace, ten, nine, eight, seven"
    order = [card(t).rank for t in ("KS", "QS", "JS", "AS", "TS", "9S", "8S", "7S")]
    assert order == sorted(order, reverse=True)
    # club-laws/intro: "the knave can take the ace, but the ace can take the ten"
    assert card("JH").rank > card("AH").rank > card("TH").rank


@pytest.mark.parametrize("text", ["ks", "Ks", "KS", " KS "])
def test_input_is_case_insensitive(text):
    assert Card.parse(text) == card("KS")


def test_ten_accepted_as_10_and_T():
    assert Card.parse("10H") == Card.parse("TH") == Card(Rank.TEN, Suit.HEARTS)


def test_output_upper_case_and_symbols():
    c = Card.parse("qd")
    assert str(c) == "QD"
    assert c.symbol == "Q♦"
    assert c.noun == "queen of diamonds"


@pytest.mark.parametrize("bad", ["", "X", "6S", "KX", "KSS", "1H", "2C"])
def test_bad_cards_are_refused(bad):
    with pytest.raises(CardError):
        Card.parse(bad)


def test_parse_cards_and_duplicates():
    assert [str(c) for c in parse_cards("KS, TH 7c")] == ["KS", "TH", "7C"]
    with pytest.raises(CardError):
        parse_cards("KS ks")


def test_sort_hand_puts_trumps_first():
    hand = parse_cards("7S KH QD 9H")
    assert [str(c) for c in sort_hand(hand, Suit.HEARTS)] == ["KH", "9H", "7S", "QD"]


def test_card_index_is_a_bijection():
    assert sorted(c.index for c in PACK) == list(range(32))


def test_a_discard_is_told_each_suit_high_to_low_as_a_hand_is_shown():
    """A tester's review: "discard J♠ K♠" (the record's order) read as a slip."""
    from tutor.rules.actions import Action

    assert Action.parse("discard JS KS 8H JD AC").label == "discard K♠ J♠ 8♥ J♦ A♣"
    assert Action.parse("lead KS").label == "lead K♠"
