"""The study: computed verdicts on the Hints' proposal and refusal rules.

``ecarte study [--deals N] [--seed S] [--jobs J] [--out FILE]`` prints, and
with ``--out`` writes as JSON, the figures the texts and lessons quote (the
shipped ones are ``tutor/data/study.json``, made with ``--out
tutor/data/study.json`` in a checkout; without ``--out`` nothing is written):

1. Foster's exact counts (``FOSTER``: R. F. Foster, *Foster's Complete Hoyle*,
   1897, on écarté's jeux de règle; not in the three sources), by enumeration: the dealer's five
   cards can be 65,780 hands (five of the 26 cards the non-dealer has not
   seen: his own five and the turn-up are out); holding one trump, 44,574 to
   21,206 against the dealer holding two or more; holding two, 50,274 to
   15,506.
2. For each jeu de règle category (britannica-9/hints/jeux-de-regle), over
   simulated deals: how often the non-dealer's hand wins the point when played
   without proposing, and the expected score of playing against proposing; for
   the dealer holding one after a proposal, refusing against accepting.
3. The same for each of the seven refusal exceptions
   (britannica-9/hints/refusing/1-7), counted only over the hands the exception
   excepts: jeux de règle the Hints would otherwise refuse (the hands matching
   an exception's pattern that are no jeu de règle are accepted by the
   principle anyway, and would not test it).
4. Foster's claim, in the same place, that such a hand "has odds of two to one
   in its favour" of winning the point.

Every mean is printed with its 95% interval, and a row over fewer than
``MIN_HANDS`` hands is marked too few to read.

Method, stated with the figures: each deal is dealt from a seeded shuffle; the
choice studied is forced, the later exchanges are made by the fixed policy of
``tutor/engines/policy.py`` (each player looking at his own hand only), and
the tricks are played twice from the same start of play:

- with hidden cards, the figures quoted: each player decides from what he has
  seen (``tutor/engines/hidden.py``: his hand, his discards, the turn-up, the
  cards played and what following reveals), as at the table;
- double dummy, beside them: both players seeing every card
  (``tutor/engines/solver.py``), the study's former method, which flatters the
  side that knows what to do with the cards.

The same deal serves both options, so their difference is sharp. Scores are
points at love-all: one for the point, two for the vole, two for the point
against a penalised loser, one for the king.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import shutil
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Sequence
from itertools import combinations
from multiprocessing import Pool
from pathlib import Path
from typing import Any, Literal, NotRequired, TypedDict

from tutor.analysis.match import COUNT, SEED, capped_note, useful_processes
from tutor.engines.hidden import WORLDS, HiddenPlay
from tutor.engines.policy import Rollout
from tutor.engines.solver import Solver, mask_of_indices
from tutor.engines.stepper import Forced
from tutor.io.files import is_link, write_atomically
from tutor.rules.cards import PACK, Card, Suit
from tutor.rules.laws import deal_points, point_winner
from tutor.rules.rulesets import ENGLISH

DEFAULT_DEALS = 300_000
DEFAULT_SEED = 1
CHUNK = 2_000
"""Deals per work unit; each unit has its own seed, so results do not depend on --jobs."""
STUDY_PATH = Path(__file__).resolve().parents[1] / "data" / "study.json"
"""The shipped results (read by ``tutor.analysis.study_notes``); written only when ``--out`` names it."""
MIN_HANDS = 100
"""Hands below which a row is marked too few to read: at 24 hands an exception's
difference changed sign between 20,000 and 300,000 deals."""
FOSTER = (
    "R. F. Foster, Foster's Complete Hoyle (New York, 1897), Écarté, on the jeux de règle;"
    " not one of the tutor's three sources (texts: notes/foster)"
)
"""Where the exact counts and the "two to one" claim come from, as the printout names it."""
TWO_TO_ONE = "any hand which is certain to win three tricks if the dealer has not two trumps, has odds of two to one in its favour"
"""Foster's words, in the same paragraph as his counts."""
MIN_FREE_BYTES = 1 << 20
"""Free space wanted beside ``--out`` before a run starts (the results take about 10 KB)."""

_BY_INDEX = {c.index: c for c in PACK}

