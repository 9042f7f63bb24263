"""Issue 36: the readings made silently, now written down and cited; the study's
exception rows, intervals and small rows; the slips."""

from __future__ import annotations

import json

import pytest

from tutor.analysis.study_notes import notes_for_passage
from tutor.engines.hints_engine import HintsEngine
from tutor.engines.protocol import _answer
from tutor.hints import advise
from tutor.hints.accepting import excepted
from tutor.hints.score import set_aside_at_four
from tutor.lessons import load_curriculum
from tutor.lessons.figures import finding
from tutor.rules.actions import ACCEPT, PROPOSE, REFUSE
from tutor.rules.cards import card, parse_cards
from tutor.rules.infoset import InfoSet
from tutor.texts.library import load_library

PROBES = [
    # exception 6 before exception 4: one trump, two queens, the queen of hearts unguarded
    (
        {
            "decision": "accept",
            "role": "dealer",
            "hand": ["7S", "QD", "TD", "KC", "QH"],
            "turnup": "AS",
        },
        "refuse",
        "readings/king-queen-first",
    ),
    # exception 7 before the three queens
    (
        {
            "decision": "accept",
            "role": "dealer",
            "hand": ["QS", "JS", "8S", "QD", "QC"],
            "turnup": "7H",
        },
        "refuse",
        "readings/four-courts-first",
    ),
    # the adverse four for the dealer, without protection in three suits
    (
        {
            "decision": "accept",
            "role": "dealer",
            "hand": ["9H", "QS", "9S", "8D", "7D"],
            "turnup": "7H",
            "score": [0, 4],
        },
        "refuse",
        "readings/adverse-four-dealer",
    ),
    # "of different suits" setting the score rule aside
    (
        {
            "decision": "propose",
            "role": "nondealer",
            "hand": ["9H", "7S", "8S", "8D", "7C"],
            "turnup": "7H",
            "score": [4, 4],
        },
        "propose",
        "readings/different-suits",
    ),
    # the dealer's refusal when the non-dealer is at four (lesson the-score, step 7)
    (
        {
            "decision": "accept",
            "role": "dealer",
            "hand": ["TC", "AC", "KH", "AD", "9D"],
            "turnup": "JC",
            "score": [4, 4],
        },
        "refuse",
        "readings/adversary-at-four",
    ),
]


@pytest.mark.parametrize(("request_", "action", "reading"), PROBES)
def test_each_probe_is_answered_with_its_reading(request_, action, reading):
    answer = _answer(HintsEngine(), json.dumps(request_))
    assert answer["action"] == action
    assert reading in answer["sources"]
    assert "as the project does" in answer["reason"]


@pytest.mark.parametrize("reading", sorted({r for _, _, r in PROBES} | {"readings/moderate-cards"}))
def test_each_reading_is_written_down_as_the_project_s(reading):
    text = " ".join(load_library().passage(reading).plain_text().lower().split())
    assert "the project's reading, not the source's words" in text
    assert "the strongest case against" in text


def test_different_suits_says_when_it_sets_the_score_rule_aside():
    spread = InfoSet(
        decision="propose",
        role="nondealer",
        hand=parse_cards("9H 7S 8S 8D 7C"),
        turnup=card("7H"),
        score=(4, 4),
    )
    assert set_aside_at_four(spread)
    said = advise(spread)
    assert said.action == PROPOSE and said.explanation.startswith("At the adverse score of four")
    # two plain suits only: the score rule holds, on the same reading
    two_suits = InfoSet(
        decision="propose",
        role="nondealer",
        hand=parse_cards("9H 7S 8S 8D 7D"),
        turnup=card("7H"),
        score=(4, 4),
    )
    assert set_aside_at_four(two_suits) is None
    held = advise(two_suits)
    assert held.hint.id == "score/adverse-four" and "readings/different-suits" in held.readings
    # larger plain cards: the reading did not decide, and is not named
    big = InfoSet(
        decision="propose",
        role="nondealer",
        hand=parse_cards("9H KS 8S 8D 7C"),
        turnup=card("7H"),
        score=(4, 4),
    )
    assert "readings/different-suits" not in advise(big).readings


def test_a_small_trump_among_small_cards_is_not_moderate():
    """At four to three the dealer accepts with the eight of trumps and four small
    cards (the best engine prefers it by 1.55 points); a court card is moderate."""
    small = InfoSet(
        decision="accept",
        role="dealer",
        hand=parse_cards("8H 9S 7S 8D 7C"),
        turnup=card("7H"),
        score=(4, 3),
    )
    assert advise(small).action == ACCEPT
    knave = InfoSet(
        decision="accept",
        role="dealer",
        hand=parse_cards("7D 9C 8S TH JH"),
        turnup=card("9H"),
        score=(4, 3),
    )
    v = advise(knave)
    assert (v.hint.id, v.action) == ("score/three-against-four", REFUSE)


