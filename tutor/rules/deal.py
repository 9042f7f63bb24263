"""One deal of écarté as a state machine of immutable positions.

A ``Position`` holds everything about a deal: both hands, the stock, the
turn-up, the exchanges, the tricks and the points scored so far. ``apply``
returns a new position; nothing is mutated, so engines look ahead freely and
undo is a list of earlier positions. What a player may know of a position is
``infoset(seat)``: nothing hidden leaks through it.

The sequence (britannica-9/deal, britannica-9/proposing, club-laws/8-38):
deal and turn-up (a king turned scores the dealer one, club-laws/47);
the non-dealer plays or proposes; the dealer accepts or refuses; after an
acceptance the non-dealer discards 1-5 and draws, then the dealer 0-5;
again until one plays or refuses, or the stock runs out (club-laws/38: the
non-dealer draws first, and a dealer the stock cannot serve plays his hand);
the king of trumps marked as each player is about to play his first card
(club-laws/23), or, when the king is that first card, until it is played to
(the non-dealer's, led) or until its holder plays again (the dealer's)
(club-laws/24); five tricks; the score.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from enum import Enum
from itertools import combinations
from typing import TypeVar

from tutor.rules.actions import (
    ACCEPT,
    HOLD,
    MARK,
    PLAY,
    PROPOSE,
    REFUSE,
    Action,
    IllegalAction,
    discard,
    follow,
    lead,
)
from tutor.rules.cards import PACK, Card, Rank, Suit, intern
from tutor.rules.laws import deal_points, legal_follows, trick_leaders, trick_winner
from tutor.rules.rulesets import ENGLISH, RuleSet

STOCK_SIZE = 21
"""32 cards, less ten dealt and the turn-up."""

Hands = tuple[tuple[Card, ...], tuple[Card, ...]]


class Phase(Enum):
    PROPOSE = "propose"
    ACCEPT = "accept"
    DISCARD = "discard"
    MARK_KING = "mark_king"
    LEAD = "lead"
    FOLLOW = "follow"
    DONE = "done"


Distribution = tuple[int, int]
"""Packets the dealer gives each player: (2, 3) or (3, 2) (club-laws/8)."""


@dataclass(frozen=True, slots=True)
class Position:
    rules: RuleSet
    dealer: int
    score: tuple[int, int]
    """Each seat's points in this game before the deal."""
    hands: Hands
    turnup: Card
    stock: tuple[Card, ...]
    phase: Phase
    to_act: int
    dealt: Hands
    exchanges: tuple[tuple[int, int], ...] = ()
    discards: Hands = ((), ())
    penalty: int | None = None
    """The seat that played without proposing or refused the first proposal."""
    king: int | None = None
    """The seat that marked the king of trumps (a turned-up king: the dealer)."""
    tricks: tuple[tuple[Card, Card], ...] = ()
    leader: int = 0
    led: Card | None = None
    points: tuple[int, int] = (0, 0)
    """Points scored in this deal so far, by seat."""
    proposals: int = 0
    played: tuple[bool, bool] = field(default=(False, False))
    """Whether each seat has played a card (the king is marked before the first,
    or, when the king is the first, within club law 24's window)."""

    # --- derived facts -------------------------------------------------

    @property
    def trump(self) -> Suit:
        return self.turnup.suit

    @property
    def nondealer(self) -> int:
        return 1 - self.dealer

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.DONE

    @property
    def game_won_by(self) -> int | None:
        """The seat whose total reached the game, if one did (even mid-deal)."""
        for seat in (0, 1):
            if self.score[seat] + self.points[seat] >= self.rules.game_points:
                return seat
        return None

    def trick_winners(self) -> tuple[int, ...]:
        """The seat that won each completed trick, in order (the non-dealer leads the
        first, the winner of a trick the next: britannica-9/play)."""
        return trick_leaders(self.tricks, self.trump, self.nondealer)[1:]

    def tricks_won(self) -> tuple[int, int]:
        winners = self.trick_winners()
        return winners.count(0), winners.count(1)

    def role(self, seat: int) -> str:
        return "dealer" if seat == self.dealer else "nondealer"

    def drawn(self, seat: int) -> tuple[Card, ...]:
        """The cards of ``seat``'s hand that came from the stock, not the deal."""
        return tuple(c for c in self.hands[seat] if c not in self.dealt[seat])

    # --- legal actions ---------------------------------------------------

    def legal_actions(self) -> tuple[Action, ...]:
        phase = self.phase
        hand = self.hands[self.to_act]
        if phase is Phase.PROPOSE:
            return (PLAY, PROPOSE)
        if phase is Phase.ACCEPT:
            return (ACCEPT, REFUSE)
        if phase is Phase.DISCARD:
            low, high = self.discard_range()
            return tuple(
                discard(*combo) for n in range(low, high + 1) for combo in combinations(hand, n)
            )
        if phase is Phase.MARK_KING:
            return (MARK, HOLD)
        if phase is Phase.LEAD:
            return tuple(lead(c) for c in hand)
        if phase is Phase.FOLLOW:
            assert self.led is not None
            return tuple(follow(c) for c in legal_follows(hand, self.led, self.trump))
        return ()

    def discard_range(self) -> tuple[int, int]:
        """How many cards the player to act may discard: never more than the stock
        holds (club-laws/38). The non-dealer draws first, as many as he asks for or
        as many as are left. The dealer's discard is the number he wishes to
        exchange, in full: he draws only when the stock holds that many, and a
        dealer who wishes more than are left "must play his hand", discarding none;
        he is never given part of what he wishes (the project's reading,
        readings/stock-short)."""
        if self.to_act == self.nondealer:
            return 1, min(5, len(self.stock))
        return 0, min(5, len(self.stock))

    def king_law(self) -> str | None:
        """The law under which the mark is offered now: ``club-laws/23`` before the
        holder's first card, ``club-laws/24`` after the king itself was his first
        card (led by the non-dealer and not yet played to, or played by the dealer,
        who has not played again); None when no mark is offered. The windows are
        the project's reading of the two laws, readings/king-window."""
        if self.phase is not Phase.MARK_KING:
            return None
        return "club-laws/24" if self.played[self.to_act] else "club-laws/23"

    def is_legal(self, action: Action) -> bool:
        try:
            self._check(action)
        except IllegalAction:
            return False
        return True

    def _check(self, action: Action) -> None:
        phase = self.phase
        if phase is Phase.DONE:
            raise IllegalAction("the deal is over")
        expected = {
            Phase.PROPOSE: ("play", "propose"),
            Phase.ACCEPT: ("accept", "refuse"),
            Phase.DISCARD: ("discard",),
            Phase.MARK_KING: ("mark", "hold"),
            Phase.LEAD: ("lead",),
            Phase.FOLLOW: ("follow",),
        }[phase]
        if action.kind not in expected:
            raise IllegalAction(
                f"the {self.role(self.to_act).replace('nondealer', 'non-dealer')} must now"
                f" {' or '.join(expected)}, not {action.kind}"
            )
        hand = self.hands[self.to_act]
        missing = [c for c in action.cards if c not in hand]
        if missing:
            raise IllegalAction(f"{' '.join(map(str, missing))} is not in the hand")
        if phase is Phase.DISCARD:
            low, high = self.discard_range()
            if not low <= len(action.cards) <= high:
                raise IllegalAction(
                    discard_limits(self.to_act == self.nondealer, low, high),
                    law="club-laws/38" if high < 5 else "britannica-9/proposing",
                )
        if phase is Phase.FOLLOW:
            assert self.led is not None
            allowed = legal_follows(hand, self.led, self.trump)
            if action.card not in allowed:
                raise IllegalAction(
                    _follow_reason(hand, self.led, self.trump), law="britannica-9/play"
                )

    # --- transitions ---------------------------------------------------------

    def apply(self, action: Action) -> Position:
        self._check(action)
        kind = action.kind
        if kind == "play":
            penalty = self.nondealer if self.proposals == 0 else self.penalty
            return replace(self, penalty=penalty)._start_play()
        if kind == "propose":
            return replace(
                self, phase=Phase.ACCEPT, to_act=self.dealer, proposals=self.proposals + 1
            )
        if kind == "accept":
            return replace(self, phase=Phase.DISCARD, to_act=self.nondealer)
        if kind == "refuse":
            penalty = self.dealer if self.proposals == 1 else self.penalty
            return replace(self, penalty=penalty)._start_play()
        if kind == "discard":
            return self._exchange(action.cards)
        if kind in ("mark", "hold"):
            return self._king(kind == "mark")
        if kind == "lead":
            return self._lead(action.card)
        return self._follow(action.card)

    def _exchange(self, thrown: tuple[Card, ...]) -> Position:
        seat = self.to_act
        n = len(thrown)
        drawn, stock = self.stock[:n], self.stock[n:]
        hand = tuple(c for c in self.hands[seat] if c not in thrown) + drawn
        hands = _set(self.hands, seat, hand)
        discards = _set(self.discards, seat, self.discards[seat] + thrown)
        if seat == self.nondealer:
            moved = replace(
                self,
                hands=hands,
                stock=stock,
                discards=discards,
                exchanges=(*self.exchanges, (n, 0)),
            )
            if not stock:  # club-laws/38: nothing left, the dealer plays his hand as it is
                return moved._start_play()
            return replace(moved, to_act=self.dealer)
        last = (self.exchanges[-1][0], n)
        moved = replace(
            self,
            hands=hands,
            stock=stock,
            discards=discards,
            exchanges=(*self.exchanges[:-1], last),
        )
        if not stock:
            return moved._start_play()
        return replace(moved, phase=Phase.PROPOSE, to_act=self.nondealer)

    def _start_play(self) -> Position:
        started = replace(self, leader=self.nondealer, to_act=self.nondealer, phase=Phase.LEAD)
        return started._maybe_king_moment()

    def _maybe_king_moment(self) -> Position:
        """Offer the mark just before the player to act plays his first card (club-laws/23)."""
        seat = self.to_act
        if not self.played[seat] and self.holds_trump_king(seat):
            return replace(self, phase=Phase.MARK_KING)
        return self

    def holds_trump_king(self, seat: int) -> bool:
        return intern(Rank.KING, self.trump) in self.hands[seat]

    def _king_first(self, seat: int, card: Card) -> bool:
        """Whether ``card`` is the king of trumps, unmarked, played as ``seat``'s first
        card: club law 24 then keeps the mark open ("if the king be the card first
        led, it may be announced at any time prior to its being played to"; "if the
        king be the card first played by the dealer, he may announce it at any time
        before he plays again")."""
        return (
            not self.played[seat]
            and self.king is None
            and card.rank is Rank.KING
            and card.suit is self.trump
        )

    def _king(self, marked: bool) -> Position:
        seat = self.to_act
        if self.played[seat] and self.led is not None:
            # club-laws/24: the non-dealer's king led, announced or not before it
            # is played to; the dealer plays to it next.
            moved = replace(self, phase=Phase.FOLLOW, to_act=1 - seat)
        else:
            next_phase = Phase.LEAD if self.led is None else Phase.FOLLOW
            moved = replace(self, phase=next_phase)
        if marked:
            points = _set(self.points, seat, self.points[seat] + 1)
            moved = replace(moved, king=seat, points=points)
            if moved.game_won_by is not None:  # the game is won the moment five is reached
                return replace(moved, phase=Phase.DONE)
        return moved

    def _lead(self, card: Card) -> Position:
        seat = self.to_act
        moved = replace(
            self,
            hands=_set(self.hands, seat, tuple(c for c in self.hands[seat] if c != card)),
            played=_set(self.played, seat, True),
            led=card,
            to_act=1 - seat,
            phase=Phase.FOLLOW,
        )
        if self._king_first(seat, card):  # club-laws/24: until it is played to
            return replace(moved, to_act=seat, phase=Phase.MARK_KING)
        return moved._maybe_king_moment()

    def _follow(self, card: Card) -> Position:
        seat = self.to_act
        assert self.led is not None
        tricks = (*self.tricks, (self.led, card))
        winner = 1 - seat if trick_winner(self.led, card, self.trump) == 0 else seat
        moved = replace(
            self,
            hands=_set(self.hands, seat, tuple(c for c in self.hands[seat] if c != card)),
            played=_set(self.played, seat, True),
            tricks=tricks,
            led=None,
            leader=winner,
            to_act=winner,
            phase=Phase.LEAD,
        )
        if len(tricks) == 5:
            return moved._score()
        if winner == seat and self._king_first(seat, card):
            # club-laws/24: the dealer's king, his first card, may be announced
            # "at any time before he plays again"; it wins the trick, so he leads next.
            return replace(moved, phase=Phase.MARK_KING)
        return moved._maybe_king_moment()

    def _score(self) -> Position:
        points = deal_points(self.tricks_won(), self.penalty, self.rules, self.points)
        return replace(self, points=points, phase=Phase.DONE)


