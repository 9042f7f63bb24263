"""The study's figures beside a step: named for the kind of hand they measure, and told
against the step's answer."""

from __future__ import annotations

from tutor.lessons import load_curriculum
from tutor.lessons.figures import ALL_SUCH, finding


def test_a_figure_names_the_kind_of_hand_it_was_measured_over():
    """A learner review: "94 times in 100" on two different hands (one with the king
    turned up against it) read as this hand's chance, and "about as good here"."""
    course = load_curriculum()
    shown = [(step, finding(step).text) for step in course.steps]
    shown = [(step, text) for step, text in shown if text]
    assert len(shown) >= 10
    for step, text in shown:
        if "times in 100" in text:  # a figure quoted (not "those figures do not speak to it")
            assert ALL_SUCH in text, step.id
        assert " here" not in text.split("(The project's computation")[0], step.id
    three = course.lesson("jeux-de-regle-trumps").step("1-1")
    assert finding(three).text.startswith("Hands of jeu de règle 1 (three trumps), played without")
    exception = course.lesson("refusing").step("exception-2-queen")
    assert (
        "hands of refusing, exception 2 (one trump and a tierce major, or similar hands weaker)"
        in finding(exception).text
    )


def test_figures_that_find_both_answers_alike_say_so_and_mark_the_judgement():
    """A learner review: "✗ Not right" beside "about as good: 0.00 of a point a deal"."""
    from tutor.lessons.judge import judge
    from tutor.rules.actions import Action

    course = load_curriculum()
    three = course.lesson("jeux-de-regle-trumps").step("1-1")
    found = finding(three)
    assert found.even and "about as good" in found.text
    wrong = judge(three, Action.parse("propose"))
    assert not wrong.correct and wrong.figures_even
    agreed = [s for s in course.steps if finding(s).text and not finding(s).even]
    assert agreed and all("about as good" not in finding(s).text for s in agreed)
