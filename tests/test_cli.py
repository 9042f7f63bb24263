"""The command line: help, and bad arguments get a message, not a traceback."""

import subprocess
import sys

import pytest


def run(*args, stdin=""):
    return subprocess.run(
        [sys.executable, "-m", "tutor", *args],
        capture_output=True,
        text=True,
        input=stdin,
        timeout=120,
    )


def test_help_lists_the_commands():
    result = run("--help")
    assert result.returncode == 0
    for command in ("lessons", "play", "texts", "serve", "advise", "replay", "match", "study"):
        assert command in result.stdout


@pytest.mark.xdist_group("wheel")  # the wheel's build rewrites the metadata it reads
def test_version_is_the_installed_one():
    from importlib.metadata import version

    result = run("--version")
    assert result.returncode == 0
    assert result.stdout.strip() == f"ecarte {version('ecarte-tutor')}"


def test_bad_arguments_are_named():
    result = run("play", "--seed", "abc")
    assert result.returncode == 2
    assert "--seed" in result.stderr and "Traceback" not in result.stderr
    result = run("play", "--game", "9")
    assert result.returncode == 2 and "--game" in result.stderr


def test_unknown_command():
    result = run("dance")
    assert result.returncode == 2 and "invalid choice" in result.stderr


def test_advise_end_of_input_exits_zero():
    result = run("advise", "--engine", "random", stdin="\n\n")
    assert result.returncode == 0 and result.stdout == ""


def test_texts_check_covers_hints_and_readings():
    from tutor.cli.checks import citations

    cited = {ident for _, ident in citations()}
    assert "readings/guarded" in cited
    assert any(ident.startswith("britannica-9/hints/jeux-de-regle/") for ident in cited)
    result = run("texts", "check")
    assert result.returncode == 0, result.stderr


def test_play_option_conflicts_are_named():
    result = run("play", "--game", "7")
    assert result.returncode == 2 and "--rules french" in result.stderr
    result = run("play", "--losers", "2")
    assert result.returncode == 2 and "--losers" in result.stderr
    result = run("play", "--table", "cinq", "--losers", "9")
    assert result.returncode == 2 and "between 1 and 4" in result.stderr
    result = run("play", "--table", "bridge")
    assert result.returncode == 2 and "invalid choice" in result.stderr


def test_match_options_need_their_rules():
    result = run("play", "--cinq-lies")
    assert result.returncode == 2 and "--rules french" in result.stderr
    result = run("play", "--table", "pool", "--valuation")
    assert result.returncode == 2 and "two-handed" in result.stderr


def test_play_options_reach_the_game():
    import asyncio

    from tutor.app import create_app
    from tutor.cli import app_options, build_parser

    argv = ["play", "--seed", "3", "--engine", "random", "--rules", "french", "--cinq-lies"]
    options = app_options(build_parser().parse_args([*argv, "--valuation"]))

    async def check():
        app = create_app(options)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            rules = app.screen.game.rules
            assert (rules.name, rules.game_points, rules.games_to_win, rules.valuation) == (
                "french",
                5,
                2,
                True,
            )

    asyncio.run(check())


def test_drill_topic_is_checked():
    result = run("drill", "no-such-topic")
    assert (
        result.returncode == 2
        and "unknown topic" in result.stderr
        and "jeux-de-regle" in result.stderr
    )


def test_drill_opens_on_its_topic():
    import asyncio

    from tutor.app import create_app
    from tutor.cli import app_options, build_parser

    async def check():
        options = app_options(build_parser().parse_args(["drill", "jeux-de-regle-2", "--seed", "7"]))
        app = create_app(options)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await app.workers.wait_for_complete()
            await pilot.pause()
            assert type(app.screen).__name__ == "DrillScreen"

    asyncio.run(check())


def test_the_app_without_a_terminal_says_so_and_does_not_draw():
    """A tester's review: ``ecarte texts ID | head -1`` spun at full CPU, drawing the
    app into the pipe. Without a terminal (here stdin and stdout are pipes) it says so."""
    for args in (("texts", "club-laws/38"), ("play", "--seed", "3"), ("lessons",)):
        result = run(*args)
        assert result.returncode == 2, args
        assert "needs a terminal" in result.stderr and not result.stdout
