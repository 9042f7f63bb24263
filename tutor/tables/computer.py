"""The computer players of a table: one per seat not the learner's.

Pool games are two-handed, so the project's engines play them from the seat's
``InfoSet``; at the round tables the players of ``tutor.tables.players`` do.
"""

from __future__ import annotations

from tutor.engines import Engine, make_engine
from tutor.rules.actions import Action
from tutor.rules.infoset import InfoSet, infoset_of
from tutor.tables.players import RoundSeat, make_round_player
from tutor.tables.pool import PoolTable
from tutor.tables.round_table import RoundTable


def two_handed_infoset(table: PoolTable, seat: int | None = None) -> InfoSet:
    """A pool seat's view of its game, as the engines and the hints read it."""
    game_seat = table.game.to_act if seat is None else table.seats.index(seat)
    return infoset_of(table.game.position, game_seat)


def round_seat(table: RoundTable) -> RoundSeat:
    deal = table.deal
    return RoundSeat(deal.hands[deal.to_act], deal.trick, deal.trump, table.legal_actions())


class Computer:
    """Chooses for whichever seat is to act; built once per table with a seed."""

    def __init__(self, engine: str = "best", seed: int | None = None) -> None:
        self._engine: Engine = make_engine(engine, seed)
        self.engine_name = engine
        self._round = make_round_player(engine, seed)

    def choose(self, table: PoolTable | RoundTable) -> Action:
        if isinstance(table, PoolTable):
            return self._engine.advise(two_handed_infoset(table)).action
        return self._round.choose(round_seat(table))
