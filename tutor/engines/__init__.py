"""The engines that answer decisions: ``hints``, ``best`` and ``random`` for the
learner, and for matches the reference players and ``best-v1`` (an earlier
``best``: card play averaging solved deals, no computed exchange strategy, and a
quarter of the play-outs, ``best.V1_DEALS``).

``make_engine`` is the one factory: the command line, the app, the tables, the
lessons and ``ecarte match`` all build their engines with it.
"""

from __future__ import annotations

from tutor.engines.base import Advice, Engine, EngineUnavailable

ENGINE_NAMES = ("hints", "best", "random")
"""The engines a learner plays against or asks for advice."""

MATCH_ENGINES = ("best", "best-v1", "hints", "random", "reference", "reference2")
"""Every engine ``make_engine`` builds: the learner's and the reference players."""


def make_engine(name: str, seed: int | None = None) -> Engine:
    """The engine called ``name`` (one of ``MATCH_ENGINES``), seeded where it draws."""
    # Imported here, not above: building one engine need not load the others.
    if name == "random":
        from tutor.engines.random_engine import RandomEngine

        return RandomEngine(seed)
    if name == "hints":
        from tutor.engines.hints_engine import HintsEngine

        return HintsEngine()
    if name == "best":
        from tutor.engines.best import BestEngine
        from tutor.engines.exchange_strategy import shipped

        return BestEngine(seed=seed, strategy=shipped())
    if name == "best-v1":
        from tutor.engines.best import V1_DEALS, BestEngine
        from tutor.engines.sampling import V1_SHORT_KEEPER

        return BestEngine(
            seed=seed, fusion_free=False, play_outs=V1_DEALS, short_keeper=V1_SHORT_KEEPER
        )
    if name == "reference":
        from tutor.engines.reference import ReferenceEngine

        return ReferenceEngine(seed)
    if name == "reference2":
        from tutor.engines.reference2 import Reference2Engine

        return Reference2Engine(seed)
    raise EngineUnavailable(f"unknown engine {name!r} (one of {', '.join(MATCH_ENGINES)})")


__all__ = ["ENGINE_NAMES", "MATCH_ENGINES", "Advice", "Engine", "EngineUnavailable", "make_engine"]
