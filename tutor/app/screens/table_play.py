"""The tables screen: the pool of three, écarté à quatre, à cinq and à six.

The learner sits South (seat 0); computer players take every other seat. The
rules are the domain's (``tutor.tables``): every decision goes to
``table.apply``, and a refusal comes back as ``IllegalAction`` with its law and
is shown as a notification. The computer players move in a thread worker until
the learner is to act or a deal ends; their moves are told in the log; a result
is dropped if the table changed meanwhile (undo, redeal, load, a new table).

As at the game for two: ``?`` shows what the Hints say and what the strongest
engine at this table advises (``tutor.tables.advisor``: ``best`` in the pool,
the rollout engine at four, five or six, whatever the computer players are);
``u`` undoes back to the learner's previous decision, ``r`` deals the deal
again, ``s`` and ``l`` save and load table records, every deal ends on a
summary with the decisions graded, and ``v`` reviews every deal played.

In the pool, while the learner is out he watches the game, both hands open,
at his own pace: space plays the next move, Enter the rest of the deal, and
each deal ends on its summary. The gallery (French rules only) points at the
learner's card at every table (``tutor.tables.gallery``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Header, Label, RichLog, Static

from tutor.app.advice import advice_markdown, engine_markdown, titled_sources, with_terms
from tutor.app.markup import markdown_literal, plain, styled
from tutor.app.narrate import narrate, turned_king
from tutor.app.navigation import services
from tutor.app.screens.confirm import ask_then
from tutor.app.screens.decision_keys import (
    DECISION_KEYS,
    DecisionKeys,
    decision_bindings,
    follow_prompt,
)
from tutor.app.widgets.cards import HandView, card_label
from tutor.app.widgets.footer import AdaptiveFooter
from tutor.app.widgets.more_below import MoreBelow
from tutor.app.widgets.passage import PassageMarkdown
from tutor.app.widgets.table_scores import TableScores
from tutor.app.widgets.table_trick import TableTrick
from tutor.rules.actions import Action, IllegalAction
from tutor.rules.cards import Card, Rank, sort_hand
from tutor.rules.deal import discard_count
from tutor.rules.infoset import infoset_of
from tutor.rules.rulesets import make_rules
from tutor.tables import TABLES, PoolTable, make_table
from tutor.tables import gallery as gallery_rules
from tutor.tables.advisor import TableAdvisor
from tutor.tables.coach import (
    AnyTable,
    deal_marker,
    deals_played,
    restart_deal,
    round_hint,
    undo,
)
from tutor.tables.computer import Computer, two_handed_infoset
from tutor.tables.gallery import Gallery, Pointing

LEARNER = 0

ADVICE_PROMPT = "*Press ? for a hint: what the Hints say and what the strongest engine advises.*"


class TablePlayScreen(DecisionKeys, Screen):
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
        if table not in TABLES:
            raise ValueError(f"unknown table {table!r} (one of {', '.join(TABLES)})")
        self.table_name = table
        self.engine_request = engine
        self.rules = make_rules(rules, game)
        self.losers = losers
        self.gallery_asked = gallery
        self.gallery = Gallery(enabled=gallery and gallery_rules.allowed(self.rules))
        self.load_path = load
        seed = seed if seed is not None else random.SystemRandom().randrange(1, 10**9)
        self.table = make_table(table, seed, self.rules, losers)
        self.unsaved = False
        """The learner has acted (played, undone, redealt) since the table was dealt,
        saved or loaded: putting it away then asks first."""
        self.before_redeal: AnyTable | None = None
        """The table as it was before ``r``, while no move of the learner's has followed."""
        self.computer = Computer(engine, seed)
        self.selected: set[Card] = set()
        self.judged: dict = {}
        """Steps already weighed by the advisor (the summaries and the review share it)."""
        self.paused = False
        """A deal summary is open: nothing moves until it is closed."""
        self.advice_strength = advice_strength
        """Scales the advisor's samples (tests use a weak, fast advisor)."""
        self.new_advisors(seed)

    def new_advisors(self, seed: int) -> None:
        # Separate instances: the hint, the gallery and the judging run in separate workers.
        strength = self.advice_strength
        self.advisor = TableAdvisor(seed, strength)
        self.judge_advisor = TableAdvisor(seed, strength)
        self.gallery_advisor = TableAdvisor(seed, strength)

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
        if self.gallery_asked and not gallery_rules.allowed(self.rules):
            self.notify(gallery_rules.refusal(), title="Gallery", severity="warning")
        elif self.gallery.enabled:
            self.notify(
                gallery_rules.announcement(True, not isinstance(self.table, PoolTable)),
                title="Gallery",
            )
        if self.load_path is not None:
            self.load_table(self.load_path)
        else:
            self.start(self.table)

    def start(self, table, note: str = "") -> None:
        self.table = table
        self.before_redeal = None
        self.unsaved = False
        self.selected.clear()
        self.paused = False
        self.query_one(RichLog).clear()
        self.log_line(note or f"{TABLES[table.name]}. Seed {table.seed}; {self.rules.describe()}.")
        if not table.actions:
            for line in _turned_king(table, _current_deal(table)):
                self.log_line(line)
        self.hide_advice()
        self.advance()

    # --- the flow -------------------------------------------------------------------

    def watching(self) -> bool:
        """The learner is out of the pool's game and watches it."""
        table = self.table
        return isinstance(table, PoolTable) and not table.is_over and LEARNER not in table.seats

    def learner_kinds(self) -> set[str]:
        table = self.table
        if self.paused or table.is_over or table.to_act != LEARNER:
            return set()
        return {a.kind for a in table.legal_actions()}

    def advance(self) -> None:
        """Redraw; let the computer players move (unless the learner watches), or the
        gallery point.

        While the computer players are to move only the prompt changes: they
        answer at once and the table is drawn when the learner's turn comes
        (drawing it twice per card is what slows a six-handed table)."""
        if self.paused:
            return
        table = self.table
        if not table.is_over and table.to_act != LEARNER and not self.watching():
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
            after = before.apply(action)
        except IllegalAction as exc:
            law = f"\n— {self.law_title(exc.law)}" if exc.law else ""
            self.notify(f"{exc}{law}", title="Not allowed", severity="warning")
            return
        self.record(before, action, after)
        self.table = after
        self.before_redeal = None
        self.unsaved = True
        self.selected.clear()
        self.hide_advice()
        self.after_moves(before, after)

    def after_moves(self, start, after) -> None:
        """Go on, or show the summary of a deal that has just ended."""
        if deal_marker(after) != deal_marker(start) or after.is_over:
            self.deal_over(after)
        else:
            self.advance()

    def deal_over(self, after) -> None:
        from tutor.app.screens.table_summary import TableDealSummary

        deals = deals_played(after)
        if not deals:
            self.advance()
            return
        deal = deals[-1]
        seats = (LEARNER,) if LEARNER in deal.seats else deal.seats
        self.paused = True
        self.redraw()

        def resume(_: object = None) -> None:
            self.paused = False
            self.advance()

        self.app.push_screen(TableDealSummary(self, deal, seats, _standing(after)), resume)

    def record(self, before, action: Action, after) -> None:
        """Tell an action in the log, and the end of a deal, a game or the table."""
        seat = before.to_act
        hidden = seat != LEARNER and not (
            isinstance(before, PoolTable) and LEARNER not in before.seats
        )
        line = narrate(before.players[seat], action, hidden=hidden)
        if line:
            self.log_line(line)
        for note in _ends(before, action, after):
            self.log_line(note)

    @work(thread=True, exclusive=True, group="table-computer")
    def think(self, table, limit: int) -> None:
        """The computer players move until the learner is to act, the deal ends, or
        (``limit`` > 0, the learner watching) that many moves are made."""
        moves = []
        start = table
        marker = deal_marker(table)
        try:
            while not table.is_over and table.to_act != LEARNER:
                action = self.computer.choose(table)
                after = table.apply(action)
                moves.append((table, action, after))
                table = after
                if deal_marker(table) != marker or (limit and len(moves) >= limit):
                    break
        except Exception as exc:  # an engine bug is reported, not a crash of the app
            self.app.call_from_thread(
                self.notify, f"A computer player failed: {exc}", title="Engine", severity="error"
            )
            self.app.call_from_thread(self.computer_moved, start, moves, failed=True)
            return
        self.app.call_from_thread(self.computer_moved, start, moves)

    def computer_moved(self, start, moves, *, failed: bool = False) -> None:
        if start is not self.table or self.paused:
            return  # the table changed while they played
        for before, action, after in moves:
            self.record(before, action, after)
            self.table = after
        if failed or not moves:
            self.redraw()  # no retry: a new table (n) or Back (Escape) remains
        else:
            self.after_moves(start, self.table)

    # --- the gallery ------------------------------------------------------------------

    @work(thread=True, exclusive=True, group="table-gallery")
    def point(self, table) -> None:
        try:
            pointing = self.pointing(table)
            text = pointing.describe() if pointing else ""
        except Exception as exc:
            text = ""
            self.app.call_from_thread(
                self.notify, f"The gallery is silent: {exc}", title="Gallery", severity="warning"
            )
        self.app.call_from_thread(self.show_pointing, table, text)

    def pointing(self, table) -> Pointing | None:
        if isinstance(table, PoolTable):
            return self.gallery.point(two_handed_infoset(table, LEARNER))
        kinds = {a.kind for a in table.legal_actions()}
        if not kinds & {"lead", "follow"}:
            return None  # the king is marked in words: no pointing
        advice = self.gallery_advisor.advise(table)
        return Pointing(tuple(advice.action.cards), advice.action.kind, advice.sources)

    def show_pointing(self, table, text: str) -> None:
        if table is self.table:
            self.query_one("#tp-gallery", Static).update(plain(text))

    # --- hints ------------------------------------------------------------------------------

    @work(thread=True, exclusive=True, group="table-hint")
    def advise(self, table) -> None:
        try:
            text = self.hint_markdown(table)
        except Exception as exc:
            text = f"*The engine could not advise: {markdown_literal(exc)}*"
        self.app.call_from_thread(self.show_advice, table, text)

    def hint_markdown(self, table) -> str:
        advice = self.advisor.advise(table)
        name = self.advisor.name_at(table)
        if isinstance(table, PoolTable):
            text = advice_markdown(
                infoset_of(table.game.position), name, advice, services(self).library
            )
        else:
            hint = round_hint(table)
            lines = [
                "#### The hints say",
                f"**{titled_sources(hint.title, hint.sources, services(self).library)}**",
                "",
                hint.explanation,
                "",
                f"#### The strongest engine at this table ({name}) advises",
                engine_markdown(name, advice, services(self).library),
            ]
            text = with_terms("\n".join(lines), services(self).library)
        who = self.table.players[table.to_act]
        head = "" if table.to_act == LEARNER else f"*For {who}, whose hand you see while out.*\n\n"
        return head + text

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
        if self.before_redeal is not None:
            kept, self.before_redeal = self.before_redeal, None
            self.log_line("Redeal undone: the table as it was.")
            self.adopt(kept)
            return
        earlier = undo(self.table, LEARNER)
        if earlier is None:
            self.notify("Nothing to undo: you have not acted yet at this table.")
            return
        if deal_marker(earlier) != deal_marker(self.table):
            self.log_line(f"Undone back into {earlier.view(LEARNER).title}.")
        self.log_line("Undo.")
        self.adopt(earlier)

    def action_redeal(self) -> None:
        """The deal in progress from its start, or the one just over."""
        again = restart_deal(self.table, LEARNER)
        if again is None:
            self.notify("Nothing has been played yet: the deal is as dealt.")
            return
        if deal_marker(again) != deal_marker(self.table) and not self.table.is_over:
            # the deal just over, its points taken back: asked first (as at the game for
            # two, a reviewer's finding there)
            ask_then(
                self.app,
                f"{again.view(LEARNER).title} is over. Deal it again? Its points are taken"
                f" back: {_score_line(self.table)} goes back to {_score_line(again)}"
                " (u straight after undoes it).",
                "Deal it again",
                lambda: self.redeal(again),
            )
            return
        self.redeal(again)

    def redeal(self, again) -> None:
        """Put ``again``, a deal from its start, on the table; ``u`` takes it back."""
        self.log_line(f"{again.view(LEARNER).title}: dealt again (u undoes it).")
        before = self.table
        self.adopt(again)
        self.before_redeal = before  # until the learner moves (a tester's review)

    def adopt(self, table) -> None:
        """A table reached otherwise (undo, redeal): redraw and go on."""
        self.table = table
        self.unsaved = True
        self.selected.clear()
        self.paused = False
        self.hide_advice()
        self.query_one("#tp-gallery", Static).update("")
        self.advance()

    def action_gallery(self) -> None:
        if not gallery_rules.allowed(self.rules):
            self.notify(gallery_rules.refusal(), title="Gallery", severity="warning")
            return
        self.gallery = Gallery(enabled=not self.gallery.enabled)
        round_table = not isinstance(self.table, PoolTable)
        self.notify(gallery_rules.announcement(self.gallery.enabled, round_table), title="Gallery")
        self.query_one("#tp-gallery", Static).update("")
        self.advance()

    def action_new_table(self) -> None:
        def deal_anew() -> None:
            seed = random.SystemRandom().randrange(1, 10**9)
            self.computer = Computer(self.engine_request, seed)
            self.new_advisors(seed)
            self.start(make_table(self.table_name, seed, self.rules, self.losers))

        self.abandoning(deal_anew, "a new one", "Abandon it: a new game at this table")

    def action_leave(self) -> None:
        """Escape: the hint closes first, if shown (a learner review: Escape asked to
        abandon the game while the hint was open, and the next digit went to the dialog)."""
        if self.query_one("#tp-advice-box").has_class("-shown"):
            self.hide_advice()
            return

        def leave() -> None:
            if self.app.screen is self:
                self.app.pop_screen()

        self.abandoning(leave, "the menu", "Abandon it: leave the table")

    def abandoning(self, then: Callable[[], None], for_what: str, yes: str) -> None:
        """Do ``then``, which puts the game at this table away: at once unless the
        learner has acted since it was dealt, saved or loaded, else only if he says so."""
        if not self.unsaved:
            then()
            return
        ask_then(
            self.app,
            f"Abandon the game at this table for {for_what}?"
            " It is lost unless you save it first (s).",
            yes,
            then,
        )

    def action_save(self) -> None:
        from tutor.app.screens.table_summary import tables_dir
        from tutor.tables.record import save

        folder = tables_dir()
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        path = folder / f"{self.table.name}-{stamp}-seed{self.table.seed}.txt"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            save(self.table, path)
        except OSError as exc:
            self.notify(f"Could not save: {exc}", severity="error")
            return
        self.unsaved = False
        self.notify(f"Saved to {path}", title="Saved")

    def action_load(self) -> None:
        from tutor.app.screens.table_summary import TableLoadScreen

        def chosen(path: Path | None) -> None:
            if path is not None:
                self.abandoning(
                    lambda: self.load_table(path), path.name, "Abandon it: load the saved game"
                )

        self.app.push_screen(TableLoadScreen(), chosen)

    def load_table(self, path: Path) -> None:
        from tutor.rules.record import RecordError
        from tutor.tables.record import load

        try:
            table = load(path)
        except (RecordError, OSError) as exc:
            self.notify(str(exc), title="Could not load", severity="error")
            if not self.table.actions:
                self.start(self.table)
            return
        self.table_name = table.name
        self.rules = table.rules
        self.losers = getattr(table, "losers", None) if table.name in ("cinq", "six") else None
        self.computer = Computer(self.engine_request, table.seed)
        self.new_advisors(table.seed)
        self.start(table, note=f"Loaded {path.name}: {TABLES[table.name]} (seed {table.seed}).")

    def action_review(self) -> None:
        from tutor.app.screens.table_summary import TableReview

        self.app.push_screen(TableReview(self, deals_played(self.table), LEARNER))

    def on_hand_view_card_chosen(self, event: HandView.CardChosen) -> None:
        self.action_card(event.index)

    # --- drawing ------------------------------------------------------------------------

    def hand_order(self) -> tuple[Card, ...]:
        view = self.table.view(LEARNER)
        return sort_hand(view.hand, view.turnup.suit if view.turnup else None)

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
        self.query_one("#tp-watched", Static).update(self.watched_hands() if watching else "")
        self.query_one(TableScores).show(view)
        self.query_one("#tp-prompt", Static).update(self.prompt(view.status, kinds))
        if not kinds:
            self.query_one("#tp-gallery", Static).update("")
        self.refresh_bindings()

    def watched_hands(self) -> Content:
        """The two hands of the pool's game the learner watches, open."""
        table = self.table
        if not isinstance(table, PoolTable):
            return Content()
        position = table.game.position
        lines = []
        for game_seat, pool_seat in enumerate(table.seats):
            role = "dealer" if position.dealer == game_seat else "non-dealer"
            cards = " ".join(
                card_label(c) for c in sort_hand(position.hands[game_seat], position.trump)
            )
            lines.append(
                styled(
                    "[b]$name[/b] ($role): $cards",
                    name=table.players[pool_seat],
                    role=role,
                    cards=cards or "—",
                )
            )
        return Content("\n").join(lines)

    def prompt(self, status: str, kinds: set[str]) -> Content:
        """What the learner is asked now (the table's words shown as text, keys in bold)."""
        if self.table.is_over:
            return styled("[b]$status[/b]  New game: n · review: v · back: Escape", status=status)
        if self.watching():
            return styled(
                "$status.  Watch: [b]space[/b] the next move, [b]Enter[/b] to the deal's end.",
                status=status,
            )
        if not kinds:
            return styled("[i]$status…[/i]", status=status)
        count = len(self.hand_order())
        keys = "1" if count == 1 else f"1-{count}"
        if "discard" in kinds:
            chosen = " ".join(card_label(c) for c in sorted(self.selected, key=lambda c: c.index))
            sizes = [len(a.cards) for a in self.table.legal_actions() if a.kind == "discard"]
            return styled(
                "Chosen: $chosen. Discard $many: toggle cards with [b]$keys[/b], then [b]Enter[/b].",
                many=discard_count(min(sizes), max(sizes)),
                keys=keys,
                chosen=chosen or "—",
            )
        if "lead" in kinds:
            return styled("Your lead: a card with [b]$keys[/b].", keys=keys)
        if "follow" in kinds:
            view = self.table.view(LEARNER)
            trick = view.trick
            led = f"{trick[0][0]} led {card_label(trick[0][1])}: " if trick else ""
            allowed = [a.card for a in self.table.legal_actions() if a.kind == "follow"]
            trump = view.turnup.suit if view.turnup else None
            return follow_prompt(
                led, self.hand_order(), allowed, trick[0][1] if trick else None, trump
            )
        decisions = Content(" · ").join(
            styled("$label ([b]$key[/b])", label=label, key=key)
            for kind, (key, label) in DECISION_KEYS.items()
            if kind in kinds
        )
        return styled("$status: ", status=status) + decisions

    def log_line(self, text: str) -> None:
        self.query_one(RichLog).write(text)


