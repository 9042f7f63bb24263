"""What the app is opened on: one typed value, built and checked by the command line
(``tutor.cli.app_options``) before the app starts."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from tutor.rules.rulesets import ENGLISH, FRENCH, RuleSet


@dataclass(frozen=True, slots=True)
class Options:
    """The place opened and how: a valid value (the rule set checked, the losers
    agreed at their table, the record loadable) or the command line refused it."""

    start: str = "home"
    """"home", "lessons", "drill", "practice", "play" or "texts"."""
    lesson_id: str | None = None
    passage_id: str | None = None
    drill_topic: str | None = None
    """With start "drill": the topic (None: the topic picker)."""
    seed: int | None = None
    engine: str | None = None
    """None: best, or the engine a loaded game names."""
    rules: RuleSet | None = None
    """None: the default of what is played (``ruleset``)."""
    table: str | None = None
    """One of ``tutor.tables.TABLES``; None: the two-handed game."""
    load: Path | None = None
    gallery: bool = False
    losers: int | None = None
    """At cinq or six: the losers agreed beforehand (None: half the table)."""

    @property
    def ruleset(self) -> RuleSet:
        """The rules played: as asked, else English for the two-handed game and French
        at the tables (their source)."""
        if self.rules is not None:
            return self.rules
        return FRENCH if self.table else ENGLISH
