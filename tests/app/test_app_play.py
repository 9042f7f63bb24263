"""A whole deal played with the keys the footer names, the law shown for a
forbidden card, undo, and save and load."""

from __future__ import annotations

import pytest
from app_helpers import SIZE, create_app, run, settle

from tutor.app.screens.play import DECISION_KEYS, LEARNER, PlayScreen
from tutor.app.screens.records import LoadGameScreen
from tutor.app.screens.summary import DealSummary
from tutor.engines import EngineUnavailable
from tutor.engines.hints_engine import HintsEngine
from tutor.io.paths import data_dir


def learner_key(screen: PlayScreen) -> list[str]:
    """The keys that make a legal move for the learner (the first legal action)."""
    legal = screen.game.legal_actions()
    action = legal[0]
    if action.kind in DECISION_KEYS:
        return [DECISION_KEYS[action.kind][0]]
    order = screen.hand_order()
    if action.kind == "discard":
        return [str(order.index(c) + 1) for c in action.cards] + ["enter"]
    return [str(order.index(action.card) + 1)]


def forbidden_card_key(screen: PlayScreen) -> str | None:
    """A number key naming a card the laws forbid here, if there is one."""
    legal = {a.card for a in screen.game.legal_actions() if a.kind == "follow"}
    if not legal:
        return None
    for i, card in enumerate(screen.hand_order()):
        if card not in legal:
            return str(i + 1)
    return None


@run
async def test_play_a_whole_deal_to_its_score():
    app = create_app(start="play", seed=1, engine="random")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, PlayScreen)
        assert len(screen.hand_order()) == 5
        law_shown = False
        for _ in range(40):
            if isinstance(app.screen, DealSummary):
                break
            assert screen.game.to_act == LEARNER
            key = forbidden_card_key(screen)
            if key is not None and not law_shown:
                before = screen.game
                await pilot.press(key)
                await pilot.pause()
                assert screen.game is before  # the forbidden card was not played
                messages = [n.message for n in app._notifications]
                assert any("— The play" in m for m in messages)  # the law, by its title
                law_shown = True
            for k in learner_key(screen):
                await pilot.press(k)
            await settle(pilot)
        assert isinstance(app.screen, DealSummary)
        summary = app.screen
        assert sum(summary.result.final.points) > 0
        assert summary.result.final.is_over
        choices = summary.query_one("#deal-choices")
        assert "Your choices" in choices.source
        # every choice listed is laid out (none clipped by a height cap)
        assert choices.size.height >= choices.source.count("\n- ") + 2
        # PageDown is offered on the frame exactly when there is more below
        body = summary.query_one("#summary-body")
        offered = "PageDown" in str(summary.query_one("#summary").border_subtitle)
        assert offered == (body.max_scroll_y > 0)
        # and no longer once the end is in sight (a learner review: offered at the end)
        await pilot.press("end")
        await pilot.pause(0.2)
        assert "PageDown" not in str(summary.query_one("#summary").border_subtitle)
        shown = [b.binding for b in summary.active_bindings.values() if b.binding.show]
        assert "pagedown" not in [b.key for b in shown]  # nor in the footer
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is screen
        assert screen.game.deal_number == 2
        assert law_shown


@run
async def test_undo_returns_to_the_learners_decision():
    app = create_app(start="play", seed=3, engine="random")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        start = screen.game
        for k in learner_key(screen):
            await pilot.press(k)
        await settle(pilot)
        assert len(screen.game.actions) > len(start.actions)
        await pilot.press("u")
        await settle(pilot)
        assert screen.game.actions == start.actions
        assert screen.game.to_act == LEARNER
        # the log names what was taken back
        from textual.widgets import RichLog

        logged = [strip.text for strip in screen.query_one(RichLog).lines]
        undone = next(line for line in logged if line.startswith("Undone: "))
        assert "South" in undone


