"""Drills in the app: the topic picker from the lesson list, answers right and wrong,
fresh positions with `n`, the tally, and the answers kept (mistakes for review)."""

from __future__ import annotations

from app_helpers import SIZE, create_app, run, settle

from tutor.app.screens.decision_keys import DECISION_KEYS
from tutor.app.screens.drill import DrillScreen, DrillTopicsScreen
from tutor.app.screens.lesson import LessonScreen
from tutor.app.screens.lessons import LessonsScreen
from tutor.lessons import expected_action
from tutor.lessons.drills import TOPICS

SEED = 7
TOPIC = "jeux-de-regle-2"
OTHER = {"play": "propose", "propose": "play", "accept": "refuse", "refuse": "accept"}


def feedback(app) -> str:
    return app.screen.query_one("#feedback").source


def heading(app) -> str:
    return str(app.screen.query_one("#step-title").render())


def key_for(step, right: bool = True) -> str:
    kind = expected_action(step).kind
    return DECISION_KEYS[kind if right else OTHER[kind]][0]


async def open_drill_from_lessons(pilot) -> DrillScreen:
    app = pilot.app
    await settle(pilot)
    assert isinstance(app.screen, LessonsScreen)
    assert any(b.binding.key == "d" for b in app.screen.active_bindings.values())
    await pilot.press("d")
    await settle(pilot)
    assert isinstance(app.screen, DrillTopicsScreen)
    index = [t.key for t in TOPICS].index(TOPIC)
    await pilot.press(*["down"] * index, "enter")
    await settle(pilot)
    screen = app.screen
    assert isinstance(screen, DrillScreen)
    return screen


@run
async def test_a_drill_from_the_lesson_list():
    app = create_app(start="lessons", seed=SEED)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_drill_from_lessons(pilot)
        assert screen.topic.key == TOPIC and f"seed {SEED}" in screen.sub_title
        first = screen.step
        assert first.key[0] == f"drill:{TOPIC}" and first.question == "propose"
        assert "Position 1" in heading(app) and "0 of 0" in heading(app)

        await pilot.press(key_for(first))
        await settle(pilot)
        assert "Right" in feedback(app) and "britannica-9" in feedback(app)
        assert "1 of 1" in heading(app)

        await pilot.press("n")
        await settle(pilot)
        second = screen.step
        assert second.info != first.info and "Position 2" in heading(app)
        await pilot.press(key_for(second, right=False))
        await settle(pilot)
        # a two-way choice: diagnosed, and the answer shown at once (no retry to waste)
        text = feedback(app)
        assert "✗ Not right" in text and "The answer" in text
        assert text.index("✗ Not right") < text.index("The answer")
        assert "1 of 2" in heading(app)
        # the drill keeps its own heading after an answer (not a lesson's "Step 1 of 1")
        assert "Position 2" in heading(app) and "Step 1 of 1" not in heading(app)

        answers = app.services.progress.answers(f"drill:{TOPIC}")
        assert [(a.step, a.correct) for a in answers] == [(first.id, True), (second.id, False)]
        assert [(r.lesson, r.step) for r in app.services.progress.reviews()] == [second.key]


@run
async def test_the_same_seed_deals_the_same_positions():
    dealt = []
    for _ in range(2):
        app = create_app(start="lessons")
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            app.open_drill(TOPIC, seed=SEED)
            await settle(pilot)
            dealt.append(app.screen.step.info)
    assert dealt[0] == dealt[1]


@run
async def test_hint_reveal_and_the_topic_picker_by_method():
    app = create_app(start="lessons", seed=SEED)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.open_drill(None)
        await settle(pilot)
        assert isinstance(app.screen, DrillTopicsScreen)
        app.open_drill("accepting")
        await settle(pilot)
        screen = app.screen
        await pilot.press("question_mark")
        await pilot.pause()
        assert "Hint" in feedback(app)
        await pilot.press("s")
        await pilot.pause()
        assert "The answer" in feedback(app) and "0 of 1" in heading(app)
        assert [r.step for r in app.services.progress.reviews()] == [screen.step.id]


