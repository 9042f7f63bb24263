"""Why a card of the learner's line: what it does in this hand, then why this one.

Words first, from the position: what the card does to the trick and to the cards
out (draws trumps, wins cheaply, keeps a guard, throws a card that could win
nothing), then whether it was the only card that kept the goal, with a holding of
the adversary's that beats the card the learner might have played instead.
"""

from __future__ import annotations

from itertools import combinations, islice

from tutor.engines.solver import SUIT_MASKS, Solver, bits, follows_mask, second_wins
from tutor.practice.defence import Defence, State, learner_cards, play
from tutor.practice.goals import Goal
from tutor.practice.playout import card_of
from tutor.rules.cards import Card

HOLDINGS_TRIED = 400
"""Holdings looked at, in a fixed order, for one that beats a card seen open."""


def what_it_does(state: State, card: Card) -> str:
    """What ``card`` does in ``state``, in words a beginner can use again."""
    trump = state.trump
    index = card.index
    pool_suit = state.pool & SUIT_MASKS[_suit(card)]
    if state.led < 0:
        if _suit(card) == trump:
            trumps_out = state.pool & SUIT_MASKS[trump]
            if not trumps_out:
                return f"You lead the {card.noun}: he can hold no trump, so it is sure to win"
            higher = [c for c in bits(trumps_out) if c > index]
            if not higher:
                return (
                    f"You lead the {card.noun}, higher than any trump he can hold: it wins the"
                    " trick, and takes a trump from him if he has one"
                )
            return (
                f"You lead the {card.noun} to draw his trumps: he must play a trump to it if he"
                " holds one"
            )
        higher_out = [c for c in bits(pool_suit) if c > index]
        if not higher_out:
            if not state.pool & SUIT_MASKS[trump]:
                return (
                    f"You lead the {card.noun}, higher than any card of its suit he can hold,"
                    " and he can hold no trump: it wins"
                )
            return (
                f"You lead the {card.noun}, higher than any card of its suit he can hold: it"
                " wins unless he trumps it"
            )
        return f"You lead the {card.noun}, giving up the lead in a suit where he may hold a higher card"
    led = card_of(state.led)
    if _suit(card) == _suit(led):
        if second_wins(state.led, index, trump):
            cheaper = [
                c for c in bits(state.mine & SUIT_MASKS[_suit(card)]) if state.led < c < index
            ]
            if not cheaper:
                return f"You take his {led.noun} with the {card.noun}, the lowest card that wins it"
            return f"You take his {led.noun} with the {card.noun}"
        if state.mine & ~(1 << index) & SUIT_MASKS[_suit(card)]:
            return f"You follow with the {card.noun}, keeping your higher cards of the suit"
        return f"You follow with the {card.noun}, the one card of the suit you hold"
    if _suit(card) == trump:
        lower = [c for c in bits(state.mine & SUIT_MASKS[trump]) if c < index]
        higher = [c for c in bits(state.mine & SUIT_MASKS[trump]) if c > index]
        if not lower and higher:
            return (
                f"You trump his {led.noun} with the {card.noun}, your lowest trump:"
                " the higher ones are kept to beat his trumps"
            )
        if lower:
            return (
                f"You trump his {led.noun} with the {card.noun} (a lower trump would take it too)"
            )
        return f"You trump his {led.noun} with the {card.noun}"
    return f"You throw the {card.noun}: you can neither follow nor trump, and it could win nothing later"


def _suit(card: Card) -> int:
    return card.index >> 3


def why_this_card(state: State, card: Card, goal: Goal, defence: Defence, solver: Solver) -> str:
    """Whether ``card`` was the only one that kept ``goal`` sure, and what another would
    have risked, in one or two sentences."""
    legal = learner_cards(state)
    need = goal.tricks
    keeping = defence.winning_cards(state, need)
    if len(legal) == 1:
        return "It is your only legal card."
    if len(keeping) == len(legal):
        return f"Any of your cards is sure to {goal.title} from here."
    losing = [c for c in legal if c not in keeping]
    # The card to compare with: the first that a holding seen open beats, if any.
    other, shown = card_of(losing[0]), None
    for candidate in losing:
        shown = _beating_holding(play(state, candidate, True), need, solver)
        if shown is not None:
            other = card_of(candidate)
            break
    head = (
        f"It is the only card sure to {goal.title}"
        if len(keeping) == 1
        else f"It is one of {len(keeping)} cards of {len(legal)} sure to {goal.title}"
    )
    if shown is None:
        return (
            f"{head}. Not the {other.noun}: after it, what he may hold leaves you to guess,"
            " and a wrong guess loses the goal."
        )
    holding, tricks = shown
    cards = " ".join(card_of(c).label for c in bits(holding))
    return (
        f"{head}. Not the {other.noun}: if he held {cards}, it would leave you"
        f" {_tricks(tricks)} in all, even seeing his cards."
    )


def _tricks(n: int) -> str:
    return "no trick" if n == 0 else "one trick" if n == 1 else f"{n} tricks"


def _beating_holding(after: State, need: int, solver: Solver) -> tuple[int, int] | None:
    """A holding he may have after the learner's card, in which the learner makes fewer
    than ``need`` tricks even with every card seen (double dummy), and that count."""
    free = [c for c in bits(after.pool) if not after.must >> c & 1]
    extra = after.size - after.must.bit_count()
    for combo in islice(combinations(free, extra), HOLDINGS_TRIED):
        holding = after.must
        for c in combo:
            holding |= 1 << c
        tricks = _open_tricks(after, holding, solver)
        if tricks is not None and tricks < need:
            return holding, tricks
    return None


def _open_tricks(after: State, holding: int, solver: Solver) -> int | None:
    """The learner's tricks in all, both hands seen, after his card (he led it, the
    adversary to follow; or it completed a trick). None if the holding cannot play on."""
    trump = after.trump
    won = after.won[0]
    if after.led >= 0:  # the learner led: the adversary answers at his best
        if not holding:
            return None
        replies = bits(follows_mask(holding, after.led, trump))
        best = None
        for reply in replies:
            rest = holding & ~(1 << reply)
            if second_wins(after.led, reply, trump):
                mine = won + (
                    after.mine.bit_count() - solver.lead_tricks(rest, after.mine, trump)
                    if after.mine
                    else 0
                )
            else:
                mine = won + 1 + (solver.lead_tricks(after.mine, rest, trump) if after.mine else 0)
            best = mine if best is None else min(best, mine)
        return best
    if not after.mine:
        return won
    if after.learner_leads:
        return won + solver.lead_tricks(after.mine, holding, trump)
    return won + after.mine.bit_count() - solver.lead_tricks(holding, after.mine, trump)


def reason(state: State, card: Card, goal: Goal, defence: Defence, solver: Solver) -> str:
    """The whole reason for one card: what it does, then why this card."""
    return f"{what_it_does(state, card)}. {why_this_card(state, card, goal, defence, solver)}"