T = TypeVar("T")


def _set(pair: tuple[T, T], seat: int, value: T) -> tuple[T, T]:
    return (value, pair[1]) if seat == 0 else (pair[0], value)


_NUMBERS = ("no", "one", "two", "three", "four", "five")


def discard_count(low: int, high: int) -> str:
    """How many cards may be discarded, in words, for a prompt ("Discard ..."): "from
    one to five cards", "up to three cards, or none", "one card". Words, not figures:
    "one to 5 cards" reads as "one, to five cards"."""
    most = _NUMBERS[high]
    if high <= 1:
        return "no card" if not high else "one card" if low else "one card, or none"
    if low:
        return f"from {_NUMBERS[low]} to {most} cards"
    return f"up to {most} cards, or none"


def discard_limits(nondealer: bool, low: int, high: int) -> str:
    """Why a discard of the wrong size is refused, in words: the non-dealer must
    change at least one card, and nobody may take more than the stock holds."""
    most = _NUMBERS[high]
    short = f" (the stock holds only {most})" if high < 5 else ""
    if nondealer and low:
        return (
            f"The non-dealer must discard at least one card, and may discard up to {most}{short}."
        )
    if high < 5:  # club-laws/38: the dealer draws only when the stock holds what he wishes
        return (
            f"The dealer may discard up to {most} card{'s' if high != 1 else ''}{short};"
            " wishing more, he must play his hand as it is."
        )
    return f"The dealer may discard up to {most} cards."


