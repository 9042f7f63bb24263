"""The game for two and the other tables as sessions (``tutor.play``), without a screen:
the engine's turn, undo, the deal again, the autosave, save and load, the log's lines."""

from __future__ import annotations

from pathlib import Path

import pytest

from tutor.play.protocol import LEARNER, Session
from tutor.play.records import TABLE_RECORDS
from tutor.play.session import PlaySession
from tutor.play.table_session import TableSession
from tutor.rules.actions import Action, IllegalAction
from tutor.rules.game import Game
from tutor.rules.rulesets import make_rules
from tutor.store import autosave
from tutor.store.saved_games import CannotRead, CannotWrite, SavedGames
from tutor.tables import TABLES


def session(tmp_path: Path, seed: int = 5, engine: str = "random") -> PlaySession:
    return PlaySession(make_rules("english"), SavedGames(tmp_path), engine=engine, seed=seed)


def play_to_learner(play: PlaySession) -> None:
    """The engine moves until the learner is to act (or a deal ends)."""
    while play.engine_to_move():
        play.apply(play.engine_choice(play.game))


def learner_moves(play: PlaySession, count: int) -> None:
    for _ in range(count):
        play_to_learner(play)
        if play.in_summary:
            play.summary_closed()
            play_to_learner(play)
        play.apply(play.game.legal_actions()[0])


def test_a_new_game_is_told_and_the_engine_moves_when_it_is_its_turn(tmp_path: Path) -> None:
    play = session(tmp_path)
    lines = play.start(play.game)
    assert lines[0] == f"New game, seed 5 ({play.rules.describe()})."
    assert lines[1].startswith("— Deal 1: ")
    play_to_learner(play)
    assert play.game.to_act == LEARNER and play.learner_kinds()
    assert not play.unsaved  # only the learner's own moves count


def test_a_forbidden_action_is_refused_with_its_law(tmp_path: Path) -> None:
    play = session(tmp_path)
    play_to_learner(play)
    before = play.game
    with pytest.raises(IllegalAction):
        play.apply(Action("mark"))
    assert play.game is before


def test_undo_takes_back_the_learner_and_the_engine_replies(tmp_path: Path) -> None:
    play = session(tmp_path)
    assert play.undo() is None  # nothing to undo
    learner_moves(play, 2)
    play_to_learner(play)
    before = play.game
    lines = play.undo()
    assert lines is not None and lines[-1].startswith("Undone: ")
    assert play.game.to_act == LEARNER and len(play.game.actions) < len(before.actions)
    assert play.unsaved


def test_a_redeal_is_undone_straight_after(tmp_path: Path) -> None:
    play = session(tmp_path)
    learner_moves(play, 1)
    again = play.deal_again()
    assert again is not None and play.redeal_question(again) is None  # the deal in progress
    before = play.game
    assert play.redeal(again) == ["Deal 1 dealt again (u undoes it)."]
    assert play.game is again
    assert play.undo() == ["Redeal undone: back to deal 1 as it was."]
    assert play.game is before


def test_the_deal_just_over_is_asked_before_it_is_dealt_again(tmp_path: Path) -> None:
    play = session(tmp_path)
    while play.game.deal_number == 1:
        if play.engine_to_move():
            play.apply(play.engine_choice(play.game))
        else:
            play.apply(play.game.legal_actions()[0])
    assert play.in_summary
    over = play.deal_over()
    assert over.result.number == 1 and over.start.deal_number == 1
    assert play.summary_closed()[0].startswith("— Deal 2: ")
    again = play.deal_again()
    assert again is not None and again.deal_number == 1
    question = play.redeal_question(again)
    assert question is not None and question.startswith("Deal 1 is over. Deal it again?")


def test_the_autosave_is_written_while_the_game_goes_on_and_cleared_at_its_end(
    tmp_path: Path,
) -> None:
    play = session(tmp_path)
    assert play.own_autosave() is None
    assert play.claim is not None and autosave.is_held(play.claim.path)
    play.start(play.game)
    assert play.keep() is None and not play.claim.path.exists()  # nothing played yet
    learner_moves(play, 2)
    assert play.keep() is None
    kept = autosave.read(play.claim.path)
    assert kept is not None and kept.game.actions == play.game.actions and kept.engine == "random"
    while not play.game.is_over:
        if play.in_summary:
            play.summary_closed()
        elif play.engine_to_move():
            play.apply(play.engine_choice(play.game))
        else:
            play.apply(play.game.legal_actions()[0])
    play.keep()
    assert not play.claim.path.exists()
    play.release()
    assert not autosave.is_held(play.claim.path)


def test_an_autosave_that_fails_is_told_once_and_its_recovery_once(tmp_path: Path) -> None:
    failing = [True]

    def keeper(path: Path, game: Game, engine: str, gallery: bool) -> None:
        if failing[0]:
            raise OSError(28, "No space left on device")

    play = PlaySession(make_rules(), SavedGames(tmp_path), seed=5, engine="random", keeper=keeper)
    play.own_autosave()
    learner_moves(play, 1)
    first = play.keep()
    assert first is not None and first.severity == "warning" and play.autosave_failed
    assert play.keep() is None
    failing[0] = False
    again = play.keep()
    assert again is not None and again.message == "The game is autosaved again."
    assert not play.autosave_failed


