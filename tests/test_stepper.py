"""The bitmask stepper of the simulations against ``tutor.rules.deal.Position``: the
same random choices, English and French rules, give the same hands, stock,
penalty, tricks, leaders and points (a differential test)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.engines.policy import Rollout
from tutor.engines.solver import Solver, bits, mask_of, suit_number
from tutor.engines.stepper import DONE, PLAY, Stepper
from tutor.rules.actions import ACCEPT, PROPOSE, REFUSE, discard
from tutor.rules.actions import PLAY as PLAY_
from tutor.rules.cards import PACK
from tutor.rules.deal import Phase, Position, deal_position
from tutor.rules.laws import trick_leaders
from tutor.rules.rulesets import ENGLISH, FRENCH

CARD = {c.index: c for c in PACK}
RULES = st.sampled_from([ENGLISH, FRENCH])
SEEDS = st.integers(0, 2**32 - 1)


def _stepper(position: Position) -> Stepper:
    nd, d = position.nondealer, position.dealer
    king = None if position.king is None else 1  # only the dealer turns a king up
    return Stepper(
        mask_of(position.hands[nd]),
        mask_of(position.hands[d]),
        [c.index for c in position.stock],
        suit_number(position.trump),
        king=king,
    )


def _stage(position: Position) -> str:
    phase = position.phase
    if phase is Phase.DISCARD:
        return "discard_nd" if position.to_act == position.nondealer else "discard_d"
    if phase in (Phase.MARK_KING, Phase.LEAD, Phase.FOLLOW):
        return PLAY
    return DONE if phase is Phase.DONE else phase.value


def _seat(position: Position, game_seat: int | None) -> int | None:
    """A seat of the position (0, 1) as the stepper's: 0 the non-dealer."""
    return None if game_seat is None else int(game_seat == position.dealer)


def _same(position: Position, deal: Stepper) -> None:
    nd, d = position.nondealer, position.dealer
    assert deal.hands == [mask_of(position.hands[nd]), mask_of(position.hands[d])]
    assert deal.stock[deal.drawn :] == [c.index for c in position.stock]
    assert deal.stage == _stage(position)
    assert deal.penalty == _seat(position, position.penalty)
    assert deal.king == _seat(position, position.king)
    won = position.tricks_won()
    assert deal.won == [won[nd], won[d]]
    if position.phase in (Phase.LEAD, Phase.FOLLOW):
        assert deal.to_act == _seat(position, position.to_act)
        assert deal.led == (None if position.led is None else position.led.index)
        assert deal.legal() == mask_of(a.card for a in position.legal_actions())
    if position.phase is Phase.DISCARD:
        low, high = position.discard_range()
        assert deal.discard_range() == (low, high)


def _step(position: Position, deal: Stepper, action) -> None:
    """Apply ``action``, a legal action of ``position``, to the stepper."""
    kind = action.kind
    if kind == "discard":
        deal.discard(mask_of(action.cards))
    elif kind in ("play", "propose", "accept", "refuse"):
        getattr(deal, kind)()
    elif kind == "mark":
        deal.mark(_seat(position, position.to_act))
    elif kind in ("lead", "follow"):
        deal.card(action.card.index)


@settings(max_examples=400, deadline=None)
@given(seed=SEEDS, rules=RULES, dealer=st.sampled_from([0, 1]), patience=st.floats(0, 0.95))
def test_the_stepper_follows_position_through_random_choices(seed, rules, dealer, patience):
    """``patience``: the chance of proposing and of accepting (long exchanges)."""
    rng = random.Random(seed)
    position = deal_position(rng, dealer, rules=rules)
    deal = _stepper(position)
    leaders = [0]
    _same(position, deal)
    while not position.is_over:
        actions = position.legal_actions()
        if position.phase in (Phase.PROPOSE, Phase.ACCEPT):
            action = actions[1] if rng.random() < patience else actions[0]
        else:
            action = rng.choice(actions)
        _step(position, deal, action)
        position = position.apply(action)
        if action.kind == "follow":
            leaders.append(deal.leader)
        _same(position, deal)
    nd, d = position.nondealer, position.dealer
    assert deal.points(rules) == (position.points[nd], position.points[d])
    winners = tuple(_seat(position, s) for s in position.trick_winners())
    assert tuple(leaders[1:]) == winners
    assert trick_leaders(position.tricks, position.trump) == tuple(leaders)


class _RandomPolicy:
    """Random exchange decisions, written down to be replayed on a Position."""

    def __init__(self, rng: random.Random, patience: float) -> None:
        self.rng = rng
        self.patience = patience
        self.taken: list[tuple[str, int]] = []

    def plays(self, hand: int, first: bool) -> bool:
        plays = self.rng.random() >= self.patience
        self.taken.append(("play" if plays else "propose", 0))
        return plays

    def refuses(self, hand: int, first: bool) -> bool:
        refuses = self.rng.random() >= self.patience
        self.taken.append(("refuse" if refuses else "accept", 0))
        return refuses

    def discard(self, hand: int, low: int, high: int) -> int:
        cards = bits(hand)
        thrown = 0
        for c in self.rng.sample(cards, self.rng.randint(low, min(high, len(cards)))):
            thrown |= 1 << c
        self.taken.append(("discard", thrown))
        return thrown


def _action(kind: str, mask: int):
    if kind == "discard":
        return discard(*(CARD[c] for c in sorted(bits(mask))))
    return {"play": PLAY_, "propose": PROPOSE, "accept": ACCEPT, "refuse": REFUSE}[kind]


@settings(max_examples=300, deadline=None)
@given(
    seed=SEEDS,
    rules=RULES,
    patience=st.floats(0, 0.95),
    forced=st.sampled_from([None, ("play", 0), ("propose", 0)]),
)
def test_the_stepper_exchanges_as_position_does(seed, rules, patience, forced):
    """The loop the simulations run (``Stepper.exchange``, a policy's decisions
    and a forced first one) ends where Position, given the same decisions, begins
    the play: the same hands, the same stock drawn, the same penalty."""
    rng = random.Random(seed)
    position = deal_position(rng, 1, rules=rules)
    deal = _stepper(position)
    policy = _RandomPolicy(rng, patience)
    deal.exchange(policy, forced)
    for kind, mask in ([forced] if forced else []) + policy.taken:
        position = position.apply(_action(kind, mask))
    assert position.phase in (Phase.LEAD, Phase.MARK_KING)
    assert deal.stage == PLAY
    _same(position, deal)


@settings(max_examples=100, deadline=None)
@given(seed=SEEDS)
def test_a_rollout_is_the_stepper_with_the_policy_and_the_solver(seed):
    """``Rollout.run`` as its parts: its own policy's exchanges, then the tricks
    solved double dummy, the king with whoever holds it."""
    rng = random.Random(seed)
    pack = list(range(32))
    rng.shuffle(pack)
    nd, d = sum(1 << c for c in pack[:5]), sum(1 << c for c in pack[5:10])
    trump, stock = pack[10] >> 3, pack[11:]
    solver = Solver()
    rollout = Rollout(solver, trump)
    king, tricks, penalty = rollout.run(nd, d, list(stock), "propose", 0, None)
    deal = Stepper(nd, d, list(stock), trump)
    deal.exchange(rollout)
    assert (king, penalty) == (deal.king_holder(), deal.penalty)
    assert tricks == solver.lead_tricks(deal.hands[0], deal.hands[1], trump)
