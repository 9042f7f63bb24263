"""What a deal's outcome is worth at a given game score.

"The score has to be considered" (britannica-9/hints/score): at four, a point
wins the game, so the vole is worth no more than the point, and the penalty of
two (britannica-9/scoring) may end the game for the other side. The engine
therefore values an outcome by the chance it leaves of winning the game,
``win_chance(mine, theirs, i_deal)``, computed exactly by recursion over the
deals still to come with a fixed distribution of deal outcomes
(``DEAL_OUTCOMES``). The recursion ends because every deal scores at least
one point.

To stay readable, values are reported in points: the change in the chance of
winning is divided by the chance that one point is worth at this score, so at
love-all a point is worth about 1 and a vole about 2, and at four-all a won
point is worth exactly 1 and a vole no more.

``DEAL_OUTCOMES`` was measured by ``python -m tutor.engines.values`` (40,000
deals, seed 5, the play-out policy of ``policy.py`` on both sides and the
card play solved double dummy, each deal scored by ``laws.deal_points``); rerun
it to reproduce the figures. The French rules score a deal otherwise (the point
de refus, the cap of three, french/ecart and french/points), so they have their
own distribution, ``FRENCH_DEAL_OUTCOMES`` (``python -m tutor.engines.values
french``): a valuation follows the rules in force.
"""

from __future__ import annotations

import random
import sys
from functools import cache

from tutor.rules.infoset import InfoSet
from tutor.rules.laws import deal_points
from tutor.rules.rulesets import ENGLISH, RuleSet, make_rules

DEAL_OUTCOMES: dict[tuple[int, int], float] = {
    # (non-dealer's points, dealer's points): frequency
    (0, 1): 0.15435,
    (0, 2): 0.20875,
    (0, 3): 0.06525,
    (1, 0): 0.181825,
    (1, 1): 0.125075,
    (1, 2): 0.0088,
    (2, 0): 0.18715,
    (2, 1): 0.022825,
    (3, 0): 0.045975,
}


FRENCH_DEAL_OUTCOMES: dict[tuple[int, int], float] = {
    **DEAL_OUTCOMES,
    # Measured likewise by the French scoring, the same deals differ only where the
    # point de refus gives the dealer's vole against the non-dealer who played
    # without proposing 3 rather than 2 (french/ecart): the rest agree to the digit.
    (0, 2): 0.208625,
    (0, 3): 0.065375,
}

_OUTCOMES = {"english": DEAL_OUTCOMES, "french": FRENCH_DEAL_OUTCOMES}


@cache
def win_chance(
    mine: int, theirs: int, i_deal: bool, game: int = 5, rules: str = "english"
) -> float:
    """The chance of winning the game from this score, ``i_deal`` for the deal
    about to be played, deals scoring as under the rules named ``rules``."""
    if mine >= game:
        return 1.0
    if theirs >= game:
        return 0.0
    total = 0.0
    for (nd, dl), p in _OUTCOMES[rules].items():
        gain, loss = (dl, nd) if i_deal else (nd, dl)
        total += p * _after(mine + gain, theirs + loss, not i_deal, game, rules)
    return total


def _after(mine: int, theirs: int, i_deal: bool, game: int, rules: str) -> float:
    if mine >= game and theirs >= game:
        return 0.5  # both reach it in one deal: the king decided; call it even
    return win_chance(mine, theirs, i_deal, game, rules)


class Utility:
    """Values of this deal's outcomes for one player, in points (see the module),
    under ``rules`` (the game is ``game``, which a request may set apart)."""

    def __init__(
        self, score: tuple[int, int], i_deal: bool, game: int = 5, rules: RuleSet = ENGLISH
    ) -> None:
        self.score = score
        self.game = game
        self.rules = rules
        self.next_i_deal = not i_deal
        win = self._chance(1, 0)
        lose = self._chance(0, 1)
        self._middle = (win + lose) / 2
        self._unit = (win - lose) / 2 or 1.0
        self._cache: dict[tuple[int, int], float] = {}

    def _chance(self, gain: int, loss: int) -> float:
        mine, theirs = self.score[0] + gain, self.score[1] + loss
        return _after(mine, theirs, self.next_i_deal, self.game, self.rules.name)

    def __call__(self, gain: int, loss: int) -> float:
        """The value of scoring ``gain`` and conceding ``loss`` in this deal."""
        key = (gain, loss)
        value = self._cache.get(key)
        if value is None:
            if self.score[0] + gain >= self.game:
                chance = 1.0 if self.score[1] + loss < self.game else 0.5
            else:
                chance = self._chance(gain, loss)
            value = (chance - self._middle) / self._unit
            self._cache[key] = value
        return value


