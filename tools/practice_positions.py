"""Find practice positions: print ``[[positions]]`` blocks for lessons/practice/positions.toml.

    python tools/practice_positions.py [--seed S] [--per-theme N] [--deals N]

Random deals (seeded) are played by the hints engine in both seats, through the
proposals and the exchange and, for some, a trick or three, to a card of one
player's: that player is the learner. Each position is offered a goal it can be
made sure of (the vole, the point, saving the vole; the point at four, or after a
refusal, where the score or the deal has one) and kept when the goal is proven
achievable and not trivial (``tutor.practice.proof``: a random player meets it less
than half the time). Its theme follows from the position and its winning cards;
the title and setup are drafts an author reviews. Ids are numbered within each
theme from ``--start``; curate by hand and keep ids stable.
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Iterator
from dataclasses import replace

from tutor.engines.hints_engine import HintsEngine
from tutor.engines.solver import SUIT_MASKS
from tutor.practice.defence import Defence, learner_cards
from tutor.practice.goals import goal_for
from tutor.practice.model import PracticePosition
from tutor.practice.playout import card_of, start_state
from tutor.practice.proof import (
    TRIVIAL,
    achievable,
    after_learner,
    opening,
    random_chance,
    winning_line,
)
from tutor.practice.themes import THEMES
from tutor.rules.deal import Phase, deal_position
from tutor.rules.infoset import InfoSet, infoset_of
from tutor.rules.infoset_codec import infoset_to_request

NUMBERS = ("no", "one", "two", "three", "four", "five")


def decisions(rng: random.Random) -> Iterator[InfoSet]:
    """Cards to play, each from a fresh deal played by the hints engine up to it."""
    engine = HintsEngine()
    while True:
        position = deal_position(rng, dealer=rng.randrange(2))
        before = rng.choice((0, 0, 0, 1, 1, 2, 2, 3))
        follow = rng.random() < 0.4
        while not position.is_over:
            playing = position.phase in (Phase.LEAD, Phase.FOLLOW)
            if (
                playing
                and len(position.tricks) == before
                and (position.phase is Phase.FOLLOW) == follow
            ):
                yield infoset_of(position)
                break
            position = position.apply(engine.advise(infoset_of(position)).action)


def must_draw_trumps(position: PracticePosition, defence: Defence) -> bool:
    """Whether, on the line ``winning_line`` finds, the learner leads a trump while a trump
    is still out against him, where a plain card of his would lose the goal."""
    need = position.goal.tricks
    state = opening(position, defence)
    for card in winning_line(position, defence):
        trumps = SUIT_MASKS[state.trump]
        if state.led < 0 and state.pool & trumps and card.index >> 3 == state.trump:
            keeping = defence.winning_cards(state, need)
            plain = [c for c in learner_cards(state) if c >> 3 != state.trump]
            if any(c not in keeping for c in plain):
                return True
        state = after_learner(state, card.index, need, defence)
    return False


def themes_of(goal: str, info: InfoSet, first_keeping: list[int]) -> list[str]:
    """The themes a position may stand for, the most particular first."""
    out = []
    if goal == "vole":
        out.append("the-vole")
    if goal == "save-vole":
        out.append("save-the-vole")
    if goal == "game":
        out.append("at-four")
    if goal == "refusal":
        out.append("after-refusal")
    if goal in ("vole", "save-vole"):
        return out
    if len(info.tricks) >= 2:
        out.append("counting")
    elif info.led is not None:
        out.append("keep-the-guard")
    else:  # at the first trick or the second, the learner to lead
        suits = {card_of(c).suit for c in first_keeping}
        if info.trump not in suits:
            out.append("strong-suit")
    return out


def goals_for(info: InfoSet, best: int, rng: random.Random) -> list[tuple[str, InfoSet]]:
    out: list[tuple[str, InfoSet]] = []
    if best == 5:
        out.append(("vole", info))
    if best >= 3:
        if info.penalty is not None:
            out.append(("refusal", info))
        elif info.king is None and rng.random() < 0.25:
            out.append(("game", replace(info, score=(4, rng.randrange(5)))))
        else:
            out.append(("point", info))
    if best >= 1:
        out.append(("save-vole", info))
    return out


def setup_of(info: InfoSet) -> str:
    role = "the dealer" if info.is_dealer else "the non-dealer"
    told = f"You are {role}; trumps are {info.trump.noun} (the {info.turnup.label} turned up)."
    if info.penalty == "me":
        told += " You refused his proposal." if info.is_dealer else " You played without proposing."
    elif info.penalty == "opponent":
        told += " He played without proposing." if info.is_dealer else " He refused your proposal."
    if info.king == "opponent":
        turned = info.turnup == info.trump_king
        told += (
            " The king turned up scored him one." if turned else " He marked the king of trumps."
        )
    mine, his = info.tricks_won()
    if info.tricks:
        played = NUMBERS[len(info.tricks)]
        trick = "trick is" if len(info.tricks) == 1 else "tricks are"
        told += f" {played.capitalize()} {trick} played: you won {NUMBERS[mine] if mine else 'none'}, he {NUMBERS[his] if his else 'none'}."
    if info.led is not None:
        told += f" He leads the {info.led.noun}."
    else:
        told += " You lead."
    return told


def title_of(theme: str, info: InfoSet) -> str:
    trumps = len(info.trumps())
    hand = " ".join(
        c.label for c in sorted(info.hand, key=lambda c: (c.suit != info.trump, -c.rank))
    )
    if theme == "counting":
        return f"Trick {len(info.tricks) + 1}: {hand}"
    if info.led is not None:
        return f"{info.led.label} led to {hand}"
    count = NUMBERS[trumps].capitalize()
    return f"{count} trump{'s' if trumps != 1 else ''}: {hand}"


def block(ident: str, theme: str, goal: str, info: InfoSet, title: str, setup: str) -> str:
    request = infoset_to_request(info)
    lines = [
        "[[positions]]",
        f"id = {json.dumps(ident)}",
        f"theme = {json.dumps(theme)}",
        f"goal = {json.dumps(goal)}",
        f"title = {json.dumps(title, ensure_ascii=False)}",
        f"setup = {json.dumps(setup, ensure_ascii=False)}",
        f"role = {json.dumps(request['role'])}",
        f"hand = {json.dumps(' '.join(request['hand']))}",
        f"turnup = {json.dumps(request['turnup'])}",
    ]
    if any(request["score"]):
        lines.append(f"score = {json.dumps(request['score'])}")
    if request["exchanges"]:
        lines.append(f"exchanges = {json.dumps(request['exchanges'])}")
    if request["discards"]:
        lines.append(f"discards = {json.dumps(' '.join(request['discards']))}")
    for key in ("penalty", "king"):
        if request[key] is not None:
            lines.append(f"{key} = {json.dumps(request[key])}")
    if request["tricks"]:
        tricks = ", ".join(json.dumps(f"{a} {b}") for a, b in request["tricks"])
        lines.append(f"tricks = [{tricks}]")
    if "led" in request:
        lines.append(f"led = {json.dumps(request['led'])}")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=32)
    parser.add_argument("--per-theme", type=int, default=6)
    parser.add_argument("--deals", type=int, default=20000)
    parser.add_argument("--themes", nargs="*", default=list(THEMES), help="only these themes")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    defence = Defence()
    found: dict[str, list[str]] = {theme: [] for theme in args.themes}
    for count, info in enumerate(decisions(rng)):
        if count >= args.deals or all(len(v) >= args.per_theme for v in found.values()):
            break
        probe = PracticePosition("probe", "draw-trumps", goal_for("save-vole", info), "", "", info)
        best = defence.best_guaranteed(start_state(probe))
        for goal, shown in goals_for(info, best, rng):
            position = replace(probe, goal=goal_for(goal, shown), info=shown)
            if not achievable(position, defence):
                continue
            chance = random_chance(position, defence)
            if chance >= TRIVIAL:
                continue
            first = defence.winning_cards(opening(position, defence), position.goal.tricks)
            themes = themes_of(goal, shown, first)
            if goal != "save-vole" and must_draw_trumps(position, defence):
                themes.insert(0, "draw-trumps")
            open_themes = [t for t in themes if t in found and len(found[t]) < args.per_theme]
            if not open_themes:
                continue
            theme = open_themes[0]
            ident = f"{theme}-{len(found[theme]) + 1}"
            text = block(ident, theme, goal, shown, title_of(theme, shown), setup_of(shown))
            found[theme].append(f"# random player: {float(chance):.3f}\n{text}")
            break
    for theme, blocks in found.items():
        print(f"# {THEMES[theme]}: {len(blocks)}\n")
        for text in blocks:
            print(text + "\n")


if __name__ == "__main__":
    main()
