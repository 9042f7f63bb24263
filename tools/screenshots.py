"""Remake the README's pictures: SVG screenshots taken by Textual itself.

The app runs headless (``App.run_test``) at 100×30 on a fresh, empty learner data
folder, so the pictures show what a newcomer sees and never the maker's progress:

- ``docs/images/lesson.svg``: the first step of the lesson on the one-trump jeux de
  règle, the passage beside the position, after one clue;
- ``docs/images/table.svg``: a game against the hints engine (seed 3) at its first
  decision, with the advice asked for (``?``).

    .venv/bin/python tools/screenshots.py [--out DIR]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import tempfile
from pathlib import Path

SIZE = (100, 30)
IMAGES = Path(__file__).resolve().parent.parent / "docs" / "images"
LESSON = "jeux-de-regle-few-trumps"
SEED = 3


async def _settle(pilot) -> None:
    """Let screens switch and workers (the engine) finish."""
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause(0.2)
    await pilot.app.workers.wait_for_complete()


async def _shoot(app, keys: tuple[str, ...], path: Path) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await _settle(pilot)
        for key in keys:
            await pilot.press(key)
            await _settle(pilot)
        app.save_screenshot(filename=path.name, path=str(path.parent))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=IMAGES, help="folder for the SVGs")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    os.environ["TEXTUAL_ANIMATIONS"] = "none"
    with tempfile.TemporaryDirectory() as data:
        os.environ["ECARTE_DATA_DIR"] = data  # read when the app opens the store
        from tutor.app import Options, create_app

        shots = {
            "lesson.svg": create_app(Options(start="lessons", lesson_id=LESSON)),
            "table.svg": create_app(Options(start="play", seed=SEED, engine="hints")),
        }
        for name, app in shots.items():
            asyncio.run(_shoot(app, ("question_mark",), args.out / name))
            print(args.out / name)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
