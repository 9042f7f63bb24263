"""The values a lesson is made of: lessons, steps, arranged deals, faults.

A step is a question on a position the learner can see (an ``InfoSet``, the
same request the hints engine and the advise protocol answer), or a
multiple-choice question on a passage. Every value is frozen, so the app, the
checker and the drills can pass steps around without copying them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path, PurePath

from tutor.io.reading import quote
from tutor.rules.actions import Action
from tutor.rules.cards import Card, Suit
from tutor.rules.infoset import DECISIONS, InfoSet

QUESTIONS = (*DECISIONS, "law")
"""What a step may ask: a decision at the table (answered with an action), or ``law``
(a multiple-choice question on a passage, answered with the number of a choice)."""
NUMBER_DIGITS = 9
"""The most digits of a number a learner types: a lesson's, a step's, a choice's."""

FROM_HINTS = "hints"
"""``expected = "hints"``: the expected action is whatever the hints engine advises."""


@dataclass(frozen=True, slots=True)
class Fault:
    """A problem in a lesson file, located for an editor: ``file:line: field: message``."""

    file: str
    line: int
    field: str
    message: str

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file
        return (
            f"{where}: {self.field}: {self.message}" if self.field else f"{where}: {self.message}"
        )

    def to_json(self) -> dict[str, object]:
        return {"file": self.file, "line": self.line, "field": self.field, "message": self.message}


@dataclass(frozen=True, slots=True)
class Choice:
    """One answer offered by a ``law`` question. A wrong one carries ``why``: the
    misreading it stands for, shown to a learner who chooses it."""

    text: str
    why: str | None = None
    line: int = 0


@dataclass(frozen=True, slots=True)
class Outcome:
    """The unseen cards of a step's deal, arranged so that the choice matters.

    ``opponent`` is the opponent's hand as dealt and ``stock`` the stock from the
    top; ``history`` the actions from the deal to the step's decision (derived for
    the simple cases, see ``outcomes.default_history``); ``wrong`` the choice the
    lesson warns against (for two-way decisions, the other one by default).
    """

    opponent: tuple[Card, ...]
    stock: tuple[Card, ...]
    history: tuple[Action, ...] | None = None
    wrong: Action | None = None
    dealt: tuple[Card, ...] | None = None
    """My hand as dealt, when exchanges changed it before the step."""
    line: int = 0


@dataclass(frozen=True, slots=True)
class Step:
    """One question of a lesson.

    For a decision, ``info`` is the position and ``expected`` the action (``None``
    when ``from_hints``: the hints engine supplies it, see ``expected_action``).
    For ``law``, ``choices`` holds the answers offered, as written in the file, and
    ``answer`` the index (from 0) of the right one; the app shows them shuffled
    (``tutor.lessons.shuffle``).
    """

    lesson: str
    id: str
    index: int
    question: str
    prompt: str
    explanation: str
    passages: tuple[str, ...] = ()
    info: InfoSet | None = None
    expected: Action | None = None
    from_hints: bool = False
    hint: str | None = None
    choices: tuple[Choice, ...] = ()
    answer: int | None = None
    outcome: Outcome | None = None
    rules: str = "english"
    file: str = ""
    line: int = 0
    lines: tuple[tuple[str, int], ...] = ()
    """(field, line) for the step's keys, e.g. ("expected", 42), ("position.hand", 47)."""
    suits: tuple[tuple[Suit, Suit], ...] = ()
    """A review's variant (``variants.with_suits``): each suit of the step as written and
    the suit it is shown in; empty as written."""

    def line_of(self, field_name: str) -> int:
        """The line of one of the step's fields (or of the step) in its file."""
        found = dict(self.lines)
        name = field_name
        while name:
            if name in found:
                return found[name]
            name = name.rpartition(".")[0]
        return self.line

    @property
    def key(self) -> tuple[str, str]:
        """(lesson id, step id): how progress refers to this step."""
        return self.lesson, self.id

    @property
    def is_law(self) -> bool:
        return self.question == "law"

    def check_choice(self, choice: int) -> bool:
        """For a ``law`` step: is the choice (from 0) the right one?"""
        return self.is_law and choice == self.answer


@dataclass(frozen=True, slots=True)
class Lesson:
    id: str
    title: str
    summary: str
    passages: tuple[str, ...]
    steps: tuple[Step, ...]
    rules: str = "english"
    file: str = ""
    line: int = 1
    """The line of the lesson's ``passages`` key (what its faults point at)."""

    def step(self, step_id: str) -> Step:
        for s in self.steps:
            if s.id == step_id:
                return s
        raise KeyError(f"lesson {self.id} has no step {step_id!r}")

    def passages_beside(self, step: Step) -> tuple[str, ...]:
        """The passages shown while the learner decides: the lesson's (the whole family
        of rules), else the step's own. The step's own come with the answer."""
        return self.passages or step.passages


