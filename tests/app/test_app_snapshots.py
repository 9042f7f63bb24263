"""SVG snapshots of every screen at 100×30 (and the play screen, the deal summary and
the lessons at 80×24).

Regenerate after a deliberate change of look with
``pytest tests/app/test_app_snapshots.py --snapshot-update`` and review the SVGs.
The texts snapshot shows the real texts/: a change there moves it too.
"""

from __future__ import annotations

from app_helpers import SIZE, create_app, settle


async def _settle(pilot) -> None:
    await settle(pilot)
    await pilot.pause(0.1)
    await pilot.app.workers.wait_for_complete()


def test_home(snap_compare):
    assert snap_compare(create_app(), terminal_size=SIZE, run_before=_settle)


def test_help(snap_compare):
    async def open_help(pilot):
        await _settle(pilot)
        await pilot.press("f1")
        await _settle(pilot)

    assert snap_compare(create_app(), terminal_size=SIZE, run_before=open_help)


def test_lessons_list(snap_compare):
    assert snap_compare(create_app(start="lessons"), terminal_size=SIZE, run_before=_settle)


def test_lesson_after_a_wrong_answer(snap_compare):
    async def answer_wrong(pilot):
        await _settle(pilot)
        await pilot.press(str(pilot.app.screen.order.index(0) + 1))  # the file's first choice
        await _settle(pilot)

    app = create_app(start="lessons", lesson_id="test-lesson")
    assert snap_compare(app, terminal_size=SIZE, run_before=answer_wrong)


def test_lesson_decision(snap_compare):
    async def to_decision(pilot):
        await _settle(pilot)
        await pilot.press(str(pilot.app.screen.order.index(2) + 1), "n")  # the right choice
        await _settle(pilot)

    app = create_app(start="lessons", lesson_id="test-lesson")
    assert snap_compare(app, terminal_size=SIZE, run_before=to_decision)


def test_play(snap_compare):
    app = create_app(start="play", seed=1, engine="random")
    assert snap_compare(app, terminal_size=SIZE, run_before=_settle)


def test_play_small_terminal(snap_compare):
    app = create_app(start="play", seed=1, engine="random")
    assert snap_compare(app, terminal_size=(80, 24), run_before=_settle)


def test_texts(snap_compare):
    app = create_app(start="texts", passage_id="club-laws/38")
    assert snap_compare(app, terminal_size=SIZE, run_before=_settle)


def test_table_quatre(snap_compare):
    app = create_app(start="play", table="quatre", seed=1, engine="random")
    assert snap_compare(app, terminal_size=SIZE, run_before=_settle)


async def _play_deal_one(pilot) -> None:
    """Seed 1 against the random engine: five legal cards end deal 1 (no refusal toast).
    No animation: the log beneath the summary must not be caught mid-scroll."""
    pilot.app.animation_level = "none"
    await _settle(pilot)
    for key in ("1", "1", "2", "1", "1"):
        await pilot.press(key)
        await _settle(pilot)
    await _settle(pilot)
    # The table's log, seen beneath the summary, takes its last line while the
    # summary opens; whether it has scrolled to it yet is a race: settle it.
    table = pilot.app.screen_stack[-2]
    table.query_one("RichLog").scroll_end(animate=False, immediate=True)
    table.refresh(layout=True)
    pilot.app.screen.refresh(layout=True)
    await _settle(pilot)


def test_deal_summary(snap_compare):
    app = create_app(start="play", seed=1, engine="random")
    assert snap_compare(app, terminal_size=SIZE, run_before=_play_deal_one)


def test_deal_summary_small_terminal(snap_compare):
    app = create_app(start="play", seed=1, engine="random")
    assert snap_compare(app, terminal_size=(80, 24), run_before=_play_deal_one)


def test_lessons_list_small_terminal(snap_compare):
    assert snap_compare(create_app(start="lessons"), terminal_size=(80, 24), run_before=_settle)
