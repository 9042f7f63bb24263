"""`ecarte advise`: the JSON-lines protocol (docs/advise-protocol.md)."""

import io
import json
import random
import subprocess
import sys

import pytest

from tutor.engines.protocol import infoset_to_request, parse_request, serve
from tutor.engines.random_engine import RandomEngine
from tutor.rules.actions import Action
from tutor.rules.cards import Card
from tutor.rules.deal import deal_position
from tutor.rules.infoset import infoset_of
from tutor.rules.rulesets import ENGLISH, FRENCH, make_rules


def answer_to_action(answer: dict) -> Action:
    kind = answer["action"]
    if kind == "discard":
        return Action(
            "discard",
            tuple(sorted((Card.parse(c) for c in answer["cards"]), key=lambda c: c.index)),
        )
    if kind in ("lead", "follow"):
        return Action(kind, (Card.parse(answer["card"]),))
    return Action(kind)


def run_lines(lines, engine=None):
    out = io.StringIO()
    serve(engine or RandomEngine(0), lines, out)
    return [json.loads(line) for line in out.getvalue().splitlines()]


BASE = {
    "decision": "propose",
    "role": "nondealer",
    "hand": ["KS", "QS", "7H", "8D", "9C"],
    "turnup": "JH",
}


@pytest.mark.parametrize(
    ("line", "field"),
    [
        ("not json", "not JSON"),
        ("[1, 2]", "JSON object"),
        (json.dumps({**BASE, "decision": "dance"}), "decision"),
        (json.dumps({**BASE, "role": "banker"}), "role"),
        (json.dumps({**BASE, "hand": ["KS", "XX"]}), "hand[1]"),
        (json.dumps({**BASE, "turnup": 7}), "turnup"),
        (json.dumps({**BASE, "score": [1]}), "score"),
        (json.dumps({**BASE, "exchanges": [[1, "a"]]}), "exchanges[0]"),
        (json.dumps({**BASE, "penalty": "you"}), "penalty"),
        (json.dumps({k: v for k, v in BASE.items() if k != "hand"}), "hand: missing"),
        (json.dumps({**BASE, "decision": "follow"}), "led"),
        (json.dumps({**BASE, "hand": ["KS", "QS", "7H", "8D", "JH"]}), "hand"),
        (json.dumps({**BASE, "role": "dealer"}), "role"),
        (json.dumps({**BASE, "rules": "german"}), "rules"),
        (json.dumps({**BASE, "rules": 1}), "rules"),
        (json.dumps({**BASE, "rules": None}), "rules"),
    ],
)
def test_bad_lines_get_an_error_naming_the_field(line, field):
    (answer,) = run_lines([line])
    assert set(answer) == {"error"}
    assert field in answer["error"]


def test_blank_lines_skipped_and_one_answer_per_line():
    answers = run_lines(["", json.dumps(BASE), "   ", "garbage", json.dumps(BASE)])
    assert len(answers) == 3
    assert answers[0]["action"] in ("play", "propose")
    assert "error" in answers[1]


def test_ten_and_lower_case_input_upper_case_output():
    req = {
        "decision": "lead",
        "role": "nondealer",
        "hand": ["10h"],
        "turnup": "7d",
        "tricks": [["KS", "7S"], ["QS", "8S"], ["JS", "9S"], ["AS", "TS"]],
    }
    (answer,) = run_lines([json.dumps(req)])
    assert answer == {
        "action": "lead",
        "card": "TH",
        "reason": answer["reason"],
        "sources": answer["sources"],
    }


def test_request_round_trip_from_positions():
    rng = random.Random(1)
    for _ in range(50):
        p = deal_position(rng, rng.randrange(2))
        while not p.is_over:
            info = infoset_of(p)
            assert parse_request(json.dumps(infoset_to_request(info))) == info
            p = p.apply(rng.choice(p.legal_actions()))


def test_rules_english_by_default_or_french():
    """The ``rules`` field, an addition to the shared protocol (docs/advise-protocol.md)."""
    assert parse_request(json.dumps(BASE)).rules == ENGLISH
    assert parse_request(json.dumps({**BASE, "rules": "english"})).rules == ENGLISH
    assert parse_request(json.dumps({**BASE, "rules": "french"})).rules == FRENCH
    (answer,) = run_lines([json.dumps({**BASE, "rules": "french"})])
    assert answer["action"] in ("play", "propose")
    (answer,) = run_lines([json.dumps({**BASE, "rules": "bezique"})])
    assert answer["error"].startswith("rules: expected 'english' or 'french'")


@pytest.mark.parametrize(
    "rules",
    [FRENCH, make_rules("french", 7), make_rules("french", games_to_win=2)],
    ids=["five", "seven", "cinq-lies"],
)
def test_french_positions_round_trip_with_their_rules(rules):
    """A position's rule set reaches its information set as the deal is scored by it
    (French), the game in ``game``."""
    rng = random.Random(2)
    for _ in range(30):
        p = deal_position(rng, rng.randrange(2), rules=rules)
        while not p.is_over:
            info = infoset_of(p)
            assert info.rules == FRENCH
            assert info.game == rules.game_points
            request = infoset_to_request(info)
            assert request["rules"] == "french"
            assert parse_request(json.dumps(request)) == info
            p = p.apply(rng.choice(p.legal_actions()))


def test_english_requests_written_as_before():
    p = deal_position(random.Random(3), 0)
    assert infoset_of(p).rules == ENGLISH
    assert "rules" not in infoset_to_request(infoset_of(p))


