"""A stronger reference player: sampling and exact solving for everything.

What a competent outside author would write, kept independent of the best
engine's own choices (its opponent model, its play-out policy, its game-score
utility), to measure it against:

- card play: the opponent's holdings consistent with the laws of play
  (britannica-9/play: a player who did not follow suit has none of it, one
  who did not trump either has no trump, one who followed low has nothing
  higher; a marked king is held; a king not marked at the first card is taken
  to be elsewhere), enumerated when few and sampled uniformly beyond
  (``CARD_SAMPLES``), each solved double dummy; the card with the most
  expected points for the deal (point, vole, law 49's penalty) is played;
- propose, accept, discard: deals (the opponent's hand and the stock's order)
  are sampled uniformly from the unseen cards, and every option is played out
  in each of them (the same deals for every option): the later choices of both
  sides by a fixed rule (the jeux de règle count of ``reference.strong_enough``;
  keep trumps and kings), the tricks solved double dummy, valued in points.
  Every legal discard is weighed (up to 31).
- always mark the king.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from itertools import combinations
from math import comb

from tutor.engines.base import Advice
from tutor.engines.solver import SUIT_MASKS, Solver, bits, mask_of, suit_number
from tutor.engines.stepper import Stepper
from tutor.rules.actions import ACCEPT, MARK, PLAY, PROPOSE, REFUSE, Action, follow, lead
from tutor.rules.cards import PACK
from tutor.rules.infoset import InfoSet
from tutor.rules.laws import deal_points
from tutor.rules.rulesets import RuleSet

CARD_SAMPLES = 200
EXCHANGE_DEALS = 300
DISCARD_DEALS = 80
FULL = (1 << 32) - 1
_BY_INDEX = {c.index: c for c in PACK}
_SEAT = {"me": 0, "opponent": 1, None: None}
"""A request's ``penalty`` or ``king`` as a seat, seat 0 being me."""


def _strong(hand: int, trump: int) -> bool:
    """``reference.strong_enough`` on a bitmask."""
    t = (hand & SUIT_MASKS[trump]).bit_count()
    plain = hand & ~SUIT_MASKS[trump]
    kings = sum(1 for c in bits(plain) if c & 7 == 7)
    queens = sum(1 for c in bits(plain) if c & 7 == 6)
    courts = sum(1 for c in bits(plain) if c & 7 >= 5)
    if t >= 3:
        return True
    if t == 2:
        return kings >= 1 or courts >= 2
    if t == 1:
        return kings >= 2 or (kings >= 1 and queens >= 2)
    return kings >= 3


def _rule_discard(hand: int, trump: int, low: int, high: int) -> int:
    """Throw all but trumps and kings, lowest first, between low and high cards."""
    keep = hand & (SUIT_MASKS[trump] | sum(1 << (8 * s + 7) for s in range(4)))
    order = sorted(bits(hand), key=lambda c: (bool((1 << c) & keep), c >> 3 == trump, c & 7))
    n = max(low, min(high, (hand & ~keep).bit_count()))
    out = 0
    for c in order[:n]:
        out |= 1 << c
    return out


def _points(
    won: tuple[int, int],
    penalty: int | None,
    rules: RuleSet,
    king: int | None = None,
    me: int = 0,
) -> int:
    """Net points of the deal for seat ``me``: the king (``king``, the seat that
    marked it) and the tricks as ``laws.deal_points`` scores them by the rules in
    force (point 1, vole 2, law 49's penalty or the French point de refus, the
    French cap of three)."""
    points = deal_points(won, penalty, rules, (int(king == 0), int(king == 1)))
    return points[me] - points[1 - me]


