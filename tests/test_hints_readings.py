"""Issue 14, items 1-5: the positions an audit of the Hints disputed, and more like them.

Each reading either follows the text (item 1) or is the project's and is said:
written in texts/readings.md and named in the explanation of the verdict it
decides (items 2-5).
"""

from __future__ import annotations

import random

import pytest

from tutor.hints import advise
from tutor.rules.actions import ACCEPT, PLAY, PROPOSE, REFUSE, lead
from tutor.rules.cards import PACK, Suit, card, parse_cards
from tutor.rules.infoset import InfoSet
from tutor.texts import load_library


def position(decision, role, hand, turnup, score=(0, 0), **kw) -> InfoSet:
    return InfoSet(
        decision=decision,
        role=role,
        hand=parse_cards(hand),
        turnup=card(turnup),
        score=score,
        **kw,
    )


def propose(hand, turnup, score=(0, 0)):
    return advise(position("propose", "nondealer", hand, turnup, score))


def accept(hand, turnup, score=(0, 0)):
    return advise(position("accept", "dealer", hand, turnup, score))


def first_lead(hand, turnup, **kw):
    return advise(position("lead", "nondealer", hand, turnup, **kw))


# --- item 1: the dealer's test is the stricter ------------------------------------

PROTECTED = [
    "JS JC JD 7S 8C",  # the three knaves
    "JS TC 7C TD 8D",  # the knave and two guarded tens
    "JS JD JC 8S 9D",
    "JS TC 9C TD 8D",
    "JS 7S JD TC 8C",  # a knave beats a ten: as high as a knave and two guarded tens
    "QS JD JC 7S 8D",  # a queen for one knave
]


@pytest.mark.parametrize("hand", PROTECTED)
def test_the_non_dealer_plays_where_the_dealer_refuses(hand):
    dealer = accept(hand, "7H", score=(0, 4))
    assert dealer.action == REFUSE and dealer.hint.id == "score/dealer-refusal-at-four"
    v = propose(hand, "7H", score=(0, 4))
    assert v.action == PLAY and v.hint.id == "score/dealer-at-four", v.explanation
    assert "readings/stricter-refusal" in v.readings
    assert "stricter" in v.explanation


@pytest.mark.parametrize(
    ("hand", "turnup", "score"),
    [
        ("JS JC JD 7S 8C", "7H", (0, 3)),  # the dealer not at four
        ("JS JC JD 7S 8C", "KH", (0, 4)),  # the king turned up
        ("JS JD 9C 8C 7S", "7H", (0, 4)),  # the clubs hold no knave, nor a ten
        ("JS TC 7C 9D 8D", "7H", (0, 4)),  # the diamonds not a guarded ten
        ("JS JD 7S 8D 9S", "7H", (0, 4)),  # two suits only
    ],
)
def test_short_of_the_dealer_s_protection_the_non_dealer_proposes(hand, turnup, score):
    assert propose(hand, turnup, score).action == PROPOSE
    # the non-dealer's own example still plays without the stricter reading
    v = propose("QC JD 7D TS 8S", "7H", (0, 4))
    assert v.action == PLAY and "readings/stricter-refusal" not in v.readings


def test_every_hand_the_dealer_refuses_on_protection_the_non_dealer_plays():
    """The 'but': no hand passes the dealer's test and fails the non-dealer's."""
    rng = random.Random(14)
    turnup = card("7H")
    pack = [c for c in PACK if c.suit is not Suit.HEARTS]
    hands = [" ".join(map(str, rng.sample(pack, 5))) for _ in range(3000)]
    refused = 0
    for hand in PROTECTED + hands:
        if accept(hand, str(turnup), (0, 4)).hint.id != "score/dealer-refusal-at-four":
            continue
        refused += 1
        assert propose(hand, str(turnup), (0, 4)).action == PLAY, hand
    assert refused > len(PROTECTED)


# --- item 2: the fifth card a queen or better -------------------------------------


def test_exception_2_refuses_on_a_king_and_says_it_is_the_project_s_reading():
    v = accept("QC KS QS KH 8S", "AC")
    assert v.action == REFUSE and v.hint.id == "refuse/exception-2"
    assert "readings/queen-or-better" in v.readings
    assert "names a queen" in v.explanation or "name a queen" in v.explanation
    assert "“unless the fifth card is a queen”" in v.explanation


@pytest.mark.parametrize(
    ("hand", "action"),
    [("QC KS QS QH 8S", REFUSE), ("QC KS QS AH 8S", ACCEPT), ("QC KS QS TH 8S", ACCEPT)],
)
def test_exception_2_on_the_queen_and_below_needs_no_reading(hand, action):
    v = accept(hand, "AC")
    assert v.action == action and v.hint.id == "refuse/exception-2"
    assert "readings/queen-or-better" not in v.readings


