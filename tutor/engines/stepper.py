"""The mechanics of one deal on bitmasks, stepped fast, for the simulations.

The engines value a choice by playing the rest of the deal many times, with
every hidden card known. ``tutor.rules.deal.Position`` is the deal as the laws state
it, one immutable value a step; this is the same sequence on ints, mutated in
place, for the play-outs of ``best`` (``policy.Rollout``) and of the
``reference2`` sparring player. Only the mechanics live here: drawing from the
stock, the order of the exchanges, the penalty of club-laws/49, the legal
cards, the tricks and who leads them, the points. Each engine brings its own
decisions (an ``ExchangePolicy``), and those stay its own.

``tests/test_stepper.py`` drives a ``Stepper`` and a ``Position`` through the
same random choices, English and French rules, and finds the same hands,
tricks and points.

Seats: 0 is the non-dealer, 1 the dealer. A card is its ``Card.index``, a hand
the bitmask of its cards (``solver.mask_of``); the stock is a list of cards,
drawn from the front.
"""

from __future__ import annotations

from typing import Protocol

from tutor.engines.solver import follows_mask, second_wins
from tutor.rules.laws import deal_points
from tutor.rules.rulesets import RuleSet

PROPOSE = "propose"
ACCEPT = "accept"
DISCARD_ND = "discard_nd"
DISCARD_D = "discard_d"
PLAY = "play"
DONE = "done"

EXCHANGE_STAGES = (PROPOSE, ACCEPT, DISCARD_ND, DISCARD_D)

Forced = tuple[str, int]
"""A first action imposed on a play-out: ``("play", 0)``, ``("refuse", 0)``,
``("discard", mask)``... Only its kind counts at a proposal or an acceptance
(``play`` plays, ``refuse`` refuses, anything else proposes or accepts), only
its mask at a discard."""


class ExchangePolicy(Protocol):
    """An engine's decisions in the exchanges (its own; the stepper only obeys)."""

    def plays(self, hand: int, first: bool) -> bool:
        """The non-dealer plays (rather than proposes) with ``hand``; ``first``: at
        the deal's first proposal, where law 49's penalty is at stake."""
        ...

    def refuses(self, hand: int, first: bool) -> bool:
        """The dealer refuses (rather than accepts) with ``hand``; ``first``: the
        deal's first proposal, where law 49's penalty is at stake."""
        ...

    def discard(self, hand: int, low: int, high: int) -> int:
        """The cards thrown from ``hand``, between ``low`` and ``high`` of them."""
        ...


