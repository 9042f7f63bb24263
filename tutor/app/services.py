"""What the screens share: the texts library, the curriculum, the learner's progress,
the practice positions and the saved games.

One ``Services`` is built by ``create_app`` and reached by every screen through the
app (``tutor.app.navigation.host``). Each part is loaded when first asked for and
kept; a part that cannot be loaded is reported, never fatal. Tests build one with
fakes by passing their own loaders.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tutor.lessons.model import Curriculum
    from tutor.practice.defence import Defence
    from tutor.practice.loader import PositionSet
    from tutor.store.progress import Progress
    from tutor.texts.library import Library


class LessonsUnavailable(RuntimeError):
    """The lessons could not be loaded; the message says why, for a notification."""


def _load_library() -> Library:
    from tutor.texts import load_library

    return load_library()


def _load_curriculum() -> Curriculum:
    from tutor.lessons import load_curriculum

    return load_curriculum()


def _open_progress() -> Progress:
    from tutor.store.progress import Progress

    return Progress()


def _load_positions() -> PositionSet:
    from tutor.practice.loader import load_positions

    return load_positions()


def _make_defence() -> Defence:
    from tutor.practice.defence import Defence

    return Defence()


class Services:
    """The app's shared data, each part loaded once, on first use.

    ``saved_games`` is the saved-games store, or None where the screens still keep
    their saved-game files themselves.
    """

    def __init__(
        self,
        *,
        load_library: Callable[[], Library] = _load_library,
        load_curriculum: Callable[[], Curriculum] = _load_curriculum,
        open_progress: Callable[[], Progress] = _open_progress,
        load_positions: Callable[[], PositionSet] = _load_positions,
        make_defence: Callable[[], Defence] = _make_defence,
        saved_games: object | None = None,
    ) -> None:
        self._load_library = load_library
        self._load_curriculum = load_curriculum
        self._open_progress = open_progress
        self._load_positions = load_positions
        self._make_defence = make_defence
        self.saved_games = saved_games
        self._library: Library | None = None
        self._library_error: str | None = None
        self._curriculum: Curriculum | None = None
        self._progress: Progress | None = None
        self._positions: PositionSet | None = None
        self._defence: Defence | None = None

    # the texts

    @property
    def library(self) -> Library | None:
        """The texts library, or None (with ``library_error`` saying why)."""
        if self._library is None and self._library_error is None:
            try:
                self._library = self._load_library()
            except Exception as exc:  # a broken texts folder must not stop the app
                self._library_error = f"The texts could not be loaded: {exc}"
        return self._library

    @property
    def library_error(self) -> str | None:
        return self._library_error

    # the lessons

    def curriculum(self) -> Curriculum:
        """The curriculum (lessons/ by default); raises LessonsUnavailable with a reason.
        A curriculum that failed to load is tried again at the next call."""
        if self._curriculum is None:
            try:
                self._curriculum = self._load_curriculum()
            except Exception as exc:  # a broken lesson file must not stop the app
                raise LessonsUnavailable(f"the lessons could not be loaded: {exc}") from None
        return self._curriculum

    # the learner's progress

    @property
    def progress(self) -> Progress:
        """The learner's progress store, opened once (data_dir()/progress.sqlite3)."""
        if self._progress is None:
            self._progress = self._open_progress()
            self._progress.known = self.names_a_step
        return self._progress

    def names_a_step(self, lesson: str, step: str) -> bool:
        """Whether a review's (lesson, step) is still a step to take: a lesson's step in
        the curriculum, a practice position, or a drill's or a game's position (dealt
        again from its key). With the lessons unavailable, every review stands."""
        from tutor.store.review_keys import ReviewKey, Source

        key = ReviewKey.of(lesson)
        if key.dealt_again:
            return True
        if key.source is Source.PRACTICE:
            return self.positions.by_id(step) is not None or bool(self.positions.faults)
        try:
            lessons = {each.id: each for each in self.curriculum().lessons}
        except LessonsUnavailable:
            return True
        return lesson in lessons and any(s.id == step for s in lessons[lesson].steps)

    # practice

    @property
    def positions(self) -> PositionSet:
        """The practice positions (with the faults of the file, if any)."""
        if self._positions is None:
            self._positions = self._load_positions()
        return self._positions

    @property
    def defence(self) -> Defence:
        """One adversarial defence for every practice position: its memo serves them all."""
        if self._defence is None:
            self._defence = self._make_defence()
        return self._defence

    def close(self) -> None:
        """Close the progress store (a later use opens it again)."""
        if self._progress is not None:
            self._progress.close()
            self._progress = None
