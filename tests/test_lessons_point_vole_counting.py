"""The card steps of the lessons on the point and the vole and on counting are
decisions, proved by exact play: every holding the adversary may have is solved,
the deal valued as the card diagnosis values it, and the lesson's card is the
best (within the margin a sound card is allowed) while another legal card is
clearly worse."""

from __future__ import annotations

from itertools import combinations
from pathlib import Path

import pytest

from tutor.analysis.exact_cards import VALUE_MARGIN, plain_worth, score_note
from tutor.engines.best import trick_worth
from tutor.engines.sampling import view_of
from tutor.engines.solver import Solver, bits, mask_of, mask_of_indices, suit_number
from tutor.lessons.loader import load_lesson
from tutor.lessons.model import Step
from tutor.rules.infoset import InfoSet

LESSONS = Path(__file__).resolve().parent.parent / "lessons"
FILES = ("07-point-and-vole.toml", "08-counting.toml")


def card_steps() -> list[Step]:
    steps = []
    for name in FILES:
        lesson, faults = load_lesson(LESSONS / name)
        assert lesson is not None and not faults, faults
        steps += [s for s in lesson.steps if s.question in ("lead", "follow")]
    return steps


def exact_values(info: InfoSet) -> dict[int, float]:
    """Each legal card's value (points of the deal, as ``card_cost`` weighs them)
    averaged over every holding the adversary may have, each solved exactly."""
    view = view_of(info)
    free = bits(view.candidates & ~view.must)
    need = view.size - view.must.bit_count()
    trump, mine = suit_number(info.trump), mask_of(info.hand)
    won, _ = info.tricks_won()
    worth = trick_worth(info, 0) if score_note(info) else plain_worth(info)
    solver = Solver()
    totals: dict[int, float] = {}
    count = 0
    for combo in combinations(free, need):
        holding = view.must | mask_of_indices(combo)
        if info.led is None:
            made = solver.lead_values(mine, holding, trump)
        else:
            made = solver.follow_values(mine, holding, info.led.index, trump)
        for card, tricks in made.items():
            totals[card] = totals.get(card, 0.0) + worth[won + tricks]
        count += 1
    return {card: total / count for card, total in totals.items()}


STEPS = card_steps()


def test_the_two_lessons_hold_about_fourteen_card_steps_each():
    assert len(STEPS) >= 26


@pytest.mark.parametrize("step", STEPS, ids=lambda s: f"{s.lesson}/{s.id}")
def test_the_lessons_card_is_the_best_and_another_is_clearly_worse(step):
    info = step.info
    assert info is not None and step.expected is not None
    values = exact_values(info)
    assert len(values) >= 2
    best = max(values.values())
    assert values[step.expected.card.index] >= best - VALUE_MARGIN
    assert min(values.values()) < best - VALUE_MARGIN


@pytest.mark.parametrize("step", STEPS, ids=lambda s: f"{s.lesson}/{s.id}")
def test_a_step_without_a_hint_says_whose_principle_it_is(step):
    if step.hint is None:
        assert "project" in step.explanation