def typed_number(text: str) -> tuple[int | None, str]:
    """A number as a learner types it, in ASCII digits as records read them: (the
    number, ""); (None, why) for digits of another script or too many of them (a
    tester's review: "１" opened lesson 1, a choice "２" was taken for 2); (None, "")
    for text that is no number."""
    if not text.isdigit():
        return None, ""
    if not text.isascii():
        return None, "write the number in the digits 0 to 9"
    if len(text) > NUMBER_DIGITS:
        return None, f"a number of {len(text):,} digits"
    return int(text), ""


@dataclass(frozen=True, slots=True)
class BrokenLesson:
    """A lesson file that cannot be taught (unreadable, no step to take, an id another
    file holds). It keeps its place in the list, so that no other lesson takes its
    number (a tester's review: with lesson 3's file broken, ``lessons try 3 1 1``
    judged lesson 4 and said nothing)."""

    file: str
    """The file as the faults name it (``lessons/03-deal-and-king.toml``)."""
    id: str
    """The id the file gives itself, as far as a tolerant scan finds it, else its name's."""
    fault: Fault
    """The first fault that keeps it from being taught."""

    @property
    def name(self) -> str:
        """The file's own name, as its folder lists it."""
        return PurePath(self.file).name

    def why(self) -> str:
        """The fault, with its line: "line 40: toml: not valid TOML: ..."."""
        where = f"line {self.fault.line}: " if self.fault.line else ""
        field = f"{self.fault.field}: " if self.fault.field else ""
        return f"{where}{field}{self.fault.message}"


class UnknownLesson(KeyError):
    """A lesson id the curriculum does not hold; ``str`` is the message (not KeyError's repr)."""

    def __init__(self, lesson_id: str, known: list[str], why: str = "") -> None:
        super().__init__(lesson_id)
        self.lesson_id = lesson_id
        self.known = known
        """The lessons by number: each one's id, or ``ID (broken)``."""
        self.why = why
        """What was wrong with a number given ("write the number in the digits 0 to 9")."""

    def __str__(self) -> str:
        numbered = [f"{n} {ident}" for n, ident in enumerate(self.known, 1)]
        listed = ", ".join(numbered) if numbered else "none are installed"
        why = f": {self.why}" if self.why else ""
        return f"no lesson {quote(self.lesson_id)}{why} (the lessons, by number or id: {listed})"


class BrokenLessonError(UnknownLesson):
    """A lesson asked for (by number or id) whose file cannot be taught: said, with
    the file and the fault, never another lesson in its place."""

    def __init__(self, lesson_id: str, number: int, broken: BrokenLesson) -> None:
        super().__init__(lesson_id, [])
        self.number = number
        self.broken = broken

    def __str__(self) -> str:
        return f"lesson {self.number} ({self.broken.name}) cannot be read: {self.broken.why()}"


@dataclass(slots=True)
class Curriculum:
    """Lessons loaded from some files, with the faults met on the way."""

    lessons: list[Lesson] = field(default_factory=list)
    faults: list[Fault] = field(default_factory=list)
    files: list[Path] = field(default_factory=list)
    duplicates: list[Lesson] = field(default_factory=list)
    """Lessons refused for an id another file holds: not taught, but still checked, so
    that one fault does not hide the file's others (a tester's review)."""
    places: list[Lesson | BrokenLesson] = field(default_factory=list)
    """Every lesson file in the list's order, a broken one at its place: a lesson's
    number is its file's place here, so a broken file shifts no other lesson."""

    def numbered(self) -> list[tuple[int, Lesson | BrokenLesson]]:
        """(number, lesson or broken file), as the lesson list shows them."""
        return list(enumerate(self.places or self.lessons, 1))

    def number(self, lesson: Lesson) -> int:
        """The number the list shows for ``lesson`` (its file's place)."""
        for n, entry in self.numbered():
            if entry is lesson or (isinstance(entry, Lesson) and entry.id == lesson.id):
                return n
        raise UnknownLesson(lesson.id, self._known())

    def lesson(self, lesson_id: str) -> Lesson:
        """The lesson of this id, or of this number as the lesson list numbers them
        (``"11"``: a learner types the number he sees). A lesson whose file is broken,
        asked for by number or id, raises ``BrokenLessonError`` saying so."""
        for lesson in self.lessons:
            if lesson.id == lesson_id:
                return lesson
        numbered = self.numbered()
        for n, entry in numbered:
            if isinstance(entry, BrokenLesson) and entry.id == lesson_id:
                raise BrokenLessonError(lesson_id, n, entry)
        number, why = typed_number(lesson_id)
        if number is not None and 1 <= number <= len(numbered):
            found = numbered[number - 1][1]
            if isinstance(found, BrokenLesson):
                raise BrokenLessonError(lesson_id, number, found)
            return found
        raise UnknownLesson(lesson_id, self._known(), why)

    def _known(self) -> list[str]:
        return [
            f"{entry.id} (broken)" if isinstance(entry, BrokenLesson) else entry.id
            for _, entry in self.numbered()
        ]

    @property
    def steps(self) -> list[Step]:
        return [s for lesson in self.lessons for s in lesson.steps]
