"""The app's services: each part loaded once, when first asked for; a part that cannot
be loaded is told, never fatal; a test builds them with fakes; screens read them
through the app (``create_app(services=...)``)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from app_helpers import SIZE, create_app, run, settle

from tutor.app.services import LessonsUnavailable, Services
from tutor.practice.record import LESSON as PRACTICE
from tutor.store.progress import Progress


def fake_curriculum():
    step = SimpleNamespace(id="pack")
    return SimpleNamespace(lessons=[SimpleNamespace(id="test-lesson", steps=[step])], faults=[])


def fake_positions(*known: str, faults: tuple = ()):
    return SimpleNamespace(
        by_id=lambda ident: ident if ident in known else None, faults=list(faults), positions=[]
    )


def test_each_part_is_loaded_once_and_only_when_asked_for(tmp_path):
    calls: list[str] = []

    def counted(name, value):
        def load():
            calls.append(name)
            return value

        return load

    services = Services(
        load_library=counted("library", "LIBRARY"),
        load_curriculum=counted("curriculum", fake_curriculum()),
        open_progress=counted("progress", Progress(tmp_path / "progress.sqlite3")),
        load_positions=counted("positions", fake_positions()),
    )
    assert calls == []
    for _ in range(2):
        assert services.library == "LIBRARY"
        assert services.curriculum().lessons[0].id == "test-lesson"
        assert services.progress is services.progress
        assert services.positions.positions == []
    assert calls == ["library", "curriculum", "progress", "positions"]
    assert services.saved_games is None


def test_a_part_that_cannot_be_loaded_is_told_not_raised():
    def broken():
        raise ValueError("lessons/01-x.toml, line 3: not valid TOML")

    services = Services(load_library=broken, load_curriculum=broken)
    assert services.library is None
    assert services.library_error == (
        "The texts could not be loaded: lessons/01-x.toml, line 3: not valid TOML"
    )
    with pytest.raises(LessonsUnavailable, match="the lessons could not be loaded: lessons/01"):
        services.curriculum()


def test_a_review_stands_while_its_step_or_position_does(tmp_path):
    services = Services(
        load_curriculum=fake_curriculum,
        open_progress=lambda: Progress(tmp_path / "progress.sqlite3"),
        load_positions=lambda: fake_positions("draw-trumps-1"),
    )
    known = services.progress.known
    assert known("test-lesson", "pack")
    assert not known("test-lesson", "gone") and not known("no-such-lesson", "pack")
    assert known(PRACTICE, "draw-trumps-1") and not known(PRACTICE, "gone")
    assert known("drill:trumps", "anything") and known("game:7", "anything")


def test_closing_closes_the_store_and_a_later_use_opens_it_again(tmp_path):
    opened: list[Progress] = []

    def open_progress():
        opened.append(Progress(tmp_path / "progress.sqlite3"))
        return opened[-1]

    services = Services(open_progress=open_progress)
    services.close()  # nothing opened: nothing to close
    services.progress.save_place("test-lesson", "pack")
    services.close()
    assert services.progress.places() == {"test-lesson": "pack"}
    assert len(opened) == 2


@run
async def test_an_app_made_with_fake_services_shows_them(tmp_path):
    def broken():
        raise ValueError("a fake that fails")

    services = Services(
        load_curriculum=broken, open_progress=lambda: Progress(tmp_path / "p.sqlite3")
    )
    app = create_app(start="lessons", services=services)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert app.services is services
        head = str(app.screen.query_one("#lessons-head").render())
        assert "the lessons could not be loaded: a fake that fails" in head
