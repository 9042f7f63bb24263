"""Lessons as a learner meets them: a wrong answer diagnosed before the answer, staged
clues, the end screen, a lesson resumed where it was left, progress and review times
in sight, one lesson reset."""

from __future__ import annotations

from datetime import timedelta

from app_helpers import SIZE, create_app, run, settle

from tutor.app.screens.confirm import ConfirmScreen
from tutor.app.screens.home import HomeScreen
from tutor.app.screens.lesson import LessonScreen
from tutor.app.screens.lesson_end import LessonEndScreen
from tutor.app.screens.lessons import LessonsScreen
from tutor.app.widgets.cards import card_label
from tutor.lessons import expected_action


def feedback(app) -> str:
    return app.screen.query_one("#feedback").source


def as_text(renderable) -> str:
    """What a Rich renderable (an option's grid) reads as, on one wide line."""
    from io import StringIO

    from rich.console import Console

    console = Console(width=300, record=True, file=StringIO())
    console.print(renderable)
    return console.export_text()


def key_of(screen, choice: int) -> str:
    """The key that answers with the file's choice ``choice`` (from 0), as shuffled on screen."""
    return str(screen.order.index(choice) + 1)


async def skip_to(pilot, screen, step_id: str) -> None:
    """Show each step's answer and go on, until the step ``step_id`` is asked."""
    while screen.step.id != step_id:
        await pilot.press("s")
        await settle(pilot)
        await pilot.press("n")
        await settle(pilot)


def use_shipped_lesson(file_name: str) -> None:
    """Put one of the shipped lessons beside the test lesson (an app made after reads it)."""
    import tutor.io.paths
    from tutor.io.paths import REPO

    source = REPO / "lessons" / file_name
    (tutor.io.paths.LESSONS_DIR / file_name).write_text(source.read_text(encoding="utf-8"))


@run
async def test_lesson_list_opens_a_lesson():
    app = create_app(start="lessons")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, LessonsScreen)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, LessonScreen)
        assert app.screen.lesson.id == "test-lesson"


@run
async def test_a_wrong_choice_is_diagnosed_then_a_two_way_answer_revealed_at_once():
    app = create_app(start="lessons", lesson_id="test-lesson")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        await pilot.press(key_of(screen, 0))  # "52": its own explanation, and a retry
        await settle(pilot)
        text = feedback(app)
        assert "✗ Not right: “52”" in text and "throws out the twos to the sixes" in text
        assert "try again" in text.lower() and "The answer" not in text
        await pilot.press(key_of(screen, 0))  # "52" again: said, and not a try
        await settle(pilot)
        assert "throws out the twos to the sixes" in feedback(app)
        assert [a.correct for a in app.services.progress.answers("test-lesson")] == [False]
        await pilot.press(key_of(screen, 1))  # "36": a different explanation; the answer now
        await settle(pilot)
        text = feedback(app)
        assert "keep the sixes" in text and "The answer: **32**" in text
        assert text.index("keep the sixes") < text.index("The answer")
        assert [a.correct for a in app.services.progress.answers("test-lesson")] == [False, False]

        await pilot.press("n")
        await settle(pilot)
        assert screen.step.id == "three-trumps"
        await pilot.press("o")  # propose: wrong, and with two answers there is no retry
        await settle(pilot)
        text = feedback(app)
        # three trumps: the figures find proposing about as good, and the verdict says
        # so rather than "Not right" beside them (a learner review)
        assert text.startswith("### ✗ Not the Hints' answer: propose (by the figures below")
        assert "You proposed" in text and "about as good" in text
        assert "Three trumps" in text and "The answer: **play**" in text
        # the hand stays beside the verdict that names its cards, whatever scrolled away
        held = text.split("\n\n")[1]
        hand = " ".join(card_label(c) for c in screen.hand_order())
        assert held.startswith("*Your hand:*") and hand in held and "*turn-up:*" in held
        assert not app.screen.check_action("decide", ("play",))


