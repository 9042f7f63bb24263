"""Where a screen may send the learner, and what it may ask of the app it lives in.

Screens know the app only through these protocols (``host``), so no screen imports
the App, which imports every screen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, cast

if TYPE_CHECKING:
    from textual.message_pump import MessagePump

    from tutor.app.services import Services


class Navigator(Protocol):
    """The places of the tutor; a link followed anywhere lands in the same place."""

    def home(self) -> None:
        """Back to the home screen."""

    def open_lessons(self, lesson_id: str | None = None) -> None:
        """The list of lessons, and on it the lesson ``lesson_id`` if given."""

    def open_lesson(self, ident: str, step: int | None = None) -> None:
        """A lesson at ``step`` (an index), or by default where the learner left it."""

    def open_review(self) -> None:
        """The steps due for review now, as one lesson (or a note that none are)."""

    def open_weak_spots(self) -> None:
        """The topics and lessons the learner finds hardest."""

    def open_first_deal(self) -> None:
        """One whole deal walked through, for a learner new to the game."""

    def open_drill(self, topic_key: str | None = None, seed: int | None = None) -> None:
        """A drill on a topic, or with None the list of topics."""

    def open_practice(self, ident: str) -> None:
        """One practice position, played out to its goal."""

    def open_passage(self, ident: str | None) -> None:
        """A passage in the texts screen (with None, the texts as they were left)."""


class Host(Navigator, Protocol):
    """The app as a screen sees it: the places to go and the shared services."""

    services: Services


def host(node: MessagePump) -> Host:
    """The app ``node`` (a screen or widget) lives in, as a ``Host``."""
    return cast("Host", node.app)


def services(node: MessagePump) -> Services:
    """The services of the app ``node`` lives in."""
    return host(node).services
