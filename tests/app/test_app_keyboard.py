"""Keyboard first, and small terminals (issue 13, items 5 and 6): links followed with
Tab and Enter, panes scrolled with PageUp/PageDown/Home/End, the command palette
finding lessons, passages, glossary terms and keys by name, a footer that shows
every key at 80×24, and a notice when the terminal is smaller than a screen serves."""

from __future__ import annotations

from app_helpers import SIZE, create_app, run, settle
from textual.command import CommandList, CommandPalette
from textual.widgets._footer import FooterKey

from tutor.app.screens.lesson import LessonScreen
from tutor.app.screens.texts import TextsScreen
from tutor.app.widgets.footer import AdaptiveFooter
from tutor.app.widgets.passage import PassageMarkdown, Target
from tutor.app.widgets.size_notice import SizeNotice

SMALL = (80, 24)


async def tab_to(pilot, ident: str, tries: int = 12):
    """Press Tab until the widget ``#ident`` has the focus; return it."""
    for _ in range(tries):
        focused = pilot.app.focused
        if focused is not None and focused.id == ident:
            return focused
        await pilot.press("tab")
        await pilot.pause()
    raise AssertionError(f"Tab never reached #{ident} (focus on {pilot.app.focused})")


def in_view(widget) -> bool:
    """Is some of ``widget`` inside every scrolling pane around it?"""
    region = widget.region
    for node in widget.ancestors_with_self:
        if getattr(node, "styles", None) is None or node is pilot_screen(widget):
            break
        if node.styles.overflow_y in ("auto", "scroll"):
            region = region.intersection(node.scrollable_content_region)
    return bool(region.area)


def pilot_screen(widget):
    return widget.screen


# --- links from the keyboard ----------------------------------------------------------------


@run
async def test_tab_reaches_each_link_of_a_passage_and_enter_follows_it():
    app = create_app(start="texts", passage_id="glossary/accept")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, TextsScreen)
        passage = await tab_to(pilot, "original")
        await settle(pilot)
        links = passage.links()
        assert len(links) >= 2, [link.href for link in links]
        first = passage.current
        assert first is not None
        await pilot.press("tab")
        await pilot.pause()
        assert passage.current == first + 1
        await pilot.press("shift+tab")
        await pilot.pause()
        assert passage.current == first
        target = Target.parse(passage.current_link.href)
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is screen
        assert screen.current == target.ident


@run
async def test_the_current_link_is_drawn_and_scrolled_into_view():
    app = create_app(start="texts", passage_id="glossary/accept")
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        passage = await tab_to(pilot, "original")
        await settle(pilot)
        last = len(passage.links()) - 1
        passage.select_link(last)
        await pilot.pause()
        link = passage.current_link
        assert "reverse" in str(link.widget.content.spans[-1].style)
        assert in_view(link.widget)


@run
async def test_tab_past_the_last_link_leaves_the_passage():
    app = create_app(start="texts", passage_id="glossary/accept")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        passage = await tab_to(pilot, "original")
        await settle(pilot)
        passage.select_link(len(passage.links()) - 1)
        await pilot.press("tab")
        await pilot.pause()
        assert app.focused is not passage
        assert passage.current is None


@run
async def test_a_link_in_lesson_feedback_is_followed_from_the_keyboard():
    app = create_app(start="lessons", lesson_id="test-lesson")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        lesson = app.screen
        assert isinstance(lesson, LessonScreen)
        await pilot.press(str(lesson.order.index(2) + 1))  # the right answer: 32
        await settle(pilot)
        feedback = await tab_to(pilot, "feedback")
        await settle(pilot)
        hrefs = [link.href for link in feedback.links()]
        assert "passage:club-laws/intro" in hrefs
        while feedback.current_link.href != "passage:club-laws/intro":
            await pilot.press("tab")
            await pilot.pause()
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, TextsScreen)
        assert app.screen.current == "club-laws/intro"
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is lesson


@run
async def test_a_passage_named_by_the_hint_is_followed_from_the_keyboard():
    app = create_app(start="play", seed=1, engine="random")
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        play = app.screen
        await pilot.press("question_mark")
        await settle(pilot)
        advice = await tab_to(pilot, "advice")
        await settle(pilot)
        link = advice.current_link
        assert link is not None and link.href.startswith("passage:")
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, TextsScreen)
        assert app.screen.current == Target.parse(link.href).ident
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is play


