"""`ecarte advise` under attack (issue 12, items 4, 11 and 13): a position that cannot
arise gets an error naming its field, never an answer and never a hang; a line that is
not UTF-8 is one bad line, not the end of the session; an error quotes a field, never
echoes it whole. And every position a real deal reaches is still answered."""

import io
import json
import os
import random
import re
import subprocess
import sys
import threading

import pytest

from tutor.engines.base import Advice
from tutor.engines.best import BestEngine
from tutor.engines.policy import Rollout
from tutor.engines.protocol import (
    ERROR_LIMIT,
    RequestError,
    infoset_to_request,
    parse_request,
    serve,
)
from tutor.engines.random_engine import RandomEngine
from tutor.engines.reference2 import Reference2Engine
from tutor.engines.solver import Solver
from tutor.rules.cards import PACK, Card
from tutor.rules.deal import deal_position
from tutor.rules.infoset import InfoSet, infoset_of
from tutor.rules.rulesets import ENGLISH, FRENCH, make_rules

ISSUE_4 = {
    "decision": "propose",
    "role": "nondealer",
    "hand": ["KC", "AC", "AS", "QC", "7H"],
    "turnup": "9D",
    "exchanges": [[5, 5], [5, 5], [1, 0]],
}
"""The request of item 4, as written: the stock is empty (5+5+5+5+1 = 21)."""


def answers(lines, engine=None) -> list[dict]:
    out = io.StringIO()
    serve(engine or RandomEngine(0), lines, out)
    return [json.loads(line) for line in out.getvalue().splitlines()]


def parse_error(line: str) -> str:
    """The message ``parse_request`` refuses ``line`` with."""
    with pytest.raises(RequestError) as caught:
        parse_request(line)
    return str(caught.value)


def finishes(work, *args):
    """Run ``work`` in a thread; the result, or a failure if it never returns (a hang
    guard of minutes, not a measure of speed)."""
    box = []
    thread = threading.Thread(target=lambda: box.append(work(*args)), daemon=True)
    thread.start()
    thread.join(300)
    assert box, f"{work.__name__} did not return"
    return box[0]


# --- item 4: an empty stock ------------------------------------------------------


@pytest.mark.parametrize("decision", ["propose", "accept"])
def test_issue_4_the_best_engine_refuses_an_empty_stock_with_an_error(decision):
    request = {
        **ISSUE_4,
        "decision": decision,
        "role": "nondealer" if decision == "propose" else "dealer",
    }
    (answer,) = finishes(answers, [json.dumps(request)], BestEngine(seed=1, scale=0.05))
    assert set(answer) == {"error"}
    assert answer["error"].startswith("exchanges: the stock is empty")


def _impossible(decision: str, role: str) -> InfoSet:
    """The request of item 4 as an InfoSet built directly, past the validator."""
    return InfoSet(
        decision=decision,
        role=role,
        hand=tuple(Card.parse(c) for c in ISSUE_4["hand"]),
        turnup=Card.parse("9D"),
        exchanges=((5, 5), (5, 5), (1, 0)),
    )


@pytest.mark.parametrize(
    ("decision", "role"), [("propose", "nondealer"), ("accept", "dealer"), ("discard", "dealer")]
)
@pytest.mark.parametrize(
    "engine", [BestEngine(seed=1, scale=0.05), Reference2Engine(seed=1)], ids=["best", "reference2"]
)
def test_the_play_out_loops_end_whatever_they_are_given(decision, role, engine):
    advice = finishes(engine.advise, _impossible(decision, role))
    assert isinstance(advice, Advice)


@pytest.mark.parametrize("stage", ["propose", "accept", "discard_nd", "discard_d"])
@pytest.mark.parametrize("forced", [None, ("propose", 0), ("accept", 0), ("discard", 0b11111)])
def test_a_rollout_on_an_empty_or_short_stock_ends(stage, forced):
    """Two weak hands (no trump, no court card): the policy proposes and accepts
    for as long as it is let, so only the stock can end the exchanges."""
    small = [8 * suit + rank for suit in (1, 2, 3) for rank in range(5)]
    nd, d = sum(1 << c for c in small[:5]), sum(1 << c for c in small[5:10])
    pack = [c for c in range(32) if c not in small[:10]]
    for stock in ([], pack[:1], pack[:3]):
        king, tricks, _ = finishes(Rollout(Solver(), 0).run, nd, d, stock, stage, 2, None, forced)
        assert 0 <= tricks <= 5 and king in (0, 1, None)


# --- item 13: positions that cannot arise ------------------------------------------

