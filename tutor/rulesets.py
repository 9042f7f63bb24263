"""Rule sets: the English club rules (the default) and the French rules for two.

Where they differ (each difference cites its passage):

- game: five up (club-laws/46) against "5 ou 7 points" (french/valeur);
- the penalty: English law 49 gives the adversary two for the point, the vole
  unaffected; the French point de refus (french/ecart) gives the winner one
  point more, on the vole too;
- French rules count no more than three points for one deal (french/points);
- a match: cinq secs (one game), or cinq liés (two games, and the belle when
  each side has won one) (french/points).
"""

from __future__ import annotations

from dataclasses import dataclass, replace


class RuleSetError(ValueError):
    """An unknown rule set or option."""


@dataclass(frozen=True, slots=True)
class RuleSet:
    name: str = "english"
    game_points: int = 5
    games_to_win: int = 1
    valuation: bool = False

    @property
    def french(self) -> bool:
        return self.name == "french"

    @property
    def max_deal_points(self) -> int | None:
        return 3 if self.french else None

    @property
    def match_name(self) -> str:
        return "cinq liés" if self.games_to_win == 2 else "cinq secs"

    def describe(self) -> str:
        parts = [f"{self.name} rules", f"game {self.game_points}"]
        if self.games_to_win == 2:
            parts.append("cinq liés (two games, a belle if need be)")
        if self.valuation:
            parts.append("law 46 valuation")
        return ", ".join(parts)

    def notation(self) -> str:
        """One line, e.g. ``english game=5 match=1 valuation=off``."""
        return (
            f"{self.name} game={self.game_points} match={self.games_to_win} "
            f"valuation={'on' if self.valuation else 'off'}"
        )

    @staticmethod
    def parse(text: str) -> RuleSet:
        words = text.split()
        if not words:
            raise RuleSetError("empty rule set")
        rules = make_rules(words[0])
        for word in words[1:]:
            key, _, value = word.partition("=")
            try:
                if key == "game":
                    rules = replace(rules, game_points=int(value))
                elif key == "match":
                    rules = replace(rules, games_to_win=int(value))
                elif key == "valuation":
                    if value not in ("on", "off"):
                        raise ValueError(value)
                    rules = replace(rules, valuation=value == "on")
                else:
                    raise RuleSetError(f"unknown rule option {key!r}")
            except ValueError as exc:
                if isinstance(exc, RuleSetError):
                    raise
                raise RuleSetError(f"bad value for {key}: {value!r}") from None
        validate(rules)
        return rules


ENGLISH = RuleSet()
FRENCH = RuleSet(name="french")


def make_rules(
    name: str = "english", game: int | None = None, games_to_win: int = 1, valuation: bool = False
) -> RuleSet:
    if name not in ("english", "french"):
        raise RuleSetError(f"unknown rule set {name!r} (english or french)")
    rules = RuleSet(
        name=name,
        game_points=game if game is not None else 5,
        games_to_win=games_to_win,
        valuation=valuation,
    )
    validate(rules)
    return rules


def validate(rules: RuleSet) -> None:
    allowed = (5,) if rules.name == "english" else (5, 7)
    if rules.game_points not in allowed:
        raise RuleSetError(
            f"{rules.name} rules play a game of {' or '.join(map(str, allowed))}, "
            f"not {rules.game_points}"
        )
    if rules.games_to_win not in (1, 2):
        raise RuleSetError("match must be 1 (cinq secs) or 2 (cinq liés)")
