"""The adversarial defence, computed exactly: can the learner make his tricks against
every holding the adversary may have?

What the learner has seen rules cards out of the adversary's hand, never in (but
the king of trumps he marked, which he holds until he plays it). So the holdings
consistent with everything seen are exactly the ``size``-subsets of a pool of
candidate cards that contain the ``must`` cards. Each card the adversary plays
leaves the pool, and by the law of following (britannica-9/play: follow suit and
win if able, else trump if able) takes out more: played low to a lead, no higher
card of the suit; trumped, none of the suit; a plain card thrown, none of the suit
and no trumps (``solver.reply_excludes``).

The adversary need not choose his holding in advance: a sequence of his cards is
possible exactly when some consistent holding plays it. So the game is an AND-OR
search over ``State``: the learner's goal is reachable when some legal card of his
reaches it whatever card the adversary can play from some consistent holding.
Five tricks at most; every answer is memoised by the state's canonical form (the
cards still live squeezed to the top of each suit, the plain suits sorted), so
deals that differ only in cards gone share an entry.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from tutor.engines.solver import bits, follows_mask, reply_excludes, second_wins

TRICKS = 5
MEMO_LIMIT = 500_000
"""Entries kept before the memo is cleared (bounded memory)."""


@dataclass(frozen=True, slots=True)
class State:
    """The play as the learner sees it: his cards, what the adversary may hold, the
    trick in progress and the tricks won."""

    trump: int
    mine: int
    """The learner's cards (a bitmask of ``Card.index``)."""
    pool: int
    """Cards the adversary may hold."""
    must: int
    """Cards he certainly holds (the king of trumps he marked)."""
    size: int
    """How many cards he holds."""
    led: int = -1
    """The card led to the trick in progress (``Card.index``), or -1."""
    learner_leads: bool = True
    """Who leads the trick in progress, or the next one."""
    won: tuple[int, int] = (0, 0)
    """Tricks won: (the learner's, the adversary's)."""

    @property
    def learner_to_play(self) -> bool:
        return self.learner_leads == (self.led < 0)

    @property
    def over(self) -> bool:
        return sum(self.won) == TRICKS

    @property
    def tricks_left(self) -> int:
        return TRICKS - sum(self.won)


def learner_cards(state: State) -> list[int]:
    """The learner's legal cards, highest first (none when the adversary is to play)."""
    if not state.learner_to_play or state.over:
        return []
    if state.led < 0:
        return bits(state.mine)
    return bits(follows_mask(state.mine, state.led, state.trump))


def _excludes(state: State, card: int) -> int:
    if state.led < 0:
        return 0
    return reply_excludes(state.led, card, state.trump)


def adversary_cards(state: State) -> list[int]:
    """The cards the adversary can play: those a consistent holding holds and may
    legally play. Highest first."""
    if state.learner_to_play or state.over:
        return []
    out = []
    for card in bits(state.pool):
        bit = 1 << card
        if (state.must | bit).bit_count() > state.size:
            continue
        excluded = _excludes(state, card)
        if state.must & excluded:
            continue
        if (state.pool & ~excluded).bit_count() < state.size:
            continue
        out.append(card)
    return out


def play(state: State, card: int, by_learner: bool) -> State:
    """The state after ``card`` is played by the learner or the adversary."""
    bit = 1 << card
    if by_learner:
        moved = replace(state, mine=state.mine & ~bit)
    else:
        excluded = _excludes(state, card)
        moved = replace(
            state,
            pool=state.pool & ~bit & ~excluded,
            must=state.must & ~bit,
            size=state.size - 1,
        )
    if state.led < 0:
        return replace(moved, led=card)
    second_won = second_wins(state.led, card, state.trump)
    learner_won = second_won == by_learner
    mine, theirs = state.won
    won = (mine + 1, theirs) if learner_won else (mine, theirs + 1)
    return replace(moved, led=-1, learner_leads=learner_won, won=won)


def holding_possible(state: State, holding: int) -> bool:
    """Whether ``holding`` (a bitmask) is one the adversary may hold in ``state``."""
    return (
        holding & ~state.pool == 0
        and state.must & ~holding == 0
        and holding.bit_count() == state.size
    )


