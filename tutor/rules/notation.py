"""A deal position as readable text, and back.

    rules: english game=5 match=1 valuation=off
    dealer: 1
    score: 0 2
    phase: lead
    to_act: 0
    hands: KS QS 7H 8D 9C | AH TH JD 7D 8S
    ...

Every field of ``Position`` is one ``name: value`` line; hands and other
per-seat pairs are separated by ``|``; tricks by ``/``. ``position_from_text``
reads exactly what ``position_to_text`` writes, so positions round-trip.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from tutor.io.reading import text_lines
from tutor.rules.cards import Card, CardError, format_cards, parse_cards
from tutor.rules.deal import Phase, Position
from tutor.rules.rulesets import RuleSet, RuleSetError


class NotationError(ValueError):
    """Text that is not a position; names the line and the field."""


def _fmt(name: str, value: Any) -> str:
    # ``value`` is the field named ``name``: its type depends on the name.
    if name == "rules":
        assert isinstance(value, RuleSet)
        return value.notation()
    if name == "phase":
        assert isinstance(value, Phase)
        return value.value
    if name in ("hands", "dealt", "discards"):
        a, b = value
        return f"{format_cards(a)} | {format_cards(b)}".strip()
    if name == "stock":
        return format_cards(value)
    if name in ("turnup", "led"):
        return "-" if value is None else str(value)
    if name == "tricks":
        return " / ".join(f"{a} {b}" for a, b in value)
    if name == "exchanges":
        return " ".join(f"{a}+{b}" for a, b in value)
    if name in ("score", "points"):
        return f"{value[0]} {value[1]}"
    if name == "played":
        return " ".join("yes" if v else "no" for v in value)
    if name in ("penalty", "king"):
        return "-" if value is None else str(value)
    return str(value)


def position_to_text(position: Position) -> str:
    return "\n".join(
        f"{f.name}: {_fmt(f.name, getattr(position, f.name))}" for f in fields(Position)
    )


def _pair_of_cards(text: str) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    left, sep, right = text.partition("|")
    if not sep:
        raise ValueError("expected two card lists separated by '|'")
    return parse_cards(left), parse_cards(right)


def _parse(name: str, text: str) -> object:
    text = text.strip()
    if name == "rules":
        return RuleSet.parse(text)
    if name == "phase":
        return Phase(text)
    if name in ("hands", "dealt", "discards"):
        return _pair_of_cards(text)
    if name == "stock":
        return parse_cards(text)
    if name in ("turnup", "led"):
        return None if text == "-" else Card.parse(text)
    if name == "tricks":
        tricks = []
        for part in filter(None, (p.strip() for p in text.split("/"))):
            cards = parse_cards(part)
            if len(cards) != 2:
                raise ValueError(f"a trick is two cards, got {part!r}")
            tricks.append((cards[0], cards[1]))
        return tuple(tricks)
    if name == "exchanges":
        pairs = []
        for part in text.split():
            a, _, b = part.partition("+")
            pairs.append((int(a), int(b)))
        return tuple(pairs)
    if name in ("score", "points"):
        a, b = text.split()
        return int(a), int(b)
    if name == "played":
        a, b = text.split()
        return a == "yes", b == "yes"
    if name in ("penalty", "king"):
        return None if text == "-" else int(text)
    return int(text)


def position_from_text(text: str) -> Position:
    names = {f.name for f in fields(Position)}
    values: dict[str, object] = {}
    for number, raw in enumerate(text_lines(text), start=1):
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        name, sep, value = raw.partition(":")
        name = name.strip()
        if not sep or name not in names:
            raise NotationError(f"line {number}: unknown field {name!r}")
        try:
            values[name] = _parse(name, value)
        except (ValueError, CardError, RuleSetError) as exc:
            raise NotationError(f"line {number}: {name}: {exc}") from None
    missing = names - values.keys()
    if missing:
        raise NotationError(f"missing fields: {', '.join(sorted(missing))}")
    return Position(**values)  # type: ignore[arg-type]  # _parse gives each field its own type
