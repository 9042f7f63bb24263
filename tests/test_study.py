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
            if row["hands"]:
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


def test_exception_rows_count_only_the_hands_they_except() -> None:
    """A row tests its exception: jeux de règle the Hints would otherwise refuse, no
    more than the hands matching the exception's pattern, which it names beside."""
    results = run_study(deals=4_000, seed=5)
    rows = results["refusal_exceptions"]
    assert any(row["pattern_hands"] > row["hands"] for row in rows.values())
    for row in rows.values():
        assert 0 <= row["hands"] <= row["pattern_hands"]
    assert "only the hands it excepts" in results["refusal_exceptions_counted"]


def test_each_excepted_hand_is_a_jeu_de_regle_the_hints_would_otherwise_refuse() -> None:
    from tutor.analysis.study import _classifiers
    from tutor.rules.cards import parse_cards

    jeu, refusal, otherwise_refused = _classifiers()
    # exception 2: one trump (the ace of spades), a tierce major, a small fifth card
    hand = parse_cards("AS KH QH JH 7C")
    turnup = parse_cards("8S")[0]
    assert refusal(hand, turnup) == "2"
    assert jeu(hand, turnup.suit) is not None and otherwise_refused(hand, turnup)
    # the same pattern with a weaker trump and tierce, no jeu de règle: not counted
    weak = parse_cards("7S KD JD 9D 8C")
    assert refusal(weak, turnup) == "2" and jeu(weak, turnup.suit) is None


def test_the_printout_gives_intervals_marks_small_rows_and_names_foster(capsys) -> None:
    assert main(["--deals", "2000", "--seed", "3", "--jobs", "1"]) == 0
    printed = capsys.readouterr().out
    assert "Foster's Complete Hoyle" in printed and "notes/foster" in printed
    assert "Foster's claim" in printed and "two to one" in printed
    assert "95% interval" in printed and " to " in printed
    assert "too few hands to read" in printed  # 2,000 deals leave small rows
    assert "*" in printed
