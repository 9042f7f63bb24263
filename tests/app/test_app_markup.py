"""Markup in data or typed input is shown as text, never parsed (issue 12, item 3), and
saved games that are not regular files are passed over (issue 12, item 5).

Textual parses a ``str`` as content markup in notifications, Static and Label widgets,
OptionList prompts and Tree labels: ``[/]`` raised ``MarkupError`` (the app died) and
``[@click=app.quit]x[/]`` drew a live action. Each way in is driven here with both: the
app keeps running, the text is shown as written, and nothing on the screen can click
``app.quit``.
"""

from __future__ import annotations

import os
import shutil

import pytest
from app_helpers import SIZE, create_app, run, settle
from textual.widgets import RichLog
from textual.widgets._toast import Toast

import tutor.io.paths
from tutor.app.progress import games_dir, saved_games
from tutor.app.screens.lesson import LessonScreen
from tutor.app.screens.play import PlayScreen
from tutor.app.screens.records import LoadGameScreen
from tutor.app.screens.texts import TextsScreen
from tutor.io.paths import REPO
from tutor.rules.game import Game
from tutor.rules.record import save
from tutor.rules.rulesets import make_rules

CLICK = "[@click=app.quit]x[/]"
TRAPS = ("[/]", "[/oops]", CLICK)

KEYS = {
    "[": "left_square_bracket",
    "]": "right_square_bracket",
    "/": "slash",
    "@": "at",
    "=": "equals_sign",
    ".": "full_stop",
}


def toasts(app) -> list[str]:
    """The notifications on the screen, as drawn."""
    return [toast.render().plain for toast in app.screen.query(Toast)]


def drawn(app) -> tuple[str, set[str]]:
    """The whole screen as drawn now: its text, and the click action of every cell."""
    update = app.screen._compositor.render_full_update()
    lines, actions = [], set()
    for line in update.strips:
        segments = [segment for strip in line for segment in strip]
        lines.append("".join(segment.text for segment in segments))
        actions.update(
            segment.style.meta["@click"]
            for segment in segments
            if segment.style is not None and "@click" in segment.style.meta
        )
    return "\n".join(lines), actions


def assert_safe(app, *shown: str) -> None:
    """Each of ``shown`` is on the screen as written, and no cell can quit the app."""
    text, actions = drawn(app)
    notes = "\n".join(toasts(app))
    for expected in shown:
        assert expected in text or expected in notes, f"{expected!r} not shown"
    assert not [a for a in actions if "quit" in a], actions


async def type_text(pilot, text: str) -> None:
    for char in text:
        await pilot.press(KEYS.get(char, char))


def saved_record(path, players: str | None = None, extra: str = ""):
    """A saved game record at ``path`` (players renamed, lines added, if asked)."""
    save(Game.new(5, make_rules("english", 5)), path)
    text = path.read_text(encoding="utf-8")
    if players is not None:
        text = text.replace("Players: South vs North", f"Players: {players}")
    path.write_text(text + extra, encoding="utf-8")
    return path


@pytest.fixture
def texts_with_traps(tmp_path, monkeypatch):
    """The texts, with a passage title and a sentence holding markup (both valid texts)."""
    root = tmp_path / "texts"
    shutil.copytree(REPO / "texts", root)
    path = root / "club-laws.md"
    source = path.read_text(encoding="utf-8")
    for old, new in [
        (
            '{#club-laws/intro title="The pack and the ranking of the cards"}',
            f'{{#club-laws/intro title="The pack [/] and {CLICK}"}}',
        ),
        ("The card game of Ecarte is played", f"The card game of Ecarte [/] {CLICK} is played"),
    ]:
        assert old in source
        source = source.replace(old, new)
    path.write_text(source, encoding="utf-8")
    monkeypatch.setattr(tutor.io.paths, "TEXTS_DIR", root)
    return root


# --- (a) a search typed with markup ----------------------------------------------------


@pytest.mark.parametrize("typed", TRAPS)
@run
async def test_a_search_typed_with_markup_is_shown_as_text(typed):
    app = create_app(start="texts")
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(pilot)
        await pilot.press("slash")
        await type_text(pilot, typed)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, TextsScreen)
        assert f"Nothing found for {typed!r}." in toasts(app)
        assert_safe(app)


