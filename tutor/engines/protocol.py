"""The `ecarte advise` JSON-lines protocol (docs/advise-protocol.md).

One JSON object a line in, exactly one a line out, flushed. A bad line gets
``{"error": ...}`` naming the field, and the loop goes on.
"""

from __future__ import annotations

import json
import math
import reprlib
from collections.abc import Iterable
from typing import IO, Any

from tutor.engines.base import Advice, Engine
from tutor.io.lines import MAX_LINE, BadLine, bounded_lines
from tutor.io.reading import json_int
from tutor.rules.cards import PACK, Card, CardError
from tutor.rules.deal import STOCK_SIZE
from tutor.rules.infoset import DECISIONS, ROLES, InfoSet
from tutor.rules.laws import legal_follows
from tutor.rules.rulesets import ENGLISH, FRENCH, RuleSet


class RequestError(ValueError):
    """A request that does not follow the protocol; the message names the field."""


MAX_GAME = 99
"""The largest ``game`` accepted: the games of the sources are 5 and 7, and the
engines' score recursion must stay well within Python's stack."""

ERROR_LIMIT = 500
"""Characters of an error message at most, whatever it quotes."""


class _JsonSpelling(reprlib.Repr):
    """A request's values as JSON spells them: ``true``, ``null``, ``NaN``, ``Infinity``,
    since the sender wrote JSON, not Python ("got True", "got None")."""

    def repr_bool(self, value: bool, level: int) -> str:
        return "true" if value else "false"

    def repr_NoneType(self, value: None, level: int) -> str:
        return "null"

    def repr_float(self, value: float, level: int) -> str:
        if math.isnan(value):
            return "NaN"
        if math.isinf(value):
            return "Infinity" if value > 0 else "-Infinity"
        return repr(value)


_QUOTE = _JsonSpelling()  # keyword arguments only from Python 3.12
_QUOTE.maxlevel, _QUOTE.maxlist, _QUOTE.maxdict = 3, 6, 4
_QUOTE.maxstring = _QUOTE.maxlong = _QUOTE.maxother = 30


def _count(n: int, noun: str) -> str:
    """``1 card``, ``2 cards``."""
    return f"{n} {noun}{'' if n == 1 else 's'}"


def quote(value: Any) -> str:
    """``repr(value)`` for an error message, kept short: a request's field may be
    of any size, and the error names it without echoing it back (nor building
    its whole repr first)."""
    text = _QUOTE.repr(value)
    if isinstance(value, str) and len(value) > _QUOTE.maxstring:
        text += f" ({len(value):,} characters)"
    elif isinstance(value, (list, dict)) and len(value) > _QUOTE.maxlist:
        text += f" ({len(value):,} items)"
    return text


def _card(value: Any, field: str) -> Card:
    if isinstance(value, int) and value == 10:
        raise RequestError(f"{field}: a card needs a suit, e.g. '10H'")
    if not isinstance(value, str):
        raise RequestError(f"{field}: expected a card such as 'KS', got {quote(value)}")
    if len(value) > 3:
        raise RequestError(f"{field}: not a card: {quote(value)}")
    try:
        return Card.parse(value)
    except CardError as exc:
        raise RequestError(f"{field}: {exc}") from None


def _cards(value: Any, field: str) -> tuple[Card, ...]:
    if not isinstance(value, list):
        raise RequestError(f"{field}: expected a list of cards, got {quote(value)}")
    if len(value) > len(PACK):
        raise RequestError(f"{field}: {len(value):,} cards, more than the pack holds")
    cards = tuple(_card(v, f"{field}[{i}]") for i, v in enumerate(value))
    if len(set(cards)) != len(cards):
        raise RequestError(f"{field}: a card appears twice")
    return cards


_RULES = {"english": ENGLISH, "french": FRENCH}
"""The rule sets a request may name (its ``rules``, an addition to the shared
protocol; docs/advise-protocol.md): the deal is scored by them."""


def _rules(value: Any) -> RuleSet:
    if not isinstance(value, str) or value not in _RULES:
        raise RequestError(f"rules: expected 'english' or 'french', got {quote(value)}")
    return _RULES[value]


