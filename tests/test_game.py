"""Games: five up, the deal alternating, distributions kept, French matches."""

import itertools
import random

import pytest

from tutor.rules.actions import HOLD, MARK
from tutor.rules.deal import Phase
from tutor.rules.game import Game, replay
from tutor.rules.rulesets import RuleSet, RuleSetError, make_rules


def play_randomly(game: Game, seed: int, max_actions: int = 5000) -> Game:
    rng = random.Random(seed)
    for _ in range(max_actions):
        if game.is_over:
            break
        game = game.apply(rng.choice(game.legal_actions()))
    return game


def test_game_is_five_up_and_ends():
    # britannica-9/scoring: "The game is five up"; club-laws/46
    game = play_randomly(Game.new(3), 3)
    assert game.is_over
    last = game.history[-1].final
    assert last.score[game.winner] + last.points[game.winner] >= 5
    assert last.score[1 - game.winner] + last.points[1 - game.winner] < 5


def test_deal_alternates():
    game = play_randomly(Game.new(11), 11)
    dealers = [r.final.dealer for r in game.history]
    assert all(a != b for a, b in itertools.pairwise(dealers))


def test_distribution_kept_for_the_game():
    # club-laws/8: the dealer "must not change it during that game"
    a = Game.new(1)
    b = Game.new(1)
    assert a.distributions == b.distributions
    assert all(d in ((2, 3), (3, 2)) for d in a.distributions)


def test_same_seed_same_deals():
    assert Game.new(42).position == Game.new(42).position
    assert Game.new(42).position != Game.new(43).position


def test_undo_and_restart_deal():
    game = Game.new(5)
    first = game
    rng = random.Random(0)
    for _ in range(4):
        game = game.apply(rng.choice(game.legal_actions()))
    assert game.undo() == replay(5, game.rules, game.players, game.actions[:-1])
    assert game.restart_deal().position == first.position


def test_king_marked_at_four_ends_the_game_mid_deal():
    for seed in range(300):
        game = Game.new(seed)
        rng = random.Random(seed)
        while not game.is_over:
            p = game.position
            action = MARK if p.phase is Phase.MARK_KING else rng.choice(game.legal_actions())
            if p.phase is Phase.MARK_KING and game.score[p.to_act] == 4:
                game = game.apply(action)
                final = game.history[-1].final
                assert final.is_over and len(final.tricks) < 5
                return
            game = game.apply(action)
    raise AssertionError("no seed reached a king at four")


def test_cinq_lies_needs_two_games_and_belle():
    # french/points: "cinq liés": two manches, and a belle if each side has won one.
    rules = make_rules("french", games_to_win=2)
    game = play_randomly(Game.new(9, rules), 9)
    assert game.is_over
    assert max(game.games_won) == 2
    assert sum(game.games_won) in (2, 3)


def test_french_seven_point_game():
    # french/valeur: "Chaque partie se fait en 5 ou 7 points"
    rules = make_rules("french", game=7)
    game = play_randomly(Game.new(2, rules), 2)
    final = game.history[-1].final
    assert final.score[game.winner] + final.points[game.winner] >= 7


def test_law_46_valuation_counts_stakes():
    rules = make_rules("english", valuation=True)
    game = play_randomly(Game.new(4, rules), 4)
    loser_score = (
        game.history[-1].final.score[1 - game.winner]
        + game.history[-1].final.points[1 - game.winner]
    )
    expected = 3 if loser_score == 0 else 2 if loser_score <= 2 else 1
    assert game.stakes[game.winner] == expected


def test_hold_is_always_allowed():
    game = Game.new(0)
    rng = random.Random(1)
    while not game.is_over:
        if game.position.phase is Phase.MARK_KING:
            assert HOLD in game.legal_actions()
        game = game.apply(rng.choice(game.legal_actions()))


def test_undo_and_replay_through_law_24s_window():
    """club-laws/24: the king held back and led first is offered again; the game's
    actions hold both decisions, and undo steps back into the window."""
    from tutor.rules.actions import PLAY, Action
    from tutor.rules.cards import Rank, intern

    game = Game.new(26)  # South, the non-dealer, holds the king of trumps
    king = intern(Rank.KING, game.position.trump)
    game = game.apply(PLAY).apply(HOLD).apply(Action("lead", (king,)))
    assert game.position.phase is Phase.MARK_KING and game.position.king_law() == "club-laws/24"
    marked = game.apply(MARK)
    assert marked.total_score()[0] == 1 and marked.actions[-2:] == (Action("lead", (king,)), MARK)
    assert marked.undo() == game
    assert replay(26, game.rules, game.players, marked.actions) == marked


def test_cinq_lies_without_the_belle_is_drawn_at_one_manche_each():
    # french/points: "Si chaque adversaire a gagné une manche, on peut faire une belle":
    # the belle may be played; without it, one manche each ends the match drawn.
    from tutor.analysis.replay import describe_game
    from tutor.rules.outcome import outcome
    from tutor.rules.record import dumps, loads

    rules = make_rules("french", games_to_win=2, belle=False)
    assert rules.notation().endswith("belle=off")
    drawn = decided = 0
    for seed in range(1, 40):
        game = play_randomly(Game.new(seed, rules), seed)
        assert game.is_over
        if game.games_won == (1, 1):
            drawn += 1
            assert game.drawn and game.winner is None and not game.legal_actions()
            assert "drawn" in outcome(game).headline()
            text = dumps(game)
            assert "; drawn: one manche each, no belle" in text
            assert loads(text).drawn
            assert any("Drawn" in line for line in describe_game(game))
        else:
            decided += 1
            assert max(game.games_won) == 2 and sum(game.games_won) == 2
    assert drawn and decided


def test_belle_off_needs_cinq_lies():
    with pytest.raises(RuleSetError, match="cinq liés"):
        make_rules("french", belle=False)
    assert RuleSet.parse("french game=5 match=2 valuation=off belle=off").belle is False
