"""Drills: fresh positions on a topic whose answers agree with the hints engine."""

from __future__ import annotations

import random

import pytest

from tutor.hints import advise
from tutor.lessons.answers import same_action
from tutor.lessons.drills import TOPICS, DrillError, Topic, generate, topic


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
        assert chosen.covers(step.hint)
        assert step.hint == verdict.hint.id
        assert step.explanation and step.passages
        assert step.question in chosen.decisions


def test_drills_are_reproducible():
    a = generate("jeux-de-regle-2", random.Random(42))
    b = generate("jeux-de-regle-2", random.Random(42))
    assert a.info == b.info and a.expected == b.expected


def test_a_hint_id_is_a_topic():
    step = generate("refuse/exception-3", random.Random(1))
    assert step.hint == "refuse/exception-3" and step.question == "accept"


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
