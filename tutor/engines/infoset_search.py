"""Card play decided for the deals I cannot tell apart, not for each one alone.

Averaging over solved deals (perfect-information Monte Carlo) values a card as
if, after it, I could play each deal knowing which one it is: in deals I
cannot tell apart it may plan different cards, which it cannot play
(**strategy fusion**). This search removes that error for my next two choices:

- my card now is one card for every world (a holding of the adversary
  consistent with what I have seen, ``sampling.holdings``);
- in each world the adversary answers as he would with every card known (the
  reply, or the lead, that the exact solver finds best for him; among equals the
  lowest card): so his card is a function of the world, and what he shows
  splits the worlds into those I can still not tell apart. (An adversary who
  cannot see my hand, his card the best on average over hands I might hold from
  his view, measures worse and slower: benchmarks/README.md);
- my next card is again one card for each such group of worlds, the one with
  the best weighted value over the group (``choices``: my cards so chosen,
  this one included; two by default: the fusion left after my next card costs
  little, and three take twice as long);
- beyond that, each world is solved exactly (``solver.Solver``).

With the adversary's answers fixed by the world, my choices form a problem for
one player over what he has seen, and the best of it is found exactly by
taking, at each of my choices, the card best over its group: no Pareto fronts
are needed (that is what αμ keeps when the adversary's choices are searched
too). Values are points at the game score (``values.Utility`` by tricks).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from tutor.engines.solver import Solver, bits, follows_mask, second_wins

Worlds = Sequence[tuple[int, float]]
"""(the adversary's holding, its weight)."""


def card_values(
    solver: Solver,
    mine: int,
    led: int | None,
    worlds: Worlds,
    won: int,
    worth: Sequence[float],
    trump: int,
    choices: int = 2,
) -> dict[int, float]:
    """For each card I may play now: its weighted value, my next ``choices - 1``
    choices each made once for each group of worlds my observation cannot split.
    ``led``: the adversary's card led to me (his holdings then exclude it);
    ``won``: my tricks so far; ``worth[t]``: the value of ending the deal with
    ``t`` tricks."""
    search = _Search(solver, trump, worth)
    legal = mine if led is None else follows_mask(mine, led, trump)
    out: dict[int, float] = {}
    for card in bits(legal):
        rest = mine ^ (1 << card)
        if led is None:
            out[card] = search.after_my_lead(rest, card, worlds, won, choices - 1)
        else:
            i_win = second_wins(led, card, trump)
            out[card] = search.after_trick(rest, worlds, won + i_win, i_win, choices - 1)
    return out


class _Search:
    def __init__(self, solver: Solver, trump: int, worth: Sequence[float]) -> None:
        self.solver = solver
        self.trump = trump
        self.worth = worth

    def after_my_lead(self, rest: int, card: int, worlds: Worlds, won: int, choices: int) -> float:
        """I have led ``card``; each world's adversary replies; then my next choices."""
        groups: dict[int, list[tuple[int, float]]] = defaultdict(list)
        for holding, weight in worlds:
            theirs = self.solver.follow_values(holding, rest, card, self.trump)
            reply = _best(theirs)
            groups[reply].append((holding ^ (1 << reply), weight))
        total = 0.0
        for reply, group in groups.items():
            i_win = not second_wins(card, reply, self.trump)
            total += self.after_trick(rest, group, won + i_win, i_win, choices)
        return total

    def after_trick(self, rest: int, worlds: Worlds, won: int, i_lead: bool, choices: int) -> float:
        """A trick is over; ``rest`` is my hand. My next ``choices`` cards each made
        once for their group of worlds, then every world solved exactly."""
        if not rest:
            return sum(w for _, w in worlds) * self.worth[won]
        solver, trump, worth = self.solver, self.trump, self.worth
        if choices <= 0:
            left = rest.bit_count()
            total = 0.0
            for holding, weight in worlds:
                if i_lead:
                    mine = solver.lead_tricks(rest, holding, trump)
                else:
                    mine = left - solver.lead_tricks(holding, rest, trump)
                total += weight * worth[won + mine]
            return total
        if i_lead:
            if choices == 1:  # each world solved exactly after my card: one call each
                totals: dict[int, float] = defaultdict(float)
                for holding, weight in worlds:
                    for c, t in solver.lead_values(rest, holding, trump).items():
                        totals[c] += weight * worth[won + t]
                return max(totals.values())
            return max(
                self.after_my_lead(rest ^ (1 << c), c, worlds, won, choices - 1) for c in bits(rest)
            )
        # He leads, in each world the card best for him; I answer once per card seen.
        by_lead: dict[int, list[tuple[int, float]]] = defaultdict(list)
        for holding, weight in worlds:
            lead = _best(solver.lead_values(holding, rest, trump))
            by_lead[lead].append((holding ^ (1 << lead), weight))
        total = 0.0
        for lead, group in by_lead.items():
            if choices == 1:
                totals = defaultdict(float)
                for holding, weight in group:
                    for c, t in solver.follow_values(rest, holding, lead, trump).items():
                        totals[c] += weight * worth[won + t]
                total += max(totals.values())
                continue
            best = -float("inf")
            for c in bits(follows_mask(rest, lead, trump)):
                i_win = second_wins(lead, c, trump)
                best = max(
                    best,
                    self.after_trick(rest ^ (1 << c), group, won + i_win, i_win, choices - 1),
                )
            total += best
        return total


def _best(tricks: dict[int, int]) -> int:
    """The adversary's card with the most tricks for him; among equals the lowest."""
    return max(tricks, key=lambda c: (tricks[c], -(c & 7), -c))
