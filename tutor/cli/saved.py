"""A saved record of either kind (``tutor.play.records.load_any``)."""

from tutor.play.records import load_any

__all__ = ["load_any"]
