"""`ecarte replay FILE` for a table record: the pool or a round table, deal by deal.

The two-handed game has ``tutor.analysis.replay``; a table record (the pool, à
quatre, à cinq, à six) is told here the same way: each deal with its turn-up, every
action by the player who took it, what the deal scored, and how the table stands.
"""

from __future__ import annotations

from collections.abc import Iterator

from tutor.rules.deal import Position
from tutor.tables.coach import AnyTable, deals_played
from tutor.tables.pool import PoolTable


def describe_table(table: AnyTable) -> Iterator[str]:
    """Replay the table from its seed, narrating each deal."""
    title = "The pool" if isinstance(table, PoolTable) else table.title
    yield f"{title} — {', '.join(table.players)} — {table.rules.describe()} — seed {table.seed}"
    for deal in deals_played(table):
        start = deal.start
        yield ""
        yield deal.label
        turnup = start.game.position.turnup if isinstance(start, PoolTable) else start.deal.turnup
        yield f"  Turn-up: {turnup.label} ({turnup.noun})"
        for step in deal.steps:
            yield f"  {table.players[step.seat]}: {step.action.label}"
        if deal.finished:
            scored = ", ".join(f"{name} {points}" for name, points in deal.points())
            yield f"  Points this deal: {scored}"
            final = deal.final()
            # the pool's deal is a game for two (a round deal's points say it all)
            if (
                isinstance(start, PoolTable)
                and isinstance(final, Position)
                and len(final.tricks) == 5
            ):
                won, names = final.tricks_won(), start.game.players
                yield f"  Tricks: {names[0]} {won[0]}, {names[1]} {won[1]}"
        else:
            yield "  (the deal is unfinished)"
    yield ""
    yield table.result()
