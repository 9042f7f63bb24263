"""The leaf correction: what hidden cards change at the end of a play-out, by hand class."""

from __future__ import annotations

import random

import pytest

from tutor.engines import make_engine
from tutor.engines.exchange_cfr import sample
from tutor.engines.exchange_strategy import shipped
from tutor.engines.hand_classes import hand_class
from tutor.engines.leaf_correction import SHRINK, LeafCorrection, fit, from_json
from tutor.engines.solver import mask_of_indices
from tutor.rules.cards import card as parse_card
from tutor.rules.deal import deal_position
from tutor.rules.infoset import infoset_of


def test_the_fit_recovers_one_term_per_side_and_shrinks_what_it_met_rarely():
    # The gap is the non-dealer's class term plus the dealer's, exactly; class "a"
    # of the non-dealer makes 0.4 more, dealer class "y" loses 0.2 to him.
    nd_term = {"a": 0.4, "b": 0.0}
    dl_term = {"x": 0.0, "y": 0.2}
    rows = [(nd, dl) for nd in nd_term for dl in dl_term] * 2000
    gaps = [nd_term[nd] + dl_term[dl] for nd, dl in rows]
    leaf = fit([r[0] for r in rows], [r[1] for r in rows], [None] * len(rows), gaps)
    predicted = {
        (nd, dl): leaf.base["none"] + leaf.non_dealer[nd]["none"] + leaf.dealer[dl]["none"]
        for nd in nd_term
        for dl in dl_term
    }
    for (nd, dl), value in predicted.items():
        assert value == pytest.approx(nd_term[nd] + dl_term[dl], abs=0.01)
    # A class met 5 times with a gap of 1 counts as 5 / (5 + SHRINK) of it.
    rare = fit(["r"] * 5 + ["c"] * 5, ["z"] * 10, [0] * 10, [1.0] * 5 + [0.0] * 5)
    assert rare.base["non-dealer"] == pytest.approx(0.5)
    assert rare.non_dealer["r"]["non-dealer"] == pytest.approx(0.5 * 5 / (5 + SHRINK), abs=0.02)


def test_the_table_reads_back_what_it_wrote_and_ignores_what_it_never_met():
    leaf = LeafCorrection({"none": -0.1}, {"1/100/0": {"none": 0.25}}, {})
    again = from_json(leaf.to_json())
    hearts = parse_card("7H").index >> 3
    hand = mask_of_indices(parse_card(c).index for c in ["KS", "7H", "8C", "9C", "7D"])
    assert hand_class(hand, hearts) == "1/100/0"
    other = mask_of_indices(parse_card(c).index for c in ["8S", "9S", "AS", "8D", "9D"])
    assert again(hand, other, hearts, None) == pytest.approx(0.15)
    assert again(other, hand, hearts, 1) == 0.0  # no base, no term for that penalty


def test_the_build_records_every_ending_it_plays():
    _, _, s = sample(40, seed=2)
    assert len(s.end_gap) == len(s.end_nd) == len(s.end_dealer) == len(s.end_penalty) == 120
    # The gap is the hidden-card result less double dummy, ending by ending.
    hidden = [h for ending in zip(s.play, s.refused, s.accepted, strict=True) for h in ending]
    dd = [d for ending in zip(s.play_dd, s.refused_dd, s.accepted_dd, strict=True) for d in ending]
    assert s.end_gap == pytest.approx([h - d for h, d in zip(hidden, dd, strict=True)])
    assert set(s.end_penalty) <= {None, 0, 1}


def test_the_shipped_table_carries_a_fit_that_departs_from_double_dummy():
    leaf = shipped().leaf
    assert leaf is not None
    assert set(leaf.base) == {"none", "non-dealer", "dealer"}
    # Hidden cards cost the non-dealer on average (double dummy flatters him).
    assert all(value < 0 for value in leaf.base.values())
    assert len(leaf.non_dealer) > 300 and len(leaf.dealer) > 300
    assert "leaf" in shipped().about


def test_best_says_its_play_outs_are_corrected_and_its_figures_include_it():
    engine = make_engine("best", seed=3)
    for seed in range(20):
        position = deal_position(random.Random(seed), dealer=1)
        info = infoset_of(position)
        advice = engine.advise(info)
        assert "allowed for the cards a player cannot see" in advice.reason
        shown = f"{advice.values[str(advice.action)]:+.2f}"
        assert shown in advice.reason
    v1 = make_engine("best-v1", seed=3).advise(
        infoset_of(deal_position(random.Random(0), dealer=1))
    )
    assert "cannot see" not in v1.reason