@run
async def test_the_clue_is_staged_and_marks_the_step():
    app = create_app(start="lessons", lesson_id="test-lesson")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("n")  # not finished: nothing happens
        assert app.screen.step.id == "pack"
        await pilot.press("question_mark")
        await pilot.pause()
        first = feedback(app)
        assert "Find the law" in first and "closer clue" in first
        # the passage the clue would send the learner to already stands beside the
        # question: the clue says so rather than naming it as news (issue 32)
        assert "already beside the question" in first and "(passage:" not in first
        assert app.screen.shown_passages[0] == "club-laws/intro"
        await pilot.press("question_mark")
        await pilot.pause()
        second = feedback(app)
        assert "2. Not “" in second and "32" not in second.split("2. Not")[1][:6]
        assert app.screen.attempt.hinted
        await pilot.press("s")
        await pilot.pause()
        assert "The answer: **32**" in feedback(app)


@run
async def test_the_end_screen_scores_the_lesson_and_offers_the_next():
    app = create_app(start="lessons", lesson_id="test-lesson")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        await pilot.press(key_of(screen, 2))  # right at the first try
        await settle(pilot)
        assert "✓ Right" in feedback(app)
        await pilot.press("n")
        await settle(pilot)
        await pilot.press("o")  # wrong
        await settle(pilot)
        await pilot.press("n")
        await settle(pilot)
        end = app.screen
        assert isinstance(end, LessonEndScreen)
        summary = str(end.query_one("#lesson-end-summary").render())
        assert "1 of 2 steps (50%)" in summary and "not yet answered unaided" in summary
        assert "This time" not in summary  # the sitting was the whole lesson
        labels = [
            str(end.query_one("#lesson-end-choices").get_option_at_index(i).prompt)
            for i in range(end.query_one("#lesson-end-choices").option_count)
        ]
        assert labels[0].startswith("Next lesson: ") and "A second lesson" in labels[0]
        assert any(label.startswith("Again: step 2") for label in labels)
        assert "test-lesson" in app.services.progress.lessons_done()
        await pilot.press("down", "enter")  # again: step 2
        await settle(pilot)
        assert isinstance(app.screen, LessonScreen) and app.screen.step.id == "three-trumps"
        # in other suits, and said to be (a learner review: the same hand came back)
        assert app.screen.step.suits
        assert "its suits changed" in str(app.screen.query_one("#question").render())
        await pilot.press("p")  # three trumps: play
        await settle(pilot)
        assert "✓" in feedback(app)
        await pilot.press("n")  # back to the list of steps to see again, not on
        await settle(pilot)
        end = app.screen
        assert isinstance(end, LessonEndScreen)
        # answered right since: no longer offered (a learner review), the first try kept
        choices = end.query_one("#lesson-end-choices")
        labels = [str(choices.get_option_at_index(i).prompt) for i in range(choices.option_count)]
        assert not any(label.startswith("Again:") for label in labels)
        summary = str(end.query_one("#lesson-end-summary").render())
        assert "1 of 2 steps (50%)" in summary and "since been answered right" in summary


@run
async def test_the_end_of_a_resumed_lesson_scores_the_whole_lesson():
    """Left part-way after a miss and finished later: the end screen counts every
    step, as the lesson list does, and offers the step missed before."""
    app = create_app(start="lessons", lesson_id="test-lesson")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press(key_of(app.screen, 0))  # wrong
        await settle(pilot)
        await pilot.press("s")  # the answer shown: missed
        await settle(pilot)
        await pilot.press("n")
        await settle(pilot)
        assert app.screen.step.id == "three-trumps"
        await pilot.press("escape")  # left at step 2
        await settle(pilot)
        app.screen.query_one("#lesson-list").highlighted = 0
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen.step.id == "three-trumps"
        # the strip and score carry on from before the pause (a learner review)
        title = str(app.screen.query_one("#step-title").render())
        assert "✗●" in title and "0 of 1 right" in title
        await pilot.press("p")  # right
        await settle(pilot)
        await pilot.press("n")
        await settle(pilot)
        end = app.screen
        assert isinstance(end, LessonEndScreen)
        summary = str(end.query_one("#lesson-end-summary").render())
        assert "1 of 2 steps (50%)" in summary and "This time" not in summary
        choices = end.query_one("#lesson-end-choices")
        labels = [str(choices.get_option_at_index(i).prompt) for i in range(choices.option_count)]
        assert any(label.startswith("Again: step 1") for label in labels)


