"""Issue 33, items 2 and 3: every file the tutor writes is written whole, through a
temporary file of its own (two processes saving into one folder never share one, and
a reader never sees a mixed file), and never through a symbolic link."""

from __future__ import annotations

import multiprocessing
import os
from pathlib import Path

import pytest

from tutor.analysis.study import main as study_main
from tutor.io.files import LinkRefused, write_atomically
from tutor.rules.game import Game
from tutor.store import autosave
from tutor.store.progress import Progress

WRITES = 300


def _begun(seed: int) -> Game:
    game = Game.new(seed)
    return game.apply(game.legal_actions()[0])


def _write_many(path: str, mark: str, failures) -> None:
    """Write ``path`` over and over with a text made of ``mark`` alone."""
    text = mark * 5000 + "\n"
    for _ in range(WRITES):
        try:
            write_atomically(Path(path), text)
        except OSError as exc:
            failures.put(repr(exc))


def _read_many(path: str, seen) -> None:
    mixed = 0
    for _ in range(WRITES * 2):
        try:
            text = Path(path).read_text(encoding="utf-8")
        except FileNotFoundError:
            continue
        if len(set(text.strip())) > 1 or len(text) != 5001:
            mixed += 1
    seen.put(mixed)


def test_two_processes_writing_one_file_never_fail_and_never_mix(tmp_path: Path) -> None:
    # Today's fixed "autosave.rec.tmp" failed 1,439 of 6,000 such writes, and a
    # reader saw a mixed file 36 times (issue 33).
    target = str(tmp_path / "autosave.rec")
    context = multiprocessing.get_context("spawn")
    failures, seen = context.Queue(), context.Queue()
    workers = [
        context.Process(target=_write_many, args=(target, "a", failures)),
        context.Process(target=_write_many, args=(target, "b", failures)),
        context.Process(target=_read_many, args=(target, seen)),
    ]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(120)
    assert all(worker.exitcode == 0 for worker in workers)
    errors = []
    while not failures.empty():
        errors.append(failures.get())
    assert errors == []
    assert seen.get(timeout=5) == 0
    assert [p.name for p in tmp_path.iterdir()] == ["autosave.rec"]  # no temporary left


def test_a_new_file_has_the_umasks_permissions_and_a_replaced_one_keeps_its_own(tmp_path):
    fresh = tmp_path / "new.txt"
    write_atomically(fresh, "x")
    mask = os.umask(0)
    os.umask(mask)
    assert fresh.stat().st_mode & 0o777 == 0o666 & ~mask
    kept = tmp_path / "kept.txt"
    kept.write_text("old")
    kept.chmod(0o600)
    write_atomically(kept, "new")
    assert kept.stat().st_mode & 0o777 == 0o600 and kept.read_text() == "new"


# --- links -------------------------------------------------------------------------


def test_a_link_planted_at_the_old_temporary_name_is_not_followed(tmp_path: Path) -> None:
    games, outside = tmp_path / "games", tmp_path / "outside.txt"
    games.mkdir()
    outside.write_text("not the tutor's\n")
    (games / "autosave.rec.tmp").symlink_to(outside)
    autosave.write(autosave.path_in(games), _begun(11), "best")
    assert outside.read_text() == "not the tutor's\n"


def test_a_link_at_the_target_is_refused_and_named(tmp_path: Path) -> None:
    outside = tmp_path / "outside.txt"
    outside.write_text("not the tutor's\n")
    target = tmp_path / "record.txt"
    target.symlink_to(outside)
    with pytest.raises(LinkRefused) as refused:
        write_atomically(target, "a game\n")
    assert str(target) in str(refused.value) and "symbolic link" in str(refused.value)
    assert target.is_symlink() and outside.read_text() == "not the tutor's\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["outside.txt", "record.txt"]


def test_a_dangling_link_at_the_target_is_refused_too(tmp_path: Path) -> None:
    target = tmp_path / "record.txt"
    target.symlink_to(tmp_path / "elsewhere" / "made.txt")
    with pytest.raises(LinkRefused):
        write_atomically(target, "a game\n")
    assert not (tmp_path / "elsewhere").exists()


def test_a_link_at_the_progress_database_keeps_progress_in_memory(tmp_path: Path) -> None:
    outside = tmp_path / "outside.sqlite3"
    path = tmp_path / "data" / "progress.sqlite3"
    path.parent.mkdir()
    path.symlink_to(outside)
    with Progress(path) as store:
        assert len(store.notices) == 1
        notice = store.notices[0]
        assert "not be saved" in notice and str(path) in notice and "symbolic link" in notice
        store.db.execute("SELECT 1")
    assert not outside.exists()


def test_a_link_beside_the_progress_database_is_refused_too(tmp_path: Path) -> None:
    outside = tmp_path / "outside-journal"
    path = tmp_path / "progress.sqlite3"
    path.with_name("progress.sqlite3-journal").symlink_to(outside)
    with Progress(path) as store:
        assert "progress.sqlite3-journal is a symbolic link" in store.notices[0]
    assert not outside.exists() and not path.exists()


def test_study_out_a_link_is_refused_before_the_run(tmp_path: Path, capsys, monkeypatch):
    import tutor.analysis.study as study

    def never(*_args):
        raise AssertionError("the study started before its --out was checked")

    monkeypatch.setattr(study, "run_study", never)
    outside = tmp_path / "outside.json"
    outside.write_text("{}")
    link = tmp_path / "study.json"
    link.symlink_to(outside)
    assert study_main(["--out", str(link)]) == 2
    assert f"--out {link} is a symbolic link" in capsys.readouterr().err
    assert outside.read_text() == "{}"
