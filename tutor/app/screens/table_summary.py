"""The tables' deal summary, their review, and their saved games.

- ``TableDealSummary``: a deal just over (the learner's, or a pool game he
  watched while out), every hand open as dealt, the tricks, the points, and the
  decisions set against the advisor's, graded by what they cost;
- ``TableReview``: every deal played at the table, the learner's decisions
  graded, the Hints' answer beside each, and an accuracy figure;
- ``TableLoadScreen``: the table records saved in ``games_dir()/tables``.

The judging runs in thread workers (``tutor.tables.coach.judge_step`` with the
advisor of ``tutor.tables.advisor``); judged steps are kept in the table
screen's cache, so a deal judged for its summary is not judged again.
"""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from tutor.analysis.grades import THRESHOLDS_TOLD, accuracy
from tutor.app.markup import plain
from tutor.app.narrate import describe_action
from tutor.app.progress import saved_games_store
from tutor.app.widgets.cards import card_label
from tutor.app.widgets.footer import AdaptiveFooter
from tutor.play.records import TABLE_RECORDS
from tutor.rules.actions import Action
from tutor.rules.cards import Rank, sort_hand
from tutor.rules.deal import Position
from tutor.rules.laws import trick_leaders
from tutor.tables import PoolTable
from tutor.tables.coach import DealPlayed, Judged, hand_as_dealt, judge_step
from tutor.tables.round_deal import RoundDeal
from tutor.tables.round_table import RoundTable

GRADE_STYLE = {None: "green", "inaccuracy": "yellow", "mistake": "dark_orange", "blunder": "red"}
GRADES_TOLD = f"Grades by points of expected score lost against the advisor: {THRESHOLDS_TOLD}."


def tables_dir() -> Path:
    """Where table records are saved (apart from the two-handed games)."""
    return saved_games_store().tables_folder


def saved_tables() -> list[Path]:
    """The saved table records, newest first (regular files only)."""
    return saved_games_store().tables()


def describe_saved_table(path: Path) -> str:
    """One line for the table picker, as the game picker tells a game: when it was
    saved, the table, how it stands, its rules and seed; or why it does not load."""
    return saved_games_store().describe_table(path, TABLE_RECORDS)


def step_key(step) -> tuple:
    return (step.before.actions, step.action)


def cards_text(cards) -> str:
    return " ".join(card_label(c) for c in cards) or "—"


def deal_facts(deal: DealPlayed) -> Text:
    """The deal open: the hands as dealt, the exchanges, the tricks."""
    final = deal.final()
    start = deal.start
    out = Text()
    if final is None:
        return out
    out.append(f"Turn-up {card_label(final.turnup)}\n", style="bold")
    names: tuple[str, ...]
    if isinstance(start, PoolTable):
        assert isinstance(final, Position)  # the pool plays two-handed deals
        names = start.game.players
        for seat in (0, 1):
            role = "dealer" if seat == final.dealer else "non-dealer"
            out.append(f"{names[seat]} ({role}): ", style="bold")
            out.append(cards_text(sort_hand(final.dealt[seat], final.trump)) + "\n")
            if final.exchanges or final.discards[seat]:
                out.append(f"  threw out {cards_text(final.discards[seat])}\n", style="dim")
        leaders = trick_leaders(final.tricks, final.trump, final.nondealer)
        for number, (first, second) in enumerate(final.tricks, start=1):
            leader, winner = leaders[number - 1], leaders[number]
            out.append(
                f"Trick {number}: {names[leader]} {card_label(first)}, "
                f"{names[1 - leader]} {card_label(second)} — {names[winner]}\n"
            )
    else:
        assert isinstance(final, RoundDeal)  # a round table plays round deals
        names = start.players
        for seat, name in enumerate(names):
            role = " (dealer)" if seat == final.dealer else ""
            out.append(f"{name}{role}: ", style="bold")
            out.append(cards_text(sort_hand(hand_as_dealt(final, seat), final.trump)) + "\n")
        for number, (leader, cards) in enumerate(final.tricks, start=1):
            played = ", ".join(
                f"{names[(leader + i) % final.size]} {card_label(c)}" for i, c in enumerate(cards)
            )
            out.append(f"Trick {number}: {played} — {names[final.trick_winner(leader, cards)]}\n")
    if final.king is not None:
        who = (
            start.game.players[final.king]
            if isinstance(start, PoolTable)
            else start.players[final.king]
        )
        turned = final.turnup.rank is Rank.KING and final.king == final.dealer
        if turned and start.rules.french:
            who += ", turned up: « J'ai le roi » (french/jeu)"
        elif turned:
            who += ", turned up"
        out.append(f"The king of trumps: {who}\n")
    return out


