"""The tables screen: the pool of three, écarté à quatre, à cinq and à six.

The learner sits South (seat 0); computer players take every other seat. The
rules are the domain's (``tutor.tables``): every decision goes to
``table.apply``, and a refusal comes back as ``IllegalAction`` with its law and
is shown as a notification. The computer players move in a thread worker,
all of them in turn until the learner is to act (or sits out the pool's game),
and their moves are told in the log; a result is dropped if the table changed
meanwhile (a new table). With the gallery on (French écarté), the tutor points
at the card the Hints favour at each of the learner's card decisions in the
pool's games (``tutor.tables.gallery``).
"""

from __future__ import annotations

import random

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Header, Label, RichLog, Static

from tutor.actions import Action, IllegalAction
from tutor.app.markup import plain, styled
from tutor.app.narrate import narrate
from tutor.app.screens.decision_keys import DECISION_KEYS, DecisionKeys, decision_bindings
from tutor.app.widgets.cards import HandView, card_label
from tutor.app.widgets.footer import AdaptiveFooter
from tutor.app.widgets.table_scores import TableScores
from tutor.app.widgets.table_trick import TableTrick
from tutor.cards import Card, sort_hand
from tutor.rulesets import make_rules
from tutor.tables import TABLES, PoolTable, make_table
from tutor.tables.computer import Computer, two_handed_infoset
from tutor.tables.gallery import Gallery

LEARNER = 0



