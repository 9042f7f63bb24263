"""Game records: a human-readable text notation for a whole game.

    # Écarté game record
    Players: South vs North
    Rules: english game=5 match=1 valuation=off
    Seed: 42

    Deal 1. Dealer North.
    South: propose
    North: accept
    South: discard 7C 8D
    ...

Header lines are ``Key: value``. Each action line names the player to act and
the action in the notation of ``tutor.rules.actions``. ``Deal N.`` lines and anything
after ``;`` are for the reader; the loader checks the deal numbers and the
player names against the replay, so a record that says one thing and means
another is refused with its line number.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from pathlib import Path

from tutor.io.files import MIB, UnreadableFile, read_text, write_atomically
from tutor.io.reading import NumberError, quote, text_lines, whole_number
from tutor.rules.actions import HOLD, Action, ActionError, IllegalAction
from tutor.rules.game import Game
from tutor.rules.rulesets import ENGLISH, RuleSet, RuleSetError

MAGIC = "# Écarté game record"
BOM = "\ufeff"
LIMIT = MIB
"""The largest record read: a long match is a few kilobytes."""
MAX_MESSAGE = 300
DEAL_DIGITS = 9
SEED_DIGITS = 18
"""The most digits of a seed, here and on the command line: a seed is a whole number
from 0 below 10**18 (a longer one made a saved game's file name too long to write)."""


class RecordError(ValueError):
    """A malformed or illegal record; names the file, the line and the field."""

    def __init__(self, source: str, line: int, field: str, message: str) -> None:
        if len(message) > MAX_MESSAGE:  # a huge field quoted back helps nobody
            message = message[:MAX_MESSAGE] + "…"
        where = f"{source}:{line}" if line else source  # line 0: the file as a whole
        super().__init__(f"{where}: {field}: {message}")
        self.source, self.line, self.field, self.message = source, line, field, message

    def within_file(self) -> str:
        """The error where the file is already named (a list of saved games): its line,
        field and message."""
        return f"line {self.line}: {self.field}: {self.message}" if self.line else self.message


@dataclass(frozen=True)
class Header:
    players: tuple[str, str] = ("South", "North")
    rules: RuleSet = ENGLISH
    seed: int = 0


def dumps(game: Game) -> str:
    lines = [
        MAGIC,
        f"Players: {game.players[0]} vs {game.players[1]}",
        f"Rules: {game.rules.notation()}",
        f"Seed: {game.seed}",
    ]
    # Replay to annotate each deal with its number and dealer.
    current = Game.new(game.seed, game.rules, game.players)
    deal_shown = 0
    for action in game.actions:
        if current.deal_number != deal_shown:
            deal_shown = current.deal_number
            lines += ["", _deal_line(current)]
        actor = current.players[current.to_act]
        lines.append(f"{actor}: {action}")
        before = current
        current = current.apply(action)
        if current.deal_number != before.deal_number or current.is_over:
            lines.append(_points_line(before, current))
    if game.winner is not None:
        winner = game.players[game.winner]
        lines += ["", f"; {winner} wins ({game.games_won[0]}-{game.games_won[1]} in games)"]
    elif game.drawn:
        lines += ["", "; drawn: one manche each, no belle"]
    return "\n".join(lines) + "\n"


def _deal_line(game: Game) -> str:
    p = game.position
    return (
        f"Deal {game.deal_number}. Dealer {game.players[p.dealer]}."
        f" ; score {game.score[0]}-{game.score[1]}"
    )


def _points_line(before: Game, after: Game) -> str:
    final = after.history[-1].final if after.history else after.position
    names = before.players
    return f"; points {names[0]} {final.points[0]}, {names[1]} {final.points[1]}"


def loads(text: str, source: str = "<record>") -> Game:
    lines = text_lines(text.removeprefix(BOM))
    header, body_start = _parse_header(lines, source)
    game = Game.new(header.seed, header.rules, header.players)
    for number, raw in enumerate(lines[body_start:], start=body_start + 1):
        line = raw.split(";", 1)[0].strip()
        if not line:
            continue
        if line.lower().startswith("deal "):
            _check_deal_line(line, game, source, number)
            continue
        name, sep, action_text = line.partition(":")
        if not sep:
            raise RecordError(
                source, number, "action", f"expected 'Player: action', got {quote(line)}"
            )
        name = name.strip()
        if name not in game.players:
            raise RecordError(
                source,
                number,
                "player",
                f"{quote(name)} is not one of {' and '.join(game.players)}",
            )
        if game.is_over:
            raise RecordError(source, number, "action", "the game is already over")
        game = _past_king_window(game, name, action_text)
        expected = game.players[game.to_act]
        if name != expected:
            raise RecordError(source, number, "player", f"it is {expected}'s turn, not {name}'s")
        try:
            action = Action.parse(action_text)
            game = game.apply(action)
        except (ActionError, IllegalAction) as exc:
            raise RecordError(source, number, "action", str(exc)) from None
    return game


def _past_king_window(game: Game, name: str, action_text: str) -> Game:
    """A record written before the project offered club law 24's window (the king,
    its holder's first card, announced until it is played to, or until the dealer
    plays again) has no line for it: the window passed unannounced, as a hold."""
    if game.position.king_law() != "club-laws/24":
        return game
    kind = action_text.strip().split()[0].lower() if action_text.strip() else ""
    if name == game.players[game.to_act] and kind in ("mark", "hold"):
        return game
    return game.apply(HOLD)


def header_fields(lines: list[str], source: str) -> tuple[dict[str, tuple[int, str]], int]:
    """A record's ``Key: value`` header lines, by key in lower case: (line, value) of
    each, and the index of the first line after the header. A key given twice is an
    error naming both lines: taking either silently would fail later, on a move the
    other seed had not dealt."""
    fields: dict[str, tuple[int, str]] = {}
    for index, raw in enumerate(lines):
        line = raw.strip()
        if not line:
            if fields:
                return fields, index
            continue
        if line.startswith(("#", ";")):
            continue
        key, sep, value = line.partition(":")
        if not sep:
            return fields, index
        name = key.strip().lower()
        if name in fields:
            raise RecordError(source, index + 1, name, f"given twice (also line {fields[name][0]})")
        fields[name] = (index + 1, value.strip())
    return fields, len(lines)


def _parse_header(lines: list[str], source: str) -> tuple[Header, int]:
    fields, index = header_fields(lines, source)
    for required in ("players", "rules", "seed"):
        if required not in fields:
            raise RecordError(source, 1, required, "missing from the header")
    line_no, players_text = fields["players"]
    names = [n.strip() for n in players_text.split(" vs ")]
    if len(names) != 2 or not all(names) or names[0] == names[1]:
        raise RecordError(source, line_no, "players", "expected 'A vs B' with two different names")
    for name in names:
        problem = _name_problem(name)
        if problem:
            raise RecordError(source, line_no, "players", f"{quote(name)}: {problem}")
    line_no, rules_text = fields["rules"]
    try:
        rules = RuleSet.parse(rules_text)
    except RuleSetError as exc:
        raise RecordError(source, line_no, "rules", str(exc)) from None
    line_no, seed_text = fields["seed"]
    seed = parse_number(seed_text, SEED_DIGITS, source, line_no, "seed", "a whole number")
    return Header((names[0], names[1]), rules, seed), index


def _name_problem(name: str) -> str | None:
    """Why a record could not name this player on its lines, or None. A move's line is
    ``Name: action ; comment`` and a deal's ``Deal 3. Dealer Name.``: a name that read
    otherwise there would make every record written of the game unreadable, its
    autosave included."""
    if any(unicodedata.category(c) in ("Cc", "Zl", "Zp") for c in name):
        return "a name cannot hold a control character or a line break"
    if ":" in name:
        return "a name cannot hold ':' (on a move's line it ends the name)"
    if ";" in name:
        return "a name cannot hold ';' (on a move's line a comment begins there)"
    if name.lower().startswith("deal "):
        return "a name cannot begin with 'Deal ' (a deal's heading does)"
    return None


def parse_number(
    text: str, digits: int, source: str, line: int, field: str, what: str, signed: bool = False
) -> int:
    """``text`` as an int (``whole_number``: ASCII digits only, not "²" or "٣", at most
    ``digits`` of them); else a RecordError quoting a short piece of it."""
    try:
        return whole_number(text, what, digits, signed)
    except NumberError as exc:
        raise RecordError(source, line, field, str(exc)) from None


def _check_deal_line(line: str, game: Game, source: str, line_no: int) -> None:
    word = line.split()[1].rstrip(".")
    deal = parse_number(word, DEAL_DIGITS, source, line_no, "deal", "a deal number")
    if deal != game.deal_number:
        raise RecordError(
            source, line_no, "deal", f"this is deal {game.deal_number} of the replay, not {deal}"
        )
    check_dealer(line, game.players[game.position.dealer], game.players, source, line_no)


def check_dealer(
    line: str, dealer: str, players: tuple[str, ...], source: str, line_no: int
) -> None:
    """A deal's heading names its dealer (``... Dealer North.``) as the replay deals it:
    the seed decides who deals, so a heading that says otherwise is an error, not a
    comment. A heading without one (an older record) is not checked. The name is all
    that follows the first "Dealer ", so that a name holding the word ("Big dealer
    Bob") is read whole."""
    at = line.lower().find("dealer ")
    if at < 0:
        return
    name = line[at + len("dealer ") :].strip().removesuffix(".").strip()
    if name not in players:
        raise RecordError(
            source, line_no, "dealer", f"{quote(name)} is not one of {', '.join(players)}"
        )
    if name != dealer:
        raise RecordError(
            source, line_no, "dealer", f"{dealer} deals this deal in the replay, not {name}"
        )


def save(game: Game, path: Path) -> None:
    """Write atomically: a crash mid-write never leaves half a record."""
    write_atomically(path, dumps(game))


def read(path: Path) -> str:
    """A record file's text; a RecordError if the file is not a regular file (a FIFO, a
    device: never read, so never waited on), too large or not UTF-8 (a byte-order mark
    is allowed)."""
    try:
        return read_text(path, LIMIT)
    except UnreadableFile as exc:
        raise RecordError(str(path), exc.line, "file", exc.message) from None


def load(path: Path) -> Game:
    """The game a record file holds; a RecordError if it cannot be ``read`` or is not a
    record that replays."""
    return loads(read(path), str(path))
