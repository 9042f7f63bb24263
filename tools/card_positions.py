"""Find positions for card steps (lead or follow): print ``[[steps]]`` blocks to paste.

    python tools/card_positions.py PRINCIPLE [--count N] [--seed S] [--deals D]
        [--margin M] [--first] [--later] [--role dealer|nondealer] [--opening ...]
        [--score MINE THEIRS]
    python tools/card_positions.py --list

Random deals (seeded) are played by the hints engine, both sides, from the deal to a
lead or follow decision (the non-dealer plays without proposing, or proposes and is
refused; with ``--opening exchanged``, the proposal is accepted and both exchange as
the Hints discard). Each
decision the PRINCIPLE speaks to (a predicate named below that returns the card it
plays, or nothing) is valued exactly, as ``ecarte lessons check`` proves a step
(``analysis.exact_cards``: every holding the adversary may have, each solved double
dummy), and kept only where:

- two legal cards or more differ in value (a choice, not the law of following);
- the principle's card is as good as the best card (within ``VALUE_MARGIN``), so the
  checker will prove it;
- some other legal card is worse than it by ``--margin`` at least (a wrong card really
  costs).

Each is printed as a ``[[steps]]`` block, the figures of every legal card and whether
the hints engine agrees (and by which hint) in comments: with agreement, cite the hint
(``hint = ...``); without, the principle is the project's and the explanation says so.
The explanation printed is a placeholder: write one about the hand.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tutor.analysis.exact_cards import VALUE_MARGIN, ExactCards, exact_cards
from tutor.hints import advise
from tutor.rules.actions import ACCEPT, PLAY, PROPOSE, REFUSE, Action
from tutor.rules.cards import Card, Rank
from tutor.rules.deal import Phase, Position, deal_position
from tutor.rules.infoset import InfoSet, infoset_of

Principle = Callable[[InfoSet], Card | None]


def _legal(info: InfoSet) -> list[Card]:
    return [a.card for a in info.legal_actions()]


def _trumps(cards: list[Card] | tuple[Card, ...], info: InfoSet) -> list[Card]:
    return [c for c in cards if c.suit == info.trump]


def _high(cards: list[Card]) -> Card:
    return max(cards, key=lambda c: c.rank)


def _low(cards: list[Card]) -> Card:
    return min(cards, key=lambda c: (c.rank, c.suit == c.suit))


def _out(info: InfoSet) -> set[Card]:
    """Cards neither in my hand nor seen played or turned up."""
    from tutor.rules.cards import PACK

    seen = set(info.seen_cards())
    return {c for c in PACK if c not in seen}


def _master(card: Card, info: InfoSet) -> bool:
    """No card still out beats ``card`` in its suit."""
    return not any(c.suit == card.suit and c.rank > card.rank for c in _out(info))


def draw_trumps(info: InfoSet) -> Card | None:
    """Lead: with three trumps or more, lead the highest trump."""
    if info.led is not None:
        return None
    trumps = _trumps(info.hand, info)
    return _high(trumps) if len(trumps) >= 3 or (len(trumps) >= 2 and info.tricks) else None


def lead_strong_suit(info: InfoSet) -> Card | None:
    """First lead: the highest card of the longest plain suit of two cards or more."""
    if info.led is not None or info.tricks:
        return None
    plain = [c for c in info.hand if c.suit != info.trump]
    by_suit: dict[object, list[Card]] = {}
    for c in plain:
        by_suit.setdefault(c.suit, []).append(c)
    longest = max((len(v) for v in by_suit.values()), default=0)
    suits = [v for v in by_suit.values() if len(v) == longest]
    if longest < 2 or len(suits) != 1:
        return None
    return _high(suits[0])


def lead_winner(info: InfoSet) -> Card | None:
    """Lead: a plain card no card out can beat in its suit (the adversary must follow
    it or trump)."""
    if info.led is not None:
        return None
    masters = [c for c in info.hand if c.suit != info.trump and _master(c, info)]
    return _high(masters) if len(masters) == 1 else None


def continue_suit(info: InfoSet) -> Card | None:
    """Lead after winning a trick with a plain card the adversary followed: the highest
    card left of that suit."""
    if info.led is not None or not info.tricks:
        return None
    (first, second), i_led = info.tricks[-1], info.i_led()[-1]
    mine, theirs = (first, second) if i_led else (second, first)
    if mine.suit == info.trump or theirs.suit != mine.suit:
        return None
    same = [c for c in info.hand if c.suit == mine.suit]
    return _high(same) if same else None


def win_cheaply(info: InfoSet) -> Card | None:
    """Follow: of several cards that win the trick, the lowest."""
    if info.led is None:
        return None
    legal = _legal(info)
    same = [c for c in legal if c.suit == info.led.suit and c.rank > info.led.rank]
    if len(same) >= 2:
        return min(same, key=lambda c: c.rank)
    return None


def trump_low(info: InfoSet) -> Card | None:
    """Follow, out of the suit led with two trumps or more: trump with the lowest."""
    if info.led is None or info.led.suit == info.trump:
        return None
    if any(c.suit == info.led.suit for c in info.hand):
        return None
    trumps = _trumps(info.hand, info)
    return min(trumps, key=lambda c: c.rank) if len(trumps) >= 2 else None


def throw_smallest(info: InfoSet) -> Card | None:
    """Follow, unable to win: the lowest card (keep the guards and the high ones)."""
    if info.led is None:
        return None
    legal = _legal(info)
    from tutor.engines.solver import second_wins, suit_number

    t = suit_number(info.trump)
    if any(second_wins(info.led.index, c.index, t) for c in legal) or len(legal) < 2:
        return None
    return min(legal, key=lambda c: (c.rank, c.suit != info.trump))


def keep_guard(info: InfoSet) -> Card | None:
    """Follow, unable to win, holding a king (or a queen) guarded by a small card of its
    suit: throw a card that keeps the guard."""
    found = throw_smallest(info)
    if found is None:
        return None
    legal = _legal(info)
    guarded = [
        c
        for c in info.hand
        if c.rank >= Rank.QUEEN and sum(1 for d in info.hand if d.suit == c.suit) == 2
    ]
    if not guarded:
        return None
    guards = {d for c in guarded for d in info.hand if d.suit == c.suit}
    keeps = [c for c in legal if c not in guards]
    return min(keeps, key=lambda c: c.rank) if keeps else None


def save_king(info: InfoSet) -> Card | None:
    """Follow a small card of a suit where I hold the king and another that wins: win
    with the other and keep the king."""
    found = win_cheaply(info)
    if found is None or info.led is None:
        return None
    return (
        found if any(c.rank == Rank.KING and c.suit == info.led.suit for c in info.hand) else None
    )


def best(info: InfoSet) -> Card | None:
    """Any decision: the best card by the computation (to explore)."""
    if len(info.legal_actions()) < 2:
        return None
    return exact_cards(info).best.card


PRINCIPLES: dict[str, Principle] = {
    "draw-trumps": draw_trumps,
    "lead-from-strong-suit": lead_strong_suit,
    "lead-winner": lead_winner,
    "continue-suit": continue_suit,
    "win-cheaply": win_cheaply,
    "save-the-king": save_king,
    "trump-low": trump_low,
    "throw-smallest": throw_smallest,
    "keep-guard": keep_guard,
    "best": best,
}


def hints_principle(hint: str) -> Principle:
    """``hint:ID``: the hints engine's card where it decides by that hint."""

    def principle(info: InfoSet) -> Card | None:
        verdict = advise(info)
        return verdict.action.card if verdict.hint.id == hint else None

    return principle


