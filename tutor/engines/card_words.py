"""What a card does in this hand, in one plain sentence, before any figure.

"K♠ draws the adversary's last trump and makes sure of the point" tells a learner
why a card is played; "+0.84 over 1,500 holdings" does not. The sentence is built
from two kinds of fact, each checked, never guessed:

- the position, from what the player has seen (``sampling.view_of``): how many trumps
  the adversary may still hold (at most, at least), whether any card he may hold
  beats this one, whether he may be void in its suit, what the card keeps back
  (a guarded queen or knave, the trumps);
- the solver's lines over the holdings he may have (``outcomes``: for each legal
  card, the weighted chance of ending the deal with 0 to 5 tricks, as
  ``BestEngine.card_outcomes`` gives them): whether the card makes sure of the
  point, gives up the vole for it, saves the vole, and so on, against the others.

Only what a card does well is said of it (never "lessens the chance of the
point"), so a sentence about the engine's card cannot contradict its verdict;
a card the figures do not set apart gets its trick-level sentence alone.
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from tutor.engines.sampling import View, holdings, view_of
from tutor.engines.solver import SUIT_MASKS, Solver, mask_of, suit_number
from tutor.hints.explain import number
from tutor.rules.cards import Card, Rank
from tutor.rules.infoset import InfoSet
from tutor.rules.laws import legal_follows

Outcomes = Mapping[int, Sequence[float]]
"""For each legal card (by ``Card.index``): the weight of ending the deal with t
tricks, t = 0..5 (the tricks already won included)."""

SURE = 0.999
"""A chance at least this high is told as certain: every holding weighed."""
APART = 0.02
"""How much one card's chance must exceed another's to be told as better."""

_SOLVER = Solver()


def outcomes_of(info: InfoSet, enumerate_limit: int = 2000, samples: int = 300) -> Outcomes:
    """The outcomes of every legal card over the holdings the adversary may have
    (enumerated when few enough, sampled beyond), each deal solved exactly; the
    samples seeded from the position, so the same position says the same thing."""
    rng = random.Random(zlib.crc32(repr(info).encode()))
    worlds, _ = holdings(info, rng, enumerate_limit, samples)
    trump = suit_number(info.trump)
    mine = mask_of(info.hand)
    won, _ = info.tricks_won()
    out: dict[int, list[float]] = {}
    for world in worlds:
        if info.led is None:
            made = _SOLVER.lead_values(mine, world.holding, trump)
        else:
            made = _SOLVER.follow_values(mine, world.holding, info.led.index, trump)
        for c, t in made.items():
            out.setdefault(c, [0.0] * 6)[won + t] += world.weight
    return out


@dataclass(frozen=True)
class Chances:
    """One card's chances, from its outcomes: of the point (three tricks), of the
    vole (five), of a trick at least (the vole saved)."""

    point: float
    vole: float
    a_trick: float

    @staticmethod
    def of(row: Sequence[float]) -> Chances:
        total = sum(row) or 1.0
        return Chances(sum(row[3:]) / total, row[5] / total, 1 - row[0] / total)


def card_sentence(info: InfoSet, card: Card, outcomes: Outcomes | None = None) -> str:
    """One sentence: what ``card`` (a legal card of ``info``'s lead or follow) does in
    this hand. ``outcomes`` as ``outcomes_of`` gives them (computed if not given)."""
    if info.decision not in ("lead", "follow") or card not in info.hand:
        return ""
    facts = _Facts(info, view_of(info))
    main = facts.follow(card) if info.led is not None else facts.lead(card)
    if outcomes is None:
        outcomes = outcomes_of(info)
    purpose = _purpose(info, card, outcomes)
    if not purpose and info.led is not None and facts.wins_for_sure(card):
        purpose = facts.winners_after(card)
    return f"{main}{', and ' + purpose if purpose else ''}."


# --- the trick: facts of the position ---------------------------------------------------


class _Facts:
    """What the position says of a card, from what the player has seen."""

    def __init__(self, info: InfoSet, view: View) -> None:
        self.info = info
        self.view = view
        self.trump = info.trump
        self.trumps_mask = SUIT_MASKS[view.trump]

    # the adversary's cards

    def his_max(self, suit_mask: int) -> int:
        """The most cards of a suit he may hold now."""
        return min(self.view.size, (self.view.candidates & suit_mask).bit_count())

    def his_min(self, suit_mask: int) -> int:
        """The fewest cards of a suit he may hold now."""
        others = (self.view.candidates & ~suit_mask).bit_count()
        return max((self.view.must & suit_mask).bit_count(), self.view.size - others)

    def higher_out(self, card: Card) -> int:
        """The cards he may hold above ``card`` in its suit."""
        suit = SUIT_MASKS[card.index >> 3]
        return self.view.candidates & suit & ~((2 << card.index) - 1)

    def is_master(self, card: Card) -> bool:
        return not self.higher_out(card)

    # my hand

    def rest(self, card: Card) -> list[Card]:
        return [c for c in self.info.hand if c != card]

    def my_suit(self, card: Card, cards: Sequence[Card] | None = None) -> list[Card]:
        cards = self.info.hand if cards is None else cards
        return [c for c in cards if c.suit == card.suit]

    def trump_cards(self, cards: Sequence[Card]) -> list[Card]:
        return [c for c in cards if c.suit == self.trump]

    def guard_kept(self, card: Card, choices: Sequence[Card]) -> str:
        """``Q♦ guarded by 7♦`` where playing ``card`` keeps a queen or knave (one he may
        beat) with a smaller card of its suit beside it, and another of ``choices`` would
        have broken it; "" otherwise."""
        rest = self.rest(card)
        for high in sorted(rest, key=lambda c: -int(c.rank)):
            if high.rank not in (Rank.QUEEN, Rank.KNAVE) or self.is_master(high):
                continue
            smaller = [c for c in rest if c.suit == high.suit and c.rank < high.rank]
            if not smaller:
                continue
            if any(not self._still_guarded(high, c) for c in choices if c != card):
                return f"{high.label} guarded by {min(smaller, key=lambda c: c.rank).label}"
        return ""

    def _still_guarded(self, high: Card, played: Card) -> bool:
        """Whether ``high`` keeps a smaller card of its suit beside it once ``played`` goes."""
        return played != high and any(
            c.suit == high.suit and c.rank < high.rank for c in self.rest(played)
        )

    # the lead

    def lead(self, card: Card) -> str:
        if card.suit == self.trump:
            return self._trump_lead(card)
        name = card.label
        suit = SUIT_MASKS[card.index >> 3]
        he_may_trump = self.his_max(self.trumps_mask) > 0 and self.his_min(suit) == 0
        if self.is_master(card):
            if not he_may_trump:
                return f"{name} wins the trick, as nothing he can hold beats it"
            return (
                f"{name}, the master {card.suit.noun[:-1]}, wins the trick unless he can trump it"
            )
        mine = self.my_suit(card)
        trumps = self.trump_cards(self.rest(card))
        if len(mine) == 1 and trumps and len(self.info.hand) > 2:
            return (
                f"{name} leads your only {card.suit.noun[:-1]}, so that you can trump"
                f" his {card.suit.noun} later"
            )
        higher_mine = [c for c in mine if c.rank > card.rank]
        if higher_mine:
            top = max(higher_mine, key=lambda c: c.rank)
            return f"{name} leads from your {card.suit.noun}, keeping {top.label} back"
        if trumps:
            kept = " ".join(c.label for c in trumps)
            yours = "your trumps" if len(trumps) > 1 else "your trump"
            return f"{name} leads a plain card he may beat, keeping {yours} {kept}"
        guard = self.guard_kept(card, self.info.hand)
        if guard:
            return f"{name} leads a card he may beat, keeping {guard}"
        return f"{name} leads a card he may beat"

    def _trump_lead(self, card: Card) -> str:
        name = card.label
        most, least = self.his_max(self.trumps_mask), self.his_min(self.trumps_mask)
        master = self.is_master(card)
        if most == 0:
            return f"{name} is a trump he cannot answer, having none left, so it wins the trick"
        if most == 1:
            last = "the adversary's last trump" + (", if he still has one" if least == 0 else "")
            return (
                f"{name} takes the trick and with it {last}" if master else f"{name} draws {last}"
            )
        some = ", if he has any" if least == 0 else ""
        if master:
            return f"{name}, your master trump, takes the trick and draws one of his trumps{some}"
        return f"{name} draws one of his trumps{some} (he may hold {number(most)})"

    # the follow

    def wins_for_sure(self, card: Card) -> bool:
        """Whether ``card`` takes the card led (always known when following)."""
        led = self.info.led
        assert led is not None
        if card.suit == led.suit:
            return card.rank > led.rank
        return card.suit == self.trump

    def follow(self, card: Card) -> str:
        led = self.info.led
        assert led is not None
        name, his = card.label, led.label
        legal = list(legal_follows(self.info.hand, led, self.trump))
        if card.suit == led.suit and card.rank > led.rank:
            cheaper = [c for c in legal if c.suit == card.suit and c.rank < card.rank]
            if not cheaper or all(self._touching(c, card) for c in cheaper):
                return f"{name} wins his {his} as cheaply as it can be won"
            return f"{name} wins his {his}"
        if card.suit == self.trump and led.suit != self.trump:
            smaller = [c for c in legal if c.rank < card.rank]
            cheap = not smaller or all(self._touching(c, card) for c in smaller)
            return f"{name} trumps his {his}{', the smallest trump that does it' if cheap else ''}"
        if card.suit == led.suit:
            guard = self.guard_kept(card, legal)
            lowest = min(legal, key=lambda c: c.rank)
            if guard:
                return f"{name} goes under his {his}, which you cannot beat, keeping {guard}"
            if lowest.rank == card.rank:
                return f"{name}, your smallest {led.suit.noun[:-1]}, goes under his {his}, which you cannot beat"
            return f"{name} goes under his {his}, which you cannot beat"
        guard = self.guard_kept(card, legal)
        if guard:
            return f"{name} is thrown to his {his}, which you cannot win, keeping {guard}"
        lowest = min(legal, key=lambda c: c.rank)
        if lowest.rank == card.rank:
            return f"{name}, your smallest card, is thrown to his {his}, which you cannot win"
        return f"{name} is thrown to his {his}, which you cannot win"

    def _touching(self, low: Card, high: Card) -> bool:
        """No card he may hold between ``low`` and ``high`` of one suit: they play alike."""
        between = ((1 << high.index) - 1) & ~((2 << low.index) - 1)
        return not (self.view.candidates & between)

    def winners_after(self, card: Card) -> str:
        """Winning the trick, the lead for the cards nothing he holds can beat, if any."""
        rest = self.rest(card)
        sure = [
            c
            for c in rest
            if self.is_master(c)
            and (
                c.suit == self.trump
                or self.his_max(self.trumps_mask) == 0
                or self.his_min(SUIT_MASKS[c.index >> 3]) > 0
            )
        ]
        if not sure:
            return ""
        return (
            f"takes the lead to play your {' '.join(c.label for c in sure)}, which he cannot beat"
        )


# --- the deal: what the solver's lines say ------------------------------------------------


def _purpose(info: InfoSet, card: Card, outcomes: Outcomes) -> str:
    """What the card does for the point and the vole against the other legal cards,
    where the solver's lines set it apart; only what it does well."""
    if card.index not in outcomes:
        return ""
    mine = Chances.of(outcomes[card.index])
    others = [Chances.of(row) for c, row in outcomes.items() if c != card.index]
    if not others:
        return ""
    best_point = max(o.point for o in others)
    best_vole = max(o.vole for o in others)
    best_trick = max(o.a_trick for o in others)
    worst_trick = min(o.a_trick for o in others)
    won, _ = info.tricks_won()
    if won == 0 and mine.a_trick >= SURE and worst_trick < SURE - APART and mine.point < SURE:
        return "saves the vole, making sure you take a trick"
    if won == 0 and mine.a_trick > best_trick + APART and mine.point < SURE:
        return "gives you the best chance to save the vole"
    if mine.vole >= SURE and best_vole < SURE - APART:
        return "wins the vole whatever he holds"
    if mine.point >= SURE:
        for_vole = [o for o in others if o.vole > mine.vole + APART]
        if for_vole:
            # told only where every card with more chance of the vole risks the point
            if all(o.point < SURE - APART for o in for_vole):
                return "gives up the vole to make sure of the point"
            return ""
        if best_point < SURE - APART:
            if mine.vole > APART and mine.vole >= best_vole - APART:
                return "makes sure of the point with the vole still in reach"
            return "makes sure of the point"
        if mine.vole > best_vole + APART:
            return "keeps the point sure and plays for the vole"
        if mine.vole <= APART and best_vole <= APART:  # no card is set apart
            return "the point is yours whatever you play"
        return ""
    if mine.point > best_point + APART:
        if mine.vole + APART < best_vole:
            return "gives you the best chance of the point, though less of the vole"
        return "gives you the best chance of the point"
    if mine.vole > best_vole + APART and mine.point + APART < best_point:
        return "risks the point to play for the vole"
    if mine.vole > best_vole + APART and mine.point >= best_point - APART:
        return "plays for the vole"
    # nothing sets the card apart: what the hand holds whatever is played, if that is sure
    if mine.point <= 1 - SURE and best_point <= 1 - SURE:
        return "the point is his whatever you play"
    return ""


__all__ = ["Chances", "Outcomes", "card_sentence", "outcomes_of"]
