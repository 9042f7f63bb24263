"""Five-card hands grouped into classes for a computed exchange strategy.

A strategy over every hand (201,376 of them for each turn-up) cannot be
computed nor shipped, so the exchange strategy (``exchange_strategy.py``)
decides by class: what the Hints count when they judge a hand
(britannica-9/hints/jeux-de-regle), and nothing they ignore.

- the trumps held, and which of the three trump honours (king, queen, knave);
- in the plain suits, the kings, the queens and the knaves; and how many of the
  plain queens are guarded by their king (``KQ`` in one suit makes a trick
  where two lone queens seldom do).

Suits are told apart only as trumps or plain: the class of a hand is the same
whichever suit is trumps and however the plain suits are named (suit-isomorphic).
The ace, ten and lower plain cards count only through the length they leave.
"""

from __future__ import annotations

from tutor.engines.solver import SUIT_MASKS

KING, QUEEN, KNAVE = 7, 6, 5
"""Rank numbers (``Card.index & 7``) of the court cards: the king ranks highest."""


def hand_class(hand: int, trump: int) -> str:
    """The class of ``hand`` (a bitmask) with ``trump`` (a suit number), e.g.
    ``2KJ/100/0``: two trumps with king and knave; one plain king; no guarded queen."""
    trumps = hand & SUIT_MASKS[trump]
    honours = "".join(
        name
        for name, rank in (("K", KING), ("Q", QUEEN), ("J", KNAVE))
        if trumps >> (8 * trump + rank) & 1
    )
    kings = queens = knaves = guarded = 0
    for suit in range(4):
        if suit == trump:
            continue
        cards = hand >> (8 * suit) & 0xFF
        king, queen = cards >> KING & 1, cards >> QUEEN & 1
        kings += king
        queens += queen
        knaves += cards >> KNAVE & 1
        guarded += king & queen
    return f"{trumps.bit_count()}{honours}/{kings}{queens}{knaves}/{guarded}"
