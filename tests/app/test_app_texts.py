"""The texts screen: a passage opened by id, links followed, readings switched."""

from __future__ import annotations

from app_helpers import SIZE, create_app, run, settle
from textual.widgets import Markdown

from tutor.app.screens.help import HelpScreen
from tutor.app.screens.home import HomeScreen
from tutor.app.screens.lesson import LessonScreen
from tutor.app.screens.play import PlayScreen
from tutor.app.screens.texts import TextsScreen


def click_link(app, href: str) -> None:
    widget = app.screen.query_one("#original")
    widget.post_message(Markdown.LinkClicked(widget, href))


@run
async def test_opens_law_38_and_follows_links():
    app = create_app(start="texts", passage_id="club-laws/38")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, TextsScreen)
        assert screen.current == "club-laws/38"
        assert "38.--If the dealer accept" in screen.query_one("#original").source

        click_link(app, "passage:club-laws/42")
        await settle(pilot)
        assert screen.current == "club-laws/42"

        click_link(app, "glossary:vole")
        await settle(pilot)
        assert screen.current == "glossary/vole"

        await pilot.press("backspace")
        await settle(pilot)
        assert screen.current == "club-laws/42"

        click_link(app, "lesson:test-lesson")
        await settle(pilot)
        assert isinstance(app.screen, LessonScreen)
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is screen


@run
async def test_readings_ids_and_search():
    app = create_app(start="texts", passage_id="club-laws/38")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        corrected = screen.query_one("#original").source
        await pilot.press("e")
        await settle(pilot)
        received = screen.query_one("#original").source
        assert "⟨at⟩ many as" in received and "⟨as⟩ many as" in corrected
        await pilot.press("i")
        await settle(pilot)
        assert "`club-laws/38`" in screen.query_one("#original").source
        await pilot.press("slash")
        await pilot.pause()
        await pilot.press(*"turn up a king", "enter")
        await settle(pilot)
        results = screen.query_one("#results")
        assert results.display and results.option_count > 0
        # the results say how many and how to reach them
        assert results.border_title == (
            f"{results.option_count} found · ↑↓ and Enter to open"
        )
        await pilot.press("enter")
        await settle(pilot)
        assert screen.current != "club-laws/38"


@run
async def test_french_passage_shows_translation_beside():
    app = create_app(start="texts", passage_id="french/valeur")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert screen.query_one("#aligned").display
        english = [m.source for m in screen.query(".pair > .en")]
        assert any("King, queen, knave" in text for text in english)


@run
async def test_home_reaches_every_screen():
    app = create_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, HomeScreen)
        for key, kind in (("p", PlayScreen), ("t", TextsScreen), ("f1", HelpScreen)):
            await pilot.press(key)
            await settle(pilot)
            assert isinstance(app.screen, kind)
            await pilot.press("escape")
            await settle(pilot)
            assert isinstance(app.screen, HomeScreen)


@run
async def test_home_buttons_open_their_screens_with_the_mouse():
    from tutor.app.screens.lessons import LessonsScreen

    app = create_app(seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        for button, kind in (("#use-lessons", LessonsScreen), ("#use-texts", TextsScreen)):
            await pilot.click(button)
            await settle(pilot)
            assert isinstance(app.screen, kind)
            await pilot.press("escape")
            await settle(pilot)
            assert isinstance(app.screen, HomeScreen)


@run
async def test_the_first_enter_on_the_contents_opens_the_first_document():
    # A learner review: Enter did nothing until an arrow key put the cursor on a line.
    from textual.widgets import Tree

    app = create_app(start="texts")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        tree = app.screen.query_one(Tree)
        assert tree.has_focus and tree.cursor_node is not None
        await pilot.press("enter")
        await settle(pilot)
        assert tree.cursor_node.is_expanded


@run
async def test_passages_of_one_title_citing_a_passage_are_told_apart():
    # A learner review: "Cited by • Singly guarded • Singly guarded" (the glossary
    # entry and the reading).
    app = create_app(start="texts", passage_id="britannica-9/hints/three-queens")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, TextsScreen)
        links = screen.links_markdown("britannica-9/hints/three-queens")
        assert "Singly guarded (Glossary)" in links
        assert "Singly guarded (Readings of the Hints)" in links


def test_a_rule_titled_after_its_passage_links_from_its_title():
    from tutor.app.advice import titled_sources
    from tutor.hints import HINTS
    from tutor.texts import load_library

    rule = HINTS["refuse/exception-7"]
    shown = titled_sources(rule.title, rule.sources, load_library())
    assert shown.startswith(f"[{rule.title}](passage:britannica-9/hints/refusing/7)")
    assert shown.count("Refusing, exception 7") == 1


@run
async def test_a_lesson_link_from_a_passage_opens_the_step_that_cites_it():
    # A learner review: "Lessons that teach it" under law 38 opened step 1 of 24, not
    # the step on law 38. The test lesson cites britannica-9/play at its second step.
    app = create_app(start="texts", passage_id="britannica-9/play")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        source = screen.query_one("#original").source
        assert "[Lesson 1: A test lesson, step 2](lesson:test-lesson#1)" in source
        click_link(app, "lesson:test-lesson#1")
        await settle(pilot)
        assert isinstance(app.screen, LessonScreen)
        assert app.screen.index == 1


@run
async def test_a_link_followed_from_the_keyboard_moves_the_contents_to_its_passage():
    """A tester's review: Tab to a link into another document (a reading), Enter: the
    text changed, the contents stayed on the old place."""
    from textual.widgets import Tree

    app = create_app(start="texts", passage_id="britannica-9/hints/jeux-de-regle")
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        screen = app.screen
        tree = screen.query_one(Tree)
        reader = screen.query_one("#original")
        reader.focus()
        await pilot.pause()
        target = next(i for i, link in enumerate(reader.links()) if "readings/" in link.href)
        for _ in range(target + 1):
            await pilot.press("tab")
        href = reader.links()[reader.current].href
        await pilot.press("enter")
        await settle(pilot)
        ident = href.removeprefix("passage:")
        assert screen.current == ident
        assert tree.cursor_node is not None and tree.cursor_node.data == ident


@run
async def test_backspace_on_a_passage_opened_from_elsewhere_returns_there():
    # A reviewer: a glossary page opened from a hint's "Terms:" link did nothing on
    # Backspace, the key the footer calls Return.
    app = create_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("p")
        await settle(pilot)
        game = app.screen
        app.open_passage("glossary/vole")
        await settle(pilot)
        assert isinstance(app.screen, TextsScreen)
        click_link(app, "passage:britannica-9/scoring")
        await settle(pilot)
        await pilot.press("backspace")
        await settle(pilot)
        assert app.screen.current == "glossary/vole"
        await pilot.press("backspace")
        await settle(pilot)
        assert app.screen is game


@run
async def test_backspace_with_nowhere_to_return_leaves_the_texts_open():
    app = create_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("t")
        await settle(pilot)
        await pilot.press("backspace")
        await settle(pilot)
        assert isinstance(app.screen, TextsScreen)
