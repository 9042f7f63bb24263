"""`ecarte replay FILE` for a table record: the pool or a round table, deal by deal.

The two-handed game has ``tutor.analysis.replay``; a table record (the pool, à
quatre, à cinq, à six) is told here the same way: each deal with its turn-up, every
action by the player who took it, what the deal scored, and how the table stands.
"""

from __future__ import annotations

from collections.abc import Iterator

from tutor.analysis.replay import action_told
from tutor.rules.cards import sort_hand
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
        # each hand as dealt, as the game for two shows them (a reviewer: cards were
        # played that no line had given)
        if isinstance(start, PoolTable):
            dealt = start.game.position.dealt
            hands = {start.seats[seat]: dealt[seat] for seat in (0, 1)}
        else:
            hands = dict(enumerate(start.deal.hands))
        for seat, hand in sorted(hands.items()):
            cards = " ".join(card.label for card in sort_hand(hand, turnup.suit))
            yield f"  {table.players[seat]}: {cards}"
        afters = [step.before for step in deal.steps[1:]] + [deal.after]
        for step, after in zip(deal.steps, afters, strict=True):
            told = step.action.label
            if isinstance(step.before, PoolTable) and isinstance(after, PoolTable):
                # the pool's exchange names what was drawn, as the game for two does
                before_deal, after_deal = step.before.game.position, after.game.position
                seat = before_deal.to_act
                told = action_told(step.action, before_deal, after_deal, seat)
            yield f"  {table.players[step.seat]}: {told}"
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
