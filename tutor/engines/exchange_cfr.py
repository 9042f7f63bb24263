"""Computing the exchange strategy: counterfactual regret minimisation over hand classes.

The first proposal of a deal is a small game of two choices with hidden hands:
the non-dealer plays or proposes, and, proposed to, the dealer refuses or
accepts (britannica-9/proposing), with law 49's penalty on whoever insists on
playing and loses (club-laws/49). Each player sees only his own hand, which
the strategy reduces to its class (``hand_classes``).

1. **Deals.** ``samples`` deals are shuffled from ``seed``; for each, the three
   ways the first proposal can end are played to the end of the deal: the
   non-dealer plays (*play*); he proposes and the dealer refuses (*refused*);
   he proposes and the dealer accepts (*accepted*: the discards and any later
   proposal by the fixed policy of ``policy.py``). The tricks are made with
   hidden cards, each side choosing from what it has seen (``hidden.HiddenPlay``),
   or double dummy with ``leaves="double-dummy"`` (faster, and flattering to
   whoever knows what to do with every card seen). Each outcome is scored by
   ``laws.deal_points`` (the king marked by whoever holds it), as the non-dealer's
   points less the dealer's.
2. **Regret matching (CFR+).** Each class of the non-dealer's hands, and each
   of the dealer's, keeps a regret for each of its two choices; every iteration
   values both choices against the other side's current strategy, over the
   deals in which the class occurs, and the strategies move towards the
   choices that would have done better. The average strategy (weighted
   linearly, as CFR+ does) is an approximate equilibrium of the abstracted game:
   neither side gains much by deviating, class by class. ``exploitability``
   says how much.

The result is a table: for each class, the chance the non-dealer plays, and
the chance the dealer refuses. ``exchange_strategy.py`` loads it; the script
``tools/build_exchange_strategy.py`` writes it.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, field
from multiprocessing import Pool

from tutor.engines.hand_classes import hand_class
from tutor.engines.hidden import HiddenPlay
from tutor.engines.policy import Rollout
from tutor.engines.solver import Solver, mask_of_indices
from tutor.rules.laws import deal_points
from tutor.rules.rulesets import ENGLISH

CHUNK = 1_000


@dataclass
class Samples:
    """Per deal: the two classes and the three outcomes, the non-dealer's net points,
    played with hidden cards and double dummy (the same deals, the same exchanges)."""

    nd: list[int] = field(default_factory=list)
    dealer: list[int] = field(default_factory=list)
    play: list[float] = field(default_factory=list)
    refused: list[float] = field(default_factory=list)
    accepted: list[float] = field(default_factory=list)
    play_dd: list[float] = field(default_factory=list)
    refused_dd: list[float] = field(default_factory=list)
    accepted_dd: list[float] = field(default_factory=list)
    # Per ending (three a deal), at the start of play: each hand's class, who is
    # under law 49's penalty, and the gap (hidden less double dummy): what
    # ``leaf_correction`` is fitted to.
    end_nd: list[str] = field(default_factory=list)
    end_dealer: list[str] = field(default_factory=list)
    end_penalty: list[int | None] = field(default_factory=list)
    end_gap: list[float] = field(default_factory=list)

    def extend(self, other: Samples) -> None:
        for name in self.__dataclass_fields__:
            getattr(self, name).extend(getattr(other, name))


def _net(king: int | None, t_nd: int, penalty: int | None) -> float:
    points = deal_points((t_nd, 5 - t_nd), penalty, ENGLISH, (int(king == 0), int(king == 1)))
    return float(points[0] - points[1])


@dataclass(frozen=True)
class _Deal:
    nd: int
    dealer: int
    stock: list[int]
    turnup: int
    king_turned: int | None
    play_seed: int


def _ending(
    deal: _Deal,
    rollout: Rollout,
    player: HiddenPlay,
    play_rng: random.Random,
    first: tuple[str, str, int],
    out: Samples,
) -> tuple[float, float]:
    """The non-dealer's net points when the first proposal ends by ``first``
    (its kind, the stage and the proposals made), with hidden cards and double
    dummy; the ending's hands, penalty and gap go to ``out``'s ``end_`` lists."""
    kind, stage, proposals = first
    start = rollout.exchanged(
        deal.nd, deal.dealer, list(deal.stock), stage, proposals, None, (kind, 0)
    )
    king = deal.king_turned if deal.king_turned is not None else start.king_holder()
    hands = (start.hands[0], start.hands[1])
    play_rng.seed(deal.play_seed)  # common random numbers across the three endings
    turnup = 1 << deal.turnup
    seen = (start.thrown[0] | turnup, start.thrown[1] | turnup)
    marked = None if deal.king_turned is not None else king
    hidden = player.tricks(hands, seen, start.penalty, marked)
    dd = rollout.solver.lead_tricks(hands[0], hands[1], rollout.trump)
    with_hidden, double_dummy = _net(king, hidden, start.penalty), _net(king, dd, start.penalty)
    out.end_nd.append(hand_class(hands[0], rollout.trump))
    out.end_dealer.append(hand_class(hands[1], rollout.trump))
    out.end_penalty.append(start.penalty)
    out.end_gap.append(with_hidden - double_dummy)
    return with_hidden, double_dummy


def sample_chunk(args: tuple[int, int, int]) -> tuple[list[str], list[str], Samples]:
    """``count`` deals of chunk ``chunk``; the class names are per chunk
    (``nd`` and ``dealer`` index them) and merged by the caller."""
    seed, chunk, count = args
    rng = random.Random(f"exchange:{seed}:{chunk}")
    play_rng = random.Random()
    solver = Solver()
    names: tuple[dict[str, int], dict[str, int]] = ({}, {})
    out = Samples()
    pack = list(range(32))
    for number in range(count):
        rng.shuffle(pack)
        nd, dl = mask_of_indices(pack[:5]), mask_of_indices(pack[5:10])
        turnup, stock = pack[10], pack[11:]
        trump = turnup >> 3
        king_turned = 1 if turnup & 7 == 7 else None
        rollout = Rollout(solver, trump)
        player = HiddenPlay(solver, trump, play_rng)
        play_seed = (seed * 1_000_003 + chunk) * 1_000_003 + number

        out.nd.append(names[0].setdefault(hand_class(nd, trump), len(names[0])))
        out.dealer.append(names[1].setdefault(hand_class(dl, trump), len(names[1])))
        deal = _Deal(nd, dl, stock, turnup, king_turned, play_seed)
        for kind, stage, proposals, hidden_list, dd_list in (
            ("play", "propose", 0, out.play, out.play_dd),
            ("refuse", "accept", 1, out.refused, out.refused_dd),
            ("accept", "accept", 1, out.accepted, out.accepted_dd),
        ):
            hidden, dd = _ending(deal, rollout, player, play_rng, (kind, stage, proposals), out)
            hidden_list.append(hidden)
            dd_list.append(dd)
    return list(names[0]), list(names[1]), out


def sample(samples: int, seed: int, jobs: int = 1) -> tuple[list[str], list[str], Samples]:
    """All the deals, their classes numbered in one order for both sides' lists."""
    chunks = [(seed, i, min(CHUNK, samples - i * CHUNK)) for i in range(-(-samples // CHUNK))]
    if jobs > 1:
        with Pool(jobs) as pool:
            parts = pool.map(sample_chunk, chunks)
    else:
        parts = [sample_chunk(c) for c in chunks]
    nd_names: dict[str, int] = {}
    dl_names: dict[str, int] = {}
    merged = Samples()
    for nd_local, dl_local, part in parts:
        nd_map = [nd_names.setdefault(n, len(nd_names)) for n in nd_local]
        dl_map = [dl_names.setdefault(n, len(dl_names)) for n in dl_local]
        part.nd = [nd_map[i] for i in part.nd]
        part.dealer = [dl_map[i] for i in part.dealer]
        merged.extend(part)
    return list(nd_names), list(dl_names), merged


@dataclass
class Equilibrium:
    play: list[float]
    """Per non-dealer class, the chance he plays."""
    refuse: list[float]
    """Per dealer class, the chance he refuses a first proposal."""
    value: float
    """The non-dealer's expected net points per deal under both strategies."""
    exploitability: float
    """What both best responses gain together against it, points a deal (0 at equilibrium)."""


def _regret_matched(regret: tuple[float, float]) -> float:
    """The chance of the first choice, by regret matching."""
    a, b = regret
    return 0.5 if a + b <= 0 else a / (a + b)


def solve(nd_count: int, dl_count: int, s: Samples, iterations: int) -> Equilibrium:
    """CFR+ over the sampled deals; see the module's docstring."""
    rows = list(zip(s.nd, s.dealer, s.play, s.refused, s.accepted, strict=True))
    r_nd = [(0.0, 0.0)] * nd_count
    r_dl = [(0.0, 0.0)] * dl_count
    avg_play = [0.0] * nd_count
    avg_refuse = [0.0] * dl_count
    weight_sum = 0.0
    for t in range(1, iterations + 1):
        play = [_regret_matched(r) for r in r_nd]
        refuse = [_regret_matched(r) for r in r_dl]
        v_play = [0.0] * nd_count
        v_prop = [0.0] * nd_count
        v_ref = [0.0] * dl_count  # the dealer's values are the non-dealer's, negated below
        v_acc = [0.0] * dl_count
        for c1, c2, p, qr, qa in rows:
            q = refuse[c2]
            v_play[c1] += p
            v_prop[c1] += q * qr + (1.0 - q) * qa
            reach = 1.0 - play[c1]
            v_ref[c2] -= reach * qr
            v_acc[c2] -= reach * qa
        for c in range(nd_count):
            mixed = play[c] * v_play[c] + (1 - play[c]) * v_prop[c]
            a, b = r_nd[c]
            r_nd[c] = (max(0.0, a + v_play[c] - mixed), max(0.0, b + v_prop[c] - mixed))
        for c in range(dl_count):
            mixed = refuse[c] * v_ref[c] + (1 - refuse[c]) * v_acc[c]
            a, b = r_dl[c]
            r_dl[c] = (max(0.0, a + v_ref[c] - mixed), max(0.0, b + v_acc[c] - mixed))
        for c in range(nd_count):
            avg_play[c] += t * play[c]
        for c in range(dl_count):
            avg_refuse[c] += t * refuse[c]
        weight_sum += t
    play = [x / weight_sum for x in avg_play]
    refuse = [x / weight_sum for x in avg_refuse]
    value, exploit = _evaluate(rows, nd_count, dl_count, play, refuse)
    return Equilibrium(play, refuse, value, exploit)


def _evaluate(
    rows: Iterable[tuple[int, int, float, float, float]],
    nd_count: int,
    dl_count: int,
    play: list[float],
    refuse: list[float],
) -> tuple[float, float]:
    """The strategies' value to the non-dealer, and their exploitability: the
    non-dealer's best response value less the dealer's, per deal."""
    rows = list(rows)
    n = len(rows)
    total = 0.0
    v_play = [0.0] * nd_count
    v_prop = [0.0] * nd_count
    v_ref = [0.0] * dl_count
    v_acc = [0.0] * dl_count
    base_dl = 0.0
    for c1, c2, p, qr, qa in rows:
        q = refuse[c2]
        prop = q * qr + (1.0 - q) * qa
        total += play[c1] * p + (1 - play[c1]) * prop
        v_play[c1] += p
        v_prop[c1] += prop
        reach = 1.0 - play[c1]
        base_dl += play[c1] * p
        v_ref[c2] += reach * qr
        v_acc[c2] += reach * qa
    nd_best = sum(max(a, b) for a, b in zip(v_play, v_prop, strict=True))
    dl_best = base_dl + sum(min(a, b) for a, b in zip(v_ref, v_acc, strict=True))
    return total / n, (nd_best - dl_best) / n


SHRINK = 50
"""Deals a class needs before its correction counts in full (fewer: it is shrunk
towards zero in proportion, since a rare class's mean is mostly noise)."""


def corrections(
    nd_count: int, dl_count: int, s: Samples, eq: Equilibrium
) -> tuple[list[float], list[float], list[int], list[int]]:
    """Per class, what hidden cards change in the gap between the two choices,
    against double dummy: for the non-dealer, (play less propose) with hidden
    cards less the same double dummy, the dealer answering by ``eq``; for the
    dealer, (refuse less accept), his points, weighted by the chance the
    non-dealer proposes. The best engine values its exchanges by double-dummy
    play-outs and adds these (``exchange_strategy``). Also the deals per class."""
    nd_sum = [0.0] * nd_count
    nd_n = [0] * nd_count
    dl_sum = [0.0] * dl_count
    dl_w = [0.0] * dl_count
    dl_n = [0] * dl_count
    for c1, c2, p, qr, qa, p_dd, qr_dd, qa_dd in zip(
        s.nd,
        s.dealer,
        s.play,
        s.refused,
        s.accepted,
        s.play_dd,
        s.refused_dd,
        s.accepted_dd,
        strict=True,
    ):
        q = eq.refuse[c2]
        hidden_gap = p - (q * qr + (1 - q) * qa)
        dd_gap = p_dd - (q * qr_dd + (1 - q) * qa_dd)
        nd_sum[c1] += hidden_gap - dd_gap
        nd_n[c1] += 1
        reach = 1.0 - eq.play[c1]
        dl_sum[c2] += reach * ((qa - qr) - (qa_dd - qr_dd))  # the dealer's points: negated
        dl_w[c2] += reach
        dl_n[c2] += 1
    nd_corr = [
        (total / n) * n / (n + SHRINK) if n else 0.0 for total, n in zip(nd_sum, nd_n, strict=True)
    ]
    dl_corr = [
        (total / w) * n / (n + SHRINK) if w > 0 else 0.0
        for total, w, n in zip(dl_sum, dl_w, dl_n, strict=True)
    ]
    return nd_corr, dl_corr, nd_n, dl_n