@run
async def test_a_lesson_left_part_way_resumes_where_it_was_left():
    app = create_app(start="lessons", lesson_id="test-lesson")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press(key_of(app.screen, 2))
        await settle(pilot)
        await pilot.press("n")
        await settle(pilot)
        assert app.screen.step.id == "three-trumps"
        await pilot.press("escape")  # back to the list, which says where it was left
        await settle(pilot)
        assert isinstance(app.screen, LessonsScreen)
        from tutor.lessons.standing import standing

        assert (
            standing(
                app.services.curriculum().lesson("test-lesson"), app.services.progress
            ).resume_at
            == 1
        )
        app.screen.query_one("#lesson-list").highlighted = 0
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, LessonScreen) and app.screen.step.id == "three-trumps"


@run
async def test_home_shows_continue_and_when_reviews_fall_due():
    app = create_app(start="lessons", lesson_id="test-lesson")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press(key_of(app.screen, 0))  # a mistake: due for review in 4 hours
        await settle(pilot)
        await pilot.press("escape", "escape")
        await settle(pilot)
        home = app.screen
        assert isinstance(home, HomeScreen)
        text = str(home.query_one("#progress").render())
        assert "Continue “A test lesson” at step 1 of 2" in text
        assert "1 step due in 4 hours" in text
        store = app.services.progress
        store.clock = lambda: store.reviews()[0].due + timedelta(minutes=1)
        home.refresh_progress()
        assert "1 step due for review now" in str(home.query_one("#progress").render())
        await pilot.press("c")
        await settle(pilot)
        assert isinstance(app.screen, LessonScreen) and app.screen.lesson.id == "test-lesson"


@run
async def test_a_lesson_only_looked_at_does_not_take_over_continue():
    # A learner review: a lesson link followed from the texts put that lesson's
    # step 1 in Continue, over the lesson the learner was working through.
    app = create_app(start="lessons", lesson_id="test-lesson")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, LessonScreen)
        await pilot.press("escape")
        await settle(pilot)
        assert app.services.progress.places() == {}
        app.open_lesson("test-lesson")
        await settle(pilot)
        await pilot.press(key_of(app.screen, 0))  # an answer: now the place is kept
        await settle(pilot)
        assert app.services.progress.places() == {"test-lesson": app.screen.step.id}


@run
async def test_one_lesson_is_reset_after_asking_and_the_others_kept():
    app = create_app(start="lessons")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        store = app.services.progress
        store.record_answer("test-lesson", "pack", "1", False)
        store.record_attempt("test-lesson", "pack", False, 1)
        store.complete_lesson("second-lesson")
        app.screen.fill()
        app.screen.query_one("#lesson-list").highlighted = 0
        await pilot.press("r")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("down", "enter")
        await settle(pilot)
        assert store.answers("test-lesson") == [] and store.latest_attempts("test-lesson") == {}
        assert "second-lesson" in store.lessons_done()


@run
async def test_an_answered_step_is_not_met_again_as_new():
    """Leaving after the answer was shown resumes at the next step; and a step answered
    again later does not raise the first-try score."""
    app = create_app(start="lessons", lesson_id="test-lesson")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("s")  # the answer shown: not solved unaided
        await settle(pilot)
        await pilot.press("escape")
        await settle(pilot)
        app.open_lesson("test-lesson")
        await settle(pilot)
        assert app.screen.step.id == "three-trumps"
        from tutor.lessons.standing import standing

        app.screen.index = 0
        app.screen.show_step()
        await pilot.press(key_of(app.screen, 2))  # right, but after seeing the answer
        await settle(pilot)
        mine = standing(app.services.curriculum().lesson("test-lesson"), app.services.progress)
        assert mine.first_try == 0 and not mine.mastered


@run
async def test_a_second_clue_never_repeats_a_choice_tried_nor_leaves_only_the_answer():
    app = create_app(start="lessons", lesson_id="test-lesson")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press(key_of(app.screen, 0))  # "52" tried
        await settle(pilot)
        await pilot.press("question_mark", "question_mark")
        await pilot.pause()
        text = feedback(app)
        # "36", "32" and "28" left: the clue rules out one at most, never "52" again
        assert "Not “52”" not in text and "1 try left" in text
        assert text.count("Not “") <= 1


