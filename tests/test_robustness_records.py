"""Issue 12, item 6 (and the record side of item 9): a game record's numbers are
ASCII digits of a sensible length, and only a regular file is read. Each damaged
record is a RecordError naming its line and field, never a traceback."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.fifos import make_fifo, needs_fifos, unblocked
from tutor.cli import main
from tutor.io.reading import QUOTE_WIDTH
from tutor.rules.game import Game
from tutor.rules.record import RecordError, dumps, load, loads
from tutor.tables.record import loads as table_loads

HEADER = (
    "# Écarté game record\nPlayers: South vs North\nRules: english game=5 match=1 valuation=off\n"
)


def record(seed: str = "42", deal: str = "1") -> str:
    return f"{HEADER}Seed: {seed}\n\nDeal {deal}.\n"


@pytest.mark.parametrize("word", ["²", "٣", "１", "1²"])
def test_a_deal_number_in_other_digits_is_refused_with_its_line(word):
    with pytest.raises(RecordError) as caught:
        loads(record(deal=word), "g.ecarte")
    assert (caught.value.line, caught.value.field) == (6, "deal")
    assert "expected a deal number" in caught.value.message


def test_a_deal_number_of_5000_digits_is_refused_in_a_short_message():
    with pytest.raises(RecordError) as caught:
        loads(record(deal="7" * 5000), "g.ecarte")
    assert (caught.value.line, caught.value.field) == (6, "deal")
    assert "at most 9 digits, got 5,000" in caught.value.message
    assert len(str(caught.value)) < 200


def test_replay_and_load_say_what_is_wrong(tmp_path: Path, capsys):
    path = tmp_path / "g.ecarte"
    path.write_text(record(deal="²"), encoding="utf-8")
    with pytest.raises(RecordError):
        load(path)  # what `play --load` calls
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(
        f"ecarte: {path}:6: deal: expected a deal number in the digits 0 to 9, got '²'"
    )
    assert "Traceback" not in err


@pytest.mark.parametrize(
    "seed", ["٣", "4²", "+4", " -", pytest.param("9" * 5000, id="5000-digits")]
)
def test_a_seed_is_ascii_digits_of_a_length_python_can_read(seed):
    with pytest.raises(RecordError) as caught:
        loads(record(seed=seed))
    assert (caught.value.line, caught.value.field) == (4, "seed")
    assert len(str(caught.value)) < 200


def test_the_longest_seed_round_trips_and_a_longer_or_negative_one_is_refused():
    """A tester's review: a record took seeds the command line refuses (-1, 10**20),
    and a 260-digit seed made the saved game's file name too long to write."""
    game = Game.new(10**18 - 1)
    assert loads(dumps(game)) == game
    for seed in (10**18, -1):
        with pytest.raises(RecordError) as caught:
            loads(dumps(Game.new(seed)))
        assert caught.value.field == "seed" and caught.value.line == 4


def test_a_huge_line_is_not_echoed_whole():
    with pytest.raises(RecordError) as caught:
        loads(record() + "x" * 100_000 + "\n")
    assert caught.value.field == "action" and len(str(caught.value)) < 400


@pytest.mark.parametrize(
    "line, field",
    [
        ("Seed: ²", "seed"),
        pytest.param("Seed: " + "1" * 5000, "seed", id="seed-5000-digits"),
        ("Losers: ٣", "losers"),
        pytest.param("Losers: " + "2" * 5000, "losers", id="losers-5000-digits"),
    ],
)
def test_table_records_read_numbers_the_same_way(line, field):
    seed = "" if field == "seed" else "Seed: 1\n"
    text = f"# Écarté table record\nTable: cinq\nRules: french\n{seed}{line}\n"
    with pytest.raises(RecordError) as caught:
        table_loads(text)
    assert caught.value.field == field and len(str(caught.value)) < 200
    assert "expected a whole number" in caught.value.message


def test_a_header_key_given_twice_is_refused_naming_both_lines(tmp_path: Path):
    """A tester's review: with "Seed: 7" then "Seed: 8" the last was used silently and
    the error came on a later line, about a card the other seed had not dealt."""
    path = tmp_path / "dup.txt"
    path.write_text(record(seed="7").replace("Seed: 7\n", "Seed: 7\nSeed: 8\n"))
    with pytest.raises(RecordError) as caught:
        load(path)
    assert str(caught.value) == f"{path}:5: seed: given twice (also line 4)"


