"""The dealer's choice when his adversary proposes: accept or refuse.

The Hints give a principle and a list. The principle: "accept, unless you
are guarded in three suits (a queen being a sufficient guard), or in two
suits with a trump, or in one suit with two trumps". The list: "the hands
with which to refuse are the same as those with which to play without
proposing" (the jeux de règle), with seven numbered exceptions and a rule
for three queens. "Hence the rule not to discard two cards, unless holding
the king of trumps, applies to the dealer."

Precedence (first that speaks decides), after the score rules:
the seven exceptions in their order; three queens; the two-card rule with the king of
trumps (the guarded principle decides it); the jeux de règle (refuse); the guarded
principle (refuse or accept). The
exceptions and three queens come first because they are exceptions to the
list and to the principle; read with ``readings/guarded`` they describe
hands the principle would refuse, and narrow them (see ``guarded_in``).

The king of trumps frees the dealer only under the two-card rule, and only from
that rule (``readings/dealer-king``): the principle still refuses a guarded hand,
and a jeu de règle holding the king with more to discard is refused, the refusal
saying so (``king_not_excepted``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from tutor.hints import readings as rd
from tutor.hints.common import verdict
from tutor.hints.explain import card_words, join, number
from tutor.hints.jeux_de_regle import classify_jeu_de_regle, equal_value_not_compensated
from tutor.hints.registry import Verdict, register
from tutor.rules.actions import ACCEPT, REFUSE, Action
from tutor.rules.cards import Card, Rank, Suit
from tutor.rules.infoset import InfoSet

REFUSING = "britannica-9/hints/refusing"
ACCEPTING = "britannica-9/hints/accepting"

register(
    "accept/guarded",
    "Accept unless guarded",
    "accept",
    (ACCEPTING,),
    "If your adversary proposes, accept, unless you are guarded in three suits (a queen being "
    "a sufficient guard), or in two suits with a trump, or in one suit with two trumps.",
)
register(
    "accept/dealer-discard",
    "The dealer and the two-card rule",
    "accept",
    (ACCEPTING, "britannica-9/hints/jeux-de-regle/5", "britannica-9/hints/king-propose"),
    "The rule not to discard two cards, unless holding the king of trumps, applies to the "
    "dealer: a hand from which only two cards could be discarded without throwing a king or a "
    "trump is refused (it is jeu de règle 5); with the king of trumps the rule does not bind "
    "him, and the principle it is drawn from decides: accept unless guarded (the project's "
    "reading).",
)
register(
    "refuse/jeu-de-regle",
    "Refuse with a jeu de règle",
    "accept",
    (REFUSING, "britannica-9/hints/jeux-de-regle"),
    "The hands with which to refuse are the same as those with which to play without "
    "proposing (the jeux de règle), except as follows.",
)
_EXCEPTIONS = {
    1: (
        "Two trumps and three of a suit",
        "Two trumps and three cards of one plain suit should not be played unless the plain suit is headed by a court card.",
    ),
    2: (
        "One trump and a tierce major, or similar hands weaker",
        "One trump and a tierce major is too weak, unless the fifth card is a court card; with similar hands weaker in the tierce major suit, accept unless the fifth card is a queen.",
    ),
    3: (
        "One trump and four of a suit",
        "One trump and four cards of a plain suit is too weak to play.",
    ),
    4: (
        "One trump and two queens",
        "One trump and two queens is too weak, unless both queens are singly guarded.",
    ),
    5: (
        "One trump, a queen and a guarded knave",
        "One trump, queen of one suit, and knave guarded of another should not be played unless the queen is also guarded, or the card of the fourth suit is a court card.",
    ),
    6: (
        "One trump, a king and a queen unguarded",
        "One trump, a king and a queen, both unguarded, should not be played, unless the fourth suit contains a card as high as an ace.",
    ),
    7: (
        "Four court cards without a trump",
        "Four court cards without a trump are too weak to play, unless they are of three different suits.",
    ),
}
for _n, (_title, _summary) in _EXCEPTIONS.items():
    register(
        f"refuse/exception-{_n}",
        f"Refusing, exception {_n}: {_title.lower()}",
        "accept",
        (f"{REFUSING}/{_n}", REFUSING),
        _summary,
    )
register(
    "refuse/three-queens",
    "Three queens",
    "accept",
    ("britannica-9/hints/three-queens",),
    "Refuse with three queens, if two are singly guarded; otherwise, accept. (Read of hands "
    "without a trump, the three queens of jeu de règle 4.)",
)


def _plain_suits(info: InfoSet) -> dict[Suit, tuple[Card, ...]]:
    suits = {c.suit for c in info.hand if c.suit != info.trump}
    return {s: rd.suit_cards(info.hand, s) for s in suits}


def _decide(refuse: bool) -> tuple[Action, str]:
    return (REFUSE, "Refuse") if refuse else (ACCEPT, "Accept")


def _exception(
    n: int, refuse: bool, matched: str, because: str, readings: tuple[str, ...] = ()
) -> Verdict:
    action, word = _decide(refuse)
    head = (
        f"{matched[0].upper()}{matched[1:]}: the dealer refuses with the hands one plays"
        " without proposing"
    )
    if refuse:
        # The exception's own "unless" is met: it does not take this hand out of the
        # rule, and the sentence says so before "refuse", lest it read backwards.
        told = (
            f"{head}. Exception {n} of the Hints' refusing makes such hands too weak"
            f" unless a condition is met, and here it is: {because[0].lower()}{because[1:]}"
            f" So the exception does not apply: {word.lower()}."
        )
    else:
        told = f"{head}, but exception {n} of the Hints' refusing applies. {because} So: {word.lower()}."
    return verdict(
        f"refuse/exception-{n}",
        action,
        told,
        (matched, because.rstrip(".")),
        readings,
    )


def exception_1(info: InfoSet) -> Verdict | None:
    suits = _plain_suits(info)
    if len(info.trumps()) != 2 or len(suits) != 1:
        return None
    (cards,) = suits.values()
    head = cards[0]
    refuse = rd.is_court(head)
    because = (
        f"The suit is headed by the {head.rank.noun}, a court card."
        if refuse
        else f"The suit is headed by the {head.rank.noun}, not a court card: too weak."
    )
    return _exception(1, refuse, f"two trumps and {card_words(cards)}", because, (rd.COURT_CARD,))


def exception_2(info: InfoSet) -> Verdict | None:
    suits = _plain_suits(info)
    if len(info.trumps()) != 1 or sorted(len(v) for v in suits.values()) != [1, 3]:
        return None
    three = next(v for v in suits.values() if len(v) == 3)
    fifth = next(v for v in suits.values() if len(v) == 1)[0]
    ranks = tuple(c.rank for c in three)
    matched = f"one trump, {card_words(three)}, and {card_words([fifth])}"
    if ranks == (Rank.KING, Rank.QUEEN, Rank.KNAVE):
        refuse = rd.is_court(fifth)
        because = (
            f"A tierce major, and the fifth card, the {fifth.rank.noun}, is a court card."
            if refuse
            else f"A tierce major, but the fifth card, the {fifth.rank.noun}, is not a court card: too weak."
        )
        return _exception(2, refuse, matched, because, (rd.COURT_CARD,))
    if not rd.is_court(three[0]):
        return None
    # readings/queen-or-better: "accept unless the fifth card is a queen" refuses
    # with a king too, a fortiori; the ace, below the queen, accepts.
    refuse = fifth.rank >= Rank.QUEEN
    readings: tuple[str, ...] = (rd.COURT_CARD, rd.AS_HIGH_AS)
    weaker = (
        f"A hand like the tierce major, but weaker: {card_words(three)} in place of the"
        " king, queen and knave"
    )
    if fifth.rank is Rank.KING:
        because = (
            f"{weaker}, and the fifth card is the king: the Hints name a queen, and the"
            " project reads a card higher than the queen as refusing too."
        )
        readings = (*readings, rd.QUEEN_OR_BETTER)
    elif refuse:
        because = f"{weaker}, and the fifth card is the {fifth.rank.noun}."
    else:
        because = f"{weaker}, and the fifth card, the {fifth.rank.noun}, is not a queen."
    return _exception(2, refuse, matched, because, readings)


def exception_3(info: InfoSet) -> Verdict | None:
    suits = _plain_suits(info)
    if len(info.trumps()) != 1 or len(suits) != 1:
        return None
    (cards,) = suits.values()
    return _exception(
        3,
        False,
        f"one trump and four cards of a plain suit, {card_words(cards)}",
        "Too weak to play.",
    )


def exception_4(info: InfoSet) -> Verdict | None:
    """Read of hands without a king: one with a king and a queen unguarded is
    exception 6's (``readings/king-queen-first``)."""
    if len(info.trumps()) != 1:
        return None
    plain = [c for c in info.hand if c.suit != info.trump]
    queens = [c for c in plain if c.rank is Rank.QUEEN]
    if len(queens) != 2 or any(c.rank is Rank.KING for c in plain):
        return None
    single = [q for q in queens if rd.is_singly_guarded(q, info.hand)]
    refuse = len(single) == 2
    because = (
        "Both queens are singly guarded."
        if refuse
        else f"{'Only one queen is' if single else 'Neither queen is'} singly guarded: too weak."
    )
    return _exception(
        4,
        refuse,
        f"one trump and two queens, with {card_words(plain)}",
        because,
        (rd.SINGLY_GUARDED,),
    )


