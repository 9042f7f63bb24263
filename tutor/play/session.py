"""The two-handed game against an engine, as a session: the learner's decisions, the
engine's turn, undo, the same deal again, the autosave, save and load, and what the
game's log says of each.

The learner sits South (seat 0). Every decision goes to ``Game.apply``; a forbidden one
raises ``IllegalAction`` with its law. The engine's choice (``engine_choice``) may be
worked out in a thread: ``is_current`` says whether the game it was asked of is still
the one on the table. The game in progress is kept in its own autosave
(``tutor.store.saved_games``) after every move; a finished game clears it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from tutor.engines import Engine, make_engine
from tutor.play.narrate import drawn_cards, narrate, turned_king
from tutor.rules.actions import Action
from tutor.rules.cards import Card, Rank, sort_hand
from tutor.rules.deal import Position
from tutor.rules.game import DealResult, Game, replay
from tutor.rules.infoset import infoset_of
from tutor.rules.outcome import deal_to_replay, outcome
from tutor.rules.rulesets import RuleSet
from tutor.store.autosave import Claim
from tutor.store.saved_games import CannotRead, SavedGames
from tutor.tables.gallery import Gallery

from .protocol import LEARNER, Notice

Keeper = Callable[[Path, Game, str, bool], None]
"""Writes a game's autosave: ``(path, game, engine, gallery)``; raises OSError."""


def fresh_seed() -> int:
    """A new game's seed (shown, so the game can be dealt again)."""
    return random.SystemRandom().randrange(1, 1_000_000)


@dataclass(frozen=True, slots=True)
class Moved:
    """What a move did: the log's lines, whether it was the learner's, and whether it
    ended a deal (the session then waits in ``in_summary`` until ``summary_closed``)."""

    lines: list[str]
    by_learner: bool
    deal_over: bool


@dataclass(frozen=True, slots=True)
class DealOver:
    """A deal just over, for its summary: the game at its start, its result, and the
    game as the summary shows it (a game won shows the score it was won at)."""

    start: Game
    result: DealResult
    shown: Game


