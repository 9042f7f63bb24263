"""Cards of the 32-card piquet pack and their notation.

Notation: two characters, rank then suit (``KS``, ``TH``, ``7C``); ``10`` is
accepted for the ten and input is case-insensitive. Every card is interned, so
cards compare by identity as cheaply as by value.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import Enum, IntEnum

from tutor.io.reading import quote


class CardError(ValueError):
    """Text that does not name a card of the écarté pack."""


class Suit(Enum):
    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @property
    def noun(self) -> str:
        return self.name.lower()


_SUIT_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}


_SUIT_INDEX = {Suit.SPADES: 0, Suit.HEARTS: 1, Suit.DIAMONDS: 2, Suit.CLUBS: 3}


class Rank(IntEnum):
    """Ranks in écarté order: the ace ranks between the knave and the ten."""

    SEVEN = 0
    EIGHT = 1
    NINE = 2
    TEN = 3
    ACE = 4
    KNAVE = 5
    QUEEN = 6
    KING = 7

    @property
    def letter(self) -> str:
        return "789TAJQK"[self]

    @property
    def noun(self) -> str:
        return _RANK_NOUNS[self]


_RANK_NOUNS = ("seven", "eight", "nine", "ten", "ace", "knave", "queen", "king")


@dataclass(frozen=True, slots=True)
class Card:
    rank: Rank
    suit: Suit
    index: int = field(init=False, repr=False, compare=False)
    """0..31, suit-major; a stable small integer for bitmasks (and the hash)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "index", _SUIT_INDEX[self.suit] * 8 + int(self.rank))

    def __hash__(self) -> int:
        # Engines and hints hash cards millions of times: the precomputed index
        # is far cheaper than hashing the (Rank, Suit) enum pair.
        return self.index

    def __str__(self) -> str:
        return self.rank.letter + self.suit.value

    def __repr__(self) -> str:
        return f"Card({self})"

    @property
    def symbol(self) -> str:
        """The card with its suit symbol, e.g. ``K♠``."""
        return self.rank.letter + self.suit.symbol

    @property
    def label(self) -> str:
        """The card as printed for a reader, ``K♠``, ``10♥`` (``T`` reads badly)."""
        rank = "10" if self.rank.letter == "T" else self.rank.letter
        return rank + self.suit.symbol

    @property
    def noun(self) -> str:
        """The card in words, e.g. ``king of spades``."""
        return f"{self.rank.noun} of {self.suit.noun}"

    @staticmethod
    def parse(text: str) -> Card:
        key = text.strip().upper()
        if key.startswith("10"):
            key = "T" + key[2:]
        try:
            return _BY_NAME[key]
        except KeyError:
            raise CardError(
                f"not a card: {quote(text)} (rank K Q J A T 9 8 7, suit S H D C, e.g. 'KS')"
            ) from None


_SUIT_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)

PACK: tuple[Card, ...] = tuple(
    Card(rank, suit) for suit in _SUIT_ORDER for rank in sorted(Rank, reverse=True)
)
"""The 32 cards, by suit (spades, hearts, diamonds, clubs), high to low."""

_BY_NAME = {str(card): card for card in PACK}
_INTERNED = {(card.rank, card.suit): card for card in PACK}
SUITS = _SUIT_ORDER


def card(text: str) -> Card:
    """Parse one card: ``card("KS")``."""
    return Card.parse(text)


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Parse cards separated by spaces or commas, or an iterable of names."""
    parts = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    cards = tuple(Card.parse(part) for part in parts)
    seen: set[Card] = set()
    for card in cards:  # the card named twice, not the whole list, which may be long
        if card in seen:
            raise CardError(f"a card is named twice: {card}")
        seen.add(card)
    return cards


def format_cards(cards: Iterable[Card]) -> str:
    return " ".join(str(c) for c in cards)


def sort_hand(cards: Iterable[Card], trump: Suit | None = None) -> tuple[Card, ...]:
    """Trumps first, then the other suits in pack order, each high to low."""

    def key(c: Card) -> tuple[int, int, int]:
        return (0 if c.suit == trump else 1, _SUIT_ORDER.index(c.suit), -int(c.rank))

    return tuple(sorted(cards, key=key))


def intern(rank: Rank, suit: Suit) -> Card:
    return _INTERNED[(rank, suit)]
