"""Perft: exact counts of the legal card-play sequences of fixed deals, checked
against an independent brute-force enumerator (which knows nothing of tutor.rules.laws)."""

import random
from itertools import permutations

import pytest

from tests.helpers import arranged
from tutor.rules.actions import PLAY
from tutor.rules.cards import card
from tutor.rules.deal import Phase, deal_position
from tutor.rules.perft import card_play_sequences, perft


def _legal(hand, led, trump, card):
    """The law written out plainly: follow suit, win if you can, else trump if you can."""
    suit = [c for c in hand if c.suit == led.suit]
    if suit:
        if card.suit != led.suit:
            return False
        higher = [c for c in suit if c.rank > led.rank]
        return not higher or card in higher
    trumps = [c for c in hand if c.suit == trump]
    return not trumps or card in trumps


def _wins(second, first, trump):
    if second.suit == first.suit:
        return second.rank > first.rank
    return second.suit == trump


def brute_force(hands, trump, leader, starts=(None, None)):
    """Count play orders (a permutation of each hand) that are legal throughout;
    ``starts``: a card each seat's order must begin with, or None."""
    count = 0
    for order0 in permutations(hands[0]):
        if starts[0] is not None and order0[0] != starts[0]:
            continue
        for order1 in permutations(hands[1]):
            if starts[1] is not None and order1[0] != starts[1]:
                continue
            orders = [list(order0), list(order1)]
            held = [list(hands[0]), list(hands[1])]
            who = leader
            ok = True
            for _ in range(5):
                first = orders[who].pop(0)
                second = orders[1 - who].pop(0)
                if not _legal(held[1 - who], first, trump, second):
                    ok = False
                    break
                held[who].remove(first)
                held[1 - who].remove(second)
                if _wins(second, first, trump):
                    who = 1 - who
            count += ok
    return count


FIXED = [
    ("QS JS AS TS 9S", "8S 7S KH QH JH", "7D", 1440),
    ("KC 8H 9D TS QS", "JC AC 7D 7S KD", "9H", 1056),
    ("7C 8C 9C TC AC", "7S 8S 9S TS AS", "KH", 14400),
]


@pytest.mark.parametrize(("nd", "d", "turnup", "expected"), FIXED)
def test_fixed_deals_have_known_counts(nd, d, turnup, expected):
    p = arranged(nd, d, turnup).apply(PLAY)
    assert p.phase is Phase.LEAD
    assert card_play_sequences(p) == expected
    assert brute_force(p.hands, p.trump, leader=0) == expected


def test_random_deals_agree_with_brute_force():
    rng = random.Random(2026)
    checked = 0
    while checked < 8:
        p = deal_position(rng, 1).apply(PLAY)
        if p.phase is not Phase.LEAD or p.holds_trump_king(1):
            continue  # a king to mark adds decisions that are not card play
        assert card_play_sequences(p) == brute_force(p.hands, p.trump, leader=0)
        checked += 1


def test_perft_depths_of_the_opening():
    p = arranged("QS JS AS TS 9S", "8S 7S KH QH JH", "7D")
    # play | propose; then accept | refuse; then 31 discards of 1 to 5 cards
    assert perft(p, 1) == 2
    assert perft(p, 2) == 5 + 2  # five leads; accept or refuse
    # each lead has two follows (the dealer cannot win a spade); 31 discards; five leads
    assert perft(p, 3) == 10 + 31 + 5
    assert perft(p, 4) == 1042


def test_king_decision_doubles_the_count():
    p = arranged("QS JS AS TS 9S", "8S 7S KD QH JH", "7D").apply(PLAY)
    q = arranged("QS JS AS TS 9S", "8S 7S KH QH JH", "7D").apply(PLAY)
    assert card_play_sequences(p) == 2 * brute_force(p.hands, p.trump, leader=0)
    assert card_play_sequences(q) == brute_force(q.hands, q.trump, leader=0)


def test_king_first_card_opens_law_24s_window():
    """club-laws/24: a king of trumps held back and then played as its holder's first
    card may still be marked (the non-dealer's until it is played to, the dealer's
    before he plays again), so each such play order has one more binary decision."""
    p = arranged("KD JS AS TS 9S", "8S 7S KH QH JH", "7D").apply(PLAY)
    n = brute_force(p.hands, p.trump, leader=0)
    led_first = brute_force(p.hands, p.trump, leader=0, starts=(card("KD"), None))
    # marked at once: n orders; held: n orders, and the window again on each KD lead
    assert card_play_sequences(p) == 2 * n + led_first == 4608
    d = arranged("QD JS AS TS 9S", "8S 7S KD QH JH", "7D").apply(PLAY)
    n = brute_force(d.hands, d.trump, leader=0)
    played_first = brute_force(d.hands, d.trump, leader=0, starts=(None, card("KD")))
    assert card_play_sequences(d) == 2 * n + played_first == 1824
