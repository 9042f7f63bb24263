"""Coaching at the tables: the deals played, undo, the hints' word, graded decisions.

Everything here works on table values (``tutor.tables``) and never imports
Textual, so the screens stay thin:

- ``deals_played(table)``: each deal so far, with the table before each action
  (for summaries, the review and the pool's watched games);
- ``undo(table, seat)``: the table back at the seat's previous decision;
- ``restart_deal(table)``: the current deal (or the one just finished) from its start;
- ``table_hint(table, seat)``: what the Hints to Players say here;
- ``judge(advice, chosen)``: a decision's cost in points and its grade;
- ``accuracy(costs)``: a 0-100 figure for a run of decisions.

Grades and accuracy are those of the two-handed review (``tutor.analysis.grades``): a
decision is graded by what it cost against the advisor's choice, in points of
expected score at that score.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeAlias

from tutor.analysis.grades import GRADE_MARKS, grade
from tutor.engines.base import Advice
from tutor.hints import advise
from tutor.rules.actions import Action
from tutor.rules.cards import Card
from tutor.rules.deal import Position
from tutor.rules.infoset import infoset_of
from tutor.tables.pool import PoolTable
from tutor.tables.round_deal import RoundDeal
from tutor.tables.round_table import RoundTable
from tutor.tables.tricks import legal_plays, play_reason

if TYPE_CHECKING:
    from tutor.tables.advisor import TableAdvisor

AnyTable: TypeAlias = PoolTable | RoundTable
"""A table value as the coach handles it: the pool or a round table."""


@dataclass(frozen=True, slots=True)
class Judged:
    """One decision set against the advisor's."""

    action: Action
    best: Action
    cost: float | None
    """Points of expected score lost against ``best`` (None: not weighed)."""
    reason: str = ""
    hints: Action | None = None
    """What the Hints to Players would have done (None: they are silent)."""

    @property
    def grade(self) -> str | None:
        return grade(self.cost)

    @property
    def mark(self) -> str:
        return GRADE_MARKS[self.grade]


def judge(advice: Advice, chosen: Action, hints: Action | None = None) -> Judged:
    values = advice.values or {}
    if chosen == advice.action:
        cost: float | None = 0.0
    elif str(chosen) in values and str(advice.action) in values:
        cost = max(0.0, values[str(advice.action)] - values[str(chosen)])
    else:
        cost = None
    return Judged(chosen, advice.action, cost, advice.reason, hints)


def hints_choice(table: AnyTable, played: Action | None = None) -> Action | None:
    """The Hints' answer for the seat to act (at the round tables, only on the king):
    the one ``played`` when the hint's words allow it as well as their own."""
    if isinstance(table, PoolTable):
        try:
            verdict = advise(infoset_of(table.game.position))
        except Exception:  # a hint that cannot judge this position says nothing
            return None
        return next((a for a in verdict.allowed if a == played), verdict.action)
    return round_hint(table).action


def judge_step(advisor: TableAdvisor, step: Step) -> Judged:
    """A step of a deal weighed by the advisor (``tutor.tables.advisor.TableAdvisor``)."""
    advice = advisor.weigh(step.before, step.action)
    return judge(advice, step.action, hints_choice(step.before, step.action))


# --- the deals played -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Step:
    before: AnyTable
    """The table value before the action."""
    action: Action
    seat: int
    """The table seat that acted."""


@dataclass(frozen=True, slots=True)
class DealPlayed:
    key: tuple[int, int]
    """(game, deal) in the pool; (0, deal) at the round tables."""
    label: str
    steps: tuple[Step, ...]
    after: AnyTable
    """The table after the deal's last action."""
    finished: bool

    @property
    def start(self) -> AnyTable:
        """The table before the deal's first action."""
        return self.steps[0].before if self.steps else self.after

    @property
    def seats(self) -> tuple[int, ...]:
        """The table seats dealt in."""
        start = self.start
        if isinstance(start, PoolTable):
            return start.seats
        return tuple(range(len(start.players)))

    def final(self) -> Position | RoundDeal | None:
        """The deal's last position: a two-handed ``Position`` or a ``RoundDeal`` (None
        before any action); which, ``start``'s kind of table says."""
        if not self.steps:
            return None
        last = self.steps[-1]
        # A deal's own result, not the last one: the next deal may have ended at once
        # on a king turned up that reaches the game.
        if isinstance(last.before, PoolTable):
            game = last.before.game.apply(last.action)
            if self.finished:
                return game.history[last.before.game.deal_number - 1].final
            return game.position
        after = self.after
        assert isinstance(after, RoundTable)  # a round table's deal ends at a round table
        if self.finished:
            return after.history[last.before.deal_number - 1].final
        return after.deal

    def points(self) -> tuple[tuple[str, int], ...]:
        """What each player (pool) or side (round tables) scored in the deal."""
        final: Position | RoundDeal | None = self.final()
        start = self.start
        if final is None:
            return ()
        if isinstance(start, PoolTable):
            assert isinstance(final, Position)  # the pool's deals are games for two
            names = start.game.players
            return tuple((names[i], final.points[i]) for i in (0, 1))
        assert isinstance(final, RoundDeal)
        points = start.deal_points(final) if self.finished else (0,) * len(start.side_names)
        return tuple(zip(start.side_names, points, strict=True))


