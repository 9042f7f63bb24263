"""The play screen: a game against an engine (``tutor.play.session.PlaySession``),
drawn, with its keys. The engine thinks in a thread worker, so the screen never
freezes; its answer is dropped if the game changed meanwhile. The ``?`` advice is
always the strongest engine's (``best``), whatever the opponent; a finished game ends
on the game-over screen."""

from __future__ import annotations

from pathlib import Path

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.widgets import Button, Header, Label, RichLog, Static

from tutor.app.advice import ADVISOR, advice_markdown
from tutor.app.markup import markdown_literal, plain
from tutor.app.navigation import services
from tutor.app.progress import keep_in_progress, saved_games_store
from tutor.app.screens import play_view as view
from tutor.app.screens.confirm import ConfirmScreen
from tutor.app.screens.decision_keys import DECISION_KEYS, DecisionKeys, decision_bindings
from tutor.app.screens.session_screen import FromSession, SessionScreen
from tutor.app.widgets.cards import BacksView, HandView, card_label
from tutor.app.widgets.footer import AdaptiveFooter
from tutor.app.widgets.more_below import MoreBelow
from tutor.app.widgets.passage import PassageMarkdown, passage_markdown
from tutor.app.widgets.scoreboard import Scoreboard
from tutor.app.widgets.trick import TrickView
from tutor.play.protocol import LEARNER
from tutor.play.session import PlaySession
from tutor.rules.actions import Action, IllegalAction
from tutor.rules.cards import Card
from tutor.rules.deal import Position
from tutor.rules.game import Game
from tutor.rules.infoset import infoset_of
from tutor.rules.rulesets import make_rules
from tutor.store.saved_games import CannotRead

__all__ = ["DECISION_KEYS", "LEARNER", "PlayScreen"]

ADVICE_PROMPT = "*Press ? for a hint: what the sources say and what the strongest engine advises.*"


def _autosave(path: Path, game: Game, engine: str, gallery: bool) -> None:
    """The session's autosave, through the app's store (looked up at each move)."""
    keep_in_progress(path, game, engine, gallery)


