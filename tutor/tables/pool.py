"""The pool of three (britannica-9/players; french/trois).

"A pool of three may be formed, the player who is out taking the place of the
loser, and the winner of two consecutive games winning the pool"
(britannica-9/players). Each game is a two-handed ``tutor.game.Game`` (one game,
cinq secs) between two of the three; the first two named play first (the
project's choice: the learner, seat 0, plays the first game); the loser goes
out and the one out comes in; whoever wins two games running wins the pool.

The French écart at three (french/trois): "Lorsqu'un joueur n'a pas
l'intention d'écarter, les deux adversaires ont le droit de profiter l'un du
point des cartes, l'autre du point de refus." The project reads it
(texts/tables.md, ``tables/pool``) as a sharing of the penalty for playing
without an écart: when the non-dealer plays without proposing (d'autorité),
both others are his adversaries; if he then loses the point, the dealer scores
the point for the cards (the tricks, as though no penalty applied) and the one
out takes the extra point of the penalty (French: one more, french/ecart;
English: law 49's two for the point, club-laws/49) as his own mark in the pool.
It changes what the deal gives the dealer and what the one out gains; nothing
else. The marks are the pool's stakes: each game won is one, each point de
refus taken while out is one.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from tutor.actions import Action, IllegalAction
from tutor.cards import Card
from tutor.deal import Position
from tutor.game import Game
from tutor.laws import cap_deal_points, point_winner, trick_points, trick_winner
from tutor.rulesets import FRENCH, RuleSet
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
    autorite: bool = False
    """The current deal's non-dealer played without proposing."""
    winner: int | None = None
    name: str = "pool"

    @staticmethod
    def new(seed: int, rules: RuleSet = FRENCH) -> PoolTable:
        players = seat_names(3)
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
        autorite = self.autorite
        if action.kind == "play" and before.position.proposals == 0:
            # french/trois: the penalty point is the one out's, not the dealer's.
            game = replace(game, position=replace(game.position, penalty=None))
            autorite = True
        moved = replace(self, game=game, autorite=autorite)
        if game.deal_number != before.deal_number or game.is_over:
            moved = moved._deal_over()
        return moved._game_over() if game.is_over else moved

    def _deal_over(self) -> PoolTable:
        final = self.game.history[-1].final if self.game.history else self.game.position
        refus = self.refus
        if self.autorite:
            taken = refus_point(final)
            refus = tuple(r + taken * (i == self.out) for i, r in enumerate(refus))  # type: ignore[assignment]
        return replace(self, refus=refus, autorite=False)

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
        return tuple(w + r for w, r in zip(won, self.refus, strict=True))  # type: ignore[return-value]

    # --- views -------------------------------------------------------------------

    def view(self, seat: int) -> TableView:
        position = self.game.position
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
        total = self.game.total_score()
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
        scores.append(("Out", f"{names[self.out]}, who may take a point de refus"))
        penalty = self.penalty_line()
        if penalty:
            scores.append(("Penalty", penalty))
        marks = self.marks()
        scores.append(("Marks", ", ".join(f"{names[i]} {marks[i]}" for i in range(3))))
        scores.append(("Stock", count(len(position.stock), "card")))
        status = self.result() if self.is_over else f"{names[self.to_act]} to {self._decision()}"
        title = (
            f"Pool of three — game {self.game_number}: {names[self.seats[0]]} v "
            f"{names[self.seats[1]]}, {names[self.out]} out — deal {self.game.deal_number}"
        )
        return TableView(
            title, hand, position.turnup, trick, last, last_winner, tuple(scores), status, playing
        )

    def penalty_line(self) -> str:
        """Who stands to lose a penalty point this deal, in words (or "")."""
        position = self.game.position
        names = self.game.players
        nondealer, dealer = names[position.nondealer], names[position.dealer]
        if self.autorite:
            return (
                f"{nondealer} played without proposing: if he loses the point, {dealer} "
                f"scores it and {self.players[self.out]} (out) the point de refus"
            )
        if position.penalty is not None:
            return (
                f"{dealer} refused the proposal: if he loses the point, {nondealer} scores one more"
            )
        return ""

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


def refus_point(final: Position) -> int:
    """The penalty point the deal would have given the dealer (0 if the non-dealer won).

    ``final`` was played without the penalty; the difference is what the
    penalty adds under these rules: one more in French (french/ecart), law
    49's two for the point in English (club-laws/49), capped at three a deal
    in French (french/points).
    """
    if len(final.tricks) < 5:
        return 0  # the game ended on a king marked before the tricks were out
    won = final.tricks_won()
    winner = point_winner(won)
    if winner != final.dealer:
        return 0
    marked = 1 if final.king == winner else 0
    rules = final.rules
    with_penalty = cap_deal_points(marked + trick_points(won[winner], True, rules), rules)
    without = cap_deal_points(marked + trick_points(won[winner], False, rules), rules)
    return with_penalty - without


def _trick_leaders(position: Position) -> list[tuple[int, int]]:
    """(leader, winner) of each finished trick, in game seats."""
    leader = position.nondealer
    out = []
    for first, second in position.tricks:
        winner = leader if trick_winner(first, second, position.trump) == 0 else 1 - leader
        out.append((leader, winner))
        leader = winner
    return out


def _new_game(
    seed: int, number: int, rules: RuleSet, players: tuple[str, ...], seats: tuple[int, int]
) -> Game:
    game_seed = random.Random(f"ecarte-pool:{seed}:{number}").getrandbits(31)
    return Game.new(game_seed, rules, (players[seats[0]], players[seats[1]]))
