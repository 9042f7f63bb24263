"""The first deal: one whole deal of écarté walked through, for a learner who knows
nothing of the game, before any lesson uses the words proposal, exchange or point.

A ``FirstDeal`` is a session: it holds one deal (``tutor.rules.deal``), dealt from a
fixed seed with the learner as the non-dealer, and a computer adversary (the hints
engine: deterministic, fast, and each of its answers one the sources' Hints give).
The learner makes every decision through ``act``; the adversary answers at once. Each
phase of the deal is named in one sentence as it happens (``Stage``), each decision is
explained before it is asked (``question``), and each action is told afterwards with
what it did. Everything said is a ``Line`` that cites the passages it rests on; the
lines are the same for the same actions, so a test can play any line a screen can.

The seed (``SEED``) was searched (``tools/first_deal_seed.py``) so that the arranged
line teaches well: the learner is dealt the king of trumps, the adversary accepts his
proposal, and sensible play makes the point. Any other legal line works as well: the
rules decide, and the lines say what happened.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING

from tutor.engines.base import Engine
from tutor.engines.hints_engine import HintsEngine
from tutor.rules.actions import Action, IllegalAction
from tutor.rules.cards import Card, Rank, intern, sort_hand
from tutor.rules.deal import Phase, Position, deal_position, discard_count
from tutor.rules.infoset import infoset_of
from tutor.rules.laws import deal_points_told, legal_follows, trick_leaders

if TYPE_CHECKING:
    from tutor.lessons.model import Curriculum, Lesson
    from tutor.store.progress import Progress

LEARNER = 0
ADVERSARY = 1
NAMES = ("You", "North")
SEED = 219
"""The deal, found by ``tools/first_deal_seed.py`` (see the module's docstring)."""
FIRST_DEAL = "first-deal"
"""The key under which the progress store records the first deal as done (as a
lesson's id: no lesson file may take it)."""


class Stage(Enum):
    """The phases of a deal, each named in one sentence as it happens."""

    DEAL = "the deal of five cards"
    TURNUP = "the turn-up and the trump suit"
    PROPOSAL = "propose or play"
    EXCHANGE = "the discard and the draw"
    KING = "the king of trumps"
    TRICKS = "the five tricks"
    POINT = "the point and the vole"
    SCORE = "the score"


@dataclass(frozen=True, slots=True)
class Line:
    """One sentence or two the tutor says: a phase named (``stage`` set), a decision
    explained before it is asked (``kind`` "meaning"), or what a move did."""

    text: str
    kind: str = "told"
    """"phase", "meaning", "told" (what a move did) or "end"."""
    passages: tuple[str, ...] = ()
    stage: Stage | None = None


@dataclass(frozen=True, slots=True)
class Trick:
    """A trick played: the card led, the card played to it, who led and who won."""

    led: Card
    reply: Card
    leader: int
    winner: int

    def card_of(self, seat: int) -> Card:
        return self.led if seat == self.leader else self.reply


@dataclass(frozen=True, slots=True)
class Table:
    """What the table shows the learner: nothing hidden leaks through it."""

    hand: tuple[Card, ...]
    """The learner's cards, trumps first, as numbered for the keys 1-5."""
    adversary_cards: int
    turnup: Card
    stock: int
    dealer: int
    led: Card | None
    """The card led to the trick in progress, if one is."""
    leader: int
    """Who leads (or led) the trick in progress."""
    tricks: tuple[Trick, ...]
    tricks_won: tuple[int, int]
    points: tuple[int, int]
    """Points scored in this deal so far (the king, then the point or the vole)."""
    king: int | None
    """The seat that marked the king (or turned it up), if one did."""
    drawn: tuple[Card, ...]
    """The learner's cards an exchange brought, shown through the first trick."""
    penalty: int | None
    """The seat that played without proposing or refused the first proposal."""


class FirstDeal:
    """One whole deal, the learner (South, the non-dealer) against the hints engine."""

    def __init__(self, seed: int = SEED, adversary: Engine | None = None) -> None:
        self.seed = seed
        self.adversary: Engine = adversary or HintsEngine()
        self.position: Position = deal_position(
            random.Random(f"first-deal:{seed}"), dealer=ADVERSARY
        )
        self.said: list[Line] = []
        """Everything said so far, in order."""
        self._stages: set[Stage] = set()
        self._point_told = False
        self.opening: tuple[Line, ...] = self._say(self._opening_lines())
        """What is said before the first question (also the start of ``said``)."""

    # --- what the learner sees --------------------------------------------------

    @property
    def over(self) -> bool:
        return self.position.is_over

    @property
    def decision(self) -> str | None:
        """The learner's decision now ("propose", "discard", "mark_king", "lead", ...)."""
        if self.over:
            return None
        return infoset_of(self.position, LEARNER).decision

    def legal_actions(self) -> tuple[Action, ...]:
        if self.over:
            return ()
        return self.position.legal_actions()

    def kinds(self) -> set[str]:
        """The kinds of action open to the learner now (``play``, ``discard``, ``lead``...)."""
        return {a.kind for a in self.legal_actions()}

    def playable(self) -> tuple[Card, ...]:
        """The cards the learner may lead or play now (none outside the tricks)."""
        return tuple(a.card for a in self.legal_actions() if a.kind in ("lead", "follow"))

    def discard_range(self) -> tuple[int, int]:
        return self.position.discard_range()

    @property
    def phase_text(self) -> str:
        """The latest phase named, in its sentence."""
        phases = [line.text for line in self.said if line.kind == "phase"]
        return phases[-1] if phases else ""

    @property
    def stage(self) -> Stage | None:
        stages = [line.stage for line in self.said if line.stage is not None]
        return stages[-1] if stages else None

    @property
    def question(self) -> str:
        """What the learner is asked now, in words (the keys are the screen's)."""
        position = self.position
        if self.over:
            return "The deal is over."
        phase = position.phase
        if phase is Phase.PROPOSE:
            return "Play your hand as it is, or propose an exchange?"
        if phase is Phase.DISCARD:
            low, high = self.discard_range()
            return f"Which cards do you throw away, {discard_count(low, high)}?"
        if phase is Phase.MARK_KING:
            return "Announce (mark) the king of trumps, or hold it?"
        if phase is Phase.LEAD:
            return "Your lead: which card?"
        led = position.led
        assert led is not None
        return f"North led {led.label}: which card do you play to it?"

    def meaning(self) -> Line | None:
        """What the decision asked now means (said before it is asked)."""
        meanings = [line for line in self.said if line.kind == "meaning"]
        return meanings[-1] if meanings and not self.over else None

    def table(self) -> Table:
        p = self.position
        leaders = trick_leaders(p.tricks, p.trump, p.nondealer)
        tricks = tuple(
            Trick(led, reply, leaders[i], leaders[i + 1]) for i, (led, reply) in enumerate(p.tricks)
        )
        hand = sort_hand(p.hands[LEARNER], p.trump)
        drawn = tuple(c for c in hand if c in p.drawn(LEARNER)) if not p.tricks else ()
        return Table(
            hand=hand,
            adversary_cards=len(p.hands[ADVERSARY]),
            turnup=p.turnup,
            stock=len(p.stock),
            dealer=p.dealer,
            led=p.led,
            leader=p.leader,
            tricks=tricks,
            tricks_won=p.tricks_won(),
            points=p.points,
            king=p.king,
            drawn=drawn,
            penalty=p.penalty,
        )

    # --- the learner acts -------------------------------------------------------

    def act(self, action: Action) -> tuple[Line, ...]:
        """Play the learner's ``action`` (raises ``IllegalAction`` with the law's words
        if the laws forbid it), the adversary's answers after it, and return what is
        said: what the action did, the phases reached, the next decision's meaning."""
        if self.over:
            raise IllegalAction("the deal is over")
        before = self.position
        after = before.apply(action)
        self.position = after
        lines = list(self._told(before, action, after, LEARNER))
        lines.extend(self._until_learner())
        return self._say(lines)

    # --- the end ------------------------------------------------------------------

    def result(self) -> str:
        """The deal's result in words (once over)."""
        p = self.position
        if not self.over:
            return ""
        mine, theirs = p.tricks_won()
        points = p.points
        if mine >= 3:
            won = (
                "the vole, all five tricks"
                if mine == 5
                else f"the point, {mine} tricks to {theirs}"
            )
            head = f"You won {won}."
        else:
            lost = (
                "all five tricks: the vole"
                if theirs == 5
                else f"{theirs} tricks to {mine}: the point"
            )
            head = f"North won {lost}."
        return (
            f"{head} The deal scores {points[LEARNER]} to you and {points[ADVERSARY]} to North:"
            " a game is won by the first to five points, deal after deal."
        )

    def next_lesson(self, curriculum: Curriculum, store: Progress) -> Lesson | None:
        """The lesson to take next: the one left part-way, else the first not done."""
        from tutor.lessons.standing import continue_point

        found = continue_point(curriculum, store)
        return found[0] if found else None

    def ending(self, curriculum: Curriculum, store: Progress) -> Line:
        """Where to go from here: the next lesson, by its title."""
        lesson = self.next_lesson(curriculum, store)
        if lesson is None:
            return Line("Every lesson is done: the drills and free play keep it fresh.", "end")
        number = [each.id for each in curriculum.lessons].index(lesson.id) + 1
        return Line(
            f"Next: lesson {number}, “{lesson.title}”, takes each of these decisions in"
            " turn, from the sources.",
            "end",
        )

    # --- inside -------------------------------------------------------------------

    def _say(self, lines: list[Line]) -> tuple[Line, ...]:
        self.said.extend(lines)
        return tuple(lines)

    def _stage(self, stage: Stage, text: str, *passages: str) -> Iterator[Line]:
        """A phase's sentence, said once in a deal."""
        if stage not in self._stages:
            self._stages.add(stage)
            yield Line(text, "phase", passages, stage)

    def _opening_lines(self) -> list[Line]:
        p = self.position
        trump = p.trump
        lines = [
            *self._stage(
                Stage.DEAL,
                "The deal: North, the dealer, has given five cards to each of you, by three"
                " at a time and then by two, from a pack of 32 cards (no twos to sixes).",
                "britannica-9/deal",
            ),
            *self._stage(
                Stage.TURNUP,
                f"The turn-up: the eleventh card, {p.turnup.label}, is turned up, so"
                f" {trump.noun} are trumps for this deal, and a trump beats any card of"
                " another suit. In each suit the cards rank king (highest), queen, knave,"
                " ace, ten, nine, eight, seven.",
                "britannica-9/deal",
                "britannica-9/play",
            ),
        ]
        if p.turnup.rank is Rank.KING:
            lines.append(
                Line(
                    "The turn-up is a king: the dealer, North, scores one for it.",
                    passages=("britannica-9/deal",),
                )
            )
        lines.extend(self._until_learner())
        return lines

    def _until_learner(self) -> list[Line]:
        """The adversary's moves until the learner is to act (or the deal is over),
        then the phases reached and the meaning of the learner's next decision."""
        lines: list[Line] = []
        while not self.over and self.position.to_act == ADVERSARY:
            before = self.position
            action = self.adversary.advise(infoset_of(before, ADVERSARY)).action
            self.position = before.apply(action)
            lines.extend(self._told(before, action, self.position, ADVERSARY))
        lines.extend(self._next())
        return lines

    def _next(self) -> Iterator[Line]:
        """The phase reached, and the decision's meaning, or the end."""
        p = self.position
        if self.over:
            yield from self._score()
            return
        if p.phase is Phase.PROPOSE:
            if p.proposals == 0:
                yield from self._stage(
                    Stage.PROPOSAL,
                    "Propose or play: you, the non-dealer, look at your cards and decide first"
                    " whether to play them as they are or to propose changing some.",
                    "britannica-9/proposing",
                )
                yield Line(
                    "Play, and the hand is played as dealt, but if you then win fewer than"
                    " three tricks North scores two instead of one. Propose, and North may"
                    " accept (each of you then changes cards) or refuse (the hand is played"
                    " as dealt, and it is he who pays two if he loses).",
                    "meaning",
                    ("britannica-9/proposing", "britannica-9/scoring"),
                )
            else:
                yield Line(
                    "Again you decide: play these cards, or propose once more. North may"
                    " accept or refuse again, but the penalty of two applies only to the"
                    " first proposal or refusal, so neither of you risks it now.",
                    "meaning",
                    ("britannica-9/proposing", "club-laws/49"),
                )
        elif p.phase is Phase.DISCARD:
            low, high = p.discard_range()
            yield Line(
                f"Choose the cards to throw away, {discard_count(low, high)}: you draw as"
                " many from the stock. The Hints' advice: throw out all cards except"
                " trumps and kings.",
                "meaning",
                ("britannica-9/proposing", "britannica-9/hints/discarding"),
            )
        elif p.phase is Phase.MARK_KING:
            yield from self._king_stage()
            king = intern(Rank.KING, p.trump)
            if p.king_law() == "club-laws/24":
                yield Line(
                    f"Your first card was the king of trumps, {king.label}: you may still"
                    " announce it, and score one, until North plays to it.",
                    "meaning",
                    ("club-laws/24",),
                )
            else:
                yield Line(
                    f"You hold the king of trumps, {king.label}. Announce it now, before your"
                    " first card, and you score one at once; hold it, and it plays as a"
                    " trump but scores nothing.",
                    "meaning",
                    ("britannica-9/king", "club-laws/23"),
                )
        else:
            yield from self._king_stage()
            yield from self._stage(
                Stage.TRICKS,
                "The five tricks: the non-dealer leads, the other plays a card to it, and"
                " the winner of each trick leads to the next. The cards rank king (highest),"
                " queen, knave, ace, ten, nine, eight, seven: the ace between the knave and"
                " the ten.",
                "britannica-9/play",
            )
            yield self._card_meaning()

    def _king_stage(self) -> Iterator[Line]:
        p = self.position
        king = intern(Rank.KING, p.trump)
        if p.turnup == king:
            text = (
                f"The king of trumps, {king.label}, was turned up and scored the dealer one;"
                " it is out of play."
            )
        elif king in p.hands[LEARNER]:
            text = (
                "The king of trumps: whoever holds it may announce it before he plays his"
                " first card, and score one for it."
            )
        else:
            text = (
                f"The king of trumps, {king.label}: you do not hold it. Whoever holds it may"
                " announce it before he plays his first card, and score one for it."
            )
        yield from self._stage(Stage.KING, text, "britannica-9/king", "club-laws/23")

    def _card_meaning(self) -> Line:
        p = self.position
        hand = p.hands[LEARNER]
        if p.phase is Phase.LEAD:
            if not p.tricks:
                text = (
                    "Lead any card of your hand. North must follow suit and win the trick if"
                    " he can; with none of the suit led, he must trump if he can."
                )
            else:
                text = "You won the last trick, so you lead to the next: any card of your hand."
            return Line(text, "meaning", ("britannica-9/play",))
        led = p.led
        assert led is not None
        suit = led.suit.noun
        same = [c for c in hand if c.suit == led.suit]
        allowed = legal_follows(hand, led, p.trump)
        if same and any(c.rank > led.rank for c in same):
            text = (
                f"You hold {suit} higher than the {led.rank.noun}: the law is to follow suit"
                " and win the trick if you can, so you must play one of them."
            )
        elif same:
            text = (
                f"You hold {suit}, none higher than the {led.rank.noun}: you must follow suit"
                " with one of them, and the trick is North's."
            )
        elif led.suit is not p.trump and any(c.suit == p.trump for c in hand):
            text = (
                f"You hold no {suit}: you must trump, and your trump wins the trick (a"
                " trump beats any card of another suit)."
            )
        else:
            lacking = "no trumps" if led.suit is p.trump else f"neither {suit} nor trumps"
            text = f"You hold {lacking}: play any card; it cannot win the trick."
        if len(allowed) == 1:
            text += f" The law leaves you one card, {allowed[0].label}."
        return Line(text, "meaning", ("britannica-9/play",))

    def _told(self, before: Position, action: Action, after: Position, seat: int) -> list[Line]:
        """What ``action`` by ``seat`` did, in words (the adversary's hidden cards kept
        hidden: a discard by its number, a king held not at all)."""
        kind = action.kind
        mine = seat == LEARNER
        if kind == "play":
            if before.proposals == 0:
                return [
                    Line(
                        "You play without proposing: there is no discarding, and if you win"
                        " fewer than three tricks North scores two instead of one.",
                        passages=("britannica-9/proposing", "britannica-9/scoring"),
                    )
                ]
            return [
                Line(
                    "You play these cards: the exchanges are over.",
                    passages=("britannica-9/proposing",),
                )
            ]
        if kind == "propose":
            return [Line("You propose.")]
        if kind == "accept":
            return [
                Line(
                    "North accepts, so each of you may now throw away cards and draw new ones,"
                    " you first.",
                    passages=("britannica-9/proposing",),
                ),
                *self._stage(
                    Stage.EXCHANGE,
                    "The discard and the draw: each player throws away, face down, as many"
                    " cards as he thinks fit, and fresh ones are dealt from the stock, first"
                    " to the non-dealer, then to the dealer.",
                    "britannica-9/proposing",
                    "club-laws/28",
                ),
            ]
        if kind == "refuse":
            if before.proposals == 1:
                return [
                    Line(
                        "North refuses: the hand is played without discarding, and if North"
                        " now wins fewer than three tricks, you score two instead of one.",
                        passages=("britannica-9/proposing", "britannica-9/scoring"),
                    )
                ]
            return [
                Line(
                    "North refuses: the hand is played as it stands. A refusal after the"
                    " first proposal costs nothing.",
                    passages=("britannica-9/proposing", "club-laws/49"),
                )
            ]
        if kind == "discard":
            return self._told_discard(before, action, after, mine)
        if kind == "mark":
            king = intern(Rank.KING, before.trump)
            who = "You announce" if mine else "North announces"
            return [
                Line(
                    f"{who} the king of trumps, {king.label}: one point, scored at once.",
                    passages=("britannica-9/king",),
                )
            ]
        if kind == "hold":
            if not mine:
                return []
            if before.played[LEARNER]:
                return [Line("You do not announce the king: it scores nothing this deal.")]
            return [
                Line(
                    "You hold the king without announcing it: it plays as a trump, and scores"
                    " nothing this deal, unless you lead it as your first card and announce it"
                    " before North plays to it.",
                    passages=("club-laws/23", "club-laws/24"),
                )
            ]
        if kind == "lead":
            if mine:
                return []  # told with the card played to it
            return [Line(f"North leads {action.card.label}.", passages=("britannica-9/play",))]
        return self._told_trick(before, after)

    def _told_discard(
        self, before: Position, action: Action, after: Position, mine: bool
    ) -> list[Line]:
        n = len(action.cards)
        lines = []
        if mine:
            drawn = sort_hand(
                (c for c in after.hands[LEARNER] if c not in before.hands[LEARNER]), after.trump
            )
            thrown = " ".join(c.label for c in action.shown_cards)
            took = " ".join(c.label for c in drawn)
            lines.append(
                Line(
                    f"You throw away {thrown} and draw {took}: the new cards are marked + in"
                    " your hand.",
                    passages=("britannica-9/proposing",),
                )
            )
        elif n == 0:
            lines.append(Line("North keeps his cards and draws none."))
        else:
            lines.append(
                Line(
                    f"North throws away {n} card{'s' if n != 1 else ''} and draws {n}. You"
                    " are told how many, never which.",
                    passages=("club-laws/27", "club-laws/28"),
                )
            )
        if after.phase in (Phase.LEAD, Phase.MARK_KING, Phase.FOLLOW) and not after.stock:
            lines.append(
                Line(
                    "The stock is used up: no more exchanges, the hand is played.",
                    passages=("club-laws/38",),
                )
            )
        return lines

    def _told_trick(self, before: Position, after: Position) -> list[Line]:
        led, reply = after.tricks[-1]
        leader = before.leader
        winners = after.trick_winners()
        winner = winners[-1]
        lines = [
            Line(
                self._trick_sentence(led, reply, leader, winner, before),
                passages=("britannica-9/play",),
            )
        ]
        won = after.tricks_won()
        if not self._point_told and max(won) >= 3:
            self._point_told = True
            lines.extend(self._point_lines(won, len(after.tricks)))
        return lines

    def _trick_sentence(
        self, led: Card, reply: Card, leader: int, winner: int, before: Position
    ) -> str:
        mine = led if leader == LEARNER else reply
        theirs = reply if leader == LEARNER else led
        if reply.suit == led.suit:
            verb = "beat" if winner == LEARNER else "lost to"
            return (
                f"Your {mine.label} {verb} North's {theirs.label}: the highest card of the suit"
                " led wins the trick."
            )
        if reply.suit == before.trump:
            if winner == LEARNER:
                return (
                    f"Your {mine.label}, a trump, beat North's {theirs.label}: a trump beats any"
                    " card of another suit."
                )
            return (
                f"North trumped your {mine.label} with {theirs.label}: a trump beats any card"
                " of another suit."
            )
        lacking = (
            "no trumps" if led.suit == before.trump else f"neither {led.suit.noun} nor trumps"
        )
        if winner == LEARNER:
            return (
                f"Your {mine.label} wins the trick: North, holding {lacking},"
                f" threw away {theirs.label}."
            )
        return (
            f"North's {theirs.label} wins the trick: holding {lacking}, you"
            f" threw away {mine.label}."
        )

    def _point_lines(self, won: tuple[int, int], played: int) -> Iterator[Line]:
        left = 5 - played
        who, whose = ("you have", "yours") if won[LEARNER] >= 3 else ("North has", "his")
        text = (
            f"The point and the vole: {who} three tricks, so the point is {whose}, one point;"
            " all five tricks would be the vole, two points."
        )
        if left and not min(won):
            if won[LEARNER]:
                text += f" Win the last {_count(left)} as well and the vole is yours."
            else:
                text += f" Win one of the last {_count(left)} and you save the vole."
        yield from self._stage(Stage.POINT, text, "britannica-9/scoring", "club-laws/48")

    def _score(self) -> Iterator[Line]:
        p = self.position
        if not self._point_told:  # a deal ended without tricks (never in a first deal)
            self._point_told = True
            yield from self._point_lines(p.tricks_won(), len(p.tricks))
        told = deal_points_told(
            p.tricks_won(),
            p.penalty,
            p.rules,
            _marked(p),
            NAMES,
            king_turned_up=p.turnup.rank is Rank.KING,
            dealer=p.dealer,
        )
        laws = ("club-laws/48", "club-laws/49") if p.penalty is not None else ("club-laws/48",)
        yield from self._stage(
            Stage.SCORE, "The score: " + "; ".join(told) + ".", "britannica-9/scoring", *laws
        )
        yield Line(self.result(), "end", ("britannica-9/scoring",))


def _marked(position: Position) -> tuple[int, int]:
    """What each seat scored for the king this deal (before the point was added)."""
    king = position.king
    if king is None:
        return (0, 0)
    return (1, 0) if king == 0 else (0, 1)


_WORDS = ("no", "one", "two", "three", "four", "five")


def _count(n: int) -> str:
    return _WORDS[n]


# --- the learner's progress -------------------------------------------------------


def first_deal_done(store: Progress) -> bool:
    return FIRST_DEAL in store.lessons_done()


def record_first_deal(store: Progress) -> None:
    """Record the first deal as done (one row, written in a transaction)."""
    store.complete_lesson(FIRST_DEAL)


def leads_home(store: Progress) -> bool:
    """Whether the home screen leads with the first deal: for a learner with no
    progress at all (no lesson done, no step answered, the first deal not done)."""
    return not store.lessons_done() and not store.first_attempts()