@run
async def test_hint_shows_hints_and_engine():
    app = create_app(start="play", seed=3, engine="random")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await settle(pilot)
        text = app.screen.query_one("#advice").source
        assert "The hints say" in text
        assert "The strongest engine (best) advises" in text  # whatever the opponent (issue 13)
        # the terms of art it uses link to the glossary (a tester's review)
        assert "*Terms:* [Jeu de règle](passage:glossary/jeu-de-regle)" in text


@run
async def test_escape_closes_a_hint_before_it_leaves_the_table():
    """A reviewer: Esc on a hint left the game for the home screen, where Esc on the
    help (F1) closes the help. Esc (or ``?`` again) now puts the hint away first."""
    from tutor.app.screens.play import ADVICE_PROMPT

    app = create_app(start="play", seed=3, engine="random")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        advice = screen.query_one("#advice")
        assert screen.active_bindings["escape"].binding.description == "Back"
        await pilot.press("question_mark")
        await settle(pilot)
        assert "The hints say" in advice.source
        assert screen.active_bindings["escape"].binding.description == "Close hint"
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is screen and advice.source == ADVICE_PROMPT
        await pilot.press("question_mark")
        await settle(pilot)
        await pilot.press("question_mark")  # again: hidden
        await settle(pilot)
        assert advice.source == ADVICE_PROMPT
        await pilot.press("escape")  # no hint now: leave the table
        await settle(pilot)
        assert app.screen is not screen


@run
async def test_save_then_load():
    app = create_app(start="play", seed=5, engine="random")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        for k in learner_key(screen):
            await pilot.press(k)
        await settle(pilot)
        played = screen.game.actions
        await pilot.press("s")
        await pilot.pause()
        saved = list((data_dir() / "games").glob("*.txt"))
        assert len(saved) == 1
        await pilot.press("n")
        await settle(pilot)
        await pilot.press("l")
        await settle(pilot)
        assert isinstance(app.screen, LoadGameScreen)
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is screen
        assert screen.game.seed == 5
        assert screen.game.actions[: len(played)] == played


@run
async def test_a_saved_game_comes_back_against_its_own_opponent():
    """A review: a game against the hints engine, saved and loaded with --load, came
    back against the best engine, and the hints were seeded by another game."""
    app = create_app(start="play", seed=77, engine="hints")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        for k in learner_key(app.screen):
            await pilot.press(k)
        await settle(pilot)
        await pilot.press("s")
        await pilot.pause()
    (saved,) = (data_dir() / "games").glob("*.txt")
    assert "\nEngine: hints\n" in saved.read_text(encoding="utf-8")
    again = create_app(start="play", seed=3, load=saved)
    async with again.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = again.screen
        assert isinstance(screen, PlayScreen)
        assert screen.engine_name == "hints" and isinstance(screen.engine, HintsEngine)
        assert screen.sub_title.startswith("hints engine")
        # the advice is seeded by the game loaded, as the deal summary and the review are
        assert screen.advisor.seed == screen.game.seed == 77
    # an opponent asked for on the command line is the one played
    asked = create_app(start="play", engine="random", load=saved)
    async with asked.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert asked.screen.engine_name == "random"


@run
async def test_load_asks_before_abandoning_moves_not_saved():
    """Loading replaces the game on the table: with moves played since it was saved,
    it asks first, as a new game does, and keeps the game if told to."""
    from tutor.app.screens.confirm import ConfirmScreen

    app = create_app(start="play", seed=5, engine="random")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        await pilot.press("s")
        await pilot.pause()
        for k in learner_key(screen):
            await pilot.press(k)
        await settle(pilot)
        played = screen.game
        assert played.actions
        await pilot.press("l")
        await settle(pilot)
        assert isinstance(app.screen, LoadGameScreen)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        assert "Abandon" in app.screen.question
        await pilot.press("escape")  # keep it
        await settle(pilot)
        assert app.screen is screen and screen.game is played
        await pilot.press("l")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("down", "enter")  # abandon it: load the saved game
        await settle(pilot)
        assert app.screen is screen
        assert screen.game.actions != played.actions