def exception_5(info: InfoSet) -> Verdict | None:
    suits = _plain_suits(info)
    if len(info.trumps()) != 1:
        return None
    q_suits = [s for s, v in suits.items() if v[0].rank is Rank.QUEEN]
    j_suits = [
        s for s, v in suits.items() if v[0].rank is Rank.KNAVE and rd.is_guarded(v[0], info.hand)
    ]
    if len(q_suits) != 1 or len(j_suits) != 1:
        return None
    queen = suits[q_suits[0]][0]
    fourth = [c for s, v in suits.items() if s not in (q_suits[0], j_suits[0]) for c in v]
    q_guarded = rd.is_guarded(queen, info.hand)
    court_fourth = any(rd.is_court(c) for c in fourth)
    refuse = q_guarded or court_fourth
    if q_guarded:
        because = "The queen is also guarded."
    elif court_fourth:
        because = "The card of the fourth suit is a court card."
    else:
        because = "The queen is unguarded and the fourth suit has no court card: too weak."
    plain = [c for c in info.hand if c.suit != info.trump]
    return _exception(
        5,
        refuse,
        f"one trump, a queen and a guarded knave, with {card_words(plain)}",
        because,
        (rd.GUARDED, rd.COURT_CARD),
    )


def exception_6(info: InfoSet) -> Verdict | None:
    suits = _plain_suits(info)
    if len(info.trumps()) != 1 or sorted(len(v) for v in suits.values()) != [1, 1, 2]:
        return None
    singles = sorted((v[0] for v in suits.values() if len(v) == 1), key=lambda c: -c.rank)
    if [c.rank for c in singles] != [Rank.KING, Rank.QUEEN]:
        return None
    fourth = next(v for v in suits.values() if len(v) == 2)
    refuse = fourth[0].rank >= Rank.ACE
    because = (
        f"The fourth suit holds the {fourth[0].rank.noun}, as high as an ace."
        if refuse
        else "The fourth suit holds nothing as high as an ace: too weak."
    )
    plain = [c for c in info.hand if c.suit != info.trump]
    readings: tuple[str, ...] = (rd.GUARDED,)
    if sum(c.rank is Rank.QUEEN for c in plain) == 2:
        # readings/king-queen-first: two queens beside the king are this exception's
        # hand, not exception 4's (read of hands without a king).
        because = (
            f"{because} You hold two queens as well; the project reads this hand, with its"
            " king, as exception 6's, and exception 4 (one trump and two queens) as a hand"
            " without a king."
        )
        readings = (rd.GUARDED, rd.KING_QUEEN_FIRST)
    return _exception(
        6,
        refuse,
        f"one trump, a king and a queen both unguarded, with {card_words(plain)}",
        because,
        readings,
    )


