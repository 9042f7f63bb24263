"""Build the computed exchange strategy, ``tutor/data/exchange_strategy.json``.

    python tools/build_exchange_strategy.py [--deals 100000] [--seed 1]
        [--iterations 400] [--jobs 2] [--out FILE]

Shuffles ``--deals`` deals from ``--seed``, plays each first proposal's three
endings out with hidden cards and double dummy (``tutor.engines.exchange_cfr``),
runs CFR+ over the classes of hands (``tutor.engines.hand_classes``) on the
hidden-card outcomes, and measures per class what hidden cards change against
double dummy. Prints the classes, the value, the exploitability and the build
time, and writes the table with all of that in its ``about``; and fits, on the
same endings, what hidden cards change at the end of a play-out by the classes
of the two hands (``tutor.engines.leaf_correction``). The same
arguments give the same file.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from tutor.engines.exchange_cfr import Samples, corrections, sample, solve
from tutor.engines.leaf_correction import SHRINK, fit
from tutor.io.files import write_atomically

DEFAULT_OUT = Path(__file__).resolve().parent.parent / "tutor" / "data" / "exchange_strategy.json"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--iterations", type=int, default=400)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args()

    started = time.perf_counter()
    nd_names, dl_names, samples = sample(args.deals, args.seed, args.jobs)
    sampled = time.perf_counter() - started
    write(args, nd_names, dl_names, samples, sampled)


def write(
    args: argparse.Namespace,
    nd_names: list[str],
    dl_names: list[str],
    samples: Samples,
    sampled: float,
) -> None:
    """Solve, correct and write the table; ``sampled``: the seconds the deals took."""
    started = time.perf_counter() - sampled
    eq = solve(len(nd_names), len(dl_names), samples, args.iterations)
    nd_corr, dl_corr, nd_n, dl_n = corrections(len(nd_names), len(dl_names), samples, eq)
    leaf = fit(samples.end_nd, samples.end_dealer, samples.end_penalty, samples.end_gap)
    seconds = time.perf_counter() - started
    about = {
        "method": (
            "CFR+ over hand classes (tutor/engines/hand_classes.py) at the deal's first"
            " proposal: the non-dealer plays or proposes, the dealer refuses or accepts;"
            " each sampled deal's three endings played out, the later exchanges by the"
            " fixed policy of tutor/engines/policy.py, the tricks with hidden cards"
            " (tutor/engines/hidden.py), scored in net points at love-all"
            " (tutor/engines/exchange_cfr.py). Each class's correction is what hidden"
            " cards change in the gap between its two choices against double dummy,"
            " shrunk for rare classes."
        ),
        "deals": args.deals,
        "seed": args.seed,
        "iterations": args.iterations,
        "classes": {"non_dealer": len(nd_names), "dealer": len(dl_names)},
        "value_to_non_dealer": round(eq.value, 4),
        "exploitability": round(eq.exploitability, 5),
        "leaf": (
            "What hidden cards change at the end of a play-out (tutor/engines/leaf_correction.py):"
            " the non-dealer's net points with hidden cards less double dummy, fitted over"
            f" the {len(samples.end_gap):,} endings of these deals (three a deal) as a base per"
            " penalty plus a term per class of each hand at the start of play, each"
            f" class's term shrunk as if it had {SHRINK:g} more endings with no gap."
        ),
        "seconds": round(seconds, 1),
        "jobs": args.jobs,
    }
    table = {
        "about": about,
        "non_dealer": {
            name: {"play": round(p, 3), "correction": round(c, 3), "deals": n}
            for name, p, c, n in sorted(zip(nd_names, eq.play, nd_corr, nd_n, strict=True))
        },
        "dealer": {
            name: {"refuse": round(p, 3), "correction": round(c, 3), "deals": n}
            for name, p, c, n in sorted(zip(dl_names, eq.refuse, dl_corr, dl_n, strict=True))
        },
        "leaf": leaf.to_json(),
    }
    write_atomically(args.out, json.dumps(table, indent=1, ensure_ascii=False) + "\n")
    print(
        f"{args.deals:,} deals sampled in {sampled:.0f} s on {args.jobs}"
        f" processes; CFR+ {args.iterations} iterations; {len(nd_names)} non-dealer and"
        f" {len(dl_names)} dealer classes"
    )
    print(
        f"value to the non-dealer {eq.value:+.4f} points a deal;"
        f" exploitability {eq.exploitability:.5f} (in sample)"
    )
    print(f"{seconds:.0f} s in all; written to {args.out} ({args.out.stat().st_size:,} bytes)")


if __name__ == "__main__":
    main()
