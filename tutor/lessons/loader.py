"""Lesson files (TOML, schema in lessons/README.md) into ``Lesson`` values.

Loading never stops at the first problem: every fault is collected with the
file, the line and the field it concerns, a damaged step is left out and the
rest of the lesson (and every other file) still loads. ``tomllib`` gives no
line numbers for values, so a light scan of the file text (``LineMap``) finds
the line of each ``[[steps]]`` block and each key.
"""

from __future__ import annotations

import os
import re
import stat
import tomllib
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from tutor.io.files import MIB, UnreadableFile, kind, read_text, reason
from tutor.io.reading import text_lines
from tutor.lessons.model import (
    FROM_HINTS,
    QUESTIONS,
    BrokenLesson,
    Choice,
    Curriculum,
    Fault,
    Lesson,
    Outcome,
    Step,
)
from tutor.rules.actions import Action, ActionError
from tutor.rules.cards import Card, CardError, parse_cards
from tutor.rules.infoset import InfoSet
from tutor.rules.infoset_codec import RequestError, quote, request_to_infoset

LESSON_KEYS = {"id", "title", "summary", "passages", "rules", "steps"}
STEP_KEYS = {
    "id",
    "question",
    "prompt",
    "hint",
    "expected",
    "choices",
    "explanation",
    "passages",
    "position",
    "outcome",
}
POSITION_KEYS = {
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
}
OUTCOME_KEYS = {"opponent", "stock", "history", "wrong", "dealt"}
CHOICE_KEYS = {"text", "why"}
RULES = ("english", "french")
LIMIT = MIB
"""The largest lesson file read: the longest lesson is under 30 KB."""
MAX_DEPTH = 16
"""The deepest nesting of values read (a lesson uses five: steps, step, position, tricks,
trick), and the most parts of a dotted key."""
TOO_DEEP = f"values nested more than {MAX_DEPTH} deep (a lesson needs a few levels)"
_LONG_NUMBER = re.compile(r"\d{1000,}")
"""A run of digits no lesson holds (linear to find: no backtracking)."""
MAX_KEY = 100
MAX_TEXT = 4_000
"""Characters a text field (a prompt, an explanation, a choice) may hold; the longest
shipped is about 800."""
MAX_LINES = 40
"""Lines a text field may hold: the shipped ones are each one line."""
"""The longest key read, in characters (a lesson's keys are single words)."""
_ID = re.compile(r"^[a-z0-9][a-z0-9-]*$")

DEFAULT_PROMPTS = {
    "propose": "Do you play without proposing, or propose?",
    "accept": "Your adversary proposes. Do you accept, or refuse?",
    "discard": "Your proposal is accepted. Which cards do you throw out?",
    "mark_king": "You hold the king of trumps and are about to play. Do you mark it?",
    "lead": "It is your lead. Which card do you lead?",
    "follow": "Your adversary has led. Which card do you play?",
}


def default_prompt(info: InfoSet) -> str:
    """The question in words, told from the chooser's side of the table."""
    if info.decision == "discard" and info.is_dealer:
        taken = info.exchanges[-1][0] if info.exchanges else 0
        cards = f"{taken} card{'s' if taken != 1 else ''}"
        return (
            f"You accepted the proposal; the non-dealer has taken {cards}."
            " Which cards do you throw out (none, if you wish)?"
        )
    if info.decision == "discard":
        return "Your proposal is accepted. Which cards do you throw out?"
    if info.decision == "follow" and info.led is not None:
        return f"Your adversary has led the {info.led.noun}. Which card do you play?"
    return DEFAULT_PROMPTS[info.decision]


