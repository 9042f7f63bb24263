"""Staged clues: first the family of rule to think of, then the feature of the hand
to look at; never the answer itself.

``clue(step, 1)`` names the family (with the passage that states it); ``clue(step,
2)`` points at what in this position to look at, in facts anyone can see (the
trumps held, the suits and their tops, the card led, the score), or for a law
question rules out one wrong choice with its explanation. There is no third
clue: after two, the next step is to answer or to ask for the answer.
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.hints import advise
from tutor.hints.explain import card_words, join, number
from tutor.lessons.model import Step
from tutor.rules.cards import Rank
from tutor.rules.infoset import InfoSet

STAGES = 2


@dataclass(frozen=True, slots=True)
class Family:
    prefix: str
    text: str
    passage: str


FAMILIES = (
    Family(
        "jeu-de-regle/",
        "Think of the jeux de règle: the hands the Hints play without proposing.",
        "britannica-9/hints/jeux-de-regle",
    ),
    Family(
        "propose/",
        "Think of when the Hints play without proposing, and when they propose.",
        "britannica-9/hints/jeux-de-regle",
    ),
    Family(
        "refuse/exception-",
        "Think of refusing: the dealer refuses with a jeu de règle, save"
        " the exceptions the Hints list.",
        "britannica-9/hints/refusing",
    ),
    Family(
        "refuse/",
        "Think of refusing: when the Hints have the dealer refuse a proposal.",
        "britannica-9/hints/refusing",
    ),
    Family(
        "accept/",
        "Think of accepting: when the Hints have the dealer accept a proposal.",
        "britannica-9/hints/accepting",
    ),
    Family(
        "score/",
        "Think of the score: at three and four the Hints change their advice.",
        "britannica-9/hints/score",
    ),
    Family(
        "discard/",
        "Think of the Hint on discarding: which cards are worth keeping.",
        "britannica-9/hints/discarding",
    ),
    Family(
        "project/discard",
        "Think of the Hint on discarding, and of what the laws allow.",
        "britannica-9/hints/discarding",
    ),
    Family(
        "king/",
        "Think of the king of trumps: when the Hints would have it announced.",
        "britannica-9/hints/announce-king",
    ),
    Family(
        "lead/",
        "Think of the Hints on leading: what to lead at starting, and what to lead next.",
        "britannica-9/hints/lead-guarded-suit",
    ),
    Family(
        "project/lead",
        "Think of the Hints on leading, and of your strongest suit.",
        "britannica-9/hints/lead-guarded-suit",
    ),
    Family(
        "project/follow",
        "Think of the laws of play: the second to play must follow suit and"
        " win the trick if he can.",
        "britannica-9/play",
    ),
)


def family(hint_id: str | None) -> Family | None:
    if not hint_id:
        return None
    return next((f for f in FAMILIES if hint_id.startswith(f.prefix)), None)


ALREADY_BESIDE = (
    "The passage that says so is already beside the question: read it again with this hand in mind."
)


@dataclass(frozen=True, slots=True)
class Clue:
    text: str
    passage: str | None = None
    """A passage to read with it (the family's, for the first clue)."""


def clue(
    step: Step,
    stage: int,
    tried: set[int] | frozenset[int] = frozenset(),
    beside: tuple[str, ...] = (),
) -> Clue | None:
    """The clue at ``stage`` (1 or 2), or None when there is no further clue. ``tried``:
    the law choices (indexes in the file) already given in this attempt; ``beside``, the
    passages already shown beside the question (``Lesson.passages_beside``): a first
    clue does not send the learner to one of them as if it were new."""
    if stage == 1:
        found = _family_clue(step)
        if found.passage is not None and found.passage in beside:
            return Clue(f"{found.text} {ALREADY_BESIDE}")
        return found
    if stage == 2:
        text = _law_clue(step, tried) if step.is_law else _position_clue(step)
        return Clue(text) if text else None
    return None


def _family_clue(step: Step) -> Clue:
    if step.is_law:
        cited = [
            p for p in step.passages if p.startswith(("club-laws/", "french/", "britannica-9/laws"))
        ]
        where = cited[0] if cited else (step.passages[0] if step.passages else None)
        if where is None or where.startswith(("club-laws/", "french/", "britannica-9/laws")):
            what = "the law"
        elif where.startswith("britannica-9/hints"):
            what = "the passage of the Hints"
        else:
            what = "the passage"
        return Clue(f"Find {what} that speaks to this case, and read it closely.", where)
    found = family(step.hint)
    if found is None:
        return Clue("Read the passage beside the position: which rule speaks to this decision?")
    return Clue(found.text, found.passage)


def _law_clue(step: Step, tried: set[int] | frozenset[int]) -> str | None:
    """Rule out one wrong choice not yet tried, with its explanation; never the last
    one left beside the answer (that would be the answer)."""
    if step.answer is None:
        return None
    untried = [n for n in range(len(step.choices)) if n not in tried and n != step.answer]
    if len(untried) < 2:
        return None
    choice = step.choices[untried[0]]
    return f"Not \u201c{choice.text}\u201d: {choice.why}" if choice.why else None


def _position_clue(step: Step) -> str | None:
    info = step.info
    if info is None:
        return None
    facts = [_trumps(info)]
    if step.question in ("lead", "follow"):
        if info.led is not None:
            facts.append(
                f"The card led is {info.led.label}; what in your hand can follow it or win it?"
            )
        mine, theirs = info.tricks_won()
        if info.tricks:
            facts.append(f"Tricks so far: you {mine}, your adversary {theirs}.")
        if info.led is None:
            # Guards speak to leading (the guarded suit), not to following, which the
            # laws decide (a learner review: "which are guarded?" when he had to trump).
            facts.append(_suits(info))
    elif step.question == "discard":
        facts.append("Sort your cards into those worth keeping and the rest.")
    elif step.question == "mark_king":
        facts.append(_score(info))
    else:
        facts.append(_suits(info, guards=_guards_matter(step, info)))
        if info.score != (0, 0):
            facts.append(_score(info))
    return " ".join(f for f in facts if f)


def _trumps(info: InfoSet) -> str:
    trumps = info.trumps()
    if not trumps:
        return f"You hold no trump ({info.trump.noun})."
    return f"Count your trumps: {number(len(trumps))}, {' '.join(c.label for c in trumps)}."


def _guards_matter(step: Step, info: InfoSet) -> bool:
    """Whether guards speak to this choice: always to accepting (the Hints' principle),
    to playing without proposing only where the rule that decides names them (a
    learner review: "which are guarded?" beside a hand that three of a suit decides)."""
    if step.question == "accept":
        return True
    verdict = advise(info)
    return "guard" in f"{verdict.hint.summary} {verdict.explanation}".lower()


def _suits(info: InfoSet, guards: bool = True) -> str:
    plain = [c for c in info.hand if c.suit != info.trump]
    if not plain:
        return ""
    courts = [c for c in plain if c.rank in (Rank.KING, Rank.QUEEN, Rank.KNAVE)]
    text = f"Look at your plain cards suit by suit: {card_words(plain)}."
    if not guards:
        return f"{text} How many of them are of one suit, and which are court cards?"
    if len(courts) == 1:
        text += f" Is {courts[0].label} guarded, and by what?"
    elif courts:
        text += f" Which of {join([c.label for c in courts])} are guarded, and by what?"
    return text


def _score(info: InfoSet) -> str:
    me, them = info.score
    return f"Mind the score: you {me}, your adversary {them}, in a game of {info.game}."