class TablePlayScreen(DecisionKeys, Screen):
    """A table game against computer players, played to its end."""

    DEFAULT_CSS = """
    TablePlayScreen #tp-body { height: 1fr; }
    TablePlayScreen #tp-main { width: 1fr; padding: 0 1; }
    TablePlayScreen #tp-side { width: 38; border-left: vkey $panel-lighten-2; padding-left: 1; }
    TablePlayScreen #tp-title { text-style: bold; color: $primary; height: auto; margin-bottom: 1; }
    TablePlayScreen #tp-hand-label { margin-top: 1; }
    TablePlayScreen #tp-hand { height: 4; }
    TablePlayScreen #tp-prompt { height: auto; margin: 1 0 0 0; color: $warning; }
    TablePlayScreen #tp-gallery { height: auto; color: $secondary; }
    TablePlayScreen #tp-log { height: 1fr; border-top: hkey $panel-lighten-2; }
    """

    BINDINGS = [
        *decision_bindings("table-"),
        Binding("g", "gallery", "Gallery", id="table-gallery", tooltip="French gallery on/off"),
        Binding("n", "new_table", "New", id="table-new", tooltip="A new game at this table"),
        Binding("escape", "app.pop_screen", "Back", id="table-back"),
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
    ) -> None:
        super().__init__()
        if table not in TABLES:
            raise ValueError(f"unknown table {table!r} (one of {', '.join(TABLES)})")
        self.table_name = table
        self.engine_request = engine
        self.rules = make_rules(rules, game)
        self.losers = losers
        self.gallery = Gallery(enabled=gallery)
        seed = seed if seed is not None else random.SystemRandom().randrange(1, 10**9)
        self.table = make_table(table, seed, self.rules, losers)
        self.computer = Computer(engine, seed)
        self.selected: set[Card] = set()

    # --- layout -------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="tp-body"):
            with Vertical(id="tp-main"):
                yield Label("", id="tp-title")
                yield TableTrick(id="tp-trick")
                yield Label("", id="tp-hand-label", classes="seat-label")
                yield HandView(id="tp-hand")
                yield Static("", id="tp-prompt")
                yield Static("", id="tp-gallery")
            with Vertical(id="tp-side"):
                yield TableScores(id="tp-scores")
                yield RichLog(id="tp-log", max_lines=1000, wrap=True, markup=False, min_width=20)
        yield AdaptiveFooter()

    def on_mount(self) -> None:
        if self.computer.note:
            self.notify(self.computer.note, title="Engine", severity="warning")
        self.start(self.table)

    def start(self, table) -> None:
        self.table = table
        self.selected.clear()
        self.query_one(RichLog).clear()
        self.log_line(f"{TABLES[table.name]}. Seed {table.seed}; {self.rules.describe()}.")
        self.advance()

    # --- the flow -------------------------------------------------------------------

    def learner_kinds(self) -> set[str]:
        table = self.table
        if table.is_over or table.to_act != LEARNER:
            return set()
        return {a.kind for a in table.legal_actions()}

    def advance(self) -> None:
        """Redraw; let the computer players move, or the gallery point.

        While the computer players are to move only the prompt changes: they
        answer at once and the table is drawn when the learner's turn comes
        (drawing it twice per card is what slows a six-handed table)."""
        if not self.table.is_over and self.table.to_act != LEARNER:
            self.query_one("#tp-prompt", Static).update(
                styled("[i]$status…[/i]", status=self.table.view(LEARNER).status)
            )
            self.refresh_bindings()
            self.think(self.table)
            return
        self.redraw()
        if self.table.is_over:
            self.notify(self.table.result(), title="The end")
            return
        if self.gallery.enabled and isinstance(self.table, PoolTable):
            self.point(self.table)

    def apply(self, action: Action) -> None:
        """The learner's action; a refusal is shown with its law."""
        try:
            after = self.table.apply(action)
        except IllegalAction as exc:
            law = f"\n— {exc.law}" if exc.law else ""
            self.notify(f"{exc}{law}", title="Not allowed", severity="warning")
            return
        self.record(self.table, action, after)
        self.table = after
        self.selected.clear()
        self.advance()

    def record(self, before, action: Action, after) -> None:
        """Tell an action in the log, and the end of a deal, a game or the table."""
        seat = before.to_act
        line = narrate(before.players[seat], action, hidden=seat != LEARNER)
        if line:
            self.log_line(line)
        for note in _ends(before, after):
            self.log_line(note)

    @work(thread=True, exclusive=True, group="table-computer")
    def think(self, table) -> None:
        moves = []
        start = table
        try:
            while not table.is_over and table.to_act != LEARNER:
                action = self.computer.choose(table)
                after = table.apply(action)
                moves.append((table, action, after))
                table = after
        except Exception as exc:  # an engine bug is reported, not a crash of the app
            self.app.call_from_thread(
                self.notify, f"A computer player failed: {exc}", title="Engine", severity="error"
            )
            self.app.call_from_thread(self.computer_moved, start, moves, failed=True)
            return
        self.app.call_from_thread(self.computer_moved, start, moves)

    def computer_moved(self, start, moves, *, failed: bool = False) -> None:
        if start is not self.table:
            return  # the table changed while they played
        for before, action, after in moves:
            self.record(before, action, after)
            self.table = after
        if failed:
            self.redraw()  # no retry: a new table (n) or Back (Escape) remains
        else:
            self.advance()

    @work(thread=True, exclusive=True, group="table-gallery")
    def point(self, table: PoolTable) -> None:
        try:
            pointing = self.gallery.point(two_handed_infoset(table, LEARNER))
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

    # --- keys ---------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        shared = self.check_decision_key(action, parameters)
        if shared is not None:
            return shared
        if action == "gallery":
            return isinstance(self.table, PoolTable)
        return True

    def action_gallery(self) -> None:
        self.gallery = Gallery(enabled=not self.gallery.enabled)
        law = self.gallery.law
        state = "points at cards (French rule)" if self.gallery.enabled else "silent (English rule)"
        self.notify(f"The gallery is {state} — {law}", title="Gallery")
        self.query_one("#tp-gallery", Static).update("")
        self.advance()

    def action_new_table(self) -> None:
        seed = random.SystemRandom().randrange(1, 10**9)
        self.computer = Computer(self.engine_request, seed)
        self.start(make_table(self.table_name, seed, self.rules, self.losers))

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
        self.query_one("#tp-title", Label).update(plain(view.title))
        self.query_one(TableTrick).show(view)
        kinds = self.learner_kinds()
        playable = None
        if kinds & {"lead", "follow"}:
            playable = [a.card for a in table.legal_actions()]
        label = f"{table.players[LEARNER]} — you"
        if not view.playing:
            label += " (out: you watch this game)"
        self.query_one("#tp-hand-label", Label).update(plain(label))
        self.query_one(HandView).show(self.hand_order(), self.selected, playable)
        self.query_one(TableScores).show(view)
        self.query_one("#tp-prompt", Static).update(self.prompt(view.status, kinds))
        if not kinds:
            self.query_one("#tp-gallery", Static).update("")
        self.refresh_bindings()

    def prompt(self, status: str, kinds: set[str]) -> Content:
        """What the learner is asked now (the table's words shown as text, keys in bold)."""
        if self.table.is_over:
            return styled("[b]$status[/b]  New game: n · back: Escape", status=status)
        if not kinds:
            return styled("[i]$status…[/i]", status=status)
        keys = f"1-{len(self.hand_order())}"
        if "discard" in kinds:
            chosen = " ".join(card_label(c) for c in sorted(self.selected, key=lambda c: c.index))
            return styled(
                "Discard: toggle cards with [b]$keys[/b], then [b]Enter[/b].  Chosen: $chosen",
                keys=keys, chosen=chosen or "—",
            )
        if "lead" in kinds:
            return styled("Your lead: a card with [b]$keys[/b].", keys=keys)
        if "follow" in kinds:
            trick = self.table.view(LEARNER).trick
            led = f"{trick[0][0]} led {card_label(trick[0][1])}: " if trick else ""
            return styled("${led}follow with [b]$keys[/b].", led=led, keys=keys)
        decisions = Content(" · ").join(
            styled("$label ([b]$key[/b])", label=label, key=key)
            for kind, (key, label) in DECISION_KEYS.items() if kind in kinds
        )
        return styled("$status: ", status=status) + decisions

    def log_line(self, text: str) -> None:
        self.query_one(RichLog).write(text)


def _ends(before, after) -> list[str]:
    """Lines for what an action finished: a deal, a pool game, the table."""
    notes = []
    if isinstance(before, PoolTable):
        same_game = after.game_number == before.game_number and not after.is_over
        if not same_game:
            last = after.games[-1]
            notes.append(f"Game {last.number} won by {after.players[last.winner]}.")
            if not after.is_over:
                notes.append(
                    f"{after.players[after.out]} goes out; "
                    f"{after.players[before.out]} comes in."
                )
        elif after.game.deal_number != before.game.deal_number:
            finished = after.game.history[-1]
            points = finished.final.points
            names = after.game.players
            notes.append(f"Deal {finished.number}: {names[0]} {points[0]}, {names[1]} {points[1]}.")
        if after.refus != before.refus:
            notes.append(f"{after.players[before.out]}, out, takes the point de refus.")
    elif after.deal_number != before.deal_number or after.is_over:
        result = after.history[-1]
        scored = [
            f"{after.side_names[s]} {p}" for s, p in enumerate(result.points) if p
        ]
        notes.append(f"Deal {result.number}: {', '.join(scored) or 'no one scores'}.")
    if after.is_over:
        notes.append(after.result())
    return notes
