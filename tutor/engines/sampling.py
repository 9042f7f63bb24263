"""The opponent's possible holdings, given what one player has seen.

From an ``InfoSet`` this module builds the worlds the best engine averages
over: each a holding of the opponent (a bitmask) with a weight, and for the
exchanges a random order of the stock.

What is certain (hard constraints, from the laws of play, britannica-9/play):
the opponent holds none of the cards I have seen; a player who did not follow
suit holds none of it, and if he did not trump either he holds no trump; a
player who followed with a lower card holds no higher card of the suit (he
must win if able); a player who marked the king still holds it until played.

What is likely (the opponent model, deliberately simple): each holding is
weighted by how likely it makes the opponent's own choices so far:

- he played without proposing, or refused the first proposal: the chance the
  policy's strength gives of playing (``policy.play_likelihood``); he proposed,
  or accepted: one less that chance;
- he discarded ``n`` at his last exchange: he kept ``5 - n`` cards worth keeping
  (trumps and kings, britannica-9/hints/discarding), so holdings with fewer
  such cards lose weight by ``SHORT_KEEPER`` for each one missing;
- he has played a card without marking the king: holdings with the king of
  trumps keep only ``HELD_KING`` of their weight (club-laws/23: he may hold it
  back, but seldom does).

Holdings are enumerated when they are few enough, and sampled uniformly
beyond (the weights then act as importance weights).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import combinations
from math import comb

from tutor.engines.exchange_strategy import ExchangeStrategy, floored
from tutor.engines.policy import keepers, play_likelihood
from tutor.engines.solver import bits, mask_of, mask_of_indices, reply_excludes, suit_number
from tutor.rules.infoset import InfoSet

SHORT_KEEPER = 0.5
"""The weight kept for each card worth keeping a holding lacks (above). Measured
against 0.25, which ``best-v1`` keeps (1,000 duplicate deals each, best against
best): 0.5 scored +0.013 (-0.005 to +0.031) and +0.022 (+0.003 to +0.042) on two
seeds, 1 (no such weighting) +0.015 (-0.002 to +0.033), 0.1 -0.011 (-0.030 to
+0.008). Players keep a queen or a guarded card more often than the rule says."""
V1_SHORT_KEEPER = 0.25
HELD_KING = 0.05
FULL = (1 << 32) - 1


@dataclass(frozen=True, slots=True)
class View:
    """The facts about the opponent that one information set reveals."""

    trump: int
    mine: int
    """My hand now."""
    candidates: int
    """Cards the opponent may hold now."""
    must: int
    """Cards he certainly holds."""
    size: int
    """How many cards he holds now."""
    played: int
    """Cards he has played this deal (with his holding: his hand at the start of play)."""
    unseen: int
    """Every card I have not seen (his hand, the stock, his discards)."""
    has_played: bool


def view_of(info: InfoSet) -> View:
    trump = suit_number(info.trump)
    unseen = FULL & ~mask_of(info.seen_cards())
    forbidden = 0
    played = 0
    for (first, second), i_led in zip(info.tricks, info.i_led(), strict=True):
        opp_card = second if i_led else first
        played |= 1 << opp_card.index
        if i_led:
            forbidden |= reply_excludes(first.index, second.index, trump)
    if info.led is not None:
        played |= 1 << info.led.index
    king_bit = 1 << info.trump_king.index
    must = 0
    if info.king == "opponent" and king_bit & unseen:
        must = king_bit
    size = len(info.hand) - (1 if info.led is not None else 0)
    return View(
        trump=trump,
        mine=mask_of(info.hand),
        candidates=unseen & ~forbidden,
        must=must,
        size=size,
        played=played,
        unseen=unseen,
        has_played=bool(played),
    )


class Likelihood:
    """The opponent model: the weight of a holding given his choices so far.

    With ``strategy``, a choice at the deal's first proposal is weighed by the
    computed strategy's chance of it (``exchange_strategy``) rather than by strength."""

    def __init__(
        self,
        info: InfoSet,
        view: View,
        strategy: ExchangeStrategy | None = None,
        short_keeper: float = SHORT_KEEPER,
    ) -> None:
        self.trump = view.trump
        self.short_keeper = short_keeper
        self.first = not info.exchanges
        """The choice seen (the proposal or acceptance pending) is the deal's first."""
        self.strategy = strategy
        self.opp_dealer = not info.is_dealer
        self.played = view.played
        self.kept = _kept_at_last_exchange(info, self.opp_dealer)
        # A choice on his hand as it was at the start of play.
        self.played_strong = info.penalty == "opponent"
        # A choice on his hand as it is now (before any card is played).
        self.weak_now = (info.decision == "accept") or (
            info.decision == "discard" and not info.is_dealer
        )
        self.king_held_back = view.has_played and info.king != "opponent"
        self.king_bit = 1 << (8 * view.trump + 7)

    def __call__(self, holding: int) -> float:
        full = holding | self.played
        weight = 1.0
        if self.kept is not None:
            short = self.kept - keepers(full, self.trump).bit_count()
            if short > 0:
                weight *= self.short_keeper**short
        if self.played_strong:
            weight *= self._strong_chance(full, True)
        if self.weak_now:
            weight *= 1.0 - self._strong_chance(holding, self.first)
        if self.king_held_back and holding & self.king_bit:
            weight *= HELD_KING
        return weight

    def _strong_chance(self, hand: int, first: bool) -> float:
        """The chance the opponent plays (non-dealer) or refuses (dealer) with ``hand``."""
        chance = None
        if first and self.strategy is not None:
            strategy = self.strategy
            by = strategy.refuse_chance if self.opp_dealer else strategy.play_chance
            chance = by(hand, self.trump)
        return play_likelihood(hand, self.trump) if chance is None else floored(chance)


