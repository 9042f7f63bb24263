"""The hints engine: every decision answered, legally, with real sources."""

from __future__ import annotations

import io
import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tutor.engines.hints_engine import HintsEngine
from tutor.engines.protocol import infoset_to_request, serve
from tutor.hints import HINTS, READINGS, advise, applicable
from tutor.rules.deal import deal_position
from tutor.rules.infoset import infoset_of

ROOT = Path(__file__).resolve().parents[1]


def passage_ids() -> set[str]:
    """Every id in docs/passage-ids.md, ranges such as '/2a ... /2e' expanded."""
    ids: set[str] = set()
    text = (ROOT / "docs" / "passage-ids.md").read_text(encoding="utf-8")
    for line in text.splitlines():
        m = re.match(r"\|\s*([a-z0-9][^|]*?)\s*\|", line)
        if not m or m.group(1) == "id":
            continue
        cell = m.group(1)
        if " ... " not in cell:
            ids.add(cell)
            continue
        first, last = cell.split(" ... ")
        base, start = first.rsplit("/", 1)
        end = last.rsplit("/", 1)[1]
        if start.isdigit():
            ids.update(f"{base}/{n}" for n in range(int(start), int(end) + 1))
        else:
            head = start[:-1]
            ids.update(f"{base}/{head}{chr(c)}" for c in range(ord(start[-1]), ord(end[-1]) + 1))
    return ids


PASSAGES = passage_ids()


def valid_source(source: str) -> bool:
    return source in PASSAGES or source in READINGS


def test_the_passage_parser_expands_ranges():
    assert "britannica-9/hints/jeux-de-regle/2c" in PASSAGES
    assert "britannica-9/hints/refusing/7" in PASSAGES
    assert "club-laws/38" in PASSAGES
    assert "britannica-9/laws/25" in PASSAGES


def test_every_hint_cites_known_passages():
    for hint in HINTS.values():
        assert hint.sources, hint.id
        assert any(s in PASSAGES for s in hint.sources), hint.id
        for s in hint.sources:
            assert valid_source(s), (hint.id, s)


def test_readings_are_readings():
    assert all(r.startswith("readings/") for r in READINGS)
    for rid in (
        "readings/small-card",
        "readings/court-card",
        "readings/guarded",
        "readings/singly-guarded",
        "readings/strong-suit",
        "readings/moderate-cards",
    ):
        assert rid in READINGS


REQUIRED = [
    "jeu-de-regle/1",
    *(f"jeu-de-regle/2{x}" for x in "abcde"),
    *(f"jeu-de-regle/3{x}" for x in "abc"),
    "jeu-de-regle/4",
    "jeu-de-regle/5",
    "propose/point-certain",
    "propose/king",
    "propose/default",
    "discard/trumps-and-kings",
    "accept/guarded",
    "accept/dealer-discard",
    "refuse/jeu-de-regle",
    *(f"refuse/exception-{n}" for n in range(1, 8)),
    "refuse/three-queens",
    "lead/guarded-suit",
    "lead/two-small-trumps",
    "lead/weak-after-refusal",
    "lead/persevere",
    "lead/trump-before-continuing",
    "lead/vole-change-suit",
    "lead/trump-after-three",
    "lead/trumps-at-starting",
    "lead/three-trumps-sequence",
    "lead/small-sequence",
    "lead/two-tricks-each",
    "lead/queen-two-small-trumps",
    "score/dealer-at-four",
    "score/dealer-refusal-at-four",
    "score/adverse-four",
    "score/point-certain-at-four",
    "score/four-to-three-king",
    "score/three-against-four",
    "score/forward-game",
    "king/announce",
    "project/follow",
    "project/lead-default",
]


def test_every_hint_is_registered():
    missing = [h for h in REQUIRED if h not in HINTS]
    assert not missing


def test_project_hints_say_so():
    for hint in HINTS.values():
        if hint.by_project:
            assert "project's reasoning" in hint.summary, hint.id
        else:
            assert "project's reasoning" not in hint.summary, hint.id


def play_out(seed: int):
    """Every information set met while the hints engine plays both seats of a deal."""
    rng = random.Random(seed)
    score = (rng.randint(0, 4), rng.randint(0, 4))
    position = deal_position(rng, rng.randrange(2), score=score)
    engine = HintsEngine()
    while not position.is_over:
        info = infoset_of(position)
        advice = engine.advise(info)
        yield position, info, advice
        # wander off the hints' line sometimes, to reach positions they would avoid
        actions = position.legal_actions()
        action = advice.action if rng.random() < 0.7 else actions[rng.randrange(len(actions))]
        position = position.apply(action)


@pytest.mark.parametrize("block", range(6))
def test_every_answer_is_legal_and_cited(block):
    decisions = set()
    for seed in range(block * 60, block * 60 + 60):
        for position, info, advice in play_out(seed):
            decisions.add(info.decision)
            assert advice.action in position.legal_actions(), (info, advice)
            assert advice.action in info.legal_actions()
            assert advice.sources and all(valid_source(s) for s in advice.sources), advice
            assert advice.reason and advice.rule in HINTS
            verdicts = applicable(info)
            assert verdicts[0] == advise(info)
            assert all(v.action in info.legal_actions() for v in verdicts)
    assert decisions >= {"propose", "discard", "lead", "follow"}


def test_the_protocol_loop_answers_every_decision_type():
    requests = {}
    for seed in range(200):
        for _, info, _ in play_out(seed):
            requests.setdefault(info.decision, infoset_to_request(info))
        if len(requests) == 6:
            break
    assert set(requests) == {"propose", "accept", "discard", "mark_king", "lead", "follow"}
    lines = [json.dumps(r) for r in requests.values()]
    out = io.StringIO()
    serve(HintsEngine(), lines, out)
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    assert len(answers) == len(lines)
    for request, answer in zip(requests.values(), answers, strict=True):
        assert "error" not in answer, answer
        assert answer["sources"] and all(valid_source(s) for s in answer["sources"])
        assert answer["reason"]
        kind = answer["action"]
        expected = {
            "propose": {"play", "propose"},
            "accept": {"accept", "refuse"},
            "discard": {"discard"},
            "mark_king": {"mark", "hold"},
            "lead": {"lead"},
            "follow": {"follow"},
        }[request["decision"]]
        assert kind in expected


def test_hints_do_not_import_textual():
    code = (
        "import sys, tutor.hints, tutor.engines.hints_engine; "
        "assert 'textual' not in sys.modules, 'textual imported'"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)
