"""Find lesson positions for hints: print ``[[steps]]`` blocks to paste into lessons/.

    python tools/lesson_positions.py HINT-ID [HINT-ID ...] [--count N] [--seed S] [--outcome]
    python tools/lesson_positions.py --steps lessons/14-refusing.toml [--only ID ...] [--wrong ACTION]

The second form searches arranged deals for steps already written: for every
decision step of the files named that has no ``[steps.outcome]`` yet (or the
steps named with ``--only``) it prints the ``[steps.outcome]`` table to paste
under the step, with both lines as comments. For leads, follows and discards,
where the wrong choice is not simply "the other one", every alternative is
tried unless ``--wrong`` names one.

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
from pathlib import Path

from tutor.lessons.answers import expected_action, same_action
from tutor.lessons.drills import RULE, generate
from tutor.lessons.loader import load_curriculum
from tutor.lessons.model import Outcome, Step
from tutor.lessons.outcomes import (
    DEALER,
    NONDEALER,
    OTHER,
    Consequences,
    OutcomeError,
    consequences,
    describe,
    hints_policy,
)
from tutor.rules.actions import ACCEPT, PROPOSE, Action, discard
from tutor.rules.cards import PACK
from tutor.rules.deal import start_position
from tutor.rules.infoset import infoset_of
from tutor.rules.rulesets import make_rules
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


def played_cards(step: Step) -> tuple[list, list]:
    """The cards (mine, the opponent's) already played in the step's position."""
    info = step.info
    assert info is not None
    mine, theirs = [], []
    for (first, second), i_led in zip(info.tricks, info.i_led(), strict=True):
        (mine if i_led else theirs).append(first)
        (theirs if i_led else mine).append(second)
    if info.led is not None:
        theirs.append(info.led)
    return mine, theirs


def wrong_candidates(step: Step, wrong: Action | None) -> list[Action]:
    """The wrong choices to try: the one named, the other of a two-way choice,
    or every alternative to the right lead, follow or discard."""
    if wrong is not None:
        return [wrong]
    right = expected_action(step)
    if right.kind in OTHER:
        return [OTHER[right.kind]]
    info = step.info
    assert info is not None
    if right.kind == "discard":
        thrown, kept = set(right.cards), [c for c in info.hand if c not in right.cards]
        out = [discard(*(thrown - {c})) for c in sorted(thrown, key=str) if len(thrown) > 1]
        out += [discard(*thrown, c) for c in kept]
        return out
    return [a for a in info.legal_actions() if not same_action(a, right)]


def _dealer_discard_history(step: Step, outcome: Outcome) -> tuple[Action, ...]:
    """For the dealer's discard: the proposal, the acceptance and the non-dealer's
    own discard as the hints engine makes it with the arranged hand."""
    info = step.info
    assert info is not None
    rest = tuple(
        c for c in PACK if c not in {*info.hand, *outcome.opponent, info.turnup, *outcome.stock}
    )
    rules = make_rules(step.rules, game=info.game)
    score = (info.score[1], info.score[0])
    position = start_position(
        (outcome.opponent, info.hand), info.turnup, outcome.stock + rest, DEALER, score, rules
    )
    position = position.apply(PROPOSE).apply(ACCEPT)
    return (PROPOSE, ACCEPT, hints_policy(infoset_of(position, NONDEALER)))


def _natural(result: Consequences) -> tuple[int, int, int]:
    """Rank arranged deals, most natural first: the right choice wins the point
    in tricks and the wrong one loses it in tricks; the king scored the same way
    in both lines (the lesson is not "he drew the king"); the smallest swing (no
    contrived voles)."""
    me = result.seat

    def trick_point(line: object) -> int:
        won = line.final.tricks_won()  # type: ignore[attr-defined]
        return (won[me] >= 3) - (won[1 - me] >= 3)

    loses_point = trick_point(result.right) > 0 and trick_point(result.wrong) < 0
    same_king = result.right.final.king == result.wrong.final.king
    swing = result.right.net - result.wrong.net
    return (0 if loses_point else 1, 0 if same_king else 1, swing)


def find_step_outcome(
    step: Step, rng: random.Random, tries: int = 600, wrong: Action | None = None, keep: int = 40
) -> tuple[Outcome, Consequences] | None:
    """An arrangement of the unseen cards for a written step under which a wrong
    choice scores worse; among the first ``keep`` found, the most natural."""
    info = step.info
    assert info is not None
    mine, played = played_cards(step)
    dealt = tuple(mine) + tuple(info.hand) if mine else None
    unseen = [c for c in PACK if c not in info.seen_cards()]
    found: list[tuple[tuple[int, int, int], Outcome, Consequences]] = []
    candidates = wrong_candidates(step, wrong)
    for n in range(tries):
        rng.shuffle(unseen)
        need = 5 - len(played)
        outcome = Outcome(
            opponent=tuple(played + unseen[:need]), stock=tuple(unseen[need:]), dealt=dealt
        )
        if info.decision == "discard" and info.is_dealer:
            outcome = replace(outcome, history=_dealer_discard_history(step, outcome))
        choice = candidates[n % len(candidates)]
        two_way = wrong is None and expected_action(step).kind in OTHER
        outcome = replace(outcome, wrong=None if two_way else choice)
        try:
            result = consequences(replace(step, outcome=outcome))
        except OutcomeError:
            continue
        if result.right.net > result.wrong.net:
            found.append((_natural(result), outcome, result))
            if len(found) >= keep:
                break
    if not found:
        return None
    found.sort(key=lambda t: t[0])
    return found[0][1], found[0][2]


def outcome_table(step: Step, outcome: Outcome, result: Consequences) -> str:
    lines = [
        f"# {step.file}: step {step.id}",
        *("# " + d for d in describe(result)),
        "[steps.outcome]",
    ]
    lines.append(f"opponent = {_q(' '.join(map(str, outcome.opponent)))}")
    lines.append(f"stock = {_q(' '.join(map(str, outcome.stock)))}")
    if outcome.wrong is not None:
        lines.append(f"wrong = {_q(str(outcome.wrong))}")
    if outcome.dealt is not None:
        lines.append(f"dealt = {_q(' '.join(map(str, outcome.dealt)))}")
    if outcome.history is not None:
        lines.append("history = [" + ", ".join(_q(str(a)) for a in outcome.history) + "]")
    return "\n".join(lines) + "\n"


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
    parser.add_argument("hints", nargs="*")
    parser.add_argument(
        "--steps", nargs="+", type=Path, help="lesson files: arrange deals for their steps"
    )
    parser.add_argument("--only", nargs="+", default=[], help="with --steps: these step ids only")
    parser.add_argument("--wrong", help="with --steps: the wrong choice to play out")
    parser.add_argument("--tries", type=int, default=600)
    parser.add_argument("--count", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--outcome", action="store_true")
    args = parser.parse_args()
    library = load_library()
    rng = random.Random(args.seed)
    if args.steps:
        wrong = Action.parse(args.wrong) if args.wrong else None
        for step in load_curriculum(args.steps).steps:
            if step.info is None or (step.outcome is not None and step.id not in args.only):
                continue
            if args.only and step.id not in args.only:
                continue
            found = find_step_outcome(step, rng, args.tries, wrong)
            if found is None:
                print(f"# {step.file}: step {step.id}: no arrangement found\n")
            else:
                print(outcome_table(step, *found))
        return
    for hint in args.hints:
        for n in range(args.count):
            step = generate(hint, rng)
            passages = [p for p in step.passages if p in library]
            outcome = find_outcome(step, rng) if args.outcome else None
            ident = hint.replace("/", "-") + (f"-{n + 1}" if args.count > 1 else "")
            print(block(step, ident, passages, outcome))


if __name__ == "__main__":
    main()
