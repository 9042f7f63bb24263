"""The advisor at the tables: the strongest engine the project has at each.

- The pool of three: each game is a game for two, so the ``best`` engine
  (``tutor.engines.best``) advises from the seat's two-handed ``InfoSet``,
  whatever engine the computer players use.
- À quatre, à cinq, à six: the engines decide only the game for two, so the
  advisor here is the *rollout* engine: it deals the cards it cannot see in
  ways consistent with what it has seen (the turn-up, the tricks, each player's
  plays under the law of the trick, the king marked), plays each legal card in
  every one of those deals with the other players playing as the computer
  players do (``tutor.tables.players.PlainRoundPlayer``), and takes the card
  that scores the seat's side the most on average, less what the other sides
  score (at four: the other partnership; at five or six: the other players'
  mean). The same deals are used for every card, so the comparison is sharp.

Every answer is an ``Advice`` (``tutor.engines.base``) with ``values`` for
every option weighed, keyed by the action's notation, so a decision's cost is
``values[best] - values[chosen]``. Randomness is seeded from the advisor's
seed and the position, so the same position always gets the same advice.
"""

from __future__ import annotations

import random
from dataclasses import replace

from tutor.engines.base import Advice
from tutor.engines.best import BestEngine, discard_candidates
from tutor.hints.explain import signed
from tutor.rules.actions import Action
from tutor.rules.cards import PACK, Card, Rank, Suit, intern
from tutor.rules.deal import Phase
from tutor.rules.infoset import infoset_of
from tutor.tables.players import PlainRoundPlayer, RoundSeat
from tutor.tables.pool import PoolTable
from tutor.tables.round_deal import RoundDeal
from tutor.tables.round_table import RoundTable
from tutor.tables.tricks import best_index

ROLLOUT_DEALS = 120
"""Deals of the unseen cards weighed per decision by the rollout engine."""
MEMO_LIMIT = 200_000
"""Choices remembered before the memo is emptied (a long review stays in bounded memory)."""
SAMPLING_TRIES = 200
"""Attempts at a consistent deal before the sampler gives up on one."""
ROUND_SOURCES = ("tables/tricks", "french/points")


class RoundAdvisor:
    """The rollout engine for the round tables (see the module docstring)."""

    name = "rollout"

    def __init__(self, seed: int | None = None, deals: int = ROLLOUT_DEALS) -> None:
        self.seed = 0 if seed is None else seed
        self.deals = deals
        self._player = PlainRoundPlayer()
        self._choices: dict[tuple[tuple[Card, ...], tuple[Card, ...], Suit], Card] = {}
        """The computer player's card by what it sees (its hand, the trick, the trump):
        it decides from those alone, and the same few cards in hand with the same trick
        come up again and again over a review's rollouts."""

    def advise(self, table: RoundTable) -> Advice:
        deal = table.deal
        seat = deal.to_act
        legal = deal.legal_actions()
        if not legal:
            raise ValueError("no decision to advise: the deal is over")
        rng = random.Random(f"{self.seed}|{table.name}|{table.seed}|{len(table.actions)}")
        worlds = sample_hands(deal, seat, rng, self.deals)
        values: dict[str, float] = {}
        for action in legal:
            total = 0.0
            for hands in worlds:
                total += self._value(table, replace_hands(deal, hands).apply(action), seat)
            values[str(action)] = total / len(worlds)
        best = max(legal, key=lambda a: (values[str(a)], -legal.index(a)))
        return Advice(
            action=best,
            reason=_reason(best, values, len(worlds), len(legal)),
            sources=ROUND_SOURCES,
            values=values,
        )

    def _value(self, table: RoundTable, deal: RoundDeal, seat: int) -> float:
        """The deal played out by the computer players: the seat's side's points less
        the others' mean."""
        while not deal.is_over:
            if deal.phase is Phase.MARK_KING:
                deal = deal.apply(self._player.choose(_seat_view(deal)))
            else:
                deal = deal.play_allowed(self._card(deal))
        points = table.deal_points(deal)
        mine = table.sides[seat]
        others = [p for side, p in enumerate(points) if side != mine]
        return points[mine] - sum(others) / len(others)


    def _card(self, deal: RoundDeal) -> Card:
        """The computer player's card, remembered by what it sees."""
        key = (deal.hands[deal.to_act], deal.trick, deal.trump)
        card = self._choices.get(key)
        if card is None:
            if len(self._choices) > MEMO_LIMIT:
                self._choices.clear()
            card = self._choices[key] = self._player.choose(_seat_view(deal)).card
        return card


