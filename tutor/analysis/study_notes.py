"""The study's computed figures (tutor/data/study.json, made by ``ecarte study``),
as sentences to show beside a hint's passage in the texts and after a lesson step.

Every sentence says it is the project's computation, how it was made (each
player deciding from the cards he has seen, as at the table, with the
double-dummy figure, every card seen, beside it) and over how many deals, so
nothing computed is mistaken for the source's words. A difference is told as a
finding only where its 95% interval leaves out zero, and a row over fewer than
``MIN_HANDS`` hands is said to be too few to read.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from tutor.io.files import MIB, read_text

LIMIT = MIB
"""The largest study file read: the shipped one is about 20 kB."""
STUDY_FILE = Path(__file__).resolve().parents[1] / "data" / "study.json"

MIN_HANDS = 100
"""Hands below which a row is too few to read (the study's own ``MIN_HANDS``, which
a study file states; this is for one made before it did)."""
FOSTER = "R. F. Foster's Complete Hoyle (New York, 1897)"
"""Where the exact counts and the two-to-one claim come from (texts: notes/foster)."""

_JEUX = "britannica-9/hints/jeux-de-regle/"
_REFUSING = "britannica-9/hints/refusing/"

Study = dict[str, Any]
"""The study's results as read from its JSON (``tutor.analysis.study.StudyResults``
when the file is sound; read leniently, every table and row may be missing)."""


@lru_cache(maxsize=1)
def load_study(path: Path = STUDY_FILE) -> Study | None:
    """The study's results, or None if the file is missing, unreadable, no regular
    file or over ``LIMIT`` bytes (read through ``read_text``, as every file is)."""
    try:
        study: Study = json.loads(read_text(path, LIMIT))
        return study
    except (OSError, ValueError, RecursionError):
        return None


def _interval(pair: list[float], percent: bool = False) -> str:
    low, high = pair
    return f"{low:.1%} to {high:.1%}" if percent else f"{low:+.2f} to {high:+.2f}"


def too_few(row: dict[str, Any], study: Study) -> bool:
    """Whether a row counts too few hands for its figures to be read."""
    return bool(row.get("hands", 0) < study.get("min_hands", MIN_HANDS))


def reading(diff: float, interval: list[float], better: str, worse: str) -> str:
    """What a difference says, by its 95% interval: which option scored more, or
    that the interval holds zero and it shows no difference."""
    low, high = interval
    if low > 0:
        return f"{better} scored more"
    if high < 0:
        return f"{worse} scored more"
    return "no difference shown, the interval holding zero"


def _method(study: Study) -> str:
    if "double_dummy_method" not in study:  # a study made before hidden cards
        return (
            f"the project's computation over {study['deals']:,} simulated deals"
            f" (seed {study['seed']}), played out with every card known to both players,"
            " which flatters strong hands"
        )
    return (
        f"the project's computation over {study['deals']:,} simulated deals (seed {study['seed']}),"
        " at love-all, the later exchanges made by a fixed rule of thumb, each player deciding"
        " from the cards he has seen, as at the table; the figures marked"
        ' "with every card seen" or "double dummy" are the same deals played with every'
        " card seen by both (the study's former method)"
    )


def _seen(row: dict[str, Any], key: str, percent: bool = False) -> str:
    """The double-dummy figure for ``key``, to follow its own, if the row has one."""
    value = row.get("double_dummy", {}).get(key)
    if value is None:
        return ""
    return f" ({value:.1%} with every card seen)" if percent else f"; double dummy {value:+.2f}"


def _few(row: dict[str, Any], study: Study) -> str:
    return (
        f"Only {row['hands']:,} hands: too few to read, so no figure is given for them."
        if too_few(row, study)
        else ""
    )


def _played(row: dict[str, Any], study: Study) -> str:
    if too_few(row, study):
        return f"Played without proposing, such hands: {_few(row, study)}"
    diff, interval = row["play_minus_propose"], row["play_minus_propose_95"]
    return (
        f"Played without proposing, such hands won the point {row['won_point']:.1%} of the time"
        f" (95% interval {_interval(row['won_point_95'], percent=True)})"
        f" over {row['hands']:,} hands{_seen(row, 'won_point', True)}; playing scored"
        f" {row['play']:+.2f} a deal against {row['propose']:+.2f} for proposing (difference"
        f" {diff:+.2f}, 95% interval {_interval(interval)}:"
        f" {reading(diff, interval, 'playing', 'proposing')}{_seen(row, 'play_minus_propose')})."
    )


def _refused(row: dict[str, Any], lead: str, study: Study) -> str:
    if too_few(row, study):
        return f"{lead} {_few(row, study)}"
    diff, interval = row["refuse_minus_accept"], row["refuse_minus_accept_95"]
    return (
        f"{lead} the dealer won the point {row['won_point']:.1%} of the time after refusing"
        f" (95% interval {_interval(row['won_point_95'], percent=True)}),"
        f" over {row['hands']:,} hands{_seen(row, 'won_point', True)}; refusing"
        f" scored {row['refuse']:+.2f} a deal against {row['accept']:+.2f} for accepting"
        f" (difference {diff:+.2f}, 95% interval {_interval(interval)}:"
        f" {reading(diff, interval, 'refusing', 'accepting')}{_seen(row, 'refuse_minus_accept')})."
    )


def notes_for_passage(passage_id: str, study: Study | None = None) -> list[str]:
    """Sentences of computed figures for a passage of the Hints (none for others)."""
    study = study if study is not None else load_study()
    if not study:
        return []
    notes: list[str] = []
    if passage_id.startswith(_JEUX):
        category = passage_id.removeprefix(_JEUX)
        played = study.get("jeux_de_regle_played", {}).get(category)
        refused = study.get("jeux_de_regle_refused", {}).get(category)
        if played and played.get("hands"):
            notes.append(_played(played, study))
        if refused and refused.get("hands"):
            notes.append(
                _refused(refused, "Holding such a hand as dealer after a proposal,", study)
            )
    elif passage_id.startswith(_REFUSING):
        number = passage_id.removeprefix(_REFUSING)
        rows = study.get("refusal_exceptions", {})
        weak, saved = rows.get(number), rows.get(f"{number}+")
        # Counted over the hands the exception excepts: jeux de règle the Hints
        # would otherwise refuse (a hand merely matching its pattern is accepted anyway).
        if weak and weak.get("hands"):
            notes.append(
                _refused(
                    weak,
                    "Over the jeux de règle this exception takes out of the refusals (the"
                    " hints say accept),",
                    study,
                )
            )
        if saved and saved.get("hands"):
            notes.append(
                _refused(
                    saved,
                    "Over the jeux de règle where its saving clause holds (the hints say refuse),",
                    study,
                )
            )
        matched = sum(row.get("pattern_hands", 0) for row in (weak, saved) if row)
        if matched and not any(row and row.get("hands") for row in (weak, saved)):
            notes.append(
                f"Of the {matched:,} hands the dealer held after a proposal that match this exception's"
                " pattern, none was a jeu de règle the Hints would otherwise refuse: over"
                " these deals the exception changes no answer, and has no figures of its own."
            )
    elif passage_id == _JEUX.rstrip("/"):
        notes.extend(_overview(study))
    if notes:
        notes.append(f"Figures: {_method(study)}.")
    return notes


def _overview(study: Study) -> list[str]:
    notes = []
    t = study.get("two_to_one") or {}
    if t.get("hands"):
        notes.append(
            f"{FOSTER}, a book outside the three sources, says that a hand certain of three tricks if the dealer has not two"
            ' trumps "has odds of two to one in its favour" (66.7%) of the point, and calls'
            " such hands jeux de règle; the claim is not made in these sources. Played, jeux de règle won"
            f" the point {t['won_point']:.1%} of the time (95% interval"
            f" {_interval(t['won_point_95'], percent=True)}), {t['verdict']} the claim."
            + (
                f" With every card seen they won {t['won_point_double_dummy']:.1%}."
                if t.get("won_point_double_dummy") is not None
                else ""
            )
        )
    f = study.get("foster") or {}
    if f:
        notes.append(
            f"Exact counts, as {FOSTER} gives them (not in the three sources; see the note on"
            " Foster), checked by"
            " enumeration: the dealer's five cards can be"
            f" {f['dealer_hands']:,} hands; holding one trump yourself, it is"
            f" {f['holding_1_against']:,} to {f['holding_1_for']:,} against the dealer holding two"
            f" or more; holding two, {f['holding_2_against']:,} to {f['holding_2_for']:,}."
        )
    return notes


_HINT_PASSAGE = {"jeu-de-regle/": _JEUX, "refuse/exception-": _REFUSING}


def notes_for_hint(hint_id: str, study: Study | None = None) -> list[str]:
    """The figures for the passage a hint encodes (``jeu-de-regle/2a``, ``refuse/exception-3``)."""
    for prefix, passage in _HINT_PASSAGE.items():
        if hint_id.startswith(prefix):
            return notes_for_passage(passage + hint_id.removeprefix(prefix), study)
    return []


def notes_markdown(notes: list[str]) -> str:
    if not notes:
        return ""
    body = "\n>\n".join(f"> {n}" for n in notes)
    return f"**Computed by the project** (`ecarte study`)\n\n{body}"