def _follow_reason(hand: tuple[Card, ...], led: Card, trump: Suit) -> str:
    same = [c for c in hand if c.suit == led.suit]
    if same:
        if any(c.rank > led.rank for c in same):
            return f"You must follow suit and win the trick if you can: play a {led.suit.noun[:-1]} higher than the {led.rank.noun}."
        return f"You must follow suit: play a {led.suit.noun[:-1]}."
    return f"Holding no {led.suit.noun}, you must win the trick with a trump ({trump.noun})."


def shuffled_pack(rng: random.Random) -> list[Card]:
    """Shuffle, then cut, leaving at least two cards in each packet (club-laws/3)."""
    cards = list(PACK)
    rng.shuffle(cards)
    cut = rng.randint(2, len(cards) - 2)
    return cards[cut:] + cards[:cut]


def deal_position(
    rng: random.Random,
    dealer: int,
    score: tuple[int, int] = (0, 0),
    rules: RuleSet = ENGLISH,
    distribution: Distribution = (3, 2),
) -> Position:
    """Deal from a freshly shuffled pack (britannica-9/deal, club-laws/8, club-laws/10)."""
    return deal_from_pack(shuffled_pack(rng), dealer, score, rules, distribution)


def deal_from_pack(
    pack: list[Card] | tuple[Card, ...],
    dealer: int,
    score: tuple[int, int] = (0, 0),
    rules: RuleSet = ENGLISH,
    distribution: Distribution = (3, 2),
) -> Position:
    """Deal a pack in the given order: packets to the non-dealer first, then the dealer."""
    if sorted(c.index for c in pack) != list(range(32)):
        raise ValueError("a pack must hold each of the 32 cards once")
    cards = list(pack)
    hands: list[list[Card]] = [[], []]
    nondealer = 1 - dealer
    for size in distribution:
        for seat in (nondealer, dealer):
            hands[seat].extend(cards[:size])
            del cards[:size]
    turnup, stock = cards[0], tuple(cards[1:])
    dealt = (tuple(hands[0]), tuple(hands[1]))
    return start_position(dealt, turnup, stock, dealer, score, rules)


def start_position(
    hands: Hands,
    turnup: Card,
    stock: tuple[Card, ...],
    dealer: int,
    score: tuple[int, int] = (0, 0),
    rules: RuleSet = ENGLISH,
) -> Position:
    position = Position(
        rules=rules,
        dealer=dealer,
        score=score,
        hands=hands,
        turnup=turnup,
        stock=stock,
        phase=Phase.PROPOSE,
        to_act=1 - dealer,
        dealt=hands,
        leader=1 - dealer,
    )
    if turnup.rank is Rank.KING:  # club-laws/47: turning up a king scores one
        position = replace(position, king=dealer, points=_set((0, 0), dealer, 1))
        if position.game_won_by is not None:
            return replace(position, phase=Phase.DONE)
    return position