LEAD = {
    "decision": "lead",
    "role": "nondealer",
    "hand": ["KS", "QS", "7H", "8D", "9C"],
    "turnup": "TS",
    "penalty": "me",
}
DEALER_FOLLOW = {
    "decision": "follow",
    "role": "dealer",
    "hand": ["QH", "7S", "8D", "9C", "JD"],
    "turnup": "TD",
    "led": "KC",
    "penalty": "opponent",
}


def _last_card_to_the_non_dealer():
    """A non-dealer's view where his opponent (the dealer) took no card in four exchanges
    and the stock ran out: the only cards unseen are the dealer's five."""
    his = ["KH", "7C", "8C", "9C", "TC"]
    mine_played, hand = "QH", ["KD", "QD", "JD", "AD"]
    turnup = "9D"
    used = {*his, mine_played, *hand, turnup}
    discards = [str(c) for c in PACK if str(c) not in used]
    assert len(discards) == 21
    return {
        "decision": "lead",
        "role": "nondealer",
        "hand": hand,
        "turnup": turnup,
        "exchanges": [[5, 0], [5, 0], [5, 0], [5, 0], [1, 0]],
        "discards": discards,
        "tricks": [[mine_played, "7C"]],  # he did not follow hearts: yet KH is his
    }


IMPOSSIBLE = {
    # the stock (club-laws/38)
    "propose-empty-stock": (ISSUE_4, "exchanges:"),
    "accept-empty-stock": ({**ISSUE_4, "decision": "accept", "role": "dealer"}, "exchanges:"),
    "dealer-discard-empty-stock": (
        {**ISSUE_4, "decision": "discard", "role": "dealer"},
        "exchanges:",
    ),
    "dealer-discard-last-card-left-to-nondealer": (
        {**ISSUE_4, "decision": "discard", "role": "dealer", "exchanges": [[5, 5], [5, 5]]},
        "exchanges:",
    ),
    "nondealer-discard-empty-stock": (
        {**ISSUE_4, "decision": "discard", "exchanges": [[5, 5], [5, 5], [1, 0]]},
        "exchanges:",
    ),
    "more-than-the-stock": (
        {**LEAD, "penalty": None, "exchanges": [[5, 5], [5, 5], [2, 0]]},
        "exchanges:",
    ),
    # the penalty (britannica-9/scoring)
    "penalty-after-an-exchange": ({**LEAD, "exchanges": [[2, 1]]}, "penalty:"),
    "penalty-opponent-after-an-exchange": (
        {**LEAD, "penalty": "opponent", "exchanges": [[1, 0]]},
        "penalty:",
    ),
    "penalty-before-play": ({**LEAD, "decision": "propose"}, "penalty:"),
    "penalty-at-accept": ({**LEAD, "decision": "accept", "role": "dealer"}, "penalty:"),
    # the king (club-laws/23, club-laws/47)
    "king-opponent-while-i-hold-it": ({**LEAD, "king": "opponent"}, "king:"),
    "king-opponent-while-i-played-it": (
        {**LEAD, "hand": ["QS", "7H", "8D", "9C"], "tricks": [["KS", "7S"]], "king": "opponent"},
        "king:",
    ),
    "king-opponent-while-i-discarded-it": (
        {
            **LEAD,
            "hand": ["QS", "7H", "8D", "9C", "JS"],
            "penalty": None,
            "exchanges": [[1, 0]],
            "discards": ["KS"],
            "king": "opponent",
        },
        "king:",
    ),
    "king-me-without-it": ({**LEAD, "hand": ["QS", "7H", "8D", "9C", "JS"], "king": "me"}, "king:"),
    "king-opponent-before-he-played": (
        {**LEAD, "hand": ["QS", "7H", "8D", "9C", "JS"], "king": "opponent"},
        "king:",
    ),
    "turned-up-king-null": (
        {**LEAD, "turnup": "KS", "hand": ["QS", "7H", "8D", "9C", "JS"]},
        "king:",
    ),
    "turned-up-king-null-dealer": ({**DEALER_FOLLOW, "turnup": "KD", "king": None}, "king:"),
    "turned-up-king-to-the-nondealer": (
        {**LEAD, "turnup": "KS", "hand": ["QS", "7H", "8D", "9C", "JS"], "king": "me"},
        "king:",
    ),
    "king-marked-before-play": (
        {**LEAD, "decision": "propose", "penalty": None, "king": "me"},
        "king:",
    ),
    "mark-king-already-marked": ({**LEAD, "decision": "mark_king", "king": "me"}, "king:"),
    "king-point-already-game": ({**LEAD, "king": "me", "score": [4, 2]}, "king:"),
    "turned-up-king-point-already-game": (
        {**DEALER_FOLLOW, "turnup": "KD", "king": "me", "score": [4, 0]},
        "king:",
    ),
    # my own follows (britannica-9/play)
    "my-renounce": (
        {
            **LEAD,
            "role": "dealer",
            "penalty": "opponent",
            "hand": ["KS", "QS", "7H", "8D"],
            "tricks": [["9H", "9C"]],
        },
        "tricks[0][1]:",
    ),
    "my-follow-low-holding-a-winner": (
        {
            **LEAD,
            "role": "dealer",
            "penalty": "opponent",
            "hand": ["KS", "QS", "AH", "8D"],
            "tricks": [["9H", "7H"]],
        },
        "tricks[0][1]:",
    ),
    "my-discard-holding-a-trump": (
        {
            **LEAD,
            "role": "dealer",
            "penalty": "opponent",
            "hand": ["KS", "QS", "7H", "8D"],
            "tricks": [["9C", "8H"]],
        },
        "tricks[0][1]:",
    ),
    "my-renounce-shown-by-a-card-played-since": (
        {
            "decision": "follow",
            "role": "nondealer",
            "hand": ["AC", "TC"],
            "turnup": "TS",
            "penalty": "me",
            "tricks": [["9C", "KC"], ["7H", "8D"], ["KD", "8H"]],
            "led": "QC",
        },
        "tricks[1][1]:",
    ),
    # my opponent's cards against his follows
    "he-plays-a-suit-he-renounced": (
        {**LEAD, "hand": ["QS", "8D", "9C"], "tricks": [["7H", "7C"], ["KS", "KH"]]},
        "tricks[1][1]:",
    ),
    "he-leads-a-suit-he-renounced": (
        {
            "decision": "follow",
            "role": "nondealer",
            "hand": ["QS", "8D", "9C", "7D"],
            "turnup": "TS",
            "penalty": "me",
            "tricks": [["7H", "8S"]],
            "led": "KH",
        },
        "led:",
    ),
    "he-plays-a-higher-card-than-he-could-have": (
        {**LEAD, "hand": ["QS", "8D", "9C"], "tricks": [["9H", "7H"], ["KS", "KH"]]},
        "tricks[1][1]:",
    ),
    "he-marked-the-king-but-has-no-trump": (
        {**LEAD, "hand": ["QS", "8D", "9C", "JS"], "tricks": [["AS", "7C"]], "king": "opponent"},
        "king:",
    ),
    "his-cards-cannot-be-placed": (_last_card_to_the_non_dealer(), "tricks:"),
}