def said(action: Action, table: PoolTable | RoundTable | None = None) -> str:
    """An action as the table saw it: a card played to a trick as it answers the card
    led, "follow suit with", "trump with", "throw away" (a tester's review: "follow 7♦"
    of a card thrown away)."""
    if action.kind != "follow" or table is None:
        return describe_action(action)
    if isinstance(table, PoolTable):
        position = table.game.position
        return action.answering(position.led, position.trump)
    deal = table.deal
    return action.answering(deal.trick[0] if deal.trick else None, deal.trump)


def judged_line(
    name: str, judged: Judged, advisor_name: str, table: PoolTable | RoundTable | None = None
) -> Text:
    """One decision: its mark, what was chosen, and what the advisor and the Hints prefer
    (each card said as it answers the trick at ``table``, the table before it)."""
    line = Text()
    line.append(f"{judged.mark:>2} ", style=f"bold {GRADE_STYLE[judged.grade]}")
    line.append(f"{name}: {said(judged.action, table)}")
    if judged.grade:
        line.append(f" — {judged.grade}", style=GRADE_STYLE[judged.grade])
    if judged.action != judged.best:
        cost = f", costs {judged.cost:.2f}" if judged.cost is not None else ", not weighed"
        line.append(f" ({advisor_name}: {said(judged.best, table)}{cost})", style="dim")
    if judged.hints is not None:
        # "the Hints agree" beside a mistake was read as agreeing with the grade (a
        # learner review): say that the choice graded down is the Hints' own
        if judged.hints != judged.action:
            told = f"the Hints say {said(judged.hints, table)}"
        elif judged.action == judged.best:
            told = "the Hints say so too"
        else:
            told = f"the Hints' choice too; {advisor_name} weighs this deal otherwise"
        line.append(f" · {told}", style="dim")
    return line


class JudgingScreen(ModalScreen[None]):
    """What the summary and the review share: the cache and the judging worker."""

    DEFAULT_CSS = """
    JudgingScreen { align: center middle; background: $background 60%; }
    JudgingScreen #ts-summary {
        width: 95%; max-width: 100; height: auto; max-height: 100%;
        border: thick $primary; border-title-color: $primary; border-title-style: bold;
        background: $surface; padding: 0 1;
    }
    JudgingScreen #ts-points, JudgingScreen #ts-accuracy { text-style: bold; color: $primary; }
    JudgingScreen #ts-score { color: $text-muted; }
    JudgingScreen #ts-body { height: auto; max-height: 1fr; }
    JudgingScreen #ts-heading, JudgingScreen #ts-facts { margin-top: 1; }
    """

    def __init__(self, owner) -> None:
        super().__init__()
        self.owner = owner
        """The table screen: its ``judged`` cache, ``judge_advisor`` and names."""

    def judged(self, step) -> Judged | None:
        return self.owner.judged.get(step_key(step))

    def judge(self, step) -> Judged:
        key = step_key(step)
        found = self.owner.judged.get(key)
        if found is None:
            found = judge_step(self.owner.judge_advisor, step)
            self.owner.judged[key] = found
        return found

    def advisor_name(self, table) -> str:
        return self.owner.judge_advisor.name_at(table)


class TableDealSummary(JudgingScreen):
    """A deal of a table just over, open, with its decisions graded."""

    BINDINGS = [
        Binding("enter", "close", "Continue", priority=True),
        Binding("escape,space", "close", "Continue", show=False),
    ]

    def __init__(self, owner, deal: DealPlayed, seats: tuple[int, ...], score: str) -> None:
        super().__init__(owner)
        self.deal, self.seats, self.score = deal, seats, score

    def compose(self) -> ComposeResult:
        names = self.deal.start.players
        scored = [f"{name} {p}" for name, p in self.deal.points() if p]
        with Vertical(id="ts-summary") as box:
            box.border_title = plain(f"{self.deal.label} is over")
            yield Static(
                plain(f"This deal: {', '.join(scored) or 'no one scores'}."), id="ts-points"
            )
            yield Static(plain(self.score), id="ts-score")
            with VerticalScroll(id="ts-body"):
                who = " and ".join(names[s] for s in self.seats)
                heading = "Your decisions" if self.seats == (0,) else f"The decisions of {who}"
                yield Static(Text(heading, style="bold"), id="ts-heading")
                yield Static(
                    Text("Weighing them against the advisor…", style="italic"), id="ts-choices"
                )
                yield Static(Text(GRADES_TOLD, style="dim"), id="ts-grades")
                yield Static(deal_facts(self.deal), id="ts-facts")
        yield AdaptiveFooter()

    def on_mount(self) -> None:
        self.query_one("#ts-body", VerticalScroll).focus()
        self.compare()

    @work(thread=True, exclusive=True)
    def compare(self) -> None:
        names = self.deal.start.players
        rows = Text()
        for step in self.deal.steps:
            if step.seat not in self.seats:
                continue
            if len(step.before.legal_actions()) == 1:  # as the two-handed summary says it
                rows.append(f"   {names[step.seat]}: {said(step.action, step.before)}")
                rows.append(" (the only choice)\n", style="italic")
                continue
            try:
                judged = self.judge(step)
            except Exception as exc:  # advice must never break the summary
                rows.append(
                    f"   {names[step.seat]}: {said(step.action, step.before)} — no advice ({exc})\n"
                )
                continue
            rows.append_text(
                judged_line(names[step.seat], judged, self.advisor_name(step.before), step.before)
            )
            rows.append("\n")
        rows.rstrip()
        if not rows:
            rows = Text("No decision of yours in this deal.", style="italic")
        self.app.call_from_thread(self.query_one("#ts-choices", Static).update, rows)

    def action_close(self) -> None:
        self.dismiss(None)