class LineMap:
    """Where each table and key of a lesson file starts, by dotted path.

    Paths: ``title``, ``steps[3]``, ``steps[3].hint``, ``steps[3].position.hand``,
    ``steps[3].choices[2].why`` (steps and choices numbered from 1, as an editor
    counts them). Linear in the size of the file: each line is read once, with
    string methods and a regular expression that cannot backtrack.
    """

    _KEY = re.compile(r"^\s*([A-Za-z0-9_\-]+)\s*=")

    def __init__(self, text: str) -> None:
        self.lines: dict[str, int] = {}
        table = ""
        steps = 0
        arrays: dict[str, int] = {}  # [[steps.choices]] blocks counted within each step
        closing = ""  # the delimiter of the multi-line string being skipped, if any
        for number, line in enumerate(text_lines(text), start=1):
            if closing:
                if line.count(closing) % 2:
                    closing = ""
                continue
            header = _header(line)
            if header:
                double, name = header
                if double and name == "steps":
                    steps += 1
                    table = f"steps[{steps}]"
                elif double and name.startswith("steps.") and steps:
                    table = f"steps[{steps}].{name[len('steps.') :]}"
                    arrays[table] = arrays.get(table, 0) + 1
                    self.lines.setdefault(table, number)
                    table = f"{table}[{arrays[table]}]"
                elif name.startswith("steps.") and steps:
                    table = f"steps[{steps}].{name[len('steps.') :]}"
                else:
                    table = name
                self.lines.setdefault(table, number)
                continue
            key = self._KEY.match(line)
            if key:
                path = f"{table}.{key.group(1)}" if table else key.group(1)
                self.lines.setdefault(path, number)
                closing = next((q for q in ('"""', "'''") if line.count(q) % 2), "")
        self._within: dict[str, list[tuple[str, int]]] | None = None

    def within(self, table: str) -> tuple[tuple[str, int], ...]:
        """(relative path, line) of every key under ``table``."""
        if self._within is None:  # indexed once: a file of many steps stays linear
            self._within = {}
            for path, number in self.lines.items():
                for dot in _dots(path):
                    self._within.setdefault(path[:dot], []).append((path[dot + 1 :], number))
        return tuple(self._within.get(table, ()))

    def line(self, path: str) -> int:
        """The line of ``path``, or of the nearest enclosing table or key found."""
        candidate = path
        while candidate:
            if candidate in self.lines:
                return self.lines[candidate]
            candidate = _parent(candidate)
        return 1


def _header(line: str) -> tuple[bool, str] | None:
    """``[name]`` or ``[[name]]`` (a comment may follow): (double, name), else None."""
    text = line.strip()
    if not text.startswith("["):
        return None
    double = text.startswith("[[")
    body = text[2:] if double else text[1:]
    close = body.find("]")
    name = body[:close].strip() if close >= 0 else ""
    if not name:
        return None
    rest = body[close + 1 :]
    rest = (rest[1:] if rest.startswith("]") else rest).strip()
    return (double, name) if not rest or rest.startswith("#") else None


def _dots(path: str) -> list[int]:
    found, at = [], path.find(".")
    while at >= 0:
        found.append(at)
        at = path.find(".", at + 1)
    return found


def _parent(path: str) -> str:
    if path.endswith("]") and "[" in path and "." not in path[path.rindex("[") :]:
        base = path[: path.rindex("[")]
        # steps[3] -> nothing above but the file; position.hand[2] -> position.hand
        return "" if base == "steps" else base
    return path.rpartition(".")[0]


