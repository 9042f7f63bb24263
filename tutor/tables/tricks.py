"""The laws of a trick with more than two players, generalised from the two-handed laws.

At four, five or six the French rules give no law of play of their own: "Même
règle" (french/quatre), "Le reste est la même chose que pour les autres règles"
(french/cinq-six). The project reads the two-handed law (french/jeu,
britannica-9/play: follow suit and win the trick if you can; holding none of
the suit, trump) as a law about the best card played so far, which is what the
second player faces at two:

- holding the suit led, play a card of it that beats the best card so far if
  you have one (if the trick has been trumped, any card of the suit led);
- holding none of it, trump, and overtrump the best trump so far if you can;
- holding neither, play any card.

With one card on the table these are exactly ``tutor.rules.laws.legal_follows``; the
comparison of two cards is ``tutor.rules.laws.beats``, so the laws live in one place.
"""

from __future__ import annotations

from collections.abc import Sequence

from tutor.rules.cards import Card, Suit
from tutor.rules.laws import beats, legal_follows


def best_index(trick: Sequence[Card], trump: Suit) -> int:
    """The index of the card winning ``trick`` so far (the first card played wins ties)."""
    best = 0
    for i in range(1, len(trick)):
        if beats(trick[i], trick[best], trump):
            best = i
    return best


def legal_plays(hand: Sequence[Card], trick: Sequence[Card], trump: Suit) -> tuple[Card, ...]:
    """The cards of ``hand`` that may be played to ``trick`` (empty: a lead, any card)."""
    if not trick:
        return tuple(hand)
    led, best = trick[0], trick[best_index(trick, trump)]
    same_suit = [c for c in hand if c.suit == led.suit]
    if same_suit:
        if best.suit == led.suit:
            return legal_follows(same_suit, best, trump)
        return tuple(same_suit)  # trumped already: following suit cannot win
    trumps = [c for c in hand if c.suit == trump]
    if trumps:
        return tuple(c for c in trumps if beats(c, best, trump)) or tuple(trumps)
    return tuple(hand)


def play_reason(hand: Sequence[Card], trick: Sequence[Card], trump: Suit) -> str:
    """Why a card is refused: the law in words, for the learner."""
    led, best = trick[0], trick[best_index(trick, trump)]
    if any(c.suit == led.suit for c in hand):
        if best.suit == led.suit and any(c.suit == led.suit and c.rank > best.rank for c in hand):
            return f"You must follow suit and beat the best card so far ({best.noun})."
        return f"You must follow suit: play a {led.suit.noun[:-1]}."
    if any(beats(c, best, trump) for c in hand if c.suit == trump):
        return f"Holding no {led.suit.noun}, you must trump and beat the best card so far ({best.noun})."
    return f"Holding no {led.suit.noun}, you must trump ({trump.noun})."