# --- item 3: the king's exception for the dealer --------------------------------


def test_the_dealer_refuses_a_jeu_de_regle_with_the_king_and_three_to_discard():
    v = accept("KH 9H QS 7S 7C", "7H")
    assert v.action == REFUSE and v.hint.id == "refuse/jeu-de-regle"
    assert "readings/dealer-king" in v.readings
    assert "king of trumps" in v.explanation and "three cards" in v.explanation
    # the non-dealer proposes the same hand for the king
    assert propose("KH 9H QS 7S 7C", "7H").hint.id == "propose/king"


def test_the_dealer_accepts_with_the_king_and_two_to_discard():
    v = accept("KH 9H 8H 7S 7C", "TH")
    assert v.action == ACCEPT and v.hint.id == "accept/dealer-discard"
    assert "guarded in no suit" in v.explanation


def test_the_king_lifts_the_two_card_rule_but_not_the_principle_it_is_drawn_from():
    """A learner review: "Hence" draws the two-card rule from "accept unless guarded";
    read as "accept whatever the guards" it accepted hands the principle refuses, and
    the best engine refused most of them."""
    v = accept("TD AC KD QH KC", "8D")
    assert v.action == REFUSE and v.hint.id == "accept/dealer-discard"
    assert "the principle it is drawn from decides" in v.explanation
    assert "guarded in two suits (by the king of clubs and the queen of hearts)" in v.explanation
    assert {"readings/dealer-king", "readings/guarded"} <= set(v.readings)


def test_an_exception_refusing_a_jeu_with_the_king_says_the_reading_too():
    v = accept("KH 9H QS 8S 7S", "7H")
    assert v.action == REFUSE and v.hint.id == "refuse/exception-1"
    assert "readings/dealer-king" in v.readings


def test_an_exception_whose_unless_is_met_gives_way_to_the_two_card_rule_with_the_king():
    """A learner review: exception 1 "came first", then "did not apply", and the note
    ended "here two cards could be discarded", the case in which the king accepts."""
    v = accept("KD QD KH JH 7H", "AD")
    assert v.action == REFUSE and v.hint.id == "accept/dealer-discard"
    assert "does not apply" not in v.explanation


def test_without_the_king_the_refusal_carries_no_king_reading():
    v = accept("AH 9H QS 7S 7C", "7H")
    assert v.action == REFUSE and v.hint.id == "refuse/jeu-de-regle"
    assert "readings/dealer-king" not in v.readings
    assert "king of trumps" not in v.explanation


# --- item 4: trumps at starting ---------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "expected", "by_reading"),
    [
        ("KH 8H 7S 8C 9D", "9D", True),  # the position
        ("QH JH 7S 8C 9D", "9D", True),
        ("KH 7H TS 9S 8C", "TS", True),
        ("JH AH 7S 8C 9D", "9D", False),  # knave, ace: every reading agrees
    ],
)
def test_holding_the_trumps_without_court_cards_the_hint_is_read(hand, expected, by_reading):
    v = first_lead(hand, "TH" if "7H" in hand else "7H")
    assert v.action == lead(card(expected)) and v.hint.id == "lead/trumps-at-starting"
    assert "No hint names the lead" not in v.explanation
    assert "trumps at starting" in v.explanation
    assert ("readings/court-cards-out" in v.readings) is by_reading
    assert ("“with court cards out of trumps”" in v.explanation) is by_reading


def test_with_a_court_card_out_of_trumps_the_king_is_led():
    v = first_lead("KH 8H 7S QC 9D", "7H")
    assert v.action == lead(card("KH")) and v.hint.id == "lead/trumps-at-starting"


def test_the_default_lead_at_starting_says_the_trumps_rule_was_read():
    v = first_lead("9H 8H 7S 8C 9D", "7H")
    assert v.hint.id == "project/lead-default" and v.action == lead(card("9D"))
    assert "No hint names the lead" not in v.explanation
    assert "not to lead trumps at starting" in v.explanation


def dealer_first_lead(hand, trick, turnup="7H"):
    """The dealer to lead the second trick, having won the first (``trick``: led, won with)."""
    led, won_with = parse_cards(trick)
    return advise(position("lead", "dealer", hand, turnup, tricks=((led, won_with),)))


def test_the_dealers_first_lead_is_at_starting():
    # A reviewer: K Q J of trumps at the dealer's first lead was told "No hint names the
    # lead here" beside a cited passage that ends "lead a trump".
    v = dealer_first_lead("KH QH JH AC", "8D 9H")
    assert v.action == lead(card("KH")) and v.hint.id == "lead/three-trumps-sequence"
    assert "readings/at-starting" in v.readings and "“at starting”" in v.explanation