class _Reader:
    """Collects faults for one file while its values are converted."""

    def __init__(self, file: str, lines: LineMap) -> None:
        self.file = file
        self.map = lines
        self.faults: list[Fault] = []

    def fault(self, field: str, message: str) -> None:
        self.faults.append(Fault(self.file, self.map.line(field), field, message))

    def text(self, data: dict[str, Any], key: str, where: str, required: bool = True) -> str | None:
        field = f"{where}.{key}" if where else key
        if key not in data:
            if required:
                self.fault(field, "missing")
            return None
        value = data[key]
        if not isinstance(value, str) or not value.strip():
            self.fault(field, f"expected a non-empty string, got {quote(value)}")
            return None
        # A field is shown as Markdown, one widget a block: a tester's 110 KB explanation
        # of short paragraphs held the app for a minute and a gigabyte.
        if len(value) > MAX_TEXT:
            self.fault(
                field, f"{len(value):,} characters, more than the {MAX_TEXT:,} a field may hold"
            )
            return None
        lines = value.strip().count("\n") + 1
        if lines > MAX_LINES:
            self.fault(field, f"{lines:,} lines, more than the {MAX_LINES} a field may hold")
            return None
        return value.strip()

    def ids(self, data: dict[str, Any], key: str, where: str) -> tuple[str, ...]:
        field = f"{where}.{key}" if where else key
        value = data.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            self.fault(field, f"expected a list of passage ids, got {value!r}")
            return ()
        return tuple(value)

    def unknown(self, data: dict[str, Any], allowed: set[str], where: str) -> None:
        for key in data:
            if key not in allowed:
                field = f"{where}.{key}" if where else key
                self.fault(field, f"unknown key (allowed: {', '.join(sorted(allowed))})")


def load_lesson(path: Path, display: str | None = None) -> tuple[Lesson | None, list[Fault]]:
    """One lesson file: the lesson (``None`` if it cannot be read at all) and its faults.

    Only a regular file of at most ``LIMIT`` bytes is read (a FIFO is refused, never
    waited on); values nested more than ``MAX_DEPTH`` deep, and keys too long or of
    too many parts, are refused with their line before ``tomllib`` reads the text.
    """
    name = display or str(path)
    try:
        text = read_text(path, LIMIT)
    except UnreadableFile as exc:
        return None, [Fault(name, exc.line, "", f"cannot read the file: {exc}")]
    shape = _Shape(text).fault()
    if shape is not None:
        return None, [Fault(name, shape[0], "toml", shape[1])]
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        return None, [Fault(name, _toml_line(str(exc), text), "toml", f"not valid TOML: {exc}")]
    except ValueError:  # an integer past Python's digit limit: its message is Python's own
        long = _LONG_NUMBER.search(text)
        line = text.count("\n", 0, long.start()) + 1 if long else 1
        return None, [Fault(name, line, "toml", "a number too long to read (a lesson's are small)")]
    reader = _Reader(name, LineMap(text))
    deep = _too_deep(data)
    if deep is not None:  # a table's name, its keys and its values nest together
        reader.fault(deep, TOO_DEEP)
        return None, reader.faults
    lesson = _lesson(data, reader, path)
    return lesson, reader.faults


def _toml_line(message: str, text: str) -> int:
    """The line a TOML error names; "at end of document" (a string or table left open)
    is told at the line where the last open quote begins, else the last line (a
    tester's review: a file cut inside a string on line 10 was reported at line 1)."""
    match = re.search(r"line (\d+)", message)
    if match:
        return int(match.group(1))
    lines = text_lines(text) or [""]
    if "end of document" in message:
        for number in range(len(lines), 0, -1):
            if lines[number - 1].count('"') % 2 or '"""' in lines[number - 1]:
                return number
        return len(lines)
    return 1


