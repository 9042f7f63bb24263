"""Where a duplicate match's points come from: each pack by its first divergence."""

from __future__ import annotations

from tutor.analysis.divergence import SAME, first_divergence, pack_divergence, report, table
from tutor.analysis.match import deal_of, play_deal, play_pair
from tutor.engines.hints_engine import HintsEngine
from tutor.engines.random_engine import RandomEngine
from tutor.rules.actions import PLAY, PROPOSE, Action


def _played(start, engines) -> list[Action]:
    actions: list[Action] = []
    play_deal(start, engines, actions=actions)
    return actions


def test_plays_alike_have_no_divergence() -> None:
    start = deal_of(5, 0)
    actions = _played(start, (HintsEngine(), HintsEngine()))
    assert first_divergence(start, actions, actions).category == SAME


def test_the_first_different_answer_is_charged_with_whose_it_was() -> None:
    start = deal_of(5, 1)
    seat = start.to_act
    assert start.legal_actions() == (PLAY, PROPOSE)
    # A plays in the play with A in seat 0; B proposes in the other, the same seat.
    a_first, b_first = (PLAY, PROPOSE) if seat == 0 else (PROPOSE, PLAY)
    divergence = first_divergence(start, [a_first], [b_first])
    assert divergence.category == "the non-dealer's first proposal (play or propose)"
    assert (divergence.a_choice, divergence.b_choice) == ("play", "propose")


def test_later_decisions_are_named_by_trick_and_exchange() -> None:
    start = deal_of(5, 2)
    hints = _played(start, (HintsEngine(), HintsEngine()))
    other = list(hints)
    # The same deal, the last card answered otherwise: a card at the fifth trick
    # has no other answer, so change the first card of the play instead.
    first_card = next(i for i, a in enumerate(hints) if a.kind in ("lead",))
    position = start
    for action in hints[:first_card]:
        position = position.apply(action)
    alternatives = [a for a in position.legal_actions() if a != hints[first_card]]
    other[first_card] = alternatives[0]
    divergence = first_divergence(start, hints, other[: first_card + 1])
    assert divergence.category.endswith("'s lead at trick 1")


def test_pack_nets_agree_with_the_match_and_the_table_adds_up() -> None:
    # A random engine draws from one generator: a fresh one for each pack, each way.
    packs = [pack_divergence(RandomEngine(i), HintsEngine(), 7, i) for i in range(12)]
    nets = [play_pair(RandomEngine(i), HintsEngine(), 7, i).net for i in range(12)]
    assert [net for _, net in packs] == nets
    rows = table([d for d, _ in packs], [net for _, net in packs])
    assert sum(row.packs for row in rows) == 12
    total = sum(net for _, net in packs) / 24
    assert abs(sum(row.per_deal for row in rows) - total) < 1e-9
    text = report(rows, "random", "hints")
    assert "first divergence" in text and "random / hints" in text