# --- (b) a lesson fault quoting markup, at start -----------------------------------------


@pytest.mark.parametrize("answer", TRAPS)
@run
async def test_a_lesson_fault_with_markup_is_shown_as_text_at_start(answer):
    (tutor.io.paths.LESSONS_DIR / "03-trap.toml").write_text(
        'id = "trap"\ntitle = "Trap"\nsummary = "x"\npassages = ["club-laws/intro"]\n'
        f'[[steps]]\nid = "s"\nquestion = "mark_king"\nexpected = {answer!r}\n'
        'hint = "king/announce"\nexplanation = "x"\n[steps.position]\nrole = "nondealer"\n'
        'hand = "KH 8H 7S KS 8C"\nturnup = "9H"\n',
        encoding="utf-8",
    )
    app = create_app()
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(pilot)
        said = [t for t in toasts(app) if "problem in the lessons" in t]
        assert len(said) == 1 and f"unknown action {answer!r}" in said[0]
        assert_safe(app)


# --- (c) a saved game with markup in it --------------------------------------------------


@pytest.mark.parametrize("line", TRAPS)
@run
async def test_loading_a_record_with_a_markup_line_is_a_message(tmp_path, line):
    path = saved_record(tmp_path / "bad.txt", extra=f"{line}\n")
    app = create_app(start="play", load=path, engine="random", seed=3)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, PlayScreen)
        said = [t for t in toasts(app) if t.startswith("Could not load")]
        assert len(said) == 1 and f"got {line!r}" in said[0]
        assert_safe(app)


@run
async def test_player_names_with_markup_are_shown_as_text(tmp_path):
    path = saved_record(tmp_path / "names.txt", players=f"[/] vs {CLICK}")
    app = create_app(start="play", load=path, engine="random", seed=3)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, PlayScreen) and screen.names == ("[/]", CLICK)
        # labels, the prompt, the scoreboard and the log all name the players
        assert_safe(app, "[/] — you", f"{CLICK} (")
        logged = "\n".join(strip.text for strip in screen.query_one(RichLog).lines)
        assert "[/]" in logged and CLICK in logged
        for _ in range(12):  # play the deal out: the summary names them too
            if not screen.learner_kinds():
                break
            await pilot.press("p" if "play" in screen.learner_kinds() else "1")
            await pilot.press("a" if "accept" in screen.learner_kinds() else "1")
            await settle(pilot)
        assert_safe(app)


# --- (d) a passage title with markup in the contents ---------------------------------


@run
async def test_a_passage_title_with_markup_is_shown_in_the_contents(texts_with_traps):
    app = create_app(start="texts", passage_id="club-laws/intro")
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TextsScreen)
        assert app.services.library is not None and not app.services.library.faults
        assert_safe(app, f"The pack [/] and {CLICK}", f"Ecarte [/] {CLICK} is")
        # and the same sentence in a search result
        await pilot.press("slash")
        await type_text(pilot, "quit")
        await pilot.press("enter")
        await settle(pilot)
        assert_safe(app, f"Ecarte [/] {CLICK} is")


# --- the header, a lesson's own text and saved games' names --------------------------------


@run
async def test_a_lesson_with_markup_in_its_text_is_shown_as_text():
    path = tutor.io.paths.LESSONS_DIR / "01-test.toml"
    source = path.read_text(encoding="utf-8")
    source = source.replace('title = "A test lesson"', f'title = "Tricky [/] {CLICK}"')
    source = source.replace('text = "36"', f'text = "36 [/] {CLICK}"')
    source = source.replace("How many cards are in", f"[/] {CLICK} How many cards are in")
    path.write_text(source, encoding="utf-8")
    app = create_app(start="lessons", lesson_id="test-lesson")
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, LessonScreen)
        # the header's subtitle, the question and an OptionList choice
        assert_safe(app, f"Tricky [/] {CLICK}", f"[/] {CLICK} How many", f"36 [/] {CLICK}")
        await pilot.press("escape")
        await settle(pilot)
        assert_safe(app, f"Tricky [/] {CLICK}")


