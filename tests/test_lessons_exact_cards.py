"""The card figures count holdings that play alike once solved and as often as they stand:
the same figures as every holding solved one by one."""

from __future__ import annotations

from tutor.analysis.exact_cards import adversary_holdings, holding_classes
from tutor.engines.protocol import request_to_infoset
from tutor.engines.solver import Solver, mask_of, suit_number
from tutor.rules.infoset import InfoSet

POSITIONS = (
    {"decision": "lead", "role": "nondealer", "hand": "KS JS 9H 8H 7C", "turnup": "7D"},
    {
        "decision": "lead",
        "role": "dealer",
        "hand": "KS JS 9H 8H",
        "turnup": "7D",
        "penalty": "me",
        "king": "opponent",
        "tricks": ["QC AC"],
    },
    {
        "decision": "follow",
        "role": "nondealer",
        "hand": "KH 9H 8S",
        "turnup": "TS",
        "tricks": ["QD 7D", "7H AH"],
        "led": "TH",
    },
)


def _request(fields: dict[str, object]) -> dict[str, object]:
    """The protocol's request: cards as lists, as a client sends them."""
    out = dict(fields)
    out["hand"] = str(fields["hand"]).split()
    tricks = fields.get("tricks")
    if isinstance(tricks, list):
        out["tricks"] = [str(t).split() for t in tricks]
    return out


def _naive(info: InfoSet) -> dict[int, list[int]]:
    solver = Solver()
    mine, trump = mask_of(info.hand), suit_number(info.trump)
    counts: dict[int, list[int]] = {}
    for holding in adversary_holdings(info):
        if info.led is None:
            made = solver.lead_values(mine, holding, trump)
        else:
            made = solver.follow_values(mine, holding, info.led.index, trump)
        for c, t in made.items():
            counts.setdefault(c, [0] * 6)[t] += 1
    return counts


def _classed(info: InfoSet) -> dict[int, list[int]]:
    solver = Solver()
    mine, trump = mask_of(info.hand), suit_number(info.trump)
    counts: dict[int, list[int]] = {}
    for holding, weight in holding_classes(info):
        if info.led is None:
            made = solver.lead_values(mine, holding, trump)
        else:
            made = solver.follow_values(mine, holding, info.led.index, trump)
        for c, t in made.items():
            counts.setdefault(c, [0] * 6)[t] += weight
    return counts


def test_the_classes_stand_for_every_holding_and_give_its_trick_counts():
    for request in POSITIONS:
        info = request_to_infoset(_request(request))
        classes = holding_classes(info)
        assert sum(n for _, n in classes) == len(adversary_holdings(info))
        assert len(classes) < len(adversary_holdings(info))
        assert {h for h, _ in classes} <= set(adversary_holdings(info))
        assert _classed(info) == _naive(info), request


def _shares(info: InfoSet) -> tuple[set[str], set[int]]:
    """Each legal card's value as an explanation writes it (+1.23), and the percentages
    it may quote: the point, the vole, the vole lost (no trick)."""
    from tutor.analysis.exact_cards import exact_cards

    mine, trump = mask_of(info.hand), suit_number(info.trump)
    won, _ = info.tricks_won()
    rows: dict[int, list[int]] = {}
    total = 0
    solver = Solver()
    for holding, weight in holding_classes(info):
        total += weight
        if info.led is None:
            made = solver.lead_values(mine, holding, trump)
        else:
            made = solver.follow_values(mine, holding, info.led.index, trump)
        for c, t in made.items():
            rows.setdefault(c, [0] * 6)[won + t] += weight
    shares = set()
    for row in rows.values():
        for part in (sum(row[3:]), row[5], row[0]):
            shares.add(round(100 * part / total))
    values = {f"{f.value:+.2f}" for f in exact_cards(info).figures}
    return values, shares


def test_the_figures_an_explanation_quotes_are_the_exact_ones():
    """An explanation's "+0.84 points on average" or "wins the point 19% of the time" is
    what the judge shows for that step (a learner review: figures written when holdings
    were weighed by the adversary's likely play disagreed with the verdict beside them)."""
    import re

    from tutor.lessons import load_curriculum
    from tutor.lessons.card_proof import is_card_step

    for step in load_curriculum().steps:
        if not is_card_step(step) or step.info is None:
            continue
        values, shares = _shares(step.info)
        text = step.explanation or ""
        for figure in re.findall(r"[+-]\d+\.\d\d", text):
            assert figure in values, (step.lesson, step.id, figure, values)
        for percent in re.findall(r"(\d+)%", text):
            assert int(percent) in shares, (step.lesson, step.id, percent, shares)
