"""Widgets that draw the game's values: cards, the trick, the score, passages."""
