"""The review of a game: every decision of both players graded by what it cost.

``review_game(game)`` replays a game (a ``Game``, or a record file) and asks the
``best`` engine about every decision either player made: what it prefers, and
what each option is worth in points at that score (``tutor.engines.values``: a
point is worth about 1 at love-all, and exactly 1 at four-all). The **cost** of a
choice is the value of the engine's choice less the value of the one made, never
below zero; a choice the engine does not weigh of itself (a discard outside its
short list) is valued over the same simulated deals.

Grades and accuracy are those of ``tutor.analysis.grades`` (inaccuracy from 0.10 points,
mistake from 0.25, blunder from 0.50; accuracy the mean of ``100 * exp(-2 * cost)``).
A forced move (one legal action) is no decision and is not counted; a player with
no decision scores 100.

Beside each decision stands the verdict of the Hints (``tutor.hints.advise``),
so a learner sees where the historical advice and the computation part.

The review is reproducible: the engine is ``best`` seeded with the game's seed,
and it draws its samples from that seed and the position alone.

"Learn from your mistakes": ``send_to_review`` puts a player's mistakes and
blunders in the spaced-review queue (``tutor.store.progress``) as steps keyed
(``game:<seed>``, the position as a compact advise request, as the drills do);
``tutor.lessons.game_steps`` deals such a step again, with the engine's answer expected and
its line as the explanation.

``ecarte review FILE [--json]`` prints the review of a saved game record.
"""

from __future__ import annotations

import json
import os
import random
import zlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any, Protocol

from tutor.analysis.grades import BLUNDER, GRADES, INACCURACY, MISTAKE, accuracy, grade
from tutor.engines import Advice, Engine, make_engine
from tutor.engines.values import position_weighing_note
from tutor.hints.explain import signed
from tutor.rules.actions import Action
from tutor.rules.game import Game
from tutor.rules.infoset import InfoSet, infoset_of

TO_LEARN = ("mistake", "blunder")
"""The grades that "learn from your mistakes" sends to the review queue."""

PREFIX = "game:"
"""The lesson id of a review step taken from a game: this prefix and the game's seed."""


