"""The tables' coaching in the domain: grades, accuracy, the deals played, undo and
redeal, the rollout advisor's consistent deals, table records on disk, and the
score lines' wording."""

from __future__ import annotations

import math
import random
from dataclasses import replace

import pytest

from tutor.analysis.grades import accuracy, grade
from tutor.engines.base import Advice
from tutor.rules.actions import Action
from tutor.tables import make_table
from tutor.tables.advisor import RoundAdvisor, TableAdvisor, forbidden, sample_hands
from tutor.tables.coach import (
    deal_marker,
    deals_played,
    hand_as_dealt,
    hints_choice,
    judge,
    restart_deal,
    round_hint,
    undo,
)
from tutor.tables.computer import Computer
from tutor.tables.record import load, save
from tutor.tables.tricks import legal_plays


def played(name: str, seed: int, moves: int, **options):
    table = make_table(name, seed, **options)
    computer = Computer("random", seed)
    for _ in range(moves):
        if table.is_over:
            break
        table = table.apply(computer.choose(table))
    return table


def test_grades_by_cost():
    assert grade(0.0) is None and grade(0.02) is None and grade(None) is None
    assert grade(0.1) == "inaccuracy"
    assert grade(0.3) == "mistake"
    assert grade(0.5) == "blunder" and grade(2.0) == "blunder"


def test_accuracy_is_the_mean_of_decision_scores():
    assert accuracy([]) is None
    assert accuracy([0.0, 0.0]) == 100
    assert accuracy([0.0, 0.5]) == pytest.approx((100 + 100 * math.exp(-1)) / 2)
    assert accuracy([0.2, None]) == accuracy([0.2])


def test_judge_costs_the_difference_of_values():
    advice = Advice(Action.parse("lead KS"), "", values={"lead KS": 1.0, "lead 7H": 0.4})
    assert judge(advice, Action.parse("lead KS")).cost == 0.0
    wrong = judge(advice, Action.parse("lead 7H"))
    assert wrong.cost == pytest.approx(0.6) and wrong.grade == "blunder"
    assert judge(advice, Action.parse("lead 8C")).cost is None


@pytest.mark.parametrize("name", ["pool", "quatre", "cinq", "six"])
def test_deals_played_cover_every_action_once(name):
    table = played(name, 7, 150)
    deals = deals_played(table)
    steps = [s for d in deals for s in d.steps]
    assert tuple(s.action for s in steps) == table.actions
    assert all(d.finished for d in deals[:-1])
    for deal in deals:
        assert len({deal_marker(s.before) for s in deal.steps}) == 1
        assert deal.final() is not None


@pytest.mark.parametrize("name", ["pool", "quatre", "six"])
def test_undo_returns_to_the_learners_last_decision(name):
    table = played(name, 3, 40)
    earlier = undo(table, 0)
    assert earlier is not None and earlier.to_act == 0
    assert table.actions[: len(earlier.actions)] == earlier.actions
    assert 0 not in (t.to_act for t in _tables_between(table, len(earlier.actions) + 1))


def _tables_between(table, start):
    current = make_table(table.name, table.seed, table.rules, getattr(table, "losers", None))
    out = []
    for index, action in enumerate(table.actions):
        if index >= start:
            out.append(current)
        current = current.apply(action)
    return out


def test_restart_deal_goes_back_to_the_deals_start():
    table = played("quatre", 3, 30)
    again = restart_deal(table)
    assert deal_marker(again) == deal_marker(deals_played(table)[-1].start)
    assert again.deal.hands == deals_played(table)[-1].start.deal.hands


def test_restart_deal_for_a_seat_goes_back_to_the_last_deal_it_played_in():
    # the next deal begun by the others only: for seat 0 the deal to deal again is the
    # one just over (the learner has decided nothing in the new one)
    table = played("quatre", 3, 1)
    while True:
        deals = deals_played(table)
        last = deals[-1]
        if len(deals) > 1 and last.steps and all(s.seat != 0 for s in last.steps):
            break
        table = table.apply(table.legal_actions()[0])
    assert deal_marker(restart_deal(table)) == last.key
    again = restart_deal(table, 0)
    assert deal_marker(again) == deals[-2].key
    assert again.actions == deals[-2].start.actions


@pytest.mark.parametrize("name,moves", [("quatre", 13), ("cinq", 17), ("six", 27), ("six", 9)])
def test_the_rollout_deals_agree_with_every_play_seen(name, moves):
    table = played(name, 11, moves)
    deal = table.deal
    seat = deal.to_act
    worlds = sample_hands(deal, seat, random.Random(1), 40)
    banned = forbidden(deal)
    for hands in worlds:
        assert hands[seat] == deal.hands[seat]
        for other, hand in enumerate(hands):
            assert len(hand) == len(deal.hands[other])
            if other != seat:
                assert not set(hand) & banned[other]
        # every play seen was legal with the hand the world gives its player
        trial = replace(deal, hands=hands)
        for player in range(deal.size):
            dealt = hand_as_dealt(trial, player)
            held = list(dealt)
            for leader, cards in deal.tricks:
                for i, card in enumerate(cards):
                    if (leader + i) % deal.size == player:
                        assert card in legal_plays(held, cards[:i], deal.trump)
                        held.remove(card)


def test_the_rollout_advisor_weighs_every_legal_card():
    table = played("quatre", 5, 6)
    advice = RoundAdvisor(1, 20).advise(table)
    legal = table.legal_actions()
    assert set(advice.values) == {str(a) for a in legal}
    assert advice.action in legal
    assert advice.values[str(advice.action)] == max(advice.values.values())


def test_the_pool_advisor_weighs_a_discard_outside_its_candidates():
    table = make_table("pool", 4)
    computer = Computer("random", 2)
    advisor = TableAdvisor(1, 0.05)
    for _ in range(200):
        if table.game.position.phase.name == "DISCARD":
            break
        kinds = {a.kind: a for a in table.legal_actions()}
        exchange = kinds.get("propose") or kinds.get("accept")
        table = table.apply(exchange or computer.choose(table))
    else:
        pytest.skip("no discard in this pool")
    for action in table.legal_actions():
        advice = advisor.weigh(table, action)
        assert str(action) in advice.values or action == advice.action


def test_round_hints_speak_of_the_king_only():
    table = make_table("quatre", 42)
    hint = round_hint(table)
    if "mark" in {a.kind for a in table.legal_actions()}:
        assert hint.action is not None and hint.action.kind == "mark"
    else:
        assert hint.action is None and "game for two" in hint.title
    assert hints_choice(make_table("pool", 4)) is not None


@pytest.mark.parametrize("name", ["pool", "quatre", "cinq", "six"])
def test_table_records_round_trip_on_disk(name, tmp_path):
    table = played(name, 9, 60)
    path = tmp_path / f"{name}.txt"
    save(table, path)
    again = load(path)
    assert again.name == table.name and again.actions == table.actions


def test_score_lines_agree_number_and_noun():
    table = played("quatre", 1, 0)
    lines = dict(table.view(0).scores)
    assert all("pts" not in v for v in lines.values())
    assert "0 points · 0 tricks" in lines.values()
    table = played("quatre", 1, 60)
    for _label, value in table.view(0).scores:
        assert "1 points" not in value and "1 tricks" not in value
    pool = played("pool", 1, 0)
    assert any(v.endswith(" cards") or v == "1 card" for _, v in pool.view(0).scores)
