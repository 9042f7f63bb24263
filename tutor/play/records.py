"""The tables' records as the saved-games store keeps them (``TABLE_RECORDS``), and a
record of either kind read from a file (``load_any``)."""

from __future__ import annotations

from pathlib import Path

from tutor.rules.game import Game
from tutor.store.saved_games import TableCodec
from tutor.store.saved_games import load_any as load_either
from tutor.tables import PoolTable, RoundTable
from tutor.tables.record import MAGIC, dumps, loads

AnyTable = PoolTable | RoundTable


def describe_table(table: AnyTable) -> str:
    """The table, how it stands, its rules and seed (the picker puts the time before)."""
    if isinstance(table, PoolTable):
        title, deal = "The pool", f"game {table.game_number}, deal {table.game.deal_number}"
    else:
        title, deal = table.title, f"deal {table.deal_number}"
    state = table.result() if table.is_over else deal
    return f"{title} · {state} · {table.rules.name.capitalize()} · seed {table.seed}"


def _name(table: AnyTable) -> str:
    return table.name


def _seed(table: AnyTable) -> int:
    return table.seed


TABLE_RECORDS: TableCodec[AnyTable] = TableCodec(
    magic=MAGIC, dumps=dumps, loads=loads, describe=describe_table, name_of=_name, seed_of=_seed
)


def load_any(path: Path) -> Game | AnyTable:
    """The ``Game`` or the table a record file holds; a RecordError naming the file,
    line and field for one that cannot be read or does not replay."""
    return load_either(path, TABLE_RECORDS)
