"""SVG snapshots of the tables at 80×24: écarté à six in play (six cards' worth of
trick, the scores, the footer whole), and a deal's summary at four.

Regenerate after a deliberate change of look with
``pytest tests/app/test_table_snapshots.py --snapshot-update`` and review the SVGs.
"""

from __future__ import annotations

from app_helpers import create_app, settle

from tutor.app.screens.table_summary import TableDealSummary

SMALL = (80, 24)


async def _settle(pilot) -> None:
    await settle(pilot)
    await pilot.pause(0.1)
    await pilot.app.workers.wait_for_complete()


def test_table_six_small_terminal(snap_compare):
    app = create_app(start="play", table="six", seed=3, engine="random")
    assert snap_compare(app, terminal_size=SMALL, run_before=_settle)


async def _to_the_summary(pilot) -> None:
    await _settle(pilot)
    screen = pilot.app.screen
    for _ in range(10):
        if isinstance(pilot.app.screen, TableDealSummary):
            break
        legal = {a.card for a in screen.table.legal_actions() if a.cards}
        kinds = screen.learner_kinds()
        if "mark" in kinds:
            await pilot.press("m")
        else:
            index = next(i for i, c in enumerate(screen.hand_order()) if c in legal)
            await pilot.press(str(index + 1))
        await _settle(pilot)
    await _settle(pilot)


def test_table_summary_small_terminal(snap_compare):
    app = create_app(start="play", table="quatre", seed=1, engine="random")
    assert snap_compare(app, terminal_size=SMALL, run_before=_to_the_summary)