class _Shape:
    """One pass over a lesson file's text, before ``tomllib`` reads it, for the shapes
    that would cost it dear: values nested more than ``MAX_DEPTH`` deep (it recurses
    once per level), a dotted key of more than ``MAX_DEPTH`` parts (its time and
    memory grow with the square of the parts: a tester's review, a 200 KB key took all
    memory) and a key of more than ``MAX_KEY`` characters.

    Linear in the text: a regular expression finds each character that matters
    outside strings and comments, and each string or comment is skipped with
    ``find`` or a pattern that cannot backtrack. Only valid TOML need be read right:
    where the text is not, ``tomllib`` stops at that point and reads nothing after.
    """

    def __init__(self, text: str) -> None:
        self.text = text
        self.at = 0
        self.line = 1
        self.nested: list[str] = []  # "[" (an array) or "{" (an inline table), innermost last
        self.in_key = True  # reading a key (or a table's name), not a value
        self.header = False  # reading the name of a [table] or [[array of tables]]
        self.line_start = True  # nothing yet on this line but blanks (top level)
        self._new_key(0)

    def _new_key(self, begin: int) -> None:
        self.key_begin, self.key_line, self.key_seen, self.dots = begin, self.line, False, 0

    def fault(self) -> tuple[int, str] | None:
        """(line, what is wrong) for the first shape refused, or None."""
        while (match := _TOKEN.search(self.text, self.at)) is not None:
            at = match.start()
            if self.text[self.at : at].strip():
                self._content()
            self.at = at + 1
            problem = self._token(self.text[at], at)
            if problem is not None:
                return problem
        return None

    def _content(self) -> None:
        """Something other than blanks: a key begins here if one is expected."""
        self.line_start = False
        if self.in_key and not self.key_seen:
            self.key_seen, self.key_line = True, self.line

    def _token(self, char: str, at: int) -> tuple[int, str] | None:
        if char == "\n":
            self._newline(at)
        elif char == "#":
            end = self.text.find("\n", at)
            self.at = end if end >= 0 else len(self.text)
        elif char in "\"'":
            self._content()
            self._string(char, at)
        elif char == ".":
            return self._dot()
        elif char == "=":
            return self._key_end(at) if self.in_key and not self.header else None
        elif char in "[{":
            return self._open(char, at)
        elif char in "]}":
            return self._close(char, at)
        elif char == "," and self.nested[-1:] == ["{"]:
            self.in_key = True
            self._new_key(at + 1)
        return None

    def _newline(self, at: int) -> None:
        self.line += 1
        if not self.nested:  # a key, or a table's name, may begin the next line
            self.in_key, self.header, self.line_start = True, False, True
            self._new_key(at + 1)

    def _dot(self) -> tuple[int, str] | None:
        if not self.in_key:
            return None  # a float's point, a time's fraction
        self._content()
        self.dots += 1
        if self.dots < MAX_DEPTH:
            return None
        return self.key_line, f"a dotted key of more than {MAX_DEPTH} parts (a lesson's have a few)"

    def _key_end(self, at: int) -> tuple[int, str] | None:
        self.in_key = False
        if len(self.text[self.key_begin : at].strip()) <= MAX_KEY:
            return None
        return self.key_line, f"a key of more than {MAX_KEY} characters (a lesson's are words)"

    def _open(self, char: str, at: int) -> tuple[int, str] | None:
        if self.in_key:
            if char == "[" and self.line_start and not self.nested:
                self._header(at)
            return None  # anything else: not TOML, which tomllib says
        self.nested.append(char)
        if len(self.nested) > MAX_DEPTH:
            return self.line, TOO_DEEP
        if char == "{":
            self.in_key = True
            self._new_key(at + 1)
        return None

    def _header(self, at: int) -> None:
        self.header, self.line_start = True, False
        if self.text.startswith("[", at + 1):
            self.at = at + 2
        self._new_key(self.at)
        self.key_seen = True

    def _close(self, char: str, at: int) -> tuple[int, str] | None:
        if self.header:
            self.at += self.text.startswith("]", at + 1)
            self.header = False
            return self._key_end(at)
        if self.nested[-1:] == ["[" if char == "]" else "{"]:
            self.nested.pop()
            self.in_key = False
        return None

    def _string(self, quote: str, at: int) -> None:
        """Past the string that begins at ``at`` (its lines counted)."""
        triple = self.text.startswith(quote * 3, at)
        end = _string_end(self.text, at + (3 if triple else 1), quote, triple)
        self.line += self.text.count("\n", at, end)
        self.at = end


_TOKEN = re.compile(r"[\n\"'#\[\]{}=,.]")
"""What matters to ``_Shape`` outside strings and comments."""


