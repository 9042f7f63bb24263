"""The game review screen (issue 13, item 1): every decision with its grade and cost,
both accuracies, "learn from your mistakes"; and the deal summary's grades."""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from types import SimpleNamespace

from app_helpers import create_app, run, settle
from textual.widgets import DataTable, Static

from tutor.analysis.review import Decision, GameReview, review_game
from tutor.app.screens.review import GameReviewScreen
from tutor.app.screens.summary import DealSummary
from tutor.engines.hints_engine import HintsEngine
from tutor.engines.random_engine import RandomEngine
from tutor.rules.actions import Action
from tutor.rules.game import Game
from tutor.rules.infoset import infoset_of


@cache
def match_review() -> GameReview:
    """A deal of random (South) against hints (North), reviewed by the seeded best engine."""
    game = Game.new(3_000_001, players=("South", "North"))
    engines = (RandomEngine(3), HintsEngine())
    while game.deal_number == 1:
        seat = game.to_act
        game = game.apply(engines[seat].advise(infoset_of(game.position, seat)).action)
    return review_game(game)


async def open_review(pilot, learner=0) -> GameReviewScreen:
    await settle(pilot)
    screen = GameReviewScreen(match_review(), learner=learner)
    await pilot.app.push_screen(screen)
    await settle(pilot)
    return screen


@run
async def test_the_review_lists_every_decision_with_grade_cost_and_both_accuracies():
    review = match_review()
    app = create_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_review(pilot)
        table = screen.query_one(DataTable)
        assert table.row_count == len(review.decisions) > 0
        for n, d in enumerate(review.decisions):
            row = [str(cell) for cell in table.get_row_at(n)]
            assert row[5] == (d.grade or "")
            assert row[4] == (f"{d.cost:.2f}" if d.cost else "")
        heading = str(screen.query_one("#review-accuracy", Static).render())
        assert f"South (you): accuracy {review.accuracy(0):.0f}" in heading
        assert f"North: accuracy {review.accuracy(1):.0f}" in heading
        assert "blunder 0.50" in heading
        detail = screen.query_one("#review-detail", Static)
        first = str(detail.render())
        await pilot.press("down")
        await pilot.pause()
        assert str(detail.render()) != first
        assert str(detail.render()).startswith(f"Deal 1, {review.decisions[1].player}")
        await pilot.press("escape")
        await settle(pilot)
        assert not isinstance(app.screen, GameReviewScreen)


@run
async def test_l_sends_the_learners_mistakes_and_blunders_to_the_review_queue():

    review = match_review()
    wrong = review.to_learn(0)
    assert wrong, "random makes mistakes in this deal"
    app = create_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_review(pilot, learner=0)
        await pilot.press("l")
        await pilot.pause()
        queued = {(r.lesson, r.step) for r in app.services.progress.reviews()}
        assert queued == {(review.lesson, d.step_id) for d in wrong}
        messages = [n.message for n in app._notifications]
        assert any(f"{len(wrong)} positions join your review queue" in m for m in messages)
        # and they are asked again at once (a tester's review: "first due in 4 hours")
        from tutor.app.screens.lesson import LessonScreen

        await settle(pilot)
        now = app.screen
        assert isinstance(now, LessonScreen) and now.review_title == "Your mistakes in this game"
        assert [s.key for s in now.steps] == [(review.lesson, d.step_id) for d in wrong]


@run
async def test_a_review_step_from_a_game_opens_in_the_review_queue(services):
    from tutor.app.screens.lesson import LessonScreen

    review = match_review()
    wrong = review.to_learn(0)[0]
    services.progress.settle(review.lesson, wrong.step_id, unaided=False)
    app = create_app(services=services)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        screen = LessonScreen(review=[(review.lesson, wrong.step_id)])
        await app.push_screen(screen)
        await settle(pilot)
        assert len(screen.steps) == 1
        step = screen.steps[0]
        assert step.expected == wrong.best and step.info == wrong.info


@run
async def test_the_review_of_an_engine_match_has_no_learner():
    app = create_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_review(pilot, learner=None)
        await pilot.press("l")
        await pilot.pause()
        messages = [n.message for n in app._notifications]
        assert any("no learner" in m for m in messages)


def decision(cost: float, action: str = "lead KS", best: str = "lead QS") -> Decision:
    info = infoset_of(Game.new(1).position)
    return Decision(
        1, 0, "South", info, Action.parse(action), Action.parse(best), cost, reason="Why."
    )