OPENINGS = {
    "played": (PLAY,),
    "refused": (PROPOSE, REFUSE),
    "exchanged": (PROPOSE, ACCEPT),
}


def decisions(
    rng: random.Random, opening: str, score: tuple[int, int] | None = None
) -> list[Position]:
    """Every lead or follow decision of one deal played by the hints engine (at ``score``,
    else a random one up to two all)."""
    if score is None:
        score = (rng.randint(0, 2), rng.randint(0, 2))
    position = deal_position(rng, dealer=1, score=score)
    if position.is_over:
        return []
    for action in OPENINGS[opening]:
        position = position.apply(action)
    out = []
    while not position.is_over:
        if position.phase in (Phase.LEAD, Phase.FOLLOW):
            out.append(position)
        position = position.apply(advise(infoset_of(position)).action)
    return out


def _q(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _cards(cards: tuple[Card, ...] | list[Card]) -> str:
    return " ".join(str(c) for c in cards)


def position_toml(info: InfoSet) -> list[str]:
    lines = [
        "[steps.position]",
        f"role = {_q(info.role)}",
        f"hand = {_q(_cards(info.hand))}",
        f"turnup = {_q(str(info.turnup))}",
    ]
    if info.score != (0, 0):
        lines.append(f"score = [{info.score[0]}, {info.score[1]}]")
    if info.exchanges:
        lines.append("exchanges = [" + ", ".join(f"[{a}, {b}]" for a, b in info.exchanges) + "]")
    if info.discards:
        lines.append(f"discards = {_q(_cards(info.discards))}")
    if info.penalty:
        lines.append(f"penalty = {_q(info.penalty)}")
    if info.king:
        lines.append(f"king = {_q(info.king)}")
    if info.tricks:
        lines.append("tricks = [" + ", ".join(_q(f"{a} {b}") for a, b in info.tricks) + "]")
    if info.led is not None:
        lines.append(f"led = {_q(str(info.led))}")
    return lines


def block(info: InfoSet, card: Card, figures: ExactCards, name: str, n: int) -> str:
    verdict = advise(info)
    agrees = verdict.action.card == card and not verdict.hint.id.startswith("project/")
    if agrees:
        hints = f"the Hints agree, by {verdict.hint.id} ({verdict.hint.title})"
    elif verdict.action.card == card:
        hints = f"the project's default agrees ({verdict.hint.id}): the principle is the project's"
    else:
        hints = f"the Hints play {verdict.action.card} by {verdict.hint.id}: cite no hint"
    lines = [
        f"# {name} #{n}: {hints}",
        f"# every legal card over all {figures.holdings:,} holdings (point, vole, value):",
        *(
            f"#   {f.card.label} {f.point:.0%} {f.vole:.0%} {f.value:+.2f}"
            + (" <- the principle's" if f.card == card else "")
            for f in figures.figures
        ),
        "[[steps]]",
        f'id = "{name}-{n}"',
        f"question = {_q(info.decision)}",
        f"expected = {_q(str(Action(info.decision, (card,))))}",
    ]
    if agrees:
        lines.append(f"hint = {_q(verdict.hint.id)}")
    lines += [
        'explanation = "WRITE: why this card, in this hand."',
        'passages = ["britannica-9/play"]',
        "",
        *position_toml(info),
    ]
    return "\n".join(lines) + "\n"


def search(
    principle: Principle,
    rng: random.Random,
    deals: int,
    margin: float,
    *,
    first: bool = False,
    later: bool = False,
    role: str | None = None,
    openings: tuple[str, ...] = ("played", "refused"),
    score: tuple[int, int] | None = None,
) -> list[tuple[InfoSet, Card, ExactCards]]:
    found = []
    seen: set[InfoSet] = set()
    for _ in range(deals):
        for position in decisions(rng, rng.choice(openings), score):
            info = infoset_of(position)
            if info in seen or (first and info.tricks) or (later and not info.tricks):
                continue
            if role is not None and info.role != role:
                continue
            seen.add(info)
            card = principle(info)
            if card is None or len(info.legal_actions()) < 2:
                continue
            figures = exact_cards(info)
            mine = figures.of(card)
            if figures.costs(card):
                continue
            if not any(mine.value - f.value >= margin for f in figures.figures):
                continue
            found.append((info, card, figures))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("principle", nargs="?", help="a principle's name, or hint:ID")
    parser.add_argument("--list", action="store_true", help="name the principles")
    parser.add_argument("--count", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument(
        "--margin", type=float, default=0.3, help="how much worse another card must be"
    )
    parser.add_argument("--first", action="store_true", help="the first trick only")
    parser.add_argument("--later", action="store_true", help="after the first trick only")
    parser.add_argument("--role", choices=("dealer", "nondealer"))
    parser.add_argument("--opening", choices=tuple(OPENINGS), action="append")
    parser.add_argument(
        "--score", type=int, nargs=2, metavar=("MINE", "THEIRS"), help="the score before the deal"
    )
    args = parser.parse_args()
    if args.list or not args.principle:
        for name, fn in PRINCIPLES.items():
            print(f"{name}: {(fn.__doc__ or '').strip()}")
        print("hint:ID: the hints engine's card where it decides by that hint")
        return
    if args.principle.startswith("hint:"):
        principle = hints_principle(args.principle.removeprefix("hint:"))
    elif args.principle in PRINCIPLES:
        principle = PRINCIPLES[args.principle]
    else:
        parser.error(f"no principle {args.principle!r} (see --list)")
    rng = random.Random(args.seed)
    found = search(
        principle,
        rng,
        args.deals,
        max(args.margin, VALUE_MARGIN),
        first=args.first,
        later=args.later,
        role=args.role,
        openings=tuple(args.opening or ("played", "refused")),
        score=tuple(args.score) if args.score else None,
    )
    name = args.principle.replace("hint:", "").replace("/", "-")
    for n, (info, card, figures) in enumerate(found[: args.count], 1):
        print(block(info, card, figures, name, n))
    print(f"# {len(found)} found in {args.deals} deals (seed {args.seed})")


if __name__ == "__main__":
    main()
