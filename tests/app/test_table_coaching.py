"""Pilot tests of the tables at par with the game for two: each table's hint, undo,
redeal, save and load, the deal summary and the review; the gallery's messages; the
pool's game watched deal by deal when the learner is out."""

from __future__ import annotations

import pytest
from textual.widgets import Static

from tests.app.app_helpers import SIZE, create_app, run
from tutor.app.screens.confirm import ConfirmScreen
from tutor.app.screens.table_play import LEARNER, TablePlayScreen
from tutor.app.screens.table_summary import (
    TableDealSummary,
    TableLoadScreen,
    TableReview,
    saved_tables,
)
from tutor.app.widgets.passage import PassageMarkdown
from tutor.tables import PoolTable, make_table
from tutor.tables.computer import Computer

FAST = 0.02
TABLES = [("pool", 5, {}), ("quatre", 42, {}), ("cinq", 177, {}), ("six", 399, {})]


async def settle(pilot) -> None:
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def open_table(pilot, name: str, seed: int, **options) -> TablePlayScreen:
    options.setdefault("advice_strength", FAST)
    screen = TablePlayScreen(name, seed, "random", **options)
    await pilot.app.push_screen(screen)
    await settle(pilot)
    return screen


def enabled(screen, key: str) -> bool:
    active = screen.active_bindings.get(key)
    return active is not None and active.enabled


async def learner_card(pilot, screen) -> None:
    """Answer the learner's decision: the first playable card, or play/accept/mark."""
    kinds = screen.learner_kinds()
    if kinds & {"lead", "follow"}:
        legal = {a.card for a in screen.table.legal_actions()}
        index = next(i for i, c in enumerate(screen.hand_order()) if c in legal)
        await pilot.press(str(index + 1))
    elif "discard" in kinds:
        await pilot.press("1", "enter")
    else:
        key = {"play": "p", "accept": "a", "mark": "m"}[
            next(k for k in ("play", "accept", "mark") if k in kinds)
        ]
        await pilot.press(key)
    await settle(pilot)


async def play_to_summary(pilot, screen) -> None:
    """Answer the learner's decisions until the deal ends on its summary."""
    for _ in range(10):
        if isinstance(pilot.app.screen, TableDealSummary):
            return
        await learner_card(pilot, screen)


def advice_text(screen) -> str:
    return screen.query_one("#tp-advice", PassageMarkdown).source


@pytest.mark.parametrize("name,seed,options", TABLES)
@run
async def test_each_table_has_a_hint_from_the_hints_and_the_strongest_engine(name, seed, options):
    app = create_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = await open_table(pilot, name, seed, **options)
        assert screen.learner_kinds()
        assert enabled(screen, "question_mark")
        await pilot.press("question_mark")
        await settle(pilot)
        text = advice_text(screen)
        assert "The hints say" in text
        assert "strongest engine" in text
        engine = "best" if name == "pool" else "rollout"
        assert f"({engine})" in text
        assert screen.query_one("#tp-advice-box").has_class("-shown")
        await learner_card(pilot, screen)  # acting puts the log back
        assert not screen.query_one("#tp-advice-box").has_class("-shown")
        # Escape closes a hint shown, and asks nothing (it used to ask to abandon); so
        # does ? again, as at the game for two
        if screen.learner_kinds():
            for close in ("escape", "question_mark"):
                await pilot.press("question_mark")
                await settle(pilot)
                assert screen.query_one("#tp-advice-box").has_class("-shown")
                await pilot.press(close)
                await settle(pilot)
                assert app.screen is screen
                assert not screen.query_one("#tp-advice-box").has_class("-shown")