def _pair(value: Any, field: str) -> tuple[int, int]:
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in value)
    ):
        raise RequestError(f"{field}: expected two non-negative integers, got {quote(value)}")
    return value[0], value[1]


def parse_request(line: str) -> InfoSet:
    try:
        data = json.loads(line, parse_int=json_int)
    except json.JSONDecodeError as exc:
        # json's own message may end in "at" ("Invalid control character at")
        raise RequestError(
            f"not JSON: {exc.msg.removesuffix(' at')} at column {exc.colno}"
        ) from None
    except RecursionError:
        raise RequestError("not JSON that can be read: nested too deeply") from None
    except ValueError as exc:  # e.g. an integer of more than 4,300 digits
        raise RequestError(f"not JSON that can be read: {exc}") from None
    if not isinstance(data, dict):
        raise RequestError("a request must be a JSON object")
    return request_to_infoset(data)


def request_to_infoset(data: dict[str, Any]) -> InfoSet:
    known = {
        "decision",
        "role",
        "hand",
        "turnup",
        "score",
        "game",
        "exchanges",
        "discards",
        "penalty",
        "king",
        "tricks",
        "led",
        "rules",
    }
    for key in ("decision", "role", "hand", "turnup"):
        if key not in data:
            raise RequestError(f"{key}: missing")
    decision = data["decision"]
    if decision not in DECISIONS:
        raise RequestError(
            f"decision: expected one of {', '.join(DECISIONS)}, got {quote(decision)}"
        )
    role = data["role"]
    if role not in ROLES:
        raise RequestError(f"role: expected dealer or nondealer, got {quote(role)}")
    hand = _cards(data["hand"], "hand")
    turnup = _card(data["turnup"], "turnup")
    score = _pair(data.get("score", [0, 0]), "score")
    game = data.get("game", 5)
    if not isinstance(game, int) or isinstance(game, bool) or not 1 <= game <= MAX_GAME:
        raise RequestError(f"game: expected an integer from 1 to {MAX_GAME}, got {quote(game)}")
    if max(score) >= game:
        raise RequestError(f"score: {quote(list(score))} is already game at {game}")
    raw_exchanges = data.get("exchanges", [])
    if not isinstance(raw_exchanges, list):
        raise RequestError("exchanges: expected a list of [nondealer, dealer] pairs")
    if len(raw_exchanges) > STOCK_SIZE:
        raise RequestError(
            f"exchanges: {len(raw_exchanges):,} exchanges, but the stock of {STOCK_SIZE} allows"
            f" at most {STOCK_SIZE}"
        )
    exchanges = tuple(_pair(v, f"exchanges[{i}]") for i, v in enumerate(raw_exchanges))
    for i, (nondealer, dealer) in enumerate(exchanges):
        if not 1 <= nondealer <= 5 or dealer > 5:
            raise RequestError(
                f"exchanges[{i}]: the non-dealer exchanges 1 to 5 cards, the dealer 0 to 5,"
                f" got {quote([nondealer, dealer])}"
            )
    discards = _cards(data.get("discards", []), "discards")
    for field in ("penalty", "king"):
        if data.get(field) not in ("me", "opponent", None):
            raise RequestError(
                f"{field}: expected 'me', 'opponent' or null, got {quote(data[field])}"
            )
    raw_tricks = data.get("tricks", [])
    if not isinstance(raw_tricks, list):
        raise RequestError("tricks: expected a list of [first, second] pairs")
    if len(raw_tricks) > 5:
        raise RequestError(f"tricks: {len(raw_tricks):,} tricks, but a deal has five")
    tricks = []
    for i, t in enumerate(raw_tricks):
        if not isinstance(t, list) or len(t) != 2:
            raise RequestError(f"tricks[{i}]: expected [card played first, card played second]")
        tricks.append((_card(t[0], f"tricks[{i}][0]"), _card(t[1], f"tricks[{i}][1]")))
    led = data.get("led")
    led_card = None if led is None else _card(led, "led")
    rules = _rules(data.get("rules", "english"))
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
        rules=rules,
    )
    _validate(info, data, known)
    return info


