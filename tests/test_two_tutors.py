"""Issue 33, item 1: two tutors open on one data folder lose nothing. Each game in play
keeps its own autosave, held while it is played (``autosave.Claim``); every unfinished
game is offered, the one autosave of earlier tutors (``autosave.rec``) among them."""

from __future__ import annotations

from pathlib import Path

from tutor.app.progress import games_dir, games_in_progress, keep_in_progress, shelve_in_progress
from tutor.rules.game import Game
from tutor.store import autosave


def begun(seed: int, moves: int = 2) -> Game:
    game = Game.new(seed)
    for _ in range(moves):
        game = game.apply(game.legal_actions()[0])
    return game


def table(folder: Path) -> autosave.Claim:
    """What a play screen does as it opens: an autosave of its own, held."""
    claim = autosave.Claim.take(autosave.new_path(folder))
    assert claim is not None
    return claim


def test_two_games_played_at_once_are_both_kept(tmp_path: Path) -> None:
    first, second = table(tmp_path), table(tmp_path)
    assert first.path != second.path
    for moves in (1, 2, 3):  # the two tables move in turn
        autosave.write(first.path, begun(11, moves), "best")
        autosave.write(second.path, begun(22, moves), "hints")
    # while both are in play neither is offered elsewhere, nor can be taken
    assert autosave.unfinished(tmp_path) == ([], [])
    assert autosave.Claim.take(first.path) is None
    first.release()
    second.release()
    games, problems = autosave.unfinished(tmp_path)
    assert problems == []
    assert sorted((g.game.seed, len(g.game.actions), g.engine) for g in games) == [
        (11, 3, "best"),
        (22, 3, "hints"),
    ]


def test_a_game_in_play_elsewhere_is_not_offered_until_it_is_left(tmp_path: Path) -> None:
    playing = table(tmp_path)
    autosave.write(playing.path, begun(11), "best")
    assert autosave.is_held(playing.path)
    assert autosave.unfinished(tmp_path)[0] == []
    playing.release()
    assert not autosave.is_held(playing.path)
    [kept] = autosave.unfinished(tmp_path)[0]
    assert kept.path == playing.path and kept.game.seed == 11
    assert [p.name for p in tmp_path.iterdir()] == [playing.path.name]  # no lock left


def test_a_finished_or_abandoned_game_leaves_no_autosave(tmp_path: Path) -> None:
    claim = table(tmp_path)
    autosave.write(claim.path, begun(11), "best")
    assert autosave.write(claim.path, Game.new(12), "best") is None  # `n`: a new game
    claim.release()
    assert list(tmp_path.iterdir()) == []


def test_the_autosave_of_earlier_tutors_is_still_offered(tmp_path: Path) -> None:
    old = autosave.path_in(tmp_path)
    autosave.write(old, begun(7), "random")
    mine = table(tmp_path)
    autosave.write(mine.path, begun(8), "best")
    mine.release()
    games, _ = autosave.unfinished(tmp_path)
    assert {(g.path.name, g.game.seed) for g in games} == {
        ("autosave.rec", 7),
        (mine.path.name, 8),
    }


def test_a_new_game_sets_aside_the_games_left_but_not_one_in_play() -> None:
    """The app's layer: opening a table moves every game left unfinished among the saved
    games (as before), and leaves alone the one another tutor is playing."""
    games = games_dir()
    left = autosave.new_path(games)
    keep_in_progress(left, begun(11), "best", False)
    playing = table(games)
    keep_in_progress(playing.path, begun(22), "best", False)
    [moved] = shelve_in_progress()
    assert moved.name.endswith("-unfinished.txt") and "seed11" in moved.name
    assert not left.exists() and playing.path.exists()
    assert games_in_progress() == ([], [])  # the one in play is not offered here
    playing.release()
    [offered], _ = games_in_progress()
    assert offered.game.seed == 22


def test_an_unreadable_autosave_is_named_and_the_others_still_offered(tmp_path: Path) -> None:
    broken = autosave.new_path(tmp_path)
    broken.write_text("not a record\n", encoding="utf-8")
    good = table(tmp_path)
    autosave.write(good.path, begun(3), "best")
    good.release()
    games, problems = autosave.unfinished(tmp_path)
    assert [g.game.seed for g in games] == [3]
    assert len(problems) == 1 and broken.name in str(problems[0])
