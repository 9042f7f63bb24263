"""Drills: fresh positions on a topic whose answers agree with the hints engine."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from tutor.hints import HINTS, advise
from tutor.lessons.answers import same_action
from tutor.lessons.drills import (
    NEAR_MISS,
    TOPICS,
    TWO_WAY,
    DrillError,
    Topic,
    generate,
    near_miss,
    topic,
)
from tutor.rules.actions import PROPOSE
from tutor.rules.cards import Card


def test_topic_coverage_rules():
    category_2 = Topic("c2", "c2", ("propose",), ("jeu-de-regle/2",))
    assert category_2.covers("jeu-de-regle/2a") and category_2.covers("jeu-de-regle/2e")
    assert not category_2.covers("jeu-de-regle/3a")
    exceptions = Topic("x", "x", ("accept",), ("refuse/exception-",))
    assert exceptions.covers("refuse/exception-7") and not exceptions.covers("refuse/three-queens")
    assert len({t.key for t in TOPICS}) == len(TOPICS)


@pytest.mark.parametrize("name", [t.key for t in TOPICS])
def test_drill_steps_agree_with_hints(name):
    rng = random.Random(5)
    chosen = topic(name)
    for _ in range(3):
        step = generate(chosen, rng)
        verdict = advise(step.info)
        assert same_action(step.expected, verdict.action)
        assert chosen.covers(step.hint) or NEAR_MISS in step.explanation
        assert step.hint == verdict.hint.id
        assert step.explanation and step.passages
        assert step.question in chosen.decisions


def test_drills_are_reproducible():
    a = generate("jeux-de-regle-2", random.Random(42))
    b = generate("jeux-de-regle-2", random.Random(42))
    assert a.info == b.info and a.expected == b.expected


def test_a_hint_id_is_a_topic():
    rng = random.Random(1)
    steps = [generate("refuse/exception-3", rng) for _ in range(6)]
    assert all(s.question == "accept" for s in steps)
    assert all(s.hint == "refuse/exception-3" or NEAR_MISS in s.explanation for s in steps)
    assert any(s.hint == "refuse/exception-3" for s in steps)


def test_unknown_topic():
    with pytest.raises(DrillError):
        topic("no such topic")


def test_a_drill_step_is_dealt_again_from_its_key():
    from tutor.lessons.drills import review_step

    step = generate("leads", random.Random(3))
    lesson, step_id = step.key
    assert lesson == "drill:leads"
    again = review_step(lesson, step_id)
    assert again.key == step.key and again.info == step.info
    assert same_action(again.expected, step.expected) and again.hint == step.hint
    for bad in (
        ("drill:leads", "not json"),
        ("drill:leads", "[]"),
        ("drill:nope", step_id),
        ("lesson-1", step_id),
    ):
        with pytest.raises(DrillError):
            review_step(*bad)


@pytest.mark.parametrize("name", ["jeux-de-regle-1", "refusing", "accepting", "the-score"])
def test_a_two_way_drill_cannot_be_passed_with_one_key(name):
    """Whatever one answer a learner gives every time, about half are wrong."""
    rng = random.Random(11)
    steps = [generate(name, rng) for _ in range(60)]
    for decision, answers in TWO_WAY.items():
        asked = [s for s in steps if s.question == decision]
        for answer in answers:
            right = sum(same_action(s.expected, answer) for s in asked)
            assert right <= 0.7 * len(asked), (decision, answer, right, len(asked))
    assert any(NEAR_MISS in s.explanation for s in steps)


def test_a_near_miss_is_one_card_from_the_topic_and_names_it():
    from tutor.lessons.drills import review_step

    rng = random.Random(4)
    misses = [
        s
        for s in (generate("jeux-de-regle-1", rng) for _ in range(30))
        if NEAR_MISS in s.explanation
    ]
    assert misses
    # Dealt again from the review queue, a near miss still names a card that decides it.
    again = [review_step(*s.key) for s in misses]
    for step in misses + again:
        assert NEAR_MISS in step.explanation, step.explanation
        assert same_action(step.expected, PROPOSE)
        assert not topic("jeux-de-regle-1").covers(step.hint)
        words = step.explanation.split(NEAR_MISS)[1]
        old, new = (Card.parse(x) for x in _named_cards(words))
        assert new in step.info.hand and old not in step.info.hand
        hand = tuple(old if c == new else c for c in step.info.hand)
        back = advise(replace(step.info, hand=hand))
        assert topic("jeux-de-regle-1").covers(back.hint.id)
        assert f"“{back.hint.title}”" in words


def _named_cards(text: str) -> tuple[str, str]:
    """The two cards of a near miss's sentence, from "with the X in place of the Y"."""
    from tutor.rules.cards import PACK

    by_noun = {c.noun: str(c) for c in PACK}
    first = text.split(" in place of the ")[0].split("with the ", 1)[1]
    second = text.split(" in place of the ")[1].split(",")[0]
    return by_noun[first], by_noun[second]


