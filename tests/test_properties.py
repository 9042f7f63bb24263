"""Properties of every deal and game, over random seeds and random legal play."""

import random

from hypothesis import given
from hypothesis import strategies as st

from tutor.rules.cards import PACK
from tutor.rules.deal import deal_position
from tutor.rules.game import Game, replay
from tutor.rules.infoset import infoset_of
from tutor.rules.record import dumps, loads
from tutor.rules.rulesets import make_rules

seeds = st.integers(min_value=0, max_value=2**32)
rule_sets = st.sampled_from(
    [
        make_rules(),
        make_rules("french"),
        make_rules("french", game=7),
        make_rules("french", games_to_win=2),
        make_rules(valuation=True),
    ]
)


def all_cards(p):
    cards = list(p.hands[0]) + list(p.hands[1]) + list(p.stock) + [p.turnup]
    cards += list(p.discards[0]) + list(p.discards[1])
    cards += [c for t in p.tricks for c in t]
    if p.led is not None:
        cards.append(p.led)
    return cards


@given(seeds, st.integers(0, 1), rule_sets)
def test_cards_conserved_and_five_tricks(seed, dealer, rules):
    rng = random.Random(seed)
    p = deal_position(rng, dealer, (rng.randrange(5), rng.randrange(5)), rules)
    while True:
        cards = all_cards(p)
        assert sorted(c.index for c in cards) == list(range(32))
        if p.led is None:
            assert len(p.hands[0]) == len(p.hands[1]) == 5 - len(p.tricks)
        if p.is_over:
            break
        p = p.apply(rng.choice(p.legal_actions()))
    assert (
        len(p.tricks) == 5 or p.game_won_by is not None
    )  # always five tricks, unless the game is won
    # A deal's score is within its bounds: at most king + vole (3), and only one side
    # scores for tricks.
    assert all(0 <= x <= 3 for x in p.points)
    if len(p.tricks) == 5:
        won = p.tricks_won()
        assert sum(won) == 5
        winner = 0 if won[0] >= 3 else 1
        assert p.points[winner] >= 1
        assert p.points[1 - winner] <= 1  # the loser can only have the king


@given(seeds, rule_sets)
def test_every_game_ends_and_replays_from_its_record(seed, rules):
    rng = random.Random(seed)
    game = Game.new(seed, rules)
    for _ in range(10_000):
        if game.is_over:
            break
        game = game.apply(rng.choice(game.legal_actions()))
    assert game.is_over
    assert replay(game.seed, game.rules, game.players, game.actions) == game
    assert loads(dumps(game)) == game


@given(seeds)
def test_information_set_hides_the_opponent(seed):
    rng = random.Random(seed)
    p = deal_position(rng, rng.randrange(2))
    while not p.is_over:
        info = infoset_of(p)
        hidden = set(p.hands[1 - p.to_act]) | set(p.stock) | set(p.discards[1 - p.to_act])
        visible = set(info.hand) | set(info.discards) | {info.turnup}
        assert not (hidden & visible)
        assert not (hidden & info.seen_cards())
        p = p.apply(rng.choice(p.legal_actions()))


def test_pack_unchanged():
    assert len(PACK) == 32
