"""A saved record of either kind: a two-handed game (``tutor.rules.record``) or a table
(``tutor.tables.record``), told apart by the table record's first line."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from tutor.io.files import UnreadableFile, read_text
from tutor.rules.game import Game
from tutor.rules.record import BOM, LIMIT, RecordError
from tutor.rules.record import loads as game_loads

if TYPE_CHECKING:
    from tutor.tables import PoolTable, RoundTable


def load_any(path: Path) -> Game | PoolTable | RoundTable:
    """The ``Game`` or the table a record file holds; a RecordError naming the file,
    line and field for one that cannot be read or does not replay."""
    from tutor.tables.record import MAGIC
    from tutor.tables.record import loads as table_loads

    try:
        text = read_text(path, LIMIT)
    except UnreadableFile as exc:
        raise RecordError(str(path), exc.line, "file", exc.message) from None
    if text.removeprefix(BOM).lstrip().startswith(MAGIC):
        table: PoolTable | RoundTable = table_loads(text, str(path))
        return table
    return game_loads(text, str(path))
