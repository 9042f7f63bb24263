"""How fast the practice defence answers: a first lead with 26 cards unseen.

Prints, for seeded hands at the first lead (the learner's five cards and the
turn-up seen, 26 cards the adversary may hold), the time to decide the most tricks
the learner can be sure of with a cold memo, then the time per position of the
questions the session asks at each card (the winning cards and the defence's
reply) with the memo warm, and the memo's size.

    .venv/bin/python benchmarks/practice.py [--hands N] [--seed S]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from tutor.engines.solver import mask_of
from tutor.practice.defence import Defence, State, adversary_cards, learner_cards, play
from tutor.rules.cards import PACK, Rank


def strong_hand(rng: random.Random) -> tuple[int, int, int]:
    """Five cards with two trumps or more (where the question is not settled at once),
    the turn-up's suit trumps: (mine, pool, trump)."""
    while True:
        cards = rng.sample(PACK, 6)
        turnup, hand = cards[0], cards[1:]
        trumps = [c for c in hand if c.suit == turnup.suit]
        if len(trumps) >= 2 and any(c.rank >= Rank.KNAVE for c in hand):
            mine = mask_of(hand)
            pool = ((1 << 32) - 1) & ~mine & ~(1 << turnup.index)
            return mine, pool, turnup.index >> 3


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=30)
    parser.add_argument("--seed", type=int, default=32)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    cold: list[float] = []
    warm: list[float] = []
    defence = Defence()
    for _ in range(args.hands):
        mine, pool, trump = strong_hand(rng)
        state = State(trump=trump, mine=mine, pool=pool, must=0, size=5)
        fresh = Defence()
        start = time.perf_counter()
        best = fresh.best_guaranteed(state)
        cold.append(time.perf_counter() - start)
        need = max(best, 1)
        defence.best_guaranteed(state)
        start = time.perf_counter()
        defence.winning_cards(state, need)
        card = learner_cards(state)[0]
        after = play(state, card, True)
        if adversary_cards(after):
            defence.reply(after, need)
        warm.append(time.perf_counter() - start)
    print(f"first lead, 26 cards unseen, {args.hands} hands of two trumps or more:")
    print(
        f"  cold memo: the most tricks sure, median {statistics.median(cold) * 1000:.1f} ms,"
        f" max {max(cold) * 1000:.1f} ms"
    )
    print(
        f"  warm memo: winning cards and the defence's reply, median"
        f" {statistics.median(warm) * 1000:.2f} ms, max {max(warm) * 1000:.2f} ms"
    )
    print(f"  memo entries after the run: {defence.entries:,}")


if __name__ == "__main__":
    main()
