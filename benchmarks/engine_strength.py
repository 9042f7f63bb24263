"""The best engine measured side by side, in one run: latency and matches.

    python benchmarks/engine_strength.py [--deals 1000] [--latency-deals 100]
                                         [--seed 1] [--jobs 2] [--against best-v1,reference2,hints]

Prints, for ``best``:

1. its decision latency per decision type (median and p95), over
   ``--latency-deals`` deals at random game scores (``engine_latency.measure``);
2. a duplicate match (every deal twice, seats swapped) against each engine of
   ``--against``, ``--deals`` deals each: points per deal with a 95% interval.

``best-v1`` is ``best`` with its former card play (averaging solved deals);
``reference2`` the independent sampling-and-solving player kept for matches;
``hints`` the Hints as encoded. The README's figures come from this script.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from engine_latency import measure

from tutor.analysis.match import percentile, report, run_match


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", default="best")
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--latency-deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--against", default="best-v1,reference2,hints")
    args = parser.parse_args()

    print(f"Latency of {args.engine}, {args.latency_deals} deals at random scores (one process):")
    times = measure(args.engine, args.latency_deals, args.seed)
    every = [t for ts in times.values() for t in ts]
    for decision, ts in [*sorted(times.items()), ("all", every)]:
        print(
            f"  {decision:10} {len(ts):6} decisions  median {percentile(ts, 0.5) * 1000:7.1f} ms"
            f"  p95 {percentile(ts, 0.95) * 1000:7.1f} ms"
        )
    for other in [name for name in args.against.split(",") if name]:
        started = time.perf_counter()
        result = run_match(args.engine, other, args.deals, args.seed, args.jobs)
        print()
        print(report(result))
        print(f"  ({time.perf_counter() - started:.0f} s, {args.jobs} processes)", flush=True)


if __name__ == "__main__":
    main()
