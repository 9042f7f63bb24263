"""The sources' other tables: the pool of three, écarté à quatre, à cinq, à six.

The two-handed game is the project's core (``tutor.rules.game``); these tables are
built on it and on its laws (``tutor.rules.laws``), and each cites the passage it
rests on; the project's readings where the French text is thin are in
``texts/tables.md``. Nothing here imports Textual.

- ``TABLES``: name -> description, for the command line and the app;
- ``make_table(name, seed, rules=None, losers=None)``: a new table (a value);
- ``replay(name, seed, actions, ...)``: the table those actions reach;
- ``check_table_losers(name, losers)``: the losers a table may agree;
- ``tutor.tables.record``: the table record notation;
- ``tutor.tables.gallery``: the French gallery, pointing at the hints' card;
- ``tutor.tables.computer.Computer``: the computer players.
"""

from __future__ import annotations

from collections.abc import Iterable

from tutor.rules.actions import Action
from tutor.rules.rulesets import FRENCH, RuleSet
from tutor.tables.cinq_six import SIZES, check_losers, new_cinq_six
from tutor.tables.model import Table, TableView
from tutor.tables.pool import PoolTable
from tutor.tables.quatre import new_quatre
from tutor.tables.round_table import RoundTable

TABLES: dict[str, str] = {
    "pool": "The pool of three: two play, the loser goes out, two games running win the pool",
    "quatre": "Écarté à quatre: two partnerships, all four dealt in, no écart",
    "cinq": "Écarté à cinq: five players, five cards each, no écart, losers agreed beforehand",
    "six": "Écarté à six: six players, five cards each, no écart, half lose",
}

PASSAGES: dict[str, tuple[str, ...]] = {
    "pool": ("britannica-9/players", "french/trois"),
    "quatre": ("french/quatre",),
    "cinq": ("french/cinq-six",),
    "six": ("french/cinq-six",),
}
"""The passages each table rests on (and the project's note on it in texts/tables.md)."""

NOTES = {
    "pool": "tables/pool",
    "quatre": "tables/quatre",
    "cinq": "tables/cinq-six",
    "six": "tables/cinq-six",
}


class UnknownTable(ValueError):
    """A table name that is not one of ``TABLES``."""


class LosersError(ValueError):
    """Losers asked of a table that agrees none, or a number it cannot have."""


def check_table_losers(name: str | None, losers: int | None) -> None:
    """Losers are agreed beforehand only at cinq and six (french/cinq-six); None asks
    for the default."""
    if losers is None:
        return
    if name not in SIZES:
        raise LosersError("losers are agreed beforehand only at cinq or six")
    try:
        check_losers(SIZES[name], losers)
    except ValueError as exc:
        raise LosersError(str(exc)) from None


def make_table(
    name: str, seed: int, rules: RuleSet | None = None, losers: int | None = None
) -> PoolTable | RoundTable:
    """A new table, French rules unless told (the tables come from the French rules)."""
    rules = rules or FRENCH
    if name == "pool":
        return PoolTable.new(seed, rules)
    if name == "quatre":
        return new_quatre(seed, rules)
    if name in SIZES:
        return new_cinq_six(seed, SIZES[name], losers, rules)
    raise UnknownTable(f"unknown table {name!r} (one of {', '.join(TABLES)})")


def replay(
    name: str,
    seed: int,
    actions: Iterable[Action],
    rules: RuleSet | None = None,
    losers: int | None = None,
) -> PoolTable | RoundTable:
    """The table reached from a seed by these actions (IllegalAction on a bad one)."""
    table = make_table(name, seed, rules, losers)
    for action in actions:
        table = table.apply(action)
    return table


__all__ = [
    "NOTES",
    "PASSAGES",
    "TABLES",
    "LosersError",
    "PoolTable",
    "RoundTable",
    "Table",
    "TableView",
    "UnknownTable",
    "check_table_losers",
    "make_table",
    "replay",
]
