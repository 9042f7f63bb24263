"""Pilot tests of what the screens show of issue 14's rules: the king turned up
announced under French rules where it is scored (french/jeu: "Avant de marquer ce
point, il doit dire : « J'ai le roi »"), at two and at the tables; the pool's
penalty line when the dealer refuses (french/trois, texts/tables.md tables/pool);
a king that ends a round table's game at once (tables/game-end)."""

from __future__ import annotations

import io
from dataclasses import replace

from rich.console import Console
from textual.widgets import RichLog

from tests.app.app_helpers import SIZE, create_app, run
from tutor.app.screens.table_play import TablePlayScreen
from tutor.app.screens.table_summary import deal_facts
from tutor.app.widgets.table_scores import TableScores
from tutor.rules.actions import Action
from tutor.rules.cards import Rank
from tutor.rules.deal import Phase
from tutor.rules.rulesets import ENGLISH, FRENCH, make_rules
from tutor.tables import make_table
from tutor.tables.coach import deals_played

ANNOUNCED = "turned up the king: « J'ai le roi », and scores one."
SILENT = "turned up the king and scores one."

KING_TURNED = {"quatre": 10, "pool": 4}
"""Seeds whose first deal turns up a king (checked below)."""

TWO_HANDED_KING = 11
"""A seed whose first deal for two turns up a king (checked below)."""


async def settle(pilot) -> None:
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def log_text(screen) -> str:
    """The log as drawn, its words joined across wrapped lines."""
    return " ".join(" ".join(strip.text for strip in screen.query_one(RichLog).lines).split())


async def open_table(pilot, name: str, seed: int, rules: str) -> TablePlayScreen:
    screen = TablePlayScreen(name, seed, "random", rules=rules, advice_strength=0.02)
    await pilot.app.push_screen(screen)
    await settle(pilot)
    return screen


def test_the_seeds_turn_up_a_king():
    from tutor.rules.game import Game

    assert make_table("quatre", KING_TURNED["quatre"]).deal.turnup.rank is Rank.KING
    assert make_table("pool", KING_TURNED["pool"]).game.position.turnup.rank is Rank.KING
    assert Game.new(TWO_HANDED_KING, FRENCH).position.turnup.rank is Rank.KING


@run
async def test_the_french_dealer_announces_the_king_turned_up_at_two():
    app = create_app(start="play", seed=TWO_HANDED_KING, engine="random", rules=make_rules("french"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        dealer = app.screen.game.players[app.screen.game.position.dealer]
        assert f"{dealer} {ANNOUNCED}" in log_text(app.screen)


@run
async def test_the_english_dealer_scores_the_king_turned_up_without_a_word():
    app = create_app(start="play", seed=TWO_HANDED_KING, engine="random", rules=make_rules("english"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        dealer = app.screen.game.players[app.screen.game.position.dealer]
        assert f"{dealer} {SILENT}" in log_text(app.screen)
        assert "J'ai le roi" not in log_text(app.screen)


@run
async def test_the_king_turned_up_is_announced_at_the_tables():
    app = create_app()
    async with app.run_test(size=SIZE) as pilot:
        for name, seed in KING_TURNED.items():
            screen = await open_table(pilot, name, seed, "french")
            deal = screen.table.game.position if name == "pool" else screen.table.deal
            players = screen.table.game.players if name == "pool" else screen.table.players
            assert f"{players[deal.dealer]} {ANNOUNCED}" in log_text(screen)
            app.pop_screen()
            await pilot.pause()
        screen = await open_table(pilot, "pool", KING_TURNED["pool"], "english")
        dealer = screen.table.game.players[screen.table.game.position.dealer]
        assert f"{dealer} {SILENT}" in log_text(screen)
        assert "J'ai le roi" not in log_text(screen)


def test_the_deal_summary_tells_the_announcement():
    table = make_table("quatre", KING_TURNED["quatre"])
    while table.deal_number == 1:
        table = table.apply(table.legal_actions()[0])
    facts = deal_facts(deals_played(table)[0]).plain
    dealer = table.players[table.history[0].final.dealer]
    assert f"The king of trumps: {dealer}, turned up: « J'ai le roi » (french/jeu)" in facts


def scores_shown(screen) -> str:
    """The score panel's text as drawn, its words joined across wrapped lines."""
    console = Console(width=36, record=True, file=io.StringIO())
    console.print(screen.query_one(TableScores).content)
    return " ".join(console.export_text().split())


def refused_pool(rules):
    """A pool where South, the non-dealer, has proposed and the dealer refused."""
    for seed in range(40):
        table = make_table("pool", seed, rules)
        if table.to_act == 0 and {a.kind for a in table.legal_actions()} == {"play", "propose"}:
            table = table.apply(Action("propose"))
            return table.apply(Action("refuse"))
    raise AssertionError("South never the non-dealer first in 40 pools")


@run
async def test_the_pool_shows_who_refused_and_who_takes_the_point_de_refus():
    app = create_app()
    async with app.run_test(size=SIZE) as pilot:
        table = refused_pool(FRENCH)
        screen = await open_table(pilot, "pool", table.seed, "french")
        screen.adopt(table)
        await settle(pilot)
        names = table.game.players
        dealer, nondealer = names[table.game.position.dealer], names[0]
        out = table.players[table.out]
        shown = scores_shown(screen)
        assert (
            f"Penalty {dealer} refused the proposal: if he loses the point, {nondealer} "
            f"scores it and {out} (out) the point de refus"
        ) in shown
        assert f"Out {out}, who takes a point de refus if one here" in shown
        app.pop_screen()
        await pilot.pause()
        table = refused_pool(ENGLISH)
        screen = await open_table(pilot, "pool", table.seed, "english")
        screen.adopt(table)
        await settle(pilot)
        shown = scores_shown(screen)
        assert "scores two for the point (law 49)" in shown
        assert "point de refus" not in shown


@run
async def test_a_king_marked_to_reach_the_game_ends_the_round_table_at_once():
    """tables/game-end: the king that takes a side to the game ends it, tricks unplayed."""
    app = create_app()
    async with app.run_test(size=SIZE) as pilot:
        for seed in range(200):
            table = make_table("quatre", seed)
            if table.deal.phase is Phase.MARK_KING and table.to_act == 0:
                break
        else:
            raise AssertionError("South never holds the king of trumps first")
        screen = await open_table(pilot, "quatre", seed, "french")
        side = table.sides[0]
        scores = tuple(4 if s == side else 0 for s in range(2))
        screen.adopt(replace(table, scores=scores))
        await settle(pilot)
        await pilot.press("m")
        await settle(pilot)
        assert screen.table.is_over
        assert log_text(screen).endswith(
            f"Deal 1: {table.side_names[side]} 1. {screen.table.result()}"
        )