@pytest.mark.parametrize("key", ["Seed: 2", "seed: 1", "Table: cinq", "Losers: 1"])
def test_a_table_records_header_key_given_twice_is_refused_naming_both_lines(key):
    text = "# Écarté table record\nTable: cinq\nRules: french\nSeed: 1\nLosers: 1\n"
    with pytest.raises(RecordError) as caught:
        table_loads(text + key + "\n", "dup.txt")
    first = {"seed": 4, "table": 2, "losers": 5}[caught.value.field]
    assert str(caught.value) == f"dup.txt:6: {caught.value.field}: given twice (also line {first})"


@needs_fifos
def test_a_fifo_is_refused_not_waited_on(tmp_path: Path):
    fifo = make_fifo(tmp_path / "g.ecarte")
    with unblocked(fifo), pytest.raises(RecordError) as caught:
        load(fifo)
    assert caught.value.message == "not a regular file (a FIFO)"


def test_a_device_is_refused():
    if not Path("/dev/null").exists():
        pytest.skip("no /dev/null here")
    with pytest.raises(RecordError) as caught:
        load(Path("/dev/null"))
    assert str(caught.value) == "/dev/null: file: not a regular file (a character device)"


# --- a message quotes a few dozen characters of a bad value, never hundreds ------------

GAME = (
    "# Écarté game record\nPlayers: South vs North\nRules: english game=5 match=1\nSeed: 42\n"
    "\nDeal 1.\n{}\n"
)


@pytest.mark.parametrize(
    ("line", "said"),
    [
        pytest.param(
            "North: discard" + " KS" * 100, "action: a card is named twice: KS", id="twice"
        ),
        pytest.param("North: lead " + "Q" * 300, "action: not a card: 'QQQQ", id="card"),
        pytest.param("North: " + "z" * 300, "action: unknown action 'zzzz", id="action"),
        pytest.param("x" * 300 + ": play", "player: 'xxxx", id="player"),
    ],
)
def test_a_bad_action_is_quoted_in_a_few_dozen_characters(tmp_path: Path, line: str, said: str):
    """A tester's review: a record's error quoted about 300 characters of its action
    (a six-line block in the load picker), where the advise protocol quotes a few
    dozen (docs/advise-protocol.md)."""
    with pytest.raises(RecordError) as caught:
        loads(GAME.format(line), "game-err.txt")
    message = caught.value.message
    assert str(caught.value).startswith(f"game-err.txt:7: {said}")
    assert len(message) < 200 and all(len(q) <= QUOTE_WIDTH for q in re.findall("'(.*?)'", message))


def test_a_table_records_unknown_player_is_quoted_short():
    text = (
        "# Écarté table record\nTable: quatre\nRules: french\nSeed: 1\n\n" + "W" * 300 + ": play\n"
    )
    with pytest.raises(RecordError) as caught:
        table_loads(text, "t.txt")
    assert str(caught.value).startswith("t.txt:6: player: 'WWWW")
    assert "is not one of" in caught.value.message and len(caught.value.message) < 200


def test_the_load_picker_names_the_line_of_what_is_wrong(tmp_path: Path):
    from tutor.app.progress import describe_saved

    path = tmp_path / "game-err.txt"
    path.write_text(GAME.format("North: discard" + " KS" * 100), encoding="utf-8")
    assert describe_saved(path) == (
        "game-err.txt — cannot be loaded: line 7: action: a card is named twice: KS"
    )


def test_lines_are_counted_as_an_editor_counts_them():
    """A tester's review: a comment holding U+2028 was read on as a move, and a name
    holding a vertical tab was told as the Rules line missing."""
    game = Game.new(42)
    game = game.apply(game.legal_actions()[0])
    text = dumps(game)
    commented = text.replace("\nDeal 1.", "\n; a note\u2028South: lead 7H\nDeal 1.", 1)
    assert loads(commented, "g.ecarte").actions == game.actions  # the note stays a comment
    with pytest.raises(RecordError) as caught:
        loads(record().replace("South vs", "So\x0buth vs"), "g.ecarte")
    assert (caught.value.line, caught.value.field) == (2, "players")
    deal = record(deal="x").replace("Seed: 42\n", "Seed: 42\n\u2028\n")
    with pytest.raises(RecordError) as caught:
        loads(deal, "g.ecarte")
    assert caught.value.line == 7  # the line an editor shows
