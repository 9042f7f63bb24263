"""The lesson session without a screen: answers, clues, reveal, retries, the strip,
the place kept, review mode and a drill's tally."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from tutor.lessons import load_curriculum
from tutor.lessons.answers import expected_action
from tutor.lessons.drill_session import DrillSession
from tutor.lessons.drills import topic
from tutor.lessons.feedback import CLUE_HEADING, Kind, Words, with_note
from tutor.lessons.model import Curriculum
from tutor.lessons.session import LessonSession, Move, answer_key
from tutor.rules.actions import Action, discard
from tutor.store.progress import Progress

LESSON = """\
id = "test-lesson"
title = "A test lesson"
summary = "Three steps: a law question and two decisions."
passages = ["club-laws/intro"]

[[steps]]
id = "pack"
question = "law"
prompt = "How many cards are in the écarté pack?"
expected = 3
explanation = "The piquet pack of thirty-two cards."
passages = ["club-laws/intro"]

[[steps.choices]]
text = "52"
why = "Fifty-two is the whole pack; écarté throws out the twos to the sixes."

[[steps.choices]]
text = "36"
why = "Thirty-six would keep the sixes, which the piquet pack does not."

[[steps.choices]]
text = "32"

[[steps.choices]]
text = "28"
why = "Twenty-eight would throw out the sevens too; the piquet pack keeps them."

[[steps]]
id = "three-trumps"
question = "propose"
prompt = "Three trumps and a king: play or propose?"
expected = "play"
hint = "jeu-de-regle/1"
explanation = "Three trumps make a hand to play without proposing."
passages = ["britannica-9/play"]

[steps.position]
role = "nondealer"
hand = "JH 8H 7H KS 8C"
turnup = "9H"

[[steps]]
id = "king"
question = "mark_king"
expected = "mark"
hint = "king/announce"
explanation = "Announce the king as you play your first card."
passages = ["britannica-9/king"]

[steps.position]
role = "nondealer"
hand = "KH 8H 7S KS 8C"
turnup = "9H"
"""

WORDS = Words(
    action=lambda action, info: str(action),
    when=lambda delta: f"in {int(delta.total_seconds())} seconds",
    links=lambda title, ids, names: f"**{title}** " + " ".join(ids),
    literal=str,
)


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2025, 1, 1, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


@pytest.fixture
def course(tmp_path: Path) -> Curriculum:
    folder = tmp_path / "lessons"
    folder.mkdir()
    (folder / "01-test.toml").write_text(LESSON, encoding="utf-8")
    return load_curriculum([folder])


@pytest.fixture
def store(tmp_path: Path):
    with Progress(tmp_path / "progress.sqlite3", clock=Clock()) as progress:
        yield progress


def session_of(course: Curriculum, store: Progress, asked: int | None = None) -> LessonSession:
    session = LessonSession.of_lesson(course, "test-lesson", store, WORDS)
    session.begin(asked)
    return session


def wrong_choice(session: LessonSession) -> int:
    return next(i for i in session.order if i != session.step.answer)


def test_a_right_answer_at_the_first_try_is_a_tick_and_moves_the_place(course, store):
    session = session_of(course, store)
    assert session.step.id == "pack" and session.kinds() == {"choice"}
    shown = session.answer(2)
    assert shown.kind is Kind.RIGHT and shown.finished
    assert shown.parts[0] == "### ✓ Right: “32”" and shown.parts[-1].startswith("*Press n")
    assert session.results == {0: True} and session.kinds() == set()
    assert [m for m, _ in session.marks()] == ["✓", "○", "○"]
    assert session.score_text() == "1 of 1 right at the first try"
    assert store.places() == {"test-lesson": "three-trumps"}
    assert not store.reviews()


def test_a_wrong_answer_is_diagnosed_and_may_be_tried_again(course, store):
    session = session_of(course, store)
    wrong = wrong_choice(session)
    shown = session.answer(wrong)
    assert shown.kind is Kind.WRONG and not shown.finished
    assert shown.parts[0].startswith("### ✗ Not right: “")
    assert "Try again: 1 try left" in shown.parts[-1]
    assert session.tried_choices() == {wrong} and session.wrong_given == {wrong}
    # the same wrong answer again is said, not judged, and takes no try
    again = session.answer(wrong)
    assert again.kind is Kind.REPEATED and "the answer you gave already" in again.notice
    assert session.attempt is not None and session.attempt.tries == 1
    right = session.answer(2)
    assert right.kind is Kind.RIGHT and "not at the first try" in right.parts[0]
    assert session.results == {0: False} and session.helped == {0}
    assert session.marks()[0] == ("◐", "yellow")
    assert [r.step for r in store.reviews()] == ["pack"]


def test_wrong_answers_up_to_the_last_try_show_the_answer(course, store):
    session = session_of(course, store)
    wrongs = [i for i in session.order if i != session.step.answer]
    assert session.attempt is not None and session.attempt.max_tries == 2
    session.answer(wrongs[0])
    shown = session.answer(wrongs[1])
    assert shown.kind is Kind.MISSED and shown.finished
    assert "### The answer: **32**" in shown.parts
    assert session.marks()[0] == ("✗", "red") and session.helped == set()


def test_a_two_way_question_shows_the_answer_after_one_wrong_one(course, store):
    session = session_of(course, store, asked=1)
    assert session.tries_note() == " One try: with two choices, a wrong one shows the answer."
    shown = session.answer(Action("propose"))
    assert shown.kind is Kind.MISSED
    assert session.results == {1: False}


def test_clues_come_in_stages_and_the_step_is_then_not_unaided(course, store):
    session = session_of(course, store, asked=1)
    first = session.clue()
    assert first.kind is Kind.CLUE and first.parts[0] == CLUE_HEADING
    assert first.parts[1].startswith("1. ") and session.clue_stage == 1
    assert first.parts[2] == "*Press ? again for a closer clue.*"
    second = session.clue()
    assert [p[:3] for p in second.parts[1:3]] == ["1. ", "2. "]
    assert "No further clue" in second.parts[3]
    assert session.attempt is not None and session.attempt.hinted
    shown = session.answer(Action("play"))
    assert shown.kind is Kind.RIGHT and "with a clue" in shown.parts[0]
    assert session.marks()[1] == ("◐", "yellow")


def test_a_clue_sends_the_learner_to_a_passage_shown_first_with_its_list(course, store):
    from tutor.texts import load_library

    session = LessonSession.of_lesson(course, "test-lesson", store, WORDS, load_library())
    session.begin(1)
    assert session.passages_now() == ("club-laws/intro",)
    shown = session.clue()
    family = "britannica-9/hints/jeux-de-regle"
    assert f"(passage:{family})”, now beside the question." in shown.parts[1]
    assert session.clue_passage == family
    beside = session.passages_now()
    assert beside[0] == family and f"{family}/1" in beside and beside[-1] == "club-laws/intro"


def test_a_sound_card_not_the_hints_is_asked_again_not_a_try(store):
    """Moved from the lessons' Pilot test of the same name: its logic, without a screen."""
    session = LessonSession.of_lesson(load_curriculum(), "leads", store, WORDS)
    session.begin([s.id for s in session.steps].index("two-small-trumps-1"))
    by_label = {c.label: c for c in session.hand_order()}
    shown = session.answer(Action("lead", (by_label["Q♥"],)))
    assert shown.kind is Kind.SOUND and "not counted as a miss" in shown.parts[-1]
    assert shown.parts[0].startswith("### ≈ Sound, but not the Hints' card: ")
    assert session.attempt is not None and session.attempt.tries == 0
    assert session.answer(Action("lead", (by_label["9♦"],))).kind is Kind.RIGHT
    assert session.results[session.index] is True
    assert not [r for r in store.reviews() if r.step == "two-small-trumps-1"]