@run
async def test_the_footer_names_the_keys_for_the_options_on_the_board():
    app = create_app(start="lessons", lesson_id="test-lesson")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        count = len(screen.step.choices)
        shown = [n for n in range(1, 7) if screen.check_action("card", (0, n))]
        assert shown == [count]
        footer = " ".join(str(w.render()) for w in screen.query("FooterKey"))
        assert f"1-{count}" in footer and "1-5" not in footer.replace(f"1-{count}", "")


@run
async def test_quick_keys_over_a_played_out_step_never_end_the_app():
    # A learner review: in lesson 9, step 5, "? ? x" in quick succession redrew the
    # feedback three times (judging, verdict, the deal played out both ways); each
    # redraw cancelled the last one's scroll, and with it the Markdown's own update,
    # and the app ended with exit code 0.
    use_shipped_lesson("13-accepting.toml")
    app = create_app(start="lessons", lesson_id="accepting")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for _ in range(4):
            await pilot.press("s", "n")
            await settle(pilot)
        assert app.screen.index == 4
        for key in ("question_mark", "question_mark", "x", "a", "r"):
            await pilot.press(key)
            await pilot.pause(0.01)
        await settle(pilot)
        await pilot.pause(0.5)
        assert app.is_running and isinstance(app.screen, LessonScreen)
        assert app.screen.attempt is not None and app.screen.attempt.finished


@run
async def test_home_and_end_scroll_the_board_even_with_the_choices_focused():
    """At 80×24 a long question's verdict is below the fold; the choices' list has the
    focus and must not swallow the keys that bring it into sight."""
    use_shipped_lesson("13-accepting.toml")  # its first step: four choices, a long prompt
    app = create_app(start="lessons", lesson_id="accepting")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        await pilot.press(key_of(screen, 1))  # a wrong choice, and a retry
        await settle(pilot)
        board = screen.query_one("#lesson-board")
        assert board.max_scroll_y > 0
        await pilot.press("home")
        await settle(pilot)
        assert board.scroll_y == 0
        await pilot.press("end")
        await settle(pilot)
        assert board.scroll_y == board.max_scroll_y


@run
async def test_feedback_that_names_the_projects_reading_links_to_it():
    # A learner review: "see the readings in the texts" with nothing to follow.
    use_shipped_lesson("09-jeux-de-regle-trumps.toml")
    app = create_app(start="lessons", lesson_id="jeux-de-regle-trumps")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await skip_to(pilot, app.screen, "2e-1")
        await pilot.press("o")  # propose: the Hints play, on the project's reading of "as high as"
        await settle(pilot)
        text = feedback(app)
        assert "as the project does" in text
        assert "(passage:readings/as-high-as)" in text


@run
async def test_back_to_the_lessons_goes_to_the_list_from_a_lesson_begun_at_home():
    app = create_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, HomeScreen)
        await pilot.press("c")  # continue: the first lesson
        await settle(pilot)
        assert isinstance(app.screen, LessonScreen)
        await pilot.press(key_of(app.screen, 2))
        await settle(pilot)
        await pilot.press("n")
        await settle(pilot)
        await pilot.press("p")
        await settle(pilot)
        await pilot.press("n")
        await settle(pilot)
        assert isinstance(app.screen, LessonEndScreen)
        await pilot.press("escape")  # back to the lessons
        await settle(pilot)
        assert isinstance(app.screen, LessonsScreen)
        assert isinstance(app.screen_stack[-2], HomeScreen)


