"""A uniformly random legal answer: a baseline, and a check of the protocol."""

from __future__ import annotations

import random

from tutor.engines.base import Advice
from tutor.rules.infoset import InfoSet


class RandomEngine:
    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def advise(self, info: InfoSet) -> Advice:
        actions = info.legal_actions()
        choice = actions[self._rng.randrange(len(actions))]
        return Advice(
            action=choice,
            reason=f"Chosen at random among {len(actions)} legal answers.",
            sources=("britannica-9/play",) if choice.kind in ("lead", "follow") else (),
        )
