"""Cards and counts in plain words, for explanations a learner reads easily.

"the knave and ace of hearts and the nine of clubs" reads better than a list
of codes; the grouping by suit also shows the learner the shape of the hand,
which is what most of the Hints are about.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from tutor.rules.cards import SUITS, Card, Suit

_NUMBERS = ("no", "one", "two", "three", "four", "five")


def number(n: int) -> str:
    return _NUMBERS[n] if 0 <= n < len(_NUMBERS) else str(n)


def signed(value: float) -> str:
    """A figure in points with its sign, to two places: ``+0.23``, ``-1.05``; a value that
    rounds to nothing is ``+0.00``, never ``-0.00``, which reads as a loss."""
    return f"{round(value, 2) or 0.0:+.2f}"


def join(words: Sequence[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    words = list(words)
    if not words:
        return ""
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + " and " + words[-1]


def card_words(cards: Iterable[Card], trump: Suit | None = None) -> str:
    """Cards grouped by suit, highest first: 'the knave and ace of hearts and the nine of clubs'.

    With ``trump`` given, the trump suit is named 'trumps' and comes first.
    """
    cards = list(cards)
    order = sorted(SUITS, key=lambda s: (s != trump, SUITS.index(s)))
    parts = []
    for suit in order:
        ranks = sorted((c.rank for c in cards if c.suit == suit), reverse=True)
        if not ranks:
            continue
        noun = "trumps" if suit == trump else suit.noun
        parts.append(f"the {join([r.noun for r in ranks])} of {noun}")
    if len(parts) <= 2:
        return " and ".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def trump_count(n: int) -> str:
    """'No trump', 'One trump', 'Two trumps' ..."""
    if n == 0:
        return "No trump"
    return f"{number(n).capitalize()} trump{'s' if n > 1 else ''}"


def sentence(text: str) -> str:
    """Capitalise the first letter and end with a full stop."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."