@run
async def test_weak_spots_list_the_topics_and_the_rules_missed_in_a_lesson():
    """A learner review: law questions missed did not show among the weak spots, as
    no drill topic covers them; they are listed by lesson, and Enter practises them."""
    from tutor.app.screens.weak_spots import WeakSpotsScreen

    app = create_app(start="lessons", lesson_id="test-lesson")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press(key_of(app.screen, 0))  # the law question, wrong
        await settle(pilot)
        await pilot.press("s", "n")
        await settle(pilot)
        await pilot.press("p")  # three trumps: right
        await settle(pilot)
        app.open_weak_spots()
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, WeakSpotsScreen)
        choices = screen.query_one("#weak-list")
        labels = [
            as_text(choices.get_option_at_index(i).prompt) for i in range(choices.option_count)
        ]
        assert any("Jeux de règle, category 1" in label and "100%" in label for label in labels)
        law = next(
            i for i, label in enumerate(labels) if "Rules and laws in A test lesson" in label
        )
        assert "0 of 1 right" in labels[law]
        # the step named by its own question, not by the title of the passage it cites
        assert "to practise: How many cards are in the écarté pack?" in labels[law]
        choices.highlighted = law
        await pilot.press("enter")
        await settle(pilot)
        # only the missed steps, one after another (n does not go on to steps answered right)
        assert isinstance(app.screen, LessonScreen) and app.screen.step.id == "pack"
        assert [s.id for s in app.screen.steps] == ["pack"]
        assert app.screen.title_text == "Missed in A test lesson"
        # practice asks for recall: the passage comes with the answer, not before
        assert app.screen.shown_passages == ()
        await pilot.press("s")
        await settle(pilot)
        assert app.screen.shown_passages


@run
async def test_the_step_track_shows_right_and_wrong_and_the_score():
    """A learner review: the header dots filled alike for right and wrong, and no
    score nor what is due was in sight inside a lesson."""
    app = create_app(start="lessons", lesson_id="test-lesson")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        title = str(app.screen.query_one("#step-title").render())
        assert "none answered yet" in title and "●" in title
        # how many answers the step takes is said before the first
        question = str(app.screen.query_one("#question").render())
        assert "tries before the answer is shown" in question
        await pilot.press(key_of(app.screen, 0))  # the law question, wrong
        await settle(pilot)
        await pilot.press("s")
        await settle(pilot)
        title = str(app.screen.query_one("#step-title").render())
        assert "✗" in title and "0 of 1 right at the first try" in title
        assert "Review: 1 step due in" in title
        await pilot.press("n")
        await settle(pilot)
        assert "One try: with two choices" in str(app.screen.query_one("#question").render())
        await pilot.press("p")  # three trumps: right
        await settle(pilot)
        title = str(app.screen.query_one("#step-title").render())
        assert "✗✓" in title and "1 of 2 right at the first try" in title
        # the header stays in sight however far the board is scrolled
        app.screen.query_one("#lesson-board").scroll_end(animate=False)
        await pilot.pause()
        header = app.screen.query_one("#step-title").region
        assert header.height >= 2 and 0 < header.y < app.size.height


@run
async def test_a_sound_card_not_the_hints_is_asked_again_not_counted_a_miss():
    """A learner review: ✗ beside figures that rated the card as good as the right one.
    A card that loses nothing by the computation is said to be sound, and the step asks
    for the Hints' card again without spending a try or counting a miss."""
    use_shipped_lesson("16-leads.toml")
    app = create_app(start="lessons", lesson_id="leads")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        await skip_to(pilot, screen, "two-small-trumps-1")
        index = screen.index
        order = screen.hand_order()
        await pilot.press(str(order.index(next(c for c in order if c.label == "Q♥")) + 1))
        await settle(pilot)
        shown = feedback(app)
        assert "Sound, but not the Hints' card: lead Q♥" in shown
        assert "not counted as a miss" in shown
        assert screen.attempt.tries == 0 and not screen.attempt.finished
        await pilot.press(str(order.index(next(c for c in order if c.label == "9♦")) + 1))
        await settle(pilot)
        assert "✓ Right" in feedback(app)
        assert screen.results[index] is True  # right first time: the sound card was no miss
        assert not [r for r in app.services.progress.reviews() if r.step == "two-small-trumps-1"]


@run
async def test_a_miss_answered_right_before_its_review_says_the_review_stands():
    """A learner review: practising a missed step left "due in 4 hours" unchanged and
    unexplained. Answered right before it falls due, the step says it still comes back."""
    app = create_app(start="lessons", lesson_id="test-lesson")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press(key_of(app.screen, 0), key_of(app.screen, 1))  # two misses
        await settle(pilot)
        assert "The answer" in feedback(app)
        assert "still comes back" not in feedback(app)
        app.open_lesson("test-lesson", 0)  # practised again at once
        await settle(pilot)
        await pilot.press(key_of(app.screen, 2))
        await settle(pilot)
        text = feedback(app)
        assert "✓ Right" in text and "still comes back for review in 4 hours" in text


