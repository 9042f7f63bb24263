"""Table records: the game record notation of ``tutor.rules.record`` for every table.

    # Écarté table record
    Table: quatre
    Players: South, West, North, East
    Rules: french game=5 match=1 valuation=off
    Seed: 42
    Losers: 1

    Deal 1. Dealer West. ; score 0-0
    North: lead KS
    East: follow 7S
    ...

As in a two-handed record, each action line names the player to act and the
action in ``tutor.rules.actions`` notation; ``Deal`` and ``Game`` lines and anything
after ``;`` are for the reader. ``Losers`` is written for the round tables
(the number agreed, french/cinq-six). The loader replays and refuses, with its
line, an action by the wrong player or one the laws forbid (``RecordError``).
"""

from __future__ import annotations

from pathlib import Path

from tutor.io.files import UnreadableFile, read_text, write_atomically
from tutor.io.reading import quote, text_lines
from tutor.rules.actions import Action, ActionError, IllegalAction
from tutor.rules.record import (
    BOM,
    DEAL_DIGITS,
    LIMIT,
    SEED_DIGITS,
    RecordError,
    check_dealer,
    header_fields,
    parse_number,
)
from tutor.rules.rulesets import RuleSet, RuleSetError
from tutor.tables.pool import PoolTable
from tutor.tables.round_table import RoundTable

MAGIC = "# Écarté table record"


def dumps(table: PoolTable | RoundTable) -> str:
    from tutor.tables import make_table

    lines = [
        MAGIC,
        f"Table: {table.name}",
        f"Players: {', '.join(table.players)}",
        f"Rules: {table.rules.notation()}",
        f"Seed: {table.seed}",
    ]
    if isinstance(table, RoundTable):
        lines.append(f"Losers: {table.losers}")
    current = make_table(table.name, table.seed, table.rules, _losers(table))
    marker = None
    for action in table.actions:
        if _marker(current) != marker:
            marker = _marker(current)
            lines += ["", _heading(current)]
        lines.append(f"{current.players[current.to_act]}: {action}")
        current = current.apply(action)
    lines += ["", f"; {table.result()}"]
    return "\n".join(lines) + "\n"


def save(table: PoolTable | RoundTable, path: Path) -> None:
    """Write atomically: a crash mid-write never leaves half a record."""
    write_atomically(path, dumps(table))


def load(path: Path) -> PoolTable | RoundTable:
    """The table a record file holds; a RecordError for a file that is not a regular
    file, too large, not UTF-8, or not a table record that replays."""
    try:
        text = read_text(path, LIMIT)
    except UnreadableFile as exc:
        raise RecordError(str(path), exc.line, "file", exc.message) from None
    return loads(text, str(path))


def _losers(table: PoolTable | RoundTable) -> int | None:
    return table.losers if isinstance(table, RoundTable) else None


def _marker(table: PoolTable | RoundTable) -> tuple[int, int]:
    if isinstance(table, PoolTable):
        return table.game_number, table.game.deal_number
    return 0, table.deal_number


def _dealer(table: PoolTable | RoundTable) -> str:
    """Who deals the deal in progress (as ``_heading`` names him)."""
    if isinstance(table, PoolTable):
        return table.game.players[table.game.position.dealer]
    return table.players[table.deal.dealer]


def _heading(table: PoolTable | RoundTable) -> str:
    names = table.players
    if isinstance(table, PoolTable):
        game = table.game
        return (
            f"Game {table.game_number}. {names[table.seats[0]]} v {names[table.seats[1]]}, "
            f"{names[table.out]} out. Deal {game.deal_number}. "
            f"Dealer {_dealer(table)}. ; score "
            f"{game.score[0]}-{game.score[1]}"
        )
    scores = "-".join(str(s) for s in table.scores)
    return f"Deal {table.deal_number}. Dealer {_dealer(table)}. ; score {scores}"


def loads(text: str, source: str = "<table record>") -> PoolTable | RoundTable:
    from tutor.tables import TABLES, make_table

    lines = text_lines(text.removeprefix(BOM))
    fields, start = header_fields(lines, source)
    for key in ("table", "rules", "seed"):
        if key not in fields:
            raise RecordError(source, 1, key, "missing from the header")
    line, name = fields["table"]
    if name not in TABLES:
        raise RecordError(
            source, line, "table", f"unknown table {quote(name)} ({', '.join(TABLES)})"
        )
    try:
        rules = RuleSet.parse(fields["rules"][1])
    except RuleSetError as exc:
        raise RecordError(source, fields["rules"][0], "rules", str(exc)) from None
    seed = _int(fields, "seed", source, SEED_DIGITS)
    losers = _int(fields, "losers", source, DEAL_DIGITS) if "losers" in fields else None
    try:
        table = make_table(name, seed, rules, losers)
    except ValueError as exc:
        raise RecordError(source, fields["table"][0], "table", str(exc)) from None
    if "players" in fields:
        names = tuple(n.strip() for n in fields["players"][1].split(","))
        if names != table.players:
            raise RecordError(
                source, fields["players"][0], "players", f"expected {', '.join(table.players)}"
            )
    for number, raw in enumerate(lines[start:], start=start + 1):
        text_line = raw.split(";", 1)[0].strip()
        if not text_line:
            continue
        if text_line.lower().startswith(("deal ", "game ")):
            check_dealer(text_line, _dealer(table), table.players, source, number)
            continue
        who, sep, action_text = text_line.partition(":")
        if not sep:
            raise RecordError(
                source, number, "action", f"expected 'Player: action', got {quote(text_line)}"
            )
        if table.is_over:
            raise RecordError(source, number, "action", "the table is already over")
        who, expected = who.strip(), table.players[table.to_act]
        if who not in table.players:  # quoted short: the line may be any length
            raise RecordError(
                source, number, "player", f"{quote(who)} is not one of {', '.join(table.players)}"
            )
        if who != expected:
            raise RecordError(source, number, "player", f"it is {expected}'s turn, not {who}'s")
        try:
            table = table.apply(Action.parse(action_text))
        except (ActionError, IllegalAction) as exc:
            raise RecordError(source, number, "action", str(exc)) from None
    return table


def _int(fields: dict[str, tuple[int, str]], key: str, source: str, digits: int) -> int:
    line, text = fields[key]
    return parse_number(text, digits, source, line, key, "a whole number")
