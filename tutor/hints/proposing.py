"""The non-dealer's choice: play without proposing, or propose.

The Hints: play the jeux de règle; but with the point certain, propose ("you
have the chance of a refusal, and one good card taken in may give you the
vole"); and with a jeu de règle holding the king of trumps, propose ("your
adversary, if he accepts, cannot then take the king"). Everything else is
proposed: "propose quickly" is said of every hand that is not a jeu de règle.
"""

from __future__ import annotations

from tutor.hints import readings as rd
from tutor.hints.certainty import point_certain
from tutor.hints.common import verdict
from tutor.hints.explain import card_words
from tutor.hints.jeux_de_regle import PASSAGE, classify_jeu_de_regle, equal_value_not_compensated
from tutor.hints.registry import Verdict, register
from tutor.rules.actions import PLAY, PROPOSE
from tutor.rules.infoset import InfoSet

register(
    "propose/point-certain",
    "The point certain: propose",
    "propose",
    ("britannica-9/hints/point-certain",),
    "Holding cards which make the point certain, propose: you have the chance of a refusal, "
    "and one good card taken in may give you the vole. Certain means: three tricks whatever "
    "the adversary holds and however he plays (the project's test, by search).",
)
register(
    "propose/king",
    "A jeu de règle with the king: propose",
    "propose",
    ("britannica-9/hints/king-propose", PASSAGE),
    "Holding a jeu de règle with the king of trumps, it is generally right to propose: if "
    "the adversary accepts he cannot take the king.",
)
register(
    "propose/default",
    "Not a jeu de règle: propose",
    "propose",
    (PASSAGE, "britannica-9/hints/trump-value"),
    "A hand that is not a jeu de règle is not to be played without proposing: propose, quickly.",
)


def is_point_certain(info: InfoSet) -> bool:
    """The project's test of 'the point certain' for the non-dealer, who leads first."""
    if info.is_dealer or len(info.hand) != 5:
        return False
    return point_certain(info.hand, info.trump, info.seen_cards(), i_lead=True)


def propose_point_certain(info: InfoSet) -> Verdict | None:
    if not is_point_certain(info):
        return None
    return verdict(
        "propose/point-certain",
        PROPOSE,
        f"With {card_words(info.hand, info.trump)} you win three tricks whatever your adversary "
        "holds and however he plays: the point is certain. Propose: he may refuse, and a good "
        "card taken in may give you the vole.",
        ("three tricks certain against any holding",),
    )


def propose_king(info: InfoSet) -> Verdict | None:
    jeu = classify_jeu_de_regle(info.hand, info.trump)
    if jeu is None or info.trump_king not in info.hand:
        return None
    return verdict(
        "propose/king",
        PROPOSE,
        f"{jeu.describe(info.trump)}, and one of your trumps is the king. Propose: if your "
        "adversary accepts, he cannot take the king.",
        (*jeu.features, "the king of trumps in hand"),
        jeu.readings,
    )


def play_jeu_de_regle(info: InfoSet) -> Verdict | None:
    jeu = classify_jeu_de_regle(info.hand, info.trump)
    if jeu is None:
        return None
    return verdict(
        jeu.hint_id,
        PLAY,
        f"{jeu.describe(info.trump)}. Play without proposing.",
        jeu.features,
        jeu.readings,
    )


def propose_default(info: InfoSet) -> Verdict:
    text = f"{card_words(info.hand, info.trump).capitalize()} are not a jeu de règle."
    # A no-trump hand that only the card-for-card reading of jeu 4 keeps out says so.
    uncompensated = equal_value_not_compensated(info.hand, info.trump)
    return verdict(
        "propose/default",
        PROPOSE,
        f"{text} {uncompensated} Propose." if uncompensated else f"{text} Propose.",
        ("not a jeu de règle",),
        (rd.AS_HIGH_AS,) if uncompensated else (),
    )
