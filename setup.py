"""The build hook that ships the texts and lessons inside the package.

Everything else about the package is in pyproject.toml. The texts, the lessons
and the passage-id contract are edited where they stand, at the top of the
checkout (texts/, lessons/, docs/passage-ids.md); a built wheel (``pip install .``,
pipx) carries copies of them in ``tutor/data/``, where ``tutor.io.paths`` finds them
with importlib.resources. An editable install copies nothing: it reads the
top-level folders themselves, so the source tree never holds a second copy.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
SHIPPED = {
    # edited here (in the checkout or the sdist)  ->  shipped here (inside the package)
    "texts": "tutor/data/texts",
    "lessons": "tutor/data/lessons",
    "lessons/practice": "tutor/data/lessons/practice",
    "docs/passage-ids.md": "tutor/data/docs/passage-ids.md",
}
"""Keep in step with ``tutor.io.paths.PACKAGED``."""


def _sources(source: Path) -> list[Path]:
    """The regular, visible files of a shipped folder (or the one shipped file)."""
    if source.is_file():
        return [source]
    if not source.is_dir():
        raise FileNotFoundError(f"{source} is missing: the package cannot be built without it")
    return sorted(
        p for p in source.iterdir() if p.is_file() and not p.name.startswith((".", "#", "~"))
    )


class BuildPyWithData(build_py):
    """build_py, then the shipped folders copied into the build tree afresh."""

    def run(self) -> None:
        super().run()
        if self.editable_mode:
            return
        for source, target in SHIPPED.items():
            destination = Path(self.build_lib, target)
            if destination.is_dir():
                shutil.rmtree(destination)  # a file deleted from the source must not ship
            for file in _sources(HERE / source):
                place = destination / file.name if (HERE / source).is_dir() else destination
                place.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(file, place)

    def get_outputs(self, include_bytecode: bool = True) -> list[str]:
        outputs = list(super().get_outputs(include_bytecode))
        if self.editable_mode:
            return outputs
        for source, target in SHIPPED.items():
            for file in _sources(HERE / source):
                place = Path(target, file.name) if (HERE / source).is_dir() else Path(target)
                outputs.append(str(Path(self.build_lib, place)))
        return outputs


setup(cmdclass={"build_py": BuildPyWithData})
