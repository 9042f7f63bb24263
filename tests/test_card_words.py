"""Advice in words: what a card or an exchange choice does in this hand, one sentence."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.engines.best import BestEngine, discard_candidates
from tutor.engines.card_words import Chances, _purpose, card_sentence, outcomes_of
from tutor.engines.exchange_words import exchange_sentence, hand_facts
from tutor.engines.protocol import request_to_infoset
from tutor.rules.actions import ACCEPT, PLAY, PROPOSE, REFUSE, discard
from tutor.rules.cards import card, parse_cards
from tutor.rules.game import Game
from tutor.rules.infoset import infoset_of


def said(request: dict, name: str) -> str:
    return card_sentence(request_to_infoset(request), card(name))


# --- the trick: what the position says -------------------------------------------------

# Spades trumps (9♠ turned up); I led Q♠ and J♠ and he followed with A♠ and 10♠: of the
# trumps only 7♠ is unseen, so he holds one at most.
LAST_TRUMP = {
    "decision": "lead",
    "role": "nondealer",
    "hand": ["KS", "8S", "7D"],
    "turnup": "9S",
    "tricks": [["QS", "AS"], ["JS", "TS"]],
}


def test_a_trump_led_when_he_may_hold_one_draws_his_last():
    assert said(LAST_TRUMP, "KS").startswith(
        "K♠ takes the trick and with it the adversary's last trump, if he still has one"
    )
    # 8♠ is above the only trump he may hold: it wins too
    assert said(LAST_TRUMP, "8S").startswith("8♠ takes the trick and with it the adversary's")


def test_a_trump_led_against_several_says_how_many_he_may_hold():
    request = {
        "decision": "lead",
        "role": "nondealer",
        "hand": ["KS", "9S", "7C", "8H", "TH"],
        "turnup": "7D",
    }
    assert said(request, "KS") == "K♠, the master spade, wins the trick unless he can trump it."
    request["turnup"] = "7S"
    assert said(request, "9S").startswith(
        "9♠ draws one of his trumps, if he has any (he may hold five)"
    )
    assert said(request, "KS").startswith(
        "K♠, your master trump, takes the trick and draws one of his trumps, if he has any"
    )


def test_a_trump_he_cannot_answer():
    # he threw 7♠ and 10♠ to my trumps K♥ and Q♥: he has no trump left
    request = {
        "decision": "lead",
        "role": "nondealer",
        "hand": ["KD", "9S", "8H"],
        "turnup": "7H",
        "tricks": [["KH", "7S"], ["QH", "TS"]],
    }
    assert said(request, "8H").startswith("8♥ is a trump he cannot answer, having none left")
    assert said(request, "KD").startswith("K♦ wins the trick, as nothing he can hold beats it")


def test_a_lone_plain_card_is_led_to_trump_the_suit_later():
    request = {
        "decision": "lead",
        "role": "nondealer",
        "hand": ["KS", "9S", "7C", "8H", "TH"],
        "turnup": "7S",
    }
    assert said(request, "7C").startswith(
        "7♣ leads your only club, so that you can trump his clubs later"
    )
    assert said(request, "8H").startswith("8♥ leads from your hearts, keeping 10♥ back")


FOLLOW = {"decision": "follow", "role": "dealer", "turnup": "9S"}


def test_winning_the_trick_as_cheaply_as_it_can_be_won():
    request = {**FOLLOW, "hand": ["KH", "JH", "7C", "8C", "8D"], "led": "9H"}
    assert said(request, "JH").startswith("J♥ wins his 9♥ as cheaply as it can be won")
    # Q♥ may be his, between J♥ and K♥: K♥ is not the cheapest
    assert said(request, "KH").startswith("K♥ wins his 9♥")
    assert "cheaply" not in said(request, "KH")


def test_trumping_his_card_with_the_smallest_trump():
    request = {**FOLLOW, "hand": ["7S", "KS", "7C", "8C", "8D"], "led": "KH"}
    assert said(request, "7S").startswith("7♠ trumps his K♥, the smallest trump that does it")
    assert said(request, "KS").startswith("K♠ trumps his K♥")
    assert "smallest" not in said(request, "KS")


def test_a_card_thrown_keeps_the_guard():
    request = {**FOLLOW, "hand": ["QC", "7C", "8H", "9H", "TH"], "led": "KD"}
    assert said(request, "8H").startswith(
        "8♥ is thrown to his K♦, which you cannot win, keeping Q♣ guarded by 7♣"
    )
    assert said(request, "7C").startswith("7♣, your smallest card, is thrown to his K♦")
    assert "guarded" not in said(request, "QC")


def test_following_under_a_card_you_cannot_beat():
    request = {**FOLLOW, "hand": ["8H", "7H", "KC", "8C", "8D"], "led": "QH"}
    assert said(request, "7H").startswith(
        "7♥, your smallest heart, goes under his Q♥, which you cannot beat"
    )


def test_winning_the_trick_takes_the_lead_for_the_cards_he_cannot_beat():
    request = {
        "decision": "follow",
        "role": "nondealer",
        "hand": ["KS", "QS", "KC"],
        "turnup": "7S",
        "tricks": [["9D", "TD"], ["JD", "7D"]],
        "led": "8S",
    }
    assert said(request, "KS") == (
        "K♠ wins his 8♠ as cheaply as it can be won, and takes the lead to play your Q♠,"
        " which he cannot beat."
    )


# --- the deal: what the solver's lines say ----------------------------------------------


def sentence_of(request: dict, name: str) -> str:
    info = request_to_infoset(request)
    return card_sentence(info, card(name), outcomes_of(info))


def test_the_solvers_lines_say_the_point_and_the_vole():
    # spades trumps; I have a trick, he has none, and holds the king of trumps marked: A♣
    # leaves him a trick but makes sure of three, a trump or K♠ plays for five and may fail
    gives_up = {
        "decision": "lead",
        "role": "dealer",
        "hand": ["AC", "JC", "KS", "TS"],
        "turnup": "7S",
        "penalty": "opponent",
        "king": "me",
        "tricks": [["8C", "9C"]],
    }
    assert sentence_of(gives_up, "AC").endswith(
        ", and gives up the vole to make sure of the point."
    )
    # he threw K♥ to my 10♦ of trumps: he has no trump, and K♠ wins my third trick
    sure = {
        "decision": "lead",
        "role": "nondealer",
        "hand": ["9C", "KS"],
        "turnup": "AD",
        "exchanges": [[2, 1]],
        "discards": ["JD", "TC"],
        "tricks": [["TD", "KH"], ["8C", "JC"], ["8H", "QD"]],
    }
    assert sentence_of(sure, "KS") == (
        "K♠ wins the trick, as nothing he can hold beats it, and makes sure of the point."
    )


def test_the_small_trump_under_his_king_keeps_the_queen_to_save_the_vole():
    request = {
        "decision": "follow",
        "role": "nondealer",
        "hand": ["8H", "9C", "QH", "JC"],
        "turnup": "AH",
        "penalty": "opponent",
        "tricks": [["9D", "JD"]],
        "led": "KH",
    }
    assert sentence_of(request, "8H") == (
        "8♥, your smallest heart, goes under his K♥, which you cannot beat, and saves the"
        " vole, making sure you take a trick."
    )


def _outcomes(**rows: list[float]) -> dict[int, list[float]]:
    return {card(name).index: row for name, row in rows.items()}


def test_each_purpose_is_told_where_the_lines_set_the_card_apart():
    info = request_to_infoset(LAST_TRUMP)
    sure_point = [0, 0, 0, 1, 0, 0]
    vole_or_two = [0, 0, 1, 0, 0, 1]
    two = [0, 0, 1, 0, 0, 0]
    assert _purpose(info, card("7D"), _outcomes(**{"7D": sure_point, "KS": two})) == (
        "makes sure of the point"
    )
    assert _purpose(info, card("7D"), _outcomes(**{"7D": sure_point, "KS": vole_or_two})) == (
        "gives up the vole to make sure of the point"
    )
    assert _purpose(
        info, card("KS"), _outcomes(**{"7D": sure_point, "KS": [0, 0, 0, 0, 0, 1]})
    ) == ("wins the vole whatever he holds")
    assert _purpose(info, card("KS"), _outcomes(**{"7D": sure_point, "KS": vole_or_two})) == (
        "risks the point to play for the vole"
    )
    # the worse card gets nothing said of it: never a word against the engine's verdict
    assert (
        _purpose(info, card("KS"), _outcomes(**{"7D": sure_point, "KS": [0, 0, 1, 0, 0, 0]})) == ""
    )


def test_saving_the_vole():
    # he has taken the first trick: I have none yet
    info = request_to_infoset(
        {
            "decision": "lead",
            "role": "dealer",
            "hand": ["KS", "7C", "8C", "9D"],
            "turnup": "9S",
            "tricks": [["KH", "7H"]],
        }
    )
    outcomes = _outcomes(KS=[0, 1, 0, 0, 0, 0], **{"7C": [1, 0, 0, 0, 0, 0]})
    assert _purpose(info, card("KS"), outcomes) == "saves the vole, making sure you take a trick"


def test_the_best_engines_reason_opens_with_the_sentence():
    info = request_to_infoset(LAST_TRUMP)
    advice = BestEngine(seed=1).advise(info)
    assert advice.said and advice.reason.startswith(advice.said + " ")
    assert advice.said.startswith(advice.action.card.label)
    assert "+" not in advice.said and "%" not in advice.said  # no figure in the words


# --- exchanges ---------------------------------------------------------------------------

PROPOSE_REQUEST = {"decision": "propose", "role": "nondealer", "turnup": "7S"}


def test_play_with_three_trumps_and_propose_with_none():
    strong = request_to_infoset({**PROPOSE_REQUEST, "hand": ["KS", "9S", "8S", "KH", "7D"]})
    assert hand_facts(strong) == "three trumps (K♠ 9♠ 8♠) and K♥"
    assert exchange_sentence(strong, PLAY) == (
        "Play: with three trumps (K♠ 9♠ 8♠) and K♥, the hand is strong enough to stand as it"
        " is, at the risk of two points to him if you lose the point."
    )
    weak = request_to_infoset({**PROPOSE_REQUEST, "hand": ["QD", "8D", "QC", "7C", "JC"]})
    assert exchange_sentence(weak, PROPOSE).startswith(
        "Propose, to change Q♦ 8♦ Q♣ J♣ 7♣: with no trump and no king, the hand is too weak"
    )
    # the choice not advised is told for what it does, not praised
    assert exchange_sentence(weak, PLAY, chosen=False) == (
        "Play keeps no trump and no king as they are, at the risk of two points to him if you"
        " lose the point."
    )


def test_refusing_and_accepting_as_the_dealer():
    info = request_to_infoset(
        {
            "decision": "accept",
            "role": "dealer",
            "turnup": "7H",
            "hand": ["KD", "7D", "8S", "7S", "8H"],
        }
    )
    assert exchange_sentence(info, ACCEPT).startswith("Accept, to change 8♠ 7♠ 7♦: with one trump")
    assert exchange_sentence(info, REFUSE).startswith(
        "Refuse: with one trump (8♥) and K♦, the hand is strong enough to stand as it is, and he"
        " gets no new cards to mend his"
    )
    # a refusal the engine advises on a weak hand says it is weak: the score decides
    weak = request_to_infoset(
        {
            "decision": "accept",
            "role": "dealer",
            "turnup": "7H",
            "hand": ["QD", "7D", "8S", "7S", "8H"],
        }
    )
    assert exchange_sentence(weak, REFUSE).startswith(
        "Refuse: with only one trump (8♥) the hand is weak, yet at this score standing on it"
    )
    # after a first exchange there is no penalty to risk
    later = request_to_infoset(
        {
            "decision": "accept",
            "role": "dealer",
            "turnup": "7H",
            "hand": ["KD", "7D", "8S", "7S", "8H"],
            "exchanges": [[2, 1]],
        }
    )
    assert "risk" not in exchange_sentence(later, REFUSE)


def test_the_discard_keeps_trumps_and_kings():
    info = request_to_infoset(
        {
            "decision": "discard",
            "role": "nondealer",
            "turnup": "7S",
            "hand": ["KS", "9S", "8S", "QH", "7D"],
            "exchanges": [],
        }
    )
    assert exchange_sentence(info, discard(*parse_cards("QH 7D"))) == (
        "Discard Q♥ 7♦ and keep three trumps (K♠ 9♠ 8♠): throw all but trumps and kings, and"
        " draw two in the hope of better."
    )
    assert "with Q♥ worth keeping too" in exchange_sentence(info, discard(card("7D")))
    assert exchange_sentence(info, discard(*parse_cards("9S 8S QH 7D"))).startswith(
        "Discard 9♠ 8♠ Q♥ 7♦, even 9♠ 8♠, and keep K♠"
    )


def test_taking_no_cards():
    info = request_to_infoset(
        {
            "decision": "discard",
            "role": "dealer",
            "turnup": "7S",
            "hand": ["KS", "9S", "8S", "KH", "7D"],
            "exchanges": [[2, 0]],
        }
    )
    assert exchange_sentence(info, discard()) == (
        "Take no cards: the hand plays as it is, with three trumps (K♠ 9♠ 8♠) and K♥."
    )


# --- any legal position ----------------------------------------------------------------


@settings(max_examples=40)
@given(st.integers(0, 2**31), st.integers(0, 2**31))
def test_every_legal_choice_gets_a_sentence(seed, walk):
    """Random deals played at random: at every decision, every legal card or exchange
    choice gets a non-empty sentence that names the card and ends with a full stop."""
    rng = random.Random(walk)
    game = Game.new(seed)
    deal = game.deal_number
    while game.deal_number == deal and not game.is_over:
        position = game.position
        info = infoset_of(position)
        legal = position.legal_actions()
        if info.decision in ("lead", "follow"):
            outcomes = outcomes_of(info, enumerate_limit=40, samples=20)
            for action in legal:
                words = card_sentence(info, action.card, outcomes)
                assert words.startswith(action.card.label) and words.endswith(".")
                assert "  " not in words and ", and, " not in words
        elif info.decision == "discard":
            for action in discard_candidates(info):
                words = exchange_sentence(info, action)
                assert words and words.endswith(".")
        elif info.decision in ("propose", "accept"):
            for action in legal:
                for chosen in (True, False):
                    words = exchange_sentence(info, action, chosen)
                    assert words and words.endswith(".")
        game = game.apply(rng.choice(legal))


def test_where_no_card_is_set_apart_what_the_hand_holds_whatever_is_played():
    info = request_to_infoset(LAST_TRUMP)
    three, one = [0, 0, 0, 1, 0, 0], [0, 1, 0, 0, 0, 0]
    assert _purpose(info, card("KS"), _outcomes(KS=three, **{"7D": three})) == (
        "the point is yours whatever you play"
    )
    assert _purpose(info, card("KS"), _outcomes(KS=one, **{"7D": one})) == (
        "the point is his whatever you play"
    )


def test_a_card_beaten_on_every_count_gets_no_purpose():
    info = request_to_infoset(LAST_TRUMP)
    sure, sure_and_vole = [0, 0, 0, 1, 0, 0], [0, 0, 0, 1, 0, 1]
    # 7♦ makes the point as K♠ does, but K♠ has the vole too: 7♦ gives up nothing for it
    assert _purpose(info, card("7D"), _outcomes(KS=sure_and_vole, **{"7D": sure})) == ""


def _claims_hold(info, name, words, outcomes):
    """Each claim a sentence makes, checked against every holding the adversary may have
    (enumerated afresh) and against the solver's outcomes."""
    from tutor.engines.sampling import holdings
    from tutor.engines.solver import SUIT_MASKS, follows_mask, second_wins, suit_number

    worlds, _ = holdings(info, random.Random(0), 100_000, 2000)
    trump = suit_number(info.trump)
    played = card(name)
    if "last trump" in words:
        assert all((w.holding & SUIT_MASKS[trump]).bit_count() <= 1 for w in worlds)
    if "having none left" in words:
        assert all(not w.holding & SUIT_MASKS[trump] for w in worlds)
    if "nothing he can hold beats it" in words or "takes the trick" in words:
        for w in worlds:
            replies = follows_mask(w.holding, played.index, trump)
            assert not any(second_wins(played.index, f, trump) for f in _bits(replies))
    mine = Chances.of(outcomes[played.index])
    if "makes sure of the point" in words or "the point is yours" in words:
        assert mine.point >= 0.999
    if "saves the vole" in words:
        assert mine.a_trick >= 0.999
    if "wins the vole whatever" in words:
        assert mine.vole >= 0.999
    if "the point is his" in words:
        assert mine.point <= 0.001


def _bits(mask):
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


@settings(max_examples=30)
@given(st.integers(0, 2**31), st.integers(0, 2**31))
def test_what_a_sentence_claims_is_true_of_the_hand(seed, walk):
    rng = random.Random(walk)
    game = Game.new(seed)
    deal = game.deal_number
    while game.deal_number == deal and not game.is_over:
        position = game.position
        info = infoset_of(position)
        legal = position.legal_actions()
        if info.decision in ("lead", "follow") and len(info.hand) <= 3:
            outcomes = outcomes_of(info)
            for action in legal:
                words = card_sentence(info, action.card, outcomes)
                _claims_hold(info, str(action.card), words, outcomes)
        game = game.apply(rng.choice(legal))
