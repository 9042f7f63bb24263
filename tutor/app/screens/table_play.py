"""The tables screen: the pool of three, écarté à quatre, à cinq and à six.

The game is a ``tutor.play.table_session.TableSession``: the learner's decisions, the
computer players' turns, undo, the deal again, the gallery, save and load are its own;
this screen draws it and takes the keys. The computer players move in a thread worker
until the learner is to act or a deal ends; a result is dropped if the table changed
meanwhile. ``?`` shows what the Hints say and what the strongest engine at this table
advises (``tutor.tables.advisor``); every deal ends on a summary with the decisions
graded, and ``v`` reviews every deal played. In the pool, while the learner is out he
watches the game, both hands open: space plays the next move, Enter the rest of the deal.
"""

from __future__ import annotations

from pathlib import Path

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Header, Label, RichLog, Static

from tutor.app.markup import markdown_literal, plain, styled
from tutor.app.navigation import services
from tutor.app.progress import saved_games_store
from tutor.app.screens import table_view
from tutor.app.screens.decision_keys import (
    DecisionKeys,
    decision_bindings,
)
from tutor.app.screens.session_screen import FromSession, SessionScreen
from tutor.app.widgets.cards import HandView
from tutor.app.widgets.footer import AdaptiveFooter
from tutor.app.widgets.more_below import MoreBelow
from tutor.app.widgets.passage import PassageMarkdown
from tutor.app.widgets.table_scores import TableScores
from tutor.app.widgets.table_trick import TableTrick
from tutor.play.protocol import LEARNER
from tutor.play.table_session import Move, TableSession
from tutor.rules.actions import Action, IllegalAction
from tutor.rules.cards import Card
from tutor.rules.rulesets import make_rules
from tutor.store.saved_games import CannotRead
from tutor.tables.coach import AnyTable, deals_played

__all__ = ["LEARNER", "TablePlayScreen"]

ADVICE_PROMPT = "*Press ? for a hint: what the Hints say and what the strongest engine advises.*"


