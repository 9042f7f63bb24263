"""A lesson step dealt again in other suits, for a review.

A review that shows the very hand the learner saw can be passed from memory of the
deal, not of the rule (a learner review: "the same K♣ Q♣ 8♣ K♥ K♦, minutes after the
answer was shown, and again in review"). Écarté has no suit above another, so the
same position with its suits exchanged (spades for hearts, say, trumps included)
asks the same question: the step's cards, its arranged deal and its answer are
mapped, and the suit words and symbols of its text with them.

A variant is used only where the hints engine, asked afresh, gives the mapped answer
(a rule that broke a tie by suit would otherwise be taught wrong); else the step is
shown as it was written.
"""

from __future__ import annotations

import itertools
import random
import re
from dataclasses import replace

from tutor.lessons.answers import same_action
from tutor.lessons.model import Outcome, Step
from tutor.rules.actions import Action, discard
from tutor.rules.cards import Card, Suit
from tutor.rules.infoset import InfoSet

SuitMap = dict[Suit, Suit]

_WORDS = {
    Suit.SPADES: ("spades", "spade"),
    Suit.HEARTS: ("hearts", "heart"),
    Suit.DIAMONDS: ("diamonds", "diamond"),
    Suit.CLUBS: ("clubs", "club"),
}
_BY_WORD = {word: (suit, n) for suit, words in _WORDS.items() for n, word in enumerate(words)}
_BY_SYMBOL = {suit.symbol: suit for suit in Suit}

# "club law 38" and "the club laws" are laws, not cards: a singular "club" before
# "law" is left alone. Literal alternatives only: linear on any text.
_SUIT_TEXT = re.compile(
    r"\b(?:spades|hearts|diamonds|clubs|spade|heart|diamond|club(?!\s+laws?\b))\b|[♠♥♦♣]",
    re.IGNORECASE,
)


def map_card(card: Card, suits: SuitMap) -> Card:
    return Card(card.rank, suits[card.suit])


def map_cards(cards: tuple[Card, ...], suits: SuitMap) -> tuple[Card, ...]:
    return tuple(map_card(c, suits) for c in cards)


def map_action(action: Action, suits: SuitMap) -> Action:
    cards = map_cards(action.cards, suits)
    return discard(*cards) if action.kind == "discard" else Action(action.kind, cards)


def map_info(info: InfoSet, suits: SuitMap) -> InfoSet:
    return replace(
        info,
        hand=map_cards(info.hand, suits),
        turnup=map_card(info.turnup, suits),
        discards=map_cards(info.discards, suits),
        tricks=tuple((map_card(a, suits), map_card(b, suits)) for a, b in info.tricks),
        led=None if info.led is None else map_card(info.led, suits),
    )


def map_outcome(outcome: Outcome, suits: SuitMap) -> Outcome:
    return replace(
        outcome,
        opponent=map_cards(outcome.opponent, suits),
        stock=map_cards(outcome.stock, suits),
        history=(
            None
            if outcome.history is None
            else tuple(map_action(a, suits) for a in outcome.history)
        ),
        wrong=None if outcome.wrong is None else map_action(outcome.wrong, suits),
        dealt=None if outcome.dealt is None else map_cards(outcome.dealt, suits),
    )


def map_text(text: str, suits: SuitMap) -> str:
    """``text`` with each suit's name (plural or singular, its capital kept) and symbol
    replaced by those of the suit it maps to."""

    def swap(match: re.Match[str]) -> str:
        found = match.group(0)
        if found in _BY_SYMBOL:
            return suits[_BY_SYMBOL[found]].symbol
        suit, form = _BY_WORD[found.lower()]
        word = _WORDS[suits[suit]][form]
        return word.capitalize() if found[0].isupper() else word

    return _SUIT_TEXT.sub(swap, text)


def with_suits(step: Step, suits: SuitMap) -> Step:
    """``step`` dealt in other suits: its position, answer, arranged deal and text; it
    keeps the exchange from the step as written (``Step.suits``), so that it is judged
    as written (``written``)."""
    assert step.info is not None
    before = dict(step.suits) or {suit: suit for suit in Suit}
    composed = {written: suits[shown] for written, shown in before.items()}
    return replace(
        step,
        suits=() if all(a == b for a, b in composed.items()) else tuple(composed.items()),
        info=map_info(step.info, suits),
        expected=None if step.expected is None else map_action(step.expected, suits),
        outcome=None if step.outcome is None else map_outcome(step.outcome, suits),
        prompt=map_text(step.prompt, suits),
        explanation=map_text(step.explanation, suits),
    )


def written(step: Step) -> tuple[Step, SuitMap]:
    """The step as its lesson wrote it, and the exchange of suits that shows it as
    ``step`` (a variant is judged as written, then told in its own suits: the same
    holdings sampled, the same verdict; a learner review found a card a miss in the
    lesson and "sound" in its review, by the luck of the sample)."""
    shown = dict(step.suits)
    if not shown:
        return step, {suit: suit for suit in Suit}
    back = {b: a for a, b in shown.items()}
    return with_suits(step, back), shown


def suit_maps(rng: random.Random) -> list[SuitMap]:
    """Every exchange of the suits but the one that changes nothing, in a random order."""
    suits = list(Suit)
    maps = [
        dict(zip(suits, order, strict=True))
        for order in itertools.permutations(suits)
        if list(order) != suits
    ]
    rng.shuffle(maps)
    return maps


def holds(step: Step, variant: Step, suits: SuitMap) -> bool:
    """Whether the hints engine answers the variant as it answers the step, mapped."""
    from tutor.hints import advise

    assert step.info is not None and variant.info is not None
    try:
        before, after = advise(step.info).action, advise(variant.info).action
    except Exception:  # a position the hints cannot judge is not varied
        return False
    return same_action(map_action(before, suits), after)


def review_variant(step: Step, rng: random.Random, tries: int = 4) -> Step:
    """The step in other suits for a review, or the step itself where it asks no
    position or no exchange of suits keeps its answer (of ``tries`` drawn)."""
    if step.info is None:
        return step
    info = step.info
    # the trump changed, so the hand in sight changes too (clubs for diamonds alone
    # may leave a hand of spades and hearts as it was)
    maps = [m for m in suit_maps(rng) if m[info.trump] != info.trump]
    for suits in maps[:tries]:
        variant = with_suits(step, suits)
        if holds(step, variant, suits):
            return variant
    return step