@run
async def test_load_over_the_computers_moves_alone_does_not_ask():
    """Only the learner's own moves are at stake: a game in which only the computer
    has moved (it proposed or led first) is replaced without a question."""
    from tutor.rules.game import Game

    seed = next(s for s in range(1, 200) if Game.new(s).position.to_act != LEARNER)
    app = create_app(start="play", seed=seed, engine="random")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        await pilot.press("s")
        await pilot.pause()
        await pilot.press("n")  # nothing of the learner's played: no question
        await settle(pilot)
        assert app.screen is screen
        await pilot.press("l")
        await settle(pilot)
        assert isinstance(app.screen, LoadGameScreen)
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is screen and screen.game.seed == seed


@run
async def test_the_opponent_is_the_engine_asked_for():
    """Every engine ships, so none falls back to another; a name no engine has is refused
    (the command line offers only the engines' names, an autosave's name is checked)."""
    app = create_app(start="play", seed=2, engine="hints")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert app.screen.engine_name == "hints"
        assert isinstance(app.screen.engine, HintsEngine)
    with pytest.raises(EngineUnavailable, match="nonesuch"):
        PlayScreen(seed=2, engine="nonesuch")


@run
async def test_gallery_points_at_the_learners_card():
    """--gallery (britannica-9/laws/25): the gallery points at the hints' card; silent otherwise."""
    app = create_app(start="play", seed=1, engine="random", gallery=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, PlayScreen)
        for _ in range(20):
            kinds = screen.learner_kinds()
            if kinds & {"lead", "follow"}:
                break
            for k in learner_key(screen):
                await pilot.press(k)
            await settle(pilot)
        assert "The gallery points at" in str(screen.query_one("#prompt").render())
    quiet = create_app(start="play", seed=1, engine="random")
    async with quiet.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert "gallery" not in str(quiet.screen.query_one("#prompt").render())


@run
async def test_cards_drawn_in_an_exchange_are_marked_and_named():
    """A learner review could not see what an exchange brought: the hand is sorted
    again after the draw. The new cards are titled "+", and the seat's label and the log
    name them."""
    app = create_app(start="play", seed=3, engine="hints")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, PlayScreen)
        await pilot.press(DECISION_KEYS["propose"][0])
        await settle(pilot)
        assert screen.game.position.phase.name == "DISCARD"  # the hints engine accepted
        before = screen.hand_order()
        await pilot.press("1", "2", "enter")
        await settle(pilot)
        hand = screen.game.position.hands[LEARNER]
        drawn = [c for c in hand if c not in before]
        assert len(drawn) == 2
        faces = list(screen.query("#hand CardFace"))
        marked = [f.card for f in faces if f.has_class("-drawn")]
        assert set(marked) == set(drawn)
        assert all(f.border_title == "+" for f in faces if f.has_class("-drawn"))
        label = str(screen.query_one("#learner-label").render())
        assert "drew " + " ".join(c.label for c in screen.hand_order() if c in drawn) in label
        from textual.widgets import RichLog

        logged = [strip.text for strip in screen.query_one(RichLog).lines]
        told = next(line for line in logged if "discards" in line and line.startswith("South"))
        assert all(card.label in told for card in drawn), told
        # once a card is played the mark has done its work
        assert screen.game.position.phase.name == "PROPOSE"
        await pilot.press(DECISION_KEYS["play"][0], "1")
        await settle(pilot)
        assert screen.game.position.tricks or screen.game.position.led is not None
        assert not list(screen.query("#hand .-drawn"))
        assert "drew" not in str(screen.query_one("#learner-label").render())


@run
async def test_a_hint_longer_than_its_pane_says_pagedown_shows_more():
    """A learner review at 80x24: the engine's figures were cut off below the hint and
    nothing said that PageDown scrolls it. A line under the pane says so while there is
    more below, and goes once the end is in sight."""
    app = create_app(start="play", seed=12, engine="hints")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        more = screen.query_one("#advice-more")
        assert not more.display  # the short prompt fits
        await pilot.press("question_mark")
        await settle(pilot)
        box = screen.query_one("#advice-box")
        assert box.max_scroll_y > 0
        assert more.display and more.region.bottom <= screen.region.bottom - 1  # in sight
        for _ in range(10):
            await pilot.press("pagedown")
            await pilot.pause()
        assert box.scroll_y == box.max_scroll_y
        assert not more.display


