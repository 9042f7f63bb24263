"""The double-dummy solver against a brute-force minimax over real positions."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.engines.solver import (
    Solver,
    bits,
    canonical,
    canonical_pair,
    follows_mask,
    mask_of,
    mask_of_indices,
    second_wins,
    suit_number,
)
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


def random_hands(n: int, rng: random.Random) -> tuple[list, list, Suit]:
    """Two hands of ``n`` cards each and a trump suit."""
    cards = rng.sample(PACK, 2 * n)
    return cards[:n], cards[n:], rng.choice(list(Suit))


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 4), st.randoms(use_true_random=False))
def test_solver_agrees_with_brute_force(n: int, rng: random.Random) -> None:
    leader, other, trump = random_hands(n, rng)
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


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 5), st.randoms(use_true_random=False))
def test_follow_values_agree_with_brute_force(n: int, rng: random.Random) -> None:
    follower, leader, trump = random_hands(n, rng)
    led = leader[0]
    values = Solver().follow_values(
        mask_of(follower), mask_of(leader[1:]), led.index, suit_number(trump)
    )
    for reply in legal_follows(follower, led, trump):
        rest_f = [c for c in follower if c != reply]
        if trick_winner(led, reply, trump) == 1:
            expected = 1 + brute_tricks(rest_f, leader[1:], trump)
        else:
            expected = len(rest_f) - brute_tricks(leader[1:], rest_f, trump)
        assert values[reply.index] == expected


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 5), st.randoms(use_true_random=False), st.permutations(range(3)))
def test_canonical_positions_forget_plain_suit_names_and_cards_gone(
    n: int, rng: random.Random, order: list[int]
) -> None:
    """Renaming the plain suits, or moving a suit's cards to other ranks in the same
    order, gives the same canonical position: such deals share one memo entry."""
    trump = rng.randrange(4)
    cards = rng.sample(range(32), 2 * n)
    a = mask_of_indices(cards[:n])
    b = mask_of_indices(cards[n:])
    plain = [s for s in range(4) if s != trump]
    rename = dict(zip(plain, [plain[i] for i in order], strict=True)) | {trump: trump}

    def renamed(mask: int) -> int:
        return mask_of_indices(8 * rename[c >> 3] + (c & 7) for c in bits(mask))

    assert canonical_pair(renamed(a), renamed(b), trump) == canonical_pair(a, b, trump)
    squeezed_a, squeezed_b, where = canonical(a, b, trump)
    assert (squeezed_a, squeezed_b) == canonical_pair(a, b, trump)
    assert canonical_pair(squeezed_a, squeezed_b, 0) == (squeezed_a, squeezed_b)
    assert sorted(where) == sorted(cards)