def _validate(info: InfoSet, data: dict[str, Any], known: set[str]) -> None:
    """Refuse a request that describes a position that cannot arise
    (docs/advise-protocol.md), naming the field: an answer to it would be
    meaningless, and an engine need not be ready for it."""
    del data, known  # unknown fields are ignored: additions to the protocol are allowed
    _check_cards(info)
    _check_decision(info)
    _check_stock(info)
    _check_penalty(info)
    _check_king(info)
    _check_my_follows(info)
    _check_their_cards(info)


def _check_cards(info: InfoSet) -> None:
    """No card twice, no more discards than exchanged, five cards between hand and tricks."""
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
            f"discards: {_count(len(info.discards), 'card')}, but exchanges give me only {mine}"
            " discarded"
        )
    if len(info.tricks) + len(info.hand) + int(info.led_by_me) != 5:
        raise RequestError(
            f"tricks: {_count(len(info.tricks), 'trick')} played and"
            f" {_count(len(info.hand), 'card')} in hand"
            " do not make five"
        )


def _check_decision(info: InfoSet) -> None:
    """The decision asked agrees with the stage of the deal."""
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
    if d == "mark_king":
        _check_mark_window(info)
    # Who leads is derived from the tricks; a request whose decision disagrees is
    # still answered (the decision says what is asked, and any answer to it can
    # be legal), rather than refused for a slip in how its tricks were written.


def _check_mark_window(info: InfoSet) -> None:
    """The mark is asked in a window the laws give: before my first card, the king
    in my hand (club-laws/23); or, the king being my first card, the non-dealer's
    led and not yet played to, or the dealer's played to the first trick before
    he plays again (club-laws/24)."""
    king = info.trump_king
    if king in info.hand:
        if info.tricks:
            raise RequestError(
                "tricks: mark_king with the king in my hand comes before my first card,"
                " with no trick played"
            )
        # The dealer's mark_king carries the card led; a request that leaves it out
        # is still answerable (marking does not depend on it), so only a card led
        # to the non-dealer, who leads the first trick, is an error.
        if info.led is not None and info.role == "nondealer":
            raise RequestError(
                "led: with mark_king and the king in my hand, only the dealer has a card led to him"
            )
        return
    if info.role == "nondealer":
        if info.led != king or info.tricks:
            raise RequestError(
                "hand: mark_king needs the king of trumps in the hand, or, the non-dealer's,"
                " as led, his first card not yet played to (club-laws/24)"
            )
        return
    if len(info.tricks) != 1 or info.tricks[0][1] != king or info.led is not None:
        raise RequestError(
            "hand: mark_king needs the king of trumps in the hand, or, the dealer's,"
            " played to the first trick as his first card, before he plays again"
            " (club-laws/24)"
        )


def _check_stock(info: InfoSet) -> None:
    """The exchanges fit the stock of 21, and end when it is out (club-laws/38)."""
    stock = info.stock_size
    if stock < 0:
        raise RequestError(
            f"exchanges: {STOCK_SIZE - stock} cards exchanged, but the stock holds {STOCK_SIZE}"
        )
    d = info.decision
    out = f"the stock is empty ({STOCK_SIZE} cards exchanged)"
    if d == "propose" and stock == 0:
        raise RequestError(
            f"exchanges: {out}, so play begins: the non-dealer is not asked to propose"
            " again (club-laws/38)"
        )
    if d == "accept" and stock == 0:
        raise RequestError(f"exchanges: {out}, so no proposal can be made (club-laws/38)")
    if d != "discard":
        return
    if not info.is_dealer:
        if stock == 0:
            raise RequestError(f"exchanges: {out}, there is nothing to discard for (club-laws/38)")
        return
    # The dealer's request lists the exchange in progress, as [n, 0]. One that
    # leaves it out (no pairs, or a finished pair last) is answered as a slip, as
    # long as the non-dealer's part of it, one card at least, can leave him one.
    if info.exchanges and info.exchanges[-1][1] == 0:
        if stock == 0:
            raise RequestError(
                "exchanges: the non-dealer took the last card of the stock, so the dealer"
                " plays his hand as it is, with no discard (club-laws/38)"
            )
    elif stock < 2:
        raise RequestError(
            f"exchanges: the stock holds {stock} after these exchanges, so once the"
            " non-dealer has taken his card or more the dealer has nothing to discard for"
            " (club-laws/38)"
        )


