"""The computed exchange strategy: hand classes, CFR+, the shipped table, its use."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor.engines import make_engine
from tutor.engines.exchange_cfr import Samples, corrections, sample, solve
from tutor.engines.exchange_strategy import FLOOR, floored, shipped
from tutor.engines.hand_classes import hand_class
from tutor.engines.policy import Rollout
from tutor.engines.solver import Solver, mask_of_indices
from tutor.rules.actions import PLAY, PROPOSE
from tutor.rules.cards import card as parse_card
from tutor.rules.infoset import infoset_of

HANDS = st.lists(st.integers(0, 31), min_size=5, max_size=5, unique=True)


def _relabel(hand: list[int], order: list[int]) -> int:
    """The hand with suit s renamed ``order[s]``."""
    return mask_of_indices(order[c >> 3] * 8 + (c & 7) for c in hand)


@given(HANDS, st.permutations([0, 1, 2, 3]), st.integers(0, 3))
def test_a_class_is_the_same_whatever_the_suits_are_called(hand, order, trump):
    assert hand_class(mask_of_indices(hand), trump) == hand_class(
        _relabel(hand, order), order[trump]
    )


def test_a_class_names_trumps_honours_and_plain_court_cards():
    cards = ["KH", "JH", "KS", "QS", "7C"]
    hand = mask_of_indices(parse_card(c).index for c in cards)
    hearts = parse_card("7H").index >> 3
    assert hand_class(hand, hearts) == "2KJ/110/1"


def _samples(rows: list[tuple[int, int, float, float, float]]) -> Samples:
    s = Samples()
    for nd, dl, p, qr, qa in rows:
        s.nd.append(nd)
        s.dealer.append(dl)
        s.play.append(p)
        s.refused.append(qr)
        s.accepted.append(qa)
        s.play_dd.append(p)
        s.refused_dd.append(qr)
        s.accepted_dd.append(qa)
    return s


def test_cfr_plays_what_pays_and_refuses_what_pays_the_dealer():
    # Class 0 gains by playing whatever the dealer does; class 1 by proposing.
    # Dealer class 0 gains by refusing (the non-dealer then scores less), class 1 by accepting.
    rows = [
        (0, 0, 2.0, 0.0, 1.0),
        (0, 1, 2.0, 1.0, -1.0),
        (1, 0, -2.0, 0.0, 1.0),
        (1, 1, -2.0, 1.0, -1.0),
    ]
    eq = solve(2, 2, _samples(rows), 300)
    assert eq.play[0] > 0.95 and eq.play[1] < 0.05
    assert eq.refuse[0] > 0.95 and eq.refuse[1] < 0.05
    assert abs(eq.exploitability) < 1e-3


def test_cfr_on_sampled_deals_is_close_to_an_equilibrium():
    nd, dl, s = sample(120, seed=3)
    eq = solve(len(nd), len(dl), s, 300)
    assert 0.0 <= eq.exploitability < 0.02
    assert all(0.0 <= p <= 1.0 for p in eq.play + eq.refuse)


def test_a_correction_is_what_hidden_cards_change_shrunk_for_rare_classes():
    s = _samples([(0, 0, 1.0, -2.0, 0.0)] * 50)
    s.play = [0.0] * 50  # with hidden cards, playing makes one point less
    eq = solve(1, 1, s, 50)
    nd_corr, _, nd_n, _ = corrections(1, 1, s, eq)
    assert nd_n == [50]
    assert nd_corr[0] == pytest.approx(-0.5)  # -1, shrunk by 50 / (50 + 50)


def test_the_shipped_table_says_how_it_was_made_and_covers_what_is_dealt():
    table = shipped()
    about = table.about
    for key in ("method", "deals", "seed", "seconds", "exploitability"):
        assert key in about
    rng = random.Random(5)
    met = 0
    for _ in range(2000):
        cards = rng.sample(range(32), 5)
        hand = mask_of_indices(cards)
        trump = rng.randrange(4)
        met += table.play_chance(hand, trump) is not None
        assert all(0.0 <= p <= 1.0 for p in (table.play_chance(hand, trump) or 0.0,))
    assert met >= 1990  # a class the build never met is dealt about once in 100,000


def test_the_opponent_model_never_rules_a_holding_out():
    assert floored(0.0) == pytest.approx(FLOOR) and floored(1.0) == pytest.approx(1.0 - FLOOR)


def test_the_play_outs_follow_the_strategy_at_the_first_proposal_only():
    table = shipped()
    strong = mask_of_indices(parse_card(c).index for c in ["KH", "QH", "JH", "AH", "KS"])
    weak = mask_of_indices(parse_card(c).index for c in ["7S", "8S", "7C", "8C", "9D"])
    hearts = parse_card("7H").index >> 3
    rollout = Rollout(Solver(), hearts, table)
    assert rollout.plays(strong, first=True) and rollout.refuses(strong, first=True)
    assert not rollout.plays(weak, first=True) and not rollout.refuses(weak, first=True)


def test_best_names_the_correction_it_adds_at_the_first_proposal():
    from tutor.rules.deal import deal_position
    from tutor.rules.rulesets import ENGLISH

    engine = make_engine("best", seed=1)
    said = 0
    for seed in range(40):
        position = deal_position(random.Random(seed), dealer=1, score=(0, 0), rules=ENGLISH)
        info = infoset_of(position)
        advice = engine.advise(info)
        assert advice.action in (PLAY, PROPOSE)
        said += (
            re.search(
                r"\(for hands of this kind that allowance is [+-]\d\.\d\d to (playing|refusing), already in its figure\)",
                advice.reason,
            )
            is not None
        )
    assert said > 0
