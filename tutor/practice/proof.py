"""What ``ecarte practice check`` proves of a position: its goal can be made sure (a
line meets it against every holding), and it is not trivial (a player choosing
each legal card at random meets it, against the deterministic defence, less than
half the time: computed exactly over every random line)."""

from __future__ import annotations

from fractions import Fraction

from tutor.practice.defence import Defence, State, learner_cards, play
from tutor.practice.model import PracticePosition
from tutor.practice.playout import card_of, start_state
from tutor.rules.cards import Card

TRIVIAL = Fraction(1, 2)
"""A position a random player solves this often or more is trivial."""


def settled(state: State, need: int) -> bool:
    won = state.won[0]
    return won >= need or won + state.tricks_left < need


def after_learner(state: State, card: int, need: int, defence: Defence) -> State:
    """The state after the learner's ``card`` and the defence's answers to it."""
    state = play(state, card, True)
    while not state.learner_to_play and not settled(state, need):
        state = play(state, defence.reply(state, need), False)
    return state


def opening(position: PracticePosition, defence: Defence) -> State:
    """The start, with the defence's cards played if it is his turn."""
    state = start_state(position)
    need = position.goal.tricks
    while not state.learner_to_play and not settled(state, need):
        state = play(state, defence.reply(state, need), False)
    return state


def achievable(position: PracticePosition, defence: Defence) -> bool:
    return defence.reachable(start_state(position), position.goal.tricks)


def winning_line(position: PracticePosition, defence: Defence) -> list[Card]:
    """The learner's cards of a line that meets the goal against the defence; empty if
    the goal cannot be made sure. Of the cards that keep it sure, each is the one that
    leaves the most tricks sure, then a trump, then the highest."""
    need = position.goal.tricks
    state = opening(position, defence)
    line: list[Card] = []
    while not settled(state, need):
        keeping = defence.winning_cards(state, need)
        if not keeping:
            return []

        def preference(card: int, state: State = state) -> tuple[int, bool, int]:
            most = defence.best_guaranteed(play(state, card, True))
            return (most, card >> 3 == state.trump, card & 7)

        chosen = max(keeping, key=preference)
        line.append(card_of(chosen))
        state = after_learner(state, chosen, need, defence)
    return line


def random_chance(position: PracticePosition, defence: Defence) -> Fraction:
    """The chance that uniformly random legal cards meet the goal against the defence."""
    need = position.goal.tricks
    memo: dict[State, Fraction] = {}

    def chance(state: State) -> Fraction:
        if settled(state, need):
            return Fraction(int(state.won[0] >= need))
        known = memo.get(state)
        if known is not None:
            return known
        cards = learner_cards(state)
        total = sum((chance(after_learner(state, c, need, defence)) for c in cards), Fraction(0))
        memo[state] = total / len(cards)
        return memo[state]

    return chance(opening(position, defence))
