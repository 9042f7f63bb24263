"""Can a lesson be passed by pattern? The figures that say, measured on the files.

- **Balance**: for each two-way question (play or propose, accept or refuse, mark
  or hold), how often each answer is the right one, and the longest run of one
  answer. A lesson that answers "play" twelve times in a row teaches a reflex.
- **Minimal pairs**: two steps asking the same question in the same position
  (role, turn-up, score and every other field) but for one card of the hand, with
  opposite answers: the skill a player needs is to see which card decides.
- **Law questions**: where the right choice stands in the file, and how often it
  is the longest one (a habit of writers that learners learn to exploit).

``ecarte lessons balance [PATH ...]`` prints them.
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from tutor.lessons.answers import expected_action
from tutor.lessons.model import Curriculum, Lesson, Step

TWO_WAY = {
    "propose": ("play", "propose"),
    "accept": ("accept", "refuse"),
    "mark_king": ("mark", "hold"),
}
"""The decisions with exactly two answers, and the answers."""

MAX_SHARE = 0.7
"""No answer of a two-way question may be right in more than this share of a lesson's steps."""
MIN_TWO_WAY = 6
"""Lessons with at least this many two-way decisions must be balanced and hold a minimal pair."""
MIN_PAIR_GAP = 2
"""How far apart, in steps, the two steps of a minimal pair must stand."""
MAX_LONGEST_RIGHT = 0.45
"""At most this share of law questions with three or more choices may have the longest one right."""


@dataclass(frozen=True, slots=True)
class Pair:
    """Two steps of a lesson one card apart with opposite answers."""

    first: Step
    second: Step
    swapped: tuple[str, str]
    """(the card only the first holds, the card only the second holds), in notation."""


@dataclass(frozen=True, slots=True)
class LessonBalance:
    lesson: Lesson
    answers: dict[str, Counter[str]]
    """For each two-way question: how often each answer is right."""
    longest_run: int
    """The longest run of one two-way answer in step order."""
    pairs: tuple[Pair, ...]

    @property
    def two_way(self) -> int:
        return sum(sum(c.values()) for c in self.answers.values())

    def worst_share(self) -> tuple[str, float]:
        """The answer right most often within its question, and its share."""
        worst = ("", 0.0)
        for counts in self.answers.values():
            total = sum(counts.values())
            for answer, n in counts.items():
                if total and n / total > worst[1]:
                    worst = (answer, n / total)
        return worst

    def problems(self) -> list[str]:
        """What makes the lesson passable by pattern (only for lessons with enough two-way steps)."""
        if self.two_way < MIN_TWO_WAY:
            return []
        out = []
        for question, counts in self.answers.items():
            total = sum(counts.values())
            for answer, n in counts.items():
                if n / total > MAX_SHARE:
                    out.append(
                        f"{answer!r} is the answer to {n} of its {total} {question} steps"
                        f" (at most {MAX_SHARE:.0%})"
                    )
        if not self.pairs:
            out.append(
                "no minimal pair: two steps in the same position but for one card of the hand,"
                " with opposite answers"
            )
        # Back to back, a pair is itself the pattern: a near repeat, so press the other
        # answer (a learner review). Another step between them asks for the card again.
        out.extend(
            f"minimal pair {pair.first.id} / {pair.second.id} stands one step after the other"
            f" (at least {MIN_PAIR_GAP - 1} step between)"
            for pair in self.pairs
            if abs(pair.second.index - pair.first.index) < MIN_PAIR_GAP
        )
        return out


def _two_way_answer(step: Step) -> str | None:
    if step.info is None or step.question not in TWO_WAY:
        return None
    try:
        return expected_action(step).kind
    except (
        Exception
    ):  # the checker reports a step the hints cannot judge; here it just does not count
        return None


def _same_but_hand(a: Step, b: Step) -> bool:
    ia, ib = a.info, b.info
    assert ia is not None and ib is not None
    return a.question == b.question and replace(ia, hand=ib.hand) == ib


def minimal_pairs(steps: Sequence[Step]) -> list[Pair]:
    judged = [(s, _two_way_answer(s)) for s in steps]
    judged = [(s, a) for s, a in judged if a is not None]
    pairs = []
    for i, (a, answer_a) in enumerate(judged):
        for b, answer_b in judged[i + 1 :]:
            if answer_a == answer_b or not _same_but_hand(a, b):
                continue
            ia, ib = a.info, b.info
            assert ia is not None and ib is not None  # a two-way answer needs a position
            only_a = set(ia.hand) - set(ib.hand)
            only_b = set(ib.hand) - set(ia.hand)
            if len(only_a) == 1 and len(only_b) == 1:
                pairs.append(Pair(a, b, (str(only_a.pop()), str(only_b.pop()))))
    return pairs


def lesson_balance(lesson: Lesson) -> LessonBalance:
    answers: dict[str, Counter[str]] = {}
    run = longest = 0
    previous = None
    for step in lesson.steps:
        answer = _two_way_answer(step)
        if answer is None:
            continue
        answers.setdefault(step.question, Counter())[answer] += 1
        run = run + 1 if answer == previous else 1
        previous = answer
        longest = max(longest, run)
    return LessonBalance(lesson, answers, longest, tuple(minimal_pairs(lesson.steps)))


@dataclass(frozen=True, slots=True)
class LawBalance:
    questions: int
    """Law questions with three or more choices."""
    longest_right: int
    """... of which the right choice is the longest (strictly: no tie)."""
    positions: Counter[int]
    """Where the right choice stands in the file (from 1), over every law question."""

    @property
    def longest_share(self) -> float:
        return self.longest_right / self.questions if self.questions else 0.0


def law_balance(steps: Iterable[Step]) -> LawBalance:
    questions = longest = 0
    positions: Counter[int] = Counter()
    for step in steps:
        if not step.is_law or step.answer is None:
            continue
        positions[step.answer + 1] += 1
        if len(step.choices) < 3:
            continue
        questions += 1
        lengths = [len(c.text) for c in step.choices]
        right = lengths[step.answer]
        if all(right > n for i, n in enumerate(lengths) if i != step.answer):
            longest += 1
    return LawBalance(questions, longest, positions)


def report(curriculum: Curriculum) -> list[str]:
    """The figures as lines of text."""
    lines = []
    pairs = 0
    for lesson in curriculum.lessons:
        b = lesson_balance(lesson)
        pairs += len(b.pairs)
        if not b.answers:
            continue
        counts = "; ".join(
            f"{q}: " + ", ".join(f"{a} {n}" for a, n in sorted(c.items()))
            for q, c in b.answers.items()
        )
        lines.append(f"{lesson.id}: {counts}; longest run {b.longest_run}; pairs {len(b.pairs)}")
        lines += [
            f"  pair {p.first.id} / {p.second.id}: {p.swapped[0]} for {p.swapped[1]}"
            for p in b.pairs
        ]
        lines += [f"  problem: {problem}" for problem in b.problems()]
    law = law_balance(curriculum.steps)
    where = ", ".join(f"{n}: {law.positions[n]}" for n in sorted(law.positions))
    lines.append(f"minimal pairs in all: {pairs}")
    lines.append(
        f"law questions with 3+ choices: {law.questions}, the longest right in {law.longest_right}"
        f" ({law.longest_share:.0%}); the right choice's place in the file: {where}"
    )
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    from tutor.lessons.loader import load_curriculum

    args = list(sys.argv[1:] if argv is None else argv)
    curriculum = load_curriculum([Path(a) for a in args] or None)
    for fault in curriculum.faults:
        print(fault)
    print("\n".join(report(curriculum)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