def in_sight(board, widget, lines: int | None = None) -> bool:
    """Whether ``widget`` (its first ``lines``, or all of it) is in the board's view."""
    region = widget.virtual_region
    bottom = region.bottom if lines is None else region.y + lines
    return (
        board.scroll_y <= region.y
        and bottom <= board.scroll_y + board.scrollable_content_region.height
    )


async def retry_at_80x24(pilot, lesson_id: str, index: int):
    """Open a shipped lesson's step at 80x24 (``use_shipped_lesson`` before the app) and
    give it a wrong answer that leaves a retry."""
    app = pilot.app
    await settle(pilot)
    app.open_lesson(lesson_id, index)
    await settle(pilot)
    screen = app.screen
    step = screen.step
    wrong = next(i for i in range(len(step.choices)) if i != step.answer)
    await pilot.press(key_of(screen, wrong))
    await settle(pilot)
    await pilot.pause(0.6)  # the scroll waits for the feedback's layout
    assert "try again" in feedback(app).lower()
    return screen


@run
async def test_a_retry_keeps_the_numbered_choices_in_sight_above_the_feedback():
    """A learner review: at 80x24 the feedback to a wrong law answer scrolled the choices
    out of sight, and the learner was asked to try again by their numbers. Where the
    question, the choices and the verdict do not all fit, the question and the choices
    are kept, and the cue under the board says that the verdict is below."""
    use_shipped_lesson("13-accepting.toml")
    app = create_app(start="lessons")
    async with app.run_test(size=(80, 24)) as pilot:
        # the first step of accepting: four choices and a question seven lines long
        screen = await retry_at_80x24(pilot, "accepting", 0)
        board = screen.query_one("#lesson-board")
        assert in_sight(board, screen.query_one("#question"))
        assert in_sight(board, screen.query_one("#choices"))
        assert not in_sight(board, screen.query_one("#feedback-box"), 1)
        assert screen.query_one("#board-more").display


@run
async def test_a_retry_keeps_the_question_in_sight_with_the_choices_and_the_verdict():
    """A reviewer playing as a new learner: after a wrong answer with a retry at 80x24
    (lesson 1 step 5, lesson 2 step 11, lesson 3 step 5) the board scrolled the
    question out of sight; the learner retried by the choices alone, not seeing what
    was asked."""
    cases = [
        ("01-cards.toml", "cards", 4),
        ("02-tricks.toml", "tricks", 10),
        ("03-deal-and-king.toml", "deal-and-king", 4),
    ]
    for lesson_file, lesson_id, index in cases:
        use_shipped_lesson(lesson_file)
        app = create_app(start="lessons")
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await retry_at_80x24(pilot, lesson_id, index)
            board = screen.query_one("#lesson-board")
            verdict = screen.query_one("#feedback").children[0]
            box = screen.query_one("#feedback-box").virtual_region
            assert in_sight(board, screen.query_one("#question")), lesson_id
            assert in_sight(board, screen.query_one("#choices")), lesson_id
            assert type(verdict).__name__ == "MarkdownH3", lesson_id  # "✗ Not right: ..."
            seen = board.scroll_y + board.scrollable_content_region.height
            assert box.y + verdict.virtual_region.bottom <= seen, lesson_id


@run
async def test_a_choice_tried_is_marked_in_the_list():
    """A reviewer playing as a new learner: a choice tried already was marked nowhere,
    only a notice said so when it was picked again."""
    app = create_app(start="lessons", lesson_id="test-lesson")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        choices = screen.query_one("#choices")
        await pilot.press(key_of(screen, 0))  # "52", wrong, and a retry
        await settle(pilot)
        shown = {o.id: as_text(o.prompt) for o in choices.options}
        assert "✗" in shown["0"] and "(tried)" in shown["0"]
        assert not any("tried" in text for ident, text in shown.items() if ident != "0")
        await pilot.press(key_of(screen, 1))  # "36", wrong too
        await settle(pilot)
        shown = {o.id: as_text(o.prompt) for o in choices.options}
        assert sorted(i for i, text in shown.items() if "(tried)" in text) == ["0", "1"]
        assert f"{screen.order.index(0) + 1}. ✗ 52 (tried)" in shown["0"]


