"""Duplicate matches between engines: ``ecarte match --a A --b B --deals N --seed S``.

Every deal is played twice from the same shuffled pack, once with each engine
in each seat, so the luck of the cards cancels and what remains is skill. Each
deal is played at love-all; the dealer alternates from one deal to the next.

The figure reported is engine A's points less engine B's, per deal, with a 95%
confidence interval computed over the pairs (the two plays of one pack are not
independent, the pairs are), and each side's decision latency.

``--records DIR`` writes every deal played as a game record in DIR (``tutor.rules.record``'s
format, as cutechess writes PGN), the players named by their engines, so that
``ecarte review`` can grade it. A record replays from its seed, so with
``--records`` each pack is the first deal of the game seeded ``S * 1,000,000 + i``
(``record_seed``) rather than ``deal_of(S, i)``: the same pack in both plays as
always, but other packs than a run without ``--records`` with the same seed.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from multiprocessing import Pool
from pathlib import Path
from typing import cast

from tutor.engines import MATCH_ENGINES, make_engine
from tutor.engines.base import Engine, EngineUnavailable
from tutor.io.reading import number_argument
from tutor.rules.actions import Action
from tutor.rules.deal import Position, deal_position
from tutor.rules.infoset import infoset_of
from tutor.rules.record import SEED_DIGITS


class IllegalAnswer(RuntimeError):
    """An engine answered with an action its position does not allow."""


@dataclass
class PairResult:
    net: int
    """Engine A's points less engine B's, over both plays of the pack."""
    latencies: tuple[list[float], list[float]]
    """Seconds per decision of A and of B."""
    records: list[tuple[int, bool, tuple[Action, ...]]] = field(default_factory=list)
    """With records: (pack index, A in seat 0, the actions) of each play."""


Timings = tuple[list[tuple[str, float]], list[tuple[str, float]]]
"""Per seat, the (decision, seconds) of each answer."""


def play_deal(
    position: Position,
    engines: tuple[Engine, Engine],
    clock: Callable[[], float] = time.perf_counter,
    actions: list[Action] | None = None,
) -> tuple[Position, Timings]:
    """Play one deal to the end; returns the final position and, per seat, the
    (decision, seconds) of each answer (each action appended to ``actions`` if given).
    An illegal answer raises ``IllegalAnswer``."""
    timings: Timings = ([], [])
    while not position.is_over:
        seat = position.to_act
        info = infoset_of(position, seat)
        start = clock()
        advice = engines[seat].advise(info)
        timings[seat].append((info.decision, clock() - start))
        if not position.is_legal(advice.action):
            raise IllegalAnswer(f"{engines[seat].name} answered {advice.action} to {info}")
        if actions is not None:
            actions.append(advice.action)
        position = position.apply(advice.action)
    return position, timings


def deal_of(seed: int, index: int) -> Position:
    """Deal number ``index`` of a match: reproducible from the seed alone."""
    return deal_position(random.Random(f"match:{seed}:{index}"), dealer=index % 2)


def record_seed(seed: int, index: int) -> int:
    """The game seed whose first deal is pack ``index`` of a match recorded with ``seed``."""
    return seed * 1_000_000 + index


def record_deal(seed: int, index: int) -> Position:
    """Pack ``index`` of a recorded match: the first deal of its record's game."""
    from tutor.rules.game import Game

    return Game.new(record_seed(seed, index)).position


def play_pair(a: Engine, b: Engine, seed: int, index: int, records: bool = False) -> PairResult:
    """Play deal ``index`` twice, A in seat 0 then in seat 1 (with ``records``, the
    pack of ``record_deal`` and the actions kept)."""
    net = 0
    lat_a: list[float] = []
    lat_b: list[float] = []
    kept: list[tuple[int, bool, tuple[Action, ...]]] = []
    for a_seat in (0, 1):
        engines = (a, b) if a_seat == 0 else (b, a)
        start = record_deal(seed, index) if records else deal_of(seed, index)
        actions: list[Action] | None = [] if records else None
        final, timings = play_deal(start, engines, actions=actions)
        if actions is not None:
            kept.append((index, a_seat == 0, tuple(actions)))
        net += final.points[a_seat] - final.points[1 - a_seat]
        lat_a.extend(seconds for _, seconds in timings[a_seat])
        lat_b.extend(seconds for _, seconds in timings[1 - a_seat])
    return PairResult(net, (lat_a, lat_b), kept)


