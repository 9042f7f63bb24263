"""One deal at a table of four, five or six: every player dealt in, no écart.

At four and at five or six the French rules deal everyone five cards and allow
no écart ("on n'écarte pas", french/quatre; "On donne 5 cartes à chacun. Il n'y
a pas d'écart", french/cinq-six). What stays of the two-handed deal
(french/donne, french/jeu, britannica-9/deal): packets of two and three (or
three and two), the next card turned up for trumps, a king turned up scoring
the dealer one, the king of trumps marked before its holder's first card, five
tricks led first by the player after the dealer and then by each trick's winner.

A ``RoundDeal`` is an immutable value: ``apply`` returns a new one. It knows
tricks and the king; what they are worth belongs to the table (sides, game).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import TypeVar

from tutor.rules.actions import HOLD, MARK, Action, IllegalAction, follow, lead
from tutor.rules.cards import Card, Rank, Suit, intern
from tutor.rules.deal import Distribution, Phase, shuffled_pack
from tutor.tables.tricks import best_index, legal_plays, play_reason

PLAY_LAW = "tables/tricks"
"""What a card refused at a round table cites: the project's reading of the trick with
more than two (the French rules give the table "the same rule" and no trick law of its
own; a learner review saw french/quatre cited for a rule it does not state)."""

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class RoundDeal:
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    turnup: Card
    phase: Phase
    to_act: int
    leader: int
    trick: tuple[Card, ...] = ()
    """The cards of the trick in progress, in the order played from ``leader``."""
    tricks: tuple[tuple[int, tuple[Card, ...]], ...] = ()
    """Each finished trick: its leader and its cards in the order played."""
    played: tuple[bool, ...] = ()
    king: int | None = None
    """The seat that marked the king of trumps (the dealer, if he turned one up)."""
    law: str = PLAY_LAW
    """The passage a refused card cites."""

    @property
    def size(self) -> int:
        return len(self.hands)

    @property
    def trump(self) -> Suit:
        return self.turnup.suit

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.DONE

    def next_seat(self, seat: int) -> int:
        return (seat + 1) % self.size

    def trick_winner(self, leader: int, cards: tuple[Card, ...]) -> int:
        return (leader + best_index(cards, self.trump)) % self.size

    def tricks_won(self) -> tuple[int, ...]:
        won = [0] * self.size
        for leader, cards in self.tricks:
            won[self.trick_winner(leader, cards)] += 1
        return tuple(won)

    def legal_actions(self) -> tuple[Action, ...]:
        if self.phase is Phase.MARK_KING:
            return (MARK, HOLD)
        if self.phase is Phase.DONE:
            return ()
        cards = legal_plays(self.hands[self.to_act], self.trick, self.trump)
        make = follow if self.trick else lead
        return tuple(make(c) for c in cards)

    def apply(self, action: Action) -> RoundDeal:
        if self.phase is Phase.DONE:
            raise IllegalAction("the deal is over")
        if self.phase is Phase.MARK_KING:
            if action.kind not in ("mark", "hold"):
                raise IllegalAction("mark the king of trumps or hold it before your first card")
            moved = replace(self, phase=Phase.FOLLOW if self.trick else Phase.LEAD)
            return replace(moved, king=self.to_act) if action.kind == "mark" else moved
        expected = "follow" if self.trick else "lead"
        if action.kind != expected:
            raise IllegalAction(f"you must now {expected} a card, not {action.kind}")
        hand = self.hands[self.to_act]
        card = action.card
        if card not in hand:
            raise IllegalAction(f"{card} is not in the hand")
        if card not in legal_plays(hand, self.trick, self.trump):
            raise IllegalAction(play_reason(hand, self.trick, self.trump), law=self.law)
        return self._play(card)

    def play_allowed(self, card: Card) -> RoundDeal:
        """``card`` played by the seat to act, known to be one the laws allow (one of
        ``legal_actions``): not checked again, for the advisor's rollouts, which play
        hundreds of thousands of cards in a review."""
        return self._play(card)

    def _play(self, card: Card) -> RoundDeal:
        seat = self.to_act
        hands = _set(self.hands, seat, tuple(c for c in self.hands[seat] if c is not card))
        played = _set(self.played, seat, True)
        trick = (*self.trick, card)
        if len(trick) < self.size:
            moved = self._after(hands, played, trick, self.tricks, self.leader, Phase.FOLLOW)
            return moved._king_moment()
        winner = self.trick_winner(self.leader, trick)
        tricks = (*self.tricks, (self.leader, trick))
        if len(tricks) == 5:
            return self._after(hands, played, (), tricks, winner, Phase.DONE)
        return self._after(hands, played, (), tricks, winner, Phase.LEAD)._king_moment()

    def _after(
        self,
        hands: tuple[tuple[Card, ...], ...],
        played: tuple[bool, ...],
        trick: tuple[Card, ...],
        tricks: tuple[tuple[int, tuple[Card, ...]], ...],
        leader: int,
        phase: Phase,
    ) -> RoundDeal:
        """The deal after a card, built field by field (``dataclasses.replace`` was a
        third of a review's time: the rollouts play every card through here)."""
        to_act = leader if not trick else (self.to_act + 1) % len(hands)
        return RoundDeal(
            self.dealer, hands, self.turnup, phase, to_act, leader, trick, tricks, played,
            self.king, self.law,
        )  # fmt: skip

    def _king_moment(self) -> RoundDeal:
        """The king of trumps is marked just before its holder's first card (french/jeu)."""
        seat = self.to_act
        if not self.played[seat] and intern(Rank.KING, self.trump) in self.hands[seat]:
            return replace(self, phase=Phase.MARK_KING)
        return self


def _set(values: tuple[T, ...], seat: int, value: T) -> tuple[T, ...]:
    return (*values[:seat], value, *values[seat + 1 :])


def deal_round(
    rng: random.Random,
    size: int,
    dealer: int,
    distribution: Distribution = (3, 2),
    law: str = PLAY_LAW,
) -> RoundDeal:
    """Shuffle, cut and deal five to each from the dealer's left, then turn up the trump."""
    return deal_round_from_pack(shuffled_pack(rng), size, dealer, distribution, law)


def deal_round_from_pack(
    pack: list[Card] | tuple[Card, ...],
    size: int,
    dealer: int,
    distribution: Distribution = (3, 2),
    law: str = PLAY_LAW,
) -> RoundDeal:
    if not 3 <= size <= 6:
        raise ValueError(
            "a round table seats three to six players (32 cards: 5 each and a turn-up)"
        )
    cards = list(pack)
    hands: list[list[Card]] = [[] for _ in range(size)]
    order = [(dealer + 1 + i) % size for i in range(size)]
    for packet in distribution:
        for seat in order:
            hands[seat].extend(cards[:packet])
            del cards[:packet]
    turnup = cards[0]
    first = order[0]
    deal = RoundDeal(
        dealer=dealer,
        hands=tuple(tuple(h) for h in hands),
        turnup=turnup,
        phase=Phase.LEAD,
        to_act=first,
        leader=first,
        played=(False,) * size,
        king=dealer if turnup.rank is Rank.KING else None,
        law=law,
    )
    return deal._king_moment()
