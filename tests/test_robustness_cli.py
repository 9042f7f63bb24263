"""Command-line misuse ends in a message, not a traceback (issue 12, items 10 and 16).

`ecarte study --out` is checked before the long simulation and written whole or
not at all, and without --out the study writes nothing; `serve --port` takes a
real, free port; `--jobs` is capped at what helps; a reader that goes away
(`ecarte replay FILE | head`) ends the command quietly.
"""

from __future__ import annotations

import errno
import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

import tutor.analysis.match
import tutor.analysis.study
import tutor.cli
from tutor.analysis.match import useful_processes
from tutor.analysis.study import STUDY_PATH
from tutor.cli import main
from tutor.io.paths import REPO
from tutor.rules.record import save

SMALL_STUDY = ["--deals", "20", "--seed", "3", "--jobs", "1"]


@pytest.fixture
def no_simulation(monkeypatch):
    """The study must be refused before its simulation (or its exact counts) start."""

    def refuse(*args, **kwargs):
        raise AssertionError("the study started before its --out was checked")

    monkeypatch.setattr(tutor.analysis.study, "run_study", refuse)
    monkeypatch.setattr(tutor.analysis.study, "foster_counts", refuse)


# --- ecarte study --out ------------------------------------------------------------


def test_study_out_a_directory_is_refused_first(tmp_path, capsys, no_simulation) -> None:
    assert main(["study", "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert f"--out {tmp_path} is a directory" in err
    assert "Traceback" not in err


def test_study_out_in_a_missing_directory_is_refused_first(tmp_path, capsys, no_simulation):
    out = tmp_path / "missing" / "study.json"
    assert main(["study", "--out", str(out)]) == 2
    assert f"the directory {tmp_path / 'missing'} does not exist" in capsys.readouterr().err
    assert not (tmp_path / "missing").exists()


def test_study_out_on_a_full_disk_is_refused_first(tmp_path, capsys, no_simulation, monkeypatch):
    class Full:
        free = 0

    monkeypatch.setattr(tutor.analysis.study.shutil, "disk_usage", lambda path: Full)
    assert main(["study", "--out", str(tmp_path / "study.json")]) == 2
    assert "is full (0 bytes free)" in capsys.readouterr().err


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here")
def test_study_out_a_device_is_refused_first(capsys, no_simulation) -> None:
    assert main(["study", "--out", "/dev/full"]) == 2
    assert "--out /dev/full is not a regular file" in capsys.readouterr().err


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root writes anywhere")
def test_study_out_in_a_read_only_directory_is_refused_first(tmp_path, capsys, no_simulation):
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        assert main(["study", "--out", str(folder / "study.json")]) == 2
    finally:
        folder.chmod(0o700)
    assert f"cannot write in {folder}" in capsys.readouterr().err


def test_a_disk_filling_during_the_run_keeps_the_old_file(tmp_path, capsys, monkeypatch):
    out = tmp_path / "study.json"
    out.write_text("the old figures\n")

    def full(fd):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(tutor.analysis.study.os, "fsync", full)
    assert main(["study", *SMALL_STUDY, "--out", str(out)]) == 1
    captured = capsys.readouterr()
    assert f"could not write {out} (No space left on device)" in captured.err
    assert "Foster's exact counts" in captured.out  # the results were printed all the same
    assert out.read_text() == "the old figures\n"
    assert sorted(tmp_path.iterdir()) == [out]  # no half-written file left beside it


def test_study_out_writes_the_results(tmp_path, capsys) -> None:
    out = tmp_path / "study.json"
    assert main(["study", *SMALL_STUDY, "--out", str(out)]) == 0
    assert json.loads(out.read_text())["deals"] == 20
    assert f"Written to {out}" in capsys.readouterr().out
    assert sorted(tmp_path.iterdir()) == [out]


def _tree(root: Path) -> dict[str, tuple[int, int]]:
    return {
        str(p.relative_to(root)): (p.stat().st_size, p.stat().st_mtime_ns)
        for p in root.rglob("*")
        if p.is_file() and "__pycache__" not in p.parts
    }


def test_study_writes_nothing_by_default(tmp_path, capsys, monkeypatch) -> None:
    """Item 16: neither the package's study.json nor anything else is written."""
    monkeypatch.chdir(tmp_path)
    package = _tree(STUDY_PATH.parent)
    shipped = STUDY_PATH.read_bytes()
    assert main(["study", *SMALL_STUDY]) == 0
    assert "Written to" not in capsys.readouterr().out
    assert _tree(STUDY_PATH.parent) == package
    assert STUDY_PATH.read_bytes() == shipped
    assert list(tmp_path.iterdir()) == []


def test_study_no_write_is_still_accepted(capsys, no_simulation) -> None:
    assert main(["study", "--no-write", "--out", "x.json"]) == 2
    assert "contradict" in capsys.readouterr().err


# --- --jobs --------------------------------------------------------------------------


def test_processes_are_capped_at_what_helps() -> None:
    assert useful_processes(1000, 1) == 1
    assert useful_processes(1000, 10**6) <= (os.cpu_count() or 1)
    assert useful_processes(1, 10**6) == 1


class _NoPool:
    def __init__(self, processes, *args, **kwargs):
        raise AssertionError(f"{processes} processes started for one unit of work")


def test_match_with_a_thousand_jobs_for_one_deal_starts_no_pool(capsys, monkeypatch) -> None:
    monkeypatch.setattr(tutor.analysis.match, "Pool", _NoPool)
    assert main(["match", "--a", "random", "--b", "random", "--deals", "1", "--jobs", "1000"]) == 0
    assert "using 1 process, not 1000 (1 deal to share" in capsys.readouterr().err


def test_study_with_a_thousand_jobs_for_one_chunk_starts_no_pool(capsys, monkeypatch) -> None:
    monkeypatch.setattr(tutor.analysis.study, "Pool", _NoPool)
    assert main(["study", "--deals", "20", "--jobs", "1000"]) == 0
    chunk = tutor.analysis.study.CHUNK
    assert f"using 1 process, not 1000 (1 chunk of up to {chunk:,} deals" in capsys.readouterr().err


@pytest.mark.parametrize("jobs", ["0", "-3"])
def test_match_jobs_below_one_are_refused(jobs, capsys) -> None:
    assert main(["match", "--deals", "1", "--jobs", jobs]) == 2
    assert "--jobs must be at least 1" in capsys.readouterr().err


# --- serve --port --------------------------------------------------------------------


@pytest.fixture
def no_server(monkeypatch):
    def refuse(port, *sessions):
        raise AssertionError(f"the server was started on port {port}")

    monkeypatch.setattr(tutor.cli, "_serve", refuse)


@pytest.mark.parametrize(
    "port,said",
    [
        ("-1", "expected a port from 1 to 65535, got -1"),
        ("70000", "expected a port from 1 to 65535, got 70000"),
        ("0", "expected a port from 1 to 65535, got 0"),
        ("eighty", "expected a port number, got 'eighty'"),
    ],
)
def test_serve_refuses_a_port_that_is_not_one(port, said, capsys, no_server) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["serve", "--port", port])
    assert exit_.value.code == 2
    assert said in capsys.readouterr().err


def test_serve_on_a_port_in_use_says_so_before_starting(capsys, no_server) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["serve", "--port", str(port)]) == 1
    assert f"port {port} is in use on localhost; choose another with --port" in (
        capsys.readouterr().err
    )


