"""Hostile input to `ecarte advise`: every bad request gets an error naming its field,
never an "internal error", and never an answer to a position that cannot exist."""

import io
import json
import re

import pytest

from tutor.engines.protocol import RequestError, parse_request, serve
from tutor.engines.random_engine import RandomEngine

BASE = {
    "decision": "lead",
    "role": "nondealer",
    "hand": ["KS", "QS", "7H", "8D", "9C"],
    "turnup": "TS",
}


def answers(lines: list[str]) -> list[dict]:
    out = io.StringIO()
    serve(RandomEngine(0), lines, out)
    return [json.loads(line) for line in out.getvalue().splitlines()]


def request(**fields) -> str:
    return json.dumps({**BASE, **fields})


@pytest.mark.parametrize(
    "line",
    [
        "[" * 40_000 + "]" * 40_000,
        '{"a":' * 5_000 + "1" + "}" * 5_000,
    ],
    ids=["deep-array", "deep-object"],
)
def test_unreadable_json_is_a_request_error_not_an_internal_error(line):
    (answer,) = answers([line])
    assert answer["error"].startswith("not JSON")
    assert "internal" not in answer["error"]


@pytest.mark.parametrize("digits", [5_000, 90_000])
def test_a_huge_integer_is_refused_by_its_field(digits):
    """A tester's review: 5,000 digits brought Python's own message ("use
    sys.set_int_max_str_digits() ..."), which named no field."""
    line = request(game=5).replace('"game": 5', '"game": 1' + "0" * (digits - 1))
    (answer,) = answers([line])
    assert (
        answer["error"].startswith("game: ") and f"a number of {digits:,} digits" in answer["error"]
    )
    assert "sys." not in answer["error"]
    (answer,) = answers([request(score=[0, 0]).replace("[0, 0]", "[0, 1" + "0" * digits + "]")])
    assert answer["error"].startswith("score: ")


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"game": 10**30}, "game:"),
        ({"game": 1000}, "game:"),
        ({"score": [7, 9]}, "score:"),
        ({"discards": ["KS"]}, "discards:"),
        ({"discards": ["TS"]}, "discards:"),
        ({"discards": ["AH"]}, "discards:"),  # no exchange: nothing can have been discarded
        ({"decision": "discard", "exchanges": [[0, 0]]}, "exchanges[0]:"),
        ({"decision": "discard", "exchanges": [[6, 0]]}, "exchanges[0]:"),
        ({"decision": "mark_king", "led": "AH"}, "led:"),  # the non-dealer marks before leading
        (
            {"decision": "mark_king", "hand": ["KS", "7H", "8D", "9C"], "tricks": [["QS", "JS"]]},
            "tricks:",
        ),
        ({"hand": ["K" * 100_000, "QS", "7H", "8D", "9C"]}, "hand[0]:"),
    ],
)
def test_inconsistent_or_out_of_range_requests_name_the_field(fields, field):
    with pytest.raises(RequestError, match="^" + re.escape(field)):
        parse_request(request(**fields))


@pytest.mark.parametrize(
    "fields",
    [
        {"role": "dealer"},  # the non-dealer leads the first trick
        {
            "decision": "follow",
            "led": "KH",
            "hand": ["QS", "7H", "8D", "9C"],
            "tricks": [["KS", "JS"]],
        },  # by the tricks, the lead would be mine
    ],
)
def test_a_decision_at_odds_with_the_order_of_the_tricks_is_still_answered(fields):
    """The decision says what is asked; a slip in how the tricks were written
    should not cost an answer, and any answer to it can be legal."""
    (answer,) = answers([request(**fields)])
    assert "error" not in answer and answer["action"] in ("lead", "follow")


def test_the_dealers_mark_king_without_led_is_still_answered():
    """The protocol gives the dealer's mark_king the card led; leaving it out is
    lenient input, not an error: marking does not depend on it."""
    info = parse_request(request(decision="mark_king", role="dealer"))
    assert info.led is None and info.role == "dealer"


def test_a_long_card_is_not_echoed_in_full():
    (answer,) = answers([request(hand=["K" * 100_000, "QS", "7H", "8D", "9C"])])
    assert len(answer["error"]) < 200


def test_the_largest_game_is_answered():
    from tutor.engines.best import BestEngine

    out = io.StringIO()
    serve(BestEngine(seed=1), [request(game=99), request(game=99, score=[98, 0])], out)
    for line in out.getvalue().splitlines():
        assert "action" in json.loads(line), line


def test_consistent_discards_and_exchanges_are_still_accepted():
    info = parse_request(
        json.dumps(
            {
                "decision": "discard",
                "role": "dealer",
                "hand": ["KS", "QS", "7H", "8D", "9C"],
                "turnup": "TS",
                "exchanges": [[2, 1], [3, 0]],
                "discards": ["AH"],
            }
        )
    )
    assert [str(c) for c in info.discards] == ["AH"]


@pytest.mark.parametrize(
    ("fields", "said"),
    [
        ({"game": True}, "got true"),
        ({"turnup": None}, "got null"),
        ({"score": [float("inf"), 0]}, "got [Infinity, 0]"),
        ({"score": [float("nan"), 0]}, "got [NaN, 0]"),
    ],
)
def test_a_bad_value_is_quoted_as_json_spells_it(fields, said):
    """A tester's review: "got True", "got None", "got [inf, 0]" for values sent as JSON."""
    (answer,) = answers([request(**fields)])
    assert said in answer["error"], answer


def test_a_line_too_long_is_an_error_and_the_next_is_answered():
    """A tester's review: 300 MB without a newline was held whole, three times over."""
    from tutor.engines.protocol import MAX_LINE

    good = request()
    data = b" " * (3 * MAX_LINE) + b"\n" + good.encode() + b"\n" + b"{" * (MAX_LINE + 5)
    stdin = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")
    out = io.StringIO()
    serve(RandomEngine(seed=1), stdin, out)
    said = [json.loads(line) for line in out.getvalue().splitlines()]
    assert said[0] == {"error": f"line 1 is longer than {MAX_LINE:,} characters"}
    assert "action" in said[1], said[1]
    assert said[2] == {"error": f"line 3 is longer than {MAX_LINE:,} characters"}
    assert len(said) == 3