@run
async def test_a_card_tried_is_marked_in_the_hand():
    """The same for a card led: the card tried is dimmed and titled ✗ in the hand."""
    use_shipped_lesson("16-leads.toml")
    app = create_app(start="lessons", lesson_id="leads")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        order = screen.hand_order()
        wanted = expected_action(screen.step).card
        wrong = next(card for card in order if card != wanted)
        await pilot.press(str(order.index(wrong) + 1))
        await settle(pilot)
        assert screen.attempt is not None and not screen.attempt.finished
        faces = {face.card: face for face in screen.query("CardFace")}
        assert faces[wrong].has_class("-tried") and faces[wrong].border_title == "✗"
        assert not any(faces[c].has_class("-tried") for c in order if c != wrong)


@run
async def test_a_wrong_discard_keeps_the_cards_chosen_for_the_retry():
    """A learner review: after a wrong discard the chosen cards were cleared unseen, and
    pressing one more card and Enter discarded that card alone."""
    use_shipped_lesson("12-discarding.toml")
    app = create_app(start="lessons", lesson_id="discarding")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        await skip_to(pilot, screen, "trumps-and-kings-1")
        order = screen.hand_order()
        keep_queen = [str(i + 1) for i, card in enumerate(order) if card_label(card) != "Q♥"]
        for key in keep_queen:
            await pilot.press(key)
        await pilot.press("enter")
        await settle(pilot)
        assert "try again" in feedback(app).lower()
        assert {card_label(c) for c in screen.selected} == {"10♦", "9♥", "A♦", "8♥"}
        await pilot.press(str([card_label(c) for c in order].index("Q♥") + 1))
        await pilot.press("enter")
        await settle(pilot)
        assert "✓" in feedback(app)


@run
async def test_a_review_asks_the_step_again_in_other_suits():
    """A learner review: a review showed the very hand answered minutes before, and could
    be passed from memory of the deal; it comes in other suits, trumps included."""
    from tutor.lessons import load_curriculum

    use_shipped_lesson("09-jeux-de-regle-trumps.toml")
    original = load_curriculum().lesson("jeux-de-regle-trumps").step("1-1")
    app = create_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = LessonScreen(review=[original.key], variant_seed=3)
        await app.push_screen(screen)
        await settle(pilot)
        shown = screen.step
        assert shown.key == original.key
        assert shown.info.trump != original.info.trump
        facts = str(screen.query_one("#position-facts").render())
        assert f"{shown.info.trump.symbol} {shown.info.trump.noun}" in facts
        await pilot.press("p")  # three trumps: play, in whatever suits
        await settle(pilot)
        assert "✓" in feedback(app)
        assert [a.correct for a in app.services.progress.answers("jeux-de-regle-trumps")] == [True]


@run
async def test_with_nothing_due_the_review_key_practises_the_steps_due_soonest():
    """A learner review: 92 steps fell due at one moment, and v said only "Nothing is
    due"; the steps due soonest are practised early, their reviews standing."""
    app = create_app(start="lessons", lesson_id="test-lesson")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press(key_of(app.screen, 0), key_of(app.screen, 1))  # missed: due later
        await settle(pilot)
        due = [(r.lesson, r.step) for r in app.services.progress.reviews()]
        assert due == [("test-lesson", "pack")] and not app.services.progress.due_reviews()
        await pilot.press("escape")
        await settle(pilot)
        app.open_review()
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, LessonScreen) and screen.title_text == "Early practice"
        assert [s.id for s in screen.steps] == ["pack"]
        await pilot.press(key_of(screen, 2))
        await settle(pilot)
        assert "still comes back for review" in feedback(app)
        assert [(r.lesson, r.step) for r in app.services.progress.reviews()] == due


