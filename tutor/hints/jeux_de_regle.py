"""The jeux de règle: the hands the Hints say to play without proposing.

"In order to be quick, the hands which should be played without proposing,
called jeux de règle, ought to be thoroughly known" (britannica-9/hints/jeux-de-regle).
The list is by the number of trumps: 1 (three trumps), 2a-2e (two trumps),
3a-3c (one trump), 4 (no trump), and 5 (only two cards could be discarded
without throwing a king or a trump).

Where the Hints define a class by examples ("e.g., ...") a hand belongs to it
when it is as high, card for card, as one of the examples
(``readings/as-high-as``); no other threshold is invented. A hand is
classified in the first category it fits, in the order of the list;
``jeu_de_regle_categories`` gives every category it fits.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tutor.hints import readings as rd
from tutor.hints.explain import card_words, number, trump_count
from tutor.hints.registry import register
from tutor.rules.cards import Card, Rank, Suit

K, Q, J, A, T = Rank.KING, Rank.QUEEN, Rank.KNAVE, Rank.ACE, Rank.TEN
N9, N8, N7 = Rank.NINE, Rank.EIGHT, Rank.SEVEN

PASSAGE = "britannica-9/hints/jeux-de-regle"
CATEGORIES = ("1", "2a", "2b", "2c", "2d", "2e", "3a", "3b", "3c", "4", "5")


def passage(category: str) -> str:
    return f"{PASSAGE}/{category}"


def _sources(category: str) -> tuple[str, ...]:
    group = category[0]
    own = passage(category)
    if len(category) == 1:
        return (own, PASSAGE)
    return (own, passage(group), PASSAGE)


_TITLES = {
    "1": ("Three trumps", "All hands with three trumps, whatever the other cards: play."),
    "2a": (
        "Two trumps and three of a suit",
        "Two trumps and any three cards of one plain suit: play.",
    ),
    "2b": (
        "Two trumps and two of a suit, one as high as a queen",
        "Two trumps and two cards of one plain suit, one as high as a queen: play.",
    ),
    "2c": (
        "Two trumps, two small cards and a king",
        "Two trumps, two small cards of one suit and a king of another: play.",
    ),
    "2d": (
        "Two trumps, between b and c",
        "Two trumps, higher cards in one plain suit and lower in another, as high as the "
        "Hint's examples (knave, ace and nine or eight; ace, ten and ten; ten, nine and knave): play.",
    ),
    "2e": (
        "Two trumps and three suits",
        "Two trumps and three cards of different suits as high as king, knave and a small "
        "card, or of equal value (king, ace, nine; king and two tens; two queens; queen, "
        "knave, ace; three knaves): play.",
    ),
    "3a": (
        # in the source's words: "tierce major" is the accepting Hint's, untaught here
        "One trump, with king, queen, knave of a suit",
        "One trump, the king, queen and knave of one suit, and a small card of another: play.",
    ),
    "3b": (
        "One trump and four headed by the king",
        "One trump and four cards of one suit headed by the king: play.",
    ),
    "3c": (
        "One trump, three headed by the queen, and a queen",
        "One trump, three cards of one suit headed by the queen, and the queen of another suit: play.",
    ),
    "4": (
        "No trump: three queens or four court cards",
        "No trump, with three queens or cards of equal value in different suits, "
        "e.g. four court cards: play.",
    ),
    "5": (
        "Only two cards, or fewer, to discard",
        "A hand from which only two cards can be discarded without throwing a king or a trump: play.",
    ),
}

for _cat in CATEGORIES:
    _title, _summary = _TITLES[_cat]
    register(f"jeu-de-regle/{_cat}", _title, "propose", _sources(_cat), _summary)


# The Hints' own examples, as ranks. "A small card" in an example is its least
# case, the seven; "nine or eight" is the eight.
EXAMPLES_2D: tuple[tuple[tuple[Rank, Rank], Rank], ...] = (
    ((J, A), N8),  # "knave, ace of one suit, and nine or eight of another"
    ((A, T), T),  # "ace, ten of one suit, and ten of another"
    ((T, N9), J),  # "ten, nine of one suit, and knave of another"
    ((N8, N7), K),  # 2c's least hand: the lower end of "between b and c"
)
EXAMPLES_2E: tuple[tuple[Rank, Rank, Rank], ...] = (
    (K, J, N7),  # "king, knave, and a small card"
    (K, A, N9),
    (K, T, T),
    (Q, Q, N7),  # "two queens"
    (Q, J, A),
    (J, J, J),
)


@dataclass(frozen=True, slots=True)
class JeuDeRegle:
    """A hand's jeu de règle category and what in it matched."""

    category: str
    trumps: tuple[Card, ...]
    cards: tuple[Card, ...]
    """The cards (besides the trumps) that make the category."""
    features: tuple[str, ...]
    readings: tuple[str, ...] = ()

    @property
    def hint_id(self) -> str:
        return f"jeu-de-regle/{self.category}"

    def describe(self, trump: Suit) -> str:
        """'Two trumps, with the knave and ace of hearts and the nine of clubs: a jeu de règle (2d)'."""
        lead = trump_count(len(self.trumps))
        if self.category == "5":
            return (
                f"{lead}; {card_words(self.cards, trump)} are trumps or kings, so only "
                f"{number(5 - len(self.cards))} card{'s' if 5 - len(self.cards) != 1 else ''} could "
                f"be discarded{_FEWER if len(self.cards) > 3 else ''}: a jeu de règle"
                f" ({self.category})"
            )
        if not self.cards:
            return f"{lead}, {card_words(self.trumps, trump)}: a jeu de règle ({self.category})"
        if EQUAL_CARD_FOR_CARD in self.features:
            return (
                f"{lead}, with {card_words(self.cards)}: {EQUAL_CARD_FOR_CARD}, a jeu de règle "
                f"({self.category})"
            )
        # Where the project admits a higher card than the Hints name, say so in the
        # sentence itself: a note in the sources' list alone leaves a hand of kings under
        # a heading "headed by the queen".
        admitted = "".join(f"; {f}" for f in self.features if _ADMITS in f)
        return f"{lead}, with {card_words(self.cards)}: a jeu de règle ({self.category}){admitted}"


