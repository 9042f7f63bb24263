"""The `ecarte advise` JSON-lines protocol (docs/advise-protocol.md).

One JSON object a line in, exactly one a line out, flushed. A bad line gets
``{"error": ...}`` naming the field, and the loop goes on. The request itself, an
information set, is read and written by ``tutor.rules.infoset_codec``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import IO, Any

from tutor.engines.base import Advice, Engine
from tutor.io.lines import MAX_LINE, BadLine, bounded_lines
from tutor.rules.infoset_codec import (
    MAX_GAME,
    RequestError,
    infoset_to_request,
    parse_request,
    quote,
    request_to_infoset,
)

ERROR_LIMIT = 500
"""Characters of an error message at most, whatever it quotes."""


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


__all__ = [
    "ERROR_LIMIT",
    "MAX_GAME",
    "MAX_LINE",
    "RequestError",
    "advice_to_json",
    "capped",
    "infoset_to_request",
    "parse_request",
    "quote",
    "request_to_infoset",
    "serve",
    "write_line",
]