@run
async def test_right_after_a_clue_says_so_beside_the_tick():
    # A learner review: "✓ Right" under the header's ✗, the reason below the fold.
    app = create_app(start="lessons", lesson_id="test-lesson")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await settle(pilot)
        await pilot.press(key_of(app.screen, 2))
        await settle(pilot)
        assert "✓ Right" in feedback(app) and "with a clue: it comes back for review" in feedback(
            app
        )
        # the strip marks it apart from a miss (a learner review: ✗ for both)
        strip = str(app.screen.query_one("#step-title").render())
        assert "◐" in strip and "✗" not in strip


@run
async def test_the_same_note_is_not_stacked_while_it_shows():
    # A learner review: three "Already tried" toasts covered the diagnosis.
    app = create_app(start="lessons", lesson_id="test-lesson")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        for _ in range(3):
            await pilot.press(key_of(app.screen, 0))
            await settle(pilot)
        assert [n.title for n in app._notifications].count("Already tried") == 1
        # nor does it stay over the verdict of the next answer (a learner review)
        await pilot.press(key_of(app.screen, 2))
        await settle(pilot)
        assert "Already tried" not in [n.title for n in app._notifications]


@run
async def test_a_new_step_opens_with_its_table_in_sight():
    """A learner review: at 80x24 a position step opened scrolled to the hand, the
    turn-up above it out of sight."""
    use_shipped_lesson("16-leads.toml")
    app = create_app(start="lessons", lesson_id="leads")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        screen.index = (
            14  # a position whose board is taller than the screen (two tricks, the king marked)
        )
        screen.show_step()
        await settle(pilot)
        await pilot.pause(0.6)  # a scroll would wait for the layout
        board = screen.query_one("#lesson-board")
        assert board.max_scroll_y > 0 and screen.query_one("#lesson-hand").virtual_region.y > 0
        assert board.scroll_y == 0


@run
async def test_a_discard_the_laws_refuse_is_said_and_spends_no_try():
    """A learner review: the non-dealer's empty discard was judged wrong and took a try."""
    use_shipped_lesson("12-discarding.toml")
    app = create_app(start="lessons", lesson_id="discarding")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        await skip_to(pilot, screen, "trumps-and-kings-2")
        assert screen.step.info.role == "nondealer"
        await pilot.press("enter")
        await settle(pilot)
        assert screen.judgement is None and not screen.wrong_given
        messages = [n.message for n in app._notifications]
        assert any("must discard at least one card" in m for m in messages)


@run
async def test_a_discard_step_says_how_many_cards_in_words():
    """A reviewer: "Discard one to 5 cards" read as "discard one, to five cards"; a
    lesson's discard says it as the table does, "from one to five cards"."""
    use_shipped_lesson("12-discarding.toml")
    app = create_app(start="lessons", lesson_id="discarding")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        await skip_to(pilot, screen, "trumps-and-kings-2")  # the non-dealer's discard
        question = str(screen.query_one("#question").render())
        assert "Discard from one to five cards: toggle cards with 1-5, then Enter." in question


def _rows(app) -> list[str]:
    """The screen as drawn now, line by line."""
    update = app.screen._compositor.render_full_update()
    return ["".join(s.text for strip in line for s in strip) for line in update.strips]


@run
async def test_the_end_of_a_lesson_shows_nothing_of_the_lesson_around_it():
    """A learner review: finishing lesson 8 at 80x24, a stray "t?" stood at the edge of
    the end-of-lesson summary: the lesson's words cut by its edges, with the lesson's
    "more below" notice and its keys under it."""
    use_shipped_lesson("12-discarding.toml")
    app = create_app(start="lessons", lesson_id="discarding")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        while not isinstance(app.screen, LessonEndScreen):
            await pilot.press("s", "n")
            await settle(pilot)
        await pilot.pause(0.1)
        box = app.screen.query_one("#lesson-end").region
        rows = _rows(app)
        assert "Discarding" in rows[0]  # the header names the lesson
        for y, row in enumerate(rows[1:-1], 1):
            outside = row[: box.x] + row[box.right :]
            if not box.y <= y < box.bottom:
                outside = row
            assert not outside.strip(), (y, row)
        assert "more below" not in "\n".join(rows)
        assert "Back to the lessons" in rows[-1]  # its own keys, not the lesson's
        choices = app.screen.query_one("#lesson-end-choices")
        assert choices.max_scroll_y == 0  # every choice in sight
