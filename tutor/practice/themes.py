"""The themes practice positions are grouped by, in the order the list shows them."""

from __future__ import annotations

THEMES: dict[str, str] = {
    "draw-trumps": "Drawing trumps first",
    "strong-suit": "Leading a plain suit before trumps",
    "keep-the-guard": "Following: keeping a guard, not wasting the king",
    "after-refusal": "The point after a refusal",
    "at-four": "At four: the point wins the game",
    "the-vole": "Winning the vole",
    "save-the-vole": "Saving the vole",
    "counting": "Counting the cards gone in the last tricks",
}
"""Theme id: its title."""