def exception_7(info: InfoSet) -> Verdict | None:
    if info.trumps():
        return None
    courts = [c for c in info.hand if rd.is_court(c)]
    if len(courts) < 4:
        return None
    n_suits = len({c.suit for c in courts})
    refuse = n_suits >= 3
    because = (
        "They are of three different suits."
        if refuse
        else f"They are of only {number(n_suits)} suits: too weak."
    )
    readings: tuple[str, ...] = (rd.COURT_CARD,)
    if sum(c.rank is Rank.QUEEN for c in courts) >= 3:
        # readings/four-courts-first: the exception, before the rule for three queens
        because = (
            f"{because} Three of them are queens; the project reads the exceptions before"
            " the rule for three queens, so this exception decides."
        )
        readings = (rd.COURT_CARD, rd.FOUR_COURTS_FIRST)
    return _exception(
        7,
        refuse,
        f"no trump and {number(len(courts))} court cards, {card_words(courts)}",
        because,
        readings,
    )


def king_not_excepted(info: InfoSet, v: Verdict | None) -> Verdict | None:
    """A refusal of a jeu de règle holding the king of trumps, said with
    ``readings/dealer-king``: the non-dealer would propose it ("if he accepts,
    cannot then take the king"), but the Hints carry the king's exception over
    to the dealer only in the rule not to discard two cards (``dealer_discard``),
    and this hand has more to discard."""
    if v is None or v.action != REFUSE or info.trump_king not in info.hand:
        return v
    if classify_jeu_de_regle(info.hand, info.trump) is None:
        return v
    n = sum(1 for c in info.hand if c.suit != info.trump and c.rank is not Rank.KING)
    if n <= 2:
        # The two-card rule frees this hand (``dealer_discard`` accepts it): an exception
        # whose "unless" is met leaves the hand to the rules after it, rather than
        # "comes first" and then "does not apply".
        return None
    note = (
        "You hold the king of trumps, for which the non-dealer would propose this jeu de "
        "règle; but the Hints carry the king over to the dealer only in 'the rule not to "
        "discard two cards, unless holding the king of trumps', and here "
        f"{number(n)} cards could be discarded without throwing a king or a trump."
    )
    return replace(
        v,
        explanation=f"{v.explanation} {note}",
        matched=(*v.matched, "the king of trumps in hand, more than two cards to discard"),
        readings=tuple(dict.fromkeys((*v.readings, rd.DEALER_KING))),
    )