def test_the_dealer_at_starting_keeps_his_trumps_without_court_cards():
    v = dealer_first_lead("KH 8H 7S 9D", "8C 9C")
    assert v.hint.id == "lead/trumps-at-starting" and v.action == lead(card("9D"))
    assert "readings/at-starting" in v.readings


def test_the_non_dealers_first_lead_needs_no_reading_of_at_starting():
    v = first_lead("KH QH JH AC 8D", "7H")
    assert v.hint.id == "lead/three-trumps-sequence"
    assert "readings/at-starting" not in v.readings and "at starting”" not in v.explanation


def test_a_second_lead_is_not_at_starting():
    # The non-dealer led the first trick and won it: his next lead is past starting.
    v = advise(
        position("lead", "nondealer", "KH QH JH AC", "7H", tricks=((card("8D"), card("7D")),))
    )
    assert v.hint.id != "lead/three-trumps-sequence"


# --- item 5: cards of equal value, card for card ---------------------------------


def test_jeu_4_as_high_as_three_queens_says_card_for_card():
    v = propose("KS QH QD 7S 8D", "9C")
    assert v.action == PLAY and v.hint.id == "jeu-de-regle/4"
    assert "card for card" in v.explanation and "readings/as-high-as" in v.readings


@pytest.mark.parametrize("hand", ["KS QH JD 7S 8D", "KS KH JD 7S 8D"])
def test_a_king_not_making_up_for_a_knave_is_said(hand):
    v = propose(hand, "9C")
    assert v.action == PROPOSE and v.hint.id == "propose/default"
    assert "card for card" in v.explanation and "readings/as-high-as" in v.readings
    d = accept("KS QH JD 7S 8S", "9C")
    assert d.action == ACCEPT and d.hint.id == "accept/guarded"
    assert "card for card" in d.explanation


@pytest.mark.parametrize("hand", ["QS QH JD 7S 8D", "KS AH TD 7S 8D", "KS QH JD 7S 8C"])
def test_hands_no_compensation_could_admit_say_nothing_of_it(hand):
    # two queens and a knave; king, ace, ten; king, queen, knave beside a trump (8C)
    v = propose(hand, "9C")
    assert v.action == PROPOSE and "card for card" not in v.explanation


# --- the readings are written beside their passages ------------------------------


@pytest.mark.parametrize(
    ("reading", "passage"),
    [
        ("stricter-refusal", "britannica-9/hints/score"),
        ("queen-or-better", "britannica-9/hints/refusing/2"),
        ("dealer-king", "britannica-9/hints/accepting"),
        ("court-cards-out", "britannica-9/hints/trumps-at-starting"),
        ("at-starting", "britannica-9/hints/trumps-at-starting"),
        ("as-high-as", "britannica-9/hints/jeux-de-regle/4"),
    ],
)
def test_each_reading_is_written_and_links_its_passage(reading, passage):
    library = load_library()
    text = library.passage(f"readings/{reading}")
    assert "the project's reading, not the source's words" in text.plain_text().lower()
    assert passage in text.links


def test_a_reading_is_named_only_where_it_decided():
    # A learner review: "(Reading “guarded” as the project does…)" after winning a
    # trick with a trump, where no guard was weighed.
    won = advise(
        InfoSet(
            decision="follow",
            role="dealer",
            hand=parse_cards("7H 9S 8D 7S 10D"),
            turnup=card("8H"),
            led=card("QC"),
        )
    )
    assert "trump" in won.explanation and "Reading" not in won.explanation
    lost = advise(
        InfoSet(
            decision="follow",
            role="dealer",
            hand=parse_cards("QS 7S 8D 9D 10D"),
            turnup=card("8H"),
            led=card("KC"),
        )
    )
    assert "guards" in lost.explanation and "“guarded”" in lost.explanation
    only_trumps = advise(
        InfoSet(
            decision="lead",
            role="nondealer",
            hand=parse_cards("10H 8H"),
            turnup=card("7H"),
            tricks=((card("KS"), card("9S")), (card("KD"), card("8D")), (card("KC"), card("7C"))),
        )
    )
    assert "Reading" not in only_trumps.explanation


def test_a_rule_named_as_its_passage_is_not_named_twice():
    from tutor.app.advice import titled_sources

    library = load_library()
    ident = "britannica-9/hints/weak-hand-after-refusal"
    assert library.passage(ident).title == "A weak hand after a refusal"
    shown = titled_sources("A weak hand after a refusal", (ident, "readings/weak-hand"), library)
    assert shown.count("weak hand after a refusal") == 1
    assert f"(passage:{ident})" in shown and "(passage:readings/weak-hand)" in shown