def test_a_saved_game_loads_with_its_opponent(tmp_path: Path) -> None:
    play = session(tmp_path, engine="hints")
    learner_moves(play, 2)
    path = play.save()
    assert not play.unsaved and path.parent == tmp_path
    other = PlaySession(make_rules("french"), SavedGames(tmp_path), seed=9)
    lines = other.load(path)
    assert lines[0] == f"Loaded {path.name} (seed 5)."
    assert other.game.actions == play.game.actions and other.engine_name == "hints"
    assert other.rules == play.rules and not other.unsaved
    resumed = PlaySession(make_rules(), SavedGames(tmp_path), engine="random")
    assert resumed.load(path, resumed=True)[0].startswith("Resumed the game in progress")
    assert resumed.engine_name == "random" and resumed.unsaved  # the opponent asked for


def test_a_record_that_cannot_be_read_is_the_store_s_error(tmp_path: Path) -> None:
    bad = tmp_path / "game-bad.txt"
    bad.write_text("# Écarté game record\nSeed: x\n", encoding="utf-8")
    with pytest.raises(CannotRead) as caught:
        session(tmp_path).load(bad)
    assert str(bad) in str(caught.value)


def test_saving_into_a_folder_that_cannot_be_made_is_the_store_s_error(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("")
    play = PlaySession(make_rules(), SavedGames(tmp_path / "file" / "games"), seed=5)
    with pytest.raises(CannotWrite):
        play.save()


def test_an_unfinished_game_is_set_aside_when_another_begins(tmp_path: Path) -> None:
    first = session(tmp_path)
    first.own_autosave()
    learner_moves(first, 2)
    first.keep()
    first.release()
    second = session(tmp_path, seed=6)
    line, notices = second.shelve_unfinished()
    assert notices == [] and line is not None and "l loads it" in line
    [kept] = SavedGames(tmp_path).games()
    assert kept.stem.endswith("-unfinished")


def table_session(tmp_path: Path, name: str = "quatre", seed: int = 7) -> TableSession:
    return TableSession(
        name,
        make_rules("french"),
        SavedGames(tmp_path),
        seed=seed,
        engine="random",
        advice_strength=0.05,
    )


def table_to_learner(tables: TableSession) -> None:
    while tables.computers_to_move():
        start = tables.table
        moves, failure = tables.computer_moves(start)
        assert failure is None
        assert tables.computer_moved(start, moves) is not None
        if tables.deal_ended(start):
            tables.deal_over()
            tables.summary_closed()


def test_both_sessions_are_sessions(tmp_path: Path) -> None:
    shared: list[Session] = [session(tmp_path), table_session(tmp_path)]
    assert all(s.undo() is None and not s.unsaved for s in shared)


def test_a_table_session_plays_undoes_and_redeals(tmp_path: Path) -> None:
    tables = table_session(tmp_path)
    assert tables.start(tables.table)[0].startswith("Écarté à quatre")
    table_to_learner(tables)
    assert tables.learner_kinds()
    before = tables.table
    lines = tables.apply(tables.table.legal_actions()[0])
    assert lines and tables.unsaved
    table_to_learner(tables)
    assert tables.undo() is not None and tables.table.actions == before.actions
    again = tables.deal_again()
    assert again is not None
    tables.redeal(again)
    assert tables.undo() == ["Redeal undone: the table as it was."]


def test_moves_for_a_table_no_longer_on_it_are_dropped(tmp_path: Path) -> None:
    tables = table_session(tmp_path, "six")
    start = tables.table
    moves, _ = tables.computer_moves(start)
    tables.new_table()
    assert tables.computer_moved(start, moves) is None


def test_a_table_record_round_trips(tmp_path: Path) -> None:
    tables = table_session(tmp_path, "pool")
    table_to_learner(tables)
    tables.apply(tables.table.legal_actions()[0])
    path = tables.save()
    assert path.parent == tmp_path / "tables" and path.name.startswith("pool-")
    other = table_session(tmp_path, "six", seed=1)
    lines = other.load(path)
    assert lines[0] == f"Loaded {path.name}: {TABLES['pool']} (seed 7)."
    assert other.table.actions == tables.table.actions and other.table_name == "pool"
    assert SavedGames(tmp_path).tables() == [path]
    assert "The pool · game 1" in SavedGames(tmp_path).describe_table(path, TABLE_RECORDS)


def test_the_gallery_is_refused_under_english_rules(tmp_path: Path) -> None:
    tables = TableSession("pool", make_rules("english"), SavedGames(tmp_path), gallery=True)
    notice = tables.opening_notice()
    assert notice is not None and notice.severity == "warning"
    assert tables.toggle_gallery().severity == "warning" and not tables.gallery.enabled
