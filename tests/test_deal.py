"""The deal as a state machine: proposals, exchanges, the king, tricks and the score."""

import random

import pytest

from tests.helpers import arranged
from tutor.rules.actions import ACCEPT, HOLD, MARK, PLAY, PROPOSE, REFUSE, Action, IllegalAction
from tutor.rules.cards import card
from tutor.rules.deal import STOCK_SIZE, Phase, deal_from_pack, deal_position, discard_count
from tutor.rules.infoset import infoset_of
from tutor.rules.rulesets import FRENCH

A = Action.parse


def play_out(position, *moves):
    for move in moves:
        position = position.apply(A(move))
    return position


def test_deal_gives_five_each_and_turns_the_eleventh():
    # britannica-9/deal, club-laws/8, club-laws/10
    from tutor.rules.cards import PACK

    pack = list(PACK)
    p = deal_from_pack(pack, dealer=1, distribution=(3, 2))
    assert [str(c) for c in p.hands[0]] == ["KS", "QS", "JS", "8S", "7S"]
    assert [str(c) for c in p.hands[1]] == ["AS", "TS", "9S", "KH", "QH"]
    assert p.turnup == pack[10]
    assert len(p.stock) == STOCK_SIZE


def test_two_three_distribution():
    from tutor.rules.cards import PACK

    p = deal_from_pack(list(PACK), dealer=0, distribution=(2, 3))
    assert [str(c) for c in p.hands[1]] == ["KS", "QS", "TS", "9S", "8S"]
    assert [str(c) for c in p.hands[0]] == ["JS", "AS", "7S", "KH", "QH"]


def test_turned_up_king_scores_the_dealer_one():
    # britannica-9/deal: "If it is a king, the dealer scores one"; club-laws/47
    p = arranged("QS JS AS TS 9S", "8S 7S KH QH JH", "KD")
    assert p.points == (0, 1)
    assert p.king == 1


def test_turned_up_king_at_four_wins_the_game_at_once():
    p = arranged("QS JS AS TS 9S", "8S 7S KH QH JH", "KD", score=(3, 4))
    assert p.is_over and p.game_won_by == 1


def test_non_dealer_plays_or_proposes_first():
    p = arranged("QS JS AS TS 9S", "8S 7S KH QH JH", "7D")
    assert p.phase is Phase.PROPOSE and p.to_act == 0
    assert set(p.legal_actions()) == {PLAY, PROPOSE}


def test_proposal_accepted_then_exchange_nondealer_first():
    # britannica-9/proposing: cards given "first to complete the non-dealer's hand ... then the dealer's"
    p = arranged("QS JS AS TS 9S", "8S 7S KH QH JH", "7D", stock="KC QC JC AC TC")
    p = play_out(p, "propose", "accept")
    assert p.phase is Phase.DISCARD and p.to_act == 0
    assert p.discard_range() == (1, 5)
    p = p.apply(A("discard TS 9S"))
    assert {str(c) for c in p.hands[0]} == {"QS", "JS", "AS", "KC", "QC"}
    assert p.exchanges == ((2, 0),)
    assert p.to_act == 1 and p.discard_range() == (0, 5)
    p = p.apply(A("discard 8S"))
    assert "JC" in {str(c) for c in p.hands[1]}
    assert p.exchanges == ((2, 1),)
    assert p.phase is Phase.PROPOSE and p.to_act == 0  # "a second proposal may be made"


def test_non_dealer_must_discard_at_least_one():
    p = play_out(arranged("QS JS AS TS 9S", "8S 7S KH QH JH", "7D"), "propose", "accept")
    with pytest.raises(IllegalAction):
        p.apply(Action("discard"))


def test_dealer_may_discard_none():
    p = play_out(
        arranged("QS JS AS TS 9S", "8S 7S KH QH JH", "7D"), "propose", "accept", "discard 9S"
    )
    q = p.apply(Action("discard"))
    assert q.exchanges == ((1, 0),)


def test_refusal_goes_straight_to_play():
    # britannica-9/proposing: "If the dealer refuses the hand is played without discarding"
    p = play_out(arranged("QS JS AS TS 9S", "8S 7S KH QH JH", "7D"), "propose", "refuse")
    assert p.phase is Phase.LEAD and p.to_act == 0
    assert p.penalty == 1  # refused the first proposal (club-laws/49)


