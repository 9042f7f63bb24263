"""The leads: every lead rule of the Hints, and the project's default.

Precedence (first that speaks decides), from the most particular position
to the most general:

1. the end of the hand: ``lead/queen-two-small-trumps`` (two tricks made,
   queen and two small trumps, king marked against you), ``lead/two-tricks-each``;
2. the vole (not at four, where "there is no advantage in winning the vole"):
   ``lead/trump-after-three``, ``lead/vole-change-suit``;
3. continuing a strong suit that was not trumped: ``lead/trump-before-continuing``,
   then ``lead/persevere``;
4. the first lead: ``lead/weak-after-refusal``, ``lead/small-sequence`` (both after a
   refusal), ``lead/two-small-trumps`` (the exception to the guarded suit),
   ``lead/three-trumps-sequence``, ``lead/trumps-at-starting`` (which also
   speaks, leading a plain card, when the king, queen, knave or knave, ace of
   trumps is held without court cards out of trumps); at four,
   ``score/forward-game`` replaces any of these that would lead a trump;
5. ``lead/guarded-suit``: the highest of your guarded suit;
6. ``project/lead-default``: the highest of your strong suit.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from tutor.hints import readings as rd
from tutor.hints.common import after_refusal, mine_at_four, verdict
from tutor.hints.explain import card_words, number
from tutor.hints.jeux_de_regle import is_weak_hand
from tutor.hints.registry import Verdict, register
from tutor.rules.actions import lead
from tutor.rules.cards import Card, Rank, Suit
from tutor.rules.infoset import InfoSet
from tutor.rules.laws import trick_leaders

H = "britannica-9/hints"

register(
    "lead/guarded-suit",
    "Lead from the guarded suit",
    "lead",
    (f"{H}/lead-guarded-suit", f"{H}/trumps-at-starting"),
    "Lead from your guarded suit, and lead the highest (not trumps at starting, unless the "
    "trump rules say so).",
)
register(
    "lead/two-small-trumps",
    "Two small trumps and a guarded queen",
    "lead",
    (f"{H}/lead-guarded-suit",),
    "With two small trumps, a guarded queen, and a small card of another suit, lead the "
    "single card.",
)
register(
    "lead/weak-after-refusal",
    "A weak hand after a refusal",
    "lead",
    (f"{H}/weak-hand-after-refusal",),
    "Playing a weak hand after a refusal, with no hope of the point and fear of losing the "
    "vole, lead the strongest single card, unless you have a king.",
)
register(
    "lead/persevere",
    "Persevere with the strong suit",
    "lead",
    (f"{H}/persevere",),
    "If the strong suit led is not trumped, persevere with it.",
)
register(
    "lead/trump-before-continuing",
    "A trump before continuing",
    "lead",
    (f"{H}/persevere",),
    "If the strong suit led is not trumped, but you hold the king of trumps, or the queen "
    "(the king not announced), or knave and ace, lead a trump before continuing your suit.",
)
register(
    "lead/vole-change-suit",
    "For the vole: change the suit",
    "lead",
    (f"{H}/persevere",),
    "Playing for the vole with a weak trump and high cards, change the suit each time to "
    "avoid a ruff.",
)
register(
    "lead/trump-after-three",
    "Three tricks made: lead the trump",
    "lead",
    (f"{H}/persevere",),
    "Playing for the vole, having made three tricks, lead the trump.",
)
register(
    "lead/trumps-at-starting",
    "Trumps at starting",
    "lead",
    (f"{H}/trumps-at-starting",),
    "Do not lead trumps at starting, even if your best suit, unless you hold the king, or "
    "queen and knave, or knave and ace, with court cards out of trumps.",
)
register(
    "lead/three-trumps-sequence",
    "Three trumps, two best in sequence",
    "lead",
    (f"{H}/trumps-at-starting",),
    "Holding three trumps, the two best being in sequence, lead a trump.",
)
register(
    "lead/small-sequence",
    "Cards refused: two small cards in sequence",
    "lead",
    (f"{H}/small-sequence",),
    "If cards are refused, it is better to lead from two small cards in sequence than from a "
    "high tenace.",
)
register(
    "lead/two-tricks-each",
    "Two tricks to one: the plain card or the trump",
    "lead",
    (f"{H}/two-tricks-each",),
    "Having won two tricks to one, with a trump and a plain card, lead the plain card; but if "
    "your adversary has won two and you win the third, lead the trump.",
)
register(
    "lead/queen-two-small-trumps",
    "Queen and two small trumps",
    "lead",
    (f"{H}/queen-two-small-trumps",),
    "If you make two tricks and have the queen and two small trumps (the king announced "
    "against you), by leading a small trump you must win the point.",
)
register(
    "score/forward-game",
    "At four: no forward game in trumps",
    "lead",
    (f"{H}/score/forward-game",),
    "At four a forward game should not be played in trumps, as there is no advantage in "
    "winning the vole.",
)
register(
    "project/lead-default",
    "Project: the highest of the strong suit",
    "lead",
    (
        f"{H}/lead-guarded-suit",
        f"{H}/trumps-at-starting",
        f"{H}/trump-value",
        "readings/strong-suit",
    ),
    "The project's reasoning, not the source's: with no guarded suit the Hint on leading is "
    "silent; lead the highest card of your strong suit (a plain suit if you have one, as "
    "trumps are not led at starting, and are kept for trumping).",
)


def _high(cards: Sequence[Card]) -> Card:
    return max(cards, key=lambda c: int(c.rank))


def _low(cards: Sequence[Card]) -> Card:
    return min(cards, key=lambda c: int(c.rank))


def history(info: InfoSet) -> list[tuple[bool, Card, Card, bool]]:
    """Each completed trick as (I led it, card led, card played to it, I won it)."""
    me = int(info.is_dealer)  # the non-dealer, seat 0, leads the first trick
    leaders = trick_leaders(info.tricks, info.trump)
    return [
        (leaders[i] == me, first, second, leaders[i + 1] == me)
        for i, (first, second) in enumerate(info.tricks)
    ]


def _trumps(info: InfoSet) -> list[Card]:
    return sorted(info.trumps(), key=lambda c: -c.rank)


def _plain(info: InfoSet) -> list[Card]:
    return [c for c in info.hand if c.suit != info.trump]


def _plain_suits(info: InfoSet) -> list[Suit]:
    return sorted({c.suit for c in _plain(info)}, key=lambda s: s.value)


# --- 1. the end of the hand ------------------------------------------------


def queen_two_small_trumps(info: InfoSet) -> Verdict | None:
    mine, _ = info.tricks_won()
    trumps = _trumps(info)
    if mine != 2 or info.king != "opponent" or len(info.hand) != 3 or len(trumps) != 3:
        return None
    if trumps[0].rank is not Rank.QUEEN or not all(rd.is_small(c) for c in trumps[1:]):
        return None
    # "A small trump" names neither: both are right. The engine leads the lower.
    card, other = _low(trumps[1:]), _high(trumps[1:])
    return verdict(
        "lead/queen-two-small-trumps",
        lead(card),
        f"You have made two tricks and hold {card_words(info.hand, info.trump)}, the king marked "
        f"against you: lead a small trump, the {card.noun} (the {other.rank.noun} does as well), "
        "and you must win the point.",
        ("two tricks made", "the queen and two small trumps", "the king announced against you"),
        (rd.SMALL_CARD,),
        equally=(lead(other),),
    )


def two_tricks_each(info: InfoSet) -> Verdict | None:
    trumps, plain = _trumps(info), _plain(info)
    if len(info.hand) != 2 or len(trumps) != 1 or len(plain) != 1:
        return None
    won = info.tricks_won()
    if won == (2, 1):
        card, why = plain[0], "You have won two tricks, your adversary one"
        what = "lead the plain card"
    elif won == (1, 2):
        card, why = trumps[0], "Your adversary has won two tricks and you the third"
        what = "lead the trump"
    else:
        return None
    return verdict(
        "lead/two-tricks-each",
        lead(card),
        f"{why}, and you hold a trump and a plain card: {what}, the {card.noun}.",
        (why.lower(), "a trump and a plain card"),
    )


# --- 2. the vole ---------------------------------------------------------------


def _all_mine(info: InfoSet) -> bool:
    mine, theirs = info.tricks_won()
    return theirs == 0 and mine >= 1


def trump_after_three(info: InfoSet) -> Verdict | None:
    mine, theirs = info.tricks_won()
    trumps = _trumps(info)
    if (mine, theirs) != (3, 0) or not trumps or mine_at_four(info):
        return None
    card = trumps[0]
    return verdict(
        "lead/trump-after-three",
        lead(card),
        f"Playing for the vole, you have made three tricks: now lead the trump, the {card.noun}.",
        ("three tricks made, none lost", "a trump in hand"),
    )


def vole_change_suit(info: InfoSet) -> Verdict | None:
    if not _all_mine(info) or mine_at_four(info):
        return None
    mine, _ = info.tricks_won()
    trumps, plain = _trumps(info), _plain(info)
    if mine >= 3 or len(trumps) != 1 or not rd.is_small(trumps[0]) or not plain:
        return None
    if not all(c.rank >= Rank.ACE for c in plain):
        return None
    my_leads = [first for i_led, first, _, _ in history(info) if i_led]
    last = my_leads[-1].suit if my_leads else None
    others = [c for c in plain if c.suit != last]
    if not others:
        return None
    card = _high(others)
    return verdict(
        "lead/vole-change-suit",
        lead(card),
        f"Every trick so far is yours: you are playing for the vole with a weak trump (a small one), the "
        f"{trumps[0].noun}, and high cards. Change the suit to avoid a ruff: lead the {card.noun}.",
        ("every trick won so far", "a single small trump", "high plain cards (ace or better)"),
        (rd.SMALL_CARD,),
    )


# --- 3. persevering --------------------------------------------------------------


def _strong_suit_continuing(info: InfoSet) -> Suit | None:
    """The plain suit I led to the last trick, won without its being trumped,
    if it was my strong suit and I hold more of it."""
    hist = history(info)
    if not hist:
        return None
    i_led, first, second, i_won = hist[-1]
    if not i_led or not i_won or first.suit == info.trump or second.suit == info.trump:
        return None
    suit = first.suit
    if not any(c.suit == suit for c in info.hand):
        return None
    before = (*info.hand, first)
    plain_suits = {c.suit for c in before if c.suit != info.trump}
    if rd.strong_suit(before, plain_suits) != suit:
        return None
    return suit


def trump_before_continuing(info: InfoSet) -> Verdict | None:
    suit = _strong_suit_continuing(info)
    trumps = _trumps(info)
    if suit is None or not trumps:
        return None
    ranks = {c.rank for c in trumps}
    king_out = info.king is not None or info.turnup.rank is Rank.KING
    if Rank.KING in ranks:
        why = "the king of trumps"
    elif Rank.QUEEN in ranks and not king_out:
        why = "the queen of trumps, the king not announced"
    elif {Rank.KNAVE, Rank.ACE} <= ranks:
        why = "the knave and ace of trumps"
    else:
        return None
    card = trumps[0]
    return verdict(
        "lead/trump-before-continuing",
        lead(card),
        f"Your strong suit, {suit.noun}, was not trumped; but holding {why}, lead a trump, the "
        f"{card.noun}, before continuing your suit.",
        (f"{suit.noun} led and not trumped", why),
        (rd.STRONG_SUIT,),
    )


def persevere(info: InfoSet) -> Verdict | None:
    suit = _strong_suit_continuing(info)
    if suit is None:
        return None
    held = [c for c in info.hand if c.suit == suit]
    card = _high(held)
    # How it was the strong suit, said: with one card of it left, "your strong suit"
    # alone reads wrong.
    then = len(held) + 1
    return verdict(
        "lead/persevere",
        lead(card),
        f"Your strong suit, {suit.noun} (you held {number(then)} of it when you led it), was"
        f" led and not trumped: persevere with it. Lead the {card.noun}.",
        (f"{suit.noun} led and not trumped",),
        (rd.STRONG_SUIT,),
    )


# --- 4. the first lead ------------------------------------------------------------


def _starting(info: InfoSet) -> bool:
    """``readings/at-starting``: my first lead of the deal. The non-dealer's is the first
    trick; the dealer's, the first trick he leads, after winning one, so that the
    dealer's K Q J of trumps at his first lead is told "holding three trumps, the two
    best being in sequence, lead a trump"."""
    return info.led is None and not any(info.i_led())