def test_reveal_ends_the_step_as_a_miss_and_next_moves_on(course, store):
    session = session_of(course, store)
    assert session.next() is Move.STAY
    shown = session.reveal()
    assert shown.kind is Kind.ANSWER and shown.parts[0] == "### The answer: **32**"
    assert session.reveal().kind is Kind.NONE and session.clue().kind is Kind.NONE
    assert session.results == {0: False}
    assert session.next() is Move.STEP and session.index == 1 and not session.finished


def test_the_end_completes_the_lesson_and_a_step_seen_again_keeps_the_pass(course, store):
    session = session_of(course, store, asked=2)
    session.answer(Action("mark"))
    assert session.next() is Move.END
    session.finish()
    assert "test-lesson" in store.lessons_done() and store.places() == {}
    session.revisit(2)
    assert session.revisiting and session.step.id == "king" and session.step.suits
    session.reveal()
    assert session.results == {2: True}  # only a step's first finish counts in the pass
    assert session.next() is Move.END and store.places() == {}


def test_the_lesson_resumes_where_it_was_left_with_its_strip(course, store):
    session = session_of(course, store)
    session.answer(wrong_choice(session))
    session.answer(2)
    again = session_of(course, store)
    assert again.index == 1 and again.step.id == "three-trumps"
    assert again.results == {0: False} and again.helped == {0}
    assert [m for m, _ in again.marks()] == ["◐", "●", "○"]


def test_review_mode_keeps_the_passage_back_until_an_answer(course, store):
    session = LessonSession.of_review(
        course, [("test-lesson", "three-trumps"), ("test-lesson", "gone")], "Review", store, WORDS
    )
    session.begin(0)
    assert [s.id for s in session.steps] == ["three-trumps"]
    assert session.passages_now() == ()
    session.answer(expected_action(session.step))
    assert session.passages_now() == ("britannica-9/play",)
    assert store.places() == {}  # a review moves no lesson's place


def test_feedback_notes_go_before_the_closing_line():
    assert with_note(["a", "*Press n for the next step.*"], "b") == [
        "a",
        "b",
        "*Press n for the next step.*",
    ]
    assert with_note(("a",), "b") == ["a", "b"]


def test_a_discard_is_the_same_answer_in_any_order(course):
    step = course.lessons[0].steps[1]
    assert step.info is not None
    cards = step.info.hand[:2]
    assert answer_key(discard(*cards)) == answer_key(discard(*reversed(cards)))


def test_a_drill_deals_a_position_and_keeps_a_tally(store):
    drill = DrillSession.of_topic(topic("jeux-de-regle-2"), store, WORDS, seed=7)
    drill.ask(drill.deal())
    assert drill.dealt == 1 and drill.step.lesson == "drill:jeux-de-regle-2"
    assert not drill.passages_open()
    drill.reveal()
    assert drill.count() and not drill.count()
    assert (drill.answered, drill.right_first_time) == (1, 0)
    assert drill.next() is Move.DEAL and drill.passages_open()
