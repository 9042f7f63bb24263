"""Where a drill's positions come from: random deals, played on, and arranged deals.

``positions(decision, rng, ...)`` yields positions of one deal at which ``decision``
is pending, in the order a drill should try them; the drill keeps the first whose
hint verdict falls in its topic.

Most topics come up often in random deals played by the Hints. Some do not: a lead
after three tricks won, a hand of two small trumps and a guarded queen, a discard the
stock cannot replace. Those are not hoped for; they are arranged, as a teacher sets
up a hand: the cards their hint names are put in the hand (``Arrangement``), the
score set where the hint needs one, the opening made that the hint speaks after, and
the play searched for the trick it speaks at (``searched``: the Hints' own card first
at every turn, another where theirs never gets there). Every card and every move is
legal; only the choice of deal and line of play is made for the lesson.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TypeVar

from tutor.engines.sampling import view_of
from tutor.engines.solver import Solver, bits, mask_of_indices
from tutor.hints import advise
from tutor.hints.advice import ORDER
from tutor.hints.proposing import propose_point_certain
from tutor.hints.registry import Verdict
from tutor.hints.score import point_certain_at_four
from tutor.rules.actions import ACCEPT, PLAY, PROPOSE, REFUSE, Action, discard
from tutor.rules.cards import SUITS, Card, Rank, Suit, intern
from tutor.rules.deal import Phase, Position, deal_position, shuffled_pack, start_position
from tutor.rules.infoset import InfoSet, infoset_of

SEARCH_NODES = 400
"""Positions a search of one deal's play visits before the deal is given up."""

NONDEALER, DEALER = 0, 1
"""The seats as a drill deals them (seat 1 deals)."""

Holding = Callable[[random.Random, Suit], Sequence[Card] | None]
"""Cards a seat is given, chosen for the trump suit (None: this turn-up will not do)."""


def _policy(position: Position) -> Action:
    return advise(infoset_of(position)).action


@dataclass(frozen=True, slots=True)
class Arrangement:
    """A deal set up for one hint."""

    seat: int
    """The seat that decides (and is given ``mine``)."""
    mine: Holding | None = None
    theirs: Holding | None = None
    score: Callable[[random.Random], tuple[int, int]] | None = None
    """Each seat's score before the deal."""
    opening: tuple[tuple[Action, ...], ...] = ()
    """Openings to choose from (play; or propose and refuse), else the usual ones."""

    def deal(self, rng: random.Random) -> Position | None:
        pack = shuffled_pack(rng)
        turnup = pack[10]
        trump = turnup.suit
        given = [list(h(rng, trump) or ()) if h else [] for h in (self.mine, self.theirs)]
        if (
            (self.mine and not given[0])
            or turnup in given[0] + given[1]
            or set(given[0]) & set(given[1])
        ):
            return None
        rest = [c for c in pack if c != turnup and c not in given[0] and c not in given[1]]
        hands: list[list[Card]] = [[], []]
        for held, seat in zip(given, (self.seat, 1 - self.seat), strict=True):
            hands[seat] = held + [rest.pop() for _ in range(5 - len(held))]
            rng.shuffle(hands[seat])
        score = self.score(rng) if self.score else (0, 0)
        return start_position(
            (tuple(hands[0]), tuple(hands[1])), turnup, tuple(rest), DEALER, score
        )


T = TypeVar("T")


def _pick(rng: random.Random, items: Sequence[T], n: int) -> list[T]:
    return rng.sample(list(items), n)


SMALL = (Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN)


def _plain_suits(trump: Suit) -> list[Suit]:
    return [s for s in SUITS if s != trump]


def _queen_two_small_trumps(rng: random.Random, trump: Suit) -> list[Card]:
    """The queen and two small trumps, and two plain kings to make the first two tricks."""
    small = _pick(rng, [intern(r, trump) for r in SMALL], 2)
    kings = [intern(Rank.KING, s) for s in _pick(rng, _plain_suits(trump), 2)]
    return [intern(Rank.QUEEN, trump), *small, *kings]