def _seat_view(deal: RoundDeal) -> RoundSeat:
    return RoundSeat(deal.hands[deal.to_act], deal.trick, deal.trump, deal.legal_actions())


def _reason(best: Action, values: dict[str, float], deals: int, options: int) -> str:
    what = _describe(best)
    if options == 1:
        return f"The law of the trick leaves one choice: {what}."
    ranked = sorted(values.items(), key=lambda kv: -kv[1])
    runner = next((v for k, v in ranked if k != str(best)), None)
    line = (
        f"{what[0].upper()}{what[1:]} scores {signed(values[str(best)])} points on average (your side's "
        f"points less the others') over {deals} deals of the unseen cards, the other players "
        "playing as the computer does"
    )
    if runner is not None:
        line += f"; the next best scores {signed(runner)}"
    return line + "."


def _describe(action: Action) -> str:
    if action.kind == "mark":
        return "marking the king"
    if action.kind == "hold":
        return "holding the king"
    verb = "leading" if action.kind == "lead" else "playing"
    return f"{verb} the {action.card.noun}"


def replace_hands(deal: RoundDeal, hands: tuple[tuple[Card, ...], ...]) -> RoundDeal:
    return replace(deal, hands=hands)


# --- dealing the unseen cards consistently -------------------------------------------


def _tier(card: Card, trick: tuple[Card, ...], trump: Suit) -> int:
    """How the law of the trick ranks a card held for this trick: the cards of the
    lowest tier held are the legal ones (``tutor.tables.tricks.legal_plays``)."""
    led = trick[0]
    best = trick[best_index(trick, trump)]
    if card.suit == led.suit:
        if best.suit == led.suit and card.rank > best.rank:
            return 0
        return 1
    if card.suit == trump:
        return 2 if best.suit != trump or card.rank > best.rank else 3
    return 4


def forbidden(deal: RoundDeal) -> dict[int, set[Card]]:
    """For each seat, the unseen cards it cannot hold: a card that would have made
    one of its plays illegal (it would have had to follow, beat, or trump with it)."""
    out: dict[int, set[Card]] = {seat: set() for seat in range(deal.size)}
    plays: list[tuple[int, tuple[Card, ...], Card]] = []
    for leader, cards in deal.tricks:
        for i, card in enumerate(cards):
            plays.append(((leader + i) % deal.size, cards[:i], card))
    for i, card in enumerate(deal.trick):
        plays.append(((deal.leader + i) % deal.size, deal.trick[:i], card))
    trump = deal.trump
    for seat, before, card in plays:
        if not before:
            continue  # a lead: any card
        mine = _tier(card, before, trump)
        for other in PACK:
            if _tier(other, before, trump) < mine:
                out[seat].add(other)
    return out


def unseen(deal: RoundDeal, seat: int) -> list[Card]:
    seen = set(deal.hands[seat]) | {deal.turnup} | set(deal.trick)
    for _, cards in deal.tricks:
        seen.update(cards)
    return [c for c in PACK if c not in seen]


