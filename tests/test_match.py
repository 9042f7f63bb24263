"""Duplicate matches: each pack twice, seats swapped; the interval; the command."""

from __future__ import annotations

from tutor.analysis.match import deal_of, main, play_pair, run_match
from tutor.engines.best import BestEngine
from tutor.engines.random_engine import RandomEngine


def test_an_engine_against_itself_nets_exactly_zero() -> None:
    engine = BestEngine(seed=2, scale=0.1)
    for index in range(6):
        assert play_pair(engine, engine, seed=5, index=index).net == 0


def test_deals_are_reproducible_from_the_seed() -> None:
    assert deal_of(3, 7) == deal_of(3, 7)
    assert deal_of(3, 7) != deal_of(3, 8)
    assert deal_of(3, 0).dealer != deal_of(3, 1).dealer


def test_interval_brackets_the_mean() -> None:
    result = run_match("a", "b", deals=30, seed=1, factory=lambda name, seed: RandomEngine(seed))
    low, high = result.interval
    assert low <= result.per_deal <= high
    assert len(result.latencies[0]) > 30


def test_command_prints_points_interval_and_latency(capsys) -> None:
    assert main(["--a", "random", "--b", "reference", "--deals", "5", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "points per deal" in out and "95% interval" in out
    assert out.count("median") == 2 and out.count("p95") == 2


def test_reference2_plays_legal_reproducible_deals() -> None:
    from tutor.analysis.match import play_deal
    from tutor.engines.reference2 import Reference2Engine

    engine = Reference2Engine(seed=4)
    for index in range(3):
        final, _ = play_deal(deal_of(9, index), (engine, RandomEngine(1)))
        again, _ = play_deal(deal_of(9, index), (Reference2Engine(seed=4), RandomEngine(1)))
        assert final.points == again.points
