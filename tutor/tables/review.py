"""The review of a table record, in the shape of the two-handed review.

``review_table(table)`` weighs every decision of every player at a table (the
pool of three, à quatre, à cinq, à six) with the strongest engine each table has
(``tutor.tables.advisor.TableAdvisor``), grades it by cost as the two-handed
review does (``tutor.analysis.grades``), and sets the Hints' answer beside it. A forced
action (one legal choice) is no decision and is left out. ``ecarte review FILE``
reads a table record through this module, so any game the tutor saved can be
reviewed from the command line.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tutor.analysis.grades import accuracy
from tutor.rules.actions import Action
from tutor.rules.infoset import infoset_of
from tutor.tables.advisor import TableAdvisor
from tutor.tables.coach import AnyTable, Judged, deals_played, judge_step
from tutor.tables.pool import PoolTable


@dataclass(frozen=True, slots=True)
class TableDecision:
    deal: str
    """The deal's label: ``Deal 3``, or in the pool ``Game 2 (…), deal 1``."""
    seat: int
    player: str
    decision: str
    judged: Judged

    def to_json(self) -> dict[str, Any]:
        j = self.judged
        return {
            "deal": self.deal,
            "player": self.player,
            "decision": self.decision,
            "action": str(j.action),
            "best": str(j.best),
            "cost": None if j.cost is None else round(j.cost, 3),
            "grade": j.grade,
            "hints": None if j.hints is None else str(j.hints),
        }


@dataclass(frozen=True, slots=True)
class TableReview:
    table: str
    players: tuple[str, ...]
    decisions: tuple[TableDecision, ...]

    def accuracy(self, seat: int) -> float | None:
        """The seat's accuracy over its weighed decisions (None: none weighed)."""
        return accuracy(d.judged.cost for d in self.decisions if d.seat == seat)

    def to_json(self) -> dict[str, Any]:
        figures = {}
        for seat, name in enumerate(self.players):
            figure = self.accuracy(seat)
            figures[name] = None if figure is None else round(figure, 1)
        return {
            "table": self.table,
            "players": list(self.players),
            "decisions": [d.to_json() for d in self.decisions],
            "accuracy": figures,
        }


def decision_kind(table: AnyTable, action: Action) -> str:
    """The decision's name, as the two-handed review names it."""
    if isinstance(table, PoolTable):
        return infoset_of(table.game.position).decision
    return "mark_king" if action.kind == "mark" else action.kind


def review_table(
    table: AnyTable,
    advisor: TableAdvisor | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> TableReview:
    """Every decision of every player weighed; ``progress(done, total)`` is told after
    each decision (a six-player record takes a while)."""
    advisor = advisor or TableAdvisor(table.seed)
    todo = [
        (deal, step)
        for deal in deals_played(table)
        for step in deal.steps
        if len(step.before.legal_actions()) >= 2  # forced: no decision
    ]
    decisions = []
    for done, (deal, step) in enumerate(todo, 1):
        decisions.append(
            TableDecision(
                deal.label,
                step.seat,
                table.players[step.seat],
                decision_kind(step.before, step.action),
                judge_step(advisor, step),
            )
        )
        if progress is not None:
            progress(done, len(todo))
    return TableReview(table.name, tuple(table.players), tuple(decisions))


def text_report(review: TableReview) -> list[str]:
    from tutor.analysis.grades import THRESHOLDS_TOLD

    lines = [f"Review of a table record ({review.table}): {', '.join(review.players)}"]
    current = None
    for d in review.decisions:
        if d.deal != current:
            current = d.deal
            lines += ["", current]
        j = d.judged
        cost = "not weighed" if j.cost is None else f"cost {j.cost:.2f}"
        grade = f" {j.grade}" if j.grade else ""
        verdict = f"{j.mark}{grade}"
        hints = f"; the hints: {j.hints.label}" if j.hints is not None else ""
        lines.append(
            f"  {d.player}: {j.action.label} {verdict} (best {j.best.label}, {cost}{hints})"
        )
    lines.append("")
    for seat, name in enumerate(review.players):
        figure = review.accuracy(seat)
        told = "no decision weighed" if figure is None else f"accuracy {figure:.1f}"
        count = sum(1 for d in review.decisions if d.seat == seat)
        lines.append(f"{name}: {told} over {count} decisions")
    lines.append(f"Grades: {THRESHOLDS_TOLD}.")
    return lines