def test_a_near_miss_found_differs_by_one_card_and_answers_as_wanted():
    rng = random.Random(2)
    for _ in range(5):
        step = generate("jeux-de-regle-2", rng)
        for want in TWO_WAY["propose"]:
            found = near_miss(step.info, want, random.Random(0))
            if found is None:
                continue
            near, verdict, (old, new) = found
            assert same_action(verdict.action, want) and verdict == advise(near)
            assert [c for c in near.hand if c not in step.info.hand] == [new]
            assert [c for c in step.info.hand if c not in near.hand] == [old]


def test_a_drilled_card_is_chosen_from_three_at_least():
    """A learner review: a lead drill with K♠ and 8♣ left, both sure of the vole, asked
    for the Hints' card; with two cards the choice too often makes no difference."""
    rng = random.Random(7)
    for _ in range(12):
        assert len(generate("leads", rng).info.legal_actions()) >= 3


def test_a_card_figure_is_the_deals_plain_points_where_the_score_does_not_weigh_them():
    """A learner review: "+2.06 points" after a lead that makes the vole certain at 0-0."""
    from tutor.analysis.exact_cards import plain_worth, score_note

    step = generate("leads", random.Random(3))
    info = replace(step.info, score=(0, 0), penalty=None, king=None)
    assert score_note(info) == ""
    assert plain_worth(info) == [-2.0, -1.0, -1.0, 1.0, 1.0, 2.0]


def test_the_lessons_that_teach_a_topic_are_read_from_their_steps():
    """A reviewer: the drill topics did not say where each is taught. The answer comes from
    the lessons' steps (their hints), each lesson with a step that teaches the topic."""
    from tutor.lessons import load_curriculum
    from tutor.lessons.drills import teaching

    lessons = load_curriculum().lessons
    for chosen in TOPICS:
        found = teaching(chosen, lessons)
        assert found, chosen.key
        for lesson, index in found:
            hint = lesson.steps[index].hint
            assert hint is not None and chosen.covers(hint)
    assert [lesson.id for lesson, _ in teaching(topic("jeux-de-regle-3"), lessons)] == [
        "jeux-de-regle-few-trumps"
    ]
    # the step opened is one that teaches the hand's own hint, where a lesson has one
    ((lesson, index),) = teaching(topic("jeux-de-regle-3"), lessons, "jeu-de-regle/3b")
    assert lesson.steps[index].hint == "jeu-de-regle/3b"
    # a lesson without such a step does not teach it
    assert teaching(chosen, [replace(lesson, steps=[])]) == ()


OFFERED = sorted({t.key for t in TOPICS} | set(HINTS))
"""Every topic ``ecarte drill`` accepts: the list's, and every hint id."""


@pytest.mark.parametrize("name", OFFERED)
def test_every_offered_topic_deals_for_every_seed(name):
    """A topic offered deals at once, whatever the seed: the rare hints' positions are
    arranged, not hoped for (``lead/two-tricks-each``, ``lead/trump-after-three`` and
    ``project/discard-stock-short`` never dealt; ``lead/queen-two-small-trumps`` and
    ``score/point-certain-at-four`` failed for some seeds)."""
    chosen = topic(name)
    for seed in range(50):
        step = generate(chosen, random.Random(seed), max_deals=2_000)
        verdict = advise(step.info)
        assert step.hint == verdict.hint.id
        assert same_action(step.expected, verdict.action)
        assert chosen.covers(step.hint) or NEAR_MISS in step.explanation
        if step.question in ("lead", "follow") and len(step.info.legal_actions()) < 3:
            assert step.hint in ("lead/two-tricks-each", "lead/trump-after-three")


def test_a_two_card_lead_is_drilled_only_where_the_cards_differ():
    from tutor.lessons.drill_deals import choice_matters

    for seed in range(10):
        step = generate("lead/trump-after-three", random.Random(seed))
        assert len(step.info.hand) == 2 and choice_matters(step.info)
