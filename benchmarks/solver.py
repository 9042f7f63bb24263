"""Double-dummy solver speed: nodes per second and solves per second.

    python benchmarks/solver.py [--solves 5000] [--seed 1]

Random full deals (five cards each, a random trump), each solved from the
first lead with a fresh memo (``cold``); then other random deals, one after
another with the memo kept (``shared``: as the play-outs of an exchange
decision solve them, where canonical positions let deals share entries);
then the first deals again with the memo kept (``warm``).
"""

from __future__ import annotations

import argparse
import random
import time

from tutor.engines.solver import Solver


def deals(count: int, seed: int) -> list[tuple[int, int, int]]:
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        cards = rng.sample(range(32), 10)
        a = sum(1 << c for c in cards[:5])
        b = sum(1 << c for c in cards[5:])
        out.append((a, b, rng.randrange(4)))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--solves", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    problems = deals(args.solves, args.seed)
    solver = Solver()
    start = time.perf_counter()
    for a, b, t in problems:
        solver.clear()
        solver.lead_tricks(a, b, t)
    cold = time.perf_counter() - start
    nodes = solver.nodes
    print(
        f"cold: {args.solves} five-card solves in {cold:.2f} s: {args.solves / cold:,.0f} solves/s,"
        f" {nodes / cold:,.0f} nodes/s, {nodes / args.solves:.1f} nodes a solve"
    )
    others = deals(args.solves, args.seed + 1)
    solver.clear()
    solver.nodes = 0
    start = time.perf_counter()
    for a, b, t in others:
        solver.lead_tricks(a, b, t)
    shared = time.perf_counter() - start
    print(
        f"shared: {args.solves} other deals, one memo: {args.solves / shared:,.0f} solves/s,"
        f" {solver.nodes / args.solves:.1f} new nodes a solve"
    )
    start = time.perf_counter()
    for a, b, t in problems:
        solver.lead_values(a, b, t)
    warm = time.perf_counter() - start
    print(f"warm: {args.solves} first-lead valuations in {warm:.2f} s: {args.solves / warm:,.0f}/s")


if __name__ == "__main__":
    main()