@run
async def test_saved_game_names_and_folder_with_markup_are_shown_as_text(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # a short path, so the dialog shows it whole
    monkeypatch.setenv("ECARTE_DATA_DIR", f"data {CLICK} [/]")
    games_dir().mkdir(parents=True)
    # the picker tells a record by its game (players from the file), one that will
    # not load by its name (a name holds no "/")
    saved_record(games_dir() / "a.txt", players=f"[b]{CLICK} vs [/]North")
    (games_dir() / "[@click=app.quit]x [b].txt").write_text("not a record", encoding="utf-8")
    app = create_app(start="play", engine="random", seed=3)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(pilot)
        await pilot.press("l")
        await settle(pilot)
        assert isinstance(app.screen, LoadGameScreen)
        assert_safe(app, f"[b]{CLICK}", "[@click=app.quit]x [b].txt — cannot", f"data {CLICK} [/]")


@pytest.mark.parametrize("topic", TRAPS)
@run
async def test_a_drill_topic_typed_with_markup_is_shown_as_text(topic):
    app = create_app(start="drill", drill_topic=topic)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(pilot)
        assert any(topic in t for t in toasts(app))
        assert_safe(app)


@run
async def test_every_notification_is_plain_text_whatever_the_caller_asks():
    app = create_app()
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(pilot)
        app.screen.notify(CLICK, title="[/]", markup=True)
        app.notify(f"[b]{CLICK}[/b]", markup=True)
        await settle(pilot)
        assert CLICK in "\n".join(toasts(app)) and f"[b]{CLICK}[/b]" in "\n".join(toasts(app))
        assert_safe(app)


# --- item 5: what games/ holds besides saved games -----------------------------------


def awkward_games_folder():
    """games/ with one record, and a dangling link, a link loop, a directory and a FIFO
    all named like records."""
    folder = games_dir()
    folder.mkdir(parents=True)
    good = saved_record(folder / "good.txt")
    (folder / "gone.txt").symlink_to(folder / "missing.txt")
    (folder / "loop.txt").symlink_to(folder / "loop.txt")
    (folder / "dir.txt").mkdir()
    if hasattr(os, "mkfifo"):
        os.mkfifo(folder / "fifo.txt")
    return good


def test_saved_games_are_the_regular_files_only():
    good = awkward_games_folder()
    assert saved_games() == [good]


def test_a_games_folder_that_is_a_link_loop_holds_no_games():
    games_dir().parent.mkdir(parents=True)
    games_dir().symlink_to(games_dir())
    assert saved_games() == []


@run
async def test_the_app_starts_and_loads_past_links_that_go_nowhere():
    awkward_games_folder()
    app = create_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert "Saved games: 1 (latest: " in drawn(app)[0]
        await pilot.press("p")
        await settle(pilot)
        assert isinstance(app.screen, PlayScreen)
        await pilot.press("l")
        await settle(pilot)
        assert isinstance(app.screen, LoadGameScreen)
        listed = app.screen.query_one("#load-list")
        assert [listed.get_option_at_index(i).id for i in range(listed.option_count)] == [
            str(games_dir() / "good.txt")
        ]
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, PlayScreen)
        logged = "\n".join(strip.text for strip in app.screen.query_one(RichLog).lines)
        assert "Loaded good.txt" in logged


def test_markdown_literal_reads_as_the_text_it_quotes():
    from markdown_it import MarkdownIt

    from tutor.app.markup import markdown_literal

    said = "*x* [a](b) # 1. \\ _c_ <b>q</b> `z`"
    html = MarkdownIt("commonmark").render(markdown_literal(said))
    assert html == "<p>*x* [a](b) # 1. \\ _c_ &lt;b&gt;q&lt;/b&gt; `z`</p>\n"


@run
async def test_an_engine_failure_in_the_hint_is_shown_as_text():
    """An exception's message goes into the hint's Markdown quoted, not read as Markdown."""
    app = create_app(start="play", engine="random", seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, PlayScreen)

        class Failing:
            def advise(self, info):
                raise RuntimeError(f"**no** [link](http://x) {CLICK}")

        screen.advisor = Failing()
        await pilot.press("question_mark")
        await settle(pilot)
        source = screen.query_one("#advice").source
        assert source.startswith("*The engine could not advise: \\*\\*no\\*\\*")
        assert "\\[link\\]\\(http" in source
        assert_safe(app)
