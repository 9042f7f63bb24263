"""The tutor's colours: green baize, ivory card faces, card red.

A card table look makes the play screen read at a glance as a table; the
variables beyond Textual's own (``$card-*``) have defaults in the app, so the
widgets stay legible under any other theme the learner picks from the palette.
"""

from __future__ import annotations

from textual.theme import Theme

CARD_VARIABLES = {
    "card-face": "#f4efe1",
    "card-ink": "#1a1a1a",
    "card-red": "#b3202a",
    "card-back": "#3a5a8c",
    "card-selected": "#e0b84c",
}
"""Colours of the drawn cards, usable as ``$card-face`` etc. in the .tcss files."""

BAIZE = Theme(
    name="baize",
    primary="#c9a227",
    secondary="#e9e2cc",
    accent="#d64550",
    warning="#e0b84c",
    error="#ff6b6b",
    success="#7bd88f",
    foreground="#f3eedb",
    background="#0b3d23",
    surface="#114a2c",
    panel="#1a5c39",
    dark=True,
    variables={
        **CARD_VARIABLES,
        "footer-key-foreground": "#e0b84c",
        "block-cursor-background": "#c9a227",
        "block-cursor-foreground": "#0b3d23",
    },
)
