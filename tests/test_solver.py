"""The double-dummy solver against a brute-force minimax over real positions."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.engines.solver import Solver, follows_mask, mask_of, second_wins, suit_number
from tutor.rules.cards import PACK, Suit
from tutor.rules.laws import legal_follows, trick_winner


def brute_tricks(leader: list, other: list, trump: Suit) -> int:
    """Tricks the leader makes, by plain minimax over the laws (no memo, no pruning)."""
    if not leader:
        return 0
    best = -1
    for card in leader:
        worst = 99
        for reply in legal_follows(other, card, trump):
            rest_l = [c for c in leader if c != card]
            rest_o = [c for c in other if c != reply]
            if trick_winner(card, reply, trump) == 0:
                value = 1 + brute_tricks(rest_l, rest_o, trump)
            else:
                value = len(rest_l) - brute_tricks(rest_o, rest_l, trump)
            worst = min(worst, value)
        best = max(best, worst)
    return best


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 4), st.randoms(use_true_random=False))
def test_solver_agrees_with_brute_force(n: int, rng: random.Random) -> None:
    cards = rng.sample(PACK, 2 * n)
    leader, other = cards[:n], cards[n:]
    trump = rng.choice(list(Suit))
    solved = Solver().lead_tricks(mask_of(leader), mask_of(other), suit_number(trump))
    assert solved == brute_tricks(leader, other, trump)


def test_full_hands_agree_with_brute_force() -> None:
    rng = random.Random(7)
    solver = Solver()  # one memo across deals, as the engine keeps it
    for _ in range(25):
        cards = rng.sample(PACK, 10)
        trump = rng.choice(list(Suit))
        t = suit_number(trump)
        expected = brute_tricks(cards[:5], cards[5:], trump)
        assert solver.lead_tricks(mask_of(cards[:5]), mask_of(cards[5:]), t) == expected


def test_lead_and_follow_values_are_consistent() -> None:
    rng = random.Random(3)
    solver = Solver()
    for _ in range(200):
        n = rng.randint(1, 5)
        cards = rng.sample(PACK, 2 * n)
        trump = rng.choice(list(Suit))
        t = suit_number(trump)
        a, b = mask_of(cards[:n]), mask_of(cards[n:])
        leads = solver.lead_values(a, b, t)
        assert max(leads.values()) == solver.lead_tricks(a, b, t)
        led = cards[0]
        follows = solver.follow_values(b, a ^ (1 << led.index), led.index, t)
        assert n - max(follows.values()) == leads[led.index]


@pytest.mark.parametrize(
    "led,reply,trump,wins",
    [
        ("QS", "KS", "H", True),
        ("KS", "7H", "H", True),
        ("7S", "KD", "H", False),
        ("KH", "AH", "H", False),
    ],
)
def test_second_wins_matches_the_laws(led: str, reply: str, trump: str, wins: bool) -> None:
    from tutor.rules.cards import card

    a, b = card(led), card(reply)
    assert second_wins(a.index, b.index, suit_number(Suit(trump))) is wins
    assert (trick_winner(a, b, Suit(trump)) == 1) is wins


def test_follows_mask_matches_legal_follows() -> None:
    rng = random.Random(11)
    for _ in range(500):
        cards = rng.sample(PACK, 6)
        trump = rng.choice(list(Suit))
        led, hand = cards[0], cards[1:]
        allowed = follows_mask(mask_of(hand), led.index, suit_number(trump))
        assert allowed == mask_of(legal_follows(hand, led, trump))