@run
async def test_a_passage_without_links_is_not_a_tab_stop():
    app = create_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        widget = PassageMarkdown("Plain words, *no link*.")
        assert not widget.can_focus
        widget.update("See [the play](passage:britannica-9/play).")
        assert widget.can_focus


# --- scrolling ----------------------------------------------------------------------------------


@run
async def test_page_keys_scroll_the_pane_when_the_focus_does_not_take_them():
    app = create_app()
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        await pilot.press("f1")
        await settle(pilot)
        pane = app.screen.query_one("#help")
        app.screen.set_focus(None)
        await pilot.press("pagedown")
        await pilot.pause()
        assert pane.scroll_y > 0
        await pilot.press("end")
        await pilot.pause()
        assert pane.scroll_y == pane.max_scroll_y
        await pilot.press("home")
        await pilot.pause()
        assert pane.scroll_y == 0


# --- the command palette --------------------------------------------------------------------


async def palette_search(pilot, query: str) -> list[str]:
    """Open the palette, type ``query``; the hits' first lines."""
    await pilot.press("ctrl+p")
    await settle(pilot)
    assert isinstance(pilot.app.screen, CommandPalette)
    await pilot.press(*query)
    await settle(pilot)
    commands = pilot.app.screen.query_one(CommandList)
    return [
        str(commands.get_option_at_index(i).prompt).split("\n")[0]
        for i in range(commands.option_count)
    ]


async def palette_choose(pilot, name: str) -> None:
    commands = pilot.app.screen.query_one(CommandList)
    for i in range(commands.option_count):
        if str(commands.get_option_at_index(i).prompt).split("\n")[0] == name:
            commands.highlighted = i
            break
    else:
        raise AssertionError(f"{name!r} is not among the hits")
    await pilot.press("enter")
    await settle(pilot)


@run
async def test_the_palette_finds_a_lesson_by_name():
    app = create_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        hits = await palette_search(pilot, "test lesson")
        assert hits[0] == "Lesson: A test lesson"
        await palette_choose(pilot, "Lesson: A test lesson")
        assert isinstance(app.screen, LessonScreen)
        assert app.screen.lesson_id == "test-lesson"


@run
async def test_the_palette_finds_a_passage_and_a_glossary_term():
    app = create_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        hits = await palette_search(pilot, "discard")
        assert "Passage: Discarding" in hits[:4]
        assert "Glossary: Discard" in hits[:4]
        await palette_choose(pilot, "Glossary: Discard")
        assert isinstance(app.screen, TextsScreen)
        assert app.screen.current == "glossary/discard"

        hits = await palette_search(pilot, "club-laws/38")
        await palette_choose(pilot, hits[0])
        assert app.screen.current == "club-laws/38"


@run
async def test_the_palette_finds_the_keys_of_the_screen_below():
    app = create_app(start="play", seed=1, engine="random")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        play = app.screen
        hits = await palette_search(pilot, "texts")
        assert "Texts" in hits  # the screens, as before
        await pilot.press("escape")
        await settle(pilot)
        hits = await palette_search(pilot, "hint")
        assert "Key: Hint" in hits[:3]
        await palette_choose(pilot, "Key: Hint")
        assert app.screen is play
        assert "Press ? for a hint" not in play.query_one("#advice", PassageMarkdown).source


# --- small terminals ------------------------------------------------------------------------


async def footer_keys_fit(pilot) -> None:
    footer = pilot.app.screen.query_one(AdaptiveFooter)
    keys = list(footer.query(FooterKey))
    width = pilot.app.size.width
    assert keys
    for key in keys:
        region = key.region
        assert region.area, f"{key.key_display} not shown"
        assert region.right <= width, f"{key.key_display} {key.description} cut at {width}"
        assert region.y >= footer.region.y
    shown = {key.key for key in keys}
    assert "f1" in shown and "escape" in shown, shown


