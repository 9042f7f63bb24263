"""The project's computed figures for a step, in plain words, agreeing with its verdict.

The study (``ecarte study``, ``tutor/data/study.json``) measured, for each jeu de
règle and each refusal exception, how often such hands win the point and how
the two answers compare. A step shows them only when they speak to the question
it asks, for the role it asks about: the non-dealer's play or propose for a jeu
de règle, the dealer's accept or refuse for a refusal. The comparison is told
against the step's answer: where the computation agrees, it says so; where it
finds the other answer as good or better, it says that plainly as a finding,
never as two unreconciled claims side by side.
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.analysis.study_notes import Study, load_study, too_few
from tutor.lessons.answers import expected_action
from tutor.lessons.model import Step

CAVEAT = (
    "(The project's computation, not the source's: {deals:,} simulated deals at love-all,"
    " the later exchanges made by a fixed rule of thumb, each player deciding from the"
    " cards he has seen, as at the table.)"
)


ALL_SUCH = "a figure for every hand of that kind, not for this hand alone"
"""Said beside each figure: two hands of one kind show the same figure (a learner review:
"94 times in 100" on two different hands, one with the king against it, read as this
hand's chance)."""


def _kind(hint: str) -> str:
    """The kind of hand a hint names, for a figure measured over all of them: "jeu de
    règle 1 (three trumps)", "refusing, exception 5 (one trump, ...)"."""
    from tutor.hints import HINTS

    rule = HINTS.get(hint)
    if hint.startswith("jeu-de-regle/"):
        title = rule.title.lower() if rule else ""
        return f"jeu de règle {hint.removeprefix('jeu-de-regle/')}" + (
            f" ({title})" if title else ""
        )
    if rule is not None and ":" in rule.title:
        number, _, title = rule.title.partition(":")
        return f"{number.lower()} ({title.strip()})"
    return rule.title.lower() if rule else hint


SMALL = 0.1
"""Points a deal: a disagreement smaller than this is said to be small."""


def _in_100(p: float) -> str:
    return f"{round(p * 100)} times in 100"


def _points(x: float) -> str:
    return f"{abs(x):.2f} of a point a deal"


@dataclass(frozen=True, slots=True)
class Finding:
    """The figures for a step in words, and whether they find both answers alike."""

    text: str = ""
    even: bool = False
    """The difference between the answers is within the computation's margin: the
    other answer is not the Hints', but by the figures it loses nothing."""


def _compare(said: str, other: str, diff: float, interval: list[float]) -> Finding:
    """``diff`` is (the step's answer) minus (the other answer), with its 95% interval."""
    low, high = interval
    if low > 0:
        return Finding(
            f"With such hands {said} scored {_points(diff)} more than {other}: the computation"
            " agrees."
        )
    if high < 0:
        why = (
            " A difference this small may come from how the simulation plays the rest of"
            " the deal (its later exchanges follow simple fixed rules, and its card play is"
            " good, not perfect) rather than from the hands."
            if abs(diff) < SMALL
            else ""
        )
        return Finding(
            f"For such hands the computation and the hint disagree: {other} scored"
            f" {_points(diff)} more than"
            f" {said}, more than its margin of error.{why} The lesson teaches the hint as written:"
            " your answer is marked by what the Hints say, and this figure is why it may still"
            " be worth thinking about."
        )
    # a learner review: "✗ Not right" beside "about as good" read as a contradiction;
    # the verdict says "not the Hints' answer" (``Judgement.figures_even``)
    return Finding(
        f"For such hands the computation finds {other} about as good: the difference,"
        f" {_points(diff)}, is within its margin of error. So the lesson marks your answer"
        " by the Hints' rule, which it teaches; by these figures such hands lose nothing"
        f" by {other}.",
        even=True,
    )


def finding(step: Step) -> Finding:
    """A few sentences of figures for this step (empty when none speak to it)."""
    if step.info is None or not step.hint:
        return Finding()
    study = load_study()
    if not study:
        return Finding()
    try:
        answer = expected_action(step).kind
    except Exception:  # no hints engine: no verdict to measure against
        return Finding()
    found = Finding()
    if step.question == "propose" and not step.info.is_dealer:
        found = _played(study, step.hint, answer)
    elif step.question == "accept" and step.info.is_dealer:
        found = _refused(study, step, answer)
    if not found.text:
        return found
    return Finding(f"{found.text} {CAVEAT.format(deals=study['deals'])}", found.even)


def _played(study: Study, hint: str, answer: str) -> Finding:
    if not hint.startswith("jeu-de-regle/") or answer != "play":
        return Finding()
    row = study.get("jeux_de_regle_played", {}).get(hint.removeprefix("jeu-de-regle/"))
    if not row or not row.get("hands"):
        return Finding()
    if too_few(row, study):
        return _few(row, hint)
    compared = _compare(
        "playing", "proposing", row["play_minus_propose"], row["play_minus_propose_95"]
    )
    return Finding(
        f"Hands of {_kind(hint)}, played without proposing, won the point"
        f" {_in_100(row['won_point'])} ({row['hands']:,} hands; {ALL_SUCH}). {compared.text}",
        compared.even,
    )


def _few(row: dict[str, object], hint: str) -> Finding:
    """A row too small to read: said, with no figure to mislead."""
    return Finding(
        f"The computation met only {row['hands']:,} hands of {_kind(hint)}: too few to"
        " read, so it gives no figure for them."
    )


def _not_excepted(number: str, step: Step) -> Finding:
    """A hand an exception matches but does not except: the study's row for the
    exception counts jeux de règle the Hints would otherwise refuse, so its figures
    are not this hand's."""
    from tutor.hints import classify_jeu_de_regle

    assert step.info is not None
    jeu = classify_jeu_de_regle(step.info.hand, step.info.trump) is not None
    which = (
        "a jeu de règle the rules after the exceptions would not refuse"
        if jeu
        else "no jeu de règle, and the principle decides it whatever the exception says"
    )
    return Finding(
        f"The computation's figures for exception {number} count only the hands it takes"
        f" out of the refusals, jeux de règle the dealer would otherwise refuse; this hand is"
        f" {which}, so those figures do not speak to it."
    )


_JEU_PASSAGE = "britannica-9/hints/jeux-de-regle/"


def _taught_category(step: Step) -> str | None:
    """The jeu de règle a refusal step teaches: the category its passages cite when
    the hand is one (a hand may be of two, and the step teach either), else the
    first the hints find."""
    from tutor.hints import classify_jeu_de_regle

    assert step.info is not None
    jeu = classify_jeu_de_regle(step.info.hand, step.info.trump)
    if jeu is None:
        return None
    cited = [p.removeprefix(_JEU_PASSAGE) for p in step.passages if p.startswith(_JEU_PASSAGE)]
    return cited[0] if len(cited) == 1 else jeu.category


def _refused(study: Study, step: Step, answer: str) -> Finding:
    hint = step.hint or ""
    row = None
    kind = _kind(hint)
    assert step.info is not None
    if hint.startswith("refuse/exception-"):
        from tutor.hints.accepting import excepted

        number = hint.removeprefix("refuse/exception-")
        if not excepted(step.info):
            return _not_excepted(number, step)
        row = study.get("refusal_exceptions", {}).get(
            number if answer == "accept" else f"{number}+"
        )
        kind = f"{kind} that are jeux de règle the dealer would otherwise refuse"
    elif hint == "refuse/jeu-de-regle":
        category = _taught_category(step)
        if category is not None:
            row = study.get("jeux_de_regle_refused", {}).get(category)
            kind = _kind(f"jeu-de-regle/{category}")
    if not row or not row.get("hands"):
        return Finding()
    if too_few(row, study):
        return _few(row, hint)
    said, other = ("refusing", "accepting") if answer == "refuse" else ("accepting", "refusing")
    diff, (low, high) = row["refuse_minus_accept"], row["refuse_minus_accept_95"]
    if answer == "accept":
        diff, low, high = -diff, -high, -low
    compared = _compare(said, other, diff, [low, high])
    return Finding(
        f"Dealers who refused with hands of {kind} won the point"
        f" {_in_100(row['won_point'])} ({row['hands']:,} hands; {ALL_SUCH}). {compared.text}",
        compared.even,
    )