@dataclass(frozen=True)
class Decision:
    """One decision of one player, graded."""

    deal: int
    seat: int
    player: str
    info: InfoSet
    action: Action
    best: Action
    cost: float
    values: dict[str, float] = field(default_factory=dict)
    """The engine's value of each option weighed, in points (with the choice made)."""
    reason: str = ""
    """The engine's line: why it prefers ``best``."""
    hints: Action | None = None
    hint_rule: str | None = None
    said: str = ""
    """What the engine's choice does in this hand, in one plain sentence (the engine's
    ``Advice.said``: ``card_words``, ``exchange_words``); "" where it says none."""

    @property
    def decision(self) -> str:
        return self.info.decision

    @property
    def grade(self) -> str | None:
        return grade(self.cost)

    @property
    def why(self) -> str:
        """Why the engine's choice is better than this one, in their two values. The
        engine's own reason compares its choice with its runner-up, which need not be
        the choice made ("against -0.09 for discarding 10♠" beside a discard of 10♠ 9♦);
        it is told only where the values are missing."""
        mine, best = self.values.get(str(self.action)), self.values.get(str(self.best))
        if mine is None or best is None or same(self.action, self.best):
            # the sentence in words is told on its own, before any figure (``said``)
            reason = self.reason.removeprefix(self.said).lstrip() if self.said else self.reason
            return reason + self._as_the_hints()
        info = self.info
        note = position_weighing_note(info)
        said, best_said = (a.answering(info.led, info.trump) for a in (self.action, self.best))
        return (
            f"Over the same simulated deals, {best_said} is worth {signed(best)} points"
            f" on average, {said} {signed(mine)}."
            + (f" {note}" if note else "")
            + self._as_the_hints()
        )

    @cached_property
    def example(self) -> str:
        """For a card graded down (an inaccuracy too), one holding of the opponent's
        where it makes fewer tricks than the engine's card, so that a grade comes with
        something in the hand to learn from; "" otherwise."""
        if self.grade is None or self.action.kind not in ("lead", "follow"):
            return ""
        if same(self.action, self.best) or self.best.kind != self.action.kind:
            return ""
        from tutor.analysis.card_example import worse_holding

        rng = random.Random(zlib.crc32(self.step_id.encode()))
        return worse_holding(self.info, self.action.card, self.best.card, rng)

    def _as_the_hints(self) -> str:
        """Where the choice graded down is the Hints' own, a sentence that says so: the
        engine then weighs this hand otherwise than the rule does. Where the Hints make
        the engine's choice, the rule that does, so that a grade is not told in figures
        only."""
        if self.hints is None or same(self.action, self.best):
            return ""
        from tutor.hints import HINTS

        hint = HINTS.get(self.hint_rule) if self.hint_rule else None
        rule = f" (“{hint.title}”)" if hint is not None else ""
        if same(self.hints, self.best):
            if self.action.kind == "discard":  # what the rule says of these very cards
                from tutor.hints.discarding import discard_difference

                told = discard_difference(self.info, self.action, self.best)
                return f" The Hints say so too{rule}: {self.best.label}. {told}"
            return f" The Hints say so too{rule}: {self.best.label}."
        if not same(self.action, self.hints):
            return ""
        if self.grade is None:  # a near tie: neither is better, whatever the last digit
            return (
                f" Your choice is the Hints'{rule}: the engine, playing this deal out, finds"
                f" it as good as {self.best.label} within its sampling noise."
            )
        return (
            f" Your choice is the Hints'{rule}: the engine, playing this deal out, finds"
            f" {self.best.label} better for this hand."
        )

    @property
    def agrees(self) -> bool:
        """The choice is the engine's, or costs less than an inaccuracy."""
        return self.grade is None

    @property
    def step_id(self) -> str:
        """The position as a compact advise request: the review step's id."""
        return position_id(self.info)

    def to_json(self) -> dict[str, Any]:
        return {
            "deal": self.deal,
            "player": self.player,
            "decision": self.decision,
            "action": str(self.action),
            "best": str(self.best),
            "cost": round(self.cost, 3),
            "grade": self.grade,
            "hints": None if self.hints is None else str(self.hints),
            "said": self.said,
        }


@dataclass(frozen=True)
class GameReview:
    players: tuple[str, str]
    seed: int
    decisions: tuple[Decision, ...]

    @property
    def lesson(self) -> str:
        """The lesson id its review steps are filed under."""
        return f"{PREFIX}{self.seed}"

    def of(self, seat: int) -> list[Decision]:
        return [d for d in self.decisions if d.seat == seat]

    def accuracy(self, seat: int) -> float:
        figure = accuracy(d.cost for d in self.of(seat))
        return 100.0 if figure is None else figure  # no decision, no fault

    def count(self, seat: int, which: str) -> int:
        return sum(1 for d in self.of(seat) if d.grade == which)

    def to_learn(self, seat: int) -> list[Decision]:
        """The seat's mistakes and blunders: what "learn from your mistakes" reviews."""
        return [d for d in self.of(seat) if d.grade in TO_LEARN]

    def to_json(self) -> dict[str, Any]:
        return {
            "players": list(self.players),
            "decisions": [d.to_json() for d in self.decisions],
            "accuracy": {
                name: round(self.accuracy(seat), 1) for seat, name in enumerate(self.players)
            },
        }


# --- reviewing ------------------------------------------------------------------------


def default_engine(seed: int) -> Engine:
    return make_engine("best", seed)