@pytest.mark.parametrize(("request_", "field"), IMPOSSIBLE.values(), ids=IMPOSSIBLE.keys())
def test_a_position_that_cannot_arise_gets_an_error_naming_the_field(request_, field):
    with pytest.raises(RequestError, match="^" + re.escape(field)):
        parse_request(json.dumps(request_))
    (answer,) = answers([json.dumps(request_)])
    assert set(answer) == {"error"} and "internal" not in answer["error"]


POSSIBLE = {
    "king-opponent-after-he-played": (
        {
            **LEAD,
            "hand": ["QS", "7H", "8D", "9C", "JS"],
            "king": "opponent",
            "penalty": "opponent",
            "role": "dealer",
            "decision": "follow",
            "led": "7S",
        }
    ),
    "turned-up-king-to-the-dealer": {**DEALER_FOLLOW, "turnup": "KD", "king": "me"},
    "turned-up-king-against-the-nondealer": (
        {**LEAD, "turnup": "KS", "hand": ["QS", "7H", "8D", "9C", "JS"], "king": "opponent"}
    ),
    "king-me-before-my-first-card": {**LEAD, "king": "me"},
    "king-held-back-and-played-later": (
        {**LEAD, "hand": ["QS", "7H", "8D", "9C"], "tricks": [["KS", "7S"]]}
    ),
    "my-legal-renounce-holding-no-trump": (
        {
            "decision": "follow",
            "role": "dealer",
            "hand": ["QH", "7H", "9C", "7C"],
            "turnup": "TS",
            "penalty": "opponent",
            "tricks": [["9D", "8C"]],
            "led": "KH",
        }
    ),
    "dealer-discard-with-the-exchange-in-progress": (
        {**ISSUE_4, "decision": "discard", "role": "dealer", "exchanges": [[5, 5], [3, 0]]}
    ),
    "dealer-discard-without-the-exchange-in-progress": (
        {**ISSUE_4, "decision": "discard", "role": "dealer", "exchanges": []}
    ),
    "the-non-dealer-takes-the-last-card": (
        {**ISSUE_4, "decision": "discard", "exchanges": [[5, 5], [5, 5]]}
    ),
    "play-after-the-stock-ran-out": (
        {**LEAD, "penalty": None, "exchanges": [[5, 5], [5, 5], [1, 0]]}
    ),
}