def deal_marker(table: AnyTable) -> tuple[int, int]:
    if isinstance(table, PoolTable):
        return table.game_number, table.game.deal_number
    return 0, table.deal_number


def deal_label(table: AnyTable) -> str:
    if isinstance(table, PoolTable):
        names = table.players
        return (
            f"Game {table.game_number} ({names[table.seats[0]]} v {names[table.seats[1]]}, "
            f"{names[table.out]} out), deal {table.game.deal_number}"
        )
    return f"Deal {table.deal_number}"


def fresh(table: AnyTable) -> AnyTable:
    from tutor.tables import make_table

    losers = table.losers if isinstance(table, RoundTable) else None
    return make_table(table.name, table.seed, table.rules, losers)


def deals_played(table: AnyTable) -> list[DealPlayed]:
    """Every deal begun so far, in order, each with the table before each action."""
    current = fresh(table)
    out: list[DealPlayed] = []
    steps: list[Step] = []
    start = current
    for action in table.actions:
        if steps and deal_marker(current) != deal_marker(steps[0].before):
            out.append(
                DealPlayed(deal_marker(start), deal_label(start), tuple(steps), current, True)
            )
            steps = []
        if not steps:
            start = current
        steps.append(Step(current, action, current.to_act))
        current = current.apply(action)
    if steps:
        finished = current.is_over or deal_marker(current) != deal_marker(start)
        out.append(
            DealPlayed(deal_marker(start), deal_label(start), tuple(steps), current, finished)
        )
    return out


def replay_prefix(table: AnyTable, count: int) -> AnyTable:
    """The table after its first ``count`` actions."""
    current = fresh(table)
    for action in table.actions[:count]:
        current = current.apply(action)
    return current


def undo(table: AnyTable, seat: int) -> AnyTable | None:
    """The table at ``seat``'s previous decision (the others' replies undone with it),
    or None if the seat has not acted yet."""
    current = fresh(table)
    last = None
    for index, action in enumerate(table.actions):
        if current.to_act == seat:
            last = index
        current = current.apply(action)
    if last is None:
        return None
    return replay_prefix(table, last)


def restart_deal(table: AnyTable, seat: int | None = None) -> AnyTable | None:
    """The deal in progress from its start; if it has not begun (or the table is
    over), the deal just finished from its start. With ``seat``, the deal in progress
    only once that seat has acted in it (as ``Game.restart_deal`` for the learner:
    the others' first cards are not a deal begun for him). None when nothing was played."""
    deals = deals_played(table)
    if not deals:
        return None
    last = deals[-1]
    begun_by_others = all(step.seat != seat for step in last.steps)
    if seat is not None and len(deals) > 1 and not last.finished and begun_by_others:
        deals = deals[:-1]
    return replay_prefix(table, sum(len(d.steps) for d in deals[:-1]))


# --- what the Hints say at a table ------------------------------------------------


@dataclass(frozen=True, slots=True)
class TableHint:
    """The Hints' word at a round table, where they speak only of the game for two."""

    action: Action | None
    title: str
    sources: tuple[str, ...]
    explanation: str


def round_hint(table: RoundTable) -> TableHint:
    """At four, five or six: the Hint on the king applies as it stands; on the play
    the Hints are silent (they are written for two), and the law is told instead."""
    from tutor.rules.actions import MARK

    deal = table.deal
    kinds = {a.kind for a in deal.legal_actions()}
    if "mark" in kinds:
        from tutor.hints import HINTS

        hint = HINTS.get("king/announce")
        title = hint.title if hint else "Announce the king as you play your first card"
        sources = tuple(hint.sources) if hint else ("britannica-9/king",)
        return TableHint(
            MARK,
            title,
            sources,
            "You hold the king of trumps and are about to play your first card: the Hints say "
            "announce it then, and it scores one, at this table as at two.",
        )
    hand = deal.hands[deal.to_act]
    legal = legal_plays(hand, deal.trick, deal.trump)
    law = ""
    if deal.trick and len(legal) < len(hand):
        cards = " ".join(c.label for c in legal)
        law = (
            f" The law of the trick leaves you {cards}: {play_reason(hand, deal.trick, deal.trump)}"
        )
    return TableHint(
        None,
        "The Hints to Players are written for the game for two",
        ("britannica-9/hints", "tables/tricks"),
        "On leading and following at a table of more than two they are silent; the advisor "
        "below plays the deal out instead." + law,
    )


def hand_as_dealt(deal: RoundDeal, seat: int) -> tuple[Card, ...]:
    """A round-table seat's five cards as dealt: those held and those played."""
    cards = list(deal.hands[seat])
    for leader, trick in deal.tricks:
        cards.extend(c for i, c in enumerate(trick) if (leader + i) % deal.size == seat)
    cards.extend(c for i, c in enumerate(deal.trick) if (deal.leader + i) % deal.size == seat)
    return tuple(cards)