def test_refusing_a_later_proposal_carries_no_penalty():
    # club-laws/49: "These scores apply only to the first proposal or refusal in a hand"
    p = play_out(
        arranged("QS JS AS TS 9S", "8S 7S KH QH JH", "7D"),
        "propose",
        "accept",
        "discard 9S",
        "discard",
        "propose",
        "refuse",
    )
    assert p.penalty is None


def test_playing_without_proposing_carries_the_penalty():
    p = arranged("QS JS AS TS 9S", "8S 7S KH QH JH", "7D").apply(PLAY)
    assert p.penalty == 0


def test_playing_after_an_exchange_carries_no_penalty():
    p = play_out(
        arranged("QS JS AS TS 9S", "8S 7S KH QH JH", "7D"),
        "propose",
        "accept",
        "discard 9S",
        "discard",
        "play",
    )
    assert p.penalty is None


def test_stock_running_short_law_38():
    # club-laws/38: the non-dealer gets as many as are left, and the dealer plays his hand.
    p = arranged("QS JS AS TS 9S", "8S 7S KH QH JH", "7D")
    for _ in range(4):  # 4 exchanges of 5 + 0 use 20 of the 21 cards
        hand = p.hands[0]
        p = p.apply(PROPOSE).apply(ACCEPT).apply(Action("discard", hand)).apply(Action("discard"))
    assert len(p.stock) == 1
    p = p.apply(PROPOSE).apply(ACCEPT)
    assert p.discard_range() == (1, 1)
    with pytest.raises(IllegalAction):
        p.apply(Action("discard", p.hands[0][:2]))
    p = p.apply(Action("discard", p.hands[0][:1]))
    assert not p.stock
    assert p.phase in (Phase.LEAD, Phase.MARK_KING)  # no dealer discard, no further proposal


def test_dealer_the_stock_cannot_serve_discards_no_more_than_it_holds_law_38():
    # club-laws/38: "the non-dealer is entitled to exchange as many as he asked for
    # ... and the dealer must play his hand". The dealer's discard is the number he
    # wishes, in full: with two left he may change up to two; wishing three, he plays
    # his hand as it is (readings/stock-short).
    p = arranged("QS JS AS TS 9S", "8S 7S KH QH JH", "7D")
    for _ in range(3):
        hand = p.hands[0]
        p = p.apply(PROPOSE).apply(ACCEPT).apply(Action("discard", hand)).apply(Action("discard"))
    p = p.apply(PROPOSE).apply(ACCEPT).apply(Action("discard", p.hands[0][:4]))
    assert len(p.stock) == 2 and p.to_act == 1 and p.discard_range() == (0, 2)
    with pytest.raises(IllegalAction) as err:
        p.apply(Action("discard", p.hands[1][:3]))
    assert err.value.law == "club-laws/38"
    assert "must play his hand as it is" in str(err.value)
    drawn = p.apply(Action("discard", p.hands[1][:2]))
    assert not drawn.stock and len(drawn.hands[1]) == 5
    kept = p.apply(Action("discard"))
    assert kept.hands[1] == p.hands[1] and len(kept.stock) == 2


def test_stock_emptied_by_dealer_goes_to_play():
    p = arranged("QS JS AS TS 9S", "8S 7S KH QH JH", "7D")
    for _ in range(3):
        hand = p.hands[0]
        p = p.apply(PROPOSE).apply(ACCEPT).apply(Action("discard", hand)).apply(Action("discard"))
    # 15 used, 6 left: non-dealer takes 5, dealer may take at most 1
    p = p.apply(PROPOSE).apply(ACCEPT).apply(Action("discard", p.hands[0]))
    assert p.discard_range() == (0, 1)
    p = p.apply(Action("discard", p.hands[1][:1]))
    assert not p.stock and p.phase in (Phase.LEAD, Phase.MARK_KING)


def test_non_dealer_marks_king_before_first_lead():
    # club-laws/23: announce "before playing his first card"
    p = arranged("KD JS AS TS 9S", "8S 7S KH QH JH", "7D").apply(PLAY)
    assert p.phase is Phase.MARK_KING and p.to_act == 0
    q = p.apply(MARK)
    assert q.points == (1, 0) and q.king == 0 and q.phase is Phase.LEAD
    r = p.apply(HOLD)
    assert r.points == (0, 0) and r.king is None


