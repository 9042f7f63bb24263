"""Drills: endless fresh positions on one topic, each answered by the hints engine.

A lesson shows a rule a few times; a drill makes it automatic. ``generate``
deals positions (from the ``random.Random`` it is given, so a drill can be dealt
again from its seed) until the hints engine's verdict falls in the topic, and
returns it as a lesson ``Step`` whose expected answer is the engine's and whose
explanation is the hint's. The deals are random, or, for a hint random deals
seldom reach, arranged for it (``tutor.lessons.drill_deals``), so that every
topic offered deals at once whatever the seed (a test deals each over 50 seeds).

A drill cannot be passed by pattern: where the decision has two answers (play
or propose, accept or refuse), each step's right answer is drawn first, either
one as likely. A topic whose hints give only one answer (a jeu de règle is
always played) gets the other as a **near miss**: one of its positions with one
card of the hand changed so that the hints answer the other way, and the
explanation names the card that decides (``near_miss``). So pressing one key
throughout scores about half, and the skill drilled is to see what makes the
hand what it is.

A drill step's key is ``("drill:<topic key>", <the position as an advise
request in compact JSON>)``, so progress can record it and ``review_step``
can deal the same step again for the review queue.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace

from tutor.hints import HINTS, Verdict, advise
from tutor.lessons.drill_deals import arrangements, choice_matters, may_speak, positions
from tutor.lessons.loader import default_prompt
from tutor.lessons.model import Lesson, Step
from tutor.rules.actions import ACCEPT, PLAY, PROPOSE, REFUSE, Action
from tutor.rules.cards import PACK, Card
from tutor.rules.deal import Position
from tutor.rules.infoset import InfoSet, infoset_of
from tutor.rules.infoset_codec import RequestError, infoset_to_request, request_to_infoset
from tutor.store.review_keys import DRILL_PREFIX, ReviewKey, Source
from tutor.texts import Library

RULE = " The rule: "
"""Joins a drill's account of the hand to the hint's summary."""

PREFIX = DRILL_PREFIX
"""The lesson id of a drill step is this prefix and the topic's key (``ReviewKey``)."""

MAX_DEALS = 20_000
"""Deals tried before a topic is declared too rare to drill."""

TWO_WAY: dict[str, tuple[Action, Action]] = {"propose": (PLAY, PROPOSE), "accept": (REFUSE, ACCEPT)}
"""The decisions with two answers: (the strong hand's, the weak hand's)."""

NEAR_MISS = "One card decides it:"
"""Opens the sentence a near miss adds to its explanation."""


class DrillError(LookupError):
    """An unknown topic, or one no position was found for."""


@dataclass(frozen=True, slots=True)
class Topic:
    key: str
    title: str
    decisions: tuple[str, ...]
    """Where to deal positions: the decisions the topic's hints speak to."""
    prefixes: tuple[str, ...]
    """The hint ids (or id prefixes ending in ``/`` or ``-``) the topic covers."""
    scores: bool = False
    """Deal at random scores (for the hints that depend on the score)."""

    def covers(self, hint_id: str) -> bool:
        """``jeu-de-regle/2`` covers 2a to 2e; a prefix ending in ``/`` or ``-`` covers all below."""
        for p in self.prefixes:
            if hint_id == p:
                return True
            rest = hint_id[len(p) :] if hint_id.startswith(p) else ""
            if rest and (p[-1] in "/-" or rest.isalpha()):
                return True
        return False


TOPICS: tuple[Topic, ...] = (
    Topic("jeux-de-regle", "Jeux de règle, every category", ("propose",), ("jeu-de-regle/",)),
    Topic(
        "jeux-de-regle-1",
        "Jeux de règle, category 1 (three trumps)",
        ("propose",),
        ("jeu-de-regle/1",),
    ),
    Topic(
        "jeux-de-regle-2",
        "Jeux de règle, category 2 (two trumps)",
        ("propose",),
        ("jeu-de-regle/2",),
    ),
    Topic(
        "jeux-de-regle-3",
        "Jeux de règle, category 3 (one trump)",
        ("propose",),
        ("jeu-de-regle/3",),
    ),
    Topic(
        "jeux-de-regle-4", "Jeux de règle, category 4 (no trump)", ("propose",), ("jeu-de-regle/4",)
    ),
    Topic(
        "jeux-de-regle-5",
        "Jeux de règle, category 5 (only two to discard)",
        ("propose",),
        ("jeu-de-regle/5",),
    ),
    Topic("proposing", "Play or propose", ("propose",), ("propose/", "jeu-de-regle/")),
    Topic("accepting", "Accepting a proposal", ("accept",), ("accept/",)),
    Topic("refusing", "Refusing with a jeu de règle", ("accept",), ("refuse/jeu-de-regle",)),
    Topic("refusal-exceptions", "Refusal exceptions", ("accept",), ("refuse/exception-",)),
    Topic("three-queens", "Three queens", ("accept",), ("refuse/three-queens",)),
    Topic("discarding", "Discarding", ("discard",), ("discard/",)),
    Topic("marking-the-king", "Marking the king", ("mark_king",), ("king/",)),
    Topic("leads", "Leads", ("lead",), ("lead/",)),
    Topic(
        "the-score", "Play at the score of three and four", ("propose", "accept"), ("score/",), True
    ),
)