def _plain_groups(hand: Sequence[Card], trump: Suit) -> list[tuple[Card, ...]]:
    """The plain suits held, each highest first, longest suits first."""
    suits = {c.suit for c in hand if c.suit != trump}
    groups = [rd.suit_cards(hand, s) for s in suits]
    groups.sort(key=lambda g: (-len(g), -int(g[0].rank)))
    return groups


def _ranks(cards: Sequence[Card]) -> tuple[Rank, ...]:
    return tuple(c.rank for c in cards)


def _as_high_as_a_queen(pair: tuple[Card, ...]) -> str:
    """2b's feature in this hand's cards, never "the queen as high as a queen"."""
    high, low = pair[0], pair[1]
    if high.rank is Q:
        return f"two cards of one plain suit, the queen and {low.rank.noun} of {high.suit.noun}"
    return (
        f"two cards of one plain suit, the {high.rank.noun} and {low.rank.noun} of"
        f" {high.suit.noun}, the {high.rank.noun} higher than a queen"
    )


def _check_two_trumps(
    groups: list[tuple[Card, ...]],
) -> list[tuple[str, tuple[str, ...], tuple[str, ...]]]:
    """(category, features, readings) for each 2x category the plain cards fit."""
    found: list[tuple[str, tuple[str, ...], tuple[str, ...]]] = []
    shape = tuple(len(g) for g in groups)
    if shape == (3,):
        found.append(("2a", ("three cards of one plain suit",), ()))
    if shape == (2, 1):
        pair, single = groups[0], groups[1][0]
        if pair[0].rank >= Q:
            found.append(
                (
                    "2b",
                    (_as_high_as_a_queen(pair),),
                    (),
                )
            )
        if all(rd.is_small(c) for c in pair) and single.rank is K:
            found.append(
                (
                    "2c",
                    ("two small cards of one suit", "the fifth card a king of another suit"),
                    (rd.SMALL_CARD,),
                )
            )
        for ex_pair, ex_single in EXAMPLES_2D:
            if rd.as_high_as(_ranks(pair), ex_pair) and single.rank >= ex_single:
                example = f"{ex_pair[0].noun}, {ex_pair[1].noun} and {ex_single.noun}"
                found.append(
                    (
                        "2d",
                        (
                            f"higher cards in one plain suit and lower in another, as high as {example}",
                        ),
                        (rd.AS_HIGH_AS,),
                    )
                )
                break
    if shape == (1, 1, 1):
        ranks = tuple(g[0].rank for g in groups)
        for ex in EXAMPLES_2E:
            if rd.as_high_as(ranks, ex):
                example = ", ".join(r.noun for r in ex)
                found.append(
                    (
                        "2e",
                        (f"three cards of different suits, as high as {example}",),
                        (rd.AS_HIGH_AS,),
                    )
                )
                break
    return found


