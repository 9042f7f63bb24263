"""Where a duplicate match's points come from, decision by decision.

    python benchmarks/divergence.py [--a best] [--b reference2] [--deals 1000]
                                    [--seed 40] [--jobs 2]

Plays the packs of ``ecarte match --a A --b B --deals N --seed S`` (the same
packs, so the same total) and charges each pack's net to the first decision the
two engines answered differently (``tutor.analysis.divergence``). Prints the
match's points per deal with its 95% interval, then one line per kind of
decision: how many packs parted there, their share of the points per deal, the
mean net of those packs with its 95% interval, and the commonest pairs of
choices (A's / B's).
"""

from __future__ import annotations

import argparse
import statistics
import time
from multiprocessing import Pool

from tutor.analysis.divergence import Divergence, pack_divergence, report, table
from tutor.analysis.match import MatchResult, useful_processes
from tutor.engines import make_engine
from tutor.engines.base import Engine

_ENGINES: list[tuple[Engine, Engine]] = []
_SEED: list[int] = []


def _init(a: str, b: str, seed: int) -> None:
    _ENGINES.append((make_engine(a, seed), make_engine(b, seed + 1)))
    _SEED.append(seed)


def _pack(index: int) -> tuple[Divergence, int]:
    a, b = _ENGINES[-1]
    return pack_divergence(a, b, _SEED[-1], index)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--a", default="best")
    parser.add_argument("--b", default="reference2")
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=40)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    started = time.perf_counter()
    jobs = useful_processes(args.jobs, args.deals)
    with Pool(jobs, initializer=_init, initargs=(args.a, args.b, args.seed)) as pool:
        packs = pool.map(_pack, range(args.deals), chunksize=max(1, args.deals // (jobs * 8)))
    divergences = [d for d, _ in packs]
    nets = [net for _, net in packs]
    match = MatchResult(args.a, args.b, args.deals, args.seed, nets, ([], []))
    low, high = match.interval
    print(
        f"{args.a} v {args.b}: {args.deals} deals, each played twice with seats swapped"
        f" (seed {args.seed}): {match.per_deal:+.3f} points per deal"
        f" (95% interval {low:+.3f} to {high:+.3f}); pack net sd {statistics.stdev(nets):.2f}"
    )
    print(report(table(divergences, nets), args.a, args.b))
    print(f"({time.perf_counter() - started:.0f} s, {jobs} processes)")


if __name__ == "__main__":
    main()