def topic(name: str) -> Topic:
    """A topic by key or title; a hint id makes a topic of its own."""
    for t in TOPICS:
        if name in (t.key, t.title):
            return t
    if name in HINTS:
        hint = HINTS[name]
        scores = name.startswith("score/")
        return Topic(name, hint.title, (hint.decision,), (name,), scores)
    keys = ", ".join(t.key for t in TOPICS)
    raise DrillError(f"unknown drill topic {name!r} (one of {keys}, or a hint id)")


def cited_list(chosen: Topic, library: Library) -> tuple[str, ...]:
    """The list every hint of the topic cites (the jeux de règle, its head and each
    category), as passage ids in reading order; () where they share no passage that
    opens a list. Shown whole beside a hand that is none of the topic's, so the learner
    can read why it is not one of them."""
    cited = [set(h.sources) for key, h in HINTS.items() if chosen.covers(key)]
    common = set.intersection(*cited) if cited else set()
    heads = sorted(i for i in common if i in library and library.passage(i).children)
    if not heads:
        return ()
    return tuple(p.id for p in library.section(min(heads, key=len)))


def teaching(
    chosen: Topic, lessons: Iterable[Lesson], hint: str | None = None
) -> tuple[tuple[Lesson, int], ...]:
    """The lessons that teach the topic, in their order, each with the index of the step
    to open: a lesson teaches the topic where one of its steps teaches a hint the topic
    covers (read from the lessons' own ``hint`` keys, so the answer follows the files).
    The step is the first that teaches ``hint`` itself, else the first in the topic."""
    found = []
    for lesson in lessons:
        indices = [i for i, s in enumerate(lesson.steps) if s.hint and chosen.covers(s.hint)]
        if indices:
            exact = [i for i in indices if lesson.steps[i].hint == hint]
            found.append((lesson, (exact or indices)[0]))
    return tuple(found)


CARD_DECISIONS = ("lead", "follow")
MIN_CARDS = 3
"""The fewest legal cards a drilled lead or follow offers (a learner review: a drill
with K♠ and 8♣ left, both certain of the vole, asked for the Hints' card), but in a
drill of a hint that speaks only with two cards left (``FEW_CARDS``), whose two cards
must then make different tricks in some holding of the adversary's (``choice_matters``)."""

FEW_CARDS = ("lead/two-tricks-each", "lead/trump-after-three")
"""The hints that speak at the fourth trick only: drilled on their own (a wider topic,
the leads, keeps to three cards or more)."""

DEEP_EXCHANGES = ("project/discard-stock-short",)
"""The hints drilled in deals where every proposal is accepted until the stock runs short."""


def _drillable(position: Position, chosen: Topic) -> tuple[InfoSet, Verdict] | None:
    """The position's information and verdict, if it is one to drill on the topic."""
    info = infoset_of(position)
    if not may_speak(info, chosen.covers):
        return None
    verdict = advise(info)
    if not chosen.covers(verdict.hint.id):
        return None
    few = info.decision in CARD_DECISIONS and len(info.legal_actions()) < MIN_CARDS
    if few and (chosen.key not in FEW_CARDS or not choice_matters(info)):
        return None  # two cards left: too often both make the same tricks (a review)
    return info, verdict