def _kept_at_last_exchange(info: InfoSet, opp_dealer: bool) -> int | None:
    """How many cards the opponent kept at his last exchange, if he made one."""
    exchanges = list(info.exchanges)
    if not opp_dealer:
        return 5 - exchanges[-1][0] if exchanges else None
    if info.decision == "discard" and info.is_dealer:
        return None  # not reached: the opponent is then the non-dealer
    if exchanges and info.stock_size == 0 and exchanges[-1][1] == 0:
        exchanges.pop()  # the stock ran out before the dealer could choose (club-laws/38)
    return 5 - exchanges[-1][1] if exchanges else None


@dataclass(frozen=True, slots=True)
class World:
    holding: int
    weight: float
    stock: tuple[int, ...] = ()


def holdings(
    info: InfoSet,
    rng: random.Random,
    enumerate_limit: int,
    samples: int,
    strategy: ExchangeStrategy | None = None,
    short_keeper: float = SHORT_KEEPER,
) -> tuple[list[World], bool]:
    """The opponent's holdings with their weights; True if enumerated exactly.

    With the stock order (for the exchanges), see ``deals``.
    """
    view = view_of(info)
    like = Likelihood(info, view, strategy, short_keeper)
    free = view.candidates & ~view.must
    need = view.size - view.must.bit_count()
    pool = bits(free)
    worlds: list[World] = []
    if comb(len(pool), need) <= enumerate_limit:
        for combo in combinations(pool, need):
            holding = view.must | mask_of_indices(combo)
            worlds.append(World(holding, like(holding)))
        exact = True
    else:
        for _ in range(samples):
            holding = view.must | mask_of_indices(rng.sample(pool, need))
            worlds.append(World(holding, like(holding)))
        exact = False
    return _normalised(worlds), exact


def deals(
    info: InfoSet,
    rng: random.Random,
    samples: int,
    strategy: ExchangeStrategy | None = None,
    short_keeper: float = SHORT_KEEPER,
) -> list[World]:
    """Before play: the opponent's hand and the stock's order, sampled."""
    view = view_of(info)
    like = Likelihood(info, view, strategy, short_keeper)
    pool = bits(view.unseen)
    stock_size = info.stock_size
    worlds = []
    for _ in range(samples):
        drawn = rng.sample(pool, view.size + stock_size)
        holding = mask_of_indices(drawn[: view.size])
        worlds.append(World(holding, like(holding), tuple(drawn[view.size :])))
    return _normalised(worlds)


def _normalised(worlds: list[World]) -> list[World]:
    total = sum(w.weight for w in worlds)
    if total <= 0:  # the model rules out everything: fall back to uniform
        return [World(w.holding, 1.0 / len(worlds), w.stock) for w in worlds]
    return [World(w.holding, w.weight / total, w.stock) for w in worlds]
