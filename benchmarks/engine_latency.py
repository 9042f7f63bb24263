"""Decision latency of an engine, per decision type: median and p95.

    python benchmarks/engine_latency.py [--engine best] [--deals 100] [--seed 1]

Plays ``--deals`` deals with the engine in both seats (at random game scores,
so the game-score paths are exercised) and times every answer. Targets on the
project's 2-core machine: median ≤ 50 ms, p95 ≤ 300 ms.
"""

from __future__ import annotations

import argparse
import random
import time
from collections import defaultdict

from tutor.analysis.match import percentile
from tutor.engines import make_engine
from tutor.rules.deal import deal_position
from tutor.rules.infoset import infoset_of


def measure(engine_name: str, deals: int, seed: int) -> dict[str, list[float]]:
    engine = make_engine(engine_name, seed)
    rng = random.Random(seed)
    times: dict[str, list[float]] = defaultdict(list)
    for _ in range(deals):
        score = (rng.randrange(5), rng.randrange(5))
        position = deal_position(rng, dealer=rng.randrange(2), score=score)
        while not position.is_over:
            info = infoset_of(position)
            start = time.perf_counter()
            advice = engine.advise(info)
            times[info.decision].append(time.perf_counter() - start)
            position = position.apply(advice.action)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", default="best")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    times = measure(args.engine, args.deals, args.seed)
    every = [t for ts in times.values() for t in ts]
    print(f"{args.engine}: {args.deals} deals, seed {args.seed}")
    print(f"{'decision':<10}{'count':>7}{'median ms':>11}{'p95 ms':>9}{'max ms':>9}")
    for decision in ("propose", "accept", "discard", "mark_king", "lead", "follow"):
        ts = times.get(decision, [])
        if ts:
            print(
                f"{decision:<10}{len(ts):>7}{percentile(ts, 0.5) * 1e3:>11.1f}"
                f"{percentile(ts, 0.95) * 1e3:>9.1f}{max(ts) * 1e3:>9.1f}"
            )
    print(
        f"{'all':<10}{len(every):>7}{percentile(every, 0.5) * 1e3:>11.1f}"
        f"{percentile(every, 0.95) * 1e3:>9.1f}{max(every) * 1e3:>9.1f}"
    )


if __name__ == "__main__":
    main()
