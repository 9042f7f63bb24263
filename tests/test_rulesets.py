"""The rule sets' combinations (issue 14, items 11 and 13): cinq liés is the French
match of two manches of five with the belle agreed (french/points); law 46's
valuation is counted on a game of five (club-laws/46). What the texts do not
describe is refused, by the rules and on the command line, before any app opens."""

import subprocess
import sys

import pytest

from tutor.cli import OptionsError, app_options, build_parser
from tutor.rules.rulesets import RuleSet, RuleSetError, make_rules


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"name": "french", "game": 7, "games_to_win": 2}, "two manches of five points"),
        ({"name": "english", "games_to_win": 2}, "French match"),
        ({"name": "french", "game": 7, "valuation": True}, "game of five"),
    ],
)
def test_what_the_texts_do_not_describe_is_refused(kwargs, words):
    with pytest.raises(RuleSetError, match=words):
        make_rules(**kwargs)


@pytest.mark.parametrize(
    "text",
    ["french game=7 match=2 valuation=off", "french game=7 match=1 valuation=on"],
)
def test_a_record_with_such_rules_is_refused(text):
    with pytest.raises(RuleSetError):
        RuleSet.parse(text)


def test_what_they_describe_is_kept():
    lies = make_rules("french", 5, games_to_win=2)
    assert lies.match_name == "cinq liés"
    assert "manches, of five" in lies.describe() and "belle" in lies.describe()
    assert RuleSet.parse(lies.notation()) == lies
    assert make_rules("french", 7).game_points == 7
    assert make_rules("english", valuation=True).valuation
    assert make_rules("french", 5, valuation=True).valuation  # a game of five, by agreement


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["play", "--rules", "french", "--game", "7", "--cinq-lies"], "two manches of five"),
        (["play", "--rules", "french", "--game", "7", "--valuation"], "game of five"),
        (["play", "--rules", "french", "--no-belle"], "--no-belle"),
        (["play", "--cinq-lies"], "--rules french"),
        (["play", "--game", "7"], "--rules french"),
    ],
)
def test_the_command_line_refuses_them(argv, words):
    with pytest.raises(OptionsError) as refused:
        app_options(build_parser().parse_args(argv))
    assert words in str(refused.value)


def test_the_rules_refuse_naming_the_option():
    """The command line names the flag of the option the rules refuse (``RULE_FLAGS``)."""
    with pytest.raises(RuleSetError) as refused:
        make_rules("french", 5, valuation=False, belle=False)
    assert refused.value.option == "belle"


def test_the_refusal_is_said_before_any_app_opens():
    result = subprocess.run(
        [sys.executable, "-m", "tutor", "play", "--rules", "french", "--game", "7", "--cinq-lies"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 2
    assert "cinq liés is two manches of five points" in result.stderr


def test_no_belle_reaches_the_game_from_the_command_line(monkeypatch):
    import tutor.cli

    opened = []
    monkeypatch.setattr(tutor.cli, "_open_app", opened.append)
    tutor.cli.main(["play", "--rules", "french", "--cinq-lies", "--no-belle", "--seed", "3"])
    rules = opened[-1].rules
    assert (rules.games_to_win, rules.belle) == (2, False)


def test_a_drawn_match_is_told_at_the_table():
    import asyncio
    import random

    from tutor.app import Options, create_app
    from tutor.app.screens.play import PlayScreen
    from tutor.rules.game import Game

    rules = make_rules("french", games_to_win=2, belle=False)
    rng, drawn = random.Random(3), None
    for seed in range(1, 60):
        game = Game.new(seed, rules)
        while not game.is_over:
            game = game.apply(rng.choice(game.legal_actions()))
        if game.drawn:
            drawn = game
            break
    assert drawn is not None

    async def run():
        app = create_app(Options(start="play", seed=3, engine="random", rules=rules))
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, PlayScreen) and screen.rules.belle is False
            screen.game = drawn
            return str(screen.prompt())

    assert "Drawn: one manche each, no belle." in asyncio.run(run())
