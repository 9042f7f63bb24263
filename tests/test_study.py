"""The study: Foster's exact counts and the run itself."""

from __future__ import annotations

import json

import tutor.analysis.study
from tutor.analysis.study import foster_counts, main, run_study


def test_fosters_figures_come_out_exactly() -> None:
    assert foster_counts() == {
        "dealer_hands": 65_780,
        "holding_1_against": 44_574,
        "holding_1_for": 21_206,
        "holding_2_against": 50_274,
        "holding_2_for": 15_506,
    }


def test_a_small_study_reports_every_table_and_the_claim() -> None:
    results = run_study(deals=3_000, seed=4)
    assert results["foster"]["dealer_hands"] == 65_780
    played = results["jeux_de_regle_played"]
    assert played["all"]["hands"] == sum(v["hands"] for k, v in played.items() if k != "all")
    assert "1" in played and played["1"]["won_point"] > 0.5
    assert results["refusal_exceptions"]
    assert results["two_to_one"]["verdict"] in ("supported", "better than", "worse than")
    # played with hidden cards, the double-dummy figure beside each row
    assert "hidden cards" in results["method"] and "double dummy" in results["double_dummy_method"]
    for table in ("jeux_de_regle_played", "jeux_de_regle_refused", "refusal_exceptions"):
        for row in results[table].values():
            assert 0 <= row["double_dummy"]["won_point"] <= 1
    # clairvoyance is worth something to the non-dealer, who leads: his played jeux
    # de règle win the point more often when both sides see every card
    assert played["all"]["double_dummy"]["won_point"] > played["all"]["won_point"]


def test_results_do_not_depend_on_the_number_of_processes(monkeypatch) -> None:
    # two chunks, one a process, in a quarter of the deals of two whole chunks
    monkeypatch.setattr(tutor.analysis.study, "CHUNK", 500)
    one = run_study(deals=1_000, seed=2, jobs=1)
    two = run_study(deals=1_000, seed=2, jobs=2)
    for key in ("jeux_de_regle_played", "jeux_de_regle_refused", "refusal_exceptions"):
        assert one[key] == two[key]


def test_command_prints_fosters_figures_and_writes_json(tmp_path, capsys) -> None:
    out = tmp_path / "study.json"
    assert main(["--deals", "500", "--seed", "3", "--jobs", "1", "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    for figure in ("65,780", "44,574", "21,206", "50,274", "15,506"):
        assert figure in printed
    assert "played with hidden cards" in printed and "double dummy" in printed
    data = json.loads(out.read_text())
    assert data["deals"] == 500 and data["seed"] == 3
