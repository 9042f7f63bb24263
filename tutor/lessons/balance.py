"""Can a lesson be passed by pattern? The figures that say, measured on the files.

- **Balance**: for each two-way question (play or propose, accept or refuse, mark
  or hold), how often each answer is the right one, and the longest run of one
  answer. A lesson that answers "play" twelve times in a row teaches a reflex.
- **Minimal pairs**: two steps asking the same question in the same position
  (role, turn-up, score and every other field) but for one card of the hand, with
  opposite answers: the skill a player needs is to see which card decides.
- **Law questions**: where the right choice stands in the file, and how often it
  is the longest one (a habit of writers that learners learn to exploit); and
  whether the right choice alone copies the words of the passages shown beside it,
  so that it is found by matching words, not by reading the law.
- **Card decisions**: how many card steps (lead or follow) offer two or more legal
  cards whose values differ, by exact play over every holding (``card_proof``).
- **A lone first word**: across the curriculum, among law questions whose choices'
  first words split one against the rest ("Yes: ...", "Yes, ...", "No: ..."), how
  often the lone one is right. A writer who answers "No" where the distractors all
  say "Yes" teaches the odd one out.

``ecarte lessons balance [PATH ...]`` prints them.
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
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
QUOTE_WORDS = 5
"""A right law choice that copies this many words running from the passages beside the
question, where no wrong choice copies as many, is found by matching words."""

ANSWER_WORDS = frozenset({"yes", "no", "none", "nothing", "nobody", "never", "neither", "always"})
"""First words that answer a law question by themselves. A split of the choices' first
words counts only where one of its two words is one of these: "The ..." against
"He ..." is grammar, not a signal (counted too, it would hide the yes and no: 13 of
36 such splits had the lone one right when 7 of the 8 Yes/No ones did)."""
MAX_LONE_RIGHT = 0.5
"""At most this share of the curriculum's lone-first-word law questions may have the
lone one right: above it, picking the odd word out beats reading the law."""
MIN_LONE = 6
"""Fewer such questions than this say nothing (a lesson file checked alone may hold
two or three): the share is faulted only from this many on."""

_WORD = re.compile(r"[^\W_]+")


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


def _first_word(text: str) -> str:
    words = _WORD.findall(text.casefold())
    return words[0] if words else ""


def lone_first_word(step: Step) -> int | None:
    """The index of the choice whose first word stands alone, where a law question's
    three or more choices all begin with one word but that one, and one of the two
    words answers by itself (``ANSWER_WORDS``: "Yes", "No", "None" ...); else None."""
    if not step.is_law or len(step.choices) < 3:
        return None
    first = [_first_word(c.text) for c in step.choices]
    counts = Counter(first)
    if len(counts) != 2 or min(counts.values()) != 1 or not set(counts) & ANSWER_WORDS:
        return None
    return next(i for i, word in enumerate(first) if counts[word] == 1)


@dataclass(frozen=True, slots=True)
class LoneBalance:
    splits: tuple[Step, ...]
    """The law questions whose choices' first words split one against the rest."""
    right: tuple[Step, ...]
    """... of which the lone one is the right choice."""

    @property
    def share(self) -> float:
        return len(self.right) / len(self.splits) if self.splits else 0.0

    def problem(self) -> str | None:
        if len(self.splits) < MIN_LONE or self.share <= MAX_LONE_RIGHT:
            return None
        where = ", ".join(f"{s.lesson}/{s.id}" for s in self.right)
        return (
            f"the choice whose first word stands alone (one 'No' among 'Yes', one 'None'"
            f" among others ...) is right in {len(self.right)} of the {len(self.splits)} law"
            f" questions that split so (at most {MAX_LONE_RIGHT:.0%}): {where}. Let two"
            " choices begin with each word, or word them so the first word says nothing,"
            " or let the lone one be wrong"
        )


def lone_balance(steps: Iterable[Step]) -> LoneBalance:
    splits, right = [], []
    for step in steps:
        lone = lone_first_word(step)
        if lone is None or step.answer is None:
            continue
        splits.append(step)
        if lone == step.answer:
            right.append(step)
    return LoneBalance(tuple(splits), tuple(right))


@dataclass(frozen=True, slots=True)
class Quote:
    """A right law choice that alone copies a run of words from the passages beside it."""

    step: Step
    words: int
    """The longest run of words the right choice shares with the passages."""
    others: int
    """The longest run any wrong choice shares with them."""
    quoted: str

    def problem(self) -> str:
        return (
            f"the right choice alone copies {self.words} words running from the passages"
            f" beside the question (\u201c{self.quoted}\u201d; a wrong choice at most"
            f" {self.others}): it is found by matching words. Say it in other words, or let"
            " a wrong choice quote the law as closely"
        )


