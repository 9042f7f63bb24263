"""Review steps taken from games: "learn from your mistakes" (``tutor.analysis.review``) files a
player's mistakes and blunders under ``game:<seed>``, each keyed by its position as
a compact advise request; here such a step is dealt again as a lesson step, the
engine's answer expected and its line as the explanation."""

from __future__ import annotations

import json

from tutor.analysis.review import default_engine
from tutor.lessons.loader import default_prompt
from tutor.lessons.model import Step
from tutor.rules.actions import Action
from tutor.rules.infoset import InfoSet
from tutor.rules.infoset_codec import RequestError, request_to_infoset
from tutor.store.review_keys import ReviewKey, Source


class GameStepError(LookupError):
    """A review step that is not a game position."""


def game_step(lesson: str, step_id: str) -> Step:
    """The review step progress knows as (``game:<seed>``, ``step_id``), dealt again."""
    key = ReviewKey.of(lesson)
    if key.source is not Source.GAME:
        raise GameStepError(f"{lesson!r} is not a game review")
    try:
        seed = int(key.name)
        info = request_to_infoset(json.loads(step_id))
    except (ValueError, TypeError, RequestError) as exc:
        raise GameStepError(f"game step {step_id[:60]!r} is not a position: {exc}") from None
    advice = default_engine(seed).advise(info)
    said, hint_sources = _hints_on(info, advice.action)
    return Step(
        lesson=lesson,
        id=step_id,
        index=0,
        question=info.decision,
        prompt=default_prompt(info),
        explanation=f"From your game: {advice.reason}{said}",
        passages=tuple(dict.fromkeys((*hint_sources, *advice.sources))),
        info=info,
        expected=advice.action,
    )


def _hints_on(info: InfoSet, answer: Action) -> tuple[str, tuple[str, ...]]:
    """What the Hints say of this position, beside the engine's answer, and the passages
    they rest on (a tester's review: a mistake replayed taught figures, never the rule
    that was missed, "Refusing, exception 7")."""
    from tutor.hints import advise
    from tutor.lessons.answers import same_action

    try:
        verdict = advise(info)
    except Exception:  # a hint that cannot judge here leaves the engine to speak
        return "", ()
    if any(same_action(allowed, answer) for allowed in verdict.allowed):
        return (
            f" The Hints say so too (\u201c{verdict.hint.title}\u201d): {verdict.explanation}",
            tuple(verdict.sources),
        )
    return (
        f" The Hints would {verdict.action.label} here (\u201c{verdict.hint.title}\u201d):"
        " they are rules of thumb, the engine weighs this deal's holdings.",
        tuple(verdict.sources),
    )