def king_marked(info: InfoSet) -> tuple[int, int]:
    """The king's point already marked this deal, (mine, the adversary's)."""
    return int(info.king == "me"), int(info.king == "opponent")


def position_weighing_note(info: InfoSet) -> str:
    """``weighing_note`` for the position ``info``: its score, seat, game, rules and king."""
    return weighing_note(info.score, info.is_dealer, info.game, info.rules, king_marked(info))


def weighing_note(
    score: tuple[int, int],
    i_deal: bool,
    game: int = 5,
    rules: RuleSet = ENGLISH,
    marked: tuple[int, int] = (0, 0),
) -> str:
    """Where this score weighs two points otherwise than twice one, a sentence that
    says how, for figures shown in points (at three to four, "propose is worth +2.53
    points" beside a deal that scores three at most needs it); "" where the figures
    are near enough plain points. ``marked``, a king already marked this deal, is
    said beside the score before it, since the header counts the king's point."""
    utility = Utility(score, i_deal, game, rules)
    mine, theirs = score
    parts = []
    weights = []
    sides = ((2, 0, "for you", mine, "win"), (0, 2, "against you", theirs, "lose"))
    for gain, loss, whose, owner, end in sides:
        weight = abs(utility(gain, loss))
        weights.append(weight)
        # Plain words for why two points are not worth twice one: a bare figure
        # ("two points against you count 1.88") gives no reason.
        if abs(weight - 2) < 0.15:
            why = f"{weight:.2f}, about twice one"
        elif owner + 1 >= game:
            why = f"only {weight:.2f}, as one point already {end}s you the game"
        elif owner + 2 >= game:
            why = f"{weight:.2f}, as they {end} you the game"
        else:
            why = f"{weight:.2f}, {'more' if weight > 2 else 'less'} than twice one"
        parts.append(f"two points {whose} count {why}")
    if all(abs(weight - 2) < 0.15 for weight in weights):
        return ""
    king = ""
    if any(marked):
        # The figures value the whole deal from the score before it, the king's point
        # among the deal's points: beside a header that already counts the king, "as
        # they end the game" needs it said.
        king = (
            f" ({mine + marked[0]}–{theirs + marked[1]} with the king marked: the king's"
            " point is one of the deal's points counted here)"
        )
    # Both weights, one point the unit, "either way": each side's stake is said.
    return (
        f"At {mine}–{theirs} before this deal{king}, the figures are points weighed by"
        f" what they do to your chance of winning the game: one point either way counts 1;"
        f" {'; '.join(parts)}."
    )


def measure_outcomes(
    deals: int, seed: int, rules: RuleSet = ENGLISH
) -> dict[tuple[int, int], float]:
    """Reproduce ``DEAL_OUTCOMES`` (``FRENCH_DEAL_OUTCOMES`` with the French
    rules): policy play-outs of random deals, scored by ``laws.deal_points``."""
    from collections import Counter

    from tutor.engines.policy import Rollout
    from tutor.engines.solver import Solver

    rng = random.Random(seed)
    solver = Solver()
    counts: Counter[tuple[int, int]] = Counter()
    for _ in range(deals):
        pack = list(range(32))
        rng.shuffle(pack)
        nd = sum(1 << c for c in pack[:5])
        dl = sum(1 << c for c in pack[5:10])
        turnup = pack[10]
        king, tricks, penalty = Rollout(solver, turnup >> 3).run(
            nd, dl, pack[11:], "propose", 0, None
        )
        if turnup & 7 == 7:
            king = 1
        marked = (int(king == 0), int(king == 1))
        counts[deal_points((tricks, 5 - tricks), penalty, rules, marked)] += 1
    return {key: counts[key] / deals for key in sorted(counts)}


if __name__ == "__main__":
    measured = make_rules(sys.argv[1] if len(sys.argv) > 1 else "english")
    for key, freq in measure_outcomes(40_000, 5, measured).items():
        print(f"    {key}: {freq},")
