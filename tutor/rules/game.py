"""A game (or a French match of games) of écarté: deals in sequence to the target.

A ``Game`` is a value replayable from its seed and its list of actions: the
first dealer comes from a simulated cut (club-laws/5), each deal's shuffle from
the seed and the deal's number, the deal alternates, and each player keeps the
distribution (2-3 or 3-2) he chose for the whole game (club-laws/8).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from tutor.rules.actions import Action, IllegalAction
from tutor.rules.cards import PACK
from tutor.rules.deal import Distribution, Position, deal_position
from tutor.rules.laws import game_value
from tutor.rules.rulesets import ENGLISH, RuleSet


@dataclass(frozen=True, slots=True)
class DealResult:
    number: int
    final: Position
    actions: tuple[Action, ...]

    @property
    def points(self) -> tuple[int, int]:
        return self.final.points


@dataclass(frozen=True, slots=True)
class Game:
    seed: int
    rules: RuleSet
    players: tuple[str, str]
    first_dealer: int
    distributions: tuple[Distribution, Distribution]
    position: Position
    deal_number: int = 1
    score: tuple[int, int] = (0, 0)
    """Points in the current game (manche), before the current deal."""
    games_won: tuple[int, int] = (0, 0)
    stakes: tuple[int, int] = (0, 0)
    """Games won, valued by law 46 when that option is on (otherwise one each)."""
    history: tuple[DealResult, ...] = ()
    deal_actions: tuple[Action, ...] = ()
    """Actions of the current deal so far."""

    @staticmethod
    def new(
        seed: int, rules: RuleSet = ENGLISH, players: tuple[str, str] = ("South", "North")
    ) -> Game:
        rng = random.Random(f"ecarte-game:{seed}")
        first_dealer = cut_for_deal(rng)
        distributions: tuple[Distribution, Distribution] = (
            rng.choice(((2, 3), (3, 2))),
            rng.choice(((2, 3), (3, 2))),
        )
        position = _deal(seed, 1, first_dealer, (0, 0), rules, distributions)
        game = Game(seed, rules, players, first_dealer, distributions, position)
        return game._settle()

    # --- state -------------------------------------------------------------------

    @property
    def actions(self) -> tuple[Action, ...]:
        """Every action of the game so far, in order."""
        done = tuple(a for result in self.history for a in result.actions)
        return done + self.deal_actions

    @property
    def is_over(self) -> bool:
        """Won, or (cinq liés without the belle) drawn at one manche each."""
        return self.rules.match_over(self.games_won)

    @property
    def drawn(self) -> bool:
        """Over with no winner: cinq liés at one manche each, the belle not played."""
        return self.is_over and self.winner is None

    @property
    def winner(self) -> int | None:
        for seat in (0, 1):
            if self.games_won[seat] >= self.rules.games_to_win:
                return seat
        return None

    @property
    def to_act(self) -> int:
        return self.position.to_act

    def legal_actions(self) -> tuple[Action, ...]:
        if self.is_over:
            return ()
        return self.position.legal_actions()

    # --- transitions -------------------------------------------------------------

    def apply(self, action: Action) -> Game:
        if self.is_over:
            raise IllegalAction("the game is over")
        moved = replace(
            self, position=self.position.apply(action), deal_actions=(*self.deal_actions, action)
        )
        return moved._settle()

    def _settle(self) -> Game:
        """When the deal is over, score it and deal the next one (unless the match is over)."""
        game = self
        while game.position.is_over and not game.is_over:
            game = game._next_deal()
        return game

    def _next_deal(self) -> Game:
        final = self.position
        result = DealResult(self.deal_number, final, self.deal_actions)
        score = (self.score[0] + final.points[0], self.score[1] + final.points[1])
        games_won, stakes = self.games_won, self.stakes
        won_by = final.game_won_by
        if won_by is not None:
            loser_score = score[1 - won_by]
            games_won = _bump(games_won, won_by, 1)
            stakes = _bump(stakes, won_by, game_value(loser_score, self.rules))
            score = (0, 0)
        number = self.deal_number + 1
        dealer = 1 - final.dealer
        position = _deal(self.seed, number, dealer, score, self.rules, self.distributions)
        return replace(
            self,
            position=position,
            deal_number=number,
            score=score,
            games_won=games_won,
            stakes=stakes,
            history=(*self.history, result),
            deal_actions=(),
        )

    def undo(self) -> Game:
        """The game one action back (replayed from the record: positions are values)."""
        actions = self.actions
        if not actions:
            return self
        return replay(self.seed, self.rules, self.players, actions[:-1])

    def restart_deal(self) -> Game:
        """The same deal again from its start, to try other choices."""
        if not self.deal_actions:
            return self
        return replay(self.seed, self.rules, self.players, self.actions[: -len(self.deal_actions)])

    def total_score(self) -> tuple[int, int]:
        """Points in the current game, counting the deal in progress."""
        p = self.position
        return self.score[0] + p.points[0], self.score[1] + p.points[1]


def cut_for_deal(rng: random.Random) -> int:
    """Each player cuts; the higher écarté card deals (club-laws/5); equal ranks cut again."""
    while True:
        a, b = rng.sample(PACK, 2)
        if a.rank != b.rank:
            return 0 if a.rank > b.rank else 1


def _deal(
    seed: int,
    number: int,
    dealer: int,
    score: tuple[int, int],
    rules: RuleSet,
    distributions: tuple[Distribution, Distribution],
) -> Position:
    rng = random.Random(f"ecarte-deal:{seed}:{number}")
    return deal_position(rng, dealer, score, rules, distributions[dealer])


def _bump(pair: tuple[int, int], seat: int, by: int) -> tuple[int, int]:
    return (pair[0] + by, pair[1]) if seat == 0 else (pair[0], pair[1] + by)


def replay(
    seed: int, rules: RuleSet, players: tuple[str, str], actions: tuple[Action, ...] | list[Action]
) -> Game:
    """The game reached from a seed by these actions (raises IllegalAction on a bad one)."""
    game = Game.new(seed, rules, players)
    for action in actions:
        game = game.apply(action)
    return game
