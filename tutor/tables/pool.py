"""The pool of three (britannica-9/players; french/trois).

"A pool of three may be formed, the player who is out taking the place of the
loser, and the winner of two consecutive games winning the pool"
(britannica-9/players). Each game is a two-handed ``tutor.rules.game.Game`` (one game,
cinq secs) between two of the three; the first two named play first (the
project's choice: the learner, seat 0, plays the first game); the loser goes
out and the one out comes in; whoever wins two games running wins the pool.

The French écart at three (french/trois): "Lorsqu'un joueur n'a pas
l'intention d'écarter, les deux adversaires ont le droit de profiter l'un du
point des cartes, l'autre du point de refus." The project reads it
(texts/tables.md, ``tables/pool``) as a sharing of the French penalty for
standing on one's cards (french/ecart): when the non-dealer plays without
proposing (d'autorité) or the dealer refuses the first proposal (the refusal
the point de refus is named for), the player who stood has two adversaries,
the one at the table and the one out. If he then loses the point, his
adversary at the table scores the point for the cards (the tricks, as though
no penalty applied) and the one out takes the extra point, the point de refus,
as his own mark in the pool. It changes what the deal gives the winner at the
table and what the one out gains; nothing else.

Under English rules the pool is the Britannica's (britannica-9/players) and
nothing in the English sources shares law 49's penalty with the one out
(club-laws/49): each game is played as at two, penalty and all, and the one out
takes nothing. The marks are the pool's stakes: each game won is one, each
point de refus taken while out is one.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, replace
from itertools import pairwise

from tutor.rules.actions import Action, IllegalAction
from tutor.rules.cards import Card
from tutor.rules.deal import Position
from tutor.rules.game import Game
from tutor.rules.laws import deal_points, point_winner, trick_leaders
from tutor.rules.outcome import outcome
from tutor.rules.rulesets import FRENCH, RuleSet
from tutor.tables.model import TableView, count, seat_names

LAWS = ("britannica-9/players", "french/trois")


@dataclass(frozen=True, slots=True)
class PoolGame:
    """A finished game of the pool."""

    number: int
    seats: tuple[int, int]
    winner: int
    actions: tuple[Action, ...]


@dataclass(frozen=True, slots=True)
class PoolTable:
    seed: int
    rules: RuleSet
    players: tuple[str, str, str]
    game: Game
    seats: tuple[int, int]
    """The pool seats playing, in the order of the game's own seats 0 and 1."""
    out: int
    game_number: int = 1
    games: tuple[PoolGame, ...] = ()
    refus: tuple[int, int, int] = (0, 0, 0)
    """Points de refus each player took while out (the écart at three)."""
    stood: int | None = None
    """The game seat that stood on his cards this deal, French rules only (the
    non-dealer playing d'autorité, or the dealer refusing the first proposal):
    the one whose penalty point goes to the one out (french/trois)."""
    winner: int | None = None
    name: str = "pool"

    @staticmethod
    def new(seed: int, rules: RuleSet = FRENCH) -> PoolTable:
        south, west, north = seat_names(3)
        players = (south, west, north)
        seats = (0, 1)
        rules = replace(rules, games_to_win=1)  # each game of the pool is one game
        game = _new_game(seed, 1, rules, players, seats)
        return PoolTable(seed, rules, players, game, seats, out=2)

    # --- the common table interface ------------------------------------------------

    @property
    def to_act(self) -> int:
        return self.seats[self.game.to_act]

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    @property
    def actions(self) -> tuple[Action, ...]:
        done = tuple(a for g in self.games for a in g.actions)
        return done if self.is_over else done + self.game.actions  # a won game is in games

    def legal_actions(self) -> tuple[Action, ...]:
        return () if self.is_over else self.game.legal_actions()

    def apply(self, action: Action) -> PoolTable:
        if self.is_over:
            raise IllegalAction("the pool is over")
        before = self.game
        game = before.apply(action)
        stood = self.stood
        same_deal = game.deal_number == before.deal_number and not game.is_over
        penalty = game.position.penalty if same_deal else None
        if self.rules.french and penalty is not None and before.position.penalty is None:
            # french/trois: the penalty point of the one who stood (d'autorité, or the
            # dealer's refusal) is the one out's, not his adversary's at the table.
            game = replace(game, position=replace(game.position, penalty=None))
            stood = penalty
        moved = replace(self, game=game, stood=stood)
        if not same_deal:
            moved = moved._deal_over(game.history[len(before.history)].final)
        return moved._game_over() if game.is_over else moved

    def _deal_over(self, final: Position) -> PoolTable:
        """Score the point de refus of the deal just over (``final``) for the one out."""
        refus = self.refus
        if self.stood is not None:
            taken = refus_point(final, self.stood)
            refus = _per_player(r + taken * (i == self.out) for i, r in enumerate(refus))
        return replace(self, refus=refus, stood=None)

    def _game_over(self) -> PoolTable:
        game = self.game
        assert game.winner is not None
        winner = self.seats[game.winner]
        loser = self.seats[1 - game.winner]
        done = PoolGame(self.game_number, self.seats, winner, game.actions)
        games = (*self.games, done)
        if len(games) >= 2 and games[-2].winner == winner:
            return replace(self, games=games, winner=winner)
        seats = (
            self.seats[0] if self.seats[0] != loser else self.out,
            self.seats[1] if self.seats[1] != loser else self.out,
        )
        number = self.game_number + 1
        return replace(
            self,
            games=games,
            seats=seats,
            out=loser,
            game_number=number,
            game=_new_game(self.seed, number, self.rules, self.players, seats),
        )

    # --- stakes -------------------------------------------------------------------

    def marks(self) -> tuple[int, int, int]:
        """Each player's marks: games won plus points de refus taken while out."""
        won = [0, 0, 0]
        for g in self.games:
            won[g.winner] += 1
        return _per_player(w + r for w, r in zip(won, self.refus, strict=True))

    # --- views -------------------------------------------------------------------

    def view(self, seat: int) -> TableView:
        position = self.game.position
        total = self.game.total_score()
        deal_number = self.game.deal_number
        if self.is_over:  # the deal that ended it, not the next one dealt (a review)
            ending = self.game.history[-1]
            position, total = ending.final, outcome(self.game).final_score
            deal_number = ending.number
        names = self.players
        playing = seat in self.seats
        hand = position.hands[self.seats.index(seat)] if playing else ()
        trick: tuple[tuple[str, Card], ...] = ()
        if position.led is not None:
            trick = ((names[self.seats[position.leader]], position.led),)
        last: tuple[tuple[str, Card], ...] = ()
        last_winner = ""
        if position.tricks:
            first, second = position.tricks[-1]
            won = _trick_leaders(position)
            leader, winner = won[-1]
            last = ((names[self.seats[leader]], first), (names[self.seats[1 - leader]], second))
            last_winner = names[self.seats[winner]]
        tricks = position.tricks_won()
        scores = []
        for game_seat, pool_seat in enumerate(self.seats):
            king = " ♔" if position.king == game_seat else ""
            scores.append(
                (
                    f"{names[pool_seat]}{king}",
                    f"{count(total[game_seat], 'point')} · {count(tricks[game_seat], 'trick')}",
                )
            )
        scores.append(("Dealer", self.game.players[position.dealer]))
        # said in full: "who may take a point de refus" alone left a learner asking when
        may = (
            ", who takes a point de refus if one here stands on his cards and loses"
            if self.rules.french
            else ""
        )
        scores.append(("Out", f"{names[self.out]}{may}"))
        penalty = self.penalty_line()
        if penalty:
            scores.append(("Penalty", penalty))
        marks = self.marks()
        # "Marks" beside each game's points read as a second, contradictory score (a
        # learner review): they are the pool's stakes, and say what counts one
        stakes = "a game won" + (", or a point de refus while out," if self.rules.french else "")
        scores.append(
            (
                "Pool marks",
                ", ".join(f"{names[i]} {marks[i]}" for i in range(3)) + f" ({stakes} is one)",
            )
        )
        scores.append(("Stock", count(len(position.stock), "card")))
        status = self.result() if self.is_over else f"{names[self.to_act]} to {self._decision()}"
        title = (
            f"Pool of three — game {self.game_number}: {names[self.seats[0]]} v "
            f"{names[self.seats[1]]}, {names[self.out]} out — deal {deal_number}"
        )
        return TableView(
            title, hand, position.turnup, trick, last, last_winner, tuple(scores), status, playing
        )

    def penalty_line(self) -> str:
        """Who stands to lose a penalty point this deal, in words (or "")."""
        position = self.game.position
        names = self.game.players
        out = self.players[self.out]
        if self.stood is not None:
            stood = names[self.stood]
            other = names[1 - self.stood]
            how = (
                "played without proposing"
                if self.stood == position.nondealer
                else "refused the proposal"
            )
            return (
                f"{stood} {how}: if he loses the point, {other} scores it and {out} (out) "
                "the point de refus"
            )
        if position.penalty is None:
            return ""
        stood = names[position.penalty]
        other = names[1 - position.penalty]
        how = "played without proposing" if position.penalty == position.nondealer else "refused"
        more = "one more" if self.rules.french else "two for the point (law 49)"
        return f"{stood} {how}: if he loses the point, {other} scores {more}"

    def _decision(self) -> str:
        kinds = {a.kind for a in self.legal_actions()}
        if kinds == {"play", "propose"}:
            return "play or propose"
        if kinds == {"accept", "refuse"}:
            return "accept or refuse"
        if kinds == {"mark", "hold"}:
            return "mark the king or hold"
        return next(iter(kinds), "wait")

    def result(self) -> str:
        names = self.players
        record = ", ".join(f"game {g.number} {names[g.winner]}" for g in self.games)
        if self.winner is None:
            return f"Pool in progress ({record or 'no game finished'})"
        return f"{names[self.winner]} wins the pool ({record})"


