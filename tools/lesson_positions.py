"""Find lesson positions for hints: print ``[[steps]]`` blocks to paste into lessons/.

    python tools/lesson_positions.py HINT-ID [HINT-ID ...] [--count N] [--seed S] [--outcome]

Each position is a fresh deal on which the hints engine decides by that hint
(``tutor.lessons.drills``); ``--outcome`` also searches for an arrangement of
the unseen cards (opponent's hand, stock) under which the wrong choice scores
worse, played out by the hints engine for both sides. The explanation printed is
the engine's account of the hand: an author reviews and rewrites it.
"""

from __future__ import annotations

import argparse
import random
from dataclasses import replace

from tutor.cards import PACK
from tutor.lessons.drills import RULE, generate
from tutor.lessons.model import Outcome, Step
from tutor.lessons.outcomes import OutcomeError, consequences
from tutor.texts import load_library


def _q(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def find_outcome(step: Step, rng: random.Random, tries: int = 400) -> Outcome | None:
    info = step.info
    assert info is not None
    unseen = [c for c in PACK if c not in info.seen_cards()]
    for _ in range(tries):
        rng.shuffle(unseen)
        outcome = Outcome(opponent=tuple(unseen[:5]), stock=tuple(unseen[5:]))
        try:
            result = consequences(replace(step, outcome=outcome))
        except OutcomeError:
            return None
        if result.right.net > result.wrong.net:
            return outcome
    return None


def block(
    step: Step, ident: str, passages: list[str], outcome: Outcome | None, lead_in: str = ""
) -> str:
    info = step.info
    assert info is not None and step.expected is not None
    text = step.explanation.partition(RULE)[0]
    lines = [
        "[[steps]]",
        f"id = {_q(ident)}",
        f"question = {_q(step.question)}",
        f"expected = {_q(str(step.expected))}",
        f"hint = {_q(step.hint or '')}",
        f"explanation = {_q((lead_in + ' ' + text).strip())}",
        "passages = [" + ", ".join(_q(p) for p in passages) + "]",
        "",
        "[steps.position]",
        f"role = {_q(info.role)}",
        f"hand = {_q(' '.join(map(str, info.hand)))}",
        f"turnup = {_q(str(info.turnup))}",
    ]
    if info.score != (0, 0):
        lines.append(f"score = [{info.score[0]}, {info.score[1]}]")
    for name in ("penalty", "king"):
        value = getattr(info, name)
        if value is not None:
            lines.append(f"{name} = {_q(value)}")
    if info.tricks:
        lines.append("tricks = [" + ", ".join(_q(f"{a} {b}") for a, b in info.tricks) + "]")
    if info.led is not None:
        lines.append(f"led = {_q(str(info.led))}")
    if outcome is not None:
        lines += [
            "",
            "[steps.outcome]",
            f"opponent = {_q(' '.join(map(str, outcome.opponent)))}",
            f"stock = {_q(' '.join(map(str, outcome.stock)))}",
        ]
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("hints", nargs="+")
    parser.add_argument("--count", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--outcome", action="store_true")
    args = parser.parse_args()
    library = load_library()
    rng = random.Random(args.seed)
    for hint in args.hints:
        for n in range(args.count):
            step = generate(hint, rng)
            passages = [p for p in step.passages if p in library]
            outcome = find_outcome(step, rng) if args.outcome else None
            ident = hint.replace("/", "-") + (f"-{n + 1}" if args.count > 1 else "")
            print(block(step, ident, passages, outcome))


if __name__ == "__main__":
    main()
