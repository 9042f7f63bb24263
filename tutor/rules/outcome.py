"""How a game ended, deal by deal, and which deal "the same deal again" means.

A finished ``Game`` has already dealt the next deal (its ``score`` is back to
0-0 and its ``deal_number`` one past the last deal played), so the end of a
game is told from its history: each deal's points, who won it, the score after
it, and the score each game (manche) was won at.
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.rules.deal import Position
from tutor.rules.game import Game, replay


@dataclass(frozen=True, slots=True)
class DealLine:
    number: int
    dealer: int
    points: tuple[int, int]
    """Points scored in the deal, by seat."""
    score: tuple[int, int]
    """The score of the game (manche) after the deal."""
    winner: int | None
    """The seat that took the tricks' points (three tricks or more), or None."""
    game_won_by: int | None
    """The seat that reached the game with this deal, if one did."""


@dataclass(frozen=True, slots=True)
class Outcome:
    players: tuple[str, str]
    winner: int | None
    games_won: tuple[int, int]
    deals: tuple[DealLine, ...]
    game_scores: tuple[tuple[int, int], ...]
    """The score each finished game (manche) ended at, in order."""
    drawn: bool = False
    """Cinq liés without the belle, at one manche each."""

    @property
    def deals_won(self) -> tuple[int, int]:
        won = [line.winner for line in self.deals]
        return won.count(0), won.count(1)

    @property
    def final_score(self) -> tuple[int, int]:
        """The score of the last game: the one that ended the match (or the one in progress)."""
        if self.game_scores and (not self.deals or self.deals[-1].game_won_by is not None):
            return self.game_scores[-1]
        return self.deals[-1].score if self.deals else (0, 0)

    def headline(self) -> str:
        """``South wins the game, 5 to 4`` (``... the match, 2 games to 1`` over several)."""
        if self.winner is None and self.drawn:
            return "The match is drawn, one manche each: no belle is played"
        if self.winner is None:
            a, b = self.final_score
            return f"The game stands at {self.players[0]} {a}, {self.players[1]} {b}"
        name = self.players[self.winner]
        if len(self.game_scores) > 1:
            won, lost = self.games_won[self.winner], self.games_won[1 - self.winner]
            return f"{name} wins the match, {won} games to {lost}"
        score = self.final_score
        return f"{name} wins the game, {score[self.winner]} to {score[1 - self.winner]}"


def outcome(game: Game) -> Outcome:
    """The deals of ``game`` so far, with the score after each (finished or not)."""
    score = (0, 0)
    lines: list[DealLine] = []
    game_scores: list[tuple[int, int]] = []
    for result in game.history:
        final = result.final
        points = final.points
        score = (score[0] + points[0], score[1] + points[1])
        won_by = final.game_won_by
        lines.append(
            DealLine(result.number, final.dealer, points, score, deal_winner(result.final), won_by)
        )
        if won_by is not None:
            game_scores.append(score)
            score = (0, 0)
    return Outcome(
        game.players, game.winner, game.games_won, tuple(lines), tuple(game_scores), game.drawn
    )


def deal_winner(final: Position) -> int | None:
    """The seat that won the deal: the one with more tricks (the tricks' points), or, when
    the deal stopped before the tricks were played out (a king marked for the game), the
    one with more points."""
    if len(final.tricks) == 5:
        won = final.tricks_won()
        return 0 if won[0] > won[1] else 1
    if final.points[0] != final.points[1]:
        return 0 if final.points[0] > final.points[1] else 1
    return None


def deal_start(game: Game) -> Game:
    """The game at the start of its current deal."""
    return game.restart_deal()


def acted_in_deal(game: Game, seat: int) -> bool:
    """Whether ``seat`` has made a decision in the current deal."""
    state = deal_start(game)
    for action in game.deal_actions:
        if state.to_act == seat:
            return True
        state = state.apply(action)
    return False


def deal_to_replay(game: Game, seat: int) -> Game | None:
    """ "The same deal again" for the player at ``seat``: the deal in progress once he has
    decided something in it, else the deal just over (after a deal, or at the end of
    the game); None before anything has been played."""
    if game.deal_actions and (acted_in_deal(game, seat) or not game.history):
        return deal_start(game)
    if not game.history:
        return None
    last = game.history[-1]
    earlier = game.actions[: len(game.actions) - len(game.deal_actions) - len(last.actions)]
    return replay(game.seed, game.rules, game.players, earlier)
