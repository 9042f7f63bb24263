"""'The score has to be considered': the Hints' score rules for proposing and refusing.

At the adverse score of four (the adversary one point from the game) a
proposal is dangerous: the cards given may bring him the king, which is the
game. So, unless the king of trumps is safe (in your hand or turned up), the
Hints play hands they would otherwise propose with, and the dealer refuses
hands he would otherwise accept. At three against four the dealer refuses on
moderate cards. These rules come first in their decisions: they exist to
override the ordinary ones.

The even chance the non-dealer plays on includes the dealer's own, stricter
examples (``readings/stricter-refusal``: "but he ought to be protected").

The rules for the king (``score/four-to-three-king``) and for the lead
(``score/forward-game``) live with the king and the leads.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import permutations

from tutor.hints import readings as rd
from tutor.hints.common import adverse_four, at_four, at_three, king_safe, verdict
from tutor.hints.explain import card_words, number
from tutor.hints.jeux_de_regle import classify_jeu_de_regle, is_moderate
from tutor.hints.registry import Verdict, register
from tutor.rules.actions import PLAY, REFUSE
from tutor.rules.cards import SUITS, Card, Rank, Suit
from tutor.rules.infoset import InfoSet

SCORE = "britannica-9/hints/score"
ADVERSE = "britannica-9/hints/score/adverse-four"

register(
    "score/dealer-at-four",
    "The dealer at four: play an even chance",
    "propose",
    (SCORE,),
    "The dealer at four, the king neither in your hand nor turned up: play without proposing "
    "any cards that give an even chance of three tricks, e.g. a queen, a guarded knave and a "
    "guarded ten; and so, on the project's reading of the Hint's 'but', the hands protected "
    "in three suits on which the dealer, more strictly, refuses at the adverse four (three "
    "knaves, or a knave and two guarded tens).",
)
register(
    "score/dealer-refusal-at-four",
    "At four: the dealer refuses when protected",
    "accept",
    (SCORE,),
    "The same for the dealer's refusal when his adversary is at four, but he ought to be "
    "protected in three suits, e.g. three knaves, or a knave and two guarded tens.",
)
register(
    "score/adverse-four",
    "At the adverse score of four: one trump is enough",
    "propose",
    (ADVERSE, SCORE),
    "At the adverse score of four, the king not in hand or turned up, any hand with one trump "
    "should be played, unless the plain cards are very small and of different suits.",
)
register(
    "score/point-certain-at-four",
    "At the adverse four: do not ask for cards",
    "propose",
    (ADVERSE, "britannica-9/hints/point-certain"),
    "The rule to ask for cards with the point certain does not hold at the adverse score of "
    "four, unless the king is in hand or turned up: play.",
)
register(
    "score/three-against-four",
    "Three against four: refuse on moderate cards",
    "accept",
    ("britannica-9/hints/score/three-against-four",),
    "Non-dealer three, dealer four: the dealer should refuse on moderate cards, as the player "
    "proposing at this score must have a very bad hand.",
)

Q, J, T, N7 = Rank.QUEEN, Rank.KNAVE, Rank.TEN, Rank.SEVEN

# The Hints' examples, as ranks by suit: (J, N7) is "a guarded knave", a knave
# with a smaller card, its least case the seven.
EVEN_CHANCE = (((Q,), (J, N7), (T, N7)),)
"""'A queen, a guarded knave, and a guarded ten'."""
PROTECTED_THREE_SUITS = (((J,), (J,), (J,)), ((J,), (T, N7), (T, N7)))
"""'Three knaves, or a knave and two guarded tens'."""


def holds_pattern(hand: Sequence[Card], example: Sequence[Sequence[Rank]]) -> bool:
    """``readings/as-high-as`` by suits: some distinct suits of ``hand``, one per
    group of ``example``, each hold at least as many cards as the group, their
    highest as high as it, card for card. A trump is taken as any card of its
    rank: the examples are plain, and a trump is never worse."""
    columns = {s: [c.rank for c in rd.suit_cards(hand, s)] for s in SUITS}
    for suits in permutations(SUITS, len(example)):
        if all(
            len(columns[s]) >= len(g) and rd.as_high_as(columns[s][: len(g)], g)
            for s, g in zip(suits, example, strict=True)
        ):
            return True
    return False


def even_chance(hand: Sequence[Card], trump: Suit) -> bool:
    """'Cards which give an even chance of three tricks': a jeu de règle, as
    high as the Hint's example (a queen, a guarded knave, a guarded ten), or
    protected in three suits as the dealer must be to refuse (``even_chance_by``)."""
    return even_chance_by(hand, trump) is not None


def even_chance_by(hand: Sequence[Card], trump: Suit) -> str | None:
    """Why ``hand`` gives the non-dealer an even chance of three tricks, or None:
    ``"jeu"`` (a jeu de règle), ``"example"`` (as high as a queen, a guarded
    knave and a guarded ten) or ``"protected"`` (three knaves, or a knave and
    two guarded tens).

    The last is ``readings/stricter-refusal``: "The same rule applies to the
    dealer's refusal, *but* he ought to be protected in three suits". The "but"
    asks more of the dealer than of the non-dealer, so a hand that passes the
    dealer's test passes the non-dealer's: he plays with it too.
    """
    if classify_jeu_de_regle(hand, trump) is not None:
        return "jeu"
    if any(holds_pattern(hand, ex) for ex in EVEN_CHANCE):
        return "example"
    if protected_in_three_suits(hand):
        return "protected"
    return None


def protected_in_three_suits(hand: Sequence[Card]) -> bool:
    """'Protected in three suits, e.g. three knaves, or a knave and two guarded tens'."""
    return any(holds_pattern(hand, ex) for ex in PROTECTED_THREE_SUITS)


def very_small_plain(hand: Sequence[Card], trump: Suit) -> bool:
    """Whether the plain cards are all very small (``readings/very-small``): the
    hands on which "of different suits" (``readings/different-suits``) decides."""
    plain = [c for c in hand if c.suit != trump]
    return bool(plain) and all(rd.is_very_small(c) for c in plain)


def of_different_suits(hand: Sequence[Card], trump: Suit) -> bool:
    """``readings/different-suits``: the plain cards spread over all three plain
    suits, the most four plain cards can be."""
    return len({c.suit for c in hand if c.suit != trump}) >= 3


def one_trump_enough(hand: Sequence[Card], trump: Suit) -> bool:
    """The adverse-four test: a trump, unless the plain cards are very small
    (``readings/very-small``) and of different suits (``readings/different-suits``)."""
    if not any(c.suit == trump for c in hand):
        return False
    return not (very_small_plain(hand, trump) and of_different_suits(hand, trump))


def set_aside_at_four(info: InfoSet) -> str | None:
    """The sentence saying the adverse-four rule was set aside, when it was: a trump
    held, the king at stake, and the plain cards very small and spread over the
    three plain suits (``readings/different-suits``). None when it was not."""
    if info.decision not in ("propose", "accept") or not _adverse_unsafe(info):
        return None
    if not info.trumps() or one_trump_enough(info.hand, info.trump):
        return None
    return (
        "At the adverse score of four any hand with one trump should be played, unless the"
        " plain cards are very small and of different suits; yours are very small and, as"
        ' the project reads "of different suits", spread over the three plain suits, so'
        " that rule does not decide here and the ordinary rules do."
    )


def _adverse_unsafe(info: InfoSet) -> bool:
    return adverse_four(info) and not king_safe(info)


def dealer_at_four(info: InfoSet) -> Verdict | None:
    if info.is_dealer or not _adverse_unsafe(info):
        return None
    why = even_chance_by(info.hand, info.trump)
    if why is None:
        return None
    cards = card_words(info.hand, info.trump).capitalize()
    if why == "protected":
        chance = (
            f"{cards} protect you in three suits, as the dealer must be to refuse at this score "
            "(three knaves, or a knave and two guarded tens); the Hint's 'but' makes his the "
            "stricter test, so they give you at least an even chance of three tricks."
        )
        readings: tuple[str, ...] = (rd.STRICTER_REFUSAL, rd.AS_HIGH_AS, rd.GUARDED)
        matched = "protected in three suits, the dealer's stricter test"
    else:
        chance = f"{cards} give an even chance of three tricks."
        readings = (rd.AS_HIGH_AS,)
        matched = "an even chance of three tricks"
    return verdict(
        "score/dealer-at-four",
        PLAY,
        "The dealer is at four and the king of trumps is neither in your hand nor turned up: "
        f"a proposal could give him the king. {chance} Play without proposing.",
        ("the dealer at four", "the king not in hand nor turned up", matched),
        readings,
    )


def dealer_refusal_at_four(info: InfoSet) -> Verdict | None:
    if not info.is_dealer or not _adverse_unsafe(info) or not protected_in_three_suits(info.hand):
        return None
    return verdict(
        "score/dealer-refusal-at-four",
        REFUSE,
        "Your adversary is at four and the king of trumps is neither in your hand nor turned up; "
        f"with {card_words(info.hand, info.trump)} you are protected in three suits. Refuse. "
        "(The Hint says 'the same rule applies to the dealer's refusal'; the project reads it"
        " as 'when the non-dealer is at four', the dealer's adversary where the Hint's dealer"
        " stood.)",
        ("the adversary at four", "the king not in hand nor turned up", "protected in three suits"),
        (rd.AS_HIGH_AS, rd.GUARDED, rd.ADVERSARY_AT_FOUR),
    )


def adverse_four_one_trump(info: InfoSet) -> Verdict | None:
    if info.decision not in ("propose", "accept") or not _adverse_unsafe(info):
        return None
    if not one_trump_enough(info.hand, info.trump):
        return None
    n = len(info.trumps())
    action, word = (REFUSE, "Refuse") if info.is_dealer else (PLAY, "Play without proposing")
    readings: tuple[str, ...] = (rd.VERY_SMALL,)
    why = "not all very small and of different suits"
    if very_small_plain(info.hand, info.trump):
        # the plain cards are very small: "of different suits" decides
        why = "all very small, but not spread over the three plain suits, as the project reads 'of different suits'"
        readings = (*readings, rd.DIFFERENT_SUITS)
    dealer = ""
    if info.is_dealer:
        dealer = (
            " The Hint speaks of playing; the project reads it for the dealer's refusal too,"
            " without asking him to be protected in three suits as the Hint on the dealer at"
            " four does."
        )
        readings = (*readings, rd.ADVERSE_FOUR_DEALER)
    return verdict(
        "score/adverse-four",
        action,
        f"At the adverse score of four, with the king neither in your hand nor turned up, any hand "
        f"with a trump should be played: you hold {number(n)} and your plain cards are {why}."
        f"{dealer} {word}.",
        (
            "the adversary at four",
            "the king not in hand nor turned up",
            f"{n} trump{'s' if n > 1 else ''}",
        ),
        readings,
    )


def point_certain_at_four(info: InfoSet) -> Verdict | None:
    from tutor.hints.proposing import is_point_certain

    if info.is_dealer or not _adverse_unsafe(info) or not is_point_certain(info):
        return None
    return verdict(
        "score/point-certain-at-four",
        PLAY,
        "Your cards make the point certain, but the adversary is at four and the king of trumps "
        "is neither in your hand nor turned up: the rule to ask for cards does not hold. Play.",
        ("the point certain", "the adversary at four", "the king not in hand nor turned up"),
    )


def three_against_four(info: InfoSet) -> Verdict | None:
    if not info.is_dealer or not (at_four(info.score[0], info) and at_three(info.score[1], info)):
        return None
    jeu = classify_jeu_de_regle(info.hand, info.trump)
    if jeu is None and not is_moderate(info.hand, info.trump):
        return None
    what = (
        "a jeu de règle"
        if jeu is not None
        else "moderate cards (a court card, or a trump higher than the ten)"
    )
    return verdict(
        "score/three-against-four",
        REFUSE,
        f"You are at four, your adversary at three: proposing at this score he must have a very "
        f"bad hand. You hold {what}. Refuse.",
        ("dealer four, non-dealer three", what),
        (rd.MODERATE_CARDS, rd.COURT_CARD),
    )