class TableReview(JudgingScreen):
    """Every deal played so far, the learner's decisions graded, and his accuracy."""

    BINDINGS = [
        Binding("escape", "close", "Back"),
        Binding("enter", "close", "Back", show=False, priority=True),
    ]

    def __init__(self, owner, deals: list[DealPlayed], learner: int = 0) -> None:
        super().__init__(owner)
        self.deals, self.learner = deals, learner

    def compose(self) -> ComposeResult:
        with Vertical(id="ts-summary") as box:
            box.border_title = "Review of the deals played"
            yield Static("Weighing your decisions…", id="ts-accuracy")
            with VerticalScroll(id="ts-body"):
                yield Static("", id="ts-review")
                yield Static(Text(GRADES_TOLD, style="dim"), id="ts-grades")
        yield AdaptiveFooter()

    def on_mount(self) -> None:
        self.query_one("#ts-body", VerticalScroll).focus()
        self.review()

    @work(thread=True, exclusive=True)
    def review(self) -> None:
        out = Text()
        costs: list[float | None] = []
        counts = {"inaccuracy": 0, "mistake": 0, "blunder": 0}
        for number, deal in enumerate(self.deals, 1):
            # how far the weighing has gone: a six-player table takes a while
            self.app.call_from_thread(
                self.query_one("#ts-accuracy", Static).update,
                plain(f"Weighing your decisions: deal {number} of {len(self.deals)}…"),
            )
            names = deal.start.players
            points = ", ".join(f"{n} {p}" for n, p in deal.points())
            out.append(f"{deal.label}", style="bold")
            out.append(f" — {points}\n" if deal.finished else " — in progress\n", style="dim")
            mine = [s for s in deal.steps if s.seat == self.learner]
            if not mine:
                out.append("   (you had no decision)\n", style="dim")
            for step in mine:
                if len(step.before.legal_actions()) == 1:
                    # not a decision, so not graded: as the help, the deal's summary and
                    # ``ecarte review`` have it (a tester's review: 30 "decisions" here,
                    # 22 in the command's review of the same record)
                    out.append(f"   {names[step.seat]}: {said(step.action, step.before)}")
                    out.append(" (the only choice)\n", style="italic")
                    continue
                try:
                    judged = self.judge(step)
                except Exception as exc:
                    out.append(f"   {said(step.action, step.before)} — no advice ({exc})\n")
                    continue
                costs.append(judged.cost)
                if judged.grade:
                    counts[judged.grade] += 1
                out.append_text(
                    judged_line(
                        names[step.seat], judged, self.advisor_name(step.before), step.before
                    )
                )
                out.append("\n")
            self.app.call_from_thread(self.query_one("#ts-review", Static).update, out.copy())
        figure = accuracy(costs)
        plurals = {"inaccuracy": "inaccuracies", "mistake": "mistakes", "blunder": "blunders"}
        told = ", ".join(f"{n} {k if n == 1 else plurals[k]}" for k, n in counts.items())
        line = (
            f"Your accuracy: {figure:.0f} over {len(costs)} decisions ({told})"
            if figure is not None
            else "No decision of yours to review yet."
        )
        self.app.call_from_thread(self.query_one("#ts-accuracy", Static).update, plain(line))
        if not self.deals:
            self.app.call_from_thread(
                self.query_one("#ts-review", Static).update,
                Text("No deal played yet.", style="italic"),
            )

    def action_close(self) -> None:
        self.dismiss(None)


class TableLoadScreen(ModalScreen[Path | None]):
    """The saved table records, newest first; Enter loads, Escape cancels."""

    DEFAULT_CSS = """
    TableLoadScreen { align: center middle; background: $background 60%; }
    TableLoadScreen #load-dialog {
        width: 70; max-width: 95%; height: auto; max-height: 80%;
        border: thick $primary; background: $surface; padding: 0 1;
    }
    """

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def compose(self) -> ComposeResult:
        found = saved_tables()
        with Vertical(id="load-dialog"):
            yield Label(plain(f"Load a table from {tables_dir()}"), id="load-title")
            if found:
                yield OptionList(
                    *[Option(plain(describe_saved_table(p)), id=str(p)) for p in found],
                    id="load-list",
                )
            else:
                yield Label("No saved tables yet (save one with s).", id="load-empty")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(Path(event.option.id or ""))

    def action_cancel(self) -> None:
        self.dismiss(None)