def _start_readings(info: InfoSet) -> tuple[str, ...]:
    """The reading of "at starting" where it decides: for the dealer, whose first lead
    comes after a trick; the non-dealer's first lead is at starting on any reading."""
    return (rd.AT_STARTING,) if info.is_dealer else ()


def weak_after_refusal(info: InfoSet) -> Verdict | None:
    if not _starting(info) or not after_refusal(info) or info.is_dealer:
        return None
    if not is_weak_hand(info.hand, info.trump):
        return None
    singles = [c for c in _plain(info) if sum(1 for o in info.hand if o.suit == c.suit) == 1]
    if not singles:
        return None
    card = _high(singles)
    return verdict(
        "lead/weak-after-refusal",
        lead(card),
        f"Your proposal was refused and your hand is weak ({card_words(info.hand, info.trump)}): "
        f"with no hope of the point, guard against the vole by leading your strongest single "
        f"card, the {card.noun}.",
        ("cards refused", "a weak hand, no king", "a single card"),
        (rd.WEAK_HAND,),
    )


def _small_sequences(info: InfoSet) -> list[tuple[Card, Card]]:
    out = []
    for suit in _plain_suits(info):
        cards = rd.suit_cards(info.hand, suit)
        for hi, lo in itertools.pairwise(cards):
            if rd.is_small(hi) and hi.rank - lo.rank == 1:
                out.append((hi, lo))
    return out


