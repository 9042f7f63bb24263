"""The opponent's holdings: never a card seen, never against the laws, weighted
by his choices."""

from __future__ import annotations

import random
from math import comb

from tutor.engines.policy import play_likelihood
from tutor.engines.sampling import deals, holdings, view_of
from tutor.engines.solver import mask_of
from tutor.rules.cards import card, parse_cards
from tutor.rules.infoset import InfoSet


def _info(**fields) -> InfoSet:
    base = dict(
        decision="lead", role="nondealer", hand=parse_cards("KS QS 7H 8D 9C"), turnup=card("7S")
    )
    base.update(fields)
    return InfoSet(**base)


def test_first_lead_holdings_are_the_65780_hands_sampled() -> None:
    info = _info()
    view = view_of(info)
    assert view.candidates.bit_count() == 26 and view.size == 5
    assert comb(26, 5) == 65_780
    worlds, exact = holdings(info, random.Random(1), enumerate_limit=100, samples=50)
    assert not exact and len(worlds) == 50
    seen = mask_of(info.seen_cards())
    assert all(w.holding & seen == 0 and w.holding.bit_count() == 5 for w in worlds)
    assert abs(sum(w.weight for w in worlds) - 1) < 1e-9


def test_a_revoke_free_opponent_is_void_where_he_did_not_follow() -> None:
    # I led the king of hearts; he threw a club: no hearts and no trumps (spades) left.
    info = _info(
        hand=parse_cards("QS 8D 9C TD"),
        tricks=((card("KH"), card("7C")),),
    )
    worlds, exact = holdings(info, random.Random(2), enumerate_limit=10_000, samples=10)
    assert exact
    for w in worlds:
        assert w.holding & mask_of(parse_cards("KH QH JH AH TH 9H 8H 7H")) == 0
        assert w.holding & mask_of(parse_cards("KS JS AS TS 9S 8S")) == 0


def test_following_low_means_nothing_higher() -> None:
    info = _info(
        hand=parse_cards("QS 8D 9C TD"),
        tricks=((card("JH"), card("7H")),),
    )
    worlds, _ = holdings(info, random.Random(3), enumerate_limit=10_000, samples=10)
    for w in worlds:
        assert w.holding & mask_of(parse_cards("KH QH")) == 0


def test_enumeration_is_exact_late_in_the_deal() -> None:
    info = _info(
        hand=parse_cards("QS 8D"),
        tricks=((card("JH"), card("KH")), (card("KC"), card("7C")), (card("AD"), card("9D"))),
        role="dealer",
        decision="follow",
        led=card("TC"),
    )
    view = view_of(info)
    worlds, exact = holdings(info, random.Random(4), enumerate_limit=10_000, samples=10)
    assert exact
    assert len(worlds) == comb(view.candidates.bit_count(), 1)


def test_a_marked_king_is_held() -> None:
    info = _info(king="opponent", hand=parse_cards("QS 8D 9C TD JH"), turnup=card("7S"))
    worlds, _ = holdings(info, random.Random(5), enumerate_limit=10, samples=30)
    assert all(w.holding & (1 << card("KS").index) for w in worlds)


def test_a_refusal_weights_strong_hands_up() -> None:
    info = _info(decision="lead", penalty="opponent", role="nondealer")
    worlds, _ = holdings(info, random.Random(6), enumerate_limit=10, samples=400)
    trump = 0
    strong = [w.weight for w in worlds if play_likelihood(w.holding, trump) > 0.5]
    weak = [w.weight for w in worlds if play_likelihood(w.holding, trump) < 0.5]
    assert strong and weak
    assert min(strong) > max(weak)


def test_exchange_deals_hold_the_whole_stock() -> None:
    info = _info(decision="propose", exchanges=((2, 1),), discards=parse_cards("JD TC"))
    assert info.stock_size == 18
    for w in deals(info, random.Random(7), 20):
        assert len(w.stock) == 18 and w.holding.bit_count() == 5
        assert not w.holding & mask_of(info.seen_cards())