def referee_deals(n_deals: int, seed: int, ask) -> int:
    """Play whole deals, asking ``ask(request) -> answer`` for every decision of both seats."""
    rng = random.Random(seed)
    asked = 0
    for _ in range(n_deals):
        p = deal_position(rng, rng.randrange(2), (rng.randrange(5), rng.randrange(5)))
        while not p.is_over:
            answer = ask(infoset_to_request(infoset_of(p)))
            asked += 1
            assert "error" not in answer, answer
            assert isinstance(answer.get("reason"), str)
            action = answer_to_action(answer)
            assert action in p.legal_actions(), (answer, p.legal_actions())
            p = p.apply(action)
    return asked


def test_random_engine_plays_400_deals_through_the_process():
    proc = subprocess.Popen(
        [sys.executable, "-m", "tutor", "advise", "--engine", "random", "--seed", "3"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        bufsize=1,
    )
    assert proc.stdin and proc.stdout

    def ask(request):
        proc.stdin.write(json.dumps(request) + "\n")
        proc.stdin.flush()
        return json.loads(proc.stdout.readline())

    try:
        assert referee_deals(400, 7, ask) > 2000
        # A malformed line in the middle does not end the process.
        proc.stdin.write("{bad json\n")
        proc.stdin.flush()
        assert "error" in json.loads(proc.stdout.readline())
        assert referee_deals(5, 8, ask) > 0
    finally:
        proc.stdin.close()
        assert proc.wait(timeout=30) == 0


def test_same_seed_same_answers():
    lines = [json.dumps(BASE)] * 20
    a = run_lines(lines, RandomEngine(5))
    b = run_lines(lines, RandomEngine(5))
    assert a == b


def test_unknown_engine_is_a_clear_error():
    proc = subprocess.run(
        [sys.executable, "-m", "tutor", "advise", "--engine", "chess"],
        capture_output=True,
        text=True,
        input="",
    )
    assert proc.returncode == 2
    assert "invalid choice" in proc.stderr and "Traceback" not in proc.stderr


KING_LED = {
    "decision": "mark_king",
    "role": "nondealer",
    "hand": ["JS", "AS", "TS", "9S"],
    "turnup": "7D",
    "penalty": "me",
    "led": "KD",
}
"""club-laws/24: the non-dealer led the king of trumps, held back, as his first card."""
KING_PLAYED = {
    "decision": "mark_king",
    "role": "dealer",
    "hand": ["8S", "7S", "QH", "JH"],
    "turnup": "7D",
    "penalty": "opponent",
    "tricks": [["QD", "KD"]],
}
"""club-laws/24: the dealer played the king of trumps to the first trick, his first card."""


@pytest.mark.parametrize("request_", [KING_LED, KING_PLAYED])
def test_law_24s_windows_are_mark_king_requests(request_):
    info = parse_request(json.dumps(request_))
    assert info.king_law == "club-laws/24"
    assert infoset_to_request(info) | {"discards": [], "exchanges": []} == {
        "score": [0, 0],
        "game": 5,
        "king": None,
        "tricks": [],
        "penalty": None,
        **request_,
        "discards": [],
        "exchanges": [],
    }
    (answer,) = run_lines([json.dumps(request_)])
    assert answer["action"] in ("mark", "hold")


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({**KING_LED, "led": "JD", "hand": ["KD", "JS", "AS", "TS", "9S"]}, "led:"),
        ({**KING_LED, "led": "QD"}, "tricks:"),  # my card led is not the king: four, not five
        ({**KING_LED, "tricks": [["QS", "7S"]], "hand": ["AS", "TS", "9S"]}, "hand:"),
        ({**KING_PLAYED, "tricks": [["KD", "QD"]]}, "hand:"),  # the king led, not played to
        ({**KING_PLAYED, "led": "QS"}, "hand:"),  # he has begun to play again
        (
            {**KING_PLAYED, "tricks": [["QD", "KD"], ["JH", "AH"]], "hand": ["8S", "7S", "QH"]},
            "hand:",
        ),
    ],
)
def test_law_24s_windows_only_where_the_law_gives_them(fields, field):
    (answer,) = run_lines([json.dumps(fields)])
    assert answer.get("error", "").startswith(field), answer


def test_round_trip_through_law_24s_windows():
    """Deals where the king of trumps is held back and then played first: every
    request on the way, the windows included, reads back as the position's view."""
    from tests.helpers import arranged
    from tutor.rules.actions import HOLD, PLAY

    seen = set()
    for nd, d in (("KD JS AS TS 9S", "8S 7S KH QH JH"), ("QD JS AS TS 9S", "8S 7S KD QH JH")):
        p = arranged(nd, d, "7D").apply(PLAY)
        while not p.is_over:
            info = infoset_of(p)
            assert parse_request(json.dumps(infoset_to_request(info))) == info
            seen.add(p.king_law())
            legal = p.legal_actions()
            king = [a for a in legal if a.cards and a.card.rank.name == "KING"]
            p = p.apply(HOLD if HOLD in legal else (king or legal)[0])
    assert {"club-laws/23", "club-laws/24"} <= seen


def test_the_best_engines_reason_for_a_card_opens_with_what_it_does():
    """Issue 32: advice in words before figures; the protocol's reason for a card opens
    with the sentence of ``card_words`` (docs/advise-protocol.md's example)."""
    from tutor.engines.best import BestEngine
    from tutor.engines.protocol import request_to_infoset

    info = request_to_infoset(
        {
            "decision": "lead",
            "role": "nondealer",
            "hand": ["KS", "8S", "7D"],
            "turnup": "9S",
            "tricks": [["QS", "AS"], ["JS", "TS"]],
        }
    )
    advice = BestEngine(seed=0).advise(info)
    said = "8♠ takes the trick and with it the adversary's last trump, if he still has one."
    assert str(advice.action) == "lead 8S"
    assert advice.reason.startswith(said + " The eight of spades gives the best expected score")
