"""Validating a curriculum: what ``ecarte lessons check`` proves about every lesson.

Beyond the schema (the loader's faults): every passage id resolves in the
texts library; every hint id exists in ``tutor.hints.HINTS``; every expected
action is legal in its position; for a step that teaches a hint, the hints
engine gives the same answer (discards as sets) and decides it by that hint;
every card step's card is proved by exact play over every holding the adversary
may have (``card_proof``: worth no less than the best legal card, within the
margin); every arranged deal really makes the wrong choice score worse; every wrong
choice of a law question says why it is wrong; a lesson with six or more
two-way decisions is balanced and holds a minimal pair (``balance``); the law
questions whose choices' first words split one against the rest do not favour the
lone one (``balance.lone_balance``); and, for
the whole curriculum, every club law from 1 to 51 is taught by a step or listed
in ``LAWS_OUT_OF_SCOPE`` with its reason. A texts library that cannot be
loaded is reported as a fault, never as a traceback, and the rest is still checked.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tutor.hints import HINTS, advise, applicable
from tutor.io.paths import LESSONS_ENV
from tutor.lessons.answers import same_action
from tutor.lessons.balance import Quote, lesson_balance, lone_balance, quoted_answers
from tutor.lessons.card_proof import CardCount, card_problem, count_cards, is_card_step
from tutor.lessons.loader import load_curriculum
from tutor.lessons.model import Curriculum, Fault, Lesson, Step, typed_number
from tutor.lessons.outcomes import OutcomeError, Policy, consequences, describe, hints_policy
from tutor.rules.actions import Action
from tutor.texts import Library, load_library
from tutor.texts.links import Link, find_links, lesson_link_problem

PROJECT_HINTS = "project/"
"""Hint ids of the project's own defaults: not historical advice, so no lesson need teach them."""

CLUB_LAWS = range(1, 52)
"""The 51 laws of the London clubs (club-laws/1 ... club-laws/51)."""

LAWS_OUT_OF_SCOPE: dict[int, str] = {}
"""Club laws no lesson teaches, each with the reason. Every other law must be
taught: the first club law some step cites, the law its answer rests on (a law
question "must cite the law that answers it", lessons/README.md); a law cited
only beside another, as a contrast, is not taught by that step. Empty today:
every law has a step."""


@dataclass(slots=True)
class Report:
    curriculum: Curriculum
    faults: list[Fault] = field(default_factory=list)
    uncovered_hints: list[str] = field(default_factory=list)
    untaught_laws: list[int] = field(default_factory=list)
    """Club laws taught by no step and not out of scope (checked for the whole curriculum)."""
    cards: CardCount | None = None
    """The card steps, and how many are decisions (``card_proof.count_cards``)."""

    @property
    def ok(self) -> bool:
        return not self.faults

    def to_json(self) -> dict[str, Any]:
        return {
            "lessons": len(self.curriculum.lessons),
            "steps": len(self.curriculum.steps),
            "faults": [f.to_json() | {"text": str(f)} for f in self.faults],
            "uncovered_hints": self.uncovered_hints,
            "untaught_laws": self.untaught_laws,
            **(self.cards.to_json() if self.cards is not None else {}),
            "per_lesson": [
                {"id": lesson.id, "file": lesson.file, "steps": len(lesson.steps)}
                for lesson in self.curriculum.lessons
            ],
        }


def _fault(step: Step, field_name: str, message: str) -> Fault:
    return Fault(step.file, step.line_of(field_name), f"steps[{step.index}].{field_name}", message)


class _Context:
    """The texts library, loaded once, or the fault that says why it cannot be."""

    def __init__(self) -> None:
        self.faults: list[Fault] = []
        self.library = self._library()

    def _library(self) -> Library | None:
        try:
            return load_library()
        except Exception as exc:  # broken texts must not hide the lesson faults
            self.faults.append(
                Fault("<tutor.texts>", 0, "passages", f"texts library unavailable: {exc}")
            )
            return None