def moments(start: Game, actions: Sequence[Action]) -> list[tuple[int, int, InfoSet, Action]]:
    """(deal number, seat, what the seat knew, the action chosen) for each action played
    from ``start`` that was a real decision (more than one legal action)."""
    out = []
    game = start
    for action in actions:
        position = game.position
        seat = position.to_act
        if len(position.legal_actions()) > 1:
            out.append((game.deal_number, seat, infoset_of(position, seat), action))
        game = game.apply(action)
    return out


def judge(
    info: InfoSet, action: Action, engine: Engine
) -> tuple[Action, float, dict[str, float], str]:
    """The engine's choice, the cost of ``action`` against it, the values, the reason."""
    advice = engine.advise(info)
    best, cost, values = _graded(info, action, engine, advice)
    return best, cost, values, advice.reason


def _graded(
    info: InfoSet, action: Action, engine: Engine, advice: Advice
) -> tuple[Action, float, dict[str, float]]:
    """The engine's choice, the cost of ``action`` against it, and the values."""
    values = dict(advice.values)
    chosen, best = str(action), str(advice.action)
    if chosen not in values and values:
        extra = _value_of(engine, info, action)
        if extra is not None:
            values[chosen] = extra
    if same(action, advice.action):
        cost = 0.0
    elif chosen in values and best in values:
        cost = max(0.0, values[best] - values[chosen])
    else:
        cost = 0.0  # an engine that gives no values cannot grade
    return advice.action, cost, values


def _value_of(engine: Engine, info: InfoSet, action: Action) -> float | None:
    """The value of an exchange option the engine did not weigh (a discard outside its
    short list), over the very deals it weighed the others on: the engine draws them
    from its seed and the position before it looks at the options."""
    from tutor.engines.best import BestEngine

    if not isinstance(engine, BestEngine) or info.decision not in ("propose", "accept", "discard"):
        return None
    import random

    rng = random.Random(f"{engine.seed}|{info!r}")  # as BestEngine.advise seeds it
    advice = engine._exchange(info, rng, (action,))
    return advice.values.get(str(action))


def same(a: Action | None, b: Action | None) -> bool:
    """Equal actions; the cards of a discard compare as a set."""
    if a is None or b is None:
        return False
    if a.kind == "discard" and b.kind == "discard":
        return set(a.cards) == set(b.cards)
    return a == b


def _hints(info: InfoSet, played: Action) -> tuple[Action | None, str | None]:
    """The hints' action, or the one played when the hint's words allow it as well."""
    from tutor.hints import advise

    try:
        verdict = advise(info)
    except Exception:  # a hint that cannot speak here leaves the column empty
        return None, None
    agreed = next((a for a in verdict.allowed if same(a, played)), verdict.action)
    return agreed, verdict.hint.id


def review_actions(
    start: Game,
    actions: Sequence[Action],
    engine: Engine,
    seats: Iterable[int] = (0, 1),
    progress: Callable[[int, int], None] | None = None,
) -> list[Decision]:
    """Grade the decisions of ``seats`` among ``actions`` played from ``start``."""
    wanted = set(seats)
    todo = [m for m in moments(start, actions) if m[1] in wanted]
    out = []
    for n, (deal, seat, info, action) in enumerate(todo):
        advice = engine.advise(info)
        best, cost, values = _graded(info, action, engine, advice)
        hint_action, hint_rule = _hints(info, action)
        out.append(
            Decision(
                deal,
                seat,
                start.players[seat],
                info,
                action,
                best,
                cost,
                values,
                advice.reason,
                hint_action,
                hint_rule,
                advice.said,
            )
        )
        if progress is not None:
            progress(n + 1, len(todo))
    return out