def _king_and_followers(rng: random.Random, trump: Suit) -> list[Card]:
    """The king of trumps, and a small card of each plain suit (he follows the kings led)."""
    return [intern(Rank.KING, trump)] + [intern(rng.choice(SMALL), s) for s in _plain_suits(trump)]


def _two_small_trumps_guarded_queen(rng: random.Random, trump: Suit) -> list[Card]:
    small = _pick(rng, [intern(r, trump) for r in SMALL], 2)
    queen_suit, single_suit = _pick(rng, _plain_suits(trump), 2)
    guard = intern(rng.choice(list(Rank)[: Rank.QUEEN]), queen_suit)
    return [*small, intern(Rank.QUEEN, queen_suit), guard, intern(rng.choice(SMALL), single_suit)]


def _small_sequence_and_tenace(rng: random.Random, trump: Suit) -> list[Card]:
    seq_suit, tenace_suit = _pick(rng, _plain_suits(trump), 2)
    low = rng.choice(SMALL[:-1])
    return [
        intern(low, seq_suit),
        intern(Rank(low + 1), seq_suit),
        intern(Rank.KING, tenace_suit),
        intern(Rank.KNAVE, tenace_suit),
    ]


def _trumps_without_king(rng: random.Random, trump: Suit) -> list[Card]:
    """Four trumps, the king not among them: the point near certain, the king elsewhere."""
    return _pick(rng, [intern(r, trump) for r in Rank if r is not Rank.KING], 4)


def _trumps_and_kings(rng: random.Random, trump: Suit) -> list[Card]:
    """Five cards every one a trump or a king: the Hint would throw none."""
    kept = [intern(r, trump) for r in Rank] + [intern(Rank.KING, s) for s in _plain_suits(trump)]
    return _pick(rng, kept, 5)


def _trumps_led_at_starting(rng: random.Random, trump: Suit) -> list[Card]:
    """Queen and knave, or knave and ace, of trumps and a court card out of trumps: the
    trump led at starting (not the king: marked at four, it ends the game)."""
    pair = rng.choice(((Rank.QUEEN, Rank.KNAVE), (Rank.KNAVE, Rank.ACE)))
    court = intern(rng.choice((Rank.KING, Rank.QUEEN, Rank.KNAVE)), rng.choice(_plain_suits(trump)))
    return [*(intern(r, trump) for r in pair), court]


def _one_trump(rng: random.Random, trump: Suit) -> Card:
    return intern(rng.choice([r for r in Rank if r is not Rank.KING]), trump)


def _three_plain_kings(rng: random.Random, trump: Suit) -> list[Card]:
    """A king of each plain suit and a trump: three tricks made if he follows each."""
    return [intern(Rank.KING, s) for s in _plain_suits(trump)] + [_one_trump(rng, trump)]


def _small_of_each_plain_suit(rng: random.Random, trump: Suit) -> list[Card]:
    return [intern(rng.choice(SMALL), s) for s in _plain_suits(trump)]


def _exception_6(rng: random.Random, trump: Suit) -> list[Card]:
    """One trump, a king and a queen unguarded, two of the fourth suit."""
    king, queen, fourth = _pick(rng, _plain_suits(trump), 3)
    pair = _pick(rng, list(Rank)[: Rank.KING], 2)
    return [
        _one_trump(rng, trump),
        intern(Rank.KING, king),
        intern(Rank.QUEEN, queen),
        *(intern(r, fourth) for r in pair),
    ]


def _three_trumps_in_sequence(rng: random.Random, trump: Suit) -> list[Card]:
    top = rng.choice([r for r in Rank if r >= Rank.ACE])
    third = rng.choice([r for r in Rank if r < top - 1])
    return [intern(r, trump) for r in (top, Rank(top - 1), third)]


def _certain_with_the_king(rng: random.Random, trump: Suit) -> list[Card]:
    """The king and two more trumps, and a plain king: the point often certain."""
    others = _pick(rng, [r for r in Rank if r is not Rank.KING], 2)
    king = intern(Rank.KING, rng.choice(_plain_suits(trump)))
    return [intern(Rank.KING, trump), *(intern(r, trump) for r in others), king]


