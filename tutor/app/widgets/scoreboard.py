"""The score: points in the game, the deal in progress, tricks and the king.

A screen hands it a ``Board`` of plain values; it draws, and holds no rule.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.table import Table
from rich.text import Text
from textual.widgets import Static


@dataclass(frozen=True)
class Board:
    names: tuple[str, str]
    score: tuple[int, int]
    """Points in the game so far, counting this deal's points already scored."""
    game: int
    deal: int
    dealer: int
    trump: str
    tricks: tuple[int, int] = (0, 0)
    king: int | None = None
    games_won: tuple[int, int] = (0, 0)
    rules: str = ""
    penalty: str = ""
    """Who stands to pay for standing on his cards this deal, in words (or "")."""


class Scoreboard(Static):
    """Both players' points, with the dealer and the marked king flagged."""

    board: Board | None = None
    """What the board shows now."""

    def show(self, board: Board) -> None:
        self.board = board
        table = Table.grid(padding=(0, 1))
        table.add_column()
        table.add_column(justify="right")
        table.add_column(justify="right")
        table.add_row(Text("", style="dim"), Text("pts", style="dim"), Text("tricks", style="dim"))
        for seat in (0, 1):
            name = Text(board.names[seat], style="bold")
            if seat == board.dealer:
                name.append(" (dealer)", style="dim")
            if board.king == seat:
                name.append(" ♔", style="bold")
            table.add_row(name, Text(str(board.score[seat])), Text(str(board.tricks[seat])))
        footer = Text(f"Deal {board.deal} · trumps {board.trump}\nGame of {board.game} points")
        if board.rules:
            footer.append(f"\n{board.rules}", style="dim")
        if any(board.games_won):
            footer.append(f"\nGames: {board.games_won[0]}–{board.games_won[1]}", style="dim")
        if board.penalty:
            footer.append(f"\n{board.penalty}", style="bold")
        grid = Table.grid()
        grid.add_row(table)
        grid.add_row(footer)
        self.update(grid)