def test_dealer_marks_king_as_he_plays_to_the_first_lead():
    # club-laws/24 and the protocol: the dealer's mark_king carries the card led
    p = arranged("QS JS AS TS 9S", "8S 7S KD QH JH", "7D").apply(PLAY).apply(A("lead QS"))
    assert p.phase is Phase.MARK_KING and p.to_act == 1 and p.led == card("QS")
    assert infoset_of(p).decision == "mark_king" and infoset_of(p).led == card("QS")
    q = p.apply(MARK)
    assert q.phase is Phase.FOLLOW and q.points == (0, 1)


def test_non_dealers_king_led_first_may_be_marked_until_played_to():
    # club-laws/24: "If the king be the card first led, it may be announced at any
    # time prior to its being played to."
    p = arranged("KD JS AS TS 9S", "8S 7S KH QH JH", "7D").apply(PLAY).apply(HOLD)
    assert p.king_law() is None and p.phase is Phase.LEAD
    q = p.apply(A("lead KD"))
    assert q.phase is Phase.MARK_KING and q.to_act == 0 and q.led == card("KD")
    assert q.king_law() == "club-laws/24" and set(q.legal_actions()) == {MARK, HOLD}
    with pytest.raises(IllegalAction):
        q.apply(A("follow 8S"))  # the window is the non-dealer's, before it is played to
    marked = q.apply(MARK)
    assert marked.points == (1, 0) and marked.king == 0
    assert marked.phase is Phase.FOLLOW and marked.to_act == 1 and marked.led == card("KD")
    held = q.apply(HOLD)
    assert held.points == (0, 0) and held.king is None and held.phase is Phase.FOLLOW
    # Once played to, the window is shut: no mark is offered again in the deal.
    r = held.apply(held.legal_actions()[0])
    while not r.is_over:
        assert r.phase is not Phase.MARK_KING
        r = r.apply(r.legal_actions()[0])


def test_a_first_card_other_than_the_king_closes_the_window():
    # club-laws/23: announced "before playing his first card, or he loses the right".
    p = arranged("KD JS AS TS 9S", "8S 7S KH QH JH", "7D").apply(PLAY).apply(HOLD)
    q = p.apply(A("lead JS"))
    assert q.phase is Phase.FOLLOW and q.to_act == 1
    while not q.is_over:
        assert q.phase is not Phase.MARK_KING
        q = q.apply(q.legal_actions()[0])
    assert q.king is None


def test_dealers_king_first_played_may_be_marked_before_he_plays_again():
    # club-laws/24: "If the king be the card first played by the dealer, he may
    # announce it at any time before he plays again."
    p = arranged("QD JS AS TS 9S", "8S 7S KD QH JH", "7D").apply(PLAY).apply(A("lead QD"))
    assert p.king_law() == "club-laws/23" and p.to_act == 1
    q = p.apply(HOLD).apply(A("follow KD"))
    assert q.tricks == ((card("QD"), card("KD")),) and q.to_act == 1
    assert q.phase is Phase.MARK_KING and q.king_law() == "club-laws/24"
    info = infoset_of(q)
    assert info.decision == "mark_king" and info.king_law == "club-laws/24" and info.led is None
    marked = q.apply(MARK)
    assert marked.points == (0, 1) and marked.phase is Phase.LEAD and marked.to_act == 1
    held = q.apply(HOLD)
    assert held.points == (0, 0) and held.phase is Phase.LEAD
    r = held.apply(A("lead QH"))  # he has played again: too late
    while not r.is_over:
        assert r.phase is not Phase.MARK_KING
        r = r.apply(r.legal_actions()[0])
    assert r.king is None


def test_dealers_king_not_his_first_card_is_not_offered_again():
    # The dealer's first card a spade, the king kept: law 24 does not reopen the mark.
    p = arranged("QS JD AS TS 9S", "8S 7S KD QH JH", "7D").apply(PLAY).apply(A("lead QS"))
    q = p.apply(HOLD).apply(A("follow 7S"))
    assert q.phase is Phase.LEAD and q.to_act == 0
    q = q.apply(A("lead JD")).apply(A("follow KD"))
    assert q.phase is not Phase.MARK_KING and q.king is None


