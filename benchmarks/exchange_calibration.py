"""How well the best engine's exchange values foretell play with hidden cards.

    python benchmarks/exchange_calibration.py [--positions 160] [--hidden-deals 1500]
                                              [--seed 9] [--jobs 2]

The best engine values an exchange choice by play-outs whose tricks are solved
double dummy, every card seen, then corrected for hidden cards by class of
hand (``leaf_correction``). This script takes each deal of ``--positions``
(packs ``deal_of(seed, i)``) at the deal's first proposal, the non-dealer's
play or propose and, after a proposal, the dealer's refuse or accept, and
values the gap between the two choices:

- as the engine's play-outs do (1,200 deals, its opponent model): double dummy
  alone; with the leaf correction; each of those with the first proposal's
  per-class correction of the strategy's build (``exchange_cfr.corrections``)
  added as well;
- with hidden cards: the same kind of deals (``--hidden-deals``), the same
  exchanges, then the tricks played by ``hidden.HiddenPlay``, each side deciding
  from what it has seen. This is taken as the truth.

For each estimate it prints the mean and spread of its error against the
hidden-card gap, how often it picks the other choice, and its regret: the
points a decision lost, on average, by choosing by it.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from multiprocessing import Pool

from tutor.analysis.match import deal_of
from tutor.engines import make_engine
from tutor.engines.best import BestEngine, _outcome_values
from tutor.engines.hidden import HiddenPlay
from tutor.engines.policy import Rollout
from tutor.engines.sampling import deals
from tutor.engines.solver import mask_of, suit_number
from tutor.rules.actions import PROPOSE
from tutor.rules.infoset import InfoSet, infoset_of

PLAY_OUTS = 1200
CHOICES = {
    "propose": (("play", "propose", 0), ("propose", "propose", 0)),
    "accept": (("refuse", "accept", 1), ("accept", "accept", 1)),
}
"""The first proposal's two choices, as the play-outs force them: (kind, stage,
proposals made)."""

Row = dict[str, float | str]


def gaps(info: InfoSet, engine: BestEngine, hidden_deals: int, rng: random.Random) -> Row:
    """The gap (first choice less second, to the player deciding) by each estimate."""
    strategy = engine.strategy
    assert strategy is not None and strategy.leaf is not None
    trump, hand = suit_number(info.trump), mask_of(info.hand)
    value = _outcome_values(info)
    rollout = Rollout(engine.solver, trump, strategy)
    player_rng = random.Random()
    player = HiddenPlay(engine.solver, trump, player_rng)
    turnup = 1 << info.turnup.index
    totals = {"dd": [0.0, 0.0], "leaf": [0.0, 0.0], "hidden": [0.0, 0.0]}
    for estimate, count in (("dd", PLAY_OUTS), ("hidden", hidden_deals)):
        for world_number, world in enumerate(deals(info, rng, count, strategy)):
            nd, dealer = (world.holding, hand) if info.is_dealer else (hand, world.holding)
            for i, (kind, stage, proposals) in enumerate(CHOICES[info.decision]):
                start = rollout.exchanged(
                    nd, dealer, list(world.stock), stage, proposals, None, (kind, 0)
                )
                king, (hand_nd, hand_dealer) = start.king_holder(), start.hands
                if estimate == "hidden":
                    player_rng.seed(world_number)  # the same card play for both choices
                    seen = (start.thrown[0] | turnup, start.thrown[1] | turnup)
                    tricks = player.tricks(start.hands, seen, start.penalty, king)
                    totals["hidden"][i] += world.weight * value(king, tricks, start.penalty)
                    continue
                tricks = engine.solver.lead_tricks(hand_nd, hand_dealer, trump)
                gap = strategy.leaf(hand_nd, hand_dealer, trump, start.penalty)
                totals["dd"][i] += world.weight * value(king, tricks, start.penalty)
                totals["leaf"][i] += world.weight * value(king, tricks, start.penalty, gap)
    row: Row = {name: first - second for name, (first, second) in totals.items()}
    row["class"] = strategy.correction(hand, trump, dealer=info.is_dealer)
    row["decision"] = info.decision
    return row


def _position_rows(args: tuple[int, int, int]) -> list[Row]:
    seed, number, hidden_deals = args
    engine = make_engine("best", seed)
    assert isinstance(engine, BestEngine)
    rng = random.Random(f"calibration:{seed}:{number}")
    position = deal_of(seed, number)
    rows = [gaps(infoset_of(position), engine, hidden_deals, rng)]
    proposed = position.apply(PROPOSE)
    rows.append(gaps(infoset_of(proposed), engine, hidden_deals, rng))
    return rows


ESTIMATES: dict[str, Callable[[Row], float]] = {
    "double dummy": lambda r: float(r["dd"]),
    "double dummy + class correction": lambda r: float(r["dd"]) + float(r["class"]),
    "leaf correction": lambda r: float(r["leaf"]),
    "leaf + class correction (best)": lambda r: float(r["leaf"]) + float(r["class"]),
}


def report(rows: list[Row]) -> str:
    lines = []
    for decision in CHOICES:
        mine = [r for r in rows if r["decision"] == decision]
        truth = [float(r["hidden"]) for r in mine]
        lines.append(f"{decision}: {len(mine)} positions (gap: first choice less second)")
        for name, estimate in ESTIMATES.items():
            guess = [estimate(r) for r in mine]
            errors = [t - g for t, g in zip(truth, guess, strict=True)]
            wrong = [abs(t) for t, g in zip(truth, guess, strict=True) if (t > 0) != (g > 0)]
            lines.append(
                f"  {name:34} error mean {statistics.fmean(errors):+.3f} sd"
                f" {statistics.pstdev(errors):.3f}; other choice {len(wrong):3}, regret"
                f" {sum(wrong) / len(mine):.4f} points a decision"
            )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=160)
    parser.add_argument("--hidden-deals", type=int, default=1500)
    parser.add_argument("--seed", type=int, default=9)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    started = time.perf_counter()
    tasks = [(args.seed, i, args.hidden_deals) for i in range(args.positions)]
    with Pool(args.jobs) as pool:
        rows = [row for rows in pool.imap_unordered(_position_rows, tasks) for row in rows]
    print(report(rows))
    print(f"({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