class Reference2Engine:
    name = "reference2"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = 0 if seed is None else seed
        self.solver = Solver()

    def advise(self, info: InfoSet) -> Advice:
        rng = random.Random(f"r2|{self.seed}|{info!r}")
        d = info.decision
        if d == "mark_king":
            return Advice(MARK, "Always mark the king.")
        if d in ("lead", "follow"):
            return self._card(info, rng)
        return self._exchange(info, rng)

    # --- card play ---------------------------------------------------------------

    def _card(self, info: InfoSet, rng: random.Random) -> Advice:
        trump = suit_number(info.trump)
        mine = mask_of(info.hand)
        unseen = FULL & ~mask_of(info.seen_cards())
        forbidden, opp_played = _inferences(info, trump)
        king_bit = 1 << info.trump_king.index
        must = king_bit & unseen if info.king == "opponent" else 0
        if opp_played and info.king is None:
            forbidden |= king_bit  # he would have marked it
        size = len(info.hand) - (1 if info.led is not None else 0)
        pool = bits(unseen & ~forbidden & ~must)
        need = size - must.bit_count()
        if len(pool) < need:  # inferences too strict (a king held back): laws only
            pool = bits(unseen & ~must)
        if comb(len(pool), need) <= CARD_SAMPLES:
            worlds = [must | _mask(c) for c in combinations(pool, need)]
        else:
            worlds = [must | _mask(rng.sample(pool, need)) for _ in range(CARD_SAMPLES)]
        won, _ = info.tricks_won()
        penalty = _SEAT[info.penalty]  # seat 0 is me
        king = _SEAT[info.king]
        totals: dict[int, float] = {}
        tricks: dict[int, float] = {}
        for theirs in worlds:
            if info.led is None:
                made = self.solver.lead_values(mine, theirs, trump)
            else:
                made = self.solver.follow_values(mine, theirs, info.led.index, trump)
            for c, t in made.items():
                net = _points((won + t, 5 - won - t), penalty, info.rules, king)
                totals[c] = totals.get(c, 0.0) + net
                tricks[c] = tricks.get(c, 0.0) + t
        best = max(totals, key=lambda c: (totals[c], tricks[c], -(c & 7), -c))
        card = _BY_INDEX[best]
        action = lead(card) if info.led is None else follow(card)
        return Advice(action, f"Most expected points over {len(worlds)} holdings.")

    # --- exchanges ----------------------------------------------------------------

    def _exchange(self, info: InfoSet, rng: random.Random) -> Advice:
        d = info.decision
        if d == "discard":
            options = list(info.legal_actions())
            count = DISCARD_DEALS
        else:
            options = [PLAY, PROPOSE] if d == "propose" else [ACCEPT, REFUSE]
            count = EXCHANGE_DEALS
        trump = suit_number(info.trump)
        mine = mask_of(info.hand)
        pool = bits(FULL & ~mask_of(info.seen_cards()))
        stock = info.stock_size
        deals = []
        for _ in range(count):
            drawn = rng.sample(pool, 5 + stock)
            deals.append((_mask(drawn[:5]), drawn[5:]))
        me_nd = not info.is_dealer
        king_fixed = {"me": 1, "opponent": -1, None: None}[info.king]
        totals = []
        for option in options:
            total = 0
            for theirs, order in deals:
                nd, dl = (mine, theirs) if me_nd else (theirs, mine)
                total += self._playout(info, option, nd, dl, order, trump, me_nd, king_fixed)
            totals.append(total)
        i = max(range(len(options)), key=lambda k: (totals[k], -k))
        values = {str(o): t / count for o, t in zip(options, totals, strict=True)}
        return Advice(options[i], f"Best over {count} simulated deals.", values=values)

    def _playout(
        self,
        info: InfoSet,
        option: Action,
        nd: int,
        dl: int,
        order: list[int],
        trump: int,
        me_nd: bool,
        king_fixed: int | None,
    ) -> int:
        """Net points for me of one deal played out from ``option``: the stepper's
        mechanics, this player's rule for the later choices."""
        d = info.decision
        if d == "discard":
            stage, proposals = ("discard_d" if info.is_dealer else "discard_nd"), 1
        else:
            stage, proposals = d, len(info.exchanges) + (d == "accept")
        deal = Stepper(nd, dl, order, trump, stage, proposals)
        forced = ("discard", mask_of(option.cards)) if d == "discard" else (option.kind, 0)
        deal.exchange(_RulePolicy(trump), forced)
        nd, dl = deal.hands
        t_nd = self.solver.lead_tricks(nd, dl, trump)
        me = 0 if me_nd else 1
        if king_fixed is None:
            return _points((t_nd, 5 - t_nd), deal.penalty, info.rules, deal.king_holder(), me)
        # The king marked before this choice is the same for every option: its point
        # is left out of the value (it counts only in the French cap of three).
        holder = me if king_fixed == 1 else 1 - me
        return _points((t_nd, 5 - t_nd), deal.penalty, info.rules, holder, me) - king_fixed


class _RulePolicy:
    """This player's exchanges: play or refuse by ``_strong``; ``_rule_discard``."""

    def __init__(self, trump: int) -> None:
        self.trump = trump

    def plays(self, hand: int, first: bool) -> bool:
        return _strong(hand, self.trump)

    def refuses(self, hand: int, first: bool) -> bool:
        return _strong(hand, self.trump)

    def discard(self, hand: int, low: int, high: int) -> int:
        return _rule_discard(hand, self.trump, low, high)


def _inferences(info: InfoSet, trump: int) -> tuple[int, bool]:
    """Cards the opponent cannot hold by the laws of play; whether he has played."""
    forbidden = 0
    opp_played = info.led is not None or bool(info.tricks)
    for (first, second), i_led in zip(info.tricks, info.i_led(), strict=True):
        if i_led:  # he replied to my card
            led, reply = first.index, second.index
            suit = SUIT_MASKS[led >> 3]
            if reply >> 3 == led >> 3:
                if reply < led:
                    forbidden |= suit & ~((2 << led) - 1)
            else:
                forbidden |= suit
                if reply >> 3 != trump:
                    forbidden |= SUIT_MASKS[trump]
    return forbidden, opp_played


def _mask(cards: Iterable[int]) -> int:
    out = 0
    for c in cards:
        out |= 1 << c
    return out