def test_exception_4_without_the_second_reading_needs_none():
    two_queens = InfoSet(
        decision="accept", role="dealer", hand=parse_cards("7S QD TD 9C QH"), turnup=card("AS")
    )
    v = advise(two_queens)
    assert v.hint.id == "refuse/exception-4" and "readings/king-queen-first" not in v.readings


# --- the exception rows restricted to the hands they except ----------------------


@pytest.mark.parametrize(
    ("hand", "turnup", "expected"),
    [
        ("KH QH 9H 7H QC", "9C", True),  # exception 3, jeu de règle 3b: refused but for it
        ("QC KS QS TH 8S", "AC", False),  # exception 2 matches; no jeu de règle
        ("7S QD TD KC QH", "QS", False),  # exception 6; no jeu de règle
        ("AS KH QH JH 7C", "8S", True),  # exception 2, tierce major: jeu de règle 3a
    ],
)
def test_an_exception_excepts_only_jeux_de_regle_otherwise_refused(hand, turnup, expected):
    info = InfoSet(decision="accept", role="dealer", hand=parse_cards(hand), turnup=card(turnup))
    assert excepted(info) is expected


def test_lesson_steps_quote_an_exception_s_figures_only_for_hands_it_excepts():
    course = load_curriculum()
    refusing = course.lesson("refusing")
    weaker = finding(refusing.step("exception-2-1")).text
    assert "do not speak to it" in weaker and "times in 100" not in weaker
    four = finding(refusing.step("exception-3-2")).text
    assert "times in 100" in four and "jeux de règle the dealer would otherwise refuse" in four


def test_the_figure_note_says_love_all_and_the_rule_of_thumb():
    step = load_curriculum().lesson("refusing").step("exception-3-2")
    text = finding(step).text
    assert "love-all" in text and "rule of thumb" in text


def test_the_two_card_rule_step_quotes_jeu_de_regle_5_as_it_teaches():
    step = load_curriculum().lesson("accepting").step("two-card-rule-no-trump-king")
    assert "jeu de règle 5" in finding(step).text


def test_small_rows_are_not_read_and_differences_say_what_their_interval_says():
    study = {
        "deals": 20_000,
        "seed": 1,
        "double_dummy_method": "x",
        "min_hands": 100,
        "refusal_exceptions": {
            "6": {
                "hands": 24,
                "won_point": 0.6,
                "won_point_95": [0.4, 0.8],
                "refuse": 0.1,
                "accept": 0.2,
                "refuse_minus_accept": -0.1,
                "refuse_minus_accept_95": [-0.6, 0.4],
            },
            "6+": {
                "hands": 400,
                "won_point": 0.6,
                "won_point_95": [0.55, 0.65],
                "refuse": 0.3,
                "accept": 0.2,
                "refuse_minus_accept": 0.1,
                "refuse_minus_accept_95": [-0.05, 0.25],
            },
        },
    }
    weak, saved, _method = notes_for_passage("britannica-9/hints/refusing/6", study)
    assert "too few to read" in weak and "-0.10" not in weak
    assert "no difference shown" in saved and "95% interval" in saved


# --- the slips ----------------------------------------------------------------------


def test_the_french_may_refrain_from_declaring():
    from pathlib import Path

    text = (Path(__file__).parents[1] / "texts" / "french.md").read_text(encoding="utf-8")
    assert "one may refrain from declaring" in text
    assert "one may not declare" not in text


def test_the_score_lesson_s_moderate_step_is_not_moot():
    """The dealer at four does not hold the king of trumps: his answer matters."""
    step = load_curriculum().lesson("the-score").step("three-against-four-2")
    assert step.info is not None and step.info.trump_king not in step.info.hand
    assert step.info.turnup != step.info.trump_king


def test_the_readings_are_cited_by_the_lesson_steps_they_decide():
    course = load_curriculum()
    for lesson, step_id, reading in (
        ("refusing", "exception-6-1", "readings/king-queen-first"),
        ("the-score", "dealer-refusal-at-four-1", "readings/adversary-at-four"),
        ("the-score", "dealer-refusal-at-four-2", "readings/adversary-at-four"),
    ):
        step = course.lesson(lesson).step(step_id)
        assert step.info is not None and reading in advise(step.info).readings
        assert reading in step.passages and "the project" in step.explanation.lower()


def test_an_exception_that_excepts_nothing_says_so_beside_its_passage():
    study = {
        "deals": 1000,
        "seed": 1,
        "double_dummy_method": "x",
        "refusal_exceptions": {
            "4": {"hands": 0, "pattern_hands": 30},
            "4+": {"hands": 0, "pattern_hands": 12},
        },
    }
    notes = notes_for_passage("britannica-9/hints/refusing/4", study)
    assert "Of the 42 hands" in notes[0] and "changes no answer" in notes[0]