def _high_tenaces(info: InfoSet) -> list[Suit]:
    """Suits where I hold the king and knave without the queen: the high tenace."""
    out = []
    for suit in _plain_suits(info):
        ranks = {c.rank for c in info.hand if c.suit == suit}
        if Rank.KING in ranks and Rank.KNAVE in ranks and Rank.QUEEN not in ranks:
            out.append(suit)
    return out


def small_sequence(info: InfoSet) -> Verdict | None:
    if not _starting(info) or not after_refusal(info):
        return None
    seqs, tenaces = _small_sequences(info), _high_tenaces(info)
    if not seqs or not tenaces:
        return None
    hi, lo = max(seqs, key=lambda p: int(p[0].rank))
    return verdict(
        "lead/small-sequence",
        lead(hi),
        f"Cards were refused: lead from your two small cards in sequence, the {hi.rank.noun} and "
        f"{lo.rank.noun} of {hi.suit.noun}, rather than from your high tenace in "
        f"{tenaces[0].noun}. Lead the {hi.noun}.",
        ("cards refused", "two small cards in sequence", "a high tenace (king and knave)"),
        (rd.SMALL_CARD, *_start_readings(info)),
    )


def two_small_trumps(info: InfoSet) -> Verdict | None:
    if not _starting(info):
        return None
    trumps = _trumps(info)
    if len(trumps) != 2 or not all(rd.is_small(c) for c in trumps):
        return None
    groups = [rd.suit_cards(info.hand, s) for s in _plain_suits(info)]
    if sorted(len(g) for g in groups) != [1, 2]:
        return None
    pair = next(g for g in groups if len(g) == 2)
    single = next(g for g in groups if len(g) == 1)[0]
    if pair[0].rank is not Rank.QUEEN or not rd.is_small(single):
        return None
    return verdict(
        "lead/two-small-trumps",
        lead(single),
        f"Two small trumps, a guarded queen and a small card of another suit: the exception to "
        f"leading from the guarded suit. Lead the single card, the {single.noun}.",
        ("two small trumps", "a guarded queen", "a small single card"),
        (rd.SMALL_CARD, rd.GUARDED, *_start_readings(info)),
    )