def _with_king(rule: Callable[[InfoSet], Verdict | None]) -> Callable[[InfoSet], Verdict | None]:
    def checked(info: InfoSet) -> Verdict | None:
        return king_not_excepted(info, rule(info))

    checked.__name__ = rule.__name__
    checked.__doc__ = rule.__doc__
    return checked


EXCEPTIONS = tuple(
    _with_king(rule)
    for rule in (
        exception_1,
        exception_2,
        exception_3,
        exception_4,
        exception_5,
        exception_6,
        exception_7,
    )
)


def three_queens(info: InfoSet) -> Verdict | None:
    if info.trumps():
        return None
    queens = [c for c in info.hand if c.rank is Rank.QUEEN]
    if len(queens) < 3:
        return None
    single = [q for q in queens if rd.is_singly_guarded(q, info.hand)]
    refuse = len(single) >= 2
    action, word = _decide(refuse)
    how = (
        f"{number(len(single)).capitalize()} of them are singly guarded."
        if refuse
        else f"{'Only one is' if single else 'None is'} singly guarded."
    )
    return verdict(
        "refuse/three-queens",
        action,
        f"Three queens, with {card_words(info.hand, info.trump)}. {how} {word}.",
        ("three queens", how.rstrip(".")),
        (rd.SINGLY_GUARDED,),
    )


