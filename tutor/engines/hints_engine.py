"""The ``hints`` engine for ``ecarte advise --engine hints``: the Hints to Players
(``tutor.hints``) as an engine.

A thin adapter: the verdict's action, its explanation as the reason, the
hint's passages and the readings used as the sources, the hint's id as the
rule. Every answer is one of ``info.legal_actions()`` (checked, so a bug in a
rule shows as an error rather than as illegal advice).
"""

from __future__ import annotations

from tutor.engines.base import Advice
from tutor.hints.advice import advise
from tutor.rules.infoset import InfoSet


class HintsEngine:
    name = "hints"

    def advise(self, info: InfoSet) -> Advice:
        v = advise(info)
        if v.action not in info.legal_actions():
            raise RuntimeError(f"hint {v.hint.id} gave an illegal answer: {v.action}")
        return Advice(action=v.action, reason=v.explanation, sources=v.sources, rule=v.hint.id)