@run
async def test_an_unknown_topic_is_a_notification():
    app = create_app(start="lessons")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.open_drill("no-such-topic")
        await settle(pilot)
        assert isinstance(app.screen, DrillScreen)
        assert "unknown drill topic" in heading(app)
        assert any("unknown drill topic" in n.message for n in app._notifications)


@run
async def test_a_topic_no_position_is_found_for_is_a_notification(monkeypatch):
    import tutor.lessons.drills as drills

    def too_rare(topic, rng):
        raise drills.DrillError(f"no position for {topic.title!r} in 0 deals")

    monkeypatch.setattr(drills, "generate", too_rare)
    app = create_app(start="lessons")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.open_drill(TOPIC)
        await settle(pilot)
        assert "no position" in heading(app)
        assert any("no position" in n.message for n in app._notifications)
        assert not app.services.progress.answers()


@run
async def test_drill_mistakes_come_back_in_the_review_queue():
    app = create_app(start="lessons", seed=SEED)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.open_drill(TOPIC)
        await settle(pilot)
        step = app.screen.step
        assert "Review: nothing waiting for review" in heading(app)
        await pilot.press(key_for(step, right=False))
        await settle(pilot)
        # a learner review: the miss was queued and nothing said so
        assert "This position joins your reviews: it comes back in 4 hours" in feedback(app)
        assert "Review: nothing waiting for review" not in heading(app)
        await pilot.press("escape")
        await settle(pilot)
        queue = [(r.lesson, r.step) for r in app.services.progress.reviews()]  # due in 4 hours
        assert queue == [step.key]
        app.push_screen(LessonScreen(review=queue))
        await settle(pilot)
        review = app.screen
        assert review.title_text == "Review" and review.step.key == step.key
        assert review.step.info == step.info
        await pilot.press(key_for(step))
        await settle(pilot)
        assert "Right" in feedback(app)


@run
async def test_the_passage_waits_for_the_answer():
    app = create_app(start="lessons", seed=SEED)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.open_drill(TOPIC)
        await settle(pilot)
        step = app.screen.step
        passage = app.screen.query_one("#lesson-passage")
        assert "which of the Hints applies" in passage.source
        await pilot.press(key_for(step, right=False))  # two-way: answered, so shown
        await settle(pilot)
        assert "which of the Hints applies" not in passage.source


def test_drill_snapshot(snap_compare):
    """A drill position answered right, with a fixed seed (the real texts beside it)."""

    async def answer_right(pilot):
        await settle(pilot)
        pilot.app.open_drill(TOPIC, seed=SEED)
        await settle(pilot)
        await pilot.press(key_for(pilot.app.screen.step))
        await settle(pilot)
        await pilot.pause(0.1)
        await pilot.app.workers.wait_for_complete()

    assert snap_compare(create_app(start="lessons"), terminal_size=SIZE, run_before=answer_right)


@run
async def test_a_clue_shows_the_whole_list_whatever_the_answer():
    """A learner review: a clue on a jeu de règle put its own clause beside the hand (the
    answer, by matching words), and on a hand to propose the heading of the list alone,
    "They are as follows :—" and nothing after it."""
    app = create_app(start="lessons", seed=SEED)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.open_drill(TOPIC, seed=SEED)
        await settle(pilot)
        screen = app.screen
        passage = screen.query_one("#lesson-passage")
        shown: dict[str, str] = {}
        for _ in range(12):
            await pilot.press("question_mark")
            await settle(pilot)
            shown.setdefault(expected_action(screen.step).kind, passage.source)
            if len(shown) == 2:
                break
            await pilot.press("s", "n")
            await settle(pilot)
        assert set(shown) == {"play", "propose"}
        assert shown["play"] == shown["propose"]
        for clause in ("three trumps", "Hands with two trumps", "Any three cards of one plain"):
            assert clause in shown["play"]