def _string_end(text: str, at: int, quote: str, triple: bool) -> int:
    """Just past the closing quotes of the string whose text begins at ``at``; a
    one-line string left open ends at its line's end, any string at the text's end."""
    stop = _STRING_STOPS[quote, triple]
    while (match := stop.search(text, at)) is not None:
        at = match.start()
        char = text[at]
        if char == "\\":
            at += 2
        elif char == "\n":
            return at
        elif not triple:
            return at + 1
        elif text.startswith(quote * 3, at):  # up to two more quotes end the text
            return at + len(text[at : at + 5]) - len(text[at : at + 5].lstrip(quote))
        else:
            at += 1
    return len(text)


_STRING_STOPS = {
    ('"', False): re.compile(r'["\\\n]'),
    ('"', True): re.compile(r'["\\]'),
    ("'", False): re.compile(r"['\n]"),
    ("'", True): re.compile(r"'"),
}
"""Where a string may end, or an escape begin (basic strings only; a multi-line
string goes on past its lines' ends)."""


def _too_deep(data: dict[str, Any]) -> str | None:
    """The path of the first value nested more than MAX_DEPTH deep, or None."""
    stack: list[tuple[Any, str, int]] = [(data, "", 0)]
    while stack:
        value, path, depth = stack.pop()
        if depth > MAX_DEPTH:
            return path
        if isinstance(value, dict):
            stack += [(v, f"{path}.{k}" if path else k, depth + 1) for k, v in value.items()]
        elif isinstance(value, list):
            stack += [(v, f"{path}[{n}]", depth + 1) for n, v in enumerate(value, start=1)]
    return None


def _lesson(data: dict[str, Any], r: _Reader, path: Path) -> Lesson | None:
    r.unknown(data, LESSON_KEYS, "")
    ident = r.text(data, "id", "")
    if ident is not None and not _ID.match(ident):
        r.fault("id", f"{ident!r}: use lower-case letters, digits and hyphens")
    title = r.text(data, "title", "")
    summary = r.text(data, "summary", "")
    passages = r.ids(data, "passages", "")
    if "passages" not in data:
        r.fault("passages", "missing: the passages this lesson teaches")
    rules = data.get("rules", "english")
    if rules not in RULES:
        r.fault("rules", f"expected one of {', '.join(RULES)}, got {rules!r}")
        rules = "english"
    raw_steps = data.get("steps")
    if not isinstance(raw_steps, list) or not raw_steps:
        r.fault("steps", "missing: a lesson needs at least one [[steps]] block")
        raw_steps = []
    steps: list[Step] = []
    seen: set[str] = set()
    for index, raw in enumerate(raw_steps, start=1):
        step = _step(raw, index, ident or "?", rules, r)
        if step is None:
            continue
        if step.id in seen:
            r.fault(f"steps[{index}].id", f"duplicate step id {step.id!r}")
            continue
        seen.add(step.id)
        steps.append(step)
    if ident is None or title is None or summary is None:
        return None
    return Lesson(
        id=ident,
        title=title,
        summary=summary,
        passages=passages,
        steps=tuple(steps),
        rules=rules,
        file=r.file,
        line=r.map.line("passages"),
    )