def test_the_load_picker_tells_each_record_by_its_game_not_its_file_name(tmp_path):
    """A learner review: the picker listed bare file names. Each line says when it was
    saved, how the game stands, its rules and seed; a record that does not load says why."""
    from tutor.app.progress import describe_saved
    from tutor.rules.game import Game
    from tutor.rules.record import save

    game = Game.new(5)
    engine = HintsEngine()
    from tutor.rules.infoset import infoset_of

    while game.deal_number < 3:
        game = game.apply(engine.advise(infoset_of(game.position, game.to_act)).action)
    path = tmp_path / "game-1.txt"
    save(game, path)
    told = describe_saved(path)
    a, b = game.total_score()
    assert f"deal 3: South {a}, North {b}" in told
    assert "English, game of 5 · seed 5" in told
    assert "game-1.txt" not in told
    broken = tmp_path / "game-2.txt"
    broken.write_text("# Écarté game record\nPlayers: South vs North\nSeed: x\n", encoding="utf-8")
    assert describe_saved(broken).startswith("game-2.txt — cannot be loaded: ")
    aside = tmp_path / "game-3-seed5-unfinished.txt"
    save(game, aside)
    assert describe_saved(aside).endswith(" · set aside unfinished")
    assert not told.endswith("set aside unfinished")


def test_the_home_screen_counts_the_saved_games_that_load_and_those_that_do_not(tmp_path):
    """A review: "Saved games: 2" counted a record that cannot be loaded, and named
    the latest by its file name alone."""
    from tutor.app.progress import describe_saved, saved_games_line
    from tutor.rules.game import Game
    from tutor.rules.record import save

    good = tmp_path / "game-1.txt"
    save(Game.new(7), good)
    broken = tmp_path / "game-2.txt"
    broken.write_text("# Écarté game record\nSeed: x\n", encoding="utf-8")
    assert saved_games_line([broken, good]) == (
        f"Saved games: 1 (latest: {describe_saved(good)}); 1 cannot be loaded"
    )
    assert saved_games_line([]) == "Saved games: 0"


async def accept_as_dealer(pilot):
    """Seed 2, against the hints engine: North proposes and South, dealing, accepts.
    Returns the play screen, South to discard."""
    await settle(pilot)
    screen = pilot.app.screen
    assert "accept" in screen.learner_kinds()  # North proposed; South deals
    await pilot.press("a")
    await settle(pilot)
    return screen


@run
async def test_a_card_and_enter_typed_together_are_taken_in_order():
    """A learner review: "2" and Enter in one burst (a paste, a lagging link) reached
    the discard before the card, and the dealer discarded nothing."""
    from textual import events

    app = create_app(start="play", seed=2, engine="hints")
    async with app.run_test(size=SIZE) as pilot:
        screen = await accept_as_dealer(pilot)
        assert "discard" in screen.learner_kinds()
        second = screen.hand_order()[1]
        app.post_message(events.Key("2", "2"))
        app.post_message(events.Key("enter", "\r"))
        await settle(pilot)
        discards = [a for a in screen.game.actions if a.kind == "discard"]
        assert discards[-1].cards == (second,), discards


@run
async def test_the_table_says_who_stands_to_pay_two_while_the_deal_is_played():
    """A tester's review: after refusing, or playing without proposing, nothing at the
    table said that the point lost would cost two; the deal's summary said it first."""
    from tutor.app.widgets.scoreboard import Scoreboard

    app = create_app(start="play", seed=3, engine="hints")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        board = screen.query_one(Scoreboard)
        assert board.board.penalty == ""
        assert "play" in screen.learner_kinds()
        await pilot.press("p")
        await settle(pilot)
        assert board.board.penalty == (
            "You played without proposing: if you lose the point, your adversary scores two."
        )