def _small_trump_high_cards(rng: random.Random, trump: Suit) -> list[Card]:
    """A single small trump and high plain cards (an ace or better) in every plain suit."""
    high = [intern(r, s) for s in _plain_suits(trump) for r in Rank if r >= Rank.ACE]
    return [intern(rng.choice(SMALL), trump), *_pick(rng, high, 4)]


def _two_plain_kings(rng: random.Random, trump: Suit) -> list[Card]:
    kings = [intern(Rank.KING, s) for s in _pick(rng, _plain_suits(trump), 2)]
    return [*kings, _one_trump(rng, trump)]


def _jeu_3a(rng: random.Random, trump: Suit) -> list[Card]:
    suit = rng.choice(_plain_suits(trump))
    return [_one_trump(rng, trump)] + [intern(r, suit) for r in (Rank.KING, Rank.QUEEN, Rank.KNAVE)]


def _jeu_3b(rng: random.Random, trump: Suit) -> list[Card]:
    suit = rng.choice(_plain_suits(trump))
    lower = _pick(rng, [r for r in Rank if r is not Rank.KING], 3)
    return [_one_trump(rng, trump)] + [intern(r, suit) for r in (Rank.KING, *lower)]


def _jeu_3c(rng: random.Random, trump: Suit) -> list[Card]:
    suit, other = _pick(rng, _plain_suits(trump), 2)
    lower = _pick(rng, list(Rank)[: Rank.QUEEN], 2)
    three = [intern(r, suit) for r in (Rank.QUEEN, *lower)]
    return [_one_trump(rng, trump), *three, intern(Rank.QUEEN, other)]


def _jeu_2c(rng: random.Random, trump: Suit) -> list[Card]:
    suit, other = _pick(rng, _plain_suits(trump), 2)
    trumps = _pick(rng, [r for r in Rank if r is not Rank.KING], 2)
    small = _pick(rng, SMALL, 2)
    pair = [intern(r, suit) for r in small]
    return [*(intern(r, trump) for r in trumps), *pair, intern(Rank.KING, other)]


def _three_queens(rng: random.Random, trump: Suit) -> list[Card]:
    return [intern(Rank.QUEEN, s) for s in _pick(rng, _plain_suits(trump), 3)]


def _trump_king(rng: random.Random, trump: Suit) -> list[Card]:
    return [intern(Rank.KING, trump)]


def _adverse_four(seat: int) -> Callable[[random.Random], tuple[int, int]]:
    """The adversary of ``seat`` at four, ``seat`` at any score."""

    def score(rng: random.Random) -> tuple[int, int]:
        mine = rng.randint(0, 4)
        return (mine, 4) if seat == NONDEALER else (4, mine)

    return score


def _fixed(score: tuple[int, int]) -> Callable[[random.Random], tuple[int, int]]:
    return lambda rng: score


def _at_four(rng: random.Random) -> tuple[int, int]:
    return 4, rng.randint(0, 3)


STANDING = ((PLAY,), (PROPOSE, REFUSE))
REFUSED = ((PROPOSE, REFUSE),)

