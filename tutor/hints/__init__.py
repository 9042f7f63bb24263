"""The Britannica's "Hints to Players" as named, cited, testable rules.

- ``HINTS``: every rule, by id (``jeu-de-regle/2d``, ``refuse/exception-4``,
  ``lead/persevere``, ``project/follow`` ...), with the passages it rests on.
  Ids starting ``project/`` are the project's own defaults where the Hints are
  silent, never attributed to the source.
- ``advise(info)``: the one verdict for a position; ``applicable(info)``: every
  hint that speaks to it. The precedence is in ``tutor.hints.advice``.
- ``classify_jeu_de_regle(hand, trump)``: the jeu de règle category of a hand.
- ``READINGS``: the readings of ambiguous words (``readings/...``).

Importing this package never imports Textual: the hints are part of the
headless core.
"""

from tutor.hints.registry import HINTS, Hint, Verdict  # isort: skip
from tutor.hints import jeux_de_regle  # noqa: F401  (registers its hints first)
from tutor.hints.advice import advise, applicable
from tutor.hints.jeux_de_regle import JeuDeRegle, classify_jeu_de_regle, jeu_de_regle_categories
from tutor.hints.readings import READINGS

__all__ = [
    "HINTS",
    "READINGS",
    "Hint",
    "JeuDeRegle",
    "Verdict",
    "advise",
    "applicable",
    "classify_jeu_de_regle",
    "jeu_de_regle_categories",
]
