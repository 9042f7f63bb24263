"""Where the project's data lives; each can be redirected by an environment variable
so tests never touch a user's real files.

The texts and lessons are edited in the checkout's top-level ``texts/`` and
``lessons/``. A built package (a wheel, ``pip install .``, pipx) carries copies
inside itself, in ``tutor/data/`` (setup.py puts them there), found here with
importlib.resources; a checkout or an editable install has no such copy and
reads the top-level folders.
"""

from __future__ import annotations

import os
from importlib import resources
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
PACKAGED = "data"
"""The folder inside the package that holds the shipped texts and lessons (setup.py)."""
TEXTS_ENV = "ECARTE_TEXTS_DIR"
LESSONS_ENV = "ECARTE_LESSONS_DIR"
DATA_DIR_ENV = "ECARTE_DATA_DIR"


def shipped_dir(name: str, env: str) -> Path:
    """The folder ``name`` (``texts`` or ``lessons``): the environment variable
    ``env`` if set, else the copy inside the installed package, else the checkout's."""
    override = os.environ.get(env)
    if override:
        return Path(override)
    packaged = resources.files("tutor").joinpath(PACKAGED, name)
    if isinstance(packaged, Path) and packaged.is_dir():
        return packaged
    return REPO / name


TEXTS_DIR = shipped_dir("texts", TEXTS_ENV)
LESSONS_DIR = shipped_dir("lessons", LESSONS_ENV)
PRACTICE_ENV = "ECARTE_PRACTICE_DIR"
PRACTICE_DIR = Path(os.environ.get(PRACTICE_ENV) or LESSONS_DIR / "practice")
"""The practice positions (``lessons/practice/``): beside the lessons, and redirected
on their own, so that tests of the lessons leave the practice alone."""


def data_dir() -> Path:
    """The learner's data directory (progress, saved games): platformdirs unless overridden."""
    override = os.environ.get(DATA_DIR_ENV)
    if override:
        return Path(override)
    from platformdirs import user_data_dir

    return Path(user_data_dir("ecarte-tutor", appauthor=False))