StudyRow = dict[str, Any]
"""One row of the study as the JSON holds it (``Tally.summary``): its keys name the
two options compared, so they are not fixed."""

RowTable = Literal["jeux_de_regle_played", "jeux_de_regle_refused", "refusal_exceptions"]
"""The results' three tables of rows."""


class TwoToOne(TypedDict):
    """Foster's claim weighed: jeux de règle played win the point two times in three."""

    claim: str
    source: str
    hands: int
    won_point: float | None
    won_point_95: list[float] | None
    won_point_double_dummy: float | None
    two_to_one: float
    verdict: NotRequired[str]


class StudyResults(TypedDict):
    """What ``run_study`` returns and ``--out`` writes (tutor/data/study.json)."""

    deals: int
    seed: int
    seconds: float
    method: str
    double_dummy_method: str
    refusal_exceptions_read_by: str
    refusal_exceptions_counted: str
    min_hands: int
    foster_source: str
    foster: dict[str, int]
    jeux_de_regle_played: dict[str, StudyRow]
    jeux_de_regle_refused: dict[str, StudyRow]
    refusal_exceptions: dict[str, StudyRow]
    two_to_one: TwoToOne


Deal = tuple[int, int, list[int], int | None]
"""A simulated deal: the non-dealer's and the dealer's cards (bitmasks), the stock
(card indices) and the dealer's king turned up (1, or None)."""


# --- Foster's counts -------------------------------------------------------------


def foster_counts() -> dict[str, int]:
    """Count, over every hand the dealer can hold, Foster's three figures.

    The non-dealer holds five cards and has seen the turn-up (a trump), so the
    dealer's five are drawn from the other 26. Which plain cards the non-dealer
    holds does not change the counts, only how many trumps he has.
    """
    trump = Suit.SPADES
    trumps = [c for c in PACK if c.suit == trump]
    plain = [c for c in PACK if c.suit != trump]
    out = {}
    for held in (1, 2):
        seen = {trumps[0], *trumps[1 : 1 + held], *plain[: 5 - held]}  # turn-up first
        unseen = [c for c in PACK if c not in seen]
        total = two_or_more = 0
        for hand in combinations(unseen, 5):
            total += 1
            if sum(c.suit == trump for c in hand) >= 2:
                two_or_more += 1
        out["dealer_hands"] = total
        out[f"holding_{held}_against"] = total - two_or_more
        out[f"holding_{held}_for"] = two_or_more
    return out


# --- the hints' categories ---------------------------------------------------------


def _classifiers() -> tuple[
    Callable[[Sequence[Card], Suit], str | None],
    Callable[[Sequence[Card], Card], str | None],
    Callable[[Sequence[Card], Card], bool],
]:
    """The hints' own readings: ``classify_jeu_de_regle`` for the jeux de règle,
    ``tutor.hints.accepting.EXCEPTIONS`` for the refusal exceptions, and the rules
    after them for what the Hints would say without the exceptions."""
    from tutor.hints.accepting import EXCEPTIONS, excepted
    from tutor.hints.jeux_de_regle import classify_jeu_de_regle
    from tutor.rules.actions import ACCEPT
    from tutor.rules.infoset import InfoSet

    def jeu(hand: Sequence[Card], trump: Suit) -> str | None:
        found = classify_jeu_de_regle(hand, trump)
        return None if found is None else found.category

    def hints_refusal(hand: Sequence[Card], turnup: Card) -> str | None:
        """The first exception that speaks, as the hints apply them: ``N`` when it
        says accept (too weak), ``N+`` when its saving clause holds (refuse)."""
        info = InfoSet(decision="accept", role="dealer", hand=tuple(hand), turnup=turnup)
        for number, exception in enumerate(EXCEPTIONS, 1):
            found = exception(info)
            if found is not None:
                return str(number) if found.action == ACCEPT else f"{number}+"
        return None

    def otherwise_refused(hand: Sequence[Card], turnup: Card) -> bool:
        """``tutor.hints.accepting.excepted``: a jeu de règle the Hints would refuse
        if no exception spoke."""
        return excepted(InfoSet(decision="accept", role="dealer", hand=tuple(hand), turnup=turnup))

    return jeu, hints_refusal, otherwise_refused


