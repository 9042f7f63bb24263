"""``ecarte practice check``: every position loads, its goal can be made sure, and it is
not trivial. Faults are printed ``file:line: field: message``; status 1 with any."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

from tutor.practice.defence import Defence
from tutor.practice.loader import PositionSet, load_positions
from tutor.practice.model import Fault, PracticePosition
from tutor.practice.playout import start_state
from tutor.practice.proof import TRIVIAL, achievable, random_chance, winning_line
from tutor.practice.themes import THEMES


@dataclass
class Proven:
    position: PracticePosition
    chance: Fraction
    """A random player's chance of meeting the goal against the defence."""
    line: list[str]


@dataclass
class Report:
    loaded: PositionSet
    proven: list[Proven] = field(default_factory=list)
    faults: list[Fault] = field(default_factory=list)


def check(path: Path | None = None, defence: Defence | None = None) -> Report:
    defence = defence or Defence()
    loaded = load_positions(path)
    report = Report(loaded, faults=list(loaded.faults))
    for position in loaded.positions:
        where = f"positions[{position.block}].goal"

        def fault(message: str, position: PracticePosition = position, where: str = where) -> None:
            report.faults.append(Fault(position.file, position.goal_line, where, message))

        if not achievable(position, defence):
            best = defence.best_guaranteed(start_state(position))
            fault(
                f"{position.goal.name} needs {position.goal.tricks} tricks, but only {best}"
                " can be made sure against every holding"
            )
            continue
        chance = random_chance(position, defence)
        if chance >= TRIVIAL:
            fault(
                f"trivial: a player choosing each card at random meets it {float(chance):.0%}"
                " of the time (it must be less than half)"
            )
        line = [str(c) for c in winning_line(position, defence)]
        report.proven.append(Proven(position, chance, line))
    return report


def print_report(report: Report) -> None:
    for proven in report.proven:
        p = proven.position
        print(
            f"{p.file}:{p.line}: {p.id}: {p.goal.name}, random player {float(proven.chance):.0%},"
            f" line {' '.join(proven.line)}"
        )
    for fault in report.faults:
        print(str(fault))
    themes = {p.position.theme for p in report.proven}
    print(
        f"total: {len(report.loaded.positions)} positions, {len(report.proven)} proven,"
        f" {len(themes)} of {len(THEMES)} themes, {len(report.faults)} faults"
    )
