"""Records and club law 24's window: a game that passes through it round-trips,
and a record written before the project offered it (no line for the window)
still loads, the window passing as a hold."""

from tutor.rules.actions import HOLD, MARK, PLAY, Action
from tutor.rules.cards import Rank, intern
from tutor.rules.game import Game
from tutor.rules.record import dumps, loads

SEED = 26
"""A first deal where South, the non-dealer, holds the king of trumps."""


def through_the_window(mark: bool) -> Game:
    game = Game.new(SEED)
    king = intern(Rank.KING, game.position.trump)
    assert game.position.dealer == 1 and king in game.position.hands[0]
    game = game.apply(PLAY).apply(HOLD).apply(Action("lead", (king,)))
    assert game.position.king_law() == "club-laws/24"
    game = game.apply(MARK if mark else HOLD)
    return game.apply(game.legal_actions()[0])


def test_a_mark_in_the_window_round_trips():
    game = through_the_window(mark=True)
    text = dumps(game)
    assert "South: lead K" in text and text.count("South: mark") == 1
    assert loads(text) == game


def test_an_old_record_without_the_window_still_loads():
    game = through_the_window(mark=False)
    lines = dumps(game).splitlines()
    lead = next(i for i, line in enumerate(lines) if line.startswith("South: lead K"))
    assert lines[lead + 1] == "South: hold"
    old = "\n".join(lines[: lead + 1] + lines[lead + 2 :])  # as the project wrote it before
    loaded = loads(old)
    assert loaded == game
    assert dumps(loaded) == dumps(game)
