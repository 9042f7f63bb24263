"""Where the project's data lives; each can be redirected by an environment variable
so tests never touch a user's real files."""

from __future__ import annotations

import os
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
TEXTS_DIR = Path(os.environ.get("ECARTE_TEXTS_DIR", REPO / "texts"))
LESSONS_DIR = Path(os.environ.get("ECARTE_LESSONS_DIR", REPO / "lessons"))
DATA_DIR_ENV = "ECARTE_DATA_DIR"


def data_dir() -> Path:
    """The learner's data directory (progress, saved games): platformdirs unless overridden."""
    override = os.environ.get(DATA_DIR_ENV)
    if override:
        return Path(override)
    from platformdirs import user_data_dir

    return Path(user_data_dir("ecarte-tutor", appauthor=False))