def _check_one_trump(
    groups: list[tuple[Card, ...]],
) -> list[tuple[str, tuple[str, ...], tuple[str, ...]]]:
    found: list[tuple[str, tuple[str, ...], tuple[str, ...]]] = []
    shape = tuple(len(g) for g in groups)
    if len(groups) >= 2 and shape[0] == 3:
        three, others = groups[0], [c for g in groups[1:] for c in g]
        if _ranks(three) == (K, Q, J):
            fifth = others[0]
            if rd.is_small(fifth):
                found.append(
                    ("3a", ("the king, queen and knave of one suit", "a small card of another"), ())
                )
            else:
                # "and a small card of another": a higher card holds the trick the small
                # card would, so the project admits it, as its examples are read, and
                # says so beside "3a".
                found.append(
                    (
                        "3a",
                        (
                            "the king, queen and knave of one suit",
                            f"the {fifth.rank.noun} of another suit, where the Hints name a small"
                            f" card ({_ADMITS} a higher one)",
                        ),
                        (rd.SMALL_CARD, rd.AS_HIGH_AS),
                    )
                )
        elif rd.as_high_as(_ranks(three), (Q, N8, N7)) and others[0].rank >= Q:
            features: tuple[str, ...] = (
                f"three cards of one suit headed by the {three[0].rank.noun}",
                f"the {others[0].rank.noun} of another suit",
            )
            heads = {"heading the three": three[0], "of another suit": others[0]}
            kings = [where for where, head in heads.items() if head.rank is K]
            if len(kings) == 2:
                features += (
                    "a king heading the three and a king of another suit, where the Hints name"
                    f" queens ({_ADMITS} higher cards)",
                )
            elif kings:
                features += (
                    f"the king {kings[0]}, where the Hints name a queen ({_ADMITS} a higher card)",
                )
            found.append(("3c", features, (rd.AS_HIGH_AS,) if kings else ()))
    if shape == (4,) and groups[0][0].rank is K:
        found.append(("3b", ("four cards of one suit headed by the king",), ()))
    return found


_FEWER = (
    " (fewer than the Hints' two, as the project reads 'only two': a hand still harder to weaken)"
)
"""Said of category 5 with one card or none to discard, so that the heading "Only two
to discard" does not stand alone above "only one card could be discarded"."""
_ADMITS = "the project admits"
"""Said where a higher card stands for the one the Hints name, as in 3c's king for a
queen, so that a title "headed by the queen" beside a king-headed hand says its
reading; ``JeuDeRegle.describe`` repeats it."""

EQUAL_CARD_FOR_CARD = (
    "cards as high as three queens card for card, a queen or better heading each of three "
    "suits (the project reads 'cards of equal value' card for card: no higher card makes up "
    "for a lower one)"
)