def check_lessons(paths: Iterable[Path] | None = None, policy: Policy | None = None) -> Report:
    """Load and check every lesson under ``paths`` (default: the shipped lessons/)."""
    curriculum = load_curriculum(None if paths is None else list(paths))
    report = Report(curriculum, faults=list(curriculum.faults))
    ctx = _Context()
    report.faults.extend(ctx.faults)
    # a lesson refused for its duplicate id is checked, but teaches nothing
    taught = {step.hint for lesson in curriculum.lessons for step in lesson.steps if step.hint}
    lesson_ids = {lesson.id for lesson in curriculum.lessons}
    for lesson in [*curriculum.lessons, *curriculum.duplicates]:
        report.faults.extend(_check_passages(lesson, ctx))
        report.faults.extend(_check_links(lesson, ctx, lesson_ids))
        for step in lesson.steps:
            report.faults.extend(_check_step(step, ctx, policy))
        report.faults += [
            Fault(lesson.file, lesson.line, "steps", f"passable by pattern: {problem}")
            for problem in lesson_balance(lesson).problems()
        ]
        if ctx.library is not None:
            report.faults += [
                _quote_fault(q) for q in quoted_answers(lesson, ctx.library.plain_words)
            ]
    try:
        report.cards = count_cards(curriculum.steps)
    except Exception as exc:  # a step the engine cannot solve is faulted above
        report.faults.append(Fault("<curriculum>", 0, "steps", f"card steps not counted: {exc}"))
    lone = lone_balance(curriculum.steps).problem()
    if lone is not None:
        report.faults.append(Fault("<curriculum>", 0, "choices", f"passable by pattern: {lone}"))
    report.uncovered_hints = sorted(
        h for h in set(HINTS) - taught if not h.startswith(PROJECT_HINTS)
    )
    if paths is None:  # a file or two checked alone teaches few laws
        report.untaught_laws, faults = check_law_coverage(curriculum)
        # Coverage binds the shipped curriculum; an author's own lessons folder
        # (ECARTE_LESSONS_DIR) gets the list, as it gets the uncovered hints.
        if not os.environ.get(LESSONS_ENV):
            report.faults.extend(faults)
    return report


def taught_laws(curriculum: Curriculum) -> dict[int, str]:
    """Each club law a step teaches (the first club law it cites), with the first
    such step as ``lesson/step``."""
    out: dict[int, str] = {}
    for step in curriculum.steps:
        for passage in step.passages:
            number = _club_law(passage)
            if number is not None:
                out.setdefault(number, f"{step.lesson}/{step.id}")
                break
    return out


def check_law_coverage(
    curriculum: Curriculum, out_of_scope: dict[int, str] | None = None
) -> tuple[list[int], list[Fault]]:
    """The club laws neither taught by a step nor out of scope, and the faults:
    each such law; a law out of scope without a reason, or taught after all."""
    out_of_scope = LAWS_OUT_OF_SCOPE if out_of_scope is None else out_of_scope
    taught = taught_laws(curriculum)
    where = "tutor.lessons.checker.LAWS_OUT_OF_SCOPE"
    untaught = [n for n in CLUB_LAWS if n not in taught and n not in out_of_scope]
    faults = [
        Fault(
            "<curriculum>",
            0,
            "passages",
            f"club law {n} (club-laws/{n}) is taught by no step (the first club law a step"
            f" cites) and not listed, with a reason, in {where}",
        )
        for n in untaught
    ]
    for n, reason in sorted(out_of_scope.items()):
        if n not in CLUB_LAWS:
            faults.append(Fault(where, 0, "laws", f"there is no club law {n}"))
        elif not reason.strip():
            faults.append(Fault(where, 0, "laws", f"club law {n} is out of scope with no reason"))
        elif n in taught:
            faults.append(
                Fault(
                    where,
                    0,
                    "laws",
                    f"club law {n} is listed as out of scope, but {taught[n]} teaches it",
                )
            )
    return untaught, faults


def _club_law(passage: str) -> int | None:
    prefix, _, number = passage.partition("/")
    if prefix != "club-laws":
        return None
    return typed_number(number)[0]


def _check_passages(lesson: Lesson, ctx: _Context) -> list[Fault]:
    if ctx.library is None:
        return []
    faults = [
        Fault(lesson.file, lesson.line, "passages", f"unknown passage {p!r}")
        for p in lesson.passages
        if p not in ctx.library
    ]
    for step in lesson.steps:
        faults += [
            _fault(step, "passages", f"unknown passage {p!r}")
            for p in step.passages
            if p not in ctx.library
        ]
    return faults


def _check_links(lesson: Lesson, ctx: _Context, lesson_ids: set[str]) -> list[Fault]:
    """The links in what a step shows as Markdown (its prompt, its explanation, a wrong
    choice's why), as ``texts check`` checks those of the texts: a tester's review
    followed one to "lesson:cards#²" and the app fell over."""
    faults = []
    for step in lesson.steps:
        fields = [
            (f"steps[{step.index}].{name}", step.line_of(name), getattr(step, name) or "")
            for name in ("prompt", "explanation")
        ]
        fields += [
            (f"steps[{step.index}].choices[{n}].why", choice.line, choice.why or "")
            for n, choice in enumerate(step.choices, 1)
        ]
        for where, line, text in fields:
            for link in find_links(text):
                problem = _link_problem(link, ctx, lesson_ids)
                if problem:
                    faults.append(
                        Fault(
                            step.file,
                            line,
                            where,
                            f"broken link {link.scheme}:{link.target} ({problem})",
                        )
                    )
    return faults


def _link_problem(link: Link, ctx: _Context, lesson_ids: set[str]) -> str | None:
    if link.scheme == "lesson":
        return lesson_link_problem(link.target, lesson_ids)
    if ctx.library is not None and link.target not in ctx.library:
        return "no such passage"
    return None