def refus_point(final: Position, stood: int) -> int:
    """The penalty point the deal would have given the adversary of ``stood`` (the
    game seat that played d'autorité or refused the first proposal), 0 if ``stood``
    won the point.

    ``final`` was played without the penalty; the difference is what the
    penalty adds under these rules: one more in French (french/ecart), capped
    at three a deal (french/points).
    """
    if len(final.tricks) < 5:
        return 0  # the game ended on a king marked before the tricks were out
    won = final.tricks_won()
    winner = point_winner(won)
    if winner == stood:
        return 0
    marked = (int(final.king == 0), int(final.king == 1))
    with_penalty = deal_points(won, stood, final.rules, marked)
    without = deal_points(won, None, final.rules, marked)
    return with_penalty[winner] - without[winner]


def _trick_leaders(position: Position) -> list[tuple[int, int]]:
    """(leader, winner) of each finished trick, in game seats."""
    leaders = trick_leaders(position.tricks, position.trump, position.nondealer)
    return list(pairwise(leaders))


def _per_player(values: Iterable[int]) -> tuple[int, int, int]:
    """The pool's three figures, one per player, from a run of exactly three."""
    first, second, third = values
    return first, second, third


def _new_game(
    seed: int, number: int, rules: RuleSet, players: tuple[str, ...], seats: tuple[int, int]
) -> Game:
    game_seed = random.Random(f"ecarte-pool:{seed}:{number}").getrandbits(31)
    return Game.new(game_seed, rules, (players[seats[0]], players[seats[1]]))
