"""One holding of the opponent's where a card does worse than another, told in words.

A figure ("the deal is worth -1.47 after 8♥, +0.23 after 10♠") says that a card
costs, not why; an example holding shows it: "if your adversary holds ...: after
8♥ he takes it with J♥, and with the best play on both sides you make one of the
three tricks still to play, where 10♠ makes three." The lessons' diagnosis of a
card (``tutor.lessons.diagnosis``) and the grading of a game's cards
(``tutor.analysis.review``) both tell it.

The holding is the likeliest of those, drawn as the engine draws them (weighted
by the opponent's choices so far), in which the card loses tricks, both hands
then solved exactly.
"""

from __future__ import annotations

import random

from tutor.engines.best import BestEngine
from tutor.engines.sampling import holdings
from tutor.engines.solver import bits, follows_mask, mask_of, second_wins, suit_number
from tutor.hints.explain import number
from tutor.rules.cards import PACK, Card
from tutor.rules.infoset import InfoSet

_BY_INDEX = {c.index: c for c in PACK}


def worse_holding(
    info: InfoSet,
    card: Card,
    better: Card,
    rng: random.Random,
    better_name: str | None = None,
    engine: BestEngine | None = None,
) -> str:
    """The sentence for one holding where ``card`` makes fewer tricks than ``better``
    (named ``better_name``, by default its label), or "" when none is found."""
    if card not in info.hand or better not in info.hand or card == better:
        return ""
    engine = engine or BestEngine(seed=0)
    worlds, _ = holdings(info, random.Random(rng.random()), 2000, 300)
    trump = suit_number(info.trump)
    mine = mask_of(info.hand)
    g, r = card.index, better.index
    worse = []
    for world in worlds:
        if info.led is None:
            made = engine.solver.lead_values(mine, world.holding, trump)
        else:
            made = engine.solver.follow_values(mine, world.holding, info.led.index, trump)
        if g in made and r in made and made[g] < made[r]:
            worse.append((world.weight, world.holding, made[g], made[r]))
    if not worse:
        return ""
    _, holding, made_g, made_r = max(worse, key=lambda w: w[0])
    return _told(info, card, holding, made_g, made_r, better_name or better.label, engine)


def _cards_of(mask: int) -> list[Card]:
    return [_BY_INDEX[i] for i in bits(mask)]


def _count(n: int) -> str:
    return "none" if n == 0 else number(n)


def _told(
    info: InfoSet,
    card: Card,
    holding: int,
    made_g: int,
    made_r: int,
    better_name: str,
    engine: BestEngine,
) -> str:
    """'For instance, if your adversary holds K♠ 9♥ ...: after 9♠ he takes it with K♠, and
    ... you make two of the tricks still to play, this one included, where the right card
    makes three.'"""
    trump = suit_number(info.trump)
    held = " ".join(
        c.label for c in sorted(_cards_of(holding), key=lambda c: (c.suit.value, -int(c.rank)))
    )
    left = len(info.hand)
    if info.led is None:
        # his best answer: the reply that holds me to the fewest tricks
        mine_rest = mask_of(info.hand) ^ (1 << card.index)
        best_reply, best_value = None, None
        for f in bits(follows_mask(holding, card.index, trump)):
            rest = holding ^ (1 << f)
            if second_wins(card.index, f, trump):
                value = (
                    left
                    - 1
                    - (engine.solver.lead_tricks(rest, mine_rest, trump) if left > 1 else 0)
                )
            else:
                value = 1 + (engine.solver.lead_tricks(mine_rest, rest, trump) if left > 1 else 0)
            if best_value is None or value < best_value:
                best_reply, best_value = f, value
        reply = _cards_of(1 << best_reply)[0] if best_reply is not None else None
        if reply is not None:
            taken = (
                "takes it with" if second_wins(card.index, reply.index, trump) else "answers with"
            )
            answer = f"he {taken} {reply.label}"
        else:
            answer = "he answers"
    else:
        assert info.led is not None
        ours = second_wins(info.led.index, card.index, trump)
        answer = "the trick is yours" if ours else f"his {info.led.label} takes the trick"
    return (
        f"For instance, if your adversary holds {held}: after {card.label} {answer}, and with"
        f" the best play on both sides you make {_count(made_g)} of the {number(left)} tricks"
        f" still to play, this one included, where {better_name} makes {_count(made_r)}."
    )
