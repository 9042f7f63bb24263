"""The score of a table: one line per side (or player), then the table's facts.
A screen hands it a ``TableView``; it draws and holds no rule."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from tutor.tables.model import TableView


class TableScores(Static):
    DEFAULT_CSS = """
    TableScores { height: auto; padding: 0 1; border: round $panel-lighten-2; }
    """

    def show(self, view: TableView) -> None:
        grid = Table.grid(padding=(0, 1))
        grid.add_column()
        grid.add_column(justify="right")
        for label, value in view.scores:
            grid.add_row(Text(label, style="bold"), value)
        self.update(grid)
