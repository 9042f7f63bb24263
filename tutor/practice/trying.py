"""``ecarte practice list`` and ``ecarte practice try``: the positions and the session
as JSON, one answer a line. The app and these commands hold the same
``PracticeSession``; requests are parsed at the door into ``TryRequest``."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import IO, Any

from tutor.engines.protocol import capped, write_line
from tutor.io.lines import BadLine, bounded_lines
from tutor.io.reading import json_int, quote
from tutor.practice.defence import Defence
from tutor.practice.loader import PositionSet
from tutor.practice.model import PracticePosition
from tutor.practice.playout import IllegalCard
from tutor.practice.proof import winning_line
from tutor.practice.session import PracticeSession, PracticeView
from tutor.rules.cards import Card, CardError
from tutor.rules.infoset_codec import RequestError

MAX_CARDS = 5


@dataclass(frozen=True, slots=True)
class TryRequest:
    practice: str
    cards: tuple[Card, ...]


def parse_request(line: str) -> TryRequest:
    """One request line as typed values; RequestError names what is wrong."""
    try:
        data = json.loads(line, parse_int=json_int)
    except json.JSONDecodeError as exc:
        raise RequestError(
            f"not JSON: {exc.msg.removesuffix(' at')} at column {exc.colno}"
        ) from None
    except (RecursionError, ValueError):
        raise RequestError("not JSON that can be read") from None
    if not isinstance(data, dict):
        raise RequestError('a request is a JSON object: {"practice": ID, "cards": [...]}')
    ident = data.get("practice")
    if not isinstance(ident, str):
        raise RequestError(f"practice: expected a position id, got {quote(repr(ident))}")
    raw = data.get("cards", [])
    if not isinstance(raw, list):
        raise RequestError(f"cards: expected a list of cards, got {quote(repr(raw))}")
    if len(raw) > MAX_CARDS:
        raise RequestError(f"cards: {len(raw):,} cards, but a player holds five at most")
    cards = []
    for i, value in enumerate(raw):
        if not isinstance(value, str) or len(value) > 3:
            raise RequestError(
                f"cards[{i}]: expected a card such as 'KS', got {quote(repr(value))}"
            )
        try:
            cards.append(Card.parse(value))
        except CardError as exc:
            raise RequestError(f"cards[{i}]: {exc}") from None
    return TryRequest(ident, tuple(cards))


def view_to_json(ident: str, view: PracticeView) -> dict[str, Any]:
    info = view.position.info
    tricks = [[str(a), str(b)] for a, b in info.tricks]
    tricks += [[str(t.first), str(t.second)] for t in view.tricks]
    out: dict[str, Any] = {
        "practice": ident,
        "tricks": tricks,
        "led": None if view.led is None else str(view.led),
        "won": list(view.won),
        "to_play": [str(c) for c in view.to_play],
        "over": view.over,
        "goal_met": view.goal_met,
        "feedback": view.feedback,
    }
    if view.holding is not None:
        out["holding"] = [str(c) for c in view.holding]
    return out


def position_fields(position: PracticePosition) -> dict[str, Any]:
    """The position in the positions file's own fields and notation."""
    info = position.info
    out: dict[str, Any] = {
        "role": info.role,
        "hand": " ".join(str(c) for c in info.hand),
        "turnup": str(info.turnup),
        "score": list(info.score),
    }
    if info.exchanges:
        out["exchanges"] = [list(e) for e in info.exchanges]
    if info.discards:
        out["discards"] = " ".join(str(c) for c in info.discards)
    if info.penalty is not None:
        out["penalty"] = info.penalty
    if info.king is not None:
        out["king"] = info.king
    if info.tricks:
        out["tricks"] = [f"{a} {b}" for a, b in info.tricks]
    if info.led is not None:
        out["led"] = str(info.led)
    return out


def listing(positions: PositionSet, defence: Defence) -> list[dict[str, Any]]:
    return [
        {
            "id": p.id,
            "theme": p.theme,
            "goal": p.goal.name,
            "title": p.title,
            "position": position_fields(p),
            "line": [str(c) for c in winning_line(p, defence)],
        }
        for p in positions.positions
    ]


def answer(positions: PositionSet, defence: Defence, line: str) -> dict[str, Any]:
    try:
        request = parse_request(line)
    except RequestError as exc:
        return {"error": capped(str(exc))}
    position = positions.by_id(request.practice)
    if position is None:
        known = ", ".join(p.id for p in positions.positions[:5])
        return {"error": capped(f"practice: unknown id {quote(request.practice)} (e.g. {known})")}
    session = PracticeSession(position, defence)
    try:
        view = session.replay_cards(list(request.cards))
    except IllegalCard as exc:
        return {"error": capped(f"cards: {exc}")}
    return view_to_json(position.id, view)


def serve(positions: PositionSet, lines: Iterable[str] | Iterable[bytes], out: IO[str]) -> int:
    """Answer each non-blank line with exactly one JSON line."""
    defence = Defence()
    for line in bounded_lines(lines):
        if isinstance(line, BadLine):
            write_line(out, {"error": line.message})
        elif line.strip():
            write_line(out, answer(positions, defence, line))
    return 0
