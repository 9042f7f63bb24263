"""The exact adversarial defence against brute force over explicit holdings."""

from __future__ import annotations

import random

import pytest

from tests.practice.brute import holdings, reachable
from tutor.practice.defence import Defence, State, adversary_cards, play


def _small_positions(seed: int, count: int) -> list[tuple[State, frozenset[int]]]:
    """Positions two or three tricks from the end, from random hands and pools."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        cards = rng.sample(range(32), 32)
        tricks_left = rng.choice((2, 3))
        mine = sum(1 << c for c in cards[:tricks_left])
        pool_cards = cards[tricks_left : tricks_left + tricks_left + rng.randint(0, 4)]
        pool = sum(1 << c for c in pool_cards)
        must = 1 << pool_cards[0] if rng.random() < 0.2 else 0
        won_learner = rng.randint(0, 5 - tricks_left)
        won = (won_learner, 5 - tricks_left - won_learner)
        trump = rng.randrange(4)
        leads = rng.random() < 0.5
        state = State(trump, mine, pool, must, tricks_left, -1, leads, won)
        if not leads and rng.random() < 0.5:  # the adversary has led already
            lead = rng.choice(adversary_cards(state))
            state = play(state, lead, False)
        worlds = frozenset(h for h in holdings(state.pool, state.must, state.size))
        out.append((state, worlds))
    return out


@pytest.mark.parametrize("seed", range(4))
def test_the_pool_model_agrees_with_explicit_holdings(seed: int) -> None:
    defence = Defence()
    for state, worlds in _small_positions(seed, 60):
        for need in range(state.won[0], 6):
            expected = reachable(
                state.trump, state.mine, worlds, state.led, state.learner_leads, state.won, need
            )
            assert defence.reachable(state, need) == expected, (state, need)


def test_a_first_lead_with_every_unseen_card_is_answered() -> None:
    # K Q J of trumps, the king of hearts and the seven of clubs; the turn-up 7S.
    mine = sum(1 << c for c in (7, 6, 5, 15, 24))
    pool = ((1 << 32) - 1) & ~mine & ~(1 << 0)
    state = State(trump=0, mine=mine, pool=pool, must=0, size=5)
    defence = Defence()
    assert defence.best_guaranteed(state) >= 3