def test_serve_failing_to_listen_after_the_check_is_a_message(capsys, monkeypatch) -> None:
    def lost_the_race(port, *sessions):
        raise OSError(errno.EADDRINUSE, f"error while attempting to bind on {port}")

    monkeypatch.setattr(tutor.cli, "_port_problem", lambda host, port: None)
    monkeypatch.setattr(tutor.cli, "_serve", lost_the_race)
    assert main(["serve", "--port", "8123"]) == 1
    assert "ecarte: serve: localhost:8123: error while attempting to bind" in (
        capsys.readouterr().err
    )


# --- a reader that goes away ---------------------------------------------------------


def _run_into_a_closed_pipe(args: list[str], stdin: str = "") -> subprocess.CompletedProcess:
    """Run ``python -m tutor ARGS`` with stdout a pipe nobody reads: as ``| head``
    once head has gone, but every time."""
    read, write = os.pipe()
    os.close(read)
    try:
        return _run_writing_to(write, args, stdin)
    finally:
        os.close(write)


def _run_writing_to(stdout, args: list[str], stdin: str = "") -> subprocess.CompletedProcess:
    """Run ``python -m tutor ARGS`` with ``stdout`` as its output, stderr captured."""
    return subprocess.run(
        [sys.executable, "-m", "tutor", *args],
        input=stdin,
        stdout=stdout,
        stderr=subprocess.PIPE,
        text=True,
        cwd=REPO,
        timeout=120,
        check=False,
    )


def _record(tmp_path: Path) -> Path:
    import random

    from tutor.rules.game import Game
    from tutor.rules.rulesets import make_rules

    game = Game.new(2, make_rules())
    rng = random.Random(2)
    while not game.is_over:
        game = game.apply(rng.choice(game.legal_actions()))
    path = tmp_path / "game.ecarte"
    save(game, path)
    return path


@pytest.mark.skipif(os.name != "posix", reason="pipes as on Unix")
def test_replay_into_a_closed_pipe_ends_quietly(tmp_path) -> None:
    done = _run_into_a_closed_pipe(["replay", str(_record(tmp_path))])
    assert done.stderr == ""
    assert done.returncode == 141