def review_game(
    game_or_record: Game | str | os.PathLike[str],
    engine: Engine | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> GameReview:
    """The review of every decision of both players in a game (or a record file:
    a ``RecordError`` if it does not replay). ``engine``: ``best`` seeded with the
    game's seed unless given; ``progress(done, total)`` is told after each decision."""
    game = _game(game_or_record)
    engine = engine or default_engine(game.seed)
    start = Game.new(game.seed, game.rules, game.players)
    decisions = review_actions(start, game.actions, engine, progress=progress)
    return GameReview(game.players, game.seed, tuple(decisions))


def _game(game_or_record: Game | str | os.PathLike[str]) -> Game:
    if isinstance(game_or_record, Game):
        return game_or_record
    from tutor.rules.record import load

    return load(Path(game_or_record))


# --- learn from your mistakes ------------------------------------------------------------


def position_id(info: InfoSet) -> str:
    from tutor.rules.infoset_codec import infoset_to_request

    return json.dumps(infoset_to_request(info), separators=(",", ":"))


class ReviewQueue(Protocol):
    """Where mistakes go to be learned: ``tutor.store.progress.Progress`` (a layer above)."""

    def settle(self, lesson: str, step: str, unaided: bool) -> None: ...


def send_to_review(review: GameReview, seat: int, store: ReviewQueue) -> int:
    """File the seat's mistakes and blunders in the spaced-review queue of ``store``
    (a ``tutor.store.progress.Progress``) as not solved, so they fall due at the first
    interval. Returns how many were sent."""
    sent = 0
    for decision in review.to_learn(seat):
        store.settle(review.lesson, decision.step_id, unaided=False)
        sent += 1
    return sent


# --- the command line ---------------------------------------------------------------------


def say(action: Action | None) -> str:
    """An action as a reader reads it (``Action.label``), or a dash for none."""
    return "—" if action is None else action.label


PLURALS = {"inaccuracy": "inaccuracies", "mistake": "mistakes", "blunder": "blunders"}


def grade_counts(review: GameReview, seat: int) -> str:
    """``2 inaccuracies, 1 mistake, 0 blunders``."""
    parts = []
    for g in GRADES:
        n = review.count(seat, g)
        parts.append(f"{n} {g if n == 1 else PLURALS[g]}")
    return ", ".join(parts)


DECISION_LABELS = {
    "propose": "play or propose",
    "accept": "accept or refuse",
    "mark_king": "mark or hold",
}
"""A two-way decision named by both its answers ("propose" alone reads as a proposal
made, beside the hand played); the others by what is done."""


SAID_MARK = "best:"
"""Before the sentence that says, under a choice not the engine's, what its choice does."""


def text_report(review: GameReview) -> list[str]:
    """The review as lines for a terminal: one line per decision (under a choice not the
    engine's, what the engine's choice does, in words), then the accuracies."""
    lines = [f"Review of {review.players[0]} vs {review.players[1]} (seed {review.seed})"]
    width = max(len(n) for n in review.players)
    asked = max(
        (len(DECISION_LABELS.get(d.decision, d.decision)) for d in review.decisions), default=0
    )
    deal = None
    for d in review.decisions:
        if d.deal != deal:
            deal = d.deal
            lines += ["", f"Deal {deal}"]
        mark = d.grade or ("best" if same(d.action, d.best) else "good")
        label = DECISION_LABELS.get(d.decision, d.decision)
        line = f"  {d.player:<{width}}  {label:<{asked}}  {say(d.action)}"
        if not same(d.action, d.best):
            line += f"; best {say(d.best)}, cost {d.cost:.2f}"
        line += f"  [{mark}]"
        if d.hints is not None:
            line += f"  hints: {say(d.hints)}"
        lines.append(line)
        if d.said and not same(d.action, d.best):
            lines.append(f"  {'':<{width}}  {'':<{asked}}  {SAID_MARK} {d.said}")
    lines.append("")
    for seat, name in enumerate(review.players):
        lines.append(
            f"{name}: accuracy {review.accuracy(seat):.1f} over {len(review.of(seat))} decisions"
            f" ({grade_counts(review, seat)})"
        )
    lines.append(
        f"Grades by cost in points: inaccuracy from {INACCURACY:.2f}, mistake from"
        f" {MISTAKE:.2f}, blunder from {BLUNDER:.2f}."
    )
    return lines