class PlaySession:
    """A game of écarté against the computer, from its first deal to its end."""

    def __init__(
        self,
        rules: RuleSet,
        store: SavedGames,
        *,
        engine: str | None = None,
        seed: int | None = None,
        gallery: bool = False,
        advisor: str = "best",
        keeper: Keeper | None = None,
    ) -> None:
        """``engine``: the opponent (None: best, or the one a loaded game names);
        ``advisor``: the engine of the advice and the deal summary, whatever the
        opponent; ``keeper``: how the autosave is written (the store's by default)."""
        self.rules = rules
        self.store = store
        self.engine_request = engine
        self.engine_name = engine or "best"
        self.advisor_name = advisor
        self.gallery = Gallery(enabled=gallery)
        """French écarté: the gallery points at the hints' card (britannica-9/laws/25)."""
        self.keeper: Keeper = keeper or store.keep
        self.game = Game.new(seed if seed is not None else fresh_seed(), rules)
        self.engine: Engine = make_engine(self.engine_name, self.game.seed)
        self.advisor: Engine = make_engine(advisor, self.game.seed)
        self.in_summary = False
        """A deal is over and its summary shown: the next deal waits for it."""
        self.autosave_failed = False
        self.claim: Claim | None = None
        """The autosave this table keeps its game in, its own."""
        self.before_redeal: Game | None = None
        """The game as it was before a redeal, while no move of the learner's has followed."""
        self.unsaved = False
        """The learner has moved (or undone) since the game began or was saved or
        loaded: replacing it then asks first. A resumed autosave counts."""

    @property
    def names(self) -> tuple[str, str]:
        return self.game.players

    # --- the autosave ------------------------------------------------------------------

    def shelve_unfinished(self) -> tuple[str | None, list[Notice]]:
        """A new game takes the autosave's place: games left unfinished go among the
        saved games first, so none is lost. The log's line that says so, and notices
        for what could not be kept or read."""
        try:
            moved = self.store.shelve_in_progress()
        except OSError as exc:
            return None, [
                Notice(f"The unfinished game could not be kept: {exc}", severity="warning")
            ]
        notices, kept = [], 0
        for path in moved:
            if path.suffix == ".bad":
                notices.append(
                    Notice(
                        f"The game left in progress could not be read; the file is kept as {path}.",
                        "Unfinished game",
                        "warning",
                    )
                )
            else:
                kept += 1
        if kept == 1:
            line = (
                "Your unfinished game is kept among the saved games, marked unfinished: l loads it."
            )
        elif kept:
            line = (
                f"Your {kept} unfinished games are kept among the saved games, marked"
                " unfinished: l loads them."
            )
        else:
            line = None
        return line, notices

    def own_autosave(self, resumed: Path | None = None) -> Notice | None:
        """Take the autosave to keep this game in: ``resumed``, the one taken up again,
        else (or if another tutor took it up meanwhile) a new one, so that no other
        game's is written over. A notice when the resumed one was taken."""
        notice = None
        if resumed is not None:
            self.claim = Claim.take(resumed)
            if self.claim is not None:
                return None
            notice = Notice(
                "This game is being played in another window too: this table keeps"
                " its own copy from here.",
                "Game in progress",
                "warning",
            )
        self.claim = self.store.new_autosave()
        return notice

    def release(self) -> None:
        """Let the autosave go (the table is left): other tutors may offer it again."""
        if self.claim is not None:
            self.claim.release()

    def keep(self) -> Notice | None:
        """Autosave the game (a finished one clears the copy); a failure is told once,
        and so is the next success."""
        if self.claim is None:  # not taken yet
            return None
        try:
            self.keeper(self.claim.path, self.game, self.engine_name, self.gallery.enabled)
        except OSError as exc:
            if self.autosave_failed:
                return None
            self.autosave_failed = True
            return Notice(f"The game cannot be autosaved: {exc}", "Autosave", "warning")
        if self.autosave_failed:
            self.autosave_failed = False
            return Notice("The game is autosaved again.", "Autosave")
        return None

    # --- a game on the table -----------------------------------------------------------

    def start(self, game: Game, note: str = "") -> list[str]:
        """Put ``game`` on the table, the engines seeded by it: the log's lines."""
        self.game = game
        self.before_redeal = None
        self.unsaved = False
        self.engine = make_engine(self.engine_name, game.seed)
        # seeded by the game, as the deal summary and the review are, so that a hint
        # asked again after a load or a resume gives the same figures
        self.advisor = make_engine(self.advisor_name, game.seed)
        lines = [note or f"New game, seed {game.seed} ({game.rules.describe()})."]
        if game.is_over:  # its position is a next deal never played
            lines.append(self.how_it_ended())
        else:
            lines += self.deal_start(game)
            lines += self.told_moves(game.restart_deal(), game.deal_actions)
        return lines

    def new_game(self) -> list[str]:
        """A new game under the same rules."""
        return self.start(Game.new(fresh_seed(), self.rules))

    def adopt(self, game: Game) -> None:
        """A game reached otherwise (undo, redeal)."""
        self.game = game
        self.unsaved = True

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

    def in_progress(self) -> bool:
        """A game begun and not finished: leaving it or starting another asks first."""
        return bool(self.game.actions) and not self.game.is_over

    def must_ask(self) -> bool:
        """Whether replacing the game on the table loses something (asks first)."""
        return self.in_progress() and self.unsaved

    def learner_kinds(self) -> set[str]:
        """Kinds of action open to the learner now (none while the engine plays)."""
        if self.game.is_over or self.in_summary or self.game.to_act != LEARNER:
            return set()
        return {a.kind for a in self.game.legal_actions()}

    def engine_to_move(self) -> bool:
        game = self.game
        return not (self.in_summary or game.is_over) and game.to_act != LEARNER

    def engine_choice(self, game: Game) -> Action:
        """The engine's action in ``game`` (safe in a thread: reads nothing else)."""
        return self.engine.advise(infoset_of(game.position, game.to_act)).action

    def is_current(self, game: Game) -> bool:
        """Whether ``game`` is still the one on the table and play goes on (an engine's
        answer for an older one is dropped)."""
        return game is self.game and not self.in_summary

    # --- moves ---------------------------------------------------------------------------

    def apply(self, action: Action) -> Moved:
        """Play an action for the player to act; ``IllegalAction`` with its law."""
        before = self.game
        after = before.apply(action)
        by_learner = before.to_act == LEARNER
        if by_learner:
            self.before_redeal = None
            self.unsaved = True
        told = self.told(before, action, after)
        lines = [told] if told else []
        self.game = after
        deal_over = after.deal_number != before.deal_number or after.is_over
        if deal_over:
            won = after.history[-1].final.points
            number = after.history[-1].number
            lines.append(f"Deal {number}: {self.names[0]} {won[0]}, {self.names[1]} {won[1]}.")
            self.in_summary = True
        return Moved(lines, by_learner, deal_over)

    def deal_over(self) -> DealOver:
        """The deal just over, for its summary."""
        game = self.game
        result = game.history[-1]
        earlier = [a for r in game.history[:-1] for a in r.actions]
        start = replay(game.seed, game.rules, game.players, earlier)
        shown = replace(game, score=outcome(game).final_score) if game.is_over else game
        return DealOver(start, result, shown)

    def summary_closed(self) -> list[str]:
        """The deal's summary is closed: play goes on (the next deal's first lines)."""
        self.in_summary = False
        return [] if self.game.is_over else self.deal_start(self.game)

    def told(self, before: Game, action: Action, after: Game) -> str | None:
        """The log's line for ``action``; the learner's discard names what it drew."""
        seat = before.to_act
        mine = seat == LEARNER
        drawn: tuple[Card, ...] = ()
        if mine and action.kind == "discard":
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

    def deal_start(self, game: Game) -> list[str]:
        """The log's lines for the start of ``game``'s deal: dealer, turn-up, a king."""
        position = game.position
        lines = [
            f"— Deal {game.deal_number}: {self.names[position.dealer]} deals, "
            f"turn-up {position.turnup.label} —"
        ]
        # the turn-up itself, not the king's owner: a game loaded mid-deal may hold a
        # king the dealer drew and marked
        if position.turnup.rank is Rank.KING:
            lines.append(turned_king(self.names[position.dealer], position.rules))
        return lines

    # --- undo and the deal again -------------------------------------------------------

    def undo(self) -> list[str] | None:
        """Back to the learner's previous decision (the engine's replies undone too);
        just after a redeal, back to the game as it was before it. None: nothing to undo."""
        if self.before_redeal is not None:
            earlier, self.before_redeal = self.before_redeal, None
            self.adopt(earlier)
            return [f"Redeal undone: back to deal {earlier.deal_number} as it was."]
        game = self.game
        while True:
            previous = game.undo()
            if previous is game:
                break
            game = previous
            if game.to_act == LEARNER:
                break
        if game is self.game:
            return None
        lines = []
        if game.deal_number != self.game.deal_number:
            lines.append(f"Undone back into deal {game.deal_number}.")
        # the moves taken back named, so the log above reads as corrected
        undone = self.game.actions[len(game.actions) :]
        lines.append(f"Undone: {'; '.join(self.told_moves(game, undone)) or 'the last move'}.")
        self.adopt(game)
        return lines

    def deal_again(self) -> Game | None:
        """The same deal from its start: the deal in progress once the learner has
        decided something in it, else the deal just over; None before anything is played."""
        return deal_to_replay(self.game, LEARNER)

    def redeal_question(self, again: Game) -> str | None:
        """What to ask before dealing ``again``: a deal already over has its points taken
        back, with the score it goes back to. None: dealt at once."""
        if again.deal_number == self.game.deal_number or self.game.is_over:
            return None
        names, (a, b), (x, y) = self.names, self.game.total_score(), again.total_score()
        won = again.games_won != self.game.games_won  # it won a game of the match
        taken = "Its points and the game they won are" if won else "Its points are"
        return (
            f"Deal {again.deal_number} is over. Deal it again? {taken} taken back:"
            f" {names[0]} {a}, {names[1]} {b} goes back to {names[0]} {x}, {names[1]} {y}"
            " (u straight after undoes it)."
        )

    def redeal(self, again: Game) -> list[str]:
        """Put ``again``, a deal from its start, on the table; ``undo`` takes it back
        until the learner moves."""
        lines = [f"Deal {again.deal_number} dealt again (u undoes it)."]
        if again.deal_number != self.game.deal_number:
            lines += self.deal_start(again)
        self.before_redeal = self.game
        self.adopt(again)
        return lines

    # --- saved games ---------------------------------------------------------------------

    def save(self) -> Path:
        """Save the game among the records; ``CannotWrite``."""
        path = self.store.save(self.game, self.engine_name, self.gallery.enabled)
        self.unsaved = False
        return path

    def load(self, path: Path, resumed: bool = False) -> list[str]:
        """Put a saved game on the table (``resumed``: the autosave taken up again) with
        the opponent it names, unless one was asked for; ``CannotRead``. The log's lines."""
        loaded = self.store.load(path)
        game = loaded.game
        self.rules = game.rules
        if self.engine_request is None and loaded.engine is not None:
            self.engine_name = loaded.engine
        if loaded.gallery and not self.gallery.enabled:
            self.gallery = replace(self.gallery, enabled=True)
        if resumed:
            note = f"Resumed the game in progress (seed {game.seed}, deal {game.deal_number})."
        else:
            note = f"Loaded {path.name} (seed {game.seed})."
        lines = self.start(game, note=note)
        self.unsaved = resumed  # played before, never saved
        return lines

    # --- what the board shows ------------------------------------------------------------

    def board_position(self) -> Position:
        """The position the board shows: once the match is won or during a deal's
        summary, the last deal played, not the next one the game has dealt."""
        game = self.game
        if (game.is_over or self.in_summary) and game.history:
            return game.history[-1].final
        return game.position

    def board_score(self) -> tuple[tuple[int, int], int]:
        """The score and the deal's number the board shows."""
        game = self.game
        if game.is_over and game.history:
            return outcome(game).final_score, game.history[-1].number
        if self.in_summary and game.history:
            # the deal just over stays on the board behind its summary
            return outcome(game).deals[-1].score, game.history[-1].number
        return game.total_score(), game.deal_number

    def hand_order(self) -> tuple[Card, ...]:
        position = self.board_position()
        return sort_hand(position.hands[LEARNER], position.trump)


__all__ = ["CannotRead", "DealOver", "Moved", "PlaySession", "fresh_seed"]
