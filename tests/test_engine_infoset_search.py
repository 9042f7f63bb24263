"""The fusion-free card search against plain averaging of solved deals."""

from __future__ import annotations

import random
from itertools import pairwise

from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.engines.infoset_search import card_values
from tutor.engines.solver import Solver, follows_mask

WORTH = (-2.0, -1.0, -1.0, 1.0, 1.0, 2.0)
"""Points at love-all by tricks made: the vole lost, the point lost, won, the vole."""


def mask(cards: list[int]) -> int:
    out = 0
    for c in cards:
        out |= 1 << c
    return out


def position(seed: int, size: int, worlds: int, following: bool):
    """My hand of ``size``, a card led to me or not, and holdings of the adversary
    drawn from the cards I have not seen."""
    rng = random.Random(seed)
    pack = list(range(32))
    rng.shuffle(pack)
    mine = mask(pack[:size])
    trump = pack[size] >> 3
    led = pack[size + 1] if following else None
    pool = pack[size + 2 :]
    holdings = []
    for _ in range(worlds):
        holdings.append((mask(rng.sample(pool, size - following)), 1.0 / worlds))
    return mine, led, holdings, trump


def averaged(solver: Solver, mine, led, worlds, trump) -> dict[int, float]:
    """Plain averaging: each world solved as if I knew it (perfect-information Monte Carlo)."""
    out: dict[int, float] = {}
    for holding, weight in worlds:
        if led is None:
            made = solver.lead_values(mine, holding, trump)
        else:
            made = solver.follow_values(mine, holding, led, trump)
        for c, t in made.items():
            out[c] = out.get(c, 0.0) + weight * WORTH[t]
    return out


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 10**9), st.integers(2, 5), st.booleans())
def test_one_world_is_solved_exactly(seed: int, size: int, following: bool) -> None:
    solver = Solver()
    mine, led, worlds, trump = position(seed, size, 1, following)
    assert card_values(solver, mine, led, worlds, 0, WORTH, trump) == averaged(
        solver, mine, led, worlds, trump
    )


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 10**9), st.integers(3, 5), st.booleans())
def test_never_values_a_card_above_averaging(seed: int, size: int, following: bool) -> None:
    """Choosing my next card once for worlds I cannot tell apart can only lose what
    averaging wrongly counts (strategy fusion), never gain."""
    solver = Solver()
    mine, led, worlds, trump = position(seed, size, 12, following)
    searched = card_values(solver, mine, led, worlds, 0, WORTH, trump)
    plain = averaged(solver, mine, led, worlds, trump)
    legal = mine if led is None else follows_mask(mine, led, trump)
    assert set(searched) == {c for c in range(32) if legal >> c & 1}
    for card, value in searched.items():
        assert value <= plain[card] + 1e-9


def test_averaging_overrates_some_positions_the_search_sees_through() -> None:
    solver = Solver()
    overrated = 0
    for seed in range(300):
        mine, led, worlds, trump = position(seed, 4, 12, False)
        searched = card_values(solver, mine, led, worlds, 0, WORTH, trump)
        plain = averaged(solver, mine, led, worlds, trump)
        overrated += any(searched[c] < plain[c] - 1e-9 for c in searched)
    assert overrated > 0


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**9), st.integers(3, 5), st.booleans())
def test_each_choice_made_for_the_group_can_only_lower_a_value(
    seed: int, size: int, following: bool
) -> None:
    """One choice constrained is plain averaging; each further choice made once for
    the worlds I cannot tell apart removes more of what averaging wrongly counts."""
    solver = Solver()
    mine, led, worlds, trump = position(seed, size, 10, following)
    by_choices = [
        card_values(solver, mine, led, worlds, 0, WORTH, trump, choices) for choices in (1, 2, 3, 5)
    ]
    plain = averaged(solver, mine, led, worlds, trump)
    for card, value in by_choices[0].items():
        assert abs(value - plain[card]) < 1e-9
    for looser, tighter in pairwise(by_choices):
        for card in looser:
            assert tighter[card] <= looser[card] + 1e-9


def test_every_choice_made_for_the_group_is_exact_with_one_world_left() -> None:
    """With a single world, constraining any number of choices changes nothing."""
    solver = Solver()
    for seed in range(40):
        mine, led, worlds, trump = position(seed, 5, 1, seed % 2 == 1)
        exact = averaged(solver, mine, led, worlds, trump)
        assert card_values(solver, mine, led, worlds, 0, WORTH, trump, 5) == exact