@pytest.mark.skipif(os.name != "posix", reason="pipes as on Unix")
def test_advise_into_a_closed_pipe_ends_quietly() -> None:
    request = {
        "decision": "propose",
        "role": "nondealer",
        "hand": ["JD", "TD", "JS", "9D", "8S"],
        "turnup": "KD",
    }
    done = _run_into_a_closed_pipe(["advise", "--engine", "random"], json.dumps(request) + "\n")
    assert done.stderr == ""
    assert done.returncode == 141


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_output_to_a_full_disk_is_a_message_not_a_traceback(tmp_path) -> None:
    """A tester's review: replay, review and advise with stdout on /dev/full printed a
    raw traceback from print."""
    record = str(_record(tmp_path))
    request = json.dumps({"decision": "propose", "role": "nondealer",
                          "hand": ["JD", "TD", "JS", "9D", "8S"], "turnup": "KD"})  # fmt: skip
    for args, stdin in ((["replay", record], ""), (["advise", "--engine", "random"], request)):
        with open("/dev/full", "w") as full:
            done = _run_writing_to(full, args, stdin + "\n")
        assert done.returncode == 1, args
        assert "Traceback" not in done.stderr
        assert "ecarte: cannot write: no space left on device" in done.stderr


class _GoneReader:
    def write(self, text: str) -> int:
        raise BrokenPipeError(errno.EPIPE, "Broken pipe")

    def flush(self) -> None:
        raise BrokenPipeError(errno.EPIPE, "Broken pipe")


def test_any_command_stops_quietly_when_its_reader_goes(tmp_path, monkeypatch) -> None:
    monkeypatch.setattr(sys, "stdout", _GoneReader())
    assert main(["replay", str(_record(tmp_path))]) == 141
    assert main(["texts", "check"]) == 141


@pytest.mark.parametrize(
    ("argv", "told"),
    [
        (["texts", "no/such"], "texts: no passage 'no/such'"),
        (["texts", "laws/38x"], "did you mean club-laws/38"),
        (
            ["lessons", "no-such"],
            "lessons: no lesson 'no-such' (the lessons, by number or id: 1 cards,",
        ),
    ],
)
def test_an_unknown_passage_or_lesson_is_told_on_the_command_line(monkeypatch, capsys, argv, told):
    monkeypatch.setattr(tutor.cli, "_open_app", lambda args: pytest.fail("the app opened"))
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert told in captured.err and not captured.out


def _table_record(tmp_path: Path, name: str) -> Path:
    from tutor.tables import make_table
    from tutor.tables.computer import Computer
    from tutor.tables.record import save as save_table

    table, computer = make_table(name, 4), Computer("random", 4)
    for _ in range(12):
        table = table.apply(computer.choose(table))
    path = tmp_path / f"{name}.rec"
    save_table(table, path)
    return path


def test_play_load_opens_a_table_record_at_its_table(monkeypatch, tmp_path):
    opened = []
    monkeypatch.setattr(tutor.cli, "_open_app", lambda args: opened.append(args) or 0)
    path = _table_record(tmp_path, "quatre")
    assert main(["play", "--load", str(path)]) == 0
    assert opened[-1].table == "quatre" and opened[-1].load == path
    assert main(["play", "--table", "quatre", "--load", str(path)]) == 0


def test_play_load_refuses_a_record_of_another_table_or_a_broken_one(monkeypatch, tmp_path, capsys):
    monkeypatch.setattr(tutor.cli, "_open_app", lambda args: pytest.fail("the app opened"))
    path = _table_record(tmp_path, "pool")
    assert main(["play", "--table", "six", "--load", str(path)]) == 2
    assert "is a record of the pool table, not of --table six" in capsys.readouterr().err
    broken = tmp_path / "broken.rec"
    broken.write_text(
        "# Écarté table record\nTable: quatre\nRules: french\nSeed: x\n", encoding="utf-8"
    )
    assert main(["play", "--load", str(broken)]) == 2
    assert f"{broken}:4: seed:" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "usage"), [(["play", "--bogus"], "ecarte play"), (["--bogus"], "ecarte")]
)
def test_an_unknown_option_is_told_with_its_commands_usage(argv, usage, capsys) -> None:
    """A tester's review: `ecarte play --bogus` printed the top level's usage."""
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert f"usage: {usage} " in err and f"{usage}: error: unrecognized arguments: --bogus" in err


@pytest.mark.parametrize(
    "folder,said", [("", "expected a folder, got ''"), ("/dev/null", "not a folder")]
)
def test_match_records_must_name_a_folder(folder, said, tmp_path, monkeypatch, capsys):
    """A tester's review: --records '' wrote the records into the current folder."""
    monkeypatch.chdir(tmp_path)
    try:
        code = tutor.analysis.match.main(["--deals", "1", "--records", folder])
    except SystemExit as ended:  # refused by the argument's own type
        code = ended.code
    assert code == 2
    assert said in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []
