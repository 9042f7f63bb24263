"""The Écarté tutor: learn the game from its historical sources."""

__version__ = "0.1.0"
