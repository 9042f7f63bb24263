"""The end of a game and what goes around it (issue 13, items 2, 3 and 8): a game
played to five ends on the game-over screen (never on the next deal's table), `r`
replays the deal just over, `n` and Esc ask before abandoning a game in
progress, the game in progress is autosaved and offered again on the home
screen, the `?` advice is always the strongest engine's, and the play screen's
texts read well with one card left."""

from __future__ import annotations

from app_helpers import SIZE, create_app, run, settle

from tutor.app.screens import play as play_module
from tutor.app.screens.confirm import ConfirmScreen
from tutor.app.screens.decision_keys import DECISION_KEYS
from tutor.app.screens.game_over import GameOverScreen
from tutor.app.screens.home import HomeScreen
from tutor.app.screens.play import LEARNER, PlayScreen
from tutor.app.screens.review import GameReviewScreen
from tutor.app.screens.summary import DealSummary
from tutor.app.widgets.scoreboard import Scoreboard
from tutor.engines import make_engine
from tutor.io.paths import data_dir
from tutor.rules.actions import Action
from tutor.rules.deal import Phase
from tutor.rules.game import Game
from tutor.store import autosave

GAMES = lambda: data_dir() / "games"  # noqa: E731 (the tmp data dir is set per test)


def keys_for(screen: PlayScreen, action: Action) -> list[str]:
    """The keys that make ``action`` for the learner, as the footer names them."""
    if action.kind in DECISION_KEYS:
        return [DECISION_KEYS[action.kind][0]]
    order = screen.hand_order()
    if action.kind == "discard":
        return [str(order.index(c) + 1) for c in action.cards] + ["enter"]
    return [str(order.index(action.card) + 1)]


def driver_choice(game: Game) -> Action:
    """The learner's choice: the first legal action, but never a proposal (a short game)
    and the king marked (points come sooner)."""
    legal = game.legal_actions()
    for kind in ("play", "mark", "refuse"):
        for action in legal:
            if action.kind == kind:
                return action
    return legal[0]


async def learner_moves(
    pilot, screen: PlayScreen, limit: int = 400, boards: list | None = None
) -> list:
    """Play the learner's decisions with the keys until the game is over, closing each
    deal's summary with Enter; the summaries' (deal number, game score) as shown, and
    in ``boards`` the (deal, score) the board behind each showed."""
    app = pilot.app
    shown = []
    boards = [] if boards is None else boards
    for _ in range(limit):
        if isinstance(app.screen, GameOverScreen):
            return shown
        if isinstance(app.screen, DealSummary):
            shown.append((app.screen.result.number, app.screen.after.score))
            board = screen.query_one(Scoreboard).board
            assert board is not None
            boards.append((board.deal, board.score))
            await pilot.press("enter")
            await settle(pilot)
            continue
        assert app.screen is screen, app.screen
        assert screen.game.to_act == LEARNER
        for key in keys_for(screen, driver_choice(screen.game)):
            await pilot.press(key)
        await settle(pilot)
    raise AssertionError("the game did not end")


async def play_one_deal(pilot, screen: PlayScreen) -> None:
    """Play the learner's decisions until the deal's summary shows."""
    for _ in range(40):
        if isinstance(pilot.app.screen, DealSummary):
            return
        for key in keys_for(screen, driver_choice(screen.game)):
            await pilot.press(key)
        await settle(pilot)
    raise AssertionError("the deal did not end")


@run
async def test_a_game_to_five_ends_on_the_game_over_screen():
    app = create_app(start="play", seed=4, engine="random")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, PlayScreen)
        assert autosave.paths_in(GAMES()) or screen.game.to_act == LEARNER
        screen.advisor = make_engine("random", 1)  # the summaries' comparisons, quickly
        boards: list = []
        summaries = await learner_moves(pilot, screen, boards=boards)
        over = app.screen
        assert isinstance(over, GameOverScreen)
        game = screen.game
        assert game.is_over
        result = over.outcome
        final = result.final_score
        assert max(final) >= 5 and final[game.winner] == max(final)
        headline = str(over.query_one("#go-headline").render())
        assert f"{game.players[game.winner]} wins the game, {final[game.winner]} to" in headline
        assert sum(result.deals_won) == len(game.history)
        # the last deal's summary told the score the game was won at, not the next 0-0
        assert summaries[-1] == (game.history[-1].number, final)
        # and the board behind it still showed that deal, not the next one at 0-0
        assert boards[-1] == (game.history[-1].number, final)
        # behind every summary, the deal it sums up (the next is dealt when it closes)
        assert [b[0] for b in boards] == [n for n, _ in summaries]
        # never the next deal's table: the play screen is under the game-over screen
        assert app.screen_stack[-2] is screen
        # the finished game is not offered to resume
        assert autosave.paths_in(GAMES()) == []
        # save from the game-over screen
        await pilot.press("s")
        await pilot.pause()
        assert len(list(GAMES().glob("*.txt"))) == 1
        # the review
        await settle(pilot)
        note = str(over.query_one("#go-note").render())
        assert "Accuracy" in note, note
        await pilot.press("v")
        await settle(pilot)
        assert isinstance(app.screen, GameReviewScreen)
        app.pop_screen()
        await settle(pilot)
        # r: the last deal again, the game going on
        last = game.history[-1].number
        assert app.screen is over
        await pilot.press("r")
        await settle(pilot)
        assert app.screen is screen
        assert not screen.game.is_over
        assert screen.game.deal_number == last