def _quote_fault(quote: Quote) -> Fault:
    step = quote.step
    assert step.answer is not None  # a quote is of a law question's right choice
    choice = step.choices[step.answer]
    return Fault(
        step.file,
        choice.line or step.line_of("choices"),
        f"steps[{step.index}].choices[{step.answer + 1}].text",
        f"passable by pattern: {quote.problem()}",
    )


def _check_law(step: Step) -> list[Fault]:
    """Every wrong choice says why it is wrong, and no two say the same."""
    faults = []
    seen: dict[str, int] = {}
    for n, choice in enumerate(step.choices, start=1):
        if n - 1 == step.answer:
            continue
        if not choice.why:
            faults.append(
                Fault(
                    step.file,
                    choice.line or step.line_of("choices"),
                    f"steps[{step.index}].choices[{n}].why",
                    "missing: a wrong choice needs its explanation (why this reading of the law is wrong)",
                )
            )
        elif choice.why in seen:
            faults.append(
                Fault(
                    step.file,
                    choice.line or step.line_of("choices"),
                    f"steps[{step.index}].choices[{n}].why",
                    f"the same explanation as choice {seen[choice.why]}: each wrong choice needs its own",
                )
            )
        else:
            seen[choice.why] = n
    return faults


def _check_step(step: Step, ctx: _Context, policy: Policy | None) -> list[Fault]:
    if step.is_law:
        return _check_law(step)
    if step.info is None:
        return []
    faults: list[Fault] = []
    if step.expected is not None and not _legal(step.expected, step):
        faults.append(_fault(step, "expected", f"{step.expected} is not legal in this position"))
    if step.hint is not None:
        if step.hint not in HINTS:
            faults.append(_fault(step, "hint", f"unknown hint id {step.hint!r}"))
            return faults
        faults += _check_against_hints(step)
    if is_card_step(step) and not faults:
        faults += _check_card(step)
    if step.outcome is not None and not faults:
        faults += _check_outcome(step, policy)
    return faults


def _legal(action: Action, step: Step) -> bool:
    info = step.info
    assert info is not None
    if action.kind == "discard":
        low, high = info.discard_range()
        return (
            info.decision == "discard"
            and set(action.cards) <= set(info.hand)
            and low <= len(action.cards) <= high
        )
    return any(same_action(action, legal) for legal in info.legal_actions())


def _check_against_hints(step: Step) -> list[Fault]:
    assert step.info is not None
    try:
        verdict = advise(step.info)
    except Exception as exc:  # an engine bug is reported against the step that found it
        return [_fault(step, "position", f"the hints engine failed: {type(exc).__name__}: {exc}")]
    faults = []
    if step.expected is not None and not any(
        same_action(step.expected, a) for a in verdict.allowed
    ):
        faults.append(
            _fault(
                step,
                "expected",
                f"{step.expected} disagrees with the hints engine, which says {verdict.action}"
                f" ({verdict.hint.id})",
            )
        )
    if step.hint != verdict.hint.id and not _also_applies(step, verdict.action):
        faults.append(
            _fault(
                step,
                "hint",
                f"the hints engine decides this position by {verdict.hint.id}, not {step.hint}",
            )
        )
    return faults


def _check_card(step: Step) -> list[Fault]:
    """The step's card is proved by exact play over every holding (``card_proof``)."""
    try:
        problem = card_problem(step)
    except Exception as exc:  # an engine bug is reported against the step that found it
        return [_fault(step, "position", f"the exact play failed: {type(exc).__name__}: {exc}")]
    return [] if problem is None else [_fault(step, "expected", problem)]


def _also_applies(step: Step, action: Action) -> bool:
    """True when the step's hint applies too and gives the same answer as the deciding one."""
    assert step.info is not None
    try:
        verdicts = applicable(step.info)
    except Exception:
        return False
    return any(v.hint.id == step.hint and same_action(v.action, action) for v in verdicts)


def _check_outcome(step: Step, policy: Policy | None) -> list[Fault]:
    try:
        result = consequences(step, policy or hints_policy)
    except OutcomeError as exc:
        return [_fault(step, "outcome", str(exc))]
    except Exception as exc:
        return [_fault(step, "outcome", f"playing out failed: {type(exc).__name__}: {exc}")]
    if result.wrong.net >= result.right.net:
        return [
            _fault(
                step,
                "outcome",
                "the arranged deal does not make the wrong choice score worse: "
                + "; ".join(describe(result)),
            )
        ]
    return []


def lesson_citations(paths: Iterable[Path] | None = None) -> list[tuple[str, str]]:
    """Every passage a lesson cites, as (``file:line``, passage id), for ``ecarte texts check``."""
    curriculum = load_curriculum(None if paths is None else list(paths))
    out: list[tuple[str, str]] = []
    for lesson in curriculum.lessons:
        out += [(f"{lesson.file}:{lesson.line}", p) for p in lesson.passages]
        for step in lesson.steps:
            out += [(f"{step.file}:{step.line_of('passages')}", p) for p in step.passages]
    return out
