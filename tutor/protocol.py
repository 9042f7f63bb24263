"""The `ecarte advise` JSON-lines protocol (docs/advise-protocol.md).

One JSON object a line in, exactly one a line out, flushed. A bad line gets
``{"error": ...}`` naming the field, and the loop goes on.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import IO, Any

from tutor.cards import Card, CardError
from tutor.engines.base import Advice, Engine
from tutor.infoset import DECISIONS, ROLES, InfoSet


class RequestError(ValueError):
    """A request that does not follow the protocol; the message names the field."""


MAX_GAME = 99
"""The largest ``game`` accepted: the games of the sources are 5 and 7, and the
engines' score recursion must stay well within Python's stack."""


def _card(value: Any, field: str) -> Card:
    if isinstance(value, int) and value == 10:
        raise RequestError(f"{field}: a card needs a suit, e.g. '10H'")
    if not isinstance(value, str):
        raise RequestError(f"{field}: expected a card such as 'KS', got {value!r}")
    if len(value) > 3:
        raise RequestError(f"{field}: not a card: {value[:12]!r}... ({len(value)} characters)")
    try:
        return Card.parse(value)
    except CardError as exc:
        raise RequestError(f"{field}: {exc}") from None


def _cards(value: Any, field: str) -> tuple[Card, ...]:
    if not isinstance(value, list):
        raise RequestError(f"{field}: expected a list of cards, got {value!r}")
    cards = tuple(_card(v, f"{field}[{i}]") for i, v in enumerate(value))
    if len(set(cards)) != len(cards):
        raise RequestError(f"{field}: a card appears twice")
    return cards


def _pair(value: Any, field: str) -> tuple[int, int]:
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in value)
    ):
        raise RequestError(f"{field}: expected two non-negative integers, got {value!r}")
    return value[0], value[1]


def parse_request(line: str) -> InfoSet:
    try:
        data = json.loads(line)
    except json.JSONDecodeError as exc:
        raise RequestError(f"not JSON: {exc.msg} at column {exc.colno}") from None
    except RecursionError:
        raise RequestError("not JSON that can be read: nested too deeply") from None
    except ValueError as exc:  # e.g. an integer of more than 4,300 digits
        raise RequestError(f"not JSON that can be read: {exc}") from None
    if not isinstance(data, dict):
        raise RequestError("a request must be a JSON object")
    return request_to_infoset(data)


def request_to_infoset(data: dict[str, Any]) -> InfoSet:
    known = {
        "decision", "role", "hand", "turnup", "score", "game", "exchanges",
        "discards", "penalty", "king", "tricks", "led",
    }
    for key in ("decision", "role", "hand", "turnup"):
        if key not in data:
            raise RequestError(f"{key}: missing")
    decision = data["decision"]
    if decision not in DECISIONS:
        raise RequestError(f"decision: expected one of {', '.join(DECISIONS)}, got {decision!r}")
    role = data["role"]
    if role not in ROLES:
        raise RequestError(f"role: expected dealer or nondealer, got {role!r}")
    hand = _cards(data["hand"], "hand")
    turnup = _card(data["turnup"], "turnup")
    score = _pair(data.get("score", [0, 0]), "score")
    game = data.get("game", 5)
    if not isinstance(game, int) or isinstance(game, bool) or not 1 <= game <= MAX_GAME:
        raise RequestError(f"game: expected an integer from 1 to {MAX_GAME}, got {game!r}")
    if max(score) >= game:
        raise RequestError(f"score: {list(score)} is already game at {game}")
    raw_exchanges = data.get("exchanges", [])
    if not isinstance(raw_exchanges, list):
        raise RequestError("exchanges: expected a list of [nondealer, dealer] pairs")
    exchanges = tuple(_pair(v, f"exchanges[{i}]") for i, v in enumerate(raw_exchanges))
    for i, (nondealer, dealer) in enumerate(exchanges):
        if not 1 <= nondealer <= 5 or dealer > 5:
            raise RequestError(
                f"exchanges[{i}]: the non-dealer exchanges 1 to 5 cards, the dealer 0 to 5,"
                f" got {[nondealer, dealer]}"
            )
    discards = _cards(data.get("discards", []), "discards")
    for field in ("penalty", "king"):
        if data.get(field) not in ("me", "opponent", None):
            raise RequestError(f"{field}: expected 'me', 'opponent' or null, got {data[field]!r}")
    raw_tricks = data.get("tricks", [])
    if not isinstance(raw_tricks, list):
        raise RequestError("tricks: expected a list of [first, second] pairs")
    tricks = []
    for i, t in enumerate(raw_tricks):
        if not isinstance(t, list) or len(t) != 2:
            raise RequestError(f"tricks[{i}]: expected [card played first, card played second]")
        tricks.append((_card(t[0], f"tricks[{i}][0]"), _card(t[1], f"tricks[{i}][1]")))
    led = data.get("led")
    led_card = None if led is None else _card(led, "led")
    info = InfoSet(
        decision=decision,
        role=role,
        hand=hand,
        turnup=turnup,
        score=score,
        game=game,
        exchanges=exchanges,
        discards=discards,
        penalty=data.get("penalty"),
        king=data.get("king"),
        tricks=tuple(tricks),
        led=led_card,
    )
    _validate(info, data, known)
    return info


def _validate(info: InfoSet, data: dict[str, Any], known: set[str]) -> None:
    """Consistency checks that would otherwise make an answer meaningless."""
    del known  # unknown fields are ignored: additions to the protocol are allowed
    if not info.hand:
        raise RequestError("hand: empty")
    if len(info.hand) > 5:
        raise RequestError(f"hand: {len(info.hand)} cards, at most 5")
    seen: list[Card] = [*info.hand, info.turnup, *(c for t in info.tricks for c in t)]
    if info.led is not None:
        seen.append(info.led)
    if len(set(seen)) != len(seen):
        raise RequestError("hand: a card in the hand also appears as the turn-up, led or played")
    if set(info.discards) & set(seen):
        raise RequestError("discards: a card discarded also appears in the hand, turn-up or play")
    mine = sum(n if info.role == "nondealer" else d for n, d in info.exchanges)
    if len(info.discards) > mine:
        raise RequestError(
            f"discards: {len(info.discards)} cards, but exchanges give me only {mine} discarded"
        )
    if len(info.tricks) + len(info.hand) != 5:
        raise RequestError(
            f"tricks: {len(info.tricks)} tricks played and {len(info.hand)} cards in hand"
            " do not make five"
        )
    if info.stock_size < 0:
        raise RequestError("exchanges: more cards exchanged than the stock holds")
    d = info.decision
    if d == "follow" and info.led is None:
        raise RequestError("led: required with decision follow")
    if d == "lead" and info.led is not None:
        raise RequestError("led: not allowed with decision lead")
    if d in ("propose",) and info.role != "nondealer":
        raise RequestError("role: only the non-dealer proposes")
    if d == "accept" and info.role != "dealer":
        raise RequestError("role: only the dealer accepts or refuses")
    if d in ("propose", "accept", "discard") and (info.tricks or len(info.hand) != 5):
        raise RequestError(f"hand: a {d} decision comes before any card is played, with five cards")
    if d == "mark_king" and info.trump_king not in info.hand:
        raise RequestError("hand: mark_king needs the king of trumps in the hand")
    if d == "mark_king" and info.tricks:
        raise RequestError("tricks: mark_king comes before my first card, with no trick played")
    # The dealer's mark_king carries the card led; a request that leaves it out
    # is still answerable (marking does not depend on it), so only a card led
    # to the non-dealer, who leads the first trick, is an error.
    if d == "mark_king" and info.led is not None and info.role == "nondealer":
        raise RequestError("led: with mark_king, only the dealer has a card led to him")
    # Who leads is derived from the tricks; a request whose decision disagrees is
    # still answered (the decision says what is asked, and any answer to it can
    # be legal), rather than refused for a slip in how its tricks were written.
    if d == "discard":
        low, high = info.discard_range()
        if high < low:
            raise RequestError("exchanges: the stock is empty, there is nothing to discard for")


def advice_to_json(advice: Advice) -> dict[str, Any]:
    out: dict[str, Any] = {"action": advice.action.kind}
    if advice.action.kind == "discard":
        out["cards"] = [str(c) for c in advice.action.cards]
    elif advice.action.kind in ("lead", "follow"):
        out["card"] = str(advice.action.card)
    out["reason"] = advice.reason
    out["sources"] = list(advice.sources)
    if advice.values:
        out["values"] = {k: round(v, 4) for k, v in advice.values.items()}
    return out


def serve(engine: Engine, lines: Iterable[str], out: IO[str]) -> int:
    """Answer each non-blank line with exactly one JSON line."""
    for line in lines:
        if not line.strip():
            continue
        try:
            info = parse_request(line)
            answer = advice_to_json(engine.advise(info))
        except RequestError as exc:
            answer = {"error": str(exc)}
        except Exception as exc:  # an engine bug must not end the session
            answer = {"error": f"internal error: {type(exc).__name__}: {exc}"}
        out.write(json.dumps(answer, ensure_ascii=False) + "\n")
        out.flush()
    return 0


def infoset_to_request(info: InfoSet) -> dict[str, Any]:
    data: dict[str, Any] = {
        "decision": info.decision,
        "role": info.role,
        "hand": [str(c) for c in info.hand],
        "turnup": str(info.turnup),
        "score": list(info.score),
        "game": info.game,
        "exchanges": [list(e) for e in info.exchanges],
        "discards": [str(c) for c in info.discards],
        "penalty": info.penalty,
        "king": info.king,
        "tricks": [[str(a), str(b)] for a, b in info.tricks],
    }
    if info.led is not None:
        data["led"] = str(info.led)
    return data
