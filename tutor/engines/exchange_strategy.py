"""The computed exchange strategy: how often each class of hand plays or refuses.

``tutor/data/exchange_strategy.json`` holds, for each class of five-card hand
(``hand_classes``), the chance that the non-dealer plays rather than proposes
at the first proposal of a deal, and the chance that the dealer refuses a first
proposal: an approximate equilibrium computed offline (``exchange_cfr``) and
reproduced from its seed by ``tools/build_exchange_strategy.py``. The file says
how it was made.

The same build fits what hidden cards change at the end of any play-out, by
the classes of the two hands (``leaf_correction``): the best engine adds it to
every play-out's value.

The best engine uses the strategy twice: in its play-outs, where the first proposal is
decided by it (the later ones, without the penalty of law 49, by the fixed
policy of ``policy.py``); and in its opponent model, where a holding is as likely
as the strategy makes the choice the opponent was seen to make.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from typing import Any

from tutor.engines.hand_classes import hand_class
from tutor.engines.leaf_correction import LeafCorrection
from tutor.engines.leaf_correction import from_json as leaf_from_json

FLOOR = 0.05
"""The least likelihood any choice keeps in the opponent model: an opponent need
not play the equilibrium, and a holding the strategy never plays that way is
unlikely, not impossible."""


@dataclass(frozen=True)
class ExchangeStrategy:
    play: dict[str, float]
    """Per class, the chance the non-dealer plays without proposing."""
    refuse: dict[str, float]
    """Per class, the chance the dealer refuses the first proposal."""
    play_correction: dict[str, float]
    """Per class, what hidden cards add to (play less propose) against double dummy."""
    refuse_correction: dict[str, float]
    """Per class, what hidden cards add to (refuse less accept), the dealer's points."""
    about: dict[str, Any]
    """How the table was made: method, seed, deals, leaves, build time..."""
    leaf: LeafCorrection | None = None
    """What hidden cards change at the end of a play-out, by the hands' classes
    (``leaf_correction``), fitted on the same deals; None in a table without it."""

    def play_chance(self, hand: int, trump: int) -> float | None:
        """The chance the non-dealer plays with ``hand``; None for a class the build
        never met (a few of the 512 are dealt once in 200,000 deals or less)."""
        return self.play.get(hand_class(hand, trump))

    def refuse_chance(self, hand: int, trump: int) -> float | None:
        """The chance the dealer refuses with ``hand``; None for a class never met."""
        return self.refuse.get(hand_class(hand, trump))

    def correction(self, hand: int, trump: int, dealer: bool) -> float:
        """What hidden cards add to the gap of the first proposal's choice (play less
        propose; for the dealer, refuse less accept) that double dummy gives.
        ``benchmarks/exchange_calibration.py`` weighs it against play-outs with
        hidden cards; the best engine's docstring says why it is added."""
        table = self.refuse_correction if dealer else self.play_correction
        return table.get(hand_class(hand, trump), 0.0)


def floored(p: float) -> float:
    """A chance for the opponent model, kept off 0 and 1 by ``FLOOR``."""
    return FLOOR + (1.0 - 2.0 * FLOOR) * p


@cache
def shipped() -> ExchangeStrategy:
    """The table shipped with the package."""
    data = json.loads(files("tutor.data").joinpath("exchange_strategy.json").read_text("utf-8"))
    return from_json(data)


def from_json(data: dict[str, Any]) -> ExchangeStrategy:
    nd, dealer = data["non_dealer"], data["dealer"]
    return ExchangeStrategy(
        play={str(k): float(v["play"]) for k, v in nd.items()},
        refuse={str(k): float(v["refuse"]) for k, v in dealer.items()},
        play_correction={str(k): float(v["correction"]) for k, v in nd.items()},
        refuse_correction={str(k): float(v["correction"]) for k, v in dealer.items()},
        about=dict(data.get("about", {})),
        leaf=leaf_from_json(data["leaf"]) if "leaf" in data else None,
    )
