"""Game records: round trip, replay, and errors that name the line."""

import random
import re

import pytest

from tutor.cli import main
from tutor.rules.game import Game
from tutor.rules.record import RecordError, dumps, load, loads, save
from tutor.rules.rulesets import make_rules


def random_game(seed: int, rules=None) -> Game:
    game = Game.new(seed, rules or make_rules())
    rng = random.Random(seed)
    while not game.is_over:
        game = game.apply(rng.choice(game.legal_actions()))
    return game


def test_round_trip_whole_game(tmp_path):
    game = random_game(8)
    path = tmp_path / "g.ecarte"
    save(game, path)
    assert load(path) == game
    assert dumps(load(path)) == dumps(game)


def test_round_trip_unfinished_and_french():
    game = Game.new(3, make_rules("french", games_to_win=2))
    rng = random.Random(2)
    for _ in range(25):
        game = game.apply(rng.choice(game.legal_actions()))
    assert loads(dumps(game)) == game


def test_record_is_readable():
    text = dumps(random_game(1))
    assert text.startswith("# Écarté game record\nPlayers: South vs North\n")
    assert "Deal 1. Dealer" in text


@pytest.mark.parametrize(
    ("mutate", "line", "field"),
    [
        (lambda t: t.replace("Seed: 8", "Seed: eight"), 4, "seed"),
        (lambda t: t.replace("Rules: english", "Rules: klondike"), 3, "rules"),
        (lambda t: t.replace("Players: South vs North", "Players: South"), 2, "players"),
    ],
)
def test_bad_header_names_line_and_field(mutate, line, field):
    with pytest.raises(RecordError) as err:
        loads(mutate(dumps(random_game(8))), "game.txt")
    assert err.value.line == line and err.value.field == field
    assert str(err.value).startswith(f"game.txt:{line}: {field}:")


def test_illegal_action_names_its_line():
    lines = dumps(random_game(8)).splitlines()
    index = next(i for i, text in enumerate(lines) if ": lead " in text)
    name = lines[index].split(":")[0]
    lines[index] = f"{name}: lead 6S"
    with pytest.raises(RecordError) as err:
        loads("\n".join(lines))
    assert err.value.line == index + 1 and err.value.field == "action"


def test_wrong_player_names_its_line():
    lines = dumps(random_game(8)).splitlines()
    index = next(i for i, text in enumerate(lines) if text.startswith(("South:", "North:")))
    actor, rest = lines[index].split(":", 1)
    other = "North" if actor == "South" else "South"
    lines[index] = f"{other}:{rest}"
    with pytest.raises(RecordError) as err:
        loads("\n".join(lines))
    assert err.value.line == index + 1 and err.value.field == "player"


def test_missing_header():
    with pytest.raises(RecordError) as err:
        loads("hello\n")
    assert err.value.field in ("players", "rules", "seed")


def test_replay_command_prints_deals(tmp_path, capsys):
    path = tmp_path / "g.ecarte"
    save(random_game(2), path)
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Deal 1:" in out and "Turn-up:" in out and "wins" in out
    # cards told with their suit symbols throughout, as review and the app tell them
    assert not re.search(r"\b[2-9TJQKA][SHDC]\b", out)


def test_replay_command_reports_errors_without_traceback(tmp_path, capsys):
    path = tmp_path / "bad.ecarte"
    path.write_text("# Écarté game record\nPlayers: A vs B\nRules: english\nSeed: x\n")
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"{path}:4: seed:" in err
    assert main(["review", str(path)]) == 2  # the same file, the same exit status
    assert f"{path}:4: seed:" in capsys.readouterr().err


def test_replay_missing_file(tmp_path, capsys):
    assert main(["replay", str(tmp_path / "nope")]) == 2
    assert "nope" in capsys.readouterr().err


def test_replay_binary_file(tmp_path, capsys):
    path = tmp_path / "bin"
    path.write_bytes(b"\xff\xfe\x00garbage")
    assert main(["replay", str(path)]) == 2
    assert "UTF-8" in capsys.readouterr().err


def test_a_deal_heading_with_another_dealer_is_refused_with_its_line():
    """A tester's review: "Dealer East." and the wrong dealer of deal 1 replayed with
    status 0; the seed decides who deals."""
    text = dumps(random_game(4))
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("Deal 1."))
    dealer = lines[at].split(" Dealer ")[1].split(".")[0]
    other = "North" if dealer == "South" else "South"
    for wrong in (other, "East"):
        changed = [*lines[:at], lines[at].replace(f"Dealer {dealer}.", f"Dealer {wrong}.")]
        with pytest.raises(RecordError) as err:
            loads("\n".join(changed + lines[at + 1 :]))
        assert (err.value.line, err.value.field) == (at + 1, "dealer")


def _cards_from_nowhere(lines: list[str]) -> list[str]:
    """Cards a player leads or plays that his deal's lines never gave him: dealt (the
    hand under the turn-up) or drawn at the exchange."""
    held: dict[str, set[str]] = {}
    nowhere = []
    for line in lines:
        if line.startswith("Deal ") or line.startswith("Game "):
            held = {}
        if not line.startswith("  ") or ": " not in line:
            continue
        name, said = line.strip().split(": ", 1)
        words = said.replace(",", "").split()
        if words[0] in ("lead", "follow"):
            if words[1] not in held.get(name, set()):
                nowhere.append(line)
        elif words[0] == "discard":
            held.setdefault(name, set()).update(words[words.index("draws") + 1 :])
        elif name in ("South", "North", "West") and not line.startswith("  Turn-up"):
            held.setdefault(name, set()).update(words)
    return nowhere


def test_replay_names_the_cards_drawn_and_the_final_score():
    """A reviewer: `ecarte replay` gave each discard but never what it drew, so played
    cards appeared from nowhere; and it ended on "South wins the game." with no score."""
    from tutor.analysis.replay import describe_game

    drew = 0
    for seed in range(1, 6):
        game = random_game(seed)
        lines = list(describe_game(game))
        drew += sum(", draws " in line for line in lines)
        assert _cards_from_nowhere(lines) == []
        winner = game.players[game.winner]
        assert re.fullmatch(rf"  {winner} wins the game, \d+ to \d+\.", lines[-1])
    assert drew


def test_replay_of_a_match_ends_on_the_games_won():
    from tutor.analysis.replay import describe_game

    game = random_game(3, make_rules("french", games_to_win=2))
    assert game.winner is not None
    won = game.games_won
    last = next(line for line in reversed(list(describe_game(game))) if line)
    winner = game.players[game.winner]
    assert last == f"{winner} wins the match, {max(won)} games to {min(won)}."