class TablePlayScreen(DecisionKeys, SessionScreen):
    """A table game against computer players, played to its end."""

    HELP_SECTION = "Keys at the other tables"
    """The heading of help.md that F1 opens at."""

    DEFAULT_CSS = """
    TablePlayScreen #tp-body { height: 1fr; }
    TablePlayScreen #tp-main { width: 1fr; padding: 0 1; }
    TablePlayScreen #tp-side { width: 36; border-left: vkey $panel-lighten-2; padding-left: 1; }
    TablePlayScreen #tp-title { text-style: bold; color: $primary; height: auto; }
    TablePlayScreen #tp-hand-label { margin-top: 1; }
    TablePlayScreen #tp-hand { height: 4; }
    TablePlayScreen #tp-watched { height: auto; }
    TablePlayScreen #tp-prompt { height: auto; margin: 1 0 0 0; color: $warning; }
    TablePlayScreen #tp-gallery { height: auto; color: $secondary; }
    TablePlayScreen #tp-advice-box { height: 1fr; border-top: hkey $panel-lighten-2; display: none; }
    TablePlayScreen #tp-advice-box.-shown { display: block; }
    TablePlayScreen #tp-log { height: 1fr; border-top: hkey $panel-lighten-2; }
    TablePlayScreen #tp-log.-hidden { display: none; }
    """

    BINDINGS = [
        *decision_bindings("table-"),
        Binding("space", "watch(1)", "Next move", id="table-watch-move"),
        Binding(
            "enter",
            "watch(0)",
            "Deal's end",
            id="table-watch-deal",
            tooltip="Watch to the deal's end",
        ),
        Binding("question_mark", "hint", "Hint", key_display="?", id="table-hint"),
        Binding("h", "hint", "Hint", show=False),
        Binding("u", "undo", "Undo", id="table-undo"),
        Binding("r", "redeal", "Redeal", id="table-redeal", tooltip="The same deal again"),
        Binding("s", "save", "Save", id="table-save"),
        Binding("l", "load", "Load", id="table-load"),
        Binding("v", "review", "Review", id="table-review", tooltip="Every deal played, graded"),
        Binding("g", "gallery", "Gallery", id="table-gallery", tooltip="French gallery on/off"),
        Binding("n", "new_table", "New", id="table-new", tooltip="A new game at this table"),
        Binding("escape", "leave", "Back", id="table-back"),
        Binding("pagedown", "scroll_side('page_down')", "Scroll", show=False),
        Binding("pageup", "scroll_side('page_up')", "Scroll", show=False),
        Binding("end", "scroll_side('scroll_end')", "Scroll", show=False),
        Binding("home", "scroll_side('scroll_home')", "Scroll", show=False),
    ]

    def __init__(
        self,
        table: str = "pool",
        seed: int | None = None,
        engine: str = "best",
        *,
        gallery: bool = False,
        rules: str = "french",
        game: int = 5,
        losers: int | None = None,
        load: Path | None = None,
        advice_strength: float = 1.0,
    ) -> None:
        super().__init__()
        self.session: TableSession = TableSession(
            table,
            make_rules(rules, game),
            saved_games_store(),
            seed=seed,
            engine=engine,
            losers=losers,
            gallery=gallery,
            advice_strength=advice_strength,
        )
        self.load_path = load
        self.selected: set[Card] = set()

    table = FromSession()
    rules = FromSession()
    gallery = FromSession()
    computer = FromSession()
    advisor = FromSession()
    judge_advisor = FromSession()
    judged = FromSession()
    paused = FromSession()
    unsaved = FromSession()
    before_redeal = FromSession()

    def watching(self) -> bool:
        return self.session.watching()

    def learner_kinds(self) -> set[str]:
        return self.session.learner_kinds()

    def hand_order(self) -> tuple[Card, ...]:
        return self.session.hand_order()

    # --- layout -------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="tp-body"):
            with Vertical(id="tp-main"):
                yield Static("", id="tp-title")
                yield TableTrick(id="tp-trick")
                yield Label("", id="tp-hand-label", classes="seat-label")
                yield HandView(id="tp-hand")
                yield Static("", id="tp-watched")
                yield Static("", id="tp-prompt")
                yield Static("", id="tp-gallery")
            with Vertical(id="tp-side"):
                yield TableScores(id="tp-scores")
                with VerticalScroll(id="tp-advice-box"):
                    yield PassageMarkdown(ADVICE_PROMPT, id="tp-advice")
                yield MoreBelow("tp-advice-box", id="tp-advice-more")
                yield RichLog(id="tp-log", max_lines=1000, wrap=True, markup=False, min_width=20)
        yield AdaptiveFooter()

    def on_resize(self) -> None:
        self.call_after_refresh(self.query_one(MoreBelow).follow)

    def on_mount(self) -> None:
        self.tell(self.session.opening_notice())
        if self.load_path is not None:
            self.load_table(self.load_path)
        else:
            self.start(self.table)

    def start(self, table: AnyTable, note: str = "") -> None:
        self.show_start(self.session.start(table, note))

    def show_start(self, lines: list[str]) -> None:
        """A table just put on the table: its log from these lines, and play goes on."""
        self.selected.clear()
        self.query_one(RichLog).clear()
        self.log_lines(lines)
        self.hide_advice()
        self.advance()

    # --- the flow -------------------------------------------------------------------

    def advance(self) -> None:
        """Redraw; let the computer players move (unless the learner watches), or the
        gallery point.

        While the computer players are to move only the prompt changes: they
        answer at once and the table is drawn when the learner's turn comes
        (drawing it twice per card is what slows a six-handed table)."""
        if self.paused:
            return
        table = self.table
        if self.session.computers_to_move():
            self.query_one("#tp-prompt", Static).update(
                styled("[i]$status…[/i]", status=table.view(LEARNER).status)
            )
            self.refresh_bindings()
            self.think(table, 0)
            return
        self.redraw()
        if table.is_over:
            self.notify(table.result(), title="The end")
            return
        if self.gallery.enabled and not self.watching():
            self.point(table)

    def law_title(self, law: str) -> str:
        """A law as a learner reads it: its passage's title (the id if not in the texts)."""
        library = services(self).library
        if library is not None and law in library:
            return library.passage(law).title
        return law

    def apply(self, action: Action) -> None:
        """The learner's action; a refusal is shown with its law."""
        before = self.table
        try:
            lines = self.session.apply(action)
        except IllegalAction as exc:
            law = f"\n— {self.law_title(exc.law)}" if exc.law else ""
            self.notify(f"{exc}{law}", title="Not allowed", severity="warning")
            return
        self.log_lines(lines)
        self.selected.clear()
        self.hide_advice()
        self.after_moves(before)

    def after_moves(self, start: AnyTable) -> None:
        """Go on, or show the summary of a deal that has just ended."""
        if self.session.deal_ended(start):
            self.deal_over()
        else:
            self.advance()

    def deal_over(self) -> None:
        from tutor.app.screens.table_summary import TableDealSummary

        ended = self.session.deal_over()
        if ended is None:
            self.advance()
            return
        self.redraw()

        def resume(_: object = None) -> None:
            self.session.summary_closed()
            self.advance()

        summary = TableDealSummary(self.session, ended.deal, ended.seats, ended.standing)
        self.app.push_screen(summary, resume)

    @work(thread=True, exclusive=True, group="table-computer")
    def think(self, table: AnyTable, limit: int) -> None:
        """The computer players move until the learner is to act, the deal ends, or
        (``limit`` > 0, the learner watching) that many moves are made."""
        moves, failure = self.session.computer_moves(table, limit)
        if failure is not None:
            self.app.call_from_thread(
                self.notify,
                f"A computer player failed: {failure}",
                title="Engine",
                severity="error",
            )
        self.app.call_from_thread(self.computer_moved, table, moves, failed=failure is not None)

    def computer_moved(self, start: AnyTable, moves: list[Move], *, failed: bool = False) -> None:
        lines = self.session.computer_moved(start, moves)
        if lines is None:
            return  # the table changed while they played
        self.log_lines(lines)
        if failed or not moves:
            self.redraw()  # no retry: a new table (n) or Back (Escape) remains
        else:
            self.after_moves(start)

    # --- the gallery ------------------------------------------------------------------

    @work(thread=True, exclusive=True, group="table-gallery")
    def point(self, table: AnyTable) -> None:
        try:
            pointing = self.session.pointing(table)
            text = pointing.describe() if pointing else ""
        except Exception as exc:
            text = ""
            self.app.call_from_thread(
                self.notify, f"The gallery is silent: {exc}", title="Gallery", severity="warning"
            )
        self.app.call_from_thread(self.show_pointing, table, text)

    def show_pointing(self, table, text: str) -> None:
        if table is self.table:
            self.query_one("#tp-gallery", Static).update(plain(text))

    # --- hints ------------------------------------------------------------------------------

    @work(thread=True, exclusive=True, group="table-hint")
    def advise(self, table) -> None:
        try:
            text = table_view.hint_markdown(self.session, table, services(self).library)
        except Exception as exc:
            text = f"*The engine could not advise: {markdown_literal(exc)}*"
        self.app.call_from_thread(self.show_advice, table, text)

    def show_advice(self, table, text: str) -> None:
        if table is self.table:
            self.query_one("#tp-advice", PassageMarkdown).update(text)

    def hide_advice(self) -> None:
        self.query_one("#tp-advice-box").remove_class("-shown")
        self.query_one("#tp-log").remove_class("-hidden")
        self.call_after_refresh(self.query_one(MoreBelow).follow)

    # --- keys ---------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        shared = self.check_decision_key(action, parameters)
        if shared is not None:
            return shared
        if action == "watch":
            return self.watching() and not self.paused
        if action == "hint":
            return bool(self.learner_kinds()) or (self.watching() and not self.paused)
        if action == "redeal":
            return bool(self.table.actions)
        if action == "undo":
            return bool(self.table.actions) or self.before_redeal is not None
        return True

    def action_scroll_side(self, how: str) -> None:
        """PageUp/PageDown/Home/End: the hint when shown, else the log."""
        box = self.query_one("#tp-advice-box")
        target = box if box.has_class("-shown") else self.query_one("#tp-log")
        getattr(target, f"action_{how}" if how.startswith("page") else how)()

    def action_watch(self, limit: int) -> None:
        """While out of the pool's game: the next move (1) or the rest of the deal (0)."""
        if self.watching() and not self.paused:
            self.hide_advice()
            self.think(self.table, limit)

    def action_hint(self) -> None:
        """A hint; ``?`` again while it shows hides it (as at the game for two)."""
        if self.query_one("#tp-advice-box").has_class("-shown"):
            self.hide_advice()
        elif self.learner_kinds() or self.watching():
            self.query_one("#tp-advice", PassageMarkdown).update("*Thinking…*")
            self.query_one("#tp-advice-box").add_class("-shown")
            self.query_one("#tp-log").add_class("-hidden")
            self.call_after_refresh(self.query_one(MoreBelow).follow)
            self.advise(self.table)

    def action_undo(self) -> None:
        """Back to the learner's previous decision (the others' replies undone too);
        just after a redeal, back to the table as it was before it."""
        lines = self.session.undo()
        if lines is None:
            self.notify("Nothing to undo: you have not acted yet at this table.")
            return
        self.log_lines(lines)
        self.adopted()

    def action_redeal(self) -> None:
        """The deal in progress from its start, or the one just over (asked first)."""
        again = self.session.deal_again()
        if again is None:
            self.notify("Nothing has been played yet: the deal is as dealt.")
            return
        question = self.session.redeal_question(again)
        self.offer_redeal(question, "Deal it again", lambda: self.redeal(again))

    def redeal(self, again: AnyTable) -> None:
        """Put ``again``, a deal from its start, on the table; ``u`` takes it back."""
        self.log_lines(self.session.redeal(again))
        self.adopted()

    def adopt(self, table: AnyTable) -> None:
        """A table reached otherwise (undo, redeal): redraw and go on."""
        self.session.adopt(table)
        self.adopted()

    def adopted(self) -> None:
        self.selected.clear()
        self.hide_advice()
        self.query_one("#tp-gallery", Static).update("")
        self.advance()

    def action_gallery(self) -> None:
        notice = self.session.toggle_gallery()
        self.tell(notice)
        if notice.severity == "warning":  # refused: not French rules
            return
        self.query_one("#tp-gallery", Static).update("")
        self.advance()

    def action_new_table(self) -> None:
        def deal_anew() -> None:
            self.show_start(self.session.new_table())

        self.abandoning(deal_anew, "a new one", "Abandon it: a new game at this table")

    def action_leave(self) -> None:
        """Escape: the hint closes first, if shown (else the next digit went to the
        dialog asking to abandon the game)."""
        if self.query_one("#tp-advice-box").has_class("-shown"):
            self.hide_advice()
            return

        def leave() -> None:
            if self.app.screen is self:
                self.app.pop_screen()

        self.abandoning(leave, "the menu", "Abandon it: leave the table")

    def abandon_question(self, for_what: str) -> str:
        return (
            f"Abandon the game at this table for {for_what}?"
            " It is lost unless you save it first (s)."
        )

    def action_load(self) -> None:
        from tutor.app.screens.table_summary import TableLoadScreen

        self.pick_then_load(TableLoadScreen(), self.load_table)

    def load_table(self, path: Path) -> None:
        try:
            lines = self.session.load(path)
        except CannotRead as exc:
            self.notify(str(exc), title="Could not load", severity="error")
            if not self.table.actions:
                self.start(self.table)
            return
        self.show_start(lines)

    def action_review(self) -> None:
        from tutor.app.screens.table_summary import TableReview

        self.app.push_screen(TableReview(self.session, deals_played(self.table), LEARNER))

    def on_hand_view_card_chosen(self, event: HandView.CardChosen) -> None:
        self.action_card(event.index)

    # --- drawing ------------------------------------------------------------------------

    def redraw(self) -> None:
        table = self.table
        view = table.view(LEARNER)
        self.sub_title = f"{self.computer.engine_name} players · seed {table.seed}"
        self.query_one("#tp-title", Static).update(plain(view.title))
        self.query_one(TableTrick).show(view)
        kinds = self.learner_kinds()
        playable = None
        if kinds & {"lead", "follow"}:
            playable = [a.card for a in table.legal_actions()]
        watching = self.watching()
        label = f"{table.players[LEARNER]} — you"
        if watching:
            label = f"{table.players[LEARNER]} (you) is out: both hands shown"
        self.query_one("#tp-hand-label", Label).update(plain(label))
        hand = self.query_one(HandView)
        hand.display = not watching
        hand.show(self.hand_order(), self.selected, playable)
        self.query_one("#tp-watched", Static).update(
            table_view.watched_hands(self.session) if watching else ""
        )
        self.query_one(TableScores).show(view)
        self.query_one("#tp-prompt", Static).update(
            table_view.table_prompt(self.session, self.selected, view.status, kinds)
        )
        if not kinds:
            self.query_one("#tp-gallery", Static).update("")
        self.refresh_bindings()
