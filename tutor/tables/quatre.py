"""Écarté à quatre (french/quatre): "Même règle. Mais on n'écarte pas. Les
joueurs sont couplés, le jeu ayant lieu deux par deux."

The project's reading (texts/tables.md, ``tables/quatre``): two partnerships
sitting alternately (South and North against West and East), all four dealt
five cards, no écart, tricks played round the table under the two-handed law
generalised (``tutor.tables.tricks``): a player must beat the best card so far
if he can, even his partner's, since the text makes no exception. The side
whose partners take three or four tricks scores one, all five two, the king
one; the first side to the game (five, or seven) wins.

"On n'écarte pas" is read as a consequence of all four being dealt in (the
talon shrinks to eleven cards), as at five or six where everyone is.
"""

from __future__ import annotations

from tutor.rules.rulesets import FRENCH, RuleSet
from tutor.tables.model import seat_names
from tutor.tables.round_deal import PLAY_LAW
from tutor.tables.round_table import RoundTable

PARTNERSHIPS = (0, 1, 0, 1)
"""South and North (seats 0 and 2) against West and East (seats 1 and 3)."""


def new_quatre(seed: int, rules: RuleSet = FRENCH) -> RoundTable:
    players = seat_names(4)
    sides = (f"{players[0]}–{players[2]}", f"{players[1]}–{players[3]}")
    return RoundTable.new(
        "quatre",
        seed,
        rules,
        players,
        PARTNERSHIPS,
        sides,
        losers=1,
        law=PLAY_LAW,
        title="Écarté à quatre",
    )