@pytest.mark.parametrize("request_", POSSIBLE.values(), ids=POSSIBLE.keys())
def test_positions_that_can_arise_are_answered(request_):
    (answer,) = answers([json.dumps(request_)])
    assert "error" not in answer, answer


@pytest.mark.parametrize(
    "rules", [ENGLISH, FRENCH, make_rules("french", 7)], ids=["english", "french-5", "french-7"]
)
def test_every_position_of_a_real_deal_is_still_answered(rules):
    """No false refusal: every decision of random deals (both seats, any score, the
    stock run out, the king marked, held or turned up) passes the validator as is."""
    rng = random.Random(12)
    game = rules.game_points
    for _ in range(600):
        score = (rng.randrange(game), rng.randrange(game))
        p = deal_position(rng, rng.randrange(2), score, rules)
        while not p.is_over:
            info = infoset_of(p)
            assert parse_request(json.dumps(infoset_to_request(info))) == info, info
            actions = p.legal_actions()
            # Exchange as often as the stock allows, so it runs out in many deals.
            keen = [a for a in actions if a.kind in ("propose", "accept")]
            p = p.apply(keen[0] if keen and rng.random() < 0.8 else rng.choice(actions))


# --- item 11: bytes that are not UTF-8, and fields of any size ---------------------

GOOD = json.dumps(
    {
        "decision": "propose",
        "role": "nondealer",
        "hand": ["KS", "QS", "7H", "8D", "9C"],
        "turnup": "JH",
    }
)


def test_a_line_that_is_not_utf8_is_one_bad_line_in_a_strict_stream():
    stream = io.TextIOWrapper(
        io.BytesIO(b"\xff\n" + GOOD.encode() + b"\n\xc3\n"), encoding="utf-8", errors="strict"
    )
    first, second, third = answers(stream)
    assert first == {"error": "not UTF-8: line 1, byte 1 (0xff) cannot be read"}
    assert second["action"] in ("play", "propose")
    assert third["error"].startswith("not UTF-8: line 3")


def test_undecodable_bytes_kept_as_surrogates_are_a_bad_line():
    first, second = answers(["\udcff\n", GOOD])
    assert first["error"].startswith("not UTF-8: line 1")
    assert "action" in second


def test_an_answer_the_output_cannot_encode_is_escaped():
    raw = io.BytesIO()
    out = io.TextIOWrapper(raw, encoding="ascii", errors="strict")
    serve(RandomEngine(0), [json.dumps({**json.loads(GOOD), "decision": "été"})], out)
    out.flush()
    assert raw.getvalue().isascii()
    assert "'été'" in json.loads(raw.getvalue())["error"]


def test_issue_11_as_written_through_the_command():
    proc = subprocess.run(
        [sys.executable, "-m", "tutor", "advise"],
        input=b"\xff\n",
        capture_output=True,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == b""
    assert json.loads(proc.stdout) == {"error": "not UTF-8: line 1, byte 1 (0xff) cannot be read"}


HUGE = "K" * 50_000_000


@pytest.mark.parametrize(
    "field",
    [
        "decision",
        "role",
        "hand",
        "hand[0]",
        "turnup",
        "score",
        "game",
        "exchanges",
        "exchanges[0]",
        "discards",
        "penalty",
        "king",
        "tricks",
        "led",
    ],
)
def test_a_50_mb_field_is_quoted_not_echoed(field):
    base = json.loads(GOOD)
    if field == "hand[0]":
        base["hand"] = [HUGE, *base["hand"][1:]]
    elif field == "exchanges[0]":
        base["exchanges"] = [[1, HUGE]]
    else:
        base[field] = HUGE
    # the parser itself (a line this long is refused whole by serve: see MAX_LINE)
    error = parse_error(json.dumps(base))
    assert error.startswith(field.split("[")[0])
    assert len(error) < 200, error[:300]


@pytest.mark.parametrize(
    ("field", "item"),
    [
        ("score", 1),
        ("hand", "KS"),
        ("discards", "7C"),
        ("exchanges", [1, 0]),
        ("tricks", ["KS", "7S"]),
    ],
)
def test_a_list_of_any_length_is_quoted_not_echoed(field, item):
    error = parse_error(json.dumps({**json.loads(GOOD), field: [item] * 200_000}))
    assert error.startswith(f"{field}:") and len(error) < 200, error


class _Loud:
    name = "loud"

    def advise(self, info):
        raise RuntimeError("x" * 1_000_000)


def test_an_internal_error_is_capped_too():
    (answer,) = answers([GOOD], _Loud())
    assert answer["error"].startswith("internal error: RuntimeError")
    assert len(answer["error"]) <= ERROR_LIMIT + 40