@pytest.mark.parametrize("name,seed,options", TABLES)
@run
async def test_each_table_undoes_back_to_the_learners_decision(name, seed, options):
    app = create_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = await open_table(pilot, name, seed, **options)
        assert not enabled(screen, "u") or screen.table.actions  # nothing of ours to undo yet
        before = screen.table.actions
        await learner_card(pilot, screen)
        if isinstance(app.screen, TableDealSummary):
            await pilot.press("enter")
            await settle(pilot)
        assert len(screen.table.actions) > len(before)
        await pilot.press("u")
        await settle(pilot)
        assert screen.table.actions == before
        assert screen.table.to_act == LEARNER
        assert screen.learner_kinds()


@pytest.mark.parametrize("name,seed,options", TABLES)
@run
async def test_each_table_saves_and_loads(name, seed, options):
    app = create_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = await open_table(pilot, name, seed, **options)
        await learner_card(pilot, screen)
        if isinstance(app.screen, TableDealSummary):
            await pilot.press("enter")
            await settle(pilot)
        played = screen.table.actions
        await pilot.press("s")
        await settle(pilot)
        found = saved_tables()
        assert len(found) == 1 and found[0].name.startswith(f"{name}-")
        await pilot.press("n")  # a new table, then load the saved one back
        await settle(pilot)
        assert screen.table.actions != played
        await pilot.press("l")
        await settle(pilot)
        assert isinstance(app.screen, TableLoadScreen)
        # told by its table, standing and seed, not its file name (a tester's review)
        listed = str(app.screen.query_one("#load-list").get_option_at_index(0).prompt)
        assert f"seed {seed}" in listed and found[0].name not in listed
        await pilot.press("enter")
        await settle(pilot)
        assert screen.table.name == name and screen.table.seed == seed
        assert screen.table.actions == played


@run
async def test_redeal_deals_the_same_deal_again():
    app = create_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = await open_table(pilot, "quatre", 42)
        start = screen.table.actions
        hand = screen.hand_order()
        await learner_card(pilot, screen)
        played = screen.table.actions
        await pilot.press("r")
        await settle(pilot)
        assert screen.table.actions == start
        assert screen.hand_order() == hand
        await pilot.press("u")  # the redeal taken back (a tester's review)
        await settle(pilot)
        assert screen.table.actions == played


@run
async def test_redeal_asks_before_it_takes_back_a_finished_deal():
    app = create_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = await open_table(pilot, "quatre", 42)
        await play_to_summary(pilot, screen)
        await pilot.press("enter")  # the summary put away: the next deal is dealt
        await settle(pilot)
        assert app.screen is screen
        after = screen.table.actions
        await pilot.press("r")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        asked = app.screen.question
        assert "deal 1 is over. Deal it again? Its points are taken back:" in asked
        assert "goes back to" in asked
        await pilot.press("escape")  # no: nothing changes
        await settle(pilot)
        assert app.screen is screen and screen.table.actions == after
        await pilot.press("r")
        await settle(pilot)
        await pilot.press("down", "enter")  # deal it again
        await settle(pilot)
        assert app.screen is screen and len(screen.table.actions) < len(after)


@run
async def test_a_deal_ends_on_its_summary_and_the_review_grades_every_deal():
    app = create_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = await open_table(pilot, "quatre", 42)
        await play_to_summary(pilot, screen)
        summary = app.screen
        assert isinstance(summary, TableDealSummary)
        choices = str(summary.query_one("#ts-choices", Static).render())
        assert "South: " in choices and "Weighing" not in choices
        facts = str(summary.query_one("#ts-facts", Static).render())
        assert "Trick 5" in facts and "Turn-up" in facts
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is screen
        await pilot.press("v")
        await settle(pilot)
        review = app.screen
        assert isinstance(review, TableReview)
        told = str(review.query_one("#ts-accuracy", Static).render())
        mine = [s for d in review.deals for s in d.steps if s.seat == review.learner]
        choices = [s for s in mine if len(s.before.legal_actions()) > 1]
        # a forced move is not a decision: counted as `ecarte review` counts them
        assert "Your accuracy: " in told and f" over {len(choices)} decisions" in told
        listed = str(review.query_one("#ts-review", Static).render())
        assert "Deal 1" in listed
        assert ("(the only choice)" in listed) == (len(choices) < len(mine))
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is screen


