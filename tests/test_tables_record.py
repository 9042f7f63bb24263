"""Table records round-trip: dumps, then loads, replays the same table (every table,
seeded random play to the end); a bad record is refused with its line."""

import pytest

from tutor.rules.record import RecordError
from tutor.tables import TABLES, make_table
from tutor.tables.computer import Computer
from tutor.tables.record import dumps, loads


def played(name, seed, moves=None):
    table = make_table(name, seed)
    computer = Computer("random", seed)
    n = 0
    while not table.is_over and (moves is None or n < moves):
        table = table.apply(computer.choose(table))
        n += 1
    return table


def played_at_random(table, seed: int, moves: int):
    """``table`` after up to ``moves`` legal actions chosen by ``random.Random(seed)``."""
    import random

    rng = random.Random(seed)
    for _ in range(moves):
        if table.is_over:
            break
        table = table.apply(rng.choice(table.legal_actions()))
    return table


@pytest.mark.parametrize("name", list(TABLES))
@pytest.mark.parametrize("moves", [None, 37])
def test_round_trip(name, moves):
    table = played(name, 21, moves)
    text = dumps(table)
    again = loads(text)
    assert again.actions == table.actions
    assert again.is_over == table.is_over
    assert dumps(again) == text
    assert text.startswith("# Écarté table record\nTable: " + name)


def test_a_wrong_player_is_refused_with_its_line():
    text = dumps(played("quatre", 5, 3))
    lines = text.splitlines()
    index = next(i for i, line in enumerate(lines) if ": lead" in line)
    who = lines[index].split(":")[0]
    other = "West" if who != "West" else "East"
    lines[index] = lines[index].replace(who, other, 1)
    with pytest.raises(RecordError) as exc:
        loads("\n".join(lines))
    assert exc.value.line == index + 1 and exc.value.field == "player"


def test_an_unknown_table_and_a_bad_seed_are_refused():
    with pytest.raises(RecordError):
        loads("# Écarté table record\nTable: sept\nRules: french\nSeed: 1\n")
    with pytest.raises(RecordError):
        loads("# Écarté table record\nTable: pool\nRules: french\nSeed: x\n")


def test_losers_are_part_of_the_record():
    from tutor.tables.cinq_six import new_cinq_six

    table = new_cinq_six(4, 5, losers=4)
    assert "Losers: 4" in dumps(table)
    assert loads(dumps(table)).losers == 4


@pytest.mark.parametrize("name", TABLES)
def test_replay_prints_a_table_record_deal_by_deal(name, tmp_path, capsys):
    """A tester's review: `ecarte replay` refused the table records the app saves
    ("players: expected 'A vs B'"), while `ecarte review` read them."""
    from tutor.cli import main
    from tutor.tables.record import save

    table = played_at_random(make_table(name, 5), seed=1, moves=40)
    path = tmp_path / f"{name}.txt"
    save(table, path)
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "seed 5" in out and "Turn-up:" in out
    assert "Points this deal:" in out and out.rstrip().endswith(table.result())
    assert f"  {table.players[0]}: " in out


@pytest.mark.parametrize("name", TABLES)
def test_a_heading_that_names_another_dealer_is_refused_with_its_line(name):
    """A tester's review: a hand-edited "Dealer Bob." or the wrong dealer loaded without
    a word; the seed decides who deals, so the heading must agree."""
    table = played_at_random(make_table(name, 5), seed=2, moves=30)
    text = dumps(table)
    assert loads(text).actions == table.actions
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if " Dealer " in line)
    dealer = lines[at].split(" Dealer ")[1].split(".")[0]
    other = next(p for p in table.players if p != dealer)
    for wrong, said in ((other, f"deals this deal in the replay, not {other}"), ("Bob", "'Bob'")):
        lines[at] = lines[at].replace(f" Dealer {dealer}.", f" Dealer {wrong}.")
        with pytest.raises(RecordError) as caught:
            loads("\n".join(lines))
        assert (caught.value.line, caught.value.field) == (at + 1, "dealer")
        assert said in caught.value.message
        lines[at] = lines[at].replace(f" Dealer {wrong}.", f" Dealer {dealer}.")


def test_the_pools_replay_names_the_cards_drawn():
    """A reviewer: the replay gave each discard but not the cards it drew; the pool's
    deals are games for two, with the same exchange."""
    from tests.test_record import _cards_from_nowhere
    from tutor.tables.replay import describe_table

    lines = list(describe_table(played("pool", 21)))
    assert any(", draws " in line for line in lines)
    assert _cards_from_nowhere(lines) == []
