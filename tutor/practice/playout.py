"""A practice position played out: the learner's cards in order, the defence's answers.

The defence is a function of the prefix of the learner's cards, so replaying the
same cards always gives the same deal: the session, the check and ``practice try``
all replay from the start.
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.engines.sampling import view_of
from tutor.engines.solver import bits
from tutor.practice.defence import Defence, State, learner_cards, play
from tutor.practice.model import PracticePosition
from tutor.rules.cards import PACK, Card


class IllegalCard(ValueError):
    """A card the learner may not play now (says why)."""


@dataclass(frozen=True, slots=True)
class Played:
    """One trick of the practice: who led, the cards, who won."""

    first: Card
    second: Card
    learner_first: bool
    learner_won: bool

    @property
    def learner_card(self) -> Card:
        return self.first if self.learner_first else self.second

    @property
    def adversary_card(self) -> Card:
        return self.second if self.learner_first else self.first


@dataclass(frozen=True, slots=True)
class Decision:
    """One card of the learner's, with the state he played it in."""

    state: State
    card: Card


@dataclass(frozen=True, slots=True)
class Playout:
    state: State
    """Where the play stands now."""
    tricks: tuple[Played, ...]
    """The tricks played in the practice (not those before it)."""
    decisions: tuple[Decision, ...]
    adversary_cards: tuple[Card, ...]
    """The adversary's cards played in the practice, in order."""
    need: int

    @property
    def over(self) -> bool:
        won = self.state.won[0]
        return won >= self.need or won + self.state.tricks_left < self.need

    @property
    def goal_met(self) -> bool | None:
        if not self.over:
            return None
        return self.state.won[0] >= self.need

    @property
    def led(self) -> Card | None:
        """The adversary's card on the table, waiting for the learner's."""
        if self.state.led >= 0 and not self.state.learner_leads:
            return PACK[_pack_position(self.state.led)]
        return None

    def to_play(self) -> tuple[Card, ...]:
        if self.over:
            return ()
        return tuple(card_of(c) for c in learner_cards(self.state))


def card_of(index: int) -> Card:
    return PACK[_pack_position(index)]


def _pack_position(index: int) -> int:
    # PACK is high to low within each suit; Card.index is low to high.
    suit, rank = divmod(index, 8)
    return suit * 8 + 7 - rank


def start_state(position: PracticePosition) -> State:
    info = position.info
    view = view_of(info)
    return State(
        trump=view.trump,
        mine=view.mine,
        pool=view.candidates,
        must=view.must,
        size=view.size,
        led=info.led.index if info.led is not None else -1,
        learner_leads=info.led is None,
        won=info.tricks_won(),
    )


def replay(position: PracticePosition, cards: list[Card], defence: Defence) -> Playout:
    """The play after the learner's ``cards``; IllegalCard names the first that cannot
    be played (a card not legal, or one after the goal is settled)."""
    need = position.goal.tricks
    state = start_state(position)
    tricks: list[Played] = []
    decisions: list[Decision] = []
    theirs: list[Card] = []
    state = _defend(state, need, defence, theirs, tricks)
    for number, card in enumerate(cards, start=1):
        current = Playout(state, tuple(tricks), tuple(decisions), tuple(theirs), need)
        if current.over:
            raise IllegalCard(f"card {number} ({card}): the play is over, the goal settled")
        legal = current.to_play()
        if card not in legal:
            raise IllegalCard(f"card {number} ({card}): {_why_not(state, card, legal)}")
        decisions.append(Decision(state, card))
        led_before = state.led
        state = play(state, card.index, True)
        if led_before >= 0:  # the learner followed the adversary's lead
            tricks.append(_trick(card_of(led_before), card, False, state))
        state = _defend(state, need, defence, theirs, tricks)
    return Playout(state, tuple(tricks), tuple(decisions), tuple(theirs), need)


def _defend(
    state: State,
    need: int,
    defence: Defence,
    theirs: list[Card],
    tricks: list[Played] | None = None,
) -> State:
    """The adversary's cards while it is his turn and the goal is not settled."""
    while not state.learner_to_play and not state.over:
        won = state.won[0]
        if won >= need or won + state.tricks_left < need:
            break
        card = defence.reply(state, need)
        theirs.append(card_of(card))
        led_before = state.led
        state = play(state, card, False)
        if led_before >= 0 and tricks is not None:
            tricks.append(_trick(card_of(led_before), card_of(card), True, state))
    return state


def _trick(first: Card, second: Card, learner_first: bool, after: State) -> Played:
    return Played(first, second, learner_first, after.learner_leads)


def _why_not(state: State, card: Card, legal: tuple[Card, ...]) -> str:
    if not state.mine >> card.index & 1:
        return "not in your hand"
    led = card_of(state.led)
    if any(c.suit == led.suit for c in legal):
        return f"you must follow suit to the {led.noun}, and win if you can"
    return f"holding no {led.suit.noun}, you must trump the {led.noun}"


def holding(position: PracticePosition, playout: Playout, defence: Defence) -> tuple[Card, ...]:
    """The adversary's cards in the practice: the card he had led, those he played, then,
    for the cards he still held when the goal was settled, a consistent completion."""
    led = (position.info.led,) if position.info.led is not None else ()
    rest = defence.completion(playout.state) if playout.state.size else 0
    return led + playout.adversary_cards + tuple(card_of(c) for c in bits(rest))