def _standing(after) -> str:
    """Where the table stands after a deal, in one line for the summary."""
    if after.is_over:
        return after.result()
    if isinstance(after, PoolTable):
        game = after.game
        names = game.players
        return (
            f"Game {after.game_number}: {names[0]} {game.score[0]}, {names[1]} {game.score[1]}"
            f" (to {after.rules.game_points}); {after.players[after.out]} out"
        )
    scores = ", ".join(
        f"{side} {s}" for side, s in zip(after.side_names, after.scores, strict=True)
    )
    return f"The game: {scores} (to {after.rules.game_points})"


def _current_deal(table):
    """The deal in progress: a two-handed ``Position`` (the pool) or a ``RoundDeal``."""
    return table.game.position if isinstance(table, PoolTable) else table.deal


def _turned_king(table, deal) -> list[str]:
    """The king turned up at the start of ``deal``, told as it is scored (under French
    rules with the dealer's « J'ai le roi », french/jeu)."""
    if deal.turnup.rank is not Rank.KING or deal.king != deal.dealer:
        return []
    names = table.game.players if isinstance(table, PoolTable) else table.players
    return [turned_king(names[deal.dealer], table.rules)]


def _ends(before, action: Action, after) -> list[str]:
    """Lines for what an action finished (a deal, a pool game, the table) and for a
    king turned up in the deal it began."""
    notes = []
    if isinstance(before, PoolTable):
        game = before.game.apply(action)  # the game for two, finished or not
        names = game.players
        for finished in game.history[len(before.game.history) :]:
            if finished.number != before.game.deal_number:  # ended at once on a king
                notes.extend(_turned_king(before, finished.final))
            points = finished.final.points
            notes.append(f"Deal {finished.number}: {names[0]} {points[0]}, {names[1]} {points[1]}.")
        same_game = after.game_number == before.game_number and not after.is_over
        if not same_game:
            last = after.games[-1]
            notes.append(f"Game {last.number} won by {after.players[last.winner]}.")
            if not after.is_over:
                notes.append(
                    f"{after.players[after.out]} goes out; {after.players[before.out]} comes in."
                )
        if after.refus != before.refus:
            notes.append(f"{after.players[before.out]}, out, takes the point de refus.")
        if not after.is_over and deal_marker(after) != deal_marker(before):
            notes.extend(_turned_king(after, after.game.position))
    elif after.deal_number != before.deal_number or after.is_over:
        for result in after.history[len(before.history) :]:
            if result.number != before.deal_number:  # ended at once on a king
                notes.extend(_turned_king(after, result.final))
            scored = [f"{after.side_names[s]} {p}" for s, p in enumerate(result.points) if p]
            notes.append(f"Deal {result.number}: {', '.join(scored) or 'no one scores'}.")
        if not after.is_over:
            notes.extend(_turned_king(after, after.deal))
    if after.is_over:
        notes.append(after.result())
    return notes


def _score_line(table) -> str:
    """The score lines of ``table`` as the learner sees them, on one line."""
    return "; ".join(f"{label} {value}" for label, value in table.view(LEARNER).scores)
