"""A position is a value with a human-readable notation that reads back to it."""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor.rules.deal import deal_position
from tutor.rules.notation import NotationError, position_from_text, position_to_text
from tutor.rules.rulesets import make_rules


@given(
    st.integers(0, 2**32),
    st.integers(0, 60),
    st.sampled_from([make_rules(), make_rules("french", 7)]),
)
def test_every_position_round_trips(seed, steps, rules):
    rng = random.Random(seed)
    p = deal_position(rng, rng.randrange(2), (rng.randrange(5), rng.randrange(5)), rules)
    for _ in range(steps):
        if p.is_over:
            break
        p = p.apply(rng.choice(p.legal_actions()))
    text = position_to_text(p)
    assert position_from_text(text) == p
    assert "hands:" in text and "turnup:" in text


def test_positions_are_comparable_and_hashable():
    a = deal_position(random.Random(1), 0)
    b = deal_position(random.Random(1), 0)
    assert a == b and hash(a) == hash(b)
    assert a != a.apply(a.legal_actions()[0])


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda t: t.replace("turnup: ", "turnup: 6X"), "turnup"),
        (lambda t: t + "\nwinner: 0", "unknown field"),
        (
            lambda t: "\n".join(line for line in t.splitlines() if not line.startswith("stock")),
            "missing",
        ),
        (lambda t: t.replace("phase: propose", "phase: dancing"), "phase"),
    ],
)
def test_bad_notation_names_the_line_and_field(mutate, message):
    text = position_to_text(deal_position(random.Random(2), 0))
    with pytest.raises(NotationError) as err:
        position_from_text(mutate(text))
    assert message in str(err.value)
