"""The dealer with the king of trumps and two cards to discard: what the best engine
says of the project's reading (``readings/dealer-king``).

The reading: the king lifts "the rule not to discard two cards", and the principle
it is drawn from ("accept, unless you are guarded ...") decides. The script deals
random dealer's hands (love-all, the non-dealer having proposed) until it has
``--hands`` of each kind on which that rule decides, guarded and not, and prints
how often the best engine's figures prefer accepting for each kind, with the mean
gap (accept less refuse, in points).

    .venv/bin/python benchmarks/dealer_king.py [--hands 60] [--seed 5]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from tutor.engines import make_engine
from tutor.hints import advise
from tutor.hints.accepting import accept_guarded
from tutor.rules.actions import REFUSE
from tutor.rules.cards import PACK
from tutor.rules.infoset import InfoSet


def gaps(hands: int, seed: int) -> tuple[dict[bool, list[float]], int]:
    """The engine's accept-less-refuse gap for ``hands`` hands of each kind (guarded:
    True), and how many hands were dealt to find them."""
    rng = random.Random(seed)
    engine = make_engine("best", seed)
    found: dict[bool, list[float]] = {True: [], False: []}
    dealt = 0
    while min(len(v) for v in found.values()) < hands:
        dealt += 1
        cards = rng.sample(PACK, 6)
        info = InfoSet(decision="accept", role="dealer", hand=tuple(cards[:5]), turnup=cards[5])
        if advise(info).hint.id != "accept/dealer-discard":
            continue
        guarded = accept_guarded(info).action == REFUSE
        if len(found[guarded]) >= hands:
            continue
        values = dict(engine.advise(info).values)
        found[guarded].append(values["accept"] - values["refuse"])
    return found, dealt


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=60)
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    start = time.perf_counter()
    found, dealt = gaps(args.hands, args.seed)
    print(f"{dealt:,} hands dealt to find {args.hands} of each kind")
    for guarded, kind in (
        (True, "guarded (the reading refuses)"),
        (False, "not guarded (accepts)"),
    ):
        values = found[guarded]
        better = sum(v > 0 for v in values) / len(values)
        print(
            f"{kind}: the engine prefers accepting in {better:.0%},"
            f" mean gap {statistics.mean(values):+.2f} points"
        )
    print(f"{time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