def test_the_summary_grades_as_the_review_does():
    assert DealSummary.row(decision(0.0, "lead KS", "lead KS")) == "- ✓ lead K♠"
    assert DealSummary.row(decision(0.02)) == (
        "- ✓ lead K♠ (engine: lead Q♠, as good within its noise: 0.02 apart)"
    )
    assert "✗" not in DealSummary.row(decision(0.09))
    assert DealSummary.row(decision(0.12)).startswith("- ✗ **inaccuracy**: lead K♠")
    assert "**mistake**" in DealSummary.row(decision(0.3))
    assert "**blunder**" in DealSummary.row(decision(0.8))
    assert DealSummary.row(decision(0.8)).endswith("Why.")  # no example: K♠ is not in the hand


def test_the_summary_and_the_review_say_in_words_what_the_engines_choice_does():
    """Issue 32: the advice opens with one plain sentence, the figures after."""
    words = "Q♠ takes the trick and with it the adversary's last trump."
    said = replace(decision(0.3), said=words, reason=f"{words} The queen gives +0.40.")
    row = DealSummary.row(said)
    assert row.startswith("- ✗ **mistake**: lead K♠ — engine: **lead Q♠**. Q♠ takes the trick")
    assert row.index("last trump") < row.index("0.30 points better")
    agreed = replace(said, action=said.best, cost=0.0)
    assert DealSummary.row(agreed) == (
        "- ✓ lead Q♠ — Q♠ takes the trick and with it the adversary\\'s last trump\\."
    )
    assert agreed.why == "The queen gives +0.40."  # the words not told twice
    shown_by = SimpleNamespace(player_label=lambda seat: "South (you)")
    detail = GameReviewScreen.detail_text(shown_by, said).plain
    assert detail.index("last trump") < detail.index("0.30 points better")


def test_a_near_tie_is_told_as_one_not_as_the_engines_preference():
    """A reviewer: "the engine prefers lead A♦, 0.00 points better (a near tie: no
    grade) ... Your choice is the Hints': the engine ... finds lead A♦ better for this
    hand" beside "+2.25 vs +2.25". Within the noise neither is better."""
    tie = replace(
        decision(0.0, "lead KS", "lead QS"),
        values={"lead KS": 2.25, "lead QS": 2.25},
        hints=Action.parse("lead KS"),
    )
    screen = GameReviewScreen(GameReview(("South", "North"), 1, (tie,)), learner=0)
    told = screen.detail_text(tie).plain
    assert "prefers" not in told and "better" not in told
    assert "as good as the engine's choice, lead Q♠, within its sampling noise" in told
    assert "finds it as good as lead Q♠ within its sampling noise" in told
    graded = replace(tie, cost=0.3, values={"lead KS": 1.95, "lead QS": 2.25})
    told = screen.detail_text(graded).plain
    assert "prefers lead Q♠, 0.30 points better (mistake)" in told
    assert "finds lead Q♠ better for this hand" in told


@run
async def test_the_summary_shows_every_one_of_the_learners_actions():
    game = Game.new(3)
    start, engine = game, RandomEngine(3)
    while game.deal_number == 1:
        game = game.apply(engine.advise(infoset_of(game.position, game.to_act)).action)
    result = game.history[0]
    mine = sum(1 for seat, _ in _actors(start, result.actions) if seat == 0)
    app = create_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        summary = DealSummary(start, result, game, 0, None, "best")
        await app.push_screen(summary)
        await settle(pilot)
        source = summary.query_one("#deal-choices").source
        rows = [line for line in source.splitlines() if line.startswith("- ")]
        assert len(rows) == mine
        await pilot.press("end")
        await pilot.pause()
        assert summary.query_one("#summary-body").scroll_y > 0


def _actors(start: Game, actions):
    game = start
    for action in actions:
        yield game.to_act, action
        game = game.apply(action)


def test_review_screen_snapshot_small_terminal(snap_compare):
    async def open_it(pilot):
        await open_review(pilot)
        await pilot.pause(0.1)

    assert snap_compare(create_app(), terminal_size=(80, 24), run_before=open_it)


@run
async def test_the_review_table_fits_80_columns_with_its_hints_column():
    """A review: at 80x24 the table ended at Grade, the Hints column cut off. Beside the
    learner's choice the engine's and the Hints' moves of the same kind show their
    cards alone."""
    review = match_review()
    app = create_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_review(pilot)
        table = screen.query_one(DataTable)
        assert table.virtual_size.width <= table.scrollable_content_region.width
        for n, d in enumerate(review.decisions):
            engine = str(table.get_row_at(n)[3])
            if d.best is not None and d.best.kind == d.action.kind and d.best.cards:
                assert engine in ("=", " ".join(card.label for card in d.best.cards))