ARRANGED: dict[str, tuple[Arrangement, ...]] = {
    "lead/queen-two-small-trumps": (
        Arrangement(NONDEALER, _queen_two_small_trumps, _king_and_followers, opening=STANDING),
    ),
    "lead/two-small-trumps": (
        Arrangement(NONDEALER, _two_small_trumps_guarded_queen, opening=STANDING),
    ),
    "lead/small-sequence": (Arrangement(NONDEALER, _small_sequence_and_tenace, opening=REFUSED),),
    "refuse/three-queens": (Arrangement(DEALER, _three_queens),),
    "score/point-certain-at-four": (
        Arrangement(NONDEALER, _trumps_without_king, score=_adverse_four(NONDEALER)),
    ),
    "score/adverse-four": (
        Arrangement(NONDEALER, score=_adverse_four(NONDEALER)),
        Arrangement(DEALER, score=_adverse_four(DEALER)),
    ),
    "score/dealer-at-four": (Arrangement(NONDEALER, score=_adverse_four(NONDEALER)),),
    "score/dealer-refusal-at-four": (Arrangement(DEALER, score=_adverse_four(DEALER)),),
    "score/three-against-four": (Arrangement(DEALER, score=_fixed((3, 4))),),
    "score/four-to-three-king": (
        Arrangement(DEALER, _trump_king, score=_fixed((4, 3)), opening=((PLAY,),)),
        Arrangement(NONDEALER, _trump_king, score=_fixed((3, 4)), opening=REFUSED),
    ),
    "score/forward-game": (
        Arrangement(NONDEALER, _trumps_led_at_starting, score=_at_four, opening=STANDING),
    ),
    "lead/trump-after-three": (
        Arrangement(NONDEALER, _three_plain_kings, _small_of_each_plain_suit, opening=STANDING),
    ),
    "lead/two-tricks-each": (
        Arrangement(NONDEALER, _two_plain_kings, _small_of_each_plain_suit, opening=STANDING),
    ),
    "lead/vole-change-suit": (
        Arrangement(
            NONDEALER, _small_trump_high_cards, _small_of_each_plain_suit, opening=STANDING
        ),
    ),
    "lead/three-trumps-sequence": (
        Arrangement(NONDEALER, _three_trumps_in_sequence, opening=STANDING),
    ),
    "propose/point-certain": (Arrangement(NONDEALER, _certain_with_the_king),),
    "refuse/exception-6": (Arrangement(DEALER, _exception_6),),
    "jeu-de-regle/2c": (Arrangement(NONDEALER, _jeu_2c),),
    "jeu-de-regle/3a": (Arrangement(NONDEALER, _jeu_3a),),
    "jeu-de-regle/3b": (Arrangement(NONDEALER, _jeu_3b),),
    "jeu-de-regle/3c": (Arrangement(NONDEALER, _jeu_3c),),
    "project/discard-keep-all": (Arrangement(NONDEALER, _trumps_and_kings),),
}
"""The hints that random deals seldom or never reach, each with the deals that set it up."""


def arrangements(prefixes: Sequence[str]) -> tuple[Arrangement, ...]:
    """The arranged deals of a topic that is one hint (none for a wider topic)."""
    if len(prefixes) != 1:
        return ()
    return ARRANGED.get(prefixes[0], ())


# --- playing a deal on to the decision ----------------------------------------------------


def _opening(position: Position, actions: Sequence[Action]) -> Position | None:
    for action in actions:
        if position.is_over or not position.is_legal(action):
            return None
        position = position.apply(action)
    return position


def hints_line(decision: str, position: Position) -> list[Position]:
    """Every moment ``decision`` is pending as the Hints play the deal out."""
    found = []
    while not position.is_over:
        if position.phase.value == decision:
            found.append(position)
        position = position.apply(_policy(position))
    return found


def searched(decision: str, position: Position, rng: random.Random) -> Iterator[Position]:
    """The moments ``decision`` is pending over the deal's lines of play, depth first:
    at every turn the Hints' card first, then the others in a random order, so the
    first lines are the Hints' own and a line leaves theirs only where it must."""
    stack = [position]
    for _ in range(SEARCH_NODES):
        if not stack:
            return
        here = stack.pop()
        if here.is_over:
            continue
        if here.phase.value == decision:
            yield here
        first = _policy(here)
        if here.phase in (Phase.LEAD, Phase.FOLLOW):
            others = [a for a in here.legal_actions() if a != first]
            rng.shuffle(others)
        else:
            others = []
        stack.extend(here.apply(a) for a in (*others, first))


SHORT_STOCK = 5
"""A stock of this many cards or fewer may be short of a discard."""