@run
async def test_the_dealer_sees_what_the_exchange_brought_when_the_lead_comes():
    """A tester's review: the dealer never saw his drawn cards marked, as the non-dealer
    leads at once; the marks now stay through the first trick."""
    app = create_app(start="play", seed=2, engine="hints")
    async with app.run_test(size=SIZE) as pilot:
        screen = await accept_as_dealer(pilot)
        before = screen.game.position.hands[LEARNER]
        await pilot.press("1", "2", "enter")
        await settle(pilot)
        position = screen.game.position
        if position.phase.name == "ACCEPT":  # North proposed again: refuse, and play
            await pilot.press("x")
            await settle(pilot)
            position = screen.game.position
        assert position.led is not None and not position.tricks  # North has led
        drawn = {c for c in position.hands[LEARNER] if c not in before}
        assert drawn
        marked = {f.card for f in screen.query("#hand CardFace") if f.has_class("-drawn")}
        assert marked == drawn
        assert "drew " in str(screen.query_one("#learner-label").render())


def test_a_deal_lost_with_every_choice_sound_says_the_cards_lost_it():
    """A learner review: every choice graded ✓ beside a deal lost 0-2, and no word of
    why. Here South plays the grading engine's own choices and loses the first deal."""
    from tutor.analysis.review import default_engine
    from tutor.app.screens.summary import DealSummary
    from tutor.rules.game import Game
    from tutor.rules.infoset import infoset_of
    from tutor.rules.rulesets import make_rules

    start = Game.new(1, make_rules())
    engine = default_engine(1)
    game = start
    while game.deal_number == 1:
        position = game.position
        game = game.apply(engine.advise(infoset_of(position, position.to_act)).action)
    result = game.history[0]
    assert result.final.points[1] > result.final.points[LEARNER]
    summary = DealSummary(start, result, game, LEARNER, engine, "best")
    text = summary.choices_text()
    assert "✗" not in text and "the cards, not your choices, lost this deal" in text


def test_a_game_set_aside_is_not_copied_again_when_saved_already():
    """A review: every load left an "-unfinished" copy, nine files for three games."""
    from tutor.app.progress import (
        games_dir,
        keep_in_progress,
        save_game,
        saved_games,
        shelve_in_progress,
    )
    from tutor.rules.game import Game
    from tutor.rules.record import load
    from tutor.store.autosave import new_path

    game = Game.new(8)
    for _ in range(3):
        game = game.apply(game.legal_actions()[0])
    saved = save_game(game, "best")
    keep_in_progress(new_path(games_dir()), game, "best", False)  # loaded and left as it was
    assert shelve_in_progress() == [saved]
    assert saved_games() == [saved]
    assert not list(games_dir().glob("autosave*"))

    mine = new_path(games_dir())
    keep_in_progress(mine, game, "best", False)
    further = game.apply(game.legal_actions()[0])
    keep_in_progress(mine, further, "best", False)  # played on, then set aside
    [first] = shelve_in_progress()
    assert first.stem.endswith("-unfinished")
    assert sorted(saved_games()) == sorted([saved, first])
    furthest = further.apply(further.legal_actions()[0])
    keep_in_progress(new_path(games_dir()), furthest, "best", False)  # loaded, played on
    [second] = shelve_in_progress()
    # the earlier copy set aside said less than this one: only the learner's save stays
    assert second != first and sorted(saved_games()) == sorted([saved, second])
    assert load(second).actions == furthest.actions


@run
async def test_the_discard_prompt_says_from_one_to_five_cards():
    """A reviewer playing as a new learner: "Discard one to 5 cards" read as "discard
    one, to five cards"; the count is said in words, from one to five."""
    app = create_app(start="play", seed=3, engine="random")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        await pilot.press("o")  # South proposes; the random engine, at seed 3, accepts
        await settle(pilot)
        assert "discard" in screen.learner_kinds()
        prompt = str(screen.query_one("#prompt").render())
        assert "Discard from one to five cards: toggle cards with 1-5" in prompt