@run
async def test_r_after_a_deal_replays_the_deal_just_over():
    app = create_app(start="play", seed=1, engine="random")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        dealt = screen.game.position.dealt
        await play_one_deal(pilot, screen)
        await pilot.press("enter")
        await settle(pilot)
        assert screen.game.deal_number == 2
        # a reviewer: r rolled the score back (4-4 to 4-2) unasked; it asks, with the
        # score it goes back to
        scored = screen.game.total_score()
        await pilot.press("r")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        question = app.screen.question
        assert question.startswith("Deal 1 is over. Deal it again? Its points are taken back:")
        assert f"South {scored[0]}, North {scored[1]} goes back to South 0, North 0" in question
        assert app.screen.action == "Deal 1 again"
        await pilot.press("escape")  # keep the score
        await settle(pilot)
        assert app.screen is screen and screen.game.deal_number == 2
        await pilot.press("r")
        await settle(pilot)
        await pilot.press("down", "enter")  # deal it again
        await settle(pilot)
        assert screen.game.deal_number == 1
        assert screen.game.position.dealt == dealt
        assert "nothing to replay" not in " ".join(n.message for n in app._notifications)


@run
async def test_r_in_a_deal_begun_deals_it_again():
    app = create_app(start="play", seed=3, engine="random")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        start = screen.game.restart_deal()
        for key in keys_for(screen, driver_choice(screen.game)):
            await pilot.press(key)
        await settle(pilot)
        before = screen.game
        await pilot.press("r")
        await settle(pilot)
        assert screen.game.deal_number == 1
        assert screen.game.actions[: len(start.actions)] == start.actions
        # a tester's review: r threw the deal away for good; u takes the redeal back
        await pilot.press("u")
        await settle(pilot)
        assert screen.game.actions == before.actions
        # once the learner moves after a redeal, u undoes moves again, not the redeal
        await pilot.press("r")
        await settle(pilot)
        redealt = screen.game
        for key in keys_for(screen, driver_choice(screen.game)):
            await pilot.press(key)
        await settle(pilot)
        await pilot.press("u")
        await settle(pilot)
        assert screen.game.deal_number == 1
        assert len(screen.game.actions) <= len(before.actions)
        assert screen.game.actions[: len(redealt.actions)] == redealt.actions


@run
async def test_new_game_asks_before_abandoning_one_in_progress():
    app = create_app(start="play", seed=5, engine="random")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        for key in keys_for(screen, driver_choice(screen.game)):
            await pilot.press(key)
        await settle(pilot)
        played = screen.game
        await pilot.press("n")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        assert "Abandon" in app.screen.question
        await pilot.press("escape")  # keep it
        await settle(pilot)
        assert app.screen is screen and screen.game is played
        await pilot.press("n")
        await settle(pilot)
        await pilot.press("down", "enter")  # abandon it
        await settle(pilot)
        assert app.screen is screen
        assert screen.game.seed != played.seed or screen.game.actions != played.actions


@run
async def test_escape_leaves_a_game_in_progress_at_once_and_keeps_it():
    app = create_app(seed=5, engine="random")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("p")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, PlayScreen)
        for key in keys_for(screen, driver_choice(screen.game)):
            await pilot.press(key)
        await settle(pilot)
        assert screen.in_progress()
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, HomeScreen)  # nothing lost, so nothing asked
        [kept] = autosave.unfinished(GAMES())[0]
        assert kept.game.actions == screen.game.actions


@run
async def test_escape_asks_first_when_the_game_could_not_be_autosaved(monkeypatch):
    def refuse(*_args, **_kwargs):
        raise OSError("disk full")

    monkeypatch.setattr(play_module, "keep_in_progress", refuse)
    app = create_app(seed=5, engine="random")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("p")
        await settle(pilot)
        screen = app.screen
        for key in keys_for(screen, driver_choice(screen.game)):
            await pilot.press(key)
        await settle(pilot)
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("escape")  # cancel: still at the table
        await settle(pilot)
        assert app.screen is screen
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("down", "enter")  # leave
        await settle(pilot)
        assert isinstance(app.screen, HomeScreen)