def _check_penalty(info: InfoSet) -> None:
    """The penalty of two falls only on a non-dealer who plays without proposing, or a
    dealer who refuses the first proposal (britannica-9/scoring): so never after an
    exchange, and only once play has begun."""
    if info.penalty is None:
        return
    if info.decision in ("propose", "accept", "discard"):
        raise RequestError(
            f"penalty: {quote(info.penalty)}, but no one has yet played without proposing"
            f" or refused: the penalty is set when play begins, after this {info.decision}"
        )
    if info.exchanges:
        raise RequestError(
            f"penalty: {quote(info.penalty)} after {len(info.exchanges)} exchange(s); the"
            " penalty falls only on a non-dealer who plays without proposing or a dealer"
            " who refuses the first proposal, so never once cards have been exchanged"
        )


def _check_king(info: InfoSet) -> None:
    """Who marked the king of trumps agrees with where it is (club-laws/23,
    club-laws/47), and its point has not already won the game."""
    king = info.trump_king
    dealer_side = "me" if info.is_dealer else "opponent"
    if info.turnup == king:
        if info.king != dealer_side:
            raise RequestError(
                f"king: the king of trumps is turned up, so it counts for the dealer:"
                f" expected {dealer_side!r}, got {quote(info.king)}"
            )
    elif info.king is not None:
        _check_marked_king(info, king)
    if info.king is not None:
        mine, theirs = info.score
        holder_score = mine if info.king == "me" else theirs
        if holder_score + 1 >= info.game:
            raise RequestError(
                f"king: {info.king!r}, but at a score of {list(info.score)} the king's point"
                f" wins the game at {info.game}, and the deal ends there"
            )


def _check_marked_king(info: InfoSet, king: Card) -> None:
    """A king marked (not turned up): announced by its holder as he plays his first
    card, or, the king being that card, soon after (club-laws/24)."""
    if info.decision in ("propose", "accept", "discard"):
        raise RequestError(
            f"king: {info.king!r} before play has begun; the king is marked as its holder"
            " plays his first card"
        )
    if info.decision == "mark_king":
        raise RequestError(
            f"king: {info.king!r}, but mark_king is asked of the player who holds the king"
            " and has not marked it"
        )
    if info.king == "me":
        if king not in info.hand and king not in info.my_played():
            raise RequestError(
                f"king: 'me', but I neither hold nor have played the king of trumps ({king})"
            )
        return
    if king in info.hand:
        raise RequestError(f"king: 'opponent', but I hold the king of trumps ({king})")
    if king in info.my_played():
        raise RequestError(f"king: 'opponent', but I played the king of trumps ({king})")
    if king in info.discards:
        raise RequestError(f"king: 'opponent', but I discarded the king of trumps ({king})")
    if not info.their_played():
        raise RequestError(
            "king: 'opponent', but he has played no card yet, and the king is marked as its"
            " holder plays his first card"
        )


def _check_my_follows(info: InfoSet) -> None:
    """Each card I played second obeyed the laws (britannica-9/play): I know the
    hand I held then, my hand now and the cards I have played since."""
    held = set(info.hand)
    tricks = list(enumerate(zip(info.tricks, info.i_led(), strict=True)))
    for i, ((first, second), i_led) in reversed(tricks):
        held.add(first if i_led else second)
        if i_led:
            continue
        allowed = legal_follows(sorted(held, key=lambda c: -c.index), first, info.trump)
        if second not in allowed:
            raise RequestError(
                f"tricks[{i}][1]: I could not play {second} to {first}: holding"
                f" {' '.join(str(c) for c in allowed)}, I had to {_duty(first, allowed, info)}"
                " (britannica-9/play)"
            )


def _duty(led: Card, allowed: tuple[Card, ...], info: InfoSet) -> str:
    if allowed[0].suit == led.suit:
        if allowed[0].rank > led.rank:
            return "follow suit and win the trick"
        return "follow suit"
    return f"trump, holding no {led.suit.noun}"


