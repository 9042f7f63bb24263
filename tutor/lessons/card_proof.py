"""The proof of a card step, and the curriculum's count of card decisions.

A ``lead`` or ``follow`` step is proved by exact play over every holding the adversary
may have (``analysis.exact_cards``): its card must be worth no less than the best legal
card, within ``VALUE_MARGIN``. The same figures are the ones the judge shows beside a
wrong card, so the proof and the feedback never disagree.

A card step is a **decision** when two of its legal cards differ in value by more than
the margin: a wrong card really costs. A step with one legal card, or with cards all
alike, is passed by the law of following, not by judgement.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from tutor.analysis.exact_cards import VALUE_MARGIN, ExactCards, exact_cards
from tutor.hints.explain import signed
from tutor.lessons.answers import expected_action
from tutor.lessons.model import Step

CARD_QUESTIONS = ("lead", "follow")


def is_card_step(step: Step) -> bool:
    return step.question in CARD_QUESTIONS and step.info is not None


def step_figures(step: Step) -> ExactCards:
    """The exact figures of a card step's position (computed once per process)."""
    assert step.info is not None
    return exact_cards(step.info)


def card_problem(step: Step) -> str | None:
    """Why the step's card is not proved (worth less than the best card by more than the
    margin), with the figures; None when it is."""
    figures = step_figures(step)
    card = expected_action(step).card
    if not figures.costs(card):
        return None
    mine, best = figures.of(card), figures.best
    return (
        f"{card.label} is worth {signed(mine.value)} points on average over every one of the"
        f" {figures.holdings:,} holdings the adversary may have (the point {mine.point:.0%},"
        f" the vole {mine.vole:.0%}), {best.card.label} {signed(best.value)} (the point"
        f" {best.point:.0%}, the vole {best.vole:.0%}): {figures.cost(card):.2f} less than the"
        f" best card, more than the margin of {VALUE_MARGIN}"
    )


@dataclass(frozen=True, slots=True)
class CardCount:
    """The card steps of some lessons, and how many of them are decisions."""

    card_steps: int
    decisions: int
    """Card steps where two legal cards differ in value by more than the margin."""
    single: int
    """Card steps with a single legal card."""

    def to_json(self) -> dict[str, int]:
        return {
            "card_steps": self.card_steps,
            "card_decisions": self.decisions,
            "single_card_steps": self.single,
        }

    def __str__(self) -> str:
        return (
            f"card steps: {self.card_steps}, of which {self.decisions} offer two or more legal"
            f" cards whose values differ by more than {VALUE_MARGIN} of a point (exact play over"
            f" every holding), {self.single} a single legal card"
        )


def count_cards(steps: Iterable[Step]) -> CardCount:
    total = decisions = single = 0
    for step in steps:
        if not is_card_step(step):
            continue
        total += 1
        figures = step_figures(step)
        decisions += figures.decides
        single += len(figures.figures) == 1
    return CardCount(total, decisions, single)