def dealer_discard(info: InfoSet) -> Verdict | None:
    """The two-card rule's exception for the dealer: holding the king of trumps, the
    rule not to discard two cards does not refuse his hand. The rule is drawn from the
    principle ("Hence"), so the principle decides it: accept unless guarded
    (``readings/dealer-king``). Without the king such a hand is jeu de règle 5 (or 1),
    and ``refuse_jeu_de_regle`` refuses it, citing the category."""
    keepers = [c for c in info.hand if c.suit == info.trump or c.rank is Rank.KING]
    n = len(info.hand) - len(keepers)
    if n > 2 or info.trump_king not in info.hand:
        return None
    held = (
        f"with {card_words(keepers, info.trump)}, only {number(n)} card{'s' if n != 1 else ''} "
        "could be discarded without throwing a king or a trump"
    )
    principle = accept_guarded(info)
    lifted = (
        f"{held[0].upper()}{held[1:]}, a hand the rule not to discard two cards would refuse;"
        " but it does not bind you when you hold the king of trumps, which your adversary"
        " cannot take, and the principle it is drawn from decides: "
    )
    # "Hence" makes the two-card rule a consequence of the principle, so the king lifts
    # the rule, not the principle. Read as "accept whatever the guards", the rule would
    # accept hands the principle refuses, and the best engine refuses most of them
    # (benchmarks/dealer_king.py).
    return verdict(
        "accept/dealer-discard",
        principle.action,
        f"{lifted}{_lower_first(principle.explanation)}",
        (held, "the king of trumps in hand", *principle.matched),
        (rd.DEALER_KING, *principle.readings),
    )


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]


def refuse_jeu_de_regle(info: InfoSet) -> Verdict | None:
    jeu = classify_jeu_de_regle(info.hand, info.trump)
    if jeu is None:
        return None
    return king_not_excepted(
        info,
        verdict(
            "refuse/jeu-de-regle",
            REFUSE,
            f"{jeu.describe(info.trump)}, and no exception applies: the hands to refuse with are "
            "the hands to play without proposing. Refuse.",
            (*jeu.features, f"jeu de règle {jeu.category}"),
            jeu.readings,
        ),
    )


def guarded_suits(info: InfoSet) -> list[Card]:
    """The card guarding each plain suit you are guarded in (``readings/guarded``)."""
    guards = []
    for suit in {c.suit for c in info.hand if c.suit != info.trump}:
        guard = rd.guarded_in(suit, info.hand)
        if guard is not None:
            guards.append(guard)
    return sorted(guards, key=lambda c: -c.rank)


def accept_guarded(info: InfoSet) -> Verdict:
    guards = guarded_suits(info)
    n_trumps = len(info.trumps())
    g = len(guards)
    refuse = g >= 3 or (g >= 2 and n_trumps >= 1) or (g >= 1 and n_trumps >= 2)
    action, word = _decide(refuse)
    if guards:
        by = join([f"the {c.rank.noun} of {c.suit.noun}" for c in guards])
        where = f"guarded in {number(g)} suit{'s' if g > 1 else ''} (by {by})"
    else:
        where = "guarded in no suit"
    trumps = f"{number(n_trumps)} trump{'s' if n_trumps != 1 else ''}"
    if refuse:
        text = f"You are {where}, with {trumps}: enough to refuse. {word}."
    else:
        text = (
            f"You are {where}, with {trumps}: not guarded in three suits, nor in two with a "
            f"trump, nor in one with two trumps. {word}."
        )
    readings: tuple[str, ...] = (rd.GUARDED,)
    uncompensated = None if refuse else equal_value_not_compensated(info.hand, info.trump)
    if uncompensated:
        # Not refused as jeu de règle 4 only because of the card-for-card reading.
        text = f"{text[: -len(word) - 1]}{uncompensated} {word}."
        readings = (rd.GUARDED, rd.AS_HIGH_AS)
    return verdict("accept/guarded", action, text, (where, trumps), readings)


def excepted(info: InfoSet) -> bool:
    """Whether the refusal exceptions have anything to except here: a jeu de règle
    which the rules after them (three queens, the two-card rule with the king, the
    jeux de règle) would refuse. A hand matching an exception's pattern that is no
    jeu de règle is left to the principle, which accepts it or not whatever the
    exception says; the study counts an exception's row over these hands only."""
    if classify_jeu_de_regle(info.hand, info.trump) is None:
        return False
    for rule in (three_queens, dealer_discard, refuse_jeu_de_regle):
        found = rule(info)
        if found is not None:
            return found.action == REFUSE
    return False