@dataclass
class MatchResult:
    a: str
    b: str
    deals: int
    seed: int
    nets: list[int]
    latencies: tuple[list[float], list[float]]

    @property
    def per_deal(self) -> float:
        """A's points less B's, per deal played (each pack counts twice)."""
        return statistics.fmean(self.nets) / 2

    @property
    def interval(self) -> tuple[float, float]:
        """95% confidence interval of ``per_deal`` (normal approximation over the pairs)."""
        if len(self.nets) < 2:
            return (-math.inf, math.inf)
        half = 1.96 * statistics.stdev(self.nets) / math.sqrt(len(self.nets)) / 2
        return self.per_deal - half, self.per_deal + half


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


_WORKER: dict[str, object] = {}


def _init_worker(
    a: str, b: str, seed: int, factory: Callable[[str, int | None], Engine], records: bool = False
) -> None:
    _WORKER["engines"] = (factory(a, seed), factory(b, seed + 1))
    _WORKER["seed"] = seed
    _WORKER["records"] = records


def _work(index: int) -> PairResult:
    a, b = cast(tuple[Engine, Engine], _WORKER["engines"])
    seed = cast(int, _WORKER["seed"])
    return play_pair(a, b, seed, index, bool(_WORKER.get("records")))


def available_cpus() -> int:
    """The CPUs this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def useful_processes(requested: int, units: int) -> int:
    """How many of ``requested`` processes can help: no more than there are units of
    work to share, nor than CPUs to run them (the work is all computation)."""
    return max(1, min(requested, units, available_cpus()))


def capped_note(command: str, requested: int, used: int, work: str) -> str | None:
    """A line saying why fewer processes than asked are used (``work``: what
    there is to share, e.g. "1 deal"), or None."""
    if used >= requested:
        return None
    return (
        f"ecarte {command}: using {used} process{'es' if used != 1 else ''}, not {requested}"
        f" ({work} to share, {available_cpus()} CPUs)"
    )


def run_match(
    a: str,
    b: str,
    deals: int,
    seed: int,
    jobs: int = 1,
    factory: Callable[[str, int | None], Engine] = make_engine,
    records: Path | None = None,
) -> MatchResult:
    """Play ``deals`` packs, each twice; up to ``jobs`` processes share the packs
    (no more than can help: see ``useful_processes``). With ``records``, each play
    is written there as a game record (``write_records``)."""
    jobs = useful_processes(jobs, deals)
    keep = records is not None
    if jobs > 1:
        with Pool(jobs, initializer=_init_worker, initargs=(a, b, seed, factory, keep)) as pool:
            pairs = pool.map(_work, range(deals), chunksize=max(1, deals // (jobs * 8)))
    else:
        _init_worker(a, b, seed, factory, keep)
        pairs = [_work(i) for i in range(deals)]
    if records is not None:
        write_records(records, a, b, seed, [r for p in pairs for r in p.records])
    lat_a = [s for p in pairs for s in p.latencies[0]]
    lat_b = [s for p in pairs for s in p.latencies[1]]
    return MatchResult(a, b, deals, seed, [p.net for p in pairs], (lat_a, lat_b))


def player_names(a: str, b: str) -> tuple[str, str]:
    """The engines' names as a record's players (two names: ``best A`` and ``best B``
    when an engine plays itself)."""
    return (a, b) if a != b else (f"{a} A", f"{b} B")


def write_records(
    folder: Path, a: str, b: str, seed: int, plays: list[tuple[int, bool, tuple[Action, ...]]]
) -> list[Path]:
    """Each play as a record ``NNNN-X-v-Y.txt`` in ``folder`` (pack number from 1, the
    player in seat 0 first); returns the paths written."""
    from tutor.rules.game import replay
    from tutor.rules.record import save
    from tutor.rules.rulesets import ENGLISH

    name_a, name_b = player_names(a, b)
    written = []
    for index, a_first, actions in plays:
        players = (name_a, name_b) if a_first else (name_b, name_a)
        game = replay(record_seed(seed, index), ENGLISH, players, actions)
        slug = "-v-".join(p.replace(" ", "") for p in players)
        path = folder / f"{index + 1:04d}-{slug}.txt"
        save(game, path)
        written.append(path)
    return written


def records_problem(folder: Path) -> str | None:
    """Why records cannot be written in ``folder`` (checked before the match), or None;
    the folder is made if missing."""
    if folder.exists() and not folder.is_dir():
        return f"--records {folder}: not a folder"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        return f"--records {folder}: {exc.strerror or exc}"
    if not os.access(folder, os.W_OK):
        return f"--records {folder}: not writable"
    return None


def report(result: MatchResult) -> str:
    low, high = result.interval
    lines = [
        f"{result.a} v {result.b}: {result.deals} deals, each played twice with seats swapped"
        f" (seed {result.seed})",
        f"{result.a} scores {result.per_deal:+.3f} points per deal against {result.b}"
        f" (95% interval {low:+.3f} to {high:+.3f})",
    ]
    for name, lat in ((result.a, result.latencies[0]), (result.b, result.latencies[1])):
        lines.append(
            f"{name}: {len(lat)} decisions, median {percentile(lat, 0.5) * 1000:.1f} ms,"
            f" p95 {percentile(lat, 0.95) * 1000:.1f} ms"
        )
    return "\n".join(lines)


COUNT = number_argument("a whole number", 9, signed=True)
SEED = number_argument("a seed", SEED_DIGITS)
"""The command line's numbers: ASCII digits only, as records read them."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ecarte match", description="A duplicate match between two engines."
    )
    parser.add_argument("--a", default="best", choices=MATCH_ENGINES)
    parser.add_argument("--b", default="hints", choices=MATCH_ENGINES)
    parser.add_argument("--deals", type=COUNT, default=200)
    parser.add_argument("--seed", type=SEED, default=1)
    parser.add_argument(
        "--jobs",
        type=COUNT,
        default=1,
        help="processes (default 1; no more than the CPUs and the deals can use)",
    )
    parser.add_argument(
        "--records",
        type=_folder,
        metavar="DIR",
        default=None,
        help="write every deal played as a game record in DIR (for ecarte review)",
    )
    return parser


def _folder(text: str) -> Path:
    """A folder named on the command line; an empty name is refused, not taken for
    the current folder."""
    if not text.strip():
        raise argparse.ArgumentTypeError(f"expected a folder, got {text!r}")
    return Path(text)


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.deals < 1 or args.jobs < 1:
        print("ecarte match: --deals and --jobs must be at least 1", file=sys.stderr)
        return 2
    if args.records is not None:
        problem = records_problem(args.records)
        if problem:
            print(f"ecarte match: {problem}", file=sys.stderr)
            return 2
    used = useful_processes(args.jobs, args.deals)
    work = f"{args.deals:,} deal{'s' if args.deals != 1 else ''}"
    note = capped_note("match", args.jobs, used, work)
    if note:
        print(note, file=sys.stderr)
    try:
        result = run_match(args.a, args.b, args.deals, args.seed, args.jobs, records=args.records)
    except (IllegalAnswer, EngineUnavailable) as exc:
        print(f"ecarte match: {exc}", file=sys.stderr)
        return 1
    print(report(result))
    if args.records is not None:
        plays = 2 * args.deals
        print(f"{plays} record{'s' if plays != 1 else ''} written in {args.records}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