def test_marking_in_law_24s_window_at_four_wins_mid_deal():
    p = arranged("KD JS AS TS 9S", "8S 7S KH QH JH", "7D", score=(4, 0)).apply(PLAY)
    p = p.apply(HOLD).apply(A("lead KD")).apply(MARK)
    assert p.is_over and p.game_won_by == 0 and p.tricks == ()


def test_marking_king_at_four_wins_mid_deal():
    # The game is won the moment five is reached (britannica-9/scoring: "The game is five up").
    p = arranged("KD JS AS TS 9S", "8S 7S KH QH JH", "7D", score=(4, 0)).apply(PLAY).apply(MARK)
    assert p.is_over and p.game_won_by == 0 and len(p.tricks) == 0


def test_winner_of_trick_leads_next():
    # britannica-9/play: "The winner of the trick leads to the next"
    p = arranged("QS JS AS TS 9S", "8S 7S KH QH JH", "7D").apply(PLAY).apply(A("lead 9S"))
    assert set(p.legal_actions()) == {A("follow 8S"), A("follow 7S")}
    p = p.apply(p.legal_actions()[0])
    assert p.to_act == p.leader


def test_illegal_follow_names_the_law():
    p = arranged("QS JS AS TS 9S", "KS 7S KH QH JH", "7D").apply(PLAY).apply(A("lead 9S"))
    with pytest.raises(IllegalAction) as err:
        p.apply(A("follow 7S"))
    assert err.value.law == "britannica-9/play"
    assert "win" in str(err.value)


def test_point_vole_and_penalty_scored_at_the_end():
    # Non-dealer holds all the trumps that matter: plays without proposing and takes the vole.
    p = arranged("KD QD JD AD TD", "8S 7S KH QH JH", "7D").apply(PLAY).apply(MARK)
    for c in ("KD", "QD", "JD", "AD", "TD"):
        p = p.apply(A(f"lead {c}"))
        p = p.apply(p.legal_actions()[0])
    assert p.is_over
    assert p.tricks_won() == (5, 0)
    assert p.points == (3, 0)  # king 1 + vole 2


def test_penalised_player_failing_gives_two():
    # club-laws/49: played without proposing and failed to win the point: the adversary marks two.
    p = arranged("7S 8S 9S 7C 8C", "KD QD JD AD TD", "7D").apply(PLAY)
    while not p.is_over:
        p = p.apply(HOLD if p.phase is Phase.MARK_KING else p.legal_actions()[0])
    assert p.tricks_won()[1] == 5
    assert p.points == (0, 2)  # vole: two, "the score for the vole being unaffected"


def test_french_cap_of_three_points_a_deal():
    # french/points: "on ne compte jamais plus de trois points"
    p = (
        arranged("KD QD JD AD TD", "8S 7S KH QH JH", "7D", rules=FRENCH)
        .apply(PROPOSE)
        .apply(REFUSE)
    )
    p = p.apply(MARK)
    for c in ("KD", "QD", "JD", "AD", "TD"):
        p = p.apply(A(f"lead {c}"))
        p = p.apply(p.legal_actions()[0])
    assert p.points == (3, 0)  # king 1 + vole 2 + point de refus 1, capped at 3


def test_five_tricks_then_done():
    rng = random.Random(5)
    p = deal_position(rng, dealer=0)
    while not p.is_over:
        p = p.apply(rng.choice(p.legal_actions()))
    assert len(p.tricks) == 5 or p.game_won_by is not None
    assert p.legal_actions() == ()


def test_trick_winners_follow_the_lead():
    p = arranged("QS JS AS TS 9S", "KS 7S KH QH JH", "7D").apply(PLAY)
    p = p.apply(A("lead 9S")).apply(A("follow KS"))  # dealer wins, leads next
    p = p.apply(A("lead KH")).apply(A("follow QS"))  # dealer wins again
    assert p.trick_winners() == (1, 1)
    assert p.tricks_won() == (0, 2)


def test_the_number_of_cards_to_discard_in_words():
    # a reviewer read "one to 5 cards" as "one, to five cards"
    assert discard_count(1, 5) == "from one to five cards"
    assert discard_count(0, 5) == "up to five cards, or none"
    assert discard_count(1, 3) == "from one to three cards"
    assert discard_count(0, 2) == "up to two cards, or none"
    assert discard_count(1, 1) == "one card"
    assert discard_count(0, 1) == "one card, or none"
