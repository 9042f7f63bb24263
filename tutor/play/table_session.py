"""The other tables (the pool of three, écarté à quatre, à cinq, à six) as a session: the
learner's decisions, the computer players' turns, undo, the deal again, the gallery,
save and load, and what the table's log says of each.

The learner sits South (seat 0); computer players take every other seat. Every decision
goes to ``table.apply``; a forbidden one raises ``IllegalAction`` with its law. The
computer players' moves (``computer_moves``) may be worked out in a thread; a result
for a table no longer on it is dropped (``computer_moved``). In the pool, while the
learner is out he watches the game (``watching``), a move or a deal at a time.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

from tutor.rules.actions import Action
from tutor.rules.cards import Card, Rank, sort_hand
from tutor.rules.deal import Position
from tutor.rules.rulesets import RuleSet
from tutor.store.saved_games import SavedGames
from tutor.tables import TABLES, PoolTable, RoundTable, make_table
from tutor.tables import gallery as gallery_rules
from tutor.tables.advisor import TableAdvisor
from tutor.tables.coach import (
    AnyTable,
    DealPlayed,
    Judged,
    deal_marker,
    deals_played,
    restart_deal,
    undo,
)
from tutor.tables.computer import Computer, two_handed_infoset
from tutor.tables.gallery import Gallery, Pointing
from tutor.tables.round_deal import RoundDeal

from .narrate import narrate, turned_king
from .protocol import LEARNER, Notice
from .records import TABLE_RECORDS

Move = tuple[AnyTable, Action, AnyTable]
"""A move made: the table before, the action, the table after."""


def fresh_seed() -> int:
    return random.SystemRandom().randrange(1, 10**9)


@dataclass(frozen=True, slots=True)
class DealEnded:
    """A deal just over, for its summary: the deal, the seats whose decisions are
    graded (the learner's, or every seat of a pool game he watched), where the table
    stands."""

    deal: DealPlayed
    seats: tuple[int, ...]
    standing: str


class TableSession:
    """A table game against computer players, played to its end."""

    def __init__(
        self,
        table: str,
        rules: RuleSet,
        store: SavedGames,
        *,
        seed: int | None = None,
        engine: str = "best",
        losers: int | None = None,
        gallery: bool = False,
        advice_strength: float = 1.0,
    ) -> None:
        """``advice_strength`` scales the advisors' samples (tests use a weak, fast one)."""
        if table not in TABLES:
            raise ValueError(f"unknown table {table!r} (one of {', '.join(TABLES)})")
        self.table_name = table
        self.rules = rules
        self.store = store
        self.engine_request = engine
        self.losers = losers
        self.gallery_asked = gallery
        self.gallery = Gallery(enabled=gallery and gallery_rules.allowed(rules))
        seed = seed if seed is not None else fresh_seed()
        self.table: AnyTable = make_table(table, seed, rules, losers)
        self.unsaved = False
        """The learner has acted (played, undone, redealt) since the table was dealt,
        saved or loaded: putting it away then asks first."""
        self.before_redeal: AnyTable | None = None
        """The table as it was before a redeal, while no move of the learner's has followed."""
        self.paused = False
        """A deal summary is open: nothing moves until it is closed."""
        self.judged: dict[object, Judged] = {}
        """Steps already weighed by the advisor (the summaries and the review share it)."""
        self.advice_strength = advice_strength
        self.reseat(seed)

    def reseat(self, seed: int) -> None:
        """The computer players and the advisors for a table dealt with ``seed``."""
        self.computer = Computer(self.engine_request, seed)
        # separate instances: the hint, the gallery and the judging run in separate threads
        strength = self.advice_strength
        self.advisor = TableAdvisor(seed, strength)
        self.judge_advisor = TableAdvisor(seed, strength)
        self.gallery_advisor = TableAdvisor(seed, strength)

    def opening_notice(self) -> Notice | None:
        """What is said of the gallery as the table opens."""
        if self.gallery_asked and not gallery_rules.allowed(self.rules):
            return Notice(gallery_rules.refusal(), "Gallery", "warning")
        if self.gallery.enabled:
            return Notice(gallery_rules.announcement(True, not self.is_pool()), "Gallery")
        return None

    def is_pool(self) -> bool:
        return isinstance(self.table, PoolTable)

    # --- a table on the table ----------------------------------------------------------

    def start(self, table: AnyTable, note: str = "") -> list[str]:
        """Put ``table`` on the table: the log's lines."""
        self.table = table
        self.before_redeal = None
        self.unsaved = False
        self.paused = False
        lines = [note or f"{TABLES[table.name]}. Seed {table.seed}; {self.rules.describe()}."]
        if not table.actions:
            lines += _turned_king(table, _current_deal(table))
        return lines

    def new_table(self) -> list[str]:
        """A new game at this table, dealt with a new seed."""
        seed = fresh_seed()
        self.reseat(seed)
        return self.start(make_table(self.table_name, seed, self.rules, self.losers))

    def adopt(self, table: AnyTable) -> None:
        """A table reached otherwise (undo, redeal)."""
        self.table = table
        self.unsaved = True
        self.paused = False

    def watching(self) -> bool:
        """The learner is out of the pool's game and watches it."""
        table = self.table
        return isinstance(table, PoolTable) and not table.is_over and LEARNER not in table.seats

    def learner_kinds(self) -> set[str]:
        table = self.table
        if self.paused or table.is_over or table.to_act != LEARNER:
            return set()
        return {a.kind for a in table.legal_actions()}

    def computers_to_move(self) -> bool:
        """The computer players move now, unasked (not while the learner watches)."""
        table = self.table
        return not table.is_over and table.to_act != LEARNER and not self.watching()

    def hand_order(self) -> tuple[Card, ...]:
        view = self.table.view(LEARNER)
        return sort_hand(view.hand, view.turnup.suit if view.turnup else None)

    # --- moves -------------------------------------------------------------------------

    def apply(self, action: Action) -> list[str]:
        """The learner's action; ``IllegalAction`` with its law. The log's lines."""
        before = self.table
        after = before.apply(action)
        lines = self.told(before, action, after)
        self.table = after
        self.before_redeal = None
        self.unsaved = True
        return lines

    def told(self, before: AnyTable, action: Action, after: AnyTable) -> list[str]:
        """An action in the log, and the end of a deal, a game or the table it made."""
        seat = before.to_act
        hidden = seat != LEARNER and not (
            isinstance(before, PoolTable) and LEARNER not in before.seats
        )
        line = narrate(before.players[seat], action, hidden=hidden)
        return ([line] if line else []) + _ends(before, action, after)

    def computer_moves(
        self, table: AnyTable, limit: int = 0
    ) -> tuple[list[Move], Exception | None]:
        """The computer players' moves from ``table`` until the learner is to act, the
        deal ends, or (``limit`` > 0, the learner watching) that many are made; with
        the failure that stopped them, if one did (an engine's bug is told, not a crash).
        Reads nothing of the session but its computer: safe in a thread."""
        moves: list[Move] = []
        marker = deal_marker(table)
        try:
            while not table.is_over and table.to_act != LEARNER:
                action = self.computer.choose(table)
                after = table.apply(action)
                moves.append((table, action, after))
                table = after
                if deal_marker(table) != marker or (limit and len(moves) >= limit):
                    break
        except Exception as exc:
            return moves, exc
        return moves, None

    def computer_moved(self, start: AnyTable, moves: list[Move]) -> list[str] | None:
        """Play ``moves`` made from ``start``: the log's lines, or None when the table
        changed meanwhile (the moves are dropped)."""
        if start is not self.table or self.paused:
            return None
        lines = []
        for before, action, after in moves:
            lines += self.told(before, action, after)
            self.table = after
        return lines

    def deal_ended(self, start: AnyTable) -> bool:
        """Whether the table has left ``start``'s deal (or ended): its summary is due."""
        return deal_marker(self.table) != deal_marker(start) or self.table.is_over

    def deal_over(self) -> DealEnded | None:
        """The deal just over, for its summary, play paused until ``summary_closed``;
        None if no deal has been played."""
        deals = deals_played(self.table)
        if not deals:
            return None
        deal = deals[-1]
        self.paused = True
        seats = (LEARNER,) if LEARNER in deal.seats else deal.seats
        return DealEnded(deal, seats, _standing(self.table))

    def summary_closed(self) -> None:
        self.paused = False

    def pointing(self, table: AnyTable) -> Pointing | None:
        """Where the gallery points for the learner's decision in ``table`` (None: silent)."""
        if isinstance(table, PoolTable):
            return self.gallery.point(two_handed_infoset(table, LEARNER))
        kinds = {a.kind for a in table.legal_actions()}
        if not kinds & {"lead", "follow"}:
            return None  # the king is marked in words: no pointing
        advice = self.gallery_advisor.advise(table)
        return Pointing(tuple(advice.action.cards), advice.action.kind, advice.sources)

    def toggle_gallery(self) -> Notice:
        """The gallery on or off (French rules only)."""
        if not gallery_rules.allowed(self.rules):
            return Notice(gallery_rules.refusal(), "Gallery", "warning")
        self.gallery = Gallery(enabled=not self.gallery.enabled)
        return Notice(
            gallery_rules.announcement(self.gallery.enabled, not self.is_pool()), "Gallery"
        )

    # --- undo and the deal again ---------------------------------------------------------

    def undo(self) -> list[str] | None:
        """Back to the learner's previous decision (the others' replies undone too); just
        after a redeal, back to the table as it was before it. None: nothing to undo."""
        if self.before_redeal is not None:
            kept, self.before_redeal = self.before_redeal, None
            self.adopt(kept)
            return ["Redeal undone: the table as it was."]
        earlier = undo(self.table, LEARNER)
        if earlier is None:
            return None
        lines = []
        if deal_marker(earlier) != deal_marker(self.table):
            lines.append(f"Undone back into {earlier.view(LEARNER).title}.")
        lines.append("Undo.")
        self.adopt(earlier)
        return lines

    def deal_again(self) -> AnyTable | None:
        """The deal in progress from its start, or the one just over; None before
        anything is played."""
        return restart_deal(self.table, LEARNER)

    def redeal_question(self, again: AnyTable) -> str | None:
        """What to ask before dealing ``again`` (a deal already over has its points taken
        back); None: dealt at once."""
        if deal_marker(again) == deal_marker(self.table) or self.table.is_over:
            return None
        return (
            f"{again.view(LEARNER).title} is over. Deal it again? Its points are taken"
            f" back: {_score_line(self.table)} goes back to {_score_line(again)}"
            " (u straight after undoes it)."
        )

    def redeal(self, again: AnyTable) -> list[str]:
        """Put ``again``, a deal from its start, on the table; ``undo`` takes it back
        until the learner moves."""
        before = self.table
        self.adopt(again)
        self.before_redeal = before
        return [f"{again.view(LEARNER).title}: dealt again (u undoes it)."]

    # --- records -------------------------------------------------------------------------

    def save(self) -> Path:
        """Save the table among the table records; ``CannotWrite``."""
        path = self.store.save_table(self.table, TABLE_RECORDS)
        self.unsaved = False
        return path

    def load(self, path: Path) -> list[str]:
        """Put a saved table on the table, its rules and players with it; ``CannotRead``."""
        table = self.store.load_table(path, TABLE_RECORDS)
        self.table_name = table.name
        self.rules = table.rules
        self.losers = getattr(table, "losers", None) if table.name in ("cinq", "six") else None
        self.reseat(table.seed)
        return self.start(
            table, note=f"Loaded {path.name}: {TABLES[table.name]} (seed {table.seed})."
        )


def _standing(after: AnyTable) -> str:
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


def _current_deal(table: AnyTable) -> Position | RoundDeal:
    """The deal in progress: a two-handed ``Position`` (the pool) or a ``RoundDeal``."""
    return table.game.position if isinstance(table, PoolTable) else table.deal


def _turned_king(table: AnyTable, deal: Position | RoundDeal) -> list[str]:
    """The king turned up at the start of ``deal``, told as it is scored (under French
    rules with the dealer's « J'ai le roi », french/jeu)."""
    if deal.turnup is None or deal.turnup.rank is not Rank.KING or deal.king != deal.dealer:
        return []
    names = table.game.players if isinstance(table, PoolTable) else table.players
    return [turned_king(names[deal.dealer], table.rules)]


def _ends(before: AnyTable, action: Action, after: AnyTable) -> list[str]:
    """Lines for what an action finished (a deal, a pool game, the table) and for a
    king turned up in the deal it began."""
    notes = []
    if isinstance(before, PoolTable):
        assert isinstance(after, PoolTable)
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
    elif isinstance(after, RoundTable) and (
        after.deal_number != before.deal_number or after.is_over
    ):
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


def _score_line(table: AnyTable) -> str:
    """The score lines of ``table`` as the learner sees them, on one line."""
    return "; ".join(f"{label} {value}" for label, value in table.view(LEARNER).scores)
