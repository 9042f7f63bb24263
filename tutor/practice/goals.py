"""What a practice position asks: a number of tricks at least, named and said.

A goal is counted in tricks only, so one exact search serves them all; the score
and a refusal change what the tricks are worth, and the goal's sentence says how
(britannica-9/scoring; club-laws/49: the player who played without proposing or
refused the first proposal and fails to make the point gives his adversary two).
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.rules.infoset import InfoSet


@dataclass(frozen=True, slots=True)
class Goal:
    name: str
    """``point``, ``vole``, ``save-vole``, ``game`` or ``refusal``."""
    tricks: int
    """The fewest tricks that meet it, of the five."""
    title: str
    sentence: str

    def met_by(self, tricks: int) -> bool:
        return tricks >= self.tricks


GOAL_TRICKS = {"point": 3, "vole": 5, "save-vole": 1, "game": 3, "refusal": 3}
GOAL_TITLES = {
    "point": "make the point",
    "vole": "win the vole",
    "save-vole": "save the vole",
    "game": "make the point to win the game",
    "refusal": "make the point after a refusal",
}


class GoalError(ValueError):
    """A goal that does not fit its position (says why)."""


def goal_for(name: str, info: InfoSet) -> Goal:
    """The goal ``name`` in the position ``info``, its sentence naming the score and the
    penalty where they weigh."""
    if name not in GOAL_TRICKS:
        raise GoalError(f"expected one of {', '.join(GOAL_TRICKS)}, got {name!r}")
    tricks = GOAL_TRICKS[name]
    title = GOAL_TITLES[name]
    if name == "point":
        sentence = "Make the point: win three of the five tricks."
    elif name == "vole":
        sentence = "Win the vole: take all five tricks, which scores two points, not one."
    elif name == "save-vole":
        sentence = "Save the vole: take at least one trick, so that he scores one point, not two."
    elif name == "game":
        mine, theirs = info.score
        if mine + 1 < info.game:
            raise GoalError(
                f"the point wins the game only at {info.game - 1}; the score is {mine} to {theirs}"
            )
        sentence = (
            f"You have {mine}, he has {theirs}: the point wins you the game."
            " Win three of the five tricks."
        )
    else:
        if info.penalty == "me":
            sentence = (
                "You played without proposing, or refused his proposal: if you fail to make"
                " the point he scores two. Win three of the five tricks."
            )
        elif info.penalty == "opponent":
            sentence = (
                "He refused your proposal (or played without proposing): the point scores"
                " you two. Win three of the five tricks."
            )
        else:
            raise GoalError("a refusal goal needs a penalty in the position ('me' or 'opponent')")
    return Goal(name, tricks, title, sentence)
