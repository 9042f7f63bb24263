"""Rule sets: the English club rules (the default) and the French rules for two.

Where they differ (each difference cites its passage):

- game: five up (club-laws/46) against "5 ou 7 points" (french/valeur);
- the penalty: English law 49 gives the adversary two for the point, the vole
  unaffected; the French point de refus (french/ecart) gives the winner one
  point more, on the vole too;
- French rules count no more than three points for one deal (french/points);
- a match: cinq secs (one game), or cinq liés (french/points: "une première
  manche en cinq points et une deuxième en cinq points également"), and "Si
  chaque adversaire a gagné une manche, on peut faire une belle": the belle may
  be played. "Peut": the belle is the players' choice. ``belle=on`` (the
  default, ``--cinq-lies``) agrees it beforehand, so the first to win two
  manches wins; ``belle=off`` (``--no-belle``) leaves a match at one manche each
  drawn. The text describes cinq liés with manches of five, so a game of seven
  is not played liés;
- law 46's valuation (treble, double, single, club-laws/46) is an agreement
  counted on the loser's score in a game of five (love; one or two; three or
  four), so it is refused with a game of seven, where it would say nothing of a
  loser at five or six.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from tutor.io.reading import NumberError, quote, whole_number


class RuleSetError(ValueError):
    """An unknown rule set or option; ``option`` names the one at fault ("game",
    "match", "belle", "valuation"), if one is, for a caller to name its own spelling
    of it (the command line's flag)."""

    def __init__(self, message: str, option: str | None = None) -> None:
        super().__init__(message)
        self.option = option


@dataclass(frozen=True, slots=True)
class RuleSet:
    name: str = "english"
    game_points: int = 5
    games_to_win: int = 1
    valuation: bool = False
    belle: bool = True
    """Cinq liés only: the belle is played at one manche each (french/points, "on peut
    faire une belle"); without it such a match is drawn."""

    @property
    def french(self) -> bool:
        return self.name == "french"

    @property
    def max_deal_points(self) -> int | None:
        return 3 if self.french else None

    @property
    def scoring(self) -> RuleSet:
        """The rule set as a deal is scored by it (``laws.deal_points``): only its name
        tells (the point de refus and the cap of three are French); the game, the
        match and law 46's valuation count games, not deals. What an information set
        and an advise request carry."""
        return FRENCH if self.french else ENGLISH

    @property
    def match_name(self) -> str:
        return "cinq liés" if self.games_to_win == 2 else "cinq secs"

    def describe(self) -> str:
        parts = [f"{self.name} rules", f"game {self.game_points}"]
        if self.games_to_win == 2 and self.belle:
            parts.append(
                "cinq liés (two games, or manches, of five; at one each the belle decides)"
            )
        elif self.games_to_win == 2:
            parts.append(
                "cinq liés (two games, or manches, of five, with no belle: one each is a drawn match)"
            )
        if self.valuation:
            parts.append("law 46 valuation")
        return ", ".join(parts)

    def notation(self) -> str:
        """One line, e.g. ``english game=5 match=1 valuation=off`` (``belle=off`` after
        it for cinq liés without the belle)."""
        line = (
            f"{self.name} game={self.game_points} match={self.games_to_win} "
            f"valuation={'on' if self.valuation else 'off'}"
        )
        return line if self.belle else f"{line} belle=off"

    def match_over(self, games_won: tuple[int, int]) -> bool:
        """Whether a match stands decided or drawn after ``games_won``: a side has the
        manches it needs, or (no belle) each has won one."""
        if max(games_won) >= self.games_to_win:
            return True
        return not self.belle and self.games_to_win == 2 and games_won == (1, 1)

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
                    rules = replace(rules, game_points=_count(key, value))
                elif key == "match":
                    rules = replace(rules, games_to_win=_count(key, value))
                elif key == "valuation":
                    rules = replace(rules, valuation=_on_off(value))
                elif key == "belle":
                    rules = replace(rules, belle=_on_off(value))
                else:
                    raise RuleSetError(f"unknown rule option {quote(key)}")
            except ValueError as exc:
                if isinstance(exc, RuleSetError):
                    raise
                raise RuleSetError(f"bad value for {key}: {quote(value)}") from None
        validate(rules)
        return rules


def _count(key: str, value: str) -> int:
    """A number of points or games, in ASCII digits as the rest of a record (Python's
    ``int`` reads "５" too)."""
    try:
        return whole_number(value, f"a number for {key}", 9)
    except NumberError as exc:
        raise RuleSetError(str(exc)) from None


def _on_off(value: str) -> bool:
    if value not in ("on", "off"):
        raise ValueError(value)
    return value == "on"


ENGLISH = RuleSet()
FRENCH = RuleSet(name="french")


def make_rules(
    name: str = "english",
    game: int | None = None,
    games_to_win: int = 1,
    valuation: bool = False,
    belle: bool = True,
) -> RuleSet:
    if name not in ("english", "french"):
        raise RuleSetError(f"unknown rule set {quote(name)} (english or french)")
    rules = RuleSet(
        name=name,
        game_points=game if game is not None else 5,
        games_to_win=games_to_win,
        valuation=valuation,
        belle=belle,
    )
    validate(rules)
    return rules


def validate(rules: RuleSet) -> None:
    allowed = (5,) if rules.name == "english" else (5, 7)
    if rules.game_points not in allowed:
        raise RuleSetError(
            f"{rules.name} rules play a game of {' or '.join(map(str, allowed))}, "
            f"not {rules.game_points}",
            "game",
        )
    if rules.games_to_win not in (1, 2):
        raise RuleSetError("match must be 1 (cinq secs) or 2 (cinq liés)", "match")
    if not rules.belle and rules.games_to_win != 2:
        raise RuleSetError(
            "belle=off is for cinq liés (match=2): a single game has no belle", "belle"
        )
    if rules.games_to_win == 2 and not rules.french:
        raise RuleSetError(
            "cinq liés is a French match (french/points): french rules only", "match"
        )
    if rules.games_to_win == 2 and rules.game_points != 5:
        raise RuleSetError(
            "cinq liés is two manches of five points (french/points); "
            f"a game of {rules.game_points} is played alone",
            "match",
        )
    if rules.valuation and rules.game_points != 5:
        raise RuleSetError(
            "law 46's treble, double and single count the loser's score in a game of five "
            f"(club-laws/46); not with a game of {rules.game_points}",
            "valuation",
        )