def _step(raw: Any, index: int, lesson: str, rules: str, r: _Reader) -> Step | None:
    where = f"steps[{index}]"
    if not isinstance(raw, dict):
        r.fault(where, "expected a table")
        return None
    before = len(r.faults)
    r.unknown(raw, STEP_KEYS, where)
    step_id = raw.get("id", str(index))
    if not isinstance(step_id, str) or not _ID.match(step_id):
        r.fault(f"{where}.id", f"{step_id!r}: use lower-case letters, digits and hyphens")
    question = raw.get("question")
    if question not in QUESTIONS:
        r.fault(f"{where}.question", f"expected one of {', '.join(QUESTIONS)}, got {question!r}")
        return None
    explanation = r.text(raw, "explanation", where)
    passages = r.ids(raw, "passages", where)
    hint = raw.get("hint")
    if hint is not None and (not isinstance(hint, str) or not hint):
        r.fault(f"{where}.hint", f"expected a hint id, got {hint!r}")
        hint = None
    prompt = raw.get("prompt", DEFAULT_PROMPTS.get(question, ""))
    defaulted = "prompt" not in raw
    if not isinstance(prompt, str) or not prompt.strip():
        r.fault(f"{where}.prompt", "expected a non-empty string")
        prompt = ""
    common = dict(
        defaulted=defaulted,
        lesson=lesson,
        id=str(step_id),
        index=index,
        question=question,
        prompt=prompt.strip(),
        explanation=explanation or "",
        passages=passages,
        hint=hint,
        rules=rules,
        file=r.file,
        line=r.map.line(where),
        lines=r.map.within(where),
    )
    if question == "law":
        common.pop("defaulted")
        step = _law_step(raw, where, common, r)
    else:
        step = _decision_step(raw, where, common, r)
    return step if len(r.faults) == before else None


def _law_step(raw: dict[str, Any], where: str, common: dict[str, Any], r: _Reader) -> Step | None:
    raw_choices = raw.get("choices")
    if not isinstance(raw_choices, list) or len(raw_choices) < 2:
        r.fault(f"{where}.choices", "a law question needs a list of at least two choices")
        return None
    choices = [_choice(c, f"{where}.choices[{n}]", r) for n, c in enumerate(raw_choices, start=1)]
    expected = raw.get("expected")
    if (
        not isinstance(expected, int)
        or isinstance(expected, bool)
        or not 1 <= expected <= len(choices)
    ):
        r.fault(
            f"{where}.expected",
            f"a law question's expected answer is the number of the right choice, 1 to {len(choices)};"
            f" got {expected!r}",
        )
        return None
    if not common["passages"]:
        r.fault(f"{where}.passages", "a law question must cite the passage that answers it")
    for key in ("position", "outcome"):
        if key in raw:
            r.fault(f"{where}.{key}", "a law question has no position")
    if any(c is None for c in choices):
        return None
    return Step(**common, choices=tuple(c for c in choices if c is not None), answer=expected - 1)


def _choice(raw: Any, where: str, r: _Reader) -> Choice | None:
    """A choice: ``{text = "...", why = "..."}`` (a ``[[steps.choices]]`` block), or a
    bare string (the checker then asks for its ``why`` if it is a wrong one)."""
    line = r.map.line(where)
    if isinstance(raw, str) and raw.strip():
        return Choice(raw.strip(), None, line)
    if not isinstance(raw, dict):
        r.fault(where, f"expected a table with text and why, got {raw!r}")
        return None
    r.unknown(raw, CHOICE_KEYS, where)
    text = r.text(raw, "text", where)
    why = r.text(raw, "why", where, required=False)
    if text is None:
        return None
    return Choice(text, why, line)


def _decision_step(
    raw: dict[str, Any], where: str, common: dict[str, Any], r: _Reader
) -> Step | None:
    if "choices" in raw:
        r.fault(f"{where}.choices", "only a law question has choices")
    position = raw.get("position")
    if not isinstance(position, dict):
        r.fault(f"{where}.position", "missing: a decision needs a [steps.position] table")
        return None
    info = _position(position, common["question"], f"{where}.position", r, common["rules"])
    expected_raw = raw.get("expected")
    expected: Action | None = None
    from_hints = expected_raw == FROM_HINTS
    if from_hints:
        if common["hint"] is None:
            r.fault(f"{where}.hint", 'expected = "hints" needs the hint id the step teaches')
    elif isinstance(expected_raw, str):
        try:
            expected = Action.parse(expected_raw)
        except ActionError as exc:
            r.fault(f"{where}.expected", str(exc))
    else:
        r.fault(
            f"{where}.expected",
            f'expected an action such as "play" or "lead KS", or "hints"; got {expected_raw!r}',
        )
    outcome = None
    if "outcome" in raw:
        outcome = _outcome(raw["outcome"], f"{where}.outcome", r)
    if info is None:
        return None
    if common.pop("defaulted"):
        common["prompt"] = default_prompt(info)
    return Step(**common, info=info, expected=expected, from_hints=from_hints, outcome=outcome)


