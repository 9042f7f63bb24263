"""SVG snapshots at 80×24, the smallest terminal every screen serves (issue 13, item 5):
home and a lesson with its feedback, every key of the footer shown whole; and the
notice a smaller terminal gets.

Regenerate after a deliberate change of look with
``pytest tests/app/test_app_snapshots_small.py --snapshot-update`` and review the SVGs.
"""

from __future__ import annotations

from app_helpers import create_app, settle

SMALL = (80, 24)


async def _settle(pilot) -> None:
    await settle(pilot)
    await pilot.pause(0.1)
    await pilot.app.workers.wait_for_complete()


def test_home_small_terminal(snap_compare):
    assert snap_compare(create_app(), terminal_size=SMALL, run_before=_settle)


def test_lesson_feedback_small_terminal(snap_compare):
    async def answer_wrong(pilot):
        await _settle(pilot)
        await pilot.press(str(pilot.app.screen.order.index(0) + 1))  # the file's first choice
        await _settle(pilot)

    app = create_app(start="lessons", lesson_id="test-lesson")
    assert snap_compare(app, terminal_size=SMALL, run_before=answer_wrong)


def test_lesson_decision_small_terminal(snap_compare):
    async def to_decision(pilot):
        await _settle(pilot)
        await pilot.press(str(pilot.app.screen.order.index(2) + 1), "n")  # the right choice
        await _settle(pilot)

    app = create_app(start="lessons", lesson_id="test-lesson")
    assert snap_compare(app, terminal_size=SMALL, run_before=to_decision)


def test_size_notice(snap_compare):
    assert snap_compare(create_app(), terminal_size=(60, 18), run_before=_settle)