METHOD = (
    "Each deal dealt from a seeded shuffle at love-all; the choice studied is forced, the"
    " later exchanges made by the fixed policy of tutor/engines/policy.py (each player"
    " looking at his own hand), and the tricks played with hidden cards: each player"
    " decides from what he has seen (his hand, his discards, the turn-up, the cards played),"
    f" weighing {WORLDS} holdings of his adversary consistent with it, each solved exactly"
    " (tutor/engines/hidden.py). Scores are net points to the player studied, the king"
    " included."
)
DOUBLE_DUMMY_METHOD = (
    "The same deals and exchanges with the tricks solved double dummy, both players seeing"
    " every card: the study's former method, which flatters the side that knows what to"
    " do with the cards."
)

REFUSAL_COUNTED = (
    "Each exception's row counts only the hands it excepts: jeux de règle which the rules"
    " after the exceptions (three queens, the two-card rule with the king, the jeux de"
    " règle) would refuse; N where the exception says accept, N+ where its saving clause"
    " holds and the dealer refuses as the list says."
)
REFUSAL_SOURCE = "tutor.hints.accepting.EXCEPTIONS"
"""Whose reading of the refusal exceptions the study counts, as its output names it."""


# --- simulation --------------------------------------------------------------------


def _cards(mask: int) -> list[Card]:
    return [_BY_INDEX[i] for i in range(32) if mask >> i & 1]


class Tally:
    """Sums for one row of the study: hands, points won, and two options' scores,
    with hidden cards and, beside them, double dummy."""

    __slots__ = (
        "dd_diff_sq",
        "dd_first",
        "dd_second",
        "dd_won",
        "diff_sq",
        "first",
        "hands",
        "second",
        "won",
    )

    def __init__(self) -> None:
        self.hands = 0
        self.won = 0
        self.first = 0.0
        self.second = 0.0
        self.diff_sq = 0.0
        self.dd_won = 0
        self.dd_first = 0.0
        self.dd_second = 0.0
        self.dd_diff_sq = 0.0

    def add(self, hidden: Outcome, double_dummy: Outcome) -> None:
        """Each outcome: (won the point with the first option, first's score, second's)."""
        self.hands += 1
        won, first, second = hidden
        self.won += won
        self.first += first
        self.second += second
        self.diff_sq += (first - second) ** 2
        won, first, second = double_dummy
        self.dd_won += won
        self.dd_first += first
        self.dd_second += second
        self.dd_diff_sq += (first - second) ** 2

    def merge(self, other: Tally) -> None:
        for name in self.__slots__:
            setattr(self, name, getattr(self, name) + getattr(other, name))

    def summary(self, first: str, second: str) -> StudyRow:
        n = self.hands
        if n == 0:
            return {"hands": 0}
        row: StudyRow = {"hands": n}
        row.update(_figures(n, self.won, self.first, self.second, self.diff_sq, first, second))
        row["double_dummy"] = _figures(
            n, self.dd_won, self.dd_first, self.dd_second, self.dd_diff_sq, first, second
        )
        return row


Outcome = tuple[bool, float, float]


