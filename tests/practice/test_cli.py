"""``ecarte practice list``, ``try -`` and ``check``, as an outside player uses them."""

from __future__ import annotations

import io
import json
import random

import pytest

from tutor.cli import main


def _run(capsys, monkeypatch, argv: list[str], stdin: str = "") -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main(argv)
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.fixture(scope="module")
def listed() -> list[dict]:
    import contextlib

    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        assert main(["practice", "list", "--json"]) == 0
    return json.loads(buffer.getvalue())


def _try(capsys, monkeypatch, requests: list[object]) -> list[dict]:
    lines = "\n".join(r if isinstance(r, str) else json.dumps(r) for r in requests) + "\n"
    code, out, _ = _run(capsys, monkeypatch, ["practice", "try", "-"], lines)
    assert code == 0
    return [json.loads(line) for line in out.splitlines()]


def test_list_json_has_forty_positions_in_six_themes(listed) -> None:
    assert len(listed) >= 40
    assert len({p["theme"] for p in listed}) >= 6
    for entry in listed:
        assert set(entry) == {"id", "theme", "goal", "title", "position", "line"}
        assert entry["line"] and isinstance(entry["position"]["hand"], str)


def test_every_listed_line_meets_its_goal(capsys, monkeypatch, listed) -> None:
    answers = _try(capsys, monkeypatch, [{"practice": p["id"], "cards": p["line"]} for p in listed])
    for entry, answer in zip(listed, answers, strict=True):
        assert answer["over"] and answer["goal_met"] is True, (entry["id"], answer)
        assert answer["holding"]


def test_a_prefix_extended_card_by_card_gets_the_same_answers(capsys, monkeypatch, listed) -> None:
    entry = listed[0]
    prefixes = [
        {"practice": entry["id"], "cards": entry["line"][:n]} for n in range(len(entry["line"]) + 1)
    ]
    first = _try(capsys, monkeypatch, prefixes)
    again = _try(capsys, monkeypatch, list(reversed(prefixes)))
    assert first == list(reversed(again))
    for n, answer in enumerate(first[:-1]):
        assert entry["line"][n] in answer["to_play"]
        assert answer["goal_met"] is None and "holding" not in answer


def test_bad_lines_get_an_error_and_the_run_goes_on(capsys, monkeypatch, listed) -> None:
    entry = listed[0]
    stranger = next(
        c for c in ("KS", "QS", "7H", "8D", "9C", "JC") if c not in entry["position"]["hand"]
    )
    answers = _try(
        capsys,
        monkeypatch,
        [
            "not json",
            {"practice": "no-such-position", "cards": []},
            {"practice": entry["id"], "cards": "KS"},
            {"practice": entry["id"], "cards": ["ZZ"]},
            {"practice": entry["id"], "cards": [stranger]},
            "x" * 100_100,
            {"practice": entry["id"], "cards": []},
        ],
    )
    assert len(answers) == 7
    assert all(set(a) == {"error"} for a in answers[:6]), answers[:6]
    assert "unknown id" in answers[1]["error"]
    assert "not in your hand" in answers[4]["error"]
    assert "longer than" in answers[5]["error"]
    assert answers[6]["practice"] == entry["id"]


def test_a_random_player_fails_most_positions(capsys, monkeypatch, listed) -> None:
    rng = random.Random(2024)
    played = {p["id"]: [] for p in listed}
    results: dict[str, bool] = {}
    while len(results) < len(listed):
        open_ids = [i for i in played if i not in results]
        answers = _try(capsys, monkeypatch, [{"practice": i, "cards": played[i]} for i in open_ids])
        for ident, answer in zip(open_ids, answers, strict=True):
            if answer["over"]:
                results[ident] = answer["goal_met"]
            else:
                played[ident].append(rng.choice(answer["to_play"]))
    assert sum(results.values()) < len(listed) / 2


def test_check_proves_the_shipped_positions(capsys, monkeypatch) -> None:
    code, out, _ = _run(capsys, monkeypatch, ["practice", "check"])
    assert code == 0, out
    assert " 0 faults" in out


def test_check_names_file_line_and_field(capsys, monkeypatch, tmp_path) -> None:
    bad = tmp_path / "positions.toml"
    bad.write_text(
        '[[positions]]\nid = "one"\ntheme = "draw-trumps"\ngoal = "vole"\ntitle = "t"\n'
        'setup = "s"\nrole = "nondealer"\nhand = "KS QS JS KH 7C"\nturnup = "7S"\n\n'
        '[[positions]]\nid = "two"\ntheme = "nowhere"\ngoal = "point"\ntitle = "t"\n'
        'setup = "s"\nrole = "nondealer"\nhand = "KS QS JS KH KS"\nturnup = "7S"\n',
        encoding="utf-8",
    )
    code, out, _ = _run(capsys, monkeypatch, ["practice", "check", str(bad)])
    assert code == 1
    assert "positions.toml:13: positions[2].theme: expected one of" in out
    assert "positions.toml:18: positions[2].hand: hand: a card appears twice" in out
    assert "positions.toml:4: positions[1].goal: vole needs 5 tricks" in out