def three_trumps_sequence(info: InfoSet) -> Verdict | None:
    trumps = _trumps(info)
    if not _starting(info) or len(trumps) < 3 or trumps[0].rank - trumps[1].rank != 1:
        return None
    card = trumps[0]
    return verdict(
        "lead/three-trumps-sequence",
        lead(card),
        f"You hold {card_words(trumps, info.trump)}, the two best of them in sequence: lead a"
        " trump, the "
        f"{card.noun}.",
        (f"{len(trumps)} trumps", "the two best of them in sequence"),
        _start_readings(info),
    )


def trumps_at_starting(info: InfoSet) -> Verdict | None:
    """ "You should not lead trumps at starting, even if your best suit, unless
    you hold king, or queen, knave, or knave, ace, with court cards out of
    trumps." ``readings/court-cards-out``: the last words govern all three
    holdings. Holding one of them with court cards out of trumps, lead a trump;
    holding one without, this hint still speaks: not a trump (the plain card is
    the project's, as ``lead_default`` chooses it, since with no court card out
    of trumps no suit is guarded)."""
    trumps = _trumps(info)
    if not _starting(info) or not trumps:
        return None
    ranks = {c.rank for c in trumps}
    if Rank.KING in ranks:
        why = "the king of trumps"
    elif {Rank.QUEEN, Rank.KNAVE} <= ranks:
        why = "the queen and knave of trumps"
    elif {Rank.KNAVE, Rank.ACE} <= ranks:
        why = "the knave and ace of trumps"
    else:
        return None
    courts = [c for c in _plain(info) if rd.is_court(c)]
    if courts:
        card = trumps[0]
        return verdict(
            "lead/trumps-at-starting",
            lead(card),
            f"You hold {why}, with court cards out of trumps ({card_words(courts)}): lead a trump "
            f"at starting, the {card.noun}.",
            (why, "court cards out of trumps"),
            (rd.COURT_CARD, *_start_readings(info)),
        )
    plain_suits = _plain_suits(info)
    suit = rd.strong_suit(info.hand, plain_suits)
    if suit is None:
        return None
    card = _high([c for c in info.hand if c.suit == suit])
    # Only the knave, ace is refused a trump lead on every reading of which
    # holdings "with court cards out of trumps" governs.
    decided_by_reading = why != "the knave and ace of trumps"
    return verdict(
        "lead/trumps-at-starting",
        lead(card),
        f"You hold {why}, but no court card out of trumps: do not lead trumps at starting, "
        "'unless you hold king, or queen, knave, or knave, ace, with court cards out of "
        "trumps'"
        + (
            ", the last words read as governing the king and the queen, knave too."
            if decided_by_reading
            else "."
        )
        + f" The Hints name no plain card here; the project's reasoning: the highest of your "
        f"strong suit, {suit.noun}, the {card.noun}.",
        (why, "no court card out of trumps"),
        (
            (rd.COURT_CARDS_OUT, rd.COURT_CARD, rd.STRONG_SUIT)
            if decided_by_reading
            else (rd.COURT_CARD, rd.STRONG_SUIT)
        )
        + _start_readings(info),
    )


