"""Écarté à cinq ou à six (french/cinq-six): "On donne 5 cartes à chacun. Il n'y
a pas d'écart. Le reste est la même chose que pour les autres règles. On
convient du nombre de perdants. A 5 personnes, il peut y avoir 4, 3, 2 et 1
perdants. A 6 personnes aussi, mais il est préférable d'être moitié perdants et
moitié gagnants."

The project's reading (texts/tables.md, ``tables/cinq-six``): each plays for
himself; five cards each and a turn-up (31 of the 32 cards at six), no écart;
tricks round the table under the generalised law; the marks of the game for
two (three or four tricks one, all five two, the king one). The number of
losers is agreed before play, by default half the table rounded down (two at
five, three at six); play goes on until as many players as must win have
reached the game, and the highest scores win.
"""

from __future__ import annotations

from tutor.rules.rulesets import FRENCH, RuleSet
from tutor.tables.model import seat_names
from tutor.tables.round_deal import PLAY_LAW
from tutor.tables.round_table import RoundTable

SIZES = {"cinq": 5, "six": 6}


def default_losers(size: int) -> int:
    """Half the table, rounded down: "moitié perdants et moitié gagnants"."""
    return size // 2


def check_losers(size: int, losers: int) -> None:
    """The losers agreed beforehand: at least one, and at least one winner
    (french/cinq-six); ValueError if not."""
    if not 1 <= losers <= size - 1:
        raise ValueError(
            f"with {size} players the losers are between 1 and {size - 1}, not {losers}"
        )


def new_cinq_six(
    seed: int, size: int = 5, losers: int | None = None, rules: RuleSet = FRENCH
) -> RoundTable:
    if size not in (5, 6):
        raise ValueError(f"écarté à cinq ou à six seats five or six, not {size}")
    if losers is None:
        losers = default_losers(size)
    check_losers(size, losers)
    players = seat_names(size)
    name = "cinq" if size == 5 else "six"
    title = f"Écarté à {name}"
    return RoundTable.new(
        name,
        seed,
        rules,
        players,
        tuple(range(size)),
        players,
        losers=losers,
        law=PLAY_LAW,
        title=title,
    )
