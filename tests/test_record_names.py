"""Player names in game records: a name the loader accepts is written and read back
the same (a tester's review: "A:B", "A;x", "Big dealer Bob" and "Deal 3" each made
every record later written of the game unreadable, so the autosave was set aside)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.rules.game import Game
from tutor.rules.record import RecordError, dumps, loads

HEADER = "# Écarté game record\nPlayers: {} vs {}\nRules: english game=5 match=1\nSeed: {}\n"


def header(first: str, second: str = "North", seed: int = 42) -> str:
    return HEADER.format(first, second, seed)


def played(game: Game, moves: int, rng: random.Random) -> Game:
    for _ in range(moves):
        if game.is_over:
            break
        game = game.apply(rng.choice(game.legal_actions()))
    return game


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("A:B", "a name cannot hold ':'"),
        ("A;x", "a name cannot hold ';'"),
        ("Deal 3", "a name cannot begin with 'Deal '"),
        ("deal of the day", "a name cannot begin with 'Deal '"),
    ],
)
def test_a_name_a_record_cannot_carry_is_refused_with_its_line(name: str, reason: str):
    with pytest.raises(RecordError) as caught:
        loads(header(name), "n.txt")
    assert str(caught.value).startswith(f"n.txt:2: players: {name!r}: {reason}")


@pytest.mark.parametrize("name", ["Big dealer Bob", "Dealer", "Dealing Dan", "Bob.", "#1"])
def test_a_name_holding_the_heading_words_round_trips(name: str):
    game = played(loads(header(name), "n.txt"), 60, random.Random(3))
    assert game.deal_number > 1  # the headings name each dealer
    again = loads(dumps(game), "rt")
    assert (again.players, again.actions) == (game.players, game.actions)


FRAGMENTS = ["Deal ", "deal", "Dealer ", "dealer ", " vs ", "vs", ".", ":", ";", " ", "#", "é"]
names = st.lists(st.one_of(st.sampled_from(FRAGMENTS), st.text(max_size=4)), max_size=5).map(
    "".join
)


@settings(max_examples=150, deadline=None)
@given(names, names, st.integers(0, 10**6), st.integers(0, 80))
def test_any_name_the_loader_accepts_survives_writing_and_reading(first, second, seed, moves):
    try:
        game = loads(header(first, second, seed), "names.txt")
    except RecordError:
        return  # refused at once, with its line: nothing is written of it
    game = played(game, moves, random.Random(seed))
    again = loads(dumps(game), "rt")
    assert (again.players, again.seed, again.actions) == (game.players, game.seed, game.actions)