# --- 5, 6. the guarded suit; the project's default --------------------------------


def _choose_suit(info: InfoSet, suits: list[Suit]) -> Suit | None:
    return rd.strong_suit(info.hand, suits)


def guarded_suit(info: InfoSet) -> Verdict | None:
    guarded = [s for s in _plain_suits(info) if rd.guarded_in(s, info.hand) is not None]
    suit = _choose_suit(info, guarded)
    if suit is None:
        return None
    card = _high([c for c in info.hand if c.suit == suit])
    more = " (your strong one among them)" if len(guarded) > 1 else ""
    start = " Not trumps at starting." if _starting(info) and info.trumps() else ""
    return verdict(
        "lead/guarded-suit",
        lead(card),
        f"Lead from your guarded suit{more}, {suit.noun}, and lead the highest: the "
        f"{card.noun}.{start}",
        (f"guarded in {suit.noun}",),
        ((rd.GUARDED, rd.STRONG_SUIT) if more else (rd.GUARDED,))
        + (_start_readings(info) if start else ()),
    )


def forward_game(info: InfoSet, would: Verdict) -> Verdict | None:
    """At four, replace a first-lead trump with the guarded or strong plain suit."""
    if not mine_at_four(info) or would.action.card.suit != info.trump or not _plain(info):
        return None
    alt = guarded_suit(info) or lead_default(info, plain_only=True)
    card = alt.action.card
    if alt.hint.id == "lead/guarded-suit":
        where = f"from your guarded suit, {card.suit.noun}"
    else:
        where = f"the highest of your strongest plain suit, {card.suit.noun}"
    return verdict(
        "score/forward-game",
        lead(card),
        f"{would.hint.title} would lead a trump; but you are at four, where there is no advantage "
        f"in winning the vole: no forward game in trumps. Lead {where}: the {card.noun}.",
        ("you are at four", f"“{would.hint.title}” would lead a trump"),
        alt.readings,
    )


