"""A reference player to measure the best engine against: plain sampling and
exact solving, with fixed rules for the exchanges.

It is kept deliberately independent of the best engine's choices: the
opponent's holding is drawn uniformly from the cards not seen (no inference
from his play or his exchanges, no weighting), a fixed number of samples
(``SAMPLES``) per card decision, each solved double dummy for the most tricks
(no game score, no penalty). The exchanges follow a fixed count of trumps and
court cards in the spirit of the jeux de règle (britannica-9/hints/jeux-de-regle):
play or refuse with three trumps; two trumps and two court cards or a king;
one trump and two kings, or a king and two queens; no trump and three kings.
Discard all but trumps and kings; always mark the king.
"""

from __future__ import annotations

import random

from tutor.engines.base import Advice
from tutor.engines.solver import Solver, bits, mask_of, suit_number
from tutor.rules.actions import ACCEPT, MARK, PLAY, PROPOSE, REFUSE, Action, discard, follow, lead
from tutor.rules.cards import PACK, Rank
from tutor.rules.infoset import InfoSet

SAMPLES = 20
_BY_INDEX = {c.index: c for c in PACK}
_COURT = (Rank.KING, Rank.QUEEN, Rank.KNAVE)


def strong_enough(info: InfoSet) -> bool:
    """The fixed rule: a hand good enough to play, or to refuse with."""
    trumps = sum(c.suit == info.trump for c in info.hand)
    plain = [c for c in info.hand if c.suit != info.trump]
    kings = sum(c.rank is Rank.KING for c in plain)
    queens = sum(c.rank is Rank.QUEEN for c in plain)
    courts = sum(c.rank in _COURT for c in plain)
    if trumps >= 3:
        return True
    if trumps == 2:
        return kings >= 1 or courts >= 2
    if trumps == 1:
        return kings >= 2 or (kings >= 1 and queens >= 2)
    return kings >= 3


class ReferenceEngine:
    name = "reference"

    def __init__(self, seed: int | None = None, samples: int = SAMPLES) -> None:
        self._rng = random.Random(seed)
        self.samples = samples
        self.solver = Solver()

    def advise(self, info: InfoSet) -> Advice:
        d = info.decision
        if d == "propose":
            return Advice(PLAY if strong_enough(info) else PROPOSE, "Fixed rule.")
        if d == "accept":
            return Advice(REFUSE if strong_enough(info) else ACCEPT, "Fixed rule.")
        if d == "mark_king":
            return Advice(MARK, "Always mark the king.")
        if d == "discard":
            return Advice(self._discard(info), "Keep trumps and kings.")
        return self._card(info)

    def _discard(self, info: InfoSet) -> Action:
        low, high = info.discard_range()
        keep = [c for c in info.hand if c.suit == info.trump or c.rank is Rank.KING]
        rest = sorted(
            (c for c in info.hand if c not in keep), key=lambda c: (c.suit == info.trump, c.rank)
        )
        thrown = [c for c in info.hand if c not in keep]
        if len(thrown) > high:
            thrown = rest[:high]
        if len(thrown) < low:
            spare = sorted(keep, key=lambda c: (c.suit == info.trump, c.rank))
            thrown = spare[: low - len(thrown)] + thrown
        return discard(*thrown)

    def _card(self, info: InfoSet) -> Advice:
        trump = suit_number(info.trump)
        mine = mask_of(info.hand)
        pool = [c.index for c in PACK if c not in info.seen_cards()]
        size = len(info.hand) - (1 if info.led is not None else 0)
        totals: dict[int, int] = {}
        for _ in range(self.samples):
            theirs = mask_of(_BY_INDEX[i] for i in self._rng.sample(pool, size))
            if info.led is None:
                made = self.solver.lead_values(mine, theirs, trump)
            else:
                made = self.solver.follow_values(mine, theirs, info.led.index, trump)
            for c, t in made.items():
                totals[c] = totals.get(c, 0) + t
        best = max(bits(mine), key=lambda c: (totals.get(c, -1), -(c & 7)))
        card = _BY_INDEX[best]
        action = lead(card) if info.led is None else follow(card)
        return Advice(action, f"Most tricks over {self.samples} sampled holdings.")