def sample_hands(
    deal: RoundDeal, seat: int, rng: random.Random, count: int
) -> list[tuple[tuple[Card, ...], ...]]:
    """``count`` deals of the unseen cards to the other seats (and the talon),
    each consistent with what ``seat`` has seen; the seat's own hand is kept."""
    cards = unseen(deal, seat)
    others = [s for s in range(deal.size) if s != seat]
    sizes = {s: len(deal.hands[s]) for s in others}
    banned = forbidden(deal)
    king = intern(Rank.KING, deal.trump)
    forced: dict[Card, int] = {}
    if deal.king is not None and deal.king != seat and king in cards:
        forced[king] = deal.king
    worlds = []
    for _ in range(count):
        hands = _one_deal(cards, others, sizes, banned, forced, rng)
        if hands is None:
            break
        full = list(deal.hands)
        for s in others:
            full[s] = tuple(hands[s])
        worlds.append(tuple(full))
    if not worlds:  # no consistent deal found: the cards as they lie would be one
        worlds.append(deal.hands)
    return worlds


def _one_deal(
    cards: list[Card],
    others: list[int],
    sizes: dict[int, int],
    banned: dict[int, set[Card]],
    forced: dict[Card, int],
    rng: random.Random,
) -> dict[int, list[Card]] | None:
    talon = len(cards) - sum(sizes.values())
    for _ in range(SAMPLING_TRIES):
        room = dict(sizes)
        room[-1] = talon
        hands: dict[int, list[Card]] = {s: [] for s in [*others, -1]}
        order = list(cards)
        rng.shuffle(order)
        # The most constrained cards first, so a random greedy deal rarely fails.
        order.sort(
            key=lambda c: sum(c in banned[s] for s in others) + (10 if c in forced else 0),
            reverse=True,
        )
        ok = True
        for card in order:
            if card in forced:
                places = [forced[card]] if room[forced[card]] else []
            else:
                places = [s for s in room if room[s] and (s == -1 or card not in banned[s])]
            if not places:
                ok = False
                break
            weights = [room[s] for s in places]
            place = rng.choices(places, weights)[0]
            hands[place].append(card)
            room[place] -= 1
        if ok:
            return hands
    return None


# --- one advisor for every table -----------------------------------------------------


class TableAdvisor:
    """The strongest engine at each table: ``best`` in the pool, rollouts at the round tables."""

    def __init__(self, seed: int | None = None, strength: float = 1.0) -> None:
        """``strength`` scales every sample count (below 1: weaker and faster, for tests)."""
        self.seed = 0 if seed is None else seed
        self.two_handed = BestEngine(seed=seed, scale=strength)
        self.two_handed_name = "best"
        self.rounds = RoundAdvisor(seed, max(8, int(ROLLOUT_DEALS * strength)))

    def name_at(self, table: PoolTable | RoundTable) -> str:
        return self.two_handed_name if isinstance(table, PoolTable) else self.rounds.name

    def advise(self, table: PoolTable | RoundTable) -> Advice:
        """Advice for the seat to act."""
        if isinstance(table, PoolTable):
            return self.two_handed.advise(infoset_of(table.game.position))
        return self.rounds.advise(table)

    def weigh(self, table: PoolTable | RoundTable, chosen: Action) -> Advice:
        """Advice whose ``values`` include ``chosen`` (a discard the best engine did not
        weigh among its candidates is weighed on the same simulated deals)."""
        advice = self.advise(table)
        if str(chosen) in advice.values or chosen == advice.action:
            return advice
        if isinstance(table, PoolTable) and chosen.kind == "discard":
            extra = _weigh_discard(self.two_handed, table, advice, chosen)
            if extra is not None:
                return extra
        return advice


def _weigh_discard(
    engine: BestEngine, table: PoolTable, advice: Advice, chosen: Action
) -> Advice | None:
    info = infoset_of(table.game.position)
    rng = random.Random(f"{engine.seed}|{info!r}")
    options = (*discard_candidates(info), chosen)
    return engine._exchange(info, rng, options)  # the same simulated deals as ``advise``