def lead_default(info: InfoSet, plain_only: bool = False) -> Verdict:
    plain_suits = _plain_suits(info)
    suits = plain_suits or ([] if plain_only else [info.trump])
    suit = rd.strong_suit(info.hand, suits) or info.trump
    card = _high([c for c in info.hand if c.suit == suit])
    if not plain_suits:
        where = "your trumps (you hold nothing else)"
    elif info.trumps() and rd.strong_suit(info.hand, [*plain_suits, info.trump]) == info.trump:
        # The reading's strong suit would be trumps; the project keeps them for trumping
        # (britannica-9/hints/trump-value): say which suit is meant, and why.
        where = "your strongest plain suit (trumps kept for trumping)"
    else:
        where = "your strong suit"
    not_trumps = _starting(info) and bool(plain_suits) and bool(info.trumps())
    if not_trumps:
        said = (
            "The Hints say not to lead trumps at starting, even if your best suit, and name no "
            "plain card here."
        )
    else:
        said = "No hint names the lead here."
    plain_cards = [c for c in info.hand if c.suit != info.trump]
    if plain_cards == [card] and info.trumps():
        # a lone plain card is no "highest of your strongest plain suit"
        how = f"keep your trumps for trumping and lead your only plain card, the {card.noun}."
    elif sum(c.suit == suit for c in info.hand) == 1:
        how = f"lead from {where}, {suit.noun}, its one card: the {card.noun}."
    else:
        how = f"lead the highest of {where}, {suit.noun}: the {card.noun}."
    return verdict(
        "project/lead-default",
        lead(card),
        f"{said} The project's reasoning: {how}",
        ("no guarded suit",),
        # The reading decides only where there was a choice of suit.
        ((rd.STRONG_SUIT,) if len(suits) > 1 else ())
        + (_start_readings(info) if not_trumps else ()),
    )


END_RULES = (queen_two_small_trumps, two_tricks_each)
VOLE_RULES = (trump_after_three, vole_change_suit)
CONTINUE_RULES = (trump_before_continuing, persevere)
START_RULES = (
    weak_after_refusal,
    small_sequence,
    two_small_trumps,
    three_trumps_sequence,
    trumps_at_starting,
)
TRUMP_FORWARD = {"lead/three-trumps-sequence", "lead/trumps-at-starting"}
