"""Where a duplicate match's points come from: each pack told by its first divergence.

In a duplicate match (``match``) a pack is played twice, the engines' seats
swapped. Until one of them answers a decision otherwise than the other did in
the same seat, the two plays are the same deal move for move; from the first
decision they answer differently, the two plays part, and the pack's net (A's
points less B's over both plays) is what that choice, and all that followed
it, was worth. Grouping the packs by that first decision (the non-dealer's
first proposal, the dealer's first discard, the lead at the third trick...)
says which decisions win a match and which lose it; packs played alike both
times score nothing and are counted apart.

A pack's net is charged to its first divergence whole, later differences
included: the table says where the plays parted, not what each later choice
was worth.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

from tutor.analysis.match import deal_of, play_deal
from tutor.engines.base import Engine
from tutor.rules.actions import Action
from tutor.rules.deal import Position
from tutor.rules.infoset import infoset_of

SAME = "played alike"
"""The category of a pack both engines played the same, move for move."""


@dataclass(frozen=True, slots=True)
class Divergence:
    """The first decision of a pack that the two engines answered differently."""

    category: str
    """The decision, as a reader names it: ``the non-dealer's first proposal``,
    ``lead at trick 2``... or ``SAME``."""
    a_choice: str
    """What engine A answered (empty for ``SAME``)."""
    b_choice: str


def pack_divergence(a: Engine, b: Engine, seed: int, index: int) -> tuple[Divergence, int]:
    """Pack ``index`` of the match seeded ``seed`` (``match.deal_of``, the packs of
    ``ecarte match`` without records) played twice, A in seat 0 then B: its first
    divergence and its net for A."""
    plays = []
    net = 0
    for a_seat in (0, 1):
        engines = (a, b) if a_seat == 0 else (b, a)
        actions: list[Action] = []
        final, _ = play_deal(deal_of(seed, index), engines, actions=actions)
        plays.append(actions)
        net += final.points[a_seat] - final.points[1 - a_seat]
    return first_divergence(deal_of(seed, index), plays[0], plays[1]), net


def first_divergence(
    start: Position, a_seat0: Sequence[Action], b_seat0: Sequence[Action]
) -> Divergence:
    """The first decision where two plays of the pack ``start`` part: ``a_seat0``,
    the actions of the play with A in seat 0, ``b_seat0`` those with B there. The
    seat to act at that point tells whose choice is whose."""
    position = start
    for ours, theirs in zip(a_seat0, b_seat0, strict=False):
        if ours != theirs:
            seat = position.to_act
            a_choice, b_choice = (ours, theirs) if seat == 0 else (theirs, ours)
            return Divergence(category_of(position), str(a_choice), str(b_choice))
        position = position.apply(ours)
    return Divergence(SAME, "", "")


def category_of(position: Position) -> str:
    """The decision of the player to act, named for the table."""
    info = infoset_of(position, position.to_act)
    role = "dealer" if info.is_dealer else "non-dealer"
    # The exchange in progress is listed for the dealer's discard, not before it.
    done = len(info.exchanges) - (info.decision == "discard" and info.is_dealer)
    first = done == 0
    if info.decision == "propose":
        return f"the {role}'s {'first' if first else 'later'} proposal (play or propose)"
    if info.decision == "accept":
        return f"the {role}'s answer to the {'first' if first else 'a later'} proposal"
    if info.decision == "discard":
        return f"the {role}'s {'first' if first else 'later'} discard"
    if info.decision == "mark_king":
        return f"the {role}'s king (mark or hold)"
    trick = len(info.tricks) + 1
    return f"the {role}'s {info.decision} at trick {trick}"


@dataclass(frozen=True, slots=True)
class Row:
    category: str
    packs: int
    per_deal: float
    """This category's points per deal of the whole match: its packs' nets summed,
    over twice the packs played (each pack is two deals)."""
    mean: float
    """The mean net of its packs (over both plays)."""
    half: float
    """Half the 95% interval of ``mean`` (normal approximation; 0 for one pack)."""
    choices: tuple[tuple[str, str, int], ...]
    """The commonest (A's choice, B's choice) pairs by their kind, and how often."""


def table(divergences: Sequence[Divergence], nets: Sequence[int]) -> list[Row]:
    """Each category's share of the match, most packs first."""
    groups: dict[str, list[tuple[Divergence, int]]] = {}
    for divergence, net in zip(divergences, nets, strict=True):
        groups.setdefault(divergence.category, []).append((divergence, net))
    packs = len(nets)
    rows = []
    for category, members in groups.items():
        values = [net for _, net in members]
        spread = statistics.stdev(values) if len(values) > 1 else 0.0
        kinds: dict[tuple[str, str], int] = {}
        for divergence, _ in members:
            key = (_kind(divergence.a_choice), _kind(divergence.b_choice))
            kinds[key] = kinds.get(key, 0) + 1
        common = sorted(kinds.items(), key=lambda item: -item[1])[:3]
        rows.append(
            Row(
                category=category,
                packs=len(values),
                per_deal=sum(values) / (2 * packs),
                mean=statistics.fmean(values),
                half=1.96 * spread / math.sqrt(len(values)),
                choices=tuple((a, b, n) for (a, b), n in common),
            )
        )
    return sorted(rows, key=lambda row: (-row.packs, row.category))


def _kind(choice: str) -> str:
    """A choice by its kind: a discard by how many cards it throws, a card as it is
    (``discard 7C 8D`` is ``discard 2``)."""
    words = choice.split()
    if words and words[0] == "discard":
        return f"discard {len(words) - 1}"
    return choice


def report(rows: Sequence[Row], a: str, b: str) -> str:
    """The table as text: where ``a`` won or lost its points against ``b``."""
    lines = [
        f"{'first divergence':52} {'packs':>5} {'per deal':>9} {'per pack (95%)':>17}"
        f"  commonest ({a} / {b})"
    ]
    for row in rows:
        interval = f"{row.mean:+.3f} ±{row.half:.3f}" if row.category != SAME else ""
        common = ", ".join(f"{x} / {y} ×{n}" for x, y, n in row.choices if x or y)
        lines.append(
            f"{row.category:52} {row.packs:5} {row.per_deal:+9.4f} {interval:>17}  {common}"
        )
    return "\n".join(lines)
