"""Reading ``lessons/practice/positions.toml``: each ``[[positions]]`` block a position.

Every fault is told as ``file:line: field: message`` (the field numbered as an editor
counts the blocks: ``positions[3].hand``); a damaged block costs only itself.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tutor.io.files import UnreadableFile, read_text
from tutor.io.reading import quote, text_lines
from tutor.practice.goals import GoalError, goal_for
from tutor.practice.model import Fault, PracticePosition
from tutor.practice.themes import THEMES
from tutor.rules.infoset_codec import RequestError, request_to_infoset

LIMIT = 1024 * 1024
"""Bytes a positions file may hold (the shipped one is a few tens of kilobytes)."""
MAX_TEXT = 600
"""Characters a title or setup may hold: one or two sentences."""
TEXT_KEYS = ("id", "theme", "goal", "title", "setup")
POSITION_KEYS = (
    "role",
    "hand",
    "turnup",
    "score",
    "exchanges",
    "discards",
    "penalty",
    "king",
    "tricks",
    "led",
)
ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
_KEY = re.compile(r"^\s*([A-Za-z0-9_\-]+)\s*=")


def positions_file() -> Path:
    """The shipped positions (read where ``tutor.io.paths`` says at the time of call)."""
    from tutor.io import paths

    return paths.PRACTICE_DIR / "positions.toml"


@dataclass
class PositionSet:
    positions: list[PracticePosition] = field(default_factory=list)
    faults: list[Fault] = field(default_factory=list)

    def by_id(self, ident: str) -> PracticePosition | None:
        return next((p for p in self.positions if p.id == ident), None)


class _Lines:
    """The line of each ``[[positions]]`` block and of each key in it."""

    def __init__(self, text: str) -> None:
        self.blocks: list[int] = []
        self.keys: dict[tuple[int, str], int] = {}
        for number, line in enumerate(text_lines(text), start=1):
            stripped = line.strip()
            if stripped.startswith("[[") and stripped[2:].split("]")[0].strip() == "positions":
                self.blocks.append(number)
                continue
            key = _KEY.match(line)
            if key and self.blocks:
                self.keys.setdefault((len(self.blocks), key.group(1)), number)

    def line(self, block: int, key: str = "") -> int:
        if key and (block, key) in self.keys:
            return self.keys[(block, key)]
        return self.blocks[block - 1] if 0 < block <= len(self.blocks) else 1


def load_positions(path: Path | None = None, display: str | None = None) -> PositionSet:
    """Every position of the file (default: the shipped one), faults collected."""
    path = path or positions_file()
    name = display or _shown(path)
    out = PositionSet()
    try:
        text = read_text(path, LIMIT)
    except UnreadableFile as exc:
        out.faults.append(Fault(name, exc.line, "", f"cannot read the file: {exc}"))
        return out
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        match = re.search(r"line (\d+)", str(exc))
        line = int(match.group(1)) if match else 1
        out.faults.append(Fault(name, line, "toml", f"not valid TOML: {exc}"))
        return out
    except ValueError as exc:  # a number past Python's digit limit
        out.faults.append(Fault(name, 1, "toml", f"cannot be read: {exc}"[:200]))
        return out
    lines = _Lines(text)
    for key in data:
        if key != "positions":
            out.faults.append(Fault(name, 1, key, "unknown key (allowed: positions)"))
    raw = data.get("positions", [])
    if not isinstance(raw, list) or not raw:
        out.faults.append(Fault(name, 1, "positions", "expected [[positions]] blocks"))
        return out
    seen: dict[str, int] = {}
    for number, block in enumerate(raw, start=1):
        faults: list[Fault] = []
        position = _position(block, number, name, lines, faults)
        out.faults.extend(faults)
        if position is None:
            continue
        if position.id in seen:
            out.faults.append(
                Fault(
                    name,
                    lines.line(number, "id"),
                    f"positions[{number}].id",
                    f"duplicate id {position.id!r} (also positions[{seen[position.id]}])",
                )
            )
            continue
        seen[position.id] = number
        out.positions.append(position)
    return out


def _shown(path: Path) -> str:
    """``path`` relative to the working directory where it can be (as the lessons' faults)."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except (ValueError, OSError, RuntimeError):
        return str(path)


def _position(
    block: Any, number: int, file: str, lines: _Lines, faults: list[Fault]
) -> PracticePosition | None:
    where = f"positions[{number}]"

    def fault(key: str, message: str) -> None:
        faults.append(
            Fault(file, lines.line(number, key), f"{where}.{key}" if key else where, message)
        )

    if not isinstance(block, dict):
        fault("", "expected a table of keys")
        return None
    for key in block:
        if key not in TEXT_KEYS and key not in POSITION_KEYS:
            fault(key, f"unknown key (allowed: {', '.join(sorted(TEXT_KEYS + POSITION_KEYS))})")
    texts: dict[str, str] = {}
    for key in TEXT_KEYS:
        value = block.get(key)
        if value is None:
            fault(key, "missing")
        elif not isinstance(value, str) or not value.strip():
            fault(key, f"expected a non-empty string, got {quote(repr(value))}")
        elif len(value) > MAX_TEXT:
            fault(key, f"{len(value):,} characters, more than the {MAX_TEXT} a field may hold")
        else:
            texts[key] = value.strip()
    if "id" in texts and not ID.match(texts["id"]):
        fault("id", f"expected lower-case letters, digits and hyphens, got {quote(texts['id'])}")
        texts.pop("id")
    if "theme" in texts and texts["theme"] not in THEMES:
        fault("theme", f"expected one of {', '.join(THEMES)}, got {quote(texts['theme'])}")
        texts.pop("theme")
    request = {key: _written(key, block[key]) for key in POSITION_KEYS if key in block}
    request["decision"] = "follow" if "led" in block else "lead"
    try:
        info = request_to_infoset(request)
    except RequestError as exc:
        message = str(exc)
        key = message.split(":", 1)[0].split("[", 1)[0]
        fault(key if key in POSITION_KEYS else "", message)
        return None
    goal = None
    if "goal" in texts:
        try:
            goal = goal_for(texts["goal"], info)
        except GoalError as exc:
            fault("goal", str(exc))
    if goal is None or len(texts) < len(TEXT_KEYS):
        return None
    return PracticePosition(
        id=texts["id"],
        theme=texts["theme"],
        goal=goal,
        title=texts["title"],
        setup=texts["setup"],
        info=info,
        file=file,
        line=lines.line(number),
        block=number,
        goal_line=lines.line(number, "goal"),
    )


def _written(key: str, value: Any) -> Any:
    """A value as the file writes it, as the protocol's request has it: a card list as
    one string (``"KS QS 7H"``), a trick as one string (``"QH 7H"``)."""
    if key in ("hand", "discards") and isinstance(value, str):
        return value.split()
    if key == "tricks" and isinstance(value, list):
        return [v.split() if isinstance(v, str) else v for v in value]
    return value