@run
async def test_the_pool_is_watched_move_by_move_and_deal_by_deal_when_out():
    app = create_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = await open_table(pilot, "pool", 111)
        table = screen.table
        computer = Computer("random", 1)
        while LEARNER in table.seats:  # the learner loses the first game
            table = table.apply(computer.choose(table))
        screen.adopt(table)
        await settle(pilot)
        assert isinstance(screen.table, PoolTable) and screen.watching()
        assert screen.table is table, "nothing moves until the learner asks"
        watched = str(screen.query_one("#tp-watched", Static).render())
        for seat in table.seats:
            assert table.players[seat] in watched
        assert "space" in str(screen.query_one("#tp-prompt", Static).render())
        assert enabled(screen, "space") and enabled(screen, "enter")
        await pilot.press("space")
        await settle(pilot)
        assert len(screen.table.actions) == len(table.actions) + 1
        await pilot.press("question_mark")  # the watched player's hint
        await settle(pilot)
        assert "For " in advice_text(screen)
        await pilot.press("enter")
        await settle(pilot)
        summary = app.screen
        assert isinstance(summary, TableDealSummary)
        assert set(summary.seats) == set(table.seats)
        assert "The decisions of" in str(summary.query_one("#ts-heading", Static).render())
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is screen
        if screen.watching():
            marker = screen.table.game.deal_number
            assert screen.table.game.deal_number == marker  # waits for the learner again


@run
async def test_the_gallery_is_refused_under_english_rules_with_a_reason():
    app = create_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = await open_table(pilot, "quatre", 42, gallery=True, rules="english")
        assert not screen.gallery.enabled
        told = [n.message for n in app._notifications if n.title == "Gallery"]
        assert told and "English rules" in told[-1] and "britannica-9/laws/24" in told[-1]
        await pilot.press("g")
        await settle(pilot)
        assert not screen.gallery.enabled


@run
async def test_the_gallery_points_at_a_round_table_under_french_rules():
    app = create_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = await open_table(pilot, "six", 399, gallery=True)
        assert screen.gallery.enabled
        told = [n.message for n in app._notifications if n.title == "Gallery"]
        assert told and "The gallery is on" in told[-1]
        for _ in range(10):
            if screen.learner_kinds() & {"lead", "follow"}:
                break
            await learner_card(pilot, screen)
        text = str(screen.query_one("#tp-gallery", Static).render())
        assert text.startswith("The gallery points at ")


def test_a_fresh_table_starts_with_nothing_to_undo():
    table = make_table("quatre", 42)
    from tutor.tables.coach import undo

    assert undo(table, LEARNER) is None


@run
async def test_a_table_record_given_on_the_command_line_is_loaded(tmp_path):
    from tutor.tables.record import save

    table, computer = make_table("cinq", 11), Computer("random", 11)
    while table.to_act != LEARNER or len(table.actions) < 3:
        table = table.apply(computer.choose(table))
    path = tmp_path / "cinq.rec"
    save(table, path)
    app = create_app(start="play", table="cinq", load=path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, TablePlayScreen)
        assert screen.table.name == "cinq" and screen.table.seed == 11
        assert screen.table.actions == table.actions


