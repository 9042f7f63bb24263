"""The hidden-card player of the study: it sees only what a player at the table sees."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.engines.hidden import FULL, HiddenPlay, trick_values
from tutor.engines.solver import Solver


def mask(cards: list[int]) -> int:
    out = 0
    for c in cards:
        out |= 1 << c
    return out


def deal(seed: int) -> tuple[int, int, int]:
    pack = list(range(32))
    random.Random(seed).shuffle(pack)
    return mask(pack[:5]), mask(pack[5:10]), pack[10]


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**9), st.sampled_from([None, 0, 1]))
def test_told_every_card_it_scores_what_double_dummy_scores(seed: int, penalty) -> None:
    """Seeing the adversary's hand (all else marked seen), each side plays the
    exact minimax in points, which is the value of the minimax trick count."""
    nd, dl, turnup = deal(seed)
    solver = Solver()
    player = HiddenPlay(solver, turnup >> 3, random.Random(seed))
    seen = (FULL & ~nd & ~dl, FULL & ~nd & ~dl)
    hidden = player.tricks((nd, dl), seen, penalty)
    dd = solver.lead_tricks(nd, dl, turnup >> 3)
    assert trick_values(0, penalty)[hidden] == trick_values(0, penalty)[dd]


def test_a_choice_depends_on_what_the_player_has_seen_not_on_the_hidden_hand() -> None:
    """Two deals alike for the non-dealer (his hand, the turn-up) but not for the
    dealer: with the same sampling, the non-dealer leads the same card."""
    solver = Solver()
    checked = 0
    for seed in range(40):
        pack = list(range(32))
        random.Random(seed).shuffle(pack)
        nd, turnup = mask(pack[:5]), pack[10]
        leads = set()
        for other in (pack[5:10], pack[11:16], pack[16:21]):
            player = HiddenPlay(solver, turnup >> 3, random.Random(7))
            first: list[int] = []
            original = player._choose

            def spy(seat, hand, maybe, won, values, led, original=original, first=first):
                card = original(seat, hand, maybe, won, values, led)
                if not first:
                    first.append(card)
                return card

            player._choose = spy  # type: ignore[method-assign]
            player.tricks((nd, mask(other)), (1 << turnup, 1 << turnup), None)
            leads.add(first[0])
        assert len(leads) == 1
        checked += 1
    assert checked == 40


def test_hidden_cards_cost_the_leader_tricks_that_clairvoyance_gives() -> None:
    """Over many deals the non-dealer, who leads, makes fewer tricks when he cannot
    see the dealer's hand than double dummy (it is what the study measures)."""
    solver = Solver()
    rng = random.Random(3)
    hidden = dd = 0
    for seed in range(400):
        nd, dl, turnup = deal(seed)
        trump = turnup >> 3
        hidden += HiddenPlay(solver, trump, rng).tricks((nd, dl), (1 << turnup,) * 2, None)
        dd += solver.lead_tricks(nd, dl, trump)
    assert hidden < dd


def test_a_king_marked_from_the_hand_is_in_every_holding_weighed_until_played() -> None:
    """club-laws/23: marking the king tells the adversary where it is."""
    weighed: list[int] = []

    class Spy(Solver):
        def lead_values(self, leader: int, other: int, trump: int) -> dict[int, int]:
            weighed.append(other)
            return super().lead_values(leader, other, trump)

    for seed in range(60):
        pack = list(range(32))
        random.Random(seed).shuffle(pack)
        turnup = pack[10]
        king = 8 * (turnup >> 3) + 7
        if king in pack[:10] or turnup == king:
            continue
        dealer = [king, *pack[5:9]]  # the dealer holds the king and marked it
        nd = [c for c in pack[:5]]
        weighed.clear()
        HiddenPlay(Spy(), turnup >> 3, random.Random(seed)).tricks(
            (mask(nd), mask(dealer)), (1 << turnup, 1 << turnup), None, marked=1
        )
        first_leads = [w for w in weighed if w.bit_count() == 5]
        assert first_leads and all(w >> king & 1 for w in first_leads)
        return
    raise AssertionError("no deal found")
