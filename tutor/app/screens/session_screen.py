"""What the play and table screens share in drawing a session (``tutor.play``): its
notices, its log's lines, and the questions asked before a game is put away, dealt
again or replaced by a saved one."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual.screen import Screen
from textual.widgets import RichLog

from tutor.app.screens.confirm import ask_then
from tutor.play.protocol import Notice, Session


class SessionScreen(Screen[None]):
    """A screen that holds a ``session`` and a ``RichLog`` for its log."""

    session: Session

    def must_ask(self) -> bool:
        """Whether putting the game away loses something (then it asks first)."""
        return self.session.unsaved

    if TYPE_CHECKING:  # provided by the screen that holds the session

        def abandon_question(self, for_what: str) -> str: ...

    def tell(self, *notices: Notice | None) -> None:
        for notice in notices:
            if notice is not None:
                self.notify(notice.message, title=notice.title, severity=notice.severity)

    def log_line(self, text: str) -> None:
        self.query_one(RichLog).write(text)

    def log_lines(self, lines: Iterable[str]) -> None:
        for line in lines:
            self.log_line(line)

    def abandoning(self, then: Callable[[], None], for_what: str, yes: str) -> None:
        """Do ``then``, which puts the game on the table away: at once if nothing would
        be lost, else only if the learner says so."""
        if not self.must_ask():
            then()
            return
        ask_then(self.app, self.abandon_question(for_what), yes, then)

    def offer_redeal(self, question: str | None, yes: str, redeal: Callable[[], None]) -> None:
        """Deal again at once, or after asking ``question`` (a deal already over)."""
        if question is None:
            redeal()
        else:
            ask_then(self.app, question, yes, redeal)

    def pick_then_load(self, picker: Screen[Path | None], load: Callable[[Path], None]) -> None:
        """A saved record chosen in ``picker``, loaded (after asking, if need be)."""

        def chosen(path: Path | None) -> None:
            if path is not None:
                self.abandoning(lambda: load(path), path.name, "Abandon it: load the saved game")

        self.app.push_screen(picker, chosen)

    def action_save(self) -> None:
        try:
            path = self.session.save()
        except OSError as exc:
            self.notify(f"Could not save: {exc}", severity="error")
            return
        self.notify(f"Saved to {path}", title="Saved")


class FromSession:
    """A screen's attribute that is its session's (``game = FromSession()``): the
    screen reads and sets it as its own, the session keeps it."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, screen: SessionScreen | None, owner: type | None = None) -> Any:
        if screen is None:
            return self
        return getattr(screen.session, self.name)

    def __set__(self, screen: SessionScreen, value: object) -> None:
        setattr(screen.session, self.name, value)
