"""Installed as a package (issue 12, item 15): the texts and lessons ship inside it.

The sdist is built from the checkout, the wheel from the sdist (as ``python -m
build`` and pipx do), the wheel installed into a fresh virtual environment
outside the checkout, and ``ecarte texts check`` and ``ecarte lessons check``
run from another directory. The fresh environment borrows the test
environment's dependencies (a path entry to its site-packages) so that the check
needs no network; the package itself comes only from the wheel, which the tests
make sure of.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import zipfile
from pathlib import Path

import pytest

import tutor.io.paths
from tutor.io.paths import LESSONS_ENV, REPO, TEXTS_ENV, shipped_dir

pytestmark = pytest.mark.xdist_group("wheel")
"""Under pytest-xdist (``make test``) the tests of the built wheel share one worker,
so the sdist, the wheel and the venv are made once."""

BUILD = "import setuptools.build_meta as backend, sys; print(backend.{}(sys.argv[1]))"


def _run(command: list[str], **kwargs) -> subprocess.CompletedProcess:
    done = subprocess.run(command, capture_output=True, text=True, check=False, **kwargs)
    assert done.returncode == 0, (
        f"{' '.join(map(str, command))} failed ({done.returncode}):\n{done.stdout}\n{done.stderr}"
    )
    return done


def _clean_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("ECARTE_") and k != "PYTHONPATH"}
    env.update(extra)
    return env


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> dict:
    root = tmp_path_factory.mktemp("installed")
    dist = root / "dist"
    dist.mkdir()
    built = _run([sys.executable, "-c", BUILD.format("build_sdist"), str(dist)], cwd=REPO)
    sdist = dist / built.stdout.strip().splitlines()[-1]
    with tarfile.open(sdist) as archive:
        safe = {"filter": "data"} if hasattr(tarfile, "data_filter") else {}
        archive.extractall(root / "sdist", **safe)
    (source,) = (root / "sdist").iterdir()
    built = _run([sys.executable, "-c", BUILD.format("build_wheel"), str(dist)], cwd=source)
    wheel = dist / built.stdout.strip().splitlines()[-1]

    venv = root / "venv"
    _run([sys.executable, "-m", "venv", "--without-pip", str(venv)])
    python = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    _run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            str(python),
            "install",
            "--quiet",
            "--no-deps",
            "--no-index",
            str(wheel),
        ]
    )
    purelib = Path(
        _run(
            [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"]
        ).stdout.strip()
    )
    borrowed = dict.fromkeys([sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]])
    (purelib / "ecarte-test-dependencies.pth").write_text("\n".join(borrowed) + "\n")

    elsewhere = root / "elsewhere"
    elsewhere.mkdir()
    ecarte = python.parent / ("ecarte.exe" if os.name == "nt" else "ecarte")
    env = _clean_env(ECARTE_DATA_DIR=str(root / "data"))
    return {
        "root": root,
        "wheel": wheel,
        "python": python,
        "ecarte": ecarte,
        "purelib": purelib,
        "cwd": elsewhere,
        "env": env,
    }


def test_the_wheel_carries_every_text_and_lesson(installed) -> None:
    names = set(zipfile.ZipFile(installed["wheel"]).namelist())
    for folder in ("texts", "lessons"):
        for file in (REPO / folder).iterdir():
            if file.is_file() and not file.name.startswith("."):
                assert f"tutor/data/{folder}/{file.name}" in names
    assert "tutor/data/docs/passage-ids.md" in names
    assert "tutor/data/study.json" in names


def test_the_package_comes_from_the_wheel_not_the_checkout(installed) -> None:
    where = _run(
        [
            str(installed["python"]),
            "-c",
            "import tutor, tutor.io.paths as p; print(tutor.__file__, p.TEXTS_DIR, p.LESSONS_DIR)",
        ],
        cwd=installed["cwd"],
        env=installed["env"],
    ).stdout.split()
    for path in where:
        assert Path(path).is_relative_to(installed["purelib"]), where


def test_texts_check_passes_from_another_directory(installed) -> None:
    done = _run(
        [str(installed["ecarte"]), "texts", "check"], cwd=installed["cwd"], env=installed["env"]
    )
    assert "no faults" in done.stdout


def test_lessons_check_finds_every_lesson_from_another_directory(installed) -> None:
    done = _run(
        [str(installed["ecarte"]), "lessons", "check"], cwd=installed["cwd"], env=installed["env"]
    )
    lessons = len(list((REPO / "lessons").glob("*.toml")))
    assert f"total: {lessons} lessons" in done.stdout
    assert " 0 faults" in done.stdout


def test_practice_check_proves_the_shipped_positions_from_another_directory(installed) -> None:
    names = set(zipfile.ZipFile(installed["wheel"]).namelist())
    for file in (REPO / "lessons" / "practice").iterdir():
        assert f"tutor/data/lessons/practice/{file.name}" in names
    done = _run(
        [str(installed["ecarte"]), "practice", "check"], cwd=installed["cwd"], env=installed["env"]
    )
    assert " 0 faults" in done.stdout


def test_the_environment_still_redirects_an_installed_package(installed) -> None:
    lessons = installed["root"] / "my-lessons"
    lessons.mkdir()
    shutil.copy(REPO / "lessons" / "01-cards.toml", lessons)
    env = dict(
        installed["env"], ECARTE_LESSONS_DIR=str(lessons), ECARTE_TEXTS_DIR=str(REPO / "texts")
    )
    done = _run([str(installed["ecarte"]), "lessons", "check"], cwd=installed["cwd"], env=env)
    assert "total: 1 lessons" in done.stdout
    where = _run(
        [str(installed["python"]), "-c", "import tutor.io.paths as p; print(p.TEXTS_DIR)"],
        cwd=installed["cwd"],
        env=env,
    ).stdout.strip()
    assert Path(where) == REPO / "texts"


# --- where the folders are looked for, in-process ------------------------------------


def test_the_environment_variable_comes_first(monkeypatch, tmp_path) -> None:
    monkeypatch.setenv(TEXTS_ENV, str(tmp_path))
    assert shipped_dir("texts", TEXTS_ENV) == tmp_path


def test_a_packaged_copy_comes_before_the_checkout(monkeypatch, tmp_path) -> None:
    monkeypatch.delenv(LESSONS_ENV, raising=False)
    (tmp_path / "data" / "lessons").mkdir(parents=True)
    monkeypatch.setattr(tutor.io.paths.resources, "files", lambda package: tmp_path)
    assert shipped_dir("lessons", LESSONS_ENV) == tmp_path / "data" / "lessons"


def test_a_checkout_reads_its_top_level_folders(monkeypatch, tmp_path) -> None:
    monkeypatch.delenv(LESSONS_ENV, raising=False)
    monkeypatch.setattr(tutor.io.paths.resources, "files", lambda package: tmp_path)
    assert shipped_dir("lessons", LESSONS_ENV) == REPO / "lessons"
