"""The project's readings of the ambiguous words in the Hints, each defined once.

The Britannica's "Hints to Players" use words such as "a small card",
"guarded" or "moderate cards" without defining them. A rule that depends on
one of these words calls the function here and reports the reading's id
(``readings/<slug>``, annotated in ``texts/readings.md``), so a learner can see
where the source ends and the project's interpretation begins.

Every function is pure and works on plain card tuples, so the benchmark can
call them two hundred thousand times without building a position.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import permutations

from tutor.rules.cards import Card, Rank, Suit

SMALL_CARD = "readings/small-card"
COURT_CARD = "readings/court-card"
GUARDED = "readings/guarded"
SINGLY_GUARDED = "readings/singly-guarded"
STRONG_SUIT = "readings/strong-suit"
MODERATE_CARDS = "readings/moderate-cards"
AS_HIGH_AS = "readings/as-high-as"
VERY_SMALL = "readings/very-small"
WEAK_HAND = "readings/weak-hand"
STRICTER_REFUSAL = "readings/stricter-refusal"
QUEEN_OR_BETTER = "readings/queen-or-better"
DEALER_KING = "readings/dealer-king"
COURT_CARDS_OUT = "readings/court-cards-out"
AT_STARTING = "readings/at-starting"
KING_QUEEN_FIRST = "readings/king-queen-first"
FOUR_COURTS_FIRST = "readings/four-courts-first"
ADVERSARY_AT_FOUR = "readings/adversary-at-four"
ADVERSE_FOUR_DEALER = "readings/adverse-four-dealer"
DIFFERENT_SUITS = "readings/different-suits"

READINGS: dict[str, str] = {
    SMALL_CARD: "a small card is a ten or lower (T 9 8 7)",
    COURT_CARD: "a court card is a king, queen or knave; the ace is not one",
    GUARDED: (
        "a card is guarded when a smaller card of its suit is held beside it; a king needs "
        "no guard; you are guarded in a suit when you hold its king, or its queen (the Hints: "
        "'a queen being a sufficient guard'), or its knave guarded"
    ),
    SINGLY_GUARDED: "a card is singly guarded when exactly one smaller card of its suit is beside it",
    STRONG_SUIT: "the strong suit is the one with most cards, ties going to the higher cards",
    MODERATE_CARDS: (
        "moderate cards: no jeu de règle, but a court card, or a trump higher than the ten"
    ),
    AS_HIGH_AS: (
        "cards 'as high as' an example: matched to the example card for card, highest to "
        "lowest, none lower than the card it is matched to"
    ),
    VERY_SMALL: "a very small card is a nine or lower (9 8 7)",
    WEAK_HAND: "a weak hand: not a jeu de règle, no king, and no trump higher than the ten",
    STRICTER_REFUSAL: (
        "the score: 'but he ought to be protected in three suits' makes the dealer's test the "
        "stricter, so a hand that passes it gives the non-dealer an even chance"
    ),
    QUEEN_OR_BETTER: (
        "refusing, exception 2: 'accept unless the fifth card is a queen' is read as a queen "
        "or better, so a king refuses too"
    ),
    DEALER_KING: (
        "the king of trumps frees the dealer from refusing only under the rule not to discard "
        "two cards, the one rule the Hints carry over to him with it"
    ),
    COURT_CARDS_OUT: (
        "trumps at starting: 'with court cards out of trumps' governs all three holdings, the "
        "king as much as queen, knave and knave, ace"
    ),
    AT_STARTING: (
        "at starting: your first lead of the deal, the non-dealer's at the first trick, the "
        "dealer's at the first trick he leads"
    ),
    KING_QUEEN_FIRST: (
        "refusing: one trump with a king and a queen unguarded is exception 6's hand, even "
        "with a second queen; exception 4 (two queens) is read of hands without a king"
    ),
    FOUR_COURTS_FIRST: (
        "refusing: four court cards without a trump are exception 7's hand, even when three "
        "of them are queens; the rule for three queens is read after the exceptions"
    ),
    ADVERSARY_AT_FOUR: (
        "the score: 'the same rule applies to the dealer's refusal' is read as 'when the "
        "non-dealer is at four', the dealer's adversary standing where the Hint's dealer stood"
    ),
    ADVERSE_FOUR_DEALER: (
        "the adverse score of four: 'any hand with one trump should be played' is read for "
        "the dealer's refusal too, without asking him to be protected in three suits"
    ),
    DIFFERENT_SUITS: (
        "the adverse score of four: plain cards 'of different suits' are read as spread over "
        "the three plain suits, no two of a suit but the one pair four cards must make"
    ),
}
"""Every reading id this package may cite, with its wording in one line."""

WORDS: dict[str, str] = {
    SMALL_CARD: "small card",
    COURT_CARD: "court card",
    GUARDED: "guarded",
    SINGLY_GUARDED: "singly guarded",
    STRONG_SUIT: "strong suit",
    MODERATE_CARDS: "moderate cards",
    AS_HIGH_AS: "as high as",
    VERY_SMALL: "very small",
    WEAK_HAND: "weak hand",
    STRICTER_REFUSAL: "but he ought to be protected",
    QUEEN_OR_BETTER: "unless the fifth card is a queen",
    DEALER_KING: "unless holding the king of trumps",
    COURT_CARDS_OUT: "with court cards out of trumps",
    AT_STARTING: "at starting",
    KING_QUEEN_FIRST: "a king and a queen, both unguarded",
    FOUR_COURTS_FIRST: "four court cards without a trump",
    ADVERSARY_AT_FOUR: "the same rule applies to the dealer's refusal",
    ADVERSE_FOUR_DEALER: "any hand with one trump should be played",
    DIFFERENT_SUITS: "of different suits",
}
"""The Hints' word each reading interprets, for the note an explanation carries."""


def reading_note(reading_ids: Iterable[str]) -> str:
    """'(Reading “guarded” and “strong suit” as the project does: texts/readings.)'

    The sentence a verdict's explanation ends with when a decision turned on a
    word the Hints leave undefined, so the learner sees where the source ends.
    """
    words = [f"“{WORDS[r]}”" for r in dict.fromkeys(reading_ids) if r in WORDS]
    if not words:
        return ""
    listed = words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
    return f"(Reading {listed} as the project does; see the readings in the texts.)"


def is_small(c: Card) -> bool:
    """``readings/small-card``: a ten or lower.

    Why the ten: the Hints' examples of middling hands ("ace, ten of one suit")
    put the ten with the low cards, and 2c's "two small cards" must leave room
    for 2d's "ten, nine of one suit" to be the better hand.
    """
    return c.rank <= Rank.TEN


def is_very_small(c: Card) -> bool:
    """``readings/very-small``: a nine or lower; "very small" must mean less than small."""
    return c.rank <= Rank.NINE


def is_court(c: Card) -> bool:
    """``readings/court-card``: king, queen or knave, not the ace (which ranks between)."""
    return c.rank >= Rank.KNAVE


def suit_cards(hand: Iterable[Card], suit: Suit) -> tuple[Card, ...]:
    """The cards of ``suit`` in ``hand``, highest first."""
    return tuple(sorted((c for c in hand if c.suit == suit), key=lambda c: -c.rank))


def smaller_beside(c: Card, hand: Iterable[Card]) -> int:
    """How many smaller cards of its own suit are held beside ``c``."""
    return sum(1 for o in hand if o.suit == c.suit and o.rank < c.rank)


def is_guarded(c: Card, hand: Iterable[Card]) -> bool:
    """``readings/guarded`` for one card: a smaller card of its suit is beside it.

    A guard is what you play to the adversary's lead of the suit while keeping
    the high card back, so it must be a smaller card; the king is guarded by its
    rank alone (no card of its suit can take it).
    """
    return c.rank is Rank.KING or smaller_beside(c, hand) >= 1


def is_singly_guarded(c: Card, hand: Iterable[Card]) -> bool:
    """``readings/singly-guarded``: exactly one smaller card of its suit beside it."""
    return smaller_beside(c, hand) == 1


def guarded_in(suit: Suit, hand: Sequence[Card]) -> Card | None:
    """``readings/guarded`` for a suit: the card that guards you in ``suit``, or None.

    You are guarded in a suit by its king, by its queen even alone ("a queen
    being a sufficient guard", under accepting), or by its knave with a smaller
    card beside it ("knave guarded", refusing exception 5). Lower cards do not
    guard a suit: refusing exception 1 accepts two trumps with three cards of a
    plain suit *not* headed by a court card, and exception 3 accepts one trump
    with four of a suit, which would both be refusals if any two cards of a
    suit made it guarded. The queen alone must count, or exceptions 5 and 6
    (a lone queen beside a trump and a guarded knave or a king) would not be
    exceptions to anything.
    """
    for c in suit_cards(hand, suit):
        if c.rank in (Rank.KING, Rank.QUEEN):
            return c
        if c.rank is Rank.KNAVE and is_guarded(c, hand):
            return c
    return None


def strong_suit(hand: Sequence[Card], suits: Iterable[Suit]) -> Suit | None:
    """``readings/strong-suit``: among ``suits``, the one with most cards in
    ``hand``; ties go to the higher cards, compared from the top down."""
    best: tuple[int, tuple[int, ...]] | None = None
    chosen = None
    for s in suits:
        cards = suit_cards(hand, s)
        if not cards:
            continue
        key = (len(cards), tuple(int(c.rank) for c in cards))
        if best is None or key > best:
            best, chosen = key, s
    return chosen


def as_high_as(cards: Sequence[Rank], example: Sequence[Rank]) -> bool:
    """``readings/as-high-as``: ``cards`` matched to ``example`` card for card,
    both sorted highest first, with none lower than its match.

    The Hints define several jeux de règle by examples ("e.g., two trumps,
    knave, ace of one suit, and nine or eight of another"); a hand at least as
    high in every place as an example is read as belonging with it, and a hand
    lower anywhere is not, so no threshold is invented beyond the examples.
    """
    if len(cards) != len(example):
        return False
    mine = sorted(cards, reverse=True)
    theirs = sorted(example, reverse=True)
    return all(a >= b for a, b in zip(mine, theirs, strict=True))


def as_high_as_in_suits(
    groups: Sequence[Sequence[Rank]], example: Sequence[Sequence[Rank]]
) -> bool:
    """``readings/as-high-as`` for cards in separate suits: some one-to-one
    matching of the hand's suit groups to the example's groups (same sizes)
    has every group as high as its match."""
    if len(groups) < len(example):
        return False
    for chosen in permutations(groups, len(example)):
        if all(as_high_as(g, e) for g, e in zip(chosen, example, strict=True)):
            return True
    return False
