"""`ecarte replay FILE`: a game record printed deal by deal, every card with its suit
symbol as ``ecarte review`` and the app print it (the record's own notation is ASCII)."""

from __future__ import annotations

from collections.abc import Iterator

from tutor.rules.actions import Action
from tutor.rules.cards import sort_hand
from tutor.rules.deal import Position
from tutor.rules.game import Game
from tutor.rules.outcome import outcome


def describe_game(game: Game) -> Iterator[str]:
    """Replay the game from its seed, narrating each deal as it is dealt and played."""
    names = game.players
    yield f"{names[0]} vs {names[1]} — {game.rules.describe()} — seed {game.seed}"
    current = Game.new(game.seed, game.rules, game.players)
    yield from _deal_opening(current)
    for action in game.actions:
        before = current
        seat = before.to_act
        current = current.apply(action)
        yield f"  {names[seat]}: {action_told(action, before.position, current.position, seat)}"
        if current.deal_number != before.deal_number or current.is_over:
            final = current.history[-1].final
            yield from _deal_closing(final, names)
            if not current.is_over:
                yield from _deal_opening(current)
    if current.winner is not None:
        # told with its score, as the game-over screen tells it, not by the winner's
        # name alone; a match of one game has just said it under its last deal
        if sum(current.games_won) > 1:
            yield ""
            yield f"{outcome(current).headline()}."
    elif current.drawn:
        yield ""
        yield "Drawn: one manche each, no belle."
    elif current.deal_actions:
        yield "  (the deal is unfinished)"


def action_told(action: Action, before: Position, after: Position, seat: int) -> str:
    """An action as the record writes it; a discard also names the cards it drew, so
    that no card comes to the table from nowhere later. A replay is of a finished
    record: both hands are shown."""
    if action.kind != "discard" or not action.cards:
        return action.label
    drawn = sort_hand([c for c in after.hands[seat] if c not in before.hands[seat]], after.trump)
    return f"{action.label}, draws {' '.join(card.label for card in drawn)}"


def _deal_opening(game: Game) -> Iterator[str]:
    p: Position = game.position
    names = game.players
    yield ""
    yield (
        f"Deal {game.deal_number}: {names[p.dealer]} deals;"
        f" score {names[0]} {game.score[0]}, {names[1]} {game.score[1]}"
    )
    yield f"  Turn-up: {p.turnup.label} ({p.turnup.noun})"
    for seat in (0, 1):
        hand = sort_hand(p.dealt[seat], p.trump)
        yield f"  {names[seat]}: {' '.join(card.label for card in hand)}"
    if p.king == p.dealer and p.points[p.dealer]:
        yield f"  {names[p.dealer]} turned up the king and marks one."


def _deal_closing(final: Position, names: tuple[str, str]) -> Iterator[str]:
    won = final.tricks_won()
    if len(final.tricks) == 5:
        yield f"  Tricks: {names[0]} {won[0]}, {names[1]} {won[1]}"
    yield f"  Points this deal: {names[0]} {final.points[0]}, {names[1]} {final.points[1]}"
    if final.game_won_by is not None:
        total = [final.score[seat] + final.points[seat] for seat in (0, 1)]
        winner = final.game_won_by
        yield f"  {names[winner]} wins the game, {total[winner]} to {total[1 - winner]}."
