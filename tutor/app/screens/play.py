"""The play screen: whole games against an engine, with hints, undo and records.

The learner sits South (seat 0). Every decision goes to ``Game.apply``; a
forbidden one comes back as ``IllegalAction`` and is shown with its law. The
engine thinks in a thread worker, so the screen never freezes; its answer is
dropped if the game changed meanwhile (an undo, a new game). The ``?`` advice
is always the strongest engine's (``best``), whatever the opponent. The game in
progress is autosaved after every move (``tutor.store.autosave``) and offered again on
the home screen; a finished game ends on the game-over screen.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, Header, Label, RichLog, Static

from tutor.app.advice import ADVISOR, advice_markdown
from tutor.app.markup import markdown_literal, plain, styled
from tutor.app.narrate import drawn_cards, narrate, penalty_fact, turned_king
from tutor.app.navigation import services
from tutor.app.progress import games_dir, keep_in_progress, save_game, shelve_in_progress
from tutor.app.screens.confirm import ConfirmScreen, ask_then
from tutor.app.screens.decision_keys import (
    DECISION_KEYS,
    DecisionKeys,
    card_keys,
    decision_bindings,
    follow_prompt,
    last_card_words,
)
from tutor.app.widgets.cards import BacksView, HandView, card_label
from tutor.app.widgets.footer import AdaptiveFooter
from tutor.app.widgets.more_below import MoreBelow
from tutor.app.widgets.passage import PassageMarkdown, passage_markdown
from tutor.app.widgets.scoreboard import Board, Scoreboard
from tutor.app.widgets.trick import TableView, TrickView
from tutor.engines import make_engine
from tutor.rules.actions import Action, IllegalAction
from tutor.rules.cards import Card, Rank, sort_hand
from tutor.rules.deal import Phase, discard_count
from tutor.rules.game import Game, replay
from tutor.rules.infoset import infoset_of
from tutor.rules.outcome import deal_to_replay, outcome
from tutor.rules.rulesets import make_rules
from tutor.store import autosave
from tutor.store.autosave import Claim, load_with_opponent

LEARNER = 0


ADVICE_PROMPT = "*Press ? for a hint: what the sources say and what the strongest engine advises.*"


class PlayScreen(DecisionKeys, Screen):
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
        # closes the help first (a reviewer lost the table to Esc on a hint).
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
        from tutor.tables.gallery import Gallery

        self.gallery = Gallery(enabled=gallery)
        """French écarté: the gallery points at the hints' card (britannica-9/laws/25)."""
        self.engine_request = engine
        self.rules = make_rules(
            rules, game, games_to_win=games_to_win, valuation=valuation, belle=belle
        )
        self.first_seed = seed
        self.load_path = load
        self.resumed = resumed
        self.game: Game = Game.new(seed if seed is not None else _fresh_seed(), self.rules)
        self.selected: set[Card] = set()
        self.engine_name = engine or "best"
        self.engine = make_engine(self.engine_name, self.game.seed)
        self.advisor_name = ADVISOR
        self.advisor = make_engine(ADVISOR, self.game.seed)
        """The ``?`` advice and the deal summary: the strongest engine, whatever the opponent."""
        self.in_summary = False
        self.in_game_over = False
        self.advice_shown: str | None = None
        """What the advice pane shows instead of its prompt: a "hint" (or its
        "Thinking…") or a "law" the learner tried to break."""
        self.autosave_failed = False
        self.claim: Claim | None = None
        """The autosave this table keeps its game in, its own (``tutor.store.autosave``)."""
        self.before_redeal: Game | None = None
        """The game as it was before ``r``, while no move of the learner's has followed."""
        self.unsaved = False
        """The learner has moved (or undone) since the game began or was saved with
        ``s`` or loaded: replacing it then asks first. A resumed autosave counts."""

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
        shelved = None if self.resumed else self.shelve_unfinished()
        self.claim = self.own_autosave()
        if self.load_path is not None:
            self.load_game(self.load_path)
        else:
            self.start_game(self.game)
        if shelved:
            self.log_line(shelved)

    def on_unmount(self) -> None:
        if self.claim is not None:
            self.claim.release()

    def leave_table(self) -> None:
        """Back to the screen beneath, the autosave let go first, so that the home
        screen, refreshed as it shows, offers the game (no longer in play)."""
        if self.claim is not None:
            self.claim.release()
        self.app.pop_screen()

    def own_autosave(self) -> Claim:
        """The autosave to keep this table's game in: the one resumed, else (or if
        another tutor took it up meanwhile) a new one, so that no other game's is
        written over."""
        games = games_dir()
        if self.resumed and self.load_path is not None:
            claim = Claim.take(self.load_path)
            if claim is not None:
                return claim
            self.notify(
                "This game is being played in another window too: this table keeps"
                " its own copy from here.",
                title="Game in progress",
                severity="warning",
            )
        fresh = autosave.new_path(games)
        return Claim.take(fresh) or Claim(fresh, None)  # a new name: no one else holds it

    def on_resize(self) -> None:
        self.call_after_refresh(self.query_one(MoreBelow).follow)

    # --- state changes -----------------------------------------------------------

    @property
    def names(self) -> tuple[str, str]:
        return self.game.players

    def start_game(self, game: Game, note: str = "") -> None:
        self.game = game
        self.before_redeal = None
        self.unsaved = False
        self.engine = make_engine(self.engine_name, game.seed)
        # The advice is seeded by the game as the deal summary and the review are, so a
        # hint asked again after a load or a resume gives the same figures (a review:
        # the hint and the grading of one lead differed by 0.4 after a load).
        self.advisor = make_engine(ADVISOR, game.seed)
        self.show_in_advice(None)
        self.query_one(RichLog).clear()
        self.log_line(note or f"New game, seed {game.seed} ({game.rules.describe()}).")
        if game.is_over:  # its position is a next deal never played (a review: "Deal 5")
            self.log_line(self.how_it_ended())
        else:
            self.log_deal_start()
            self.log_deal_so_far()
        self.advance()

    def how_it_ended(self) -> str:
        """One line for a finished game: who won, at what score, after how many deals."""
        deals = len(self.game.history)
        played = f"{deals} deal{'s' if deals != 1 else ''}"
        if self.game.winner is None:
            return f"The game was over after {played}: drawn."
        a, b = outcome(self.game).final_score
        return (
            f"The game was over after {played}: {self.names[self.game.winner]} won,"
            f" {self.names[0]} {a}, {self.names[1]} {b}. r deals the last deal again, n a new game."
        )

    def set_game(self, game: Game) -> None:
        """Adopt a game reached otherwise (undo, replay): redraw and go on."""
        self.game = game
        self.unsaved = True
        self.selected.clear()
        self.show_in_advice(None)  # a hint shown was for the position left behind
        self.advance()

    def advance(self) -> None:
        """Redraw and autosave, then let the engine move if it is its turn (or, the
        game over, show the game-over screen)."""
        self.redraw()
        self.keep()
        if self.in_summary:
            return
        if self.game.is_over:
            self.game_over()
            return
        if self.game.to_act != LEARNER:
            self.think(self.game)

    def in_progress(self) -> bool:
        """A game begun and not finished: leaving it or starting another asks first."""
        return bool(self.game.actions) and not self.game.is_over

    def keep(self) -> None:
        """Autosave the game (a finished one clears the copy); a failure is told once,
        and so is the next success, after which leaving no longer warns of a loss."""
        try:
            if self.claim is None:  # not mounted yet
                return
            keep_in_progress(self.claim.path, self.game, self.engine_name, self.gallery.enabled)
        except OSError as exc:
            if not self.autosave_failed:
                self.autosave_failed = True
                self.notify(
                    f"The game cannot be autosaved: {exc}", title="Autosave", severity="warning"
                )
            return
        if self.autosave_failed:
            self.autosave_failed = False
            self.notify("The game is autosaved again.", title="Autosave")

    def shelve_unfinished(self) -> str | None:
        """A new game takes the autosave's place: an earlier game left unfinished goes
        among the saved games first, so it is never lost. Returns the line the game's
        log says it in: a notice at 80x24 covered the hand and broke the file's name (a
        tester's review), and the picker (``l``) marks the game unfinished anyway."""
        try:
            moved = shelve_in_progress()
        except OSError as exc:
            self.notify(f"The unfinished game could not be kept: {exc}", severity="warning")
            return None
        kept = 0
        for path in moved:
            if path.suffix == ".bad":
                self.notify(
                    f"The game left in progress could not be read; the file is kept as {path}.",
                    title="Unfinished game",
                    severity="warning",
                )
            else:
                kept += 1
        if kept == 1:
            return (
                "Your unfinished game is kept among the saved games, marked unfinished:"
                " l loads it."
            )
        if kept:
            return (
                f"Your {kept} unfinished games are kept among the saved games, marked"
                " unfinished: l loads them."
            )
        return None

    def apply(self, action: Action) -> bool:
        """Play an action for the player to act; a forbidden one shows its law."""
        before = self.game
        try:
            after = before.apply(action)
        except IllegalAction as exc:
            self.show_law(str(exc), exc.law)
            return False
        seat = before.to_act
        if seat == LEARNER:
            self.before_redeal = None
            self.unsaved = True
            self.show_in_advice(None)
        told = self.told(before, action, after)
        if told:
            self.log_line(told)
        self.game = after
        self.selected.clear()
        if after.deal_number != before.deal_number or after.is_over:
            self.deal_over(before, after)
        else:
            self.advance()
        return True

    def told(self, before: Game, action: Action, after: Game) -> str | None:
        """The log's line for ``action``; the learner's discard names what it drew."""
        seat = before.to_act
        mine = seat == LEARNER
        drawn: tuple[Card, ...] = ()
        if mine and action.kind == "discard":
            # in the hand's order, as the seat's label lists them (a tester's review)
            drawn = sort_hand(
                drawn_cards(before.position.hands[seat], after.position.hands[seat]),
                before.position.trump,
            )
        return narrate(self.names[seat], action, hidden=not mine, drawn=drawn)

    def told_moves(self, start: Game, actions: Sequence[Action]) -> list[str]:
        """The log's lines for ``actions`` played from ``start`` (up to the game's end)."""
        lines = []
        game = start
        for action in actions:
            if game.is_over:
                break
            later = game.apply(action)
            line = self.told(game, action, later)
            if line:
                lines.append(line)
            game = later
        return lines

    def deal_over(self, before: Game, after: Game) -> None:
        from tutor.app.screens.summary import DealSummary

        result = after.history[-1]
        earlier = [a for r in after.history[:-1] for a in r.actions]
        start = replay(after.seed, after.rules, after.players, earlier)
        won = result.final.points
        self.log_line(f"Deal {result.number}: {self.names[0]} {won[0]}, {self.names[1]} {won[1]}.")
        self.in_summary = True
        self.redraw()
        self.keep()
        shown = after
        if (
            after.is_over
        ):  # the summary tells the score the game was won at, not the next deal's 0-0
            shown = replace(after, score=outcome(after).final_score)

        def resume(_: object = None) -> None:
            self.in_summary = False
            if not after.is_over:
                self.log_deal_start()
            self.advance()

        self.app.push_screen(
            DealSummary(start, result, shown, LEARNER, self.advisor, self.advisor_name), resume
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
            self.start_game(Game.new(_fresh_seed(), self.rules))
        else:  # leave the table
            if self.app.screen is self:
                self.leave_table()

    def show_law(self, message: str, law: str | None) -> None:
        title = "Not allowed"
        if law:
            library = services(self).library
            if library is not None and law in library:
                passage = library.passage(law)
                message = f"{message}\n— {passage.title}"
                self.show_in_advice(passage_markdown(passage, heading="####"), "law")
            else:
                message = f"{message}\n— {law}"
        self.notify(message, title=title, severity="warning")

    # --- the engine ----------------------------------------------------------------

    @work(thread=True, exclusive=True, group="engine")
    def think(self, game: Game) -> None:
        info = infoset_of(game.position, game.to_act)
        try:
            advice = self.engine.advise(info)
        except Exception as exc:  # an engine bug is reported, not a crash of the app
            self.app.call_from_thread(
                self.notify, f"The engine failed: {exc}", title="Engine", severity="error"
            )
            return
        self.app.call_from_thread(self.engine_moved, game, advice.action)

    def engine_moved(self, game: Game, action: Action) -> None:
        if game is not self.game or self.in_summary:
            return  # the game changed while the engine thought
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

    def learner_kinds(self) -> set[str]:
        """Kinds of action open to the learner now (none while the engine plays)."""
        if self.game.is_over or self.in_summary or self.game.to_act != LEARNER:
            return set()
        return {a.kind for a in self.game.legal_actions()}

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
        if self.before_redeal is not None:
            earlier, self.before_redeal = self.before_redeal, None
            self.log_line(f"Redeal undone: back to deal {earlier.deal_number} as it was.")
            self.set_game(earlier)
            return
        game = self.game
        while True:
            previous = game.undo()
            if previous is game:
                break
            game = previous
            if game.to_act == LEARNER:
                break
        if game is self.game:
            self.notify("Nothing to undo.")
            return
        if game.deal_number != self.game.deal_number:
            self.log_line(f"Undone back into deal {game.deal_number}.")
        self.log_line(f"Undone: {self.told_undone(game)}.")
        self.set_game(game)

    def told_undone(self, earlier: Game) -> str:
        """The moves an undo takes back, named so the log above reads as corrected (a
        learner review: the undone moves and the new ones read like two games)."""
        undone = self.game.actions[len(earlier.actions) :]
        return "; ".join(self.told_moves(earlier, undone)) or "the last move"

    def action_replay(self) -> None:
        """The same deal from its start, to try other choices: the deal in progress once
        the learner has decided something in it, else the deal just over."""
        again = deal_to_replay(self.game, LEARNER)
        if again is None:
            self.notify("Nothing has been played yet: there is no deal to replay.")
            return
        if again.deal_number != self.game.deal_number and not self.game.is_over:
            # the deal just over, its points taken back: asked first, with the score it
            # goes back to (a reviewer: 4-4 went back to 4-2 unasked). The game won, r
            # is offered for the last deal by name and goes at once.
            names, (a, b), (x, y) = self.names, self.game.total_score(), again.total_score()
            won = again.games_won != self.game.games_won  # it won a game of the match
            taken = "Its points and the game they won are" if won else "Its points are"
            ask_then(
                self.app,
                f"Deal {again.deal_number} is over. Deal it again? {taken} taken back:"
                f" {names[0]} {a}, {names[1]} {b} goes back to {names[0]} {x}, {names[1]} {y}"
                " (u straight after undoes it).",
                f"Deal {again.deal_number} again",
                lambda: self.redeal(again),
            )
            return
        self.redeal(again)

    def redeal(self, again: Game) -> None:
        """Put ``again``, a deal from its start, on the table; ``u`` takes it back."""
        self.log_line(f"Deal {again.deal_number} dealt again (u undoes it).")
        if again.deal_number != self.game.deal_number:
            self.log_deal_start_of(again)
        # The redeal can be undone until the learner moves (a tester's review: r threw
        # the deal away, unasked and for good, where n asks first).
        self.before_redeal = self.game
        self.set_game(again)

    def action_new_game(self) -> None:
        """A new game; one in progress is abandoned only after asking."""
        self.abandoning(
            lambda: self.start_game(Game.new(_fresh_seed(), self.rules)),
            "a new one",
            "Abandon it: deal a new game",
        )

    def abandoning(self, then: Callable[[], None], for_what: str, yes: str) -> None:
        """Do ``then``, which replaces the game on the table: at once if nothing was
        played since it began or was saved, else only if the learner says so."""
        if not self.in_progress() or not self.unsaved:
            then()
            return
        ask_then(
            self.app,
            f"Abandon this game (deal {self.game.deal_number}) for {for_what}?"
            " It is lost unless you save it first (s).",
            yes,
            then,
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

    def action_save(self) -> None:
        try:
            path = save_game(self.game, self.engine_name, self.gallery.enabled)
        except OSError as exc:
            self.notify(f"Could not save: {exc}", severity="error")
            return
        self.unsaved = False
        self.notify(f"Saved to {path}", title="Saved")

    def action_load(self) -> None:
        from tutor.app.screens.records import LoadGameScreen

        def chosen(path: Path | None) -> None:
            if path is not None:
                self.abandoning(
                    lambda: self.load_game(path), path.name, "Abandon it: load the saved game"
                )

        self.app.push_screen(LoadGameScreen(), chosen)

    def load_game(self, path: Path) -> None:
        from tutor.rules.record import RecordError

        try:
            game, named, gallery = load_with_opponent(path)
        except (RecordError, OSError) as exc:
            self.notify(str(exc), title="Could not load", severity="error")
            if not self.game.actions:
                self.start_game(self.game)
            return
        self.rules = game.rules
        if self.engine_request is None and named is not None:
            self.engine_name = named  # the opponent it was played against
        if gallery and not self.gallery.enabled:
            self.gallery = replace(self.gallery, enabled=True)
        if self.resumed and path == self.load_path:
            note = f"Resumed the game in progress (seed {game.seed}, deal {game.deal_number})."
        else:
            note = f"Loaded {path.name} (seed {game.seed})."
        self.start_game(game, note=note)
        self.unsaved = self.resumed and path == self.load_path  # played before, never saved

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

    def board_position(self):
        """The position the board shows: once the match is won, the last deal played,
        not the next one the game has dealt (a learner review: the board showed a new
        deal at 0-0 behind the winning deal's summary)."""
        game = self.game
        if (game.is_over or self.in_summary) and game.history:
            return game.history[-1].final
        return game.position

    def hand_order(self) -> tuple[Card, ...]:
        position = self.board_position()
        return sort_hand(position.hands[LEARNER], position.trump)

    def redraw(self) -> None:
        game, position = self.game, self.board_position()
        score, deal = game.total_score(), game.deal_number
        if game.is_over and game.history:
            score, deal = outcome(game).final_score, game.history[-1].number
        elif self.in_summary and game.history:
            # the deal just over stays on the board behind its summary, the next one
            # is dealt when the summary closes (a learner review saw it dealt behind)
            deal = game.history[-1].number
            score = outcome(game).deals[-1].score
        names = self.names
        opponent = 1 - LEARNER
        self.sub_title = f"{self.engine_name} engine · seed {game.seed}"
        role = {position.dealer: "dealer", 1 - position.dealer: "non-dealer"}
        held = len(position.hands[opponent])
        self.query_one("#opponent-label", Label).update(
            plain(f"{names[opponent]} ({role[opponent]}) — {held} card{'s' if held != 1 else ''}")
        )
        self.query_one("#opponent-hand", BacksView).show(len(position.hands[opponent]))
        last = position.tricks[-1] if position.tricks else None
        self.query_one(TrickView).show(
            TableView(
                turnup=position.turnup,
                stock=len(position.stock),
                led=position.led,
                led_by=names[position.leader],
                last_trick=last,
                last_winner=names[position.leader] if last else "",
            )
        )
        # The cards an exchange brought stay marked through the first trick: the dealer
        # answers a lead at once, and saw no mark before it (a tester's review).
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
        self.query_one(Scoreboard).show(
            Board(
                names=names,
                score=score,
                game=game.rules.game_points,
                deal=deal,
                dealer=position.dealer,
                trump=f"{position.trump.symbol} {position.trump.noun}",
                tricks=position.tricks_won(),
                king=position.king,
                games_won=game.games_won,
                rules=f"{game.rules.name.capitalize()} rules",
                penalty=(
                    penalty_fact(infoset_of(position, LEARNER))
                    if position.penalty is not None and not position.is_over
                    else ""
                ),
            )
        )
        self.query_one("#prompt", Static).update(self.prompt() + self.gallery_note())
        self.draw_buttons()
        self.refresh_bindings()

    def gallery_note(self) -> Content:
        """Where the gallery points, at the learner's own decisions only."""
        game = self.game
        if not self.gallery.enabled or game.is_over or self.in_summary or game.to_act != LEARNER:
            return Content()
        try:
            pointing = self.gallery.point(infoset_of(game.position, LEARNER))
        except Exception as exc:  # advice must never break play
            return styled("\n[i]The gallery is silent ($exc).[/i]", exc=exc)
        return styled("\n[i]$note[/i]", note=pointing.describe()) if pointing else Content()

    def prompt(self) -> Content:
        """What the learner is asked now (names and cards shown as text, keys in bold)."""
        game, position = self.game, self.game.position
        names = self.names
        if game.is_over and game.winner is None:
            return styled(
                "[b]Drawn: one manche each, no belle.[/b] New game: [b]n[/b]"
                " · the last deal again: [b]r[/b]"
            )
        if game.is_over and game.winner is not None:
            return styled(
                "[b]$name wins the game.[/b] New game: [b]n[/b] · the last deal again: [b]r[/b]",
                name=names[game.winner],
            )
        if self.in_summary:
            return plain("The deal is over.")
        if game.to_act != LEARNER:
            return styled("[i]$name is thinking…[/i]", name=names[game.to_act])
        phase = position.phase
        keys = card_keys(len(position.hands[LEARNER]))
        if phase is Phase.PROPOSE:
            return styled("Play the hand as it is ([b]p[/b]) or propose an exchange ([b]o[/b])?")
        if phase is Phase.ACCEPT:
            return styled(
                "$name proposes: accept ([b]a[/b]) or refuse ([b]x[/b])?", name=names[1 - LEARNER]
            )
        if phase is Phase.DISCARD:
            low, high = position.discard_range()
            chosen = " ".join(card_label(c) for c in sort_hand(self.selected, position.trump))
            return styled(
                "Chosen: $chosen. Discard $many: toggle cards with [b]$keys[/b], then [b]Enter[/b].",
                many=discard_count(low, high),
                keys=keys,
                chosen=chosen or "—",
            )
        if phase is Phase.MARK_KING:
            if position.king_law() == "club-laws/24":  # the king was the first card
                until = "until it is played to" if position.led else "until you play again"
                return styled(
                    "Your first card was the king of trumps: club law 24 lets you announce it"
                    " $until. Mark it ([b]m[/b]) or hold ([b]k[/b])?",
                    until=until,
                )
            return styled("You hold the king of trumps: mark it ([b]m[/b]) or hold ([b]k[/b])?")
        last = len(position.hands[LEARNER]) == 1
        led = position.led
        if phase is Phase.LEAD:
            if last:
                return styled("Your lead: your last card, [b]1[/b].")
            return styled("Your lead: a card with [b]$keys[/b].", keys=keys)
        if last:
            return styled(
                "$name led $card: $way your last card, [b]1[/b].",
                name=names[1 - LEARNER],
                card=card_label(led) if led else "?",
                way=last_card_words(position.hands[LEARNER][0], led, position.trump),
            )
        allowed = [a.card for a in game.legal_actions() if a.kind == "follow"]
        led_by = f"{names[1 - LEARNER]} led {card_label(led) if led else '?'}: "
        return follow_prompt(led_by, self.hand_order(), allowed, led, position.trump)

    def draw_buttons(self) -> None:
        box = self.query_one("#decisions", Horizontal)
        box.remove_children()
        kinds = self.learner_kinds()
        buttons = []
        for kind, (key, label) in DECISION_KEYS.items():
            if kind in kinds:
                buttons.append(Button(f"{label} ({key})", name=kind, compact=True))
        if "discard" in kinds:
            buttons.append(Button("Discard (Enter)", name="discard", compact=True))
        for button in buttons:
            button.can_focus = False
        box.mount_all(buttons)

    def log_line(self, text: str) -> None:
        self.query_one(RichLog).write(text)

    def log_deal_start(self) -> None:
        self.log_deal_start_of(self.game)

    def log_deal_so_far(self) -> None:
        """The current deal's moves already made (a game loaded or resumed mid-deal)."""
        for line in self.told_moves(self.game.restart_deal(), self.game.deal_actions):
            self.log_line(line)

    def log_deal_start_of(self, game: Game) -> None:
        position = game.position
        self.log_line(
            f"— Deal {game.deal_number}: {self.names[position.dealer]} deals, "
            f"turn-up {card_label(position.turnup)} —"
        )
        # The turn-up itself, not the king's owner: a game loaded mid-deal may hold a
        # king the dealer drew and marked (a learner review: "turned up the king" beside A♦).
        if position.turnup.rank is Rank.KING:
            self.log_line(turned_king(self.names[position.dealer], position.rules))


def _fresh_seed() -> int:
    """A new game's seed (shown, so the game can be dealt again)."""
    return random.SystemRandom().randrange(1, 1_000_000)
