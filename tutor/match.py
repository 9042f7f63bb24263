"""Duplicate matches between engines: ``ecarte match --a A --b B --deals N --seed S``.

Every deal is played twice from the same shuffled pack, once with each engine
in each seat, so the luck of the cards cancels and what remains is skill. Each
deal is played at love-all; the dealer alternates from one deal to the next.

The figure reported is engine A's points less engine B's, per deal, with a 95%
confidence interval computed over the pairs (the two plays of one pack are not
independent, the pairs are), and each side's decision latency.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing import Pool

from tutor.deal import Position, deal_position
from tutor.engines import make_engine
from tutor.engines.base import Engine, EngineUnavailable

MATCH_ENGINES = ("best", "hints", "random", "reference", "reference2")


def build_engine(name: str, seed: int | None) -> Engine:
    """The engines of ``make_engine``, and the reference players kept for matches."""
    if name == "reference":
        from tutor.engines.reference import ReferenceEngine

        return ReferenceEngine(seed)
    if name == "reference2":
        from tutor.engines.reference2 import Reference2Engine

        return Reference2Engine(seed)
    return make_engine(name, seed)


class IllegalAnswer(RuntimeError):
    """An engine answered with an action its position does not allow."""


@dataclass
class PairResult:
    net: int
    """Engine A's points less engine B's, over both plays of the pack."""
    latencies: tuple[list[float], list[float]]
    """Seconds per decision of A and of B."""


def play_deal(position: Position, engines: tuple[Engine, Engine], clock=time.perf_counter):
    """Play one deal to the end; returns the final position and, per seat, the
    (decision, seconds) of each answer. An illegal answer raises ``IllegalAnswer``."""
    timings: tuple[list[tuple[str, float]], list[tuple[str, float]]] = ([], [])
    while not position.is_over:
        seat = position.to_act
        info = position.infoset(seat)
        start = clock()
        advice = engines[seat].advise(info)
        timings[seat].append((info.decision, clock() - start))
        if not position.is_legal(advice.action):
            raise IllegalAnswer(f"{engines[seat].name} answered {advice.action} to {info}")
        position = position.apply(advice.action)
    return position, timings


def deal_of(seed: int, index: int) -> Position:
    """Deal number ``index`` of a match: reproducible from the seed alone."""
    return deal_position(random.Random(f"match:{seed}:{index}"), dealer=index % 2)


def play_pair(a: Engine, b: Engine, seed: int, index: int) -> PairResult:
    """Play deal ``index`` twice, A in seat 0 then in seat 1."""
    net = 0
    lat_a: list[float] = []
    lat_b: list[float] = []
    for a_seat in (0, 1):
        engines = (a, b) if a_seat == 0 else (b, a)
        final, timings = play_deal(deal_of(seed, index), engines)
        net += final.points[a_seat] - final.points[1 - a_seat]
        lat_a.extend(seconds for _, seconds in timings[a_seat])
        lat_b.extend(seconds for _, seconds in timings[1 - a_seat])
    return PairResult(net, (lat_a, lat_b))


@dataclass
class MatchResult:
    a: str
    b: str
    deals: int
    seed: int
    nets: list[int]
    latencies: tuple[list[float], list[float]]

    @property
    def per_deal(self) -> float:
        """A's points less B's, per deal played (each pack counts twice)."""
        return statistics.fmean(self.nets) / 2

    @property
    def interval(self) -> tuple[float, float]:
        """95% confidence interval of ``per_deal`` (normal approximation over the pairs)."""
        if len(self.nets) < 2:
            return (-math.inf, math.inf)
        half = 1.96 * statistics.stdev(self.nets) / math.sqrt(len(self.nets)) / 2
        return self.per_deal - half, self.per_deal + half


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


_WORKER: dict[str, object] = {}


def _init_worker(a: str, b: str, seed: int, factory) -> None:
    _WORKER["engines"] = (factory(a, seed), factory(b, seed + 1))
    _WORKER["seed"] = seed


def _work(index: int) -> PairResult:
    a, b = _WORKER["engines"]  # type: ignore[misc]
    return play_pair(a, b, _WORKER["seed"], index)  # type: ignore[arg-type]


def available_cpus() -> int:
    """The CPUs this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def useful_processes(requested: int, units: int) -> int:
    """How many of ``requested`` processes can help: no more than there are units of
    work to share, nor than CPUs to run them (the work is all computation)."""
    return max(1, min(requested, units, available_cpus()))


def capped_note(command: str, requested: int, used: int, work: str) -> str | None:
    """A line saying why fewer processes than asked are used (``work``: what
    there is to share, e.g. "1 deal"), or None."""
    if used >= requested:
        return None
    return (
        f"ecarte {command}: using {used} process{'es' if used != 1 else ''}, not {requested}"
        f" ({work} to share, {available_cpus()} CPUs)"
    )


def run_match(
    a: str,
    b: str,
    deals: int,
    seed: int,
    jobs: int = 1,
    factory: Callable[[str, int | None], Engine] = build_engine,
) -> MatchResult:
    """Play ``deals`` packs, each twice; up to ``jobs`` processes share the packs
    (no more than can help: see ``useful_processes``)."""
    jobs = useful_processes(jobs, deals)
    if jobs > 1:
        with Pool(jobs, initializer=_init_worker, initargs=(a, b, seed, factory)) as pool:
            pairs = pool.map(_work, range(deals), chunksize=max(1, deals // (jobs * 8)))
    else:
        _init_worker(a, b, seed, factory)
        pairs = [_work(i) for i in range(deals)]
    lat_a = [s for p in pairs for s in p.latencies[0]]
    lat_b = [s for p in pairs for s in p.latencies[1]]
    return MatchResult(a, b, deals, seed, [p.net for p in pairs], (lat_a, lat_b))


def report(result: MatchResult) -> str:
    low, high = result.interval
    lines = [
        f"{result.a} v {result.b}: {result.deals} deals, each played twice with seats swapped"
        f" (seed {result.seed})",
        f"{result.a} scores {result.per_deal:+.3f} points per deal against {result.b}"
        f" (95% interval {low:+.3f} to {high:+.3f})",
    ]
    for name, lat in ((result.a, result.latencies[0]), (result.b, result.latencies[1])):
        lines.append(
            f"{name}: {len(lat)} decisions, median {percentile(lat, 0.5) * 1000:.1f} ms,"
            f" p95 {percentile(lat, 0.95) * 1000:.1f} ms"
        )
    return "\n".join(lines)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ecarte match", description="A duplicate match between two engines."
    )
    parser.add_argument("--a", default="best", choices=MATCH_ENGINES)
    parser.add_argument("--b", default="hints", choices=MATCH_ENGINES)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--jobs", type=int, default=1,
        help="processes (default 1; no more than the CPUs and the deals can use)",
    )
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.deals < 1 or args.jobs < 1:
        print("ecarte match: --deals and --jobs must be at least 1", file=sys.stderr)
        return 2
    used = useful_processes(args.jobs, args.deals)
    work = f"{args.deals:,} deal{'s' if args.deals != 1 else ''}"
    note = capped_note("match", args.jobs, used, work)
    if note:
        print(note, file=sys.stderr)
    try:
        result = run_match(args.a, args.b, args.deals, args.seed, args.jobs)
    except (IllegalAnswer, EngineUnavailable) as exc:
        print(f"ecarte match: {exc}", file=sys.stderr)
        return 1
    print(report(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
