"""The single decision, and every hint that speaks to a position.

Each decision has an ordered list of rules; the first that speaks decides
(``advise``), and all that speak are listed for teaching (``applicable``).
The orders, and why:

- **propose**: the score rules first (at the adverse four the king is at
  stake, and they exist to override the rest: ``score/point-certain-at-four``,
  ``score/adverse-four``, ``score/dealer-at-four``); then ``propose/point-certain``;
  then ``propose/king`` (it overrides playing a jeu de règle); then the jeux de
  règle (play); then ``propose/default``.
- **accept**: the score rules (``score/dealer-refusal-at-four``,
  ``score/adverse-four``, ``score/three-against-four``); the seven refusing
  exceptions in their order; ``refuse/three-queens``; ``accept/dealer-discard``;
  ``refuse/jeu-de-regle``; ``accept/guarded``. Where the adverse-four rule stands
  aside on ``readings/different-suits``, the verdict that decides says so first.
- **discard**: ``discard/trumps-and-kings``, fitted to the laws by the project.
- **mark_king**: ``score/four-to-three-king``, then ``king/announce``.
- **lead**: see ``tutor.hints.leading``.
- **follow**: ``project/follow``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace

from tutor.hints import accepting, discarding, following, king, leading, proposing, score
from tutor.hints import readings as rd
from tutor.hints.readings import reading_note
from tutor.hints.registry import Verdict
from tutor.rules.infoset import InfoSet

Rule = Callable[[InfoSet], Verdict | None]

ORDER: dict[str, tuple[Rule, ...]] = {
    "propose": (
        score.point_certain_at_four,
        score.adverse_four_one_trump,
        score.dealer_at_four,
        proposing.propose_point_certain,
        proposing.propose_king,
        proposing.play_jeu_de_regle,
        proposing.propose_default,
    ),
    "accept": (
        score.dealer_refusal_at_four,
        score.adverse_four_one_trump,
        score.three_against_four,
        *accepting.EXCEPTIONS,
        accepting.three_queens,
        accepting.dealer_discard,
        accepting.refuse_jeu_de_regle,
        accepting.accept_guarded,
    ),
    "discard": (discarding.discard_rule,),
    "mark_king": (king.four_to_three_king, king.announce),
    "follow": (following.follow_rule,),
}


def _lead_verdicts(info: InfoSet) -> Iterator[Verdict]:
    for rule in (*leading.END_RULES, *leading.VOLE_RULES, *leading.CONTINUE_RULES):
        v = rule(info)
        if v is not None:
            yield v
    for rule in leading.START_RULES:
        v = rule(info)
        if v is None:
            continue
        if v.hint.id in leading.TRUMP_FORWARD:
            replaced = leading.forward_game(info, v)
            if replaced is not None:
                yield replaced
        yield v
    v = leading.guarded_suit(info)
    if v is not None:
        yield v
    yield leading.lead_default(info)


def _verdicts(info: InfoSet) -> Iterator[Verdict]:
    """Each verdict that speaks, its explanation ending with a note when it
    turned on one of the project's readings (``readings.reading_note``)."""
    for verdict in _speaking(info):
        note = reading_note(verdict.readings)
        if note and note not in verdict.explanation:
            verdict = replace(verdict, explanation=f"{verdict.explanation} {note}")
        yield verdict


def _speaking(info: InfoSet) -> Iterator[Verdict]:
    if info.decision == "lead":
        yield from _lead_verdicts(info)
        return
    set_aside = score.set_aside_at_four(info)
    for rule in ORDER[info.decision]:
        v = rule(info)
        if v is not None:
            if set_aside:
                # the score rule stood aside on a reading: the verdict that decides says so
                v = replace(
                    v,
                    explanation=f"{set_aside} {v.explanation}",
                    matched=(*v.matched, "the plain cards very small and of different suits"),
                    readings=tuple(dict.fromkeys((*v.readings, rd.VERY_SMALL, rd.DIFFERENT_SUITS))),
                )
            yield v


def advise(info: InfoSet) -> Verdict:
    """What the Hints (or, where they are silent, the project) say to do here."""
    return next(_verdicts(info))


def applicable(info: InfoSet) -> list[Verdict]:
    """Every hint that speaks to this position, the deciding one first."""
    seen: set[str] = set()
    out = []
    for v in _verdicts(info):
        if v.hint.id not in seen:
            seen.add(v.hint.id)
            out.append(v)
    return out