@run
async def test_every_key_is_shown_whole_at_80_by_24():
    for options in (
        {"start": "texts", "passage_id": "club-laws/38"},
        {"start": "lessons"},
        {"start": "lessons", "lesson_id": "test-lesson"},
        {"start": "play", "seed": 1, "engine": "random"},
        {"start": "play", "table": "quatre", "seed": 1, "engine": "random"},
    ):
        app = create_app(**options)
        async with app.run_test(size=SMALL) as pilot:
            await settle(pilot)
            await footer_keys_fit(pilot)


@run
async def test_a_footer_too_long_for_one_line_wraps_and_cuts_nothing():
    app = create_app(start="texts", passage_id="club-laws/38")
    async with app.run_test(size=(50, 24)) as pilot:
        await settle(pilot)
        footer = app.screen.query_one(AdaptiveFooter)
        assert footer.region.height >= 2
        await footer_keys_fit(pilot)


@run
async def test_a_terminal_too_small_for_the_screen_gets_a_notice_of_the_size_needed():
    app = create_app(start="play", seed=1, engine="random")
    async with app.run_test(size=(60, 20)) as pilot:
        await settle(pilot)
        notice = app.screen.query_one(SizeNotice)
        assert notice.display
        text = str(notice.content)
        assert "80×24" in text and "60×20" in text
        assert notice.region == app.screen.region

        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert not notice.display

        await pilot.resize_terminal(79, 30)
        await settle(pilot)
        assert notice.display


@run
async def test_the_notice_follows_the_screen_shown():
    app = create_app()
    async with app.run_test(size=(64, 20)) as pilot:
        await settle(pilot)
        assert app.screen.query_one(SizeNotice).display  # home needs 80×24
        await pilot.press("f1")  # the help serves narrower terminals
        await settle(pilot)
        assert not any(n.display for n in app.screen.query(SizeNotice))
        await pilot.press("escape", "t")  # under the notice, t waits: nothing opens unseen
        await settle(pilot)
        assert not isinstance(app.screen, TextsScreen)
        app.action_texts()
        await settle(pilot)
        assert isinstance(app.screen, TextsScreen)
        assert not any(n.display for n in app.screen.query(SizeNotice))


@run
async def test_keys_under_the_size_notice_do_not_act_unseen():
    """A tester's review: at 40x12 a card key played the card under the notice."""
    app = create_app(start="play", seed=1, engine="random")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        before = app.screen.game.actions
        await pilot.resize_terminal(40, 12)
        await settle(pilot)
        assert app.covered()
        await pilot.press("1", "2", "3", "p", "o", "enter")
        await settle(pilot)
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert not app.covered()
        assert app.screen.game.actions == before  # nothing played while hidden


def test_the_follow_prompt_does_not_say_follow_when_the_suit_led_cannot_be():
    """A tester's review: "follow with 1-3" said to a player void in the suit led."""
    from tutor.app.screens.decision_keys import follow_prompt
    from tutor.rules.cards import Suit, card, parse_cards

    hand = parse_cards("9S 8H 7D")
    void = follow_prompt("North led K♣: ", hand, hand, card("KC"), Suit.SPADES).plain
    assert "trump or throw away, choosing with 1-3" in void and "follow" not in void
    hand = parse_cards("9C 8C 7D")
    able = follow_prompt("North led K♣: ", hand, hand[:2], card("KC"), Suit.SPADES).plain
    assert "follow suit with" in able


def test_the_follow_prompt_names_only_what_the_laws_allow():
    """A reviewer: "trump or throw away" said where trumping was compulsory (throwing
    away forbidden), and to a hand holding no trump (throwing away the only way)."""
    from tutor.app.screens.decision_keys import follow_prompt
    from tutor.rules.cards import Suit, card, parse_cards

    led = card("KD")
    hand = parse_cards("9S 8S 8H 7C")
    must_trump = follow_prompt("North led K♦: ", hand, hand[:2], led, Suit.SPADES).plain
    assert must_trump == ("North led K♦: trump with 1-4 (the cards the laws forbid are dimmed).")
    hand = parse_cards("9S 8S 8H 7H")
    no_trump = follow_prompt("North led K♦: ", hand, hand, led, Suit.CLUBS).plain
    assert no_trump == "North led K♦: throw away with 1-4."