@run
async def test_a_table_played_on_is_put_away_only_after_asking():
    """A new table, a load or leaving asks first once the learner has played since the
    table was dealt or saved, as the game for two does; saving lets it go freely."""
    from tutor.app.screens.confirm import ConfirmScreen

    app = create_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = await open_table(pilot, "quatre", 42)
        await learner_card(pilot, screen)
        if isinstance(app.screen, TableDealSummary):
            await pilot.press("enter")
            await settle(pilot)
        played = screen.table
        for key in ("n", "escape"):
            await pilot.press(key)
            await settle(pilot)
            assert isinstance(app.screen, ConfirmScreen), key
            assert "Abandon" in app.screen.question
            await pilot.press("escape")  # keep it
            await settle(pilot)
            assert app.screen is screen and screen.table is played
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("down", "enter")  # abandon it: leave
        await settle(pilot)
        assert app.screen is not screen and screen not in app.screen_stack
        screen = await open_table(pilot, "quatre", 42)
        await learner_card(pilot, screen)
        if isinstance(app.screen, TableDealSummary):
            await pilot.press("enter")
            await settle(pilot)
        await pilot.press("s")
        await settle(pilot)
        await pilot.press("escape")  # saved: no question
        await settle(pilot)
        assert screen not in app.screen_stack


def test_a_table_grade_says_whose_choice_the_hints_make():
    # A learner review: "follow J♦ — mistake (best: follow 7♦) · the Hints agree" read
    # as the Hints agreeing with the grade, not with the card.
    from tutor.app.screens.table_summary import judged_line
    from tutor.rules.actions import follow
    from tutor.rules.cards import card
    from tutor.tables.coach import Judged

    jd, sd = follow(card("JD")), follow(card("7D"))
    mistake = judged_line("South", Judged(jd, sd, 0.36, hints=jd), "best").plain
    assert "the Hints' choice too; best weighs this deal otherwise" in mistake
    assert "agree" not in mistake
    other = judged_line("South", Judged(jd, sd, 0.36, hints=sd), "best").plain
    assert "the Hints say follow 7♦" in other
    same = judged_line("South", Judged(sd, sd, 0.0, hints=sd), "best").plain
    assert "the Hints say so too" in same


@run
async def test_a_table_hint_longer_than_its_pane_says_pagedown_shows_more():
    """As at the game for two: at 80x24 the hint runs past the side pane, and a line
    under it says PageDown shows more, until the end is in sight or the hint is closed."""
    app = create_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = await open_table(pilot, "pool", 5)
        more = screen.query_one("#tp-advice-more")
        assert not more.display  # no hint shown
        await pilot.press("question_mark")
        await settle(pilot)
        box = screen.query_one("#tp-advice-box")
        assert box.max_scroll_y > 0
        assert more.display and more.region.bottom <= screen.region.bottom - 1
        for _ in range(15):
            await pilot.press("pagedown")
            await pilot.pause()
        assert box.scroll_y == box.max_scroll_y
        assert not more.display
        await pilot.press("pageup", "escape")
        await settle(pilot)
        assert not box.has_class("-shown") and not more.display


@run
async def test_the_table_review_tells_how_far_its_weighing_has_gone(monkeypatch):
    """Issue 33: a six-player table's review took its time with "Weighing your
    decisions…" alone; it says which deal it is weighing."""
    from types import SimpleNamespace

    from tutor.tables.advisor import TableAdvisor
    from tutor.tables.coach import deals_played

    table = make_table("six", 399)
    computer = Computer("random", 399)
    while table.deal_number < 3:
        table = table.apply(computer.choose(table))
    deals = deals_played(table)
    owner = SimpleNamespace(judged={}, judge_advisor=TableAdvisor(399, strength=FAST))
    told = []
    update = Static.update

    def recording(self, content="", *args, **kwargs):
        if self.id == "ts-accuracy":
            told.append(str(content))
        return update(self, content, *args, **kwargs)

    monkeypatch.setattr(Static, "update", recording)
    app = create_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await app.push_screen(TableReview(owner, deals))
        await settle(pilot)
    weighing = [t for t in told if t.startswith("Weighing your decisions: deal ")]
    assert weighing == [
        f"Weighing your decisions: deal {n} of {len(deals)}…" for n in range(1, len(deals) + 1)
    ]
    assert told[-1].startswith("Your accuracy")