class PlayScreen(DecisionKeys, SessionScreen):
    """A game of écarté against the computer."""

    HELP_SECTION = "Keys at the table"
    """The heading of help.md that F1 opens at."""

    BINDINGS = [
        *decision_bindings(),
        Binding("question_mark", "hint", "Hint", key_display="?", id="hint"),
        Binding("h", "hint", "Hint", show=False),
        Binding("u", "undo", "Undo", id="undo"),
        Binding(
            "r",
            "replay",
            "Redeal",
            id="replay",
            tooltip="The same deal again (the deal just over, after asking)",
        ),
        Binding("s", "save", "Save", id="save"),
        Binding("l", "load", "Load", id="load"),
        Binding("n", "new_game", "New", id="new", tooltip="A new game"),
        # Esc closes a hint shown beside the table before it leaves the table, as it
        # closes the help first.
        Binding(
            "escape", "close_advice", "Close hint", id="close-hint", tooltip="Put the hint away"
        ),
        Binding("escape", "leave", "Back", id="back", tooltip="Leave the table (the game is kept)"),
    ]

    def __init__(
        self,
        seed: int | None = None,
        engine: str | None = None,
        rules: str = "english",
        game: int = 5,
        load: Path | None = None,
        gallery: bool = False,
        games_to_win: int = 1,
        belle: bool = True,
        valuation: bool = False,
        resumed: bool = False,
    ) -> None:
        """``engine``: the opponent (None: best, or the one a loaded game names);
        ``resumed``: ``load`` is the autosaved game in progress, taken up again."""
        super().__init__()
        self.session: PlaySession = PlaySession(
            make_rules(rules, game, games_to_win=games_to_win, valuation=valuation, belle=belle),
            saved_games_store(),
            engine=engine,
            seed=seed,
            gallery=gallery,
            advisor=ADVISOR,
            keeper=_autosave,
        )
        self.first_seed = seed
        self.load_path = load
        self.resumed = resumed
        self.selected: set[Card] = set()
        self.in_game_over = False
        self.advice_shown: str | None = None
        """What the advice pane shows instead of its prompt: a "hint" (or its
        "Thinking…") or a "law" the learner tried to break."""

    # --- the session's state, as the screen's -------------------------------------

    game = FromSession()
    advisor = FromSession()
    engine = FromSession()
    engine_name = FromSession()
    advisor_name = FromSession()
    rules = FromSession()
    gallery = FromSession()
    claim = FromSession()
    autosave_failed = FromSession()

    @property
    def names(self) -> tuple[str, str]:
        return self.game.players

    def in_progress(self) -> bool:
        return self.session.in_progress()

    def learner_kinds(self) -> set[str]:
        return self.session.learner_kinds()

    def hand_order(self) -> tuple[Card, ...]:
        return self.session.hand_order()

    def board_position(self) -> Position:
        return self.session.board_position()

    # --- layout --------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="play"):
            with Vertical(id="table"):
                yield Label("", id="opponent-label", classes="seat-label")
                yield BacksView(id="opponent-hand")
                yield TrickView(id="trick")
                yield Label("", id="learner-label", classes="seat-label")
                yield HandView(id="hand")
                yield Static("", id="prompt")
                yield Horizontal(id="decisions")
            with Vertical(id="side"):
                yield Scoreboard(id="scoreboard")
                with VerticalScroll(id="advice-box"):
                    yield PassageMarkdown(ADVICE_PROMPT, id="advice")
                yield MoreBelow("advice-box", id="advice-more")
                yield RichLog(id="log", max_lines=500, wrap=True, markup=False, min_width=20)
        yield AdaptiveFooter()

    def on_mount(self) -> None:
        shelved, notices = (None, []) if self.resumed else self.session.shelve_unfinished()
        self.tell(*notices)
        self.tell(self.session.own_autosave(self.load_path if self.resumed else None))
        if self.load_path is not None:
            self.load_game(self.load_path)
        else:
            self.start_game(self.game)
        if shelved:  # in the log: a notice at 80x24 covered the hand
            self.log_line(shelved)

    def on_unmount(self) -> None:
        self.session.release()

    def leave_table(self) -> None:
        """Back to the screen beneath, the autosave let go first, so that the home
        screen, refreshed as it shows, offers the game (no longer in play)."""
        self.session.release()
        self.app.pop_screen()

    def on_resize(self) -> None:
        self.call_after_refresh(self.query_one(MoreBelow).follow)

    # --- the flow ------------------------------------------------------------------

    def start_game(self, game: Game, note: str = "") -> None:
        self.show_start(self.session.start(game, note))

    def show_start(self, lines: list[str]) -> None:
        """A game just put on the table: its log from these lines, and play goes on."""
        self.show_in_advice(None)
        self.query_one(RichLog).clear()
        self.log_lines(lines)
        self.advance()

    def set_game(self, game: Game) -> None:
        """Adopt a game reached otherwise (undo, replay): redraw and go on."""
        self.session.adopt(game)
        self.adopted()

    def adopted(self) -> None:
        self.selected.clear()
        self.show_in_advice(None)  # a hint shown was for the position left behind
        self.advance()

    def advance(self) -> None:
        """Redraw and autosave, then let the engine move if it is its turn (or, the
        game over, show the game-over screen)."""
        self.redraw()
        self.keep()
        if self.session.in_summary:
            return
        if self.game.is_over:
            self.game_over()
            return
        if self.game.to_act != LEARNER:
            self.think(self.game)

    def keep(self) -> None:
        self.tell(self.session.keep())

    def apply(self, action: Action) -> bool:
        """Play an action for the player to act; a forbidden one shows its law."""
        try:
            moved = self.session.apply(action)
        except IllegalAction as exc:
            self.show_law(str(exc), exc.law)
            return False
        if moved.by_learner:
            self.show_in_advice(None)
        self.log_lines(moved.lines)
        self.selected.clear()
        if moved.deal_over:
            self.deal_over()
        else:
            self.advance()
        return True

    def deal_over(self) -> None:
        from tutor.app.screens.summary import DealSummary

        over = self.session.deal_over()
        self.redraw()
        self.keep()

        def resume(_: object = None) -> None:
            self.log_lines(self.session.summary_closed())
            self.advance()

        self.app.push_screen(
            DealSummary(
                over.start, over.result, over.shown, LEARNER, self.advisor, self.advisor_name
            ),
            resume,
        )

    def game_over(self) -> None:
        """The game is won: the game-over screen (score, deals, review, what next)."""
        from tutor.app.screens.game_over import GameOverScreen

        if self.in_game_over:
            return
        self.in_game_over = True
        self.app.push_screen(
            GameOverScreen(self.game, LEARNER, self.engine_name, self.gallery.enabled),
            self.after_game_over,
        )

    def after_game_over(self, choice: str | None) -> None:
        self.in_game_over = False
        if choice == "replay":
            self.action_replay()
        elif choice == "new":
            self.deal_new_game()
        elif self.app.screen is self:  # leave the table
            self.leave_table()

    def show_law(self, message: str, law: str | None) -> None:
        if law:
            library = services(self).library
            if library is not None and law in library:
                passage = library.passage(law)
                message = f"{message}\n— {passage.title}"
                self.show_in_advice(passage_markdown(passage, heading="####"), "law")
            else:
                message = f"{message}\n— {law}"
        self.notify(message, title="Not allowed", severity="warning")

    # --- the engine ----------------------------------------------------------------

    @work(thread=True, exclusive=True, group="engine")
    def think(self, game: Game) -> None:
        try:
            action = self.session.engine_choice(game)
        except Exception as exc:  # an engine bug is reported, not a crash of the app
            self.app.call_from_thread(
                self.notify, f"The engine failed: {exc}", title="Engine", severity="error"
            )
            return
        self.app.call_from_thread(self.engine_moved, game, action)

    def engine_moved(self, game: Game, action: Action) -> None:
        if self.session.is_current(game):  # else the game changed while it thought
            self.apply(action)

    @work(thread=True, exclusive=True, group="hint")
    def advise(self, game: Game) -> None:
        info = infoset_of(game.position, LEARNER)
        try:
            advice = self.advisor.advise(info)
            text = advice_markdown(info, self.advisor_name, advice, services(self).library)
        except Exception as exc:
            text = f"*The engine could not advise: {markdown_literal(exc)}*"
        self.app.call_from_thread(self.show_advice, game, text)

    def show_advice(self, game: Game, text: str) -> None:
        # dropped if the game moved on, or the hint was closed while it was thought out
        if game is self.game and self.advice_shown == "hint":
            self.show_in_advice(text)

    def show_in_advice(self, text: str | None, kind: str = "hint") -> None:
        """``text`` (a ``kind``, "hint" or "law") in the advice pane, or (None) its
        prompt again."""
        self.query_one("#advice", PassageMarkdown).update(ADVICE_PROMPT if text is None else text)
        shown = None if text is None else kind
        if self.advice_shown != shown:
            self.advice_shown = shown
            self.refresh_bindings()

    # --- actions (keys and buttons) ------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        shared = self.check_decision_key(action, parameters)
        if shared is not None:
            return shared
        if action == "hint":
            return bool(self.learner_kinds())
        if action == "close_advice":  # a law shown for a card refused is not a hint asked
            return self.advice_shown == "hint"
        return True

    def action_hint(self) -> None:
        """A hint; ``?`` again while it shows hides it."""
        if self.advice_shown == "hint":
            self.action_close_advice()
        elif self.learner_kinds():
            self.show_in_advice("*Thinking…*")
            self.advise(self.game)

    def action_close_advice(self) -> None:
        self.show_in_advice(None)

    def action_undo(self) -> None:
        """Back to the learner's previous decision (the engine's replies undone too);
        just after a redeal, back to the game as it was before it."""
        lines = self.session.undo()
        if lines is None:
            self.notify("Nothing to undo.")
            return
        self.log_lines(lines)
        self.adopted()

    def action_replay(self) -> None:
        """The same deal from its start, to try other choices: the deal in progress once
        the learner has decided something in it, else the deal just over (asked first)."""
        again = self.session.deal_again()
        if again is None:
            self.notify("Nothing has been played yet: there is no deal to replay.")
            return
        question = self.session.redeal_question(again)
        self.offer_redeal(question, f"Deal {again.deal_number} again", lambda: self.redeal(again))

    def redeal(self, again: Game) -> None:
        """Put ``again``, a deal from its start, on the table; ``u`` takes it back."""
        self.log_lines(self.session.redeal(again))
        self.adopted()

    def action_new_game(self) -> None:
        """A new game; one in progress is abandoned only after asking."""
        self.abandoning(self.deal_new_game, "a new one", "Abandon it: deal a new game")

    def deal_new_game(self) -> None:
        self.show_start(self.session.new_game())

    def must_ask(self) -> bool:
        return self.session.must_ask()

    def abandon_question(self, for_what: str) -> str:
        return (
            f"Abandon this game (deal {self.game.deal_number}) for {for_what}?"
            " It is lost unless you save it first (s)."
        )

    def action_leave(self) -> None:
        """Back to where the table was opened from. A game in progress is autosaved and
        offered again on the home screen, so leaving asks only when that copy failed."""

        def answered(yes: bool | None) -> None:
            if yes and self.app.screen is self:
                self.leave_table()

        if not self.in_progress():
            answered(True)
            return
        self.keep()
        if not self.autosave_failed:
            self.notify("The game is kept: r on the home screen resumes it.", title="Game kept")
            answered(True)
            return
        self.app.push_screen(
            ConfirmScreen(
                "Leave the table? The game could not be autosaved: it is lost unless you save it first (s).",
                "Leave the table",
            ),
            answered,
        )

    def action_load(self) -> None:
        from tutor.app.screens.records import LoadGameScreen

        self.pick_then_load(LoadGameScreen(), self.load_game)

    def load_game(self, path: Path) -> None:
        try:
            lines = self.session.load(path, resumed=self.resumed and path == self.load_path)
        except CannotRead as exc:
            self.notify(str(exc), title="Could not load", severity="error")
            if not self.game.actions:
                self.start_game(self.game)
            return
        self.show_start(lines)

    @on(Button.Pressed, "#decisions Button")
    def button_decision(self, event: Button.Pressed) -> None:
        kind = event.button.name or ""
        if kind == "discard":
            self.action_confirm()
        else:
            self.action_decide(kind)

    @on(HandView.CardChosen, "#hand")
    def card_clicked(self, event: HandView.CardChosen) -> None:
        self.action_card(event.index)

    # --- drawing ---------------------------------------------------------------------

    def redraw(self) -> None:
        game, position = self.game, self.board_position()
        names = self.names
        opponent = 1 - LEARNER
        self.sub_title = f"{self.engine_name} engine · seed {game.seed}"
        role = {position.dealer: "dealer", 1 - position.dealer: "non-dealer"}
        held = len(position.hands[opponent])
        self.query_one("#opponent-label", Label).update(
            plain(f"{names[opponent]} ({role[opponent]}) — {held} card{'s' if held != 1 else ''}")
        )
        self.query_one("#opponent-hand", BacksView).show(len(position.hands[opponent]))
        self.query_one(TrickView).show(view.table_view(self.session))
        # The cards an exchange brought stay marked through the first trick: the dealer
        # answers a lead at once, and saw no mark before it.
        drawn: tuple[Card, ...] = ()
        if not position.tricks:
            drawn = tuple(c for c in self.hand_order() if c in position.drawn(LEARNER))
        drew = f" · drew {' '.join(card_label(c) for c in drawn)} (+)" if drawn else ""
        self.query_one("#learner-label", Label).update(
            plain(f"{names[LEARNER]} — you ({role[LEARNER]}){drew}")
        )
        kinds = self.learner_kinds()
        playable = None
        if kinds & {"lead", "follow"}:
            playable = [a.card for a in game.legal_actions() if a.kind in ("lead", "follow")]
        self.query_one(HandView).show(self.hand_order(), self.selected, playable, drawn=drawn)
        self.query_one(Scoreboard).show(view.board_of(self.session))
        self.query_one("#prompt", Static).update(self.prompt() + view.gallery_note(self.session))
        self.draw_buttons()
        self.refresh_bindings()

    def prompt(self) -> Content:
        return view.play_prompt(self.session, self.selected)

    def draw_buttons(self) -> None:
        box = self.query_one("#decisions", Horizontal)
        box.remove_children()
        buttons = view.decision_buttons(self.learner_kinds())
        box.mount_all(buttons)

    def log_deal_start_of(self, game: Game) -> None:
        self.log_lines(self.session.deal_start(game))