def equal_value_not_compensated(hand: Sequence[Card], trump: Suit) -> str | None:
    """The sentence for a no-trump hand that jeu de règle 4 refuses only because
    ``readings/as-high-as`` reads "cards of equal value" card for card, or None.

    2e's examples put king, ace, nine; queen, knave, ace and three knaves level
    with king, knave and a small card: higher and lower cards compensating. Read
    so, the heads of three suits as high as king, queen, knave (a king making up
    for a knave) could stand level with three queens; card for card they do not.
    """
    if any(c.suit == trump for c in hand) or classify_jeu_de_regle(hand, trump) is not None:
        return None
    heads = sorted((g[0] for g in _plain_groups(hand, trump)), key=lambda c: -int(c.rank))[:3]
    if len(heads) < 3 or not rd.as_high_as(_ranks(heads), (K, Q, J)):
        return None
    low = heads[-1]
    return (
        f"The project reads jeu de règle 4's 'cards of equal value' card for card against "
        f"three queens: the {heads[0].noun} does not make up for the {low.noun}."
    )


def _check_no_trump(
    hand: Sequence[Card], groups: list[tuple[Card, ...]]
) -> list[tuple[str, tuple[str, ...], tuple[str, ...]]]:
    tops = [g[0].rank for g in groups]
    queens_or_better = sum(1 for r in tops if r >= Q)
    courts = sum(1 for c in hand if rd.is_court(c))
    if queens_or_better >= 3:
        queens = sum(1 for c in hand if c.rank is Q)
        if queens >= 3:
            return [("4", ("three queens",), ())]
        return [("4", (EQUAL_CARD_FOR_CARD,), (rd.AS_HIGH_AS,))]
    if courts >= 4:
        return [("4", (f"{number(courts)} court cards",), (rd.COURT_CARD,))]
    return []


def jeu_de_regle_categories(hand: Sequence[Card], trump: Suit) -> list[JeuDeRegle]:
    """Every jeu de règle category ``hand`` fits, in the order of the list."""
    hand = tuple(hand)
    trumps = tuple(sorted((c for c in hand if c.suit == trump), key=lambda c: -c.rank))
    plain = tuple(c for c in hand if c.suit != trump)
    groups = _plain_groups(hand, trump)
    n = len(trumps)
    found: list[tuple[str, tuple[str, ...], tuple[str, ...]]] = []
    if n >= 3:
        found.append(("1", (f"{number(n)} trumps",), ()))
    elif n == 2:
        found.extend(_check_two_trumps(groups))
    elif n == 1:
        found.extend(_check_one_trump(groups))
    else:
        found.extend(_check_no_trump(hand, groups))
    results = [
        JeuDeRegle(cat, trumps, plain if cat != "1" else (), feats, reads)
        for cat, feats, reads in found
    ]
    keepers = tuple(c for c in hand if c.suit == trump or c.rank is K)
    if len(hand) - len(keepers) <= 2:
        results.append(
            JeuDeRegle(
                "5",
                trumps,
                keepers,
                (f"{number(len(keepers))} of the five cards are trumps or kings",),
            )
        )
    return results


def classify_jeu_de_regle(hand: Sequence[Card], trump: Suit) -> JeuDeRegle | None:
    """The first jeu de règle category ``hand`` fits, or None if it is not one."""
    found = jeu_de_regle_categories(hand, trump)
    return found[0] if found else None


def is_weak_hand(hand: Sequence[Card], trump: Suit) -> bool:
    """``readings/weak-hand``: "a weak hand ... with no hope of the point".

    Read as: not a jeu de règle (the hands good enough to play), no king (the
    Hint itself excepts holding a king), and no trump above the ten.
    """
    if classify_jeu_de_regle(hand, trump) is not None:
        return False
    if any(c.rank is Rank.KING for c in hand):
        return False
    return all(c.rank <= Rank.TEN for c in hand if c.suit == trump)


def is_moderate(hand: Sequence[Card], trump: Suit) -> bool:
    """``readings/moderate-cards``: not a jeu de règle, but a court card, or a
    trump higher than the ten.

    "Moderate" sits between the hands the Hints would play anyway (the jeux de
    règle) and small cards: a low trump among small cards is not read as
    moderate (at four to three the project's best engine accepts with the eight
    of trumps and four small cards, by a point and a half).
    """
    if classify_jeu_de_regle(hand, trump) is not None:
        return False
    return any(rd.is_court(c) or (c.suit == trump and c.rank > Rank.TEN) for c in hand)