@run
async def test_the_game_in_progress_is_autosaved_and_resumed_from_home():
    app = create_app(start="play", seed=6, engine="random")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        for _ in range(3):
            for key in keys_for(screen, driver_choice(screen.game)):
                await pilot.press(key)
            await settle(pilot)
        played = screen.game.actions
        [path] = autosave.paths_in(GAMES())
        kept = autosave.read(path)
        assert kept is not None
        assert kept.game.actions == played
        assert kept.engine == "random"
        assert list(GAMES().glob("*.txt")) == []  # not among the games the learner saved
        assert not list(GAMES().glob("*.tmp"))

    # the next start: the home screen offers it, r resumes it
    app = create_app(seed=99, engine="best")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        home = app.screen
        assert isinstance(home, HomeScreen)
        line = str(home.query_one("#resume").render())
        assert "game in progress" in line and "deal 1" in line and "r" in line
        await pilot.press("r")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, PlayScreen)
        assert screen.game.seed == 6
        assert screen.game.actions[: len(played)] == played
        assert screen.engine_name == "random"


@run
async def test_a_new_game_keeps_the_unfinished_one_among_the_saved_games():
    app = create_app(start="play", seed=6, engine="random")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        for key in keys_for(screen, driver_choice(screen.game)):
            await pilot.press(key)
        await settle(pilot)
    app = create_app(start="play", seed=7, engine="random")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        shelved = list(GAMES().glob("*-unfinished.txt"))
        assert len(shelved) == 1
        from tutor.rules.record import load

        assert load(shelved[0]).seed == 6


@run
async def test_a_new_game_sets_an_unreadable_game_in_progress_aside():
    """A tester's review: a damaged autosave was written over by the next game, and a
    file a crash had damaged could not be mended by hand."""
    GAMES().mkdir(parents=True, exist_ok=True)
    (GAMES() / "autosave.rec").write_text("garbage\n", encoding="utf-8")
    app = create_app(start="play", seed=7, engine="random")
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(pilot)
        kept = list(GAMES().glob("autosave-*.bad"))
        assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == "garbage\n"
        said = [str(n.message) for n in app._notifications]
        assert any("could not be read" in m and kept[0].name in m for m in said), said


@run
async def test_home_without_a_game_in_progress_offers_none():
    app = create_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert str(app.screen.query_one("#resume").render()) == ""
        await pilot.press("r")
        await settle(pilot)
        assert isinstance(app.screen, HomeScreen)


@run
async def test_a_broken_autosave_is_told_on_home_not_fatal():
    GAMES().mkdir(parents=True, exist_ok=True)
    autosave.path_in(GAMES()).write_text(
        "# Écarté game record\nPlayers: [b]x vs y\n", encoding="utf-8"
    )
    app = create_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        line = str(app.screen.query_one("#resume").render())
        assert "could not be read" in line


@run
async def test_the_advice_is_the_strongest_engines_whatever_the_opponent():
    app = create_app(start="play", seed=3, engine="random")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert screen.engine_name == "random"
        assert screen.advisor_name == "best"
        await pilot.press("question_mark")
        await settle(pilot)
        text = screen.query_one("#advice").source
        assert "The hints say" in text
        assert "The strongest engine (best) advises" in text
        assert "KS" not in text and "lead " + "K" + "S" not in text


@run
async def test_one_card_left_reads_well():
    """ "North — 1 card", "follow with your last card, 1", and the footer's key 1."""
    app = create_app(start="play", seed=1, engine="random")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        for _ in range(40):
            position = screen.game.position
            if position.phase in (Phase.LEAD, Phase.FOLLOW) and len(position.hands[LEARNER]) == 1:
                break
            for key in keys_for(screen, driver_choice(screen.game)):
                await pilot.press(key)
            await settle(pilot)
        assert len(screen.game.position.hands[LEARNER]) == 1
        prompt = str(screen.query_one("#prompt").render())
        assert "1-1" not in prompt and "your last card" in prompt
        opponent = str(screen.query_one("#opponent-label").render())
        held = len(screen.game.position.hands[1 - LEARNER])
        assert ("1 card" in opponent and "1 cards" not in opponent) if held == 1 else True
        shown = [
            b.binding.key_display
            for b in screen.active_bindings.values()
            if b.binding.action.startswith("card(0") and b.binding.show
        ]
        assert shown == ["1"]