def _check_their_cards(info: InfoSet) -> None:
    """My opponent's cards agree with what his follows showed: a player who did not
    follow suit held none of it (and no trump, if he did not trump), and one who
    followed low held no higher card of the suit (britannica-9/play). Play has begun,
    so he can gain no card since; what he holds now must be among the unseen cards."""
    ruled_out: list[tuple[int, frozenset[Card]]] = []
    opponent_cards: list[tuple[int, str, Card]] = []
    for i, ((first, second), i_led) in enumerate(zip(info.tricks, info.i_led(), strict=True)):
        opponent_cards.append((i, f"tricks[{i}][{int(i_led)}]", second if i_led else first))
        if i_led:
            ruled_out.append((i, _shown_void(first, second, info)))
    if info.led is not None and not info.led_by_me:
        opponent_cards.append((len(info.tricks), "led", info.led))
    for j, field, card in opponent_cards:
        for i, cards in ruled_out:
            if j > i and card in cards:
                raise RequestError(
                    f"{field}: my opponent plays {card}, but by tricks[{i}] he held no"
                    f" {_what(info.tricks[i], info)}"
                )
    shown = frozenset().union(*(cards for _, cards in ruled_out))
    unseen = frozenset(PACK) - info.seen_cards()
    size = 5 - len(opponent_cards)
    if info.king == "opponent" and info.trump_king in unseen & shown:
        raise RequestError(
            f"king: 'opponent', but he still holds the king of trumps, and by the tricks he"
            f" held no {info.trump.noun}"
        )
    if len(unseen - shown) < size:
        raise RequestError(
            f"tricks: my opponent holds {size} cards, but his play rules out all but"
            f" {len(unseen - shown)} of the cards I have not seen"
        )


def _shown_void(led: Card, reply: Card, info: InfoSet) -> frozenset[Card]:
    """The cards a player who answered ``led`` with ``reply`` cannot have held."""
    if reply.suit == led.suit:
        if reply.rank < led.rank:
            return frozenset(c for c in PACK if c.suit == led.suit and c.rank > led.rank)
        return frozenset()
    out = {c for c in PACK if c.suit == led.suit}
    if reply.suit != info.trump:
        out |= {c for c in PACK if c.suit == info.trump}
    return frozenset(out)


def _what(trick: tuple[Card, Card], info: InfoSet) -> str:
    led, reply = trick
    if reply.suit == led.suit:
        return f"{led.suit.noun} higher than {led} (he followed {led} with the lower {reply})"
    if reply.suit == info.trump:
        return f"{led.suit.noun} (he trumped {led} with {reply})"
    return f"{led.suit.noun} and no trump (he played {reply} to {led})"


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


def serve(engine: Engine, lines: Iterable[str] | Iterable[bytes], out: IO[str]) -> int:
    """Answer each non-blank line with exactly one JSON line.

    Given a text stream over bytes (``sys.stdin``), the bytes are read in bounded
    pieces and each line decoded here (``tutor.io.lines``), so a line that is not
    UTF-8 or longer than ``MAX_LINE`` gets an error like any bad line instead of
    ending the loop or filling memory."""
    for line in bounded_lines(lines, MAX_LINE):
        if isinstance(line, BadLine):
            answer = {"error": line.message}
        elif not line.strip():
            continue
        else:
            answer = _answer(engine, line)
        write_line(out, answer)
    return 0


def _answer(engine: Engine, line: str) -> dict[str, Any]:
    try:
        info = parse_request(line)
        return advice_to_json(engine.advise(info))
    except RequestError as exc:
        return {"error": capped(str(exc))}
    except Exception as exc:  # an engine bug must not end the session
        return {"error": capped(f"internal error: {type(exc).__name__}: {exc}")}


def capped(message: str) -> str:
    """An error message cut to ``ERROR_LIMIT`` characters."""
    if len(message) <= ERROR_LIMIT:
        return message
    return f"{message[:ERROR_LIMIT]}... ({len(message):,} characters)"


def write_line(out: IO[str], answer: dict[str, Any]) -> None:
    """One JSON line, flushed; with only ASCII escapes if the stream cannot encode it."""
    try:
        out.write(json.dumps(answer, ensure_ascii=False) + "\n")
    except UnicodeEncodeError:
        out.write(json.dumps(answer) + "\n")
    out.flush()


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
    if info.rules.french:
        data["rules"] = info.rules.name  # English, the default, is left unsaid
    return data