def _cards_list(value: Any) -> Any:
    """Accept "KS QS 7H" or ["KS", "QS", "7H"]; anything else goes to the protocol as is."""
    if isinstance(value, str):
        return value.replace(",", " ").split()
    return value


def _position(
    data: dict[str, Any], question: str, where: str, r: _Reader, rules: str = "english"
) -> InfoSet | None:
    r.unknown(data, POSITION_KEYS, where)
    request: dict[str, Any] = {k: v for k, v in data.items() if k in POSITION_KEYS}
    request["decision"] = question
    if rules != "english":  # the lesson's rules value its positions (the protocol's field)
        request["rules"] = rules
    for key in ("hand", "discards"):
        if key in request:
            request[key] = _cards_list(request[key])
    if "tricks" in request and isinstance(request["tricks"], list):
        request["tricks"] = [_cards_list(t) for t in request["tricks"]]
    try:
        return request_to_infoset(request)
    except RequestError as exc:
        field, _, message = str(exc).partition(": ")
        if not message:
            field, message = "", str(exc)
        base = re.sub(r"\[.*$", "", field)
        path = f"{where}.{base}" if base in POSITION_KEYS else where
        r.faults.append(
            Fault(r.file, r.map.line(path), f"{where}.{field}" if field else where, message)
        )
        return None


def _outcome(data: Any, where: str, r: _Reader) -> Outcome | None:
    if not isinstance(data, dict):
        r.fault(where, "expected a table")
        return None
    r.unknown(data, OUTCOME_KEYS, where)
    cards: dict[str, tuple[Card, ...] | None] = {}
    for key in ("opponent", "stock", "dealt"):
        if key not in data:
            if key != "dealt":
                r.fault(f"{where}.{key}", "missing")
            cards[key] = None
            continue
        try:
            cards[key] = parse_cards(_cards_list(data[key]))
        except (CardError, AttributeError, TypeError) as exc:
            r.fault(f"{where}.{key}", str(exc) or "expected cards")
            cards[key] = None
    history: tuple[Action, ...] | None = None
    if "history" in data:
        try:
            history = tuple(Action.parse(a) for a in data["history"])
        except (ActionError, AttributeError, TypeError) as exc:
            r.fault(f"{where}.history", str(exc) or "expected a list of actions")
    wrong = None
    if "wrong" in data:
        try:
            wrong = Action.parse(data["wrong"])
        except (ActionError, AttributeError) as exc:
            r.fault(f"{where}.wrong", str(exc))
    opponent, stock = cards["opponent"], cards["stock"]
    if opponent is None or stock is None:
        return None
    return Outcome(
        opponent=opponent,
        stock=stock,
        history=history,
        wrong=wrong,
        dealt=cards["dealt"],
        line=r.map.line(where),
    )


def lesson_files(paths: Iterable[Path]) -> tuple[list[Path], list[Fault]]:
    """The files named and the .toml entries of the directories named, in order.

    A path that is neither a directory nor a regular file is a fault that says what
    it is (a character device, a FIFO, a symlink loop, missing). A directory's
    entries are listed, not judged: each one is read (or refused) on its own.
    """
    files: list[Path] = []
    faults: list[Fault] = []
    for path in paths:
        try:
            mode = os.stat(path).st_mode
        except (OSError, ValueError) as exc:
            problem = reason(exc) if isinstance(exc, OSError) else str(exc)
            faults.append(Fault(str(path), 0, "", problem))
            continue
        if stat.S_ISDIR(mode):
            try:
                files.extend(sorted(p for p in path.iterdir() if p.name.endswith(".toml")))
            except OSError as exc:
                faults.append(Fault(str(path), 0, "", f"cannot list the directory: {reason(exc)}"))
        elif stat.S_ISREG(mode):
            files.append(path)
        else:
            faults.append(
                Fault(
                    str(path), 0, "", f"not a regular file ({kind(mode)}): a lesson is a .toml file"
                )
            )
    return files, faults


