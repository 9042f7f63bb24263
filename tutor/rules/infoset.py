"""The information set of the player to act: what he may know, and nothing more.

This is exactly the request of the advise protocol (docs/advise-protocol.md):
engines, hints and lessons all decide from an ``InfoSet``, never from a full
position, so no hidden card can leak into advice.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations

from tutor.rules.actions import (
    ACCEPT,
    HOLD,
    MARK,
    PLAY,
    PROPOSE,
    REFUSE,
    Action,
    discard,
    follow,
    lead,
)
from tutor.rules.cards import Card, Rank, Suit, intern
from tutor.rules.deal import STOCK_SIZE, Phase, Position, discard_limits
from tutor.rules.laws import legal_follows, trick_leaders
from tutor.rules.rulesets import ENGLISH, RuleSet

DECISIONS = ("propose", "accept", "discard", "mark_king", "lead", "follow")
ROLES = ("dealer", "nondealer")
WHO = ("me", "opponent", None)


@dataclass(frozen=True, slots=True)
class InfoSet:
    decision: str
    role: str
    hand: tuple[Card, ...]
    turnup: Card
    score: tuple[int, int] = (0, 0)
    """(mine, opponent's) before this deal."""
    game: int = 5
    exchanges: tuple[tuple[int, int], ...] = ()
    discards: tuple[Card, ...] = ()
    penalty: str | None = None
    king: str | None = None
    tricks: tuple[tuple[Card, Card], ...] = ()
    led: Card | None = None
    rules: RuleSet = field(default=ENGLISH, repr=False)
    """The rules in force as the deal is scored by them (``RuleSet.scoring``:
    English or French), by which every engine values the deal's outcomes
    (``laws.deal_points``), as the advise request's ``rules`` names them; ``game``
    is the game played to. Left out of the repr, from which the engines seed their
    samples: a French request draws the same deals as the English one and only
    values them otherwise."""

    @property
    def trump(self) -> Suit:
        return self.turnup.suit

    @property
    def is_dealer(self) -> bool:
        return self.role == "dealer"

    @property
    def stock_size(self) -> int:
        return STOCK_SIZE - sum(a + b for a, b in self.exchanges)

    @property
    def trump_king(self) -> Card:
        return intern(Rank.KING, self.trump)

    @property
    def led_by_me(self) -> bool:
        """Whether ``led`` is my own card: in a ``mark_king`` request of the
        non-dealer, the king of trumps he led as his first card, which club law 24
        lets him announce until it is played to. Everywhere else ``led`` is my
        opponent's."""
        return (
            self.decision == "mark_king"
            and not self.is_dealer
            and self.led is not None
            and self.led == self.trump_king
        )

    @property
    def king_law(self) -> str:
        """With ``mark_king``: the law that offers the mark now. ``club-laws/23``
        while the king is in my hand, before my first card; ``club-laws/24`` when
        the king was my first card (led and not yet played to, or, the dealer's,
        played to the first trick, before I play again)."""
        return "club-laws/23" if self.trump_king in self.hand else "club-laws/24"

    def trumps(self) -> tuple[Card, ...]:
        return tuple(c for c in self.hand if c.suit == self.trump)

    def i_led(self) -> tuple[bool, ...]:
        """For each completed trick, whether I led it: the non-dealer leads the
        first, the winner of a trick the next (britannica-9/play)."""
        return self._i_lead()[:-1]

    def tricks_won(self) -> tuple[int, int]:
        """(mine, opponent's), deriving each trick's leader from the rules."""
        won = self._i_lead()[1:]  # the winner of a trick leads the next
        mine = sum(won)
        return mine, len(won) - mine

    def _i_lead(self) -> tuple[bool, ...]:
        """For each completed trick, and the next: whether I lead it (``laws.trick_leaders``)."""
        me = int(self.is_dealer)  # the non-dealer, seat 0, leads the first trick
        return tuple(seat == me for seat in trick_leaders(self.tricks, self.trump))

    def my_played(self) -> tuple[Card, ...]:
        """The cards I have played to completed tricks, in order."""
        return tuple(
            first if i_led else second
            for (first, second), i_led in zip(self.tricks, self.i_led(), strict=True)
        )

    def their_played(self) -> tuple[Card, ...]:
        """The cards my opponent has played, in order: to completed tricks, then ``led``."""
        cards = [
            second if i_led else first
            for (first, second), i_led in zip(self.tricks, self.i_led(), strict=True)
        ]
        if self.led is not None and not self.led_by_me:
            cards.append(self.led)
        return tuple(cards)

    def seen_cards(self) -> set[Card]:
        """Every card this player has seen: hand, turn-up, own discards, played cards."""
        seen = set(self.hand) | {self.turnup} | set(self.discards)
        for first, second in self.tricks:
            seen.update((first, second))
        if self.led is not None:
            seen.add(self.led)
        return seen

    def discard_range(self) -> tuple[int, int]:
        stock = self.stock_size
        if self.is_dealer:
            return 0, min(5, stock)
        return 1, min(5, stock)

    def discard_refusal(self, count: int) -> str | None:
        """Why a discard of ``count`` cards is not one the laws allow here, or None."""
        low, high = self.discard_range()
        if low <= count <= high:
            return None
        return discard_limits(not self.is_dealer, low, high)

    def legal_actions(self) -> tuple[Action, ...]:
        d = self.decision
        if d == "propose":
            return (PLAY, PROPOSE)
        if d == "accept":
            return (ACCEPT, REFUSE)
        if d == "mark_king":
            return (MARK, HOLD)
        if d == "discard":
            low, high = self.discard_range()
            return tuple(
                discard(*combo)
                for n in range(low, high + 1)
                for combo in combinations(self.hand, n)
            )
        if d == "lead":
            return tuple(lead(c) for c in self.hand)
        if d == "follow":
            assert self.led is not None
            return tuple(follow(c) for c in legal_follows(self.hand, self.led, self.trump))
        raise ValueError(f"unknown decision {d!r}")


_DECISION_OF_PHASE = {
    Phase.PROPOSE: "propose",
    Phase.ACCEPT: "accept",
    Phase.DISCARD: "discard",
    Phase.MARK_KING: "mark_king",
    Phase.LEAD: "lead",
    Phase.FOLLOW: "follow",
}


def infoset_of(position: Position, seat: int | None = None) -> InfoSet:
    """What ``seat`` (default: the player to act) may know of ``position``. The
    decision is the one pending, or ``lead`` when the seat is not to act (a view
    for display, not for an engine)."""
    if seat is None:
        seat = position.to_act
    decision = _DECISION_OF_PHASE.get(position.phase, "lead")
    # The exchange in progress is recorded as (n, 0) when the non-dealer discards,
    # so the non-dealer sees finished exchanges only and the dealer sees his own.
    exchanges = position.exchanges

    def who(holder: int | None) -> str | None:
        if holder is None:
            return None
        return "me" if holder == seat else "opponent"

    return InfoSet(
        decision=decision,
        role=position.role(seat),
        hand=position.hands[seat],
        turnup=position.turnup,
        score=(position.score[seat], position.score[1 - seat]),
        game=position.rules.game_points,
        exchanges=exchanges,
        discards=position.discards[seat],
        penalty=who(position.penalty),
        king=who(position.king),
        tricks=position.tricks,
        led=position.led,
        rules=position.rules.scoring,
    )