class Stepper:
    """One deal from an exchange decision (or the start of play) to its end."""

    __slots__ = (
        "drawn",
        "hands",
        "king",
        "leader",
        "led",
        "penalty",
        "proposals",
        "stage",
        "stock",
        "thrown",
        "trump",
        "won",
    )

    def __init__(
        self,
        nd: int,
        d: int,
        stock: list[int],
        trump: int,
        stage: str = PROPOSE,
        proposals: int = 0,
        penalty: int | None = None,
        king: int | None = None,
    ) -> None:
        """``proposals``: the proposals made so far this deal, the one pending at
        ``accept`` included (as ``Position.proposals``); ``king``: the seat that
        marked the king (or the dealer, who turned it up), if any."""
        self.trump = trump
        self.hands = [nd, d]
        self.thrown = [0, 0]
        """Each seat's discards this deal (what he has seen beyond his hand)."""
        self.stock = stock
        self.drawn = 0
        self.stage = stage
        self.proposals = proposals
        self.penalty = penalty
        self.king = king
        self.leader = 0
        self.led: int | None = None
        self.won = [0, 0]
        if stage == PLAY:
            self._start_play()

    # --- the exchanges (britannica-9/proposing, club-laws/38, club-laws/49) ----------

    @property
    def left(self) -> int:
        """Cards still in the stock."""
        return len(self.stock) - self.drawn

    def discard_range(self) -> tuple[int, int]:
        """As ``Position.discard_range``: the non-dealer one to five, the dealer
        none to five, never more than the stock holds (club-laws/38)."""
        return (1 if self.stage == DISCARD_ND else 0), min(5, len(self.stock) - self.drawn)

    def play(self) -> None:
        """The non-dealer plays; without a proposal first, law 49's penalty is his."""
        if self.proposals == 0:
            self.penalty = 0
        self._start_play()

    def propose(self) -> None:
        self.proposals += 1
        self.stage = ACCEPT

    def accept(self) -> None:
        self.stage = DISCARD_ND

    def refuse(self) -> None:
        """The dealer refuses; refusing the first proposal, the penalty is his."""
        if self.proposals == 1:
            self.penalty = 1
        self._start_play()

    def discard(self, thrown: int) -> None:
        """The player to discard throws ``thrown`` and draws as many. Cards not in
        his hand are ignored, and no more are thrown than the stock can replace
        (club-laws/38). The stock out, play begins."""
        seat = 0 if self.stage == DISCARD_ND else 1
        hand = self.hands[seat]
        thrown = at_most(thrown & hand, self.left)
        n = thrown.bit_count()
        start = self.drawn
        drawn = 0
        for c in self.stock[start : start + n]:
            drawn |= 1 << c
        self.hands[seat] = (hand & ~thrown) | drawn
        self.thrown[seat] |= thrown
        self.drawn = start + n
        if self.drawn >= len(self.stock):
            self._start_play()
        else:
            self.stage = DISCARD_D if seat == 0 else PROPOSE

    def exchange(self, policy: ExchangePolicy, forced: Forced | None = None) -> None:
        """Play the exchanges out: ``forced`` first, if given, then ``policy``.

        Each round of proposal, acceptance and two discards draws a card or more
        (the non-dealer throws at least one), so the stock bounds the rounds; the
        bound is written into the loop as well, so that no input, a position that
        cannot arise included, keeps it going."""
        size = len(self.stock)
        hands = self.hands
        for _ in range(exchange_steps(size - self.drawn)):
            stage = self.stage
            if stage in (PLAY, DONE):
                return
            if self.drawn >= size:
                break  # club-laws/38: the stock is out, play begins
            if forced is None:
                kind, mask = None, 0
            else:
                (kind, mask), forced = forced, None
            if stage == PROPOSE:
                plays = (
                    policy.plays(hands[0], self.proposals == 0) if kind is None else kind == "play"
                )
                if plays:
                    self.play()
                else:
                    self.propose()
            elif stage == ACCEPT:
                refuses = (
                    policy.refuses(hands[1], self.proposals == 1)
                    if kind is None
                    else kind == "refuse"
                )
                if refuses:
                    self.refuse()
                else:
                    self.accept()
            else:
                if kind is None:
                    hand = hands[0 if stage == DISCARD_ND else 1]
                    mask = policy.discard(hand, *self.discard_range())
                self.discard(mask)
        if self.stage in EXCHANGE_STAGES:
            self._start_play()

    def king_holder(self) -> int | None:
        """The seat holding the king of trumps, if either does."""
        king = 1 << (8 * self.trump + 7)
        return 0 if self.hands[0] & king else 1 if self.hands[1] & king else None

    # --- the play (britannica-9/play) ------------------------------------------------

    def _start_play(self) -> None:
        self.stage = PLAY
        self.leader = 0  # the non-dealer leads the first trick
        self.led = None

    @property
    def to_act(self) -> int:
        return self.leader if self.led is None else 1 - self.leader

    def legal(self) -> int:
        """The cards the player to act may play: any to lead; to a card led, follow
        suit and win if able, else trump if able (``solver.follows_mask``)."""
        hand = self.hands[self.to_act]
        return hand if self.led is None else follows_mask(hand, self.led, self.trump)

    def mark(self, seat: int) -> None:
        """``seat`` marks the king of trumps (club-laws/23-24): one point."""
        self.king = seat

    def card(self, c: int) -> None:
        """The player to act plays card ``c`` (assumed legal: see ``legal``)."""
        seat = self.to_act
        self.hands[seat] &= ~(1 << c)
        if self.led is None:
            self.led = c
            return
        if not second_wins(self.led, c, self.trump):
            seat = self.leader
        self.won[seat] += 1
        self.leader = seat
        self.led = None
        if self.won[0] + self.won[1] == 5:
            self.stage = DONE

    def points(self, rules: RuleSet) -> tuple[int, int]:
        """(non-dealer's, dealer's) points for the deal: the king, and the point or
        the vole by the rules in force, as ``Position._score`` counts them."""
        marked = (int(self.king == 0), int(self.king == 1))
        return deal_points(self.won, self.penalty, rules, marked)


def exchange_steps(stock: int) -> int:
    """Steps of the exchange loop that any stock of ``stock`` cards can take: four
    a round (propose, accept, two discards), one round a card, and one more."""
    return 4 * (stock + 1)


def at_most(thrown: int, n: int) -> int:
    """``thrown`` cut to ``n`` of its cards (its highest): no one discards more
    than the stock can replace (club-laws/38)."""
    while thrown.bit_count() > n:
        thrown &= thrown - 1
    return thrown