def display_name(path: Path) -> str:
    """``path`` as its folder lists it, relative to the working directory where it
    can be. Its folder is resolved, never the file: a link is named by its own name,
    not its target's (a tester's review: a dangling "08-dangling.toml" was reported
    as "nowhere", a name not in the folder, and a link to /dev/zero by an absolute
    path where the others were relative)."""
    try:
        return str((path.parent.resolve() / path.name).relative_to(Path.cwd().resolve()))
    except (ValueError, OSError, RuntimeError):  # elsewhere, a symlink loop, no cwd
        return str(path)


def load_curriculum(paths: Iterable[Path] | None = None) -> Curriculum:
    """Every lesson under ``paths`` (default: the shipped lessons/), faults collected."""
    if paths is None:
        from tutor.io.paths import LESSONS_DIR

        paths = [LESSONS_DIR]
    files, faults = lesson_files(paths)
    curriculum = Curriculum(faults=faults, files=files)
    ids: dict[str, str] = {}
    for file in files:
        name = display_name(file)
        try:
            lesson, file_faults = load_lesson(file, name)
        except Exception as exc:  # one file's damage never costs the other lessons
            message = f"cannot load the lesson: {type(exc).__name__}: {exc}"
            lesson, file_faults = None, [Fault(name, 0, "", message[:300])]
        curriculum.faults.extend(file_faults)
        # A file that cannot be taught keeps its place, broken, so that the lessons
        # after it keep their numbers; a lesson with no step to take (its fault said
        # above) is one: listed, it could never be completed (a tester's review).
        if lesson is None or not lesson.steps:
            first = file_faults[0] if file_faults else Fault(name, 1, "steps", "no step to take")
            ident = lesson.id if lesson is not None else lesson_id_of(file)
            curriculum.places.append(BrokenLesson(name, ident, first))
            continue
        if lesson.id in ids:
            duplicate = Fault(
                name, 1, "id", f"duplicate lesson id {lesson.id!r} (also in {ids[lesson.id]})"
            )
            curriculum.faults.append(duplicate)
            curriculum.duplicates.append(lesson)
            curriculum.places.append(BrokenLesson(name, lesson.id, duplicate))
            continue
        ids[lesson.id] = name
        curriculum.lessons.append(lesson)
        curriculum.places.append(lesson)
    return curriculum


_ID_LINE = re.compile(r"""^[ \t]*id[ \t]*=[ \t]*["']([a-z0-9][a-z0-9-]*)["'][ \t]*(?:#.*)?$""")
_NUMBERED_NAME = re.compile(r"^\d+-")


def lesson_id_of(path: Path) -> str:
    """The id a lesson file that does not load gives itself: its top-level ``id = "..."``
    line found by a tolerant scan (the text before the first table), else its file name
    without the number in front (``03-deal-and-king.toml``: ``deal-and-king``). So a
    learner who asks for a broken lesson by id is told it is broken, not that there is
    no such lesson."""
    try:
        text = read_text(path, LIMIT)
    except UnreadableFile:
        text = ""
    for line in text_lines(text):
        if line.lstrip().startswith("["):
            break
        found = _ID_LINE.match(line)
        if found:
            return found.group(1)
    stem = _NUMBERED_NAME.sub("", path.name.removesuffix(".toml"))
    return stem if _ID.match(stem) else path.name
