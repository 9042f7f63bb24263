"""The score of a table: one line per side (or player), then the table's facts.
A screen hands it a ``TableView``; it draws and holds no rule. Every cell is a
``Text`` (a ``str`` in a Rich table is parsed as markup)."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from tutor.tables.model import TableView


class TableScores(Static):
    DEFAULT_CSS = """
    TableScores { height: auto; margin-bottom: 1; }
    """

    def show(self, view: TableView) -> None:
        grid = Table.grid(padding=(0, 1), expand=True)
        grid.add_column(no_wrap=True)
        grid.add_column(ratio=1)
        for label, value in view.scores:
            grid.add_row(Text(label, style="bold"), Text(value))
        self.update(grid)
