"""Every club law, 1 to 51, is taught by a lesson step (the first club law the step
cites) or listed as out of scope with its reason (tutor.lessons.checker)."""

from pathlib import Path

from tutor.lessons.checker import (
    CLUB_LAWS,
    LAWS_OUT_OF_SCOPE,
    check_law_coverage,
    check_lessons,
    taught_laws,
)
from tutor.lessons.loader import load_curriculum

LESSONS = Path(__file__).resolve().parents[1] / "lessons"


def test_every_club_law_is_taught_or_out_of_scope():
    curriculum = load_curriculum()
    untaught, faults = check_law_coverage(curriculum)
    assert untaught == [] and faults == []
    taught = taught_laws(curriculum)
    assert set(CLUB_LAWS) <= set(taught) | set(LAWS_OUT_OF_SCOPE)
    # issue 14, item 8: shuffling and the cut with an incorrect pack have steps of their own
    assert taught[2] == "irregularities-deal/shuffle-during-play"
    assert taught[6] == "irregularities-deal/cut-with-incorrect-pack"


def test_a_law_cited_only_beside_another_is_not_taught(tmp_path):
    # The law 45 step cites law 6 after law 45, as a contrast: law 45 is what it teaches.
    text = (LESSONS / "18-irregularities-deal.toml").read_text(encoding="utf-8")
    start = text.index('[[steps]]\nid = "cut-with-incorrect-pack"')
    end = text.index("[[steps]]", start + 1)
    path = tmp_path / "14.toml"
    path.write_text(text[:start] + text[end:], encoding="utf-8")
    curriculum = load_curriculum([path])
    step = next(s for s in curriculum.steps if s.id == "incorrect-pack")
    assert step.passages[0] == "club-laws/45" and "club-laws/6" in step.passages
    taught = taught_laws(curriculum)
    assert taught[45] == "irregularities-deal/incorrect-pack"
    assert 6 not in taught


def test_a_partial_curriculum_is_faulted_law_by_law():
    curriculum = load_curriculum([LESSONS / "19-irregularities-play.toml"])
    untaught, faults = check_law_coverage(curriculum)
    assert 2 in untaught and 38 not in untaught
    assert len(faults) == len(untaught)
    assert any("club law 2 (club-laws/2)" in f.message for f in faults)
    out_of_scope = {n: "not a law of play (test)" for n in untaught}
    assert check_law_coverage(curriculum, out_of_scope) == ([], [])


def test_the_out_of_scope_list_is_kept_honest():
    curriculum = load_curriculum([LESSONS / "19-irregularities-play.toml"])
    rest = {n: "a reason" for n in CLUB_LAWS if n not in taught_laws(curriculum)}
    _, faults = check_law_coverage(curriculum, {**rest, 2: "  "})
    assert [f.message for f in faults] == ["club law 2 is out of scope with no reason"]
    _, faults = check_law_coverage(curriculum, {**rest, 38: "a reason"})
    assert faults and "38 is listed as out of scope, but" in faults[0].message
    _, faults = check_law_coverage(curriculum, {**rest, 52: "a reason"})
    assert faults and "there is no club law 52" in faults[0].message


def test_lessons_check_of_one_file_does_not_ask_for_every_law():
    report = check_lessons([LESSONS / "19-irregularities-play.toml"])
    assert report.untaught_laws == []
    assert not any("is taught by no step" in f.message for f in report.faults)


def test_an_authors_own_lessons_folder_is_told_the_untaught_laws_not_faulted(tmp_path, monkeypatch):
    # CI of 2026-11-23: the installed-package test points ECARTE_LESSONS_DIR at a
    # folder holding one lesson; law coverage binds the shipped curriculum only.
    (tmp_path / "01-cards.toml").write_text(
        (LESSONS / "01-cards.toml").read_text(encoding="utf-8"), encoding="utf-8"
    )
    monkeypatch.setenv("ECARTE_LESSONS_DIR", str(tmp_path))
    monkeypatch.setattr("tutor.io.paths.LESSONS_DIR", tmp_path)  # as read at start-up
    report = check_lessons()
    assert len(report.curriculum.lessons) == 1
    assert 2 in report.untaught_laws
    assert not any("is taught by no step" in f.message for f in report.faults)
