"""Classify every five-card hand for one trump suit into the jeux de règle.

There are C(32, 5) = 201,376 hands. The script prints how many fall in each
category (a hand counts in the first category it fits, the order of the
Hints' list), how many are jeux de règle in all, the total enumerated, and
the time taken. The counts are a check on the encoding as much as a figure
for the learner: how often should one play without proposing?

    .venv/bin/python benchmarks/classify_hands.py [--trump S]
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from itertools import combinations
from math import comb

from tutor.hints.jeux_de_regle import CATEGORIES, classify_jeu_de_regle
from tutor.rules.cards import PACK, Suit


def classify_all(trump: Suit) -> tuple[Counter[str], int]:
    counts: Counter[str] = Counter()
    total = 0
    for hand in combinations(PACK, 5):
        total += 1
        jeu = classify_jeu_de_regle(hand, trump)
        counts[jeu.category if jeu else "-"] += 1
    return counts, total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trump", default="S", choices=[s.value for s in Suit])
    args = parser.parse_args()
    trump = Suit(args.trump)
    start = time.perf_counter()
    counts, total = classify_all(trump)
    elapsed = time.perf_counter() - start
    jeux = total - counts["-"]
    print(
        f"Five-card hands with {trump.noun} trumps: {total:,} enumerated (C(32,5) = {comb(32, 5):,})"
    )
    print(f"{'category':>9}  {'hands':>8}  {'share':>6}")
    for cat in CATEGORIES:
        print(f"{cat:>9}  {counts[cat]:>8,}  {counts[cat] / total:>6.1%}")
    print(f"{'jeux':>9}  {jeux:>8,}  {jeux / total:>6.1%}")
    print(f"{'others':>9}  {counts['-']:>8,}  {counts['-'] / total:>6.1%}")
    print(f"time: {elapsed:.2f} s ({elapsed / total * 1e6:.1f} µs a hand)")


if __name__ == "__main__":
    main()