def _wilson(won: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% interval of a rate (Wilson's): unlike the normal one it stays within
    0 and 1, and is not of zero width when every hand won."""
    rate = won / n
    centre = (rate + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(rate * (1 - rate) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(centre - half, 0.0), min(centre + half, 1.0)


def _figures(
    n: int, won: int, first: float, second: float, diff_sq: float, a: str, b: str
) -> StudyRow:
    """The rate of the point won and the two options' means, with 95% intervals."""
    rate = won / n
    low, high = _wilson(won, n)
    mean_diff = (first - second) / n
    var_diff = max(diff_sq / n - mean_diff**2, 0.0)
    diff_half = 1.96 * math.sqrt(var_diff / n) if n > 1 else math.inf
    return {
        "won_point": round(rate, 4),
        "won_point_95": [round(low, 4), round(high, 4)],
        a: round(first / n, 4),
        b: round(second / n, 4),
        f"{a}_minus_{b}": round(mean_diff, 4),
        f"{a}_minus_{b}_95": [round(mean_diff - diff_half, 4), round(mean_diff + diff_half, 4)],
    }


def _score(king: int | None, t_nd: int, penalty: int | None, seat: int) -> tuple[float, bool]:
    """Net points for ``seat`` (0 non-dealer, 1 dealer), and whether he won the point:
    the deal scored by ``laws.deal_points`` under the English rules, whose hints
    (britannica-9) the study weighs."""
    marked = (int(king == 0), int(king == 1))
    won = (t_nd, 5 - t_nd)
    points = deal_points(won, penalty, ENGLISH, marked)
    return float(points[seat] - points[1 - seat]), point_winner(won) == seat


def _play_out(
    rollout: Rollout,
    deal: Deal,
    forced: Forced,
    stage: str,
    proposals: int,
    seat: int,
    player: HiddenPlay,
    turnup: int,
) -> tuple[tuple[float, bool], tuple[float, bool]]:
    """One play-out of a deal with a forced first choice: ``seat``'s net score and
    whether he won the point, with hidden cards and double dummy."""
    nd_mask, dl_mask, stock, king_turned = deal
    start = rollout.exchanged(nd_mask, dl_mask, stock, stage, proposals, None, forced)
    king = king_turned if king_turned is not None else start.king_holder()
    nd, dl = start.hands
    seen = (start.thrown[0] | 1 << turnup, start.thrown[1] | 1 << turnup)
    marked = None if king_turned is not None else king
    hidden = player.tricks((nd, dl), seen, start.penalty, marked)
    dd = rollout.solver.lead_tricks(nd, dl, rollout.trump)
    return (_score(king, hidden, start.penalty, seat), _score(king, dd, start.penalty, seat))


def _compare(
    run: Callable[[Forced, str, int, int], tuple[tuple[float, bool], tuple[float, bool]]],
    first: Forced,
    second: Forced,
    stage: str,
    proposals: int,
    seat: int,
) -> tuple[Outcome, Outcome]:
    """Both options on one deal: (hidden, double dummy), each (won with the first,
    first's score, second's score)."""
    (h1, won_h), (d1, won_d) = run(first, stage, proposals, seat)
    (h2, _), (d2, _) = run(second, stage, proposals, seat)
    return (won_h, h1, h2), (won_d, d1, d2)


def simulate_chunk(args: tuple[int, int, int]) -> dict[str, dict[str, Tally]]:
    """Deals ``count`` deals from the chunk's own seed; tallies every row."""
    seed, chunk, count = args
    rng = random.Random(f"study:{seed}:{chunk}")
    play_rng = random.Random()
    jeu, refusal, otherwise_refused = _classifiers()
    solver = Solver()
    rows: dict[str, dict[str, Tally]] = {
        "play": {},
        "refuse": {},
        "exception": {},
        "pattern": {},
    }
    pack = list(range(32))
    for number in range(count):
        rng.shuffle(pack)
        nd, dl, turnup = pack[:5], pack[5:10], pack[10]
        stock = pack[11:]
        trump = turnup >> 3
        suit = PACK[turnup].suit
        king_turned = 1 if turnup & 7 == 7 else None
        rollout = Rollout(solver, trump)
        player = HiddenPlay(solver, trump, play_rng)
        nd_mask, dl_mask = mask_of_indices(nd), mask_of_indices(dl)
        # Both options of a deal see the same sampling (common random numbers).
        play_seed = (seed * 1_000_003 + chunk) * 1_000_003 + number

        def run(
            forced: Forced,
            stage: str,
            proposals: int,
            seat: int,
            deal: Deal = (nd_mask, dl_mask, stock, king_turned),
            rollout: Rollout = rollout,
            player: HiddenPlay = player,
            turnup: int = turnup,
            play_seed: int = play_seed,
        ) -> tuple[tuple[float, bool], tuple[float, bool]]:
            play_rng.seed(play_seed)
            return _play_out(rollout, deal, forced, stage, proposals, seat, player, turnup)

        nd_category = jeu(_cards(nd_mask), suit)
        if nd_category is not None:
            hidden, dd = _compare(run, ("play", 0), ("propose", 0), "propose", 0, 0)
            for key in (nd_category, "all"):
                rows["play"].setdefault(key, Tally()).add(hidden, dd)
        else:  # the non-dealer proposes (no jeu de règle): the dealer's choice
            dl_cards = _cards(dl_mask)
            dl_category = jeu(dl_cards, suit)
            exception = refusal(dl_cards, PACK[turnup])
            if exception is not None:
                # every hand matching the pattern, counted for the printout's "of N"
                rows["pattern"].setdefault(exception, Tally()).hands += 1
                if not otherwise_refused(dl_cards, PACK[turnup]):
                    exception = None  # the exception changes nothing for this hand
            if dl_category is not None or exception is not None:
                hidden, dd = _compare(run, ("refuse", 0), ("accept", 0), "accept", 1, 1)
                if dl_category is not None:
                    for key in (dl_category, "all"):
                        rows["refuse"].setdefault(key, Tally()).add(hidden, dd)
                if exception is not None:
                    rows["exception"].setdefault(exception, Tally()).add(hidden, dd)
    return rows


def chunk_count(deals: int) -> int:
    return math.ceil(deals / CHUNK)


def run_study(deals: int, seed: int, jobs: int = 1) -> StudyResults:
    """Simulate ``deals`` deals; up to ``jobs`` processes share the chunks (no more
    than can help: ``tutor.analysis.match.useful_processes``)."""
    chunks = [(seed, i, min(CHUNK, deals - i * CHUNK)) for i in range(chunk_count(deals))]
    jobs = useful_processes(jobs, len(chunks))
    started = time.perf_counter()
    if jobs > 1:
        with Pool(jobs) as pool:
            parts = pool.map(simulate_chunk, chunks)
    else:
        parts = [simulate_chunk(c) for c in chunks]
    merged: dict[str, dict[str, Tally]] = {"play": {}, "refuse": {}, "exception": {}, "pattern": {}}
    for part in parts:
        for table, row in part.items():
            for key, tally in row.items():
                merged[table].setdefault(key, Tally()).merge(tally)
    elapsed = time.perf_counter() - started
    return _results(merged, deals, seed, elapsed)


def _order(keys: Iterable[str]) -> list[str]:
    return sorted(keys, key=lambda k: (k == "all", k))


def _results(
    merged: dict[str, dict[str, Tally]], deals: int, seed: int, elapsed: float
) -> StudyResults:
    played = merged["play"].get("all", Tally())
    claim = played.summary("play", "propose")
    two_to_one: TwoToOne = {
        "claim": TWO_TO_ONE,
        "source": FOSTER,
        "hands": claim.get("hands", 0),
        "won_point": claim.get("won_point"),
        "won_point_95": claim.get("won_point_95"),
        "won_point_double_dummy": claim.get("double_dummy", {}).get("won_point"),
        "two_to_one": round(2 / 3, 4),
    }
    if claim.get("hands"):
        low, high = claim["won_point_95"]
        two_to_one["verdict"] = (
            "supported" if low <= 2 / 3 <= high else "better than" if low > 2 / 3 else "worse than"
        )
    return {
        "deals": deals,
        "seed": seed,
        "seconds": round(elapsed, 1),
        "method": METHOD,
        "double_dummy_method": DOUBLE_DUMMY_METHOD,
        "refusal_exceptions_read_by": REFUSAL_SOURCE,
        "refusal_exceptions_counted": REFUSAL_COUNTED,
        "min_hands": MIN_HANDS,
        "foster_source": FOSTER,
        "foster": foster_counts(),
        "jeux_de_regle_played": {
            k: merged["play"][k].summary("play", "propose") for k in _order(merged["play"])
        },
        "jeux_de_regle_refused": {
            k: merged["refuse"][k].summary("refuse", "accept") for k in _order(merged["refuse"])
        },
        "refusal_exceptions": {
            k: {
                **merged["exception"].get(k, Tally()).summary("refuse", "accept"),
                "pattern_hands": merged["pattern"].get(k, Tally()).hands,
            }
            for k in _order({*merged["exception"], *merged["pattern"]})
        },
        "two_to_one": two_to_one,
    }


# --- output ------------------------------------------------------------------------


def render_foster(f: dict[str, int]) -> str:
    return "\n".join(
        [
            f"Foster's exact counts, checked by enumeration (from {FOSTER}):",
            f"  the dealer's five cards can be {f['dealer_hands']:,} hands",
            f"  holding one trump: {f['holding_1_against']:,} to {f['holding_1_for']:,}"
            " against the dealer holding two or more",
            f"  holding two trumps: {f['holding_2_against']:,} to {f['holding_2_for']:,}"
            " against the dealer holding two or more",
        ]
    )


def _mean(value: float, interval: list[float] | None) -> str:
    """A mean with its 95% interval: "+0.180 (+0.103 to +0.256)"."""
    if not interval:
        return f"{value:+.3f}"
    low, high = interval
    return f"{value:+.3f} ({low:+.3f} to {high:+.3f})"


def _row_lines(name: str, row: StudyRow, first: str, second: str, min_hands: int) -> list[str]:
    """One row: its hands, the point won and the difference with their intervals, the
    two options' means, and the double-dummy figures on the line below."""
    diff = f"{first}_minus_{second}"
    low, high = row["won_point_95"]
    few = row["hands"] < min_hands
    mark = "  too few hands to read" if few else ""
    if not few and row[f"{diff}_95"][0] > 0:
        mark = f"  {first} better"
    elif not few and row[f"{diff}_95"][1] < 0:
        mark = f"  {second} better"
    elif not few:
        mark = "  no difference shown"
    dd = row.get("double_dummy", {})
    lines = [
        f"  {name:4}{row['hands']:>8,}{'*' if few else ' '}"
        f" {row['won_point']:>6.1%} ({low:.1%} to {high:.1%})"
        f"  {row[first]:>+7.3f}  {row[second]:>+7.3f}  {_mean(row[diff], row.get(f'{diff}_95'))}"
        f"{mark}"
    ]
    if dd:
        lines.append(
            f"  {'':4}{'':9} {dd['won_point']:>6.1%}{'':20}"
            f"  {dd[first]:>+7.3f}  {dd[second]:>+7.3f}  {_mean(dd[diff], dd.get(f'{diff}_95'))}"
            "  double dummy"
        )
    return lines


def render(results: StudyResults, foster: bool = True) -> str:
    lines = [render_foster(results["foster"]), ""] if foster else []
    min_hands = results.get("min_hands", MIN_HANDS)
    lines += [
        f"Simulated: {results['deals']:,} deals, seed {results['seed']}"
        f" ({results['seconds']} s). {results['method']}",
        f"Below each row: {results['double_dummy_method']}",
        "Every figure is a mean over the hands counted, with its 95% interval in brackets;"
        f" * marks a row of fewer than {min_hands} hands, too few to read. A difference is"
        " read only where its interval leaves out zero.",
        "",
    ]
    tables: tuple[tuple[RowTable, str, str, str], ...] = (
        (
            "jeux_de_regle_played",
            "Non-dealer's jeux de règle: play without proposing",
            "play",
            "propose",
        ),
        ("jeux_de_regle_refused", "Dealer's jeux de règle after a proposal", "refuse", "accept"),
        ("refusal_exceptions", "Refusal exceptions (dealer, after a proposal)", "refuse", "accept"),
    )
    for key, title, first, second in tables:
        lines.append(f"{title}:")
        if key == "refusal_exceptions":
            lines.append(f"  ({results.get('refusal_exceptions_counted', REFUSAL_COUNTED)})")
        lines.append(
            f"  {'':4}{'hands':>8}  {'won the point':<22}  {first:>7}  {second:>7}"
            f"  {first} - {second}"
        )
        for name, row in results[key].items():
            if not row.get("hands"):
                if "pattern_hands" in row:
                    lines.append(
                        f"  {name:4}{0:>8}   none excepted (of {row['pattern_hands']:,}"
                        " hands matching its pattern)"
                    )
                continue
            lines += _row_lines(name, row, first, second, min_hands)
            if "pattern_hands" in row:
                lines.append(
                    f"  {'':4}{'':9} (of {row['pattern_hands']:,} hands matching its pattern)"
                )
        lines.append("")
    t = results["two_to_one"]
    if t.get("hands"):
        interval = t["won_point_95"]
        assert interval is not None  # a claim weighed over some hands has its interval
        low, high = interval
        lines.append(
            f'Foster\'s claim that such a hand "has odds of two to one in its favour"'
            f" ({t.get('source', FOSTER)}): jeux de règle played win the point"
            f" {t['won_point']:.1%} of the time (95% {low:.1%} to {high:.1%}; two to one is 66.7%):"
            f" {t['verdict']} the claim."
        )
        if t.get("won_point_double_dummy") is not None:
            lines.append(f"  (Double dummy, every card seen: {t['won_point_double_dummy']:.1%}.)")
    return "\n".join(lines)


def out_problem(path: Path) -> str | None:
    """Why the results could not be written to ``path``; None if they can.

    Asked before the simulation, which takes minutes: a directory, a device, a
    missing or unwritable directory and a full disk are said at once.
    """
    if is_link(path):
        return (
            f"--out {path} is a symbolic link; name the file itself"
            " (the study does not write through links)"
        )
    if path.is_dir():
        return f"--out {path} is a directory; name a file in it, e.g. {path / 'study.json'}"
    if path.exists() and not path.is_file():
        return f"--out {path} is not a regular file"
    folder = path.parent
    if not folder.exists():
        return f"--out {path}: the directory {folder} does not exist"
    if not folder.is_dir():
        return f"--out {path}: {folder} is not a directory"
    try:
        fd, probe = tempfile.mkstemp(prefix=".ecarte-study-", dir=folder)
        os.close(fd)
        os.unlink(probe)
    except OSError as exc:
        return f"--out {path}: cannot write in {folder} ({exc.strerror or exc})"
    try:
        free = shutil.disk_usage(folder).free
    except OSError:
        return None
    if free < MIN_FREE_BYTES:
        return f"--out {path}: the disk holding {folder} is full ({free:,} bytes free)"
    return None


def write_results(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` whole or not at all (``write_atomically``: a full disk
    or an interruption leaves the old file as it was; a link is not written through)."""
    write_atomically(path, text)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ecarte study", description="Computed verdicts on the Hints' proposal rules."
    )
    parser.add_argument("--deals", type=COUNT, default=DEFAULT_DEALS)
    parser.add_argument("--seed", type=SEED, default=DEFAULT_SEED)
    parser.add_argument(
        "--jobs",
        type=COUNT,
        default=2,
        help="processes (default 2; no more than the CPUs and the work can use)",
    )
    parser.add_argument(
        "--out",
        type=Path,
        default=None,
        metavar="FILE",
        help="write the JSON results here (the shipped ones: tutor/data/study.json);"
        " without it nothing is written",
    )
    parser.add_argument("--no-write", action="store_true", help=argparse.SUPPRESS)  # the default
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.deals < 1 or args.jobs < 1:
        print("ecarte study: --deals and --jobs must be at least 1", file=sys.stderr)
        return 2
    if args.out is not None and args.no_write:
        print("ecarte study: --out and --no-write contradict each other", file=sys.stderr)
        return 2
    problem = None if args.out is None else out_problem(args.out)
    if problem:
        print(f"ecarte study: {problem}", file=sys.stderr)
        return 2
    chunks = chunk_count(args.deals)
    jobs = useful_processes(args.jobs, chunks)
    work = f"{chunks:,} chunk{'s' if chunks != 1 else ''} of up to {CHUNK:,} deals"
    note = capped_note("study", args.jobs, jobs, work)
    # The exact counts first: they take a second, the simulation minutes.
    print(render_foster(foster_counts()), flush=True)
    print(
        f"\nSimulating {args.deals:,} deals (seed {args.seed},"
        f" {jobs} process{'es' if jobs != 1 else ''})...",
        file=sys.stderr,
        flush=True,
    )
    if note:
        print(note, file=sys.stderr, flush=True)
    results = run_study(args.deals, args.seed, jobs)
    print()
    print(render(results, foster=False))
    if args.out is None:
        return 0
    try:
        write_results(args.out, json.dumps(results, indent=1, ensure_ascii=False) + "\n")
    except OSError as exc:
        print(
            f"ecarte study: could not write {args.out} ({exc.strerror or exc});"
            " the results above were not saved",
            file=sys.stderr,
        )
        return 1
    print(f"\nWritten to {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
