"""Simulated deals per second with one engine in both seats (the hints by default).

    python benchmarks/deals_per_second.py [--engine hints] [--deals 2000] [--jobs 2]

Plays whole deals through ``Position`` (the real state machine, every answer
checked legal), split across ``--jobs`` processes. Target: at least 1,000
deals a second with the hints engine on the project's 2-core machine. For
comparison, ``--engine policy`` times the play-out policy of the best engine's
simulations (bitmasks, tricks solved double dummy), which the study uses.
"""

from __future__ import annotations

import argparse
import random
import time
from multiprocessing import Pool

from tutor.analysis.match import play_deal
from tutor.engines import make_engine
from tutor.rules.deal import deal_position


def _play(args: tuple[str, int, int]) -> int:
    name, seed, count = args
    engines = (make_engine(name, seed), make_engine(name, seed + 1))
    rng = random.Random(seed)
    for i in range(count):
        play_deal(deal_position(rng, dealer=i % 2), engines)
    return count


def _policy(args: tuple[str, int, int]) -> int:
    from tutor.engines.values import measure_outcomes

    _, seed, count = args
    measure_outcomes(count, seed)
    return count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", default="hints")
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    work = _policy if args.engine == "policy" else _play
    share = [args.deals // args.jobs + (i < args.deals % args.jobs) for i in range(args.jobs)]
    tasks = [(args.engine, args.seed + 1000 * i, n) for i, n in enumerate(share)]
    start = time.perf_counter()
    with Pool(args.jobs) as pool:
        done = sum(pool.map(work, tasks))
    elapsed = time.perf_counter() - start
    print(
        f"{args.engine} v {args.engine}: {done} deals in {elapsed:.2f} s on {args.jobs} processes:"
        f" {done / elapsed:,.0f} deals/s"
    )


if __name__ == "__main__":
    main()
