"""The study's computed figures (tutor/data/study.json, made by ``ecarte study``),
as sentences to show beside a hint's passage in the texts and after a lesson step.

Every sentence says it is the project's computation, how it was made (each
player deciding from the cards he has seen, as at the table, with the
double-dummy figure, every card seen, beside it) and over how many deals, so
nothing computed is mistaken for the source's words.
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


def _method(study: Study) -> str:
    if "double_dummy_method" not in study:  # a study made before hidden cards
        return (
            f"the project's computation over {study['deals']:,} simulated deals"
            f" (seed {study['seed']}), played out with every card known to both players,"
            " which flatters strong hands"
        )
    return (
        f"the project's computation over {study['deals']:,} simulated deals (seed {study['seed']}),"
        " each player deciding from the cards he has seen, as at the table; the figures marked"
        ' "with every card seen" or "double dummy" are the same deals played with every'
        " card seen by both (the study's former method)"
    )


def _seen(row: dict[str, Any], key: str, percent: bool = False) -> str:
    """The double-dummy figure for ``key``, to follow its own, if the row has one."""
    value = row.get("double_dummy", {}).get(key)
    if value is None:
        return ""
    return f" ({value:.1%} with every card seen)" if percent else f"; double dummy {value:+.2f}"


def _played(row: dict[str, Any]) -> str:
    return (
        f"Played without proposing, such hands won the point {row['won_point']:.1%} of the time"
        f" over {row['hands']:,} hands{_seen(row, 'won_point', True)}; playing scored"
        f" {row['play']:+.2f} a deal against {row['propose']:+.2f} for proposing (difference"
        f" {row['play_minus_propose']:+.2f}, 95% interval"
        f" {_interval(row['play_minus_propose_95'])}{_seen(row, 'play_minus_propose')})."
    )


def _refused(row: dict[str, Any], lead: str) -> str:
    return (
        f"{lead} the dealer won the point {row['won_point']:.1%} of the time after refusing,"
        f" over {row['hands']:,} hands{_seen(row, 'won_point', True)}; refusing"
        f" scored {row['refuse']:+.2f} a deal against {row['accept']:+.2f} for accepting"
        f" (difference {row['refuse_minus_accept']:+.2f}, 95% interval"
        f" {_interval(row['refuse_minus_accept_95'])}{_seen(row, 'refuse_minus_accept')})."
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
            notes.append(_played(played))
        if refused and refused.get("hands"):
            notes.append(_refused(refused, "Holding such a hand as dealer after a proposal,"))
    elif passage_id.startswith(_REFUSING):
        number = passage_id.removeprefix(_REFUSING)
        rows = study.get("refusal_exceptions", {})
        weak, saved = rows.get(number), rows.get(f"{number}+")
        if weak and weak.get("hands"):
            notes.append(_refused(weak, "Where this exception applies (the hints say accept),"))
        if saved and saved.get("hands"):
            notes.append(_refused(saved, "Where its saving clause holds (the hints say refuse),"))
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
            "The old claim, not made in these sources, that a jeu de règle is"
            f' "two to one in favour of winning the point" (66.7%): played, jeux de règle won'
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
            f"Exact counts (as in Foster's Complete Hoyle): the dealer's five cards can be"
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