@run
async def test_new_game_just_after_saving_does_not_ask():
    app = create_app(start="play", seed=5, engine="random")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        for key in keys_for(screen, driver_choice(screen.game)):
            await pilot.press(key)
        await settle(pilot)
        await pilot.press("s")
        await settle(pilot)
        await pilot.press("n")
        await settle(pilot)
        assert app.screen is screen  # saved: nothing to lose, no question


def finished_game(seed: int = 4) -> Game:
    """A game played to its end by random choices (seeded), in the domain."""
    import random

    rng = random.Random(seed)
    game = Game.new(seed)
    while not game.is_over:
        game = game.apply(rng.choice(game.legal_actions()))
    return game


def test_game_over_snapshot_small_terminal(snap_compare):
    async def show(pilot):
        await settle(pilot)
        pilot.app.push_screen(GameOverScreen(finished_game()))
        await settle(pilot)
        await pilot.pause(0.1)
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()

    assert snap_compare(create_app(), terminal_size=(80, 24), run_before=show)


def _a_king_marked_by_the_dealer() -> Game:
    """A game mid-deal in which the dealer holds and has marked a king he did not turn up."""
    from tutor.engines.random_engine import RandomEngine
    from tutor.rules.cards import Rank
    from tutor.rules.infoset import infoset_of

    for seed in range(1, 400):
        game, engine = Game.new(seed), RandomEngine(seed)
        while game.deal_number == 1 and not game.is_over:
            p = game.position
            if p.king == p.dealer and p.turnup.rank is not Rank.KING:
                return game
            game = game.apply(engine.advise(infoset_of(p, game.to_act)).action)
    raise AssertionError("no such deal found")


@run
async def test_a_game_taken_up_again_tells_a_turned_king_only_when_turned():
    # A learner review: a loaded game's log said "South turned up the king" beside A♦,
    # the king drawn in the exchange and marked.
    from textual.widgets import RichLog

    game = _a_king_marked_by_the_dealer()
    app = create_app(start="play", seed=game.seed, engine="random")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, PlayScreen)
        log = screen.query_one(RichLog)
        log.clear()
        screen.log_deal_start_of(game)
        await pilot.pause()
        logged = "\n".join(strip.text for strip in log.lines)
        assert "turn-up" in logged and "turned up the king" not in logged


def _one_card_allowed() -> Game:
    """A game where the learner must follow with the only card the laws allow, of several."""
    from tutor.engines.random_engine import RandomEngine
    from tutor.rules.infoset import infoset_of

    for seed in range(1, 400):
        game, engine = Game.new(seed), RandomEngine(seed)
        while not game.is_over and game.deal_number < 3:
            p = game.position
            follows = [a for a in game.legal_actions() if a.kind == "follow"]
            if game.to_act == LEARNER and len(follows) == 1 and len(p.hands[LEARNER]) > 1:
                return game
            game = game.apply(engine.advise(infoset_of(p, game.to_act)).action)
    raise AssertionError("no such position found")


@run
async def test_the_prompt_names_the_one_card_the_laws_allow():
    # A learner review: "follow with 1-4" where only K♠ could be played, the law told
    # only by a passing warning after a forbidden card.
    game = _one_card_allowed()
    app = create_app(start="play", seed=game.seed, engine="random")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, PlayScreen)
        screen.set_game(game)
        await settle(pilot)
        prompt = str(screen.query_one("#prompt").render())
        (only,) = [a.card for a in game.legal_actions()]
        assert "the laws leave you one card" in prompt and only.label in prompt


@run
async def test_a_finished_game_loaded_says_how_it_ended_not_a_deal_never_played(tmp_path):
    """A review: loading a finished game logged "— Deal 5: North deals ..." for a game
    that ended at deal 4 (its position is the next deal, dealt and never played)."""
    from textual.widgets import RichLog

    from tutor.rules.infoset import infoset_of
    from tutor.rules.record import save

    game, engine = Game.new(2), make_engine("hints", 2)
    while not game.is_over:
        game = game.apply(engine.advise(infoset_of(game.position, game.to_act)).action)
    path = tmp_path / "finished.txt"
    save(game, path)
    last = len(game.history)
    app = create_app(start="play", load=path, engine="hints")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
        await pilot.press("r")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, PlayScreen)
        logged = "\n".join(strip.text for strip in screen.query_one(RichLog).lines)
        assert f"The game was over after {last} deals: " in logged
        assert f"Deal {last + 1}" not in logged
        assert f"— Deal {last}: " in logged and f"Deal {last} dealt again" in logged
        assert screen.game.deal_number == last and not screen.game.is_over
