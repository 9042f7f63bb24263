"""The engines that answer decisions: ``hints``, ``best`` and ``random``."""

from __future__ import annotations

from tutor.engines.base import Advice, Engine, EngineUnavailable

ENGINE_NAMES = ("hints", "best", "random")


def make_engine(name: str, seed: int | None = None) -> Engine:
    if name == "random":
        from tutor.engines.random_engine import RandomEngine

        return RandomEngine(seed)
    if name == "hints":
        try:
            from tutor.hints.engine import HintsEngine
        except ImportError:
            raise EngineUnavailable("the hints engine is not built yet") from None
        return HintsEngine()
    if name == "best":
        try:
            from tutor.engines.best import BestEngine
        except ImportError:
            raise EngineUnavailable("the best engine is not built yet") from None
        return BestEngine(seed=seed)
    raise EngineUnavailable(f"unknown engine {name!r} (one of {', '.join(ENGINE_NAMES)})")


__all__ = ["ENGINE_NAMES", "Advice", "Engine", "EngineUnavailable", "make_engine"]