class Defence:
    """Exact answers about a state, memoised: reachable goals, winning cards and the
    defence's deterministic choice."""

    def __init__(self) -> None:
        self._memo: dict[tuple[object, ...], bool] = {}
        self.nodes = 0

    @property
    def entries(self) -> int:
        """Answers held in the memo."""
        return len(self._memo)

    def reachable(self, state: State, need: int) -> bool:
        """Whether the learner can be sure of ``need`` tricks in all, whatever the
        adversary holds and plays."""
        if state.won[0] >= need:
            return True
        if state.won[0] + state.tricks_left < need:
            return False
        key = _key(state, need)
        known = self._memo.get(key)
        if known is not None:
            return known
        self.nodes += 1
        if state.learner_to_play:
            answer = any(self.reachable(play(state, c, True), need) for c in _learner_order(state))
        else:
            answer = all(
                self.reachable(play(state, c, False), need) for c in _adversary_order(state)
            )
        if len(self._memo) >= MEMO_LIMIT:
            self._memo.clear()
        self._memo[key] = answer
        return answer

    def best_guaranteed(self, state: State) -> int:
        """The most tricks (in all) the learner can be sure of."""
        need = state.won[0]
        while need < TRICKS and self.reachable(state, need + 1):
            need += 1
        return need

    def winning_cards(self, state: State, need: int) -> list[int]:
        """The learner's legal cards that keep ``need`` tricks sure, highest first."""
        return [c for c in learner_cards(state) if self.reachable(play(state, c, True), need)]

    def reply(self, state: State, need: int) -> int:
        """The adversary's card, the same for the same state: one that keeps the
        learner short of ``need`` wherever one does; among those (or among all, where
        none does), the one leaving the learner fewest cards that still reach it
        at his next turn, then the one that takes the trick, then the lowest."""
        cards = adversary_cards(state)
        if not cards:
            raise ValueError("the adversary has no card to play in this state")

        def rank(card: int) -> tuple[int, int, int, int]:
            after = play(state, card, False)
            beaten = 0 if not self.reachable(after, need) else 1
            open_cards = len(self.winning_cards(after, need)) if after.learner_to_play else 0
            took = 0 if after.won[1] > state.won[1] or after.led >= 0 else 1
            return (beaten, open_cards, took, _low_first(card, state.trump))

        return min(cards, key=rank)

    def completion(self, state: State) -> int:
        """A holding the adversary may have now, chosen the same way every time: the
        cards he must hold, then the strongest of the pool (trumps first, high to low)."""
        chosen = state.must
        for card in _strong_first(state.pool & ~state.must, state.trump):
            if chosen.bit_count() >= state.size:
                break
            chosen |= 1 << card
        return chosen


def _low_first(card: int, trump: int) -> int:
    """Order for the adversary's ties: plain cards before trumps, low before high."""
    return (32 if card >> 3 == trump else 0) + (card & 7) * 4 + (card >> 3)


def _strong_first(mask: int, trump: int) -> list[int]:
    return sorted(bits(mask), key=lambda c: (c >> 3 != trump, -(c & 7), c >> 3))


def _learner_order(state: State) -> list[int]:
    return learner_cards(state)


def _adversary_order(state: State) -> list[int]:
    """The adversary's cards, those that take the trick first (they refute most)."""
    cards = adversary_cards(state)
    if state.led < 0:
        return cards
    return sorted(cards, key=lambda c: not second_wins(state.led, c, state.trump))


def _suit_signature(state: State, suit: int) -> str:
    """The live cards of one suit, high to low, by owner: m mine, p the pool, k a
    card he must hold, l the card led. Cards gone are left out (squeezed)."""
    out = []
    base = suit * 8
    mine = state.mine >> base & 0xFF
    pool = state.pool >> base & 0xFF
    must = state.must >> base & 0xFF
    led = 1 << (state.led - base) if state.led >= 0 and state.led >> 3 == suit else 0
    live = mine | pool | led
    for rank in range(7, -1, -1):
        bit = 1 << rank
        if not live & bit:
            continue
        if mine & bit:
            out.append("m")
        elif led & bit:
            out.append("l")
        elif must & bit:
            out.append("k")
        else:
            out.append("p")
    return "".join(out)


def _key(state: State, need: int) -> tuple[object, ...]:
    trump = state.trump
    plain = tuple(sorted(_suit_signature(state, s) for s in range(4) if s != trump))
    # The suit of the card led is part of its signature ("l"); whether it is trumps
    # is told by which signature holds it.
    return (
        _suit_signature(state, trump),
        plain,
        state.size,
        state.learner_leads,
        need - state.won[0],
        state.tricks_left,
    )