def generate(name: str | Topic, rng: random.Random, max_deals: int = MAX_DEALS) -> Step:
    """A fresh step on the topic: a position whose hint verdict falls in it, from a
    random deal or, for a hint random deals seldom reach, a deal arranged for it
    (``tutor.lessons.drill_deals``)."""
    chosen = name if isinstance(name, Topic) else topic(name)
    strong = rng.random() < 0.5  # the side of a two-way answer this step asks for
    arranged = arrangements(chosen.prefixes)
    deep = chosen.key in DEEP_EXCHANGES
    search = bool(arranged) or chosen.key in FEW_CARDS  # the play searched, not only the Hints'
    for n in range(max_deals):
        decision = rng.choice(chosen.decisions)
        for position in positions(decision, rng, arranged, chosen.scores, deep, search):
            found = _drillable(position, chosen)
            if found is None:
                continue
            info, verdict = found
            answers = TWO_WAY.get(decision)
            if answers is None:
                return _step(chosen, info, verdict, n)
            want = answers[0] if strong else answers[1]
            if verdict.action == want:
                return _step(chosen, info, verdict, n)
            miss = near_miss(info, want, rng)
            if miss is not None:
                near, near_verdict, (old, new) = miss
                return _step(chosen, near, near_verdict, n, _contrast(old, new, verdict))
            break  # one position of a deal for a two-way decision
    raise DrillError(f"no position for {chosen.title!r} in {max_deals} deals")


def _contrast(other: Card, shown: Card, verdict: Verdict) -> str:
    """The sentence a near miss adds: what the hand would be with ``other`` for ``shown``."""
    return (
        f" {NEAR_MISS} with the {other.noun} in place of the {shown.noun}, the hint"
        f" would be “{verdict.hint.title}” and the answer {verdict.action}."
    )


def near_miss(
    info: InfoSet,
    want: Action,
    rng: random.Random,
    wanted: Callable[[Verdict], bool] = lambda verdict: True,
) -> tuple[InfoSet, Verdict, tuple[Card, Card]] | None:
    """The position with one card of the hand exchanged for an unseen one so that
    the hints answer ``want`` (with a verdict ``wanted`` accepts); with (the card
    taken out, the card put in). None when no single card does it."""
    seen = {*info.hand, info.turnup, *info.discards}
    unseen = [c for c in PACK if c not in seen]
    swaps = [(i, c) for i in range(len(info.hand)) for c in unseen]
    rng.shuffle(swaps)
    for i, new in swaps:
        hand = (*info.hand[:i], new, *info.hand[i + 1 :])
        near = replace(info, hand=hand)
        verdict = advise(near)
        if verdict.action == want and wanted(verdict):
            return near, verdict, (info.hand[i], new)
    return None


def position_id(info: InfoSet) -> str:
    """A drill step's id: its position as a compact advise request (read back by ``review_step``)."""
    return json.dumps(infoset_to_request(info), separators=(",", ":"))


def review_step(lesson: str, step_id: str) -> Step:
    """The drill step progress knows as (``lesson``, ``step_id``), dealt again from its position."""
    key = ReviewKey.of(lesson)
    if key.source is not Source.DRILL:
        raise DrillError(f"{lesson!r} is not a drill")
    chosen = topic(key.name)
    try:
        info = request_to_infoset(json.loads(step_id))
    except (ValueError, TypeError, RequestError) as exc:
        raise DrillError(f"drill step {step_id!r} is not a position: {exc}") from None
    verdict = advise(info)
    contrast = ""
    answers = TWO_WAY.get(info.decision)
    if answers is not None and not chosen.covers(verdict.hint.id):
        # A near miss: the card that turns it back into the topic's hand, found
        # again (the same one each time, the search seeded by the step).
        other = answers[0] if verdict.action == answers[1] else answers[1]
        back = near_miss(info, other, random.Random(step_id), lambda v: chosen.covers(v.hint.id))
        if back is not None:
            _, topic_verdict, (shown, card) = back
            contrast = _contrast(card, shown, topic_verdict)
    return _step(chosen, info, verdict, 0, contrast)


def _step(chosen: Topic, info: InfoSet, verdict: Verdict, n: int, contrast: str = "") -> Step:
    explanation = verdict.explanation
    summary = verdict.hint.summary
    if summary and summary not in explanation:
        explanation = f"{explanation}{RULE}{summary}"
    explanation += contrast
    return Step(
        lesson=str(ReviewKey.drill(chosen.key)),
        id=position_id(info),
        index=n,
        question=info.decision,
        prompt=default_prompt(info),
        explanation=explanation,
        passages=tuple(verdict.sources),
        info=info,
        expected=verdict.action,
        hint=verdict.hint.id,
    )


def drill(name: str, seed: int | None = None) -> Callable[[], Step]:
    """An endless supply of steps on one topic, reproducible from ``seed``."""
    rng = random.Random(seed)
    chosen = topic(name)
    return lambda: generate(chosen, rng)