@run
async def test_a_clue_comes_into_sight_at_80x24():
    """A learner review: at 80x24 ? in a drill brought the word "Clue" into sight and
    left the clue itself below the fold, as if the key had done nothing."""
    app = create_app(start="lessons")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.open_drill("jeux-de-regle", seed=50)
        await settle(pilot)
        screen = app.screen
        await pilot.press("question_mark")
        await settle(pilot)
        await pilot.pause(0.6)  # the scroll waits for the feedback's layout
        board = screen.query_one("#lesson-board")
        clue = screen.query_one("#feedback").query("MarkdownOrderedList").first()
        assert "Think of" in feedback(app) and board.max_scroll_y > 0
        seen = board.scrollable_content_region
        assert clue.region.height and seen.contains_region(clue.region)


@run
async def test_the_drills_title_fits_at_80_columns():
    """A reviewer: at 80 columns the header read "drill: Jeux de règle, category 1
    (three trumps) · seed 50…", the seed cut off; the topic is named in the heading."""
    app = create_app(start="lessons")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.open_drill("jeux-de-regle-1", seed=999_999)
        await settle(pilot)
        update = app.screen._compositor.render_full_update()
        header = "".join(s.text for s in update.strips[0])
        assert "drill · seed 999999" in header and "…" not in header
        assert "Jeux de règle, category 1 (three trumps)" in heading(app)


@run
async def test_the_topics_say_where_each_is_taught_and_a_miss_links_to_the_lesson():
    """A reviewer: the drill topics did not say which lesson teaches each, so a learner
    who missed drill questions did not know where to go to learn. (The tests' lessons:
    lesson 1 has a step on jeu de règle 1, lesson 2 one on marking the king.)"""
    app = create_app(start="lessons")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("d")
        await settle(pilot)
        update = app.screen._compositor.render_full_update()
        lines = ["".join(s.text for s in strip) for strip in update.strips]
        shown = "\n".join(lines)
        assert "Jeux de règle, every category · lesson 1 " in shown
        assert "Jeux de règle, category 1 (three trumps) · lesson 1 " in shown
        assert "Marking the king · lesson 2 " in shown
        assert "Leads ·" not in shown and "Leads " in shown  # taught by no lesson here
        app.pop_screen()
        await settle(pilot)
        app.open_drill("jeux-de-regle-1", seed=SEED)
        await settle(pilot)
        screen = app.screen
        await pilot.press("s")  # the answer shown: a miss
        await settle(pilot)
        assert "To learn it: [lesson 1, “A test lesson”](lesson:test-lesson#1)." in feedback(app)
        box = screen.query_one("#feedback")
        box.focus()
        await settle(pilot)
        links = [link.href for link in box.links()]
        box.select_link(links.index("lesson:test-lesson#1"))
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, LessonScreen) and not isinstance(app.screen, DrillScreen)
        assert app.screen.lesson_id == "test-lesson" and app.screen.index == 1


@run
async def test_a_hand_to_propose_answered_shows_the_whole_list():
    """A reviewer: a hand that is not a jeu de règle, once answered, had beside it only the
    opening of the list ("They are as follows :—"), nothing to read why it is not one;
    a jeu de règle answered keeps its own clause."""
    app = create_app(start="lessons", seed=SEED)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.open_drill("jeux-de-regle", seed=SEED)
        await settle(pilot)
        screen = app.screen
        passage = screen.query_one("#lesson-passage")
        shown: dict[str, str] = {}
        for _ in range(12):
            await pilot.press(key_for(screen.step))
            await settle(pilot)
            shown.setdefault(expected_action(screen.step).kind, passage.source)
            if len(shown) == 2:
                break
            await pilot.press("n")
            await settle(pilot)
        assert set(shown) == {"play", "propose"}
        for clause in ("three trumps", "Hands with two trumps", "Any three cards of one plain"):
            assert clause in shown["propose"]
        assert "Hands with two trumps" not in shown["play"] or "three trumps" not in shown["play"]