def _words(text: str) -> list[str]:
    return _WORD.findall(text.casefold())


def longest_run(choice: Sequence[str], text: Sequence[str]) -> tuple[int, int]:
    """The longest run of words of ``choice`` found running in ``text``: (its length,
    where it starts in ``choice``). Every start in ``choice`` is tried against every
    place its first word stands in ``text``: a choice is a few words, so this is
    about linear in the text (at worst the square of the choice's words times the
    text's)."""
    where: dict[str, list[int]] = {}
    for i, word in enumerate(text):
        where.setdefault(word, []).append(i)
    best = (0, 0)
    for start, word in enumerate(choice):
        for at in where.get(word, ()):
            n = 1
            while (
                start + n < len(choice) and at + n < len(text) and choice[start + n] == text[at + n]
            ):
                n += 1
            best = max(best, (n, -start))
    return best[0], -best[1]


def quoted_answer(step: Step, passage_text: str) -> Quote | None:
    """The quote, where the right choice of a law question alone copies QUOTE_WORDS
    words or more running from ``passage_text`` (the passages beside the question)."""
    if not step.is_law or step.answer is None or not step.choices:
        return None
    text = _words(passage_text)
    runs = [longest_run(_words(c.text), text) for c in step.choices]
    words, start = runs[step.answer]
    others = max((n for i, (n, _) in enumerate(runs) if i != step.answer), default=0)
    if words < QUOTE_WORDS or words <= others:
        return None
    quoted = " ".join(_words(step.choices[step.answer].text)[start : start + words])
    return Quote(step, words, others, quoted)


def quoted_answers(lesson: Lesson, passage_text: Callable[[str], str]) -> list[Quote]:
    """The lesson's law questions whose right choice alone copies the passages shown
    beside it; ``passage_text`` gives a passage's words by id ("" when unknown)."""
    out = []
    texts: dict[tuple[str, ...], str] = {}  # the lesson's passages stand beside most steps
    for step in lesson.steps:
        if not step.is_law:
            continue
        beside = lesson.passages_beside(step)
        if beside not in texts:
            texts[beside] = "\n".join(passage_text(p) for p in beside)
        found = quoted_answer(step, texts[beside])
        if found is not None:
            out.append(found)
    return out


def report(curriculum: Curriculum, passage_text: Callable[[str], str] | None = None) -> list[str]:
    """The figures as lines of text; with ``passage_text``, the right choices that copy
    the passages beside their question too."""
    lines = []
    pairs = 0
    quotes: list[Quote] = []
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
    if passage_text is not None:
        for lesson in curriculum.lessons:
            quotes += quoted_answers(lesson, passage_text)
    law = law_balance(curriculum.steps)
    where = ", ".join(f"{n}: {law.positions[n]}" for n in sorted(law.positions))
    lines.append(f"minimal pairs in all: {pairs}")
    lines.append(
        f"law questions with 3+ choices: {law.questions}, the longest right in {law.longest_right}"
        f" ({law.longest_share:.0%}); the right choice's place in the file: {where}"
    )
    lone = lone_balance(curriculum.steps)
    lines.append(
        f"law questions whose choices' first words split one against the rest"
        f" ({'/'.join(sorted(ANSWER_WORDS))}): {len(lone.splits)}, the lone one right in"
        f" {len(lone.right)} ({lone.share:.0%})"
    )
    lines += [
        f"  {s.lesson}/{s.id}: the lone one {'right' if s in lone.right else 'wrong'}"
        for s in lone.splits
    ]
    if (problem := lone.problem()) is not None:
        lines.append(f"  problem: {problem}")
    if passage_text is not None:
        lines.append(
            f"law questions whose right choice alone copies {QUOTE_WORDS} words or more"
            f" of the passages beside them: {len(quotes)}"
        )
        lines += [f"  {q.step.lesson}/{q.step.id}: {q.words} words" for q in quotes]
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    from tutor.lessons.loader import load_curriculum
    from tutor.texts import load_library

    args = list(sys.argv[1:] if argv is None else argv)
    curriculum = load_curriculum([Path(a) for a in args] or None)
    for fault in curriculum.faults:
        print(fault)
    try:
        library = load_library()
    except Exception as exc:  # the other figures stand without the texts
        print(f"texts unavailable, the quotes not measured: {exc}")
        text_of = None
    else:
        text_of = library.plain_words
    print("\n".join(report(curriculum, text_of)))
    from tutor.lessons.card_proof import count_cards

    try:
        print(count_cards(curriculum.steps))
    except Exception as exc:  # ``lessons check`` says which step the engine fails on
        print(f"card steps not counted: {type(exc).__name__}: {exc}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