def exchanges(position: Position, rng: random.Random) -> list[Position]:
    """The discards of a deal in which every proposal is accepted and each player throws
    three cards or more at random, from the first at which the stock holds five cards
    or fewer to the last (club-laws/38)."""
    found = []
    while not position.is_over and position.phase in (Phase.PROPOSE, Phase.ACCEPT, Phase.DISCARD):
        if position.phase is Phase.DISCARD:
            if len(position.stock) <= SHORT_STOCK:
                found.append(position)
            low, high = position.discard_range()
            count = rng.randint(max(low, min(3, high)), high)
            action = discard(*rng.sample(position.hands[position.to_act], count))
        else:
            action = PROPOSE if position.phase is Phase.PROPOSE else ACCEPT
        if not position.is_legal(action):
            break
        position = position.apply(action)
    return found


def positions(
    decision: str,
    rng: random.Random,
    arranged: Sequence[Arrangement] = (),
    scores: bool = False,
    deep_exchanges: bool = False,
    search: bool = False,
) -> Iterator[Position]:
    """Positions of one fresh deal at which ``decision`` is pending, to be tried in order:
    dealt by one of ``arranged`` if any; a discard after every proposal accepted with
    ``deep_exchanges``; a card of the Hints' line of play, then with ``search`` of
    the others (``searched``)."""
    arrangement = rng.choice(arranged) if arranged else None
    if arrangement is not None:
        position = arrangement.deal(rng)
        if position is None:
            return
    else:
        score = (rng.randint(0, 4), rng.randint(0, 4)) if scores else (0, 0)
        position = deal_position(rng, dealer=DEALER, score=score)
    if position.is_over:
        return
    if decision == "propose":
        yield position
    elif decision == "accept":
        yield position.apply(PROPOSE)
    elif decision == "discard":
        if deep_exchanges:
            found = exchanges(position, rng)
            rng.shuffle(found)
            yield from found
            return
        moved = position.apply(PROPOSE).apply(ACCEPT)
        dealers = rng.random() < 0.5 if arrangement is None else arrangement.seat == DEALER
        if dealers and moved.phase is Phase.DISCARD:
            moved = moved.apply(_policy(moved))  # the dealer's discard instead
        if moved.phase is Phase.DISCARD:
            yield moved
    else:
        openings = arrangement.opening if arrangement and arrangement.opening else STANDING
        opened = _opening(position, rng.choice(openings))
        if opened is None:
            return
        moments = hints_line(decision, opened)
        rng.shuffle(moments)
        yield from moments
        if search:
            yield from searched(decision, opened, rng)


# --- what a position must be to be drilled ----------------------------------------------


EXPENSIVE = {
    propose_point_certain: "propose/point-certain",
    point_certain_at_four: "score/point-certain-at-four",
}
"""The rules of the proposal that search the play (is the point certain?), and the
hint each speaks with: ``may_speak`` asks them last."""


def may_speak(info: InfoSet, covers: Callable[[str], bool]) -> bool:
    """Whether a hint the topic covers may decide here: False only where no rule of the
    decision but the expensive ones speaks with one (and they cannot), so a deal can be
    passed over without the search for a certain point."""
    if info.decision != "propose" or any(covers(h) for h in EXPENSIVE.values()):
        return True
    for rule in ORDER["propose"]:
        if rule in EXPENSIVE:
            continue
        verdict: Verdict | None = rule(info)
        if verdict is not None and covers(verdict.hint.id):
            return True
    return False


def choice_matters(info: InfoSet, solver: Solver | None = None) -> bool:
    """Whether the cards open to the player make different numbers of tricks in some
    holding of the adversary's that is consistent with what he has seen (both playing
    their best): a drill never asks for one of two cards that come to the same."""
    view = view_of(info)
    solver = solver or Solver()
    trump = view.trump
    free = [b for b in bits(view.candidates) if not view.must >> b & 1]
    need = view.size - view.must.bit_count()
    mine = view.mine
    for combo in itertools.combinations(free, need):
        theirs = view.must | mask_of_indices(combo)
        if info.led is None:
            values = set(solver.lead_values(mine, theirs, trump).values())
        else:
            led = info.led.index
            values = set(solver.follow_values(mine, theirs, led, trump).values())
        if len(values) > 1:
            return True
    return False
