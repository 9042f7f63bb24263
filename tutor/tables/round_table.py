"""A game of deals at a round table: à quatre, à cinq, à six (french/quatre, french/cinq-six).

The players sit in order of play; each deal is a ``RoundDeal`` (everyone dealt
in, no écart), the deal passes to the left (the next seat), and points go to
*sides*: at four the two partnerships, at five or six each player alone.

What a deal scores keeps the two-handed marks (french/marque, french/points):
one for the king of trumps marked or turned up, one for three or four of the
five tricks, two for all five (the vole), never more than three in one deal
under French rules. At four the partners' tricks are counted together.

How the game ends reads "On convient du nombre de perdants" (french/cinq-six):
the players play on until as many sides as must win have reached the game
(five, or seven if agreed, french/valeur); the winners are those sides. At four
there is one losing side, so the first side to the game wins (french/partie).

When the game ends is the game for two's rule, the same at every table: "On a
gagné lorsque l'on a fait un total de 5 points" (french/partie), and "Le reste
est la même chose" (french/cinq-six). A king (turned up, or marked before its
holder's first card) that brings the last side needed to the game ends the game
at once, the tricks unplayed, as ``tutor.rules.deal`` ends a deal for two; otherwise
the game is decided when the deal's tricks are scored. Since a deal's tricks
score for one side only (three of five), no more sides than are needed ever
reach the game together, so winners and losers are never tied
(texts/tables.md, ``tables/game-end``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from tutor.rules.actions import Action, IllegalAction
from tutor.rules.cards import Card
from tutor.rules.deal import Distribution, Phase
from tutor.rules.laws import deal_points
from tutor.rules.rulesets import RuleSet
from tutor.tables.model import TableView, count
from tutor.tables.round_deal import RoundDeal, deal_round


@dataclass(frozen=True, slots=True)
class RoundResult:
    number: int
    final: RoundDeal
    actions: tuple[Action, ...]
    points: tuple[int, ...]
    """Points each side scored in the deal."""


@dataclass(frozen=True, slots=True)
class RoundTable:
    name: str
    seed: int
    rules: RuleSet
    players: tuple[str, ...]
    sides: tuple[int, ...]
    """The side of each seat."""
    side_names: tuple[str, ...]
    losers: int
    """How many sides lose, agreed before play (french/cinq-six)."""
    law: str
    """The passage the table rests on, cited by refusals."""
    title: str
    distributions: tuple[Distribution, ...]
    deal: RoundDeal
    deal_number: int = 1
    scores: tuple[int, ...] = ()
    """Each side's points before the current deal."""
    history: tuple[RoundResult, ...] = ()
    deal_actions: tuple[Action, ...] = ()
    winners: tuple[int, ...] | None = None
    """The winning sides, once the game is over."""

    @staticmethod
    def new(
        name: str,
        seed: int,
        rules: RuleSet,
        players: tuple[str, ...],
        sides: tuple[int, ...],
        side_names: tuple[str, ...],
        losers: int,
        law: str,
        title: str,
    ) -> RoundTable:
        if not 1 <= losers < len(side_names):
            raise ValueError(f"between 1 and {len(side_names) - 1} losers, not {losers}")
        rng = random.Random(f"ecarte-table:{name}:{seed}")
        first_dealer = _cut(rng, len(players))
        distributions = tuple(rng.choice(((2, 3), (3, 2))) for _ in players)
        table = RoundTable(
            name,
            seed,
            rules,
            players,
            sides,
            side_names,
            losers,
            law,
            title,
            distributions,
            deal=_deal(name, seed, 1, len(players), first_dealer, distributions, law),
            scores=(0,) * len(side_names),
        )
        return table._settle()

    # --- the common table interface ------------------------------------------------

    @property
    def to_act(self) -> int:
        return self.deal.to_act

    @property
    def is_over(self) -> bool:
        return self.winners is not None

    @property
    def actions(self) -> tuple[Action, ...]:
        return tuple(a for r in self.history for a in r.actions) + self.deal_actions

    def legal_actions(self) -> tuple[Action, ...]:
        return () if self.is_over else self.deal.legal_actions()

    def apply(self, action: Action) -> RoundTable:
        if self.is_over:
            raise IllegalAction("the game is over")
        moved = replace(
            self, deal=self.deal.apply(action), deal_actions=(*self.deal_actions, action)
        )
        return moved._settle()

    def _settle(self) -> RoundTable:
        """End the deal when it is over, or when its king ends the game (the game for
        two's rule: the game is won the moment it is reached, french/partie); deal
        the next one unless the game is over."""
        table = self
        while not table.is_over:
            if not table.deal.is_over and table.king_ends_game():
                table = replace(table, deal=replace(table.deal, phase=Phase.DONE))
            if not table.deal.is_over:
                break
            table = table._next_deal()
        return table

    def king_ends_game(self) -> bool:
        """Whether the king scored in the deal in progress brings the last side needed
        to the game."""
        deal = self.deal
        if deal.king is None:
            return False
        scores = list(self.scores)
        scores[self.sides[deal.king]] += 1
        return decide_winners(tuple(scores), self.rules.game_points, self.losers) is not None

    # --- scoring -----------------------------------------------------------------------

    def deal_points(self, deal: RoundDeal) -> tuple[int, ...]:
        """What each side scores for a finished deal (french/marque, french/points)."""
        count = len(self.side_names)
        tricks = [0] * count
        for seat, won in enumerate(deal.tricks_won()):
            tricks[self.sides[seat]] += won
        points = [0] * count
        if deal.king is not None:
            points[self.sides[deal.king]] += 1
        if len(deal.tricks) < 5:
            return tuple(points)  # the game ended on the king, the tricks unplayed
        for side, won in enumerate(tricks):
            if won >= 3:  # the point's winner against the rest, scored as at two hands
                points[side] = deal_points((won, 5 - won), None, self.rules, (points[side], 0))[0]
        return tuple(points)

    def _next_deal(self) -> RoundTable:
        points = self.deal_points(self.deal)
        scores = tuple(s + p for s, p in zip(self.scores, points, strict=True))
        result = RoundResult(self.deal_number, self.deal, self.deal_actions, points)
        moved = replace(self, scores=scores, history=(*self.history, result), deal_actions=())
        winners = decide_winners(scores, self.rules.game_points, self.losers)
        if winners is not None:
            return replace(moved, winners=winners)
        number = self.deal_number + 1
        dealer = (self.deal.dealer + 1) % len(self.players)
        deal = _deal(
            self.name, self.seed, number, len(self.players), dealer, self.distributions, self.law
        )
        return replace(moved, deal=deal, deal_number=number)

    # --- views -------------------------------------------------------------------------

    def side_of(self, seat: int) -> str:
        return self.side_names[self.sides[seat]]

    def view(self, seat: int) -> TableView:
        deal = self.deal
        names = self.players
        trick = tuple((names[(deal.leader + i) % deal.size], c) for i, c in enumerate(deal.trick))
        last: tuple[tuple[str, Card], ...] = ()
        last_winner = ""
        if deal.tricks:
            leader, cards = deal.tricks[-1]
            last = tuple((names[(leader + i) % deal.size], c) for i, c in enumerate(cards))
            last_winner = names[deal.trick_winner(leader, cards)]
        won = deal.tricks_won()
        scores = []
        for side, side_name in enumerate(self.side_names):
            tricks = sum(w for s, w in enumerate(won) if self.sides[s] == side)
            king = " ♔" if deal.king is not None and self.sides[deal.king] == side else ""
            scores.append(
                (
                    f"{side_name}{king}",
                    f"{count(self.scores[side], 'point')} · {count(tricks, 'trick')}",
                )
            )
        scores.append(("Dealer", names[deal.dealer]))
        losing = "one loses" if self.losers == 1 else f"{self.losers} lose"
        scores.append(("Game", f"{self.rules.game_points} points; {losing}"))
        return TableView(
            title=f"{self.title} — deal {self.deal_number}",
            hand=deal.hands[seat],
            turnup=deal.turnup,
            trick=trick,
            last_trick=last,
            last_winner=last_winner,
            scores=tuple(scores),
            status=self.result() if self.is_over else f"{names[deal.to_act]} to play",
        )

    def result(self) -> str:
        if self.winners is None:
            return f"{self.title}: deal {self.deal_number} in progress"
        won = ", ".join(self.side_names[s] for s in self.winners)
        lost = ", ".join(
            self.side_names[s] for s in range(len(self.side_names)) if s not in self.winners
        )
        points = "-".join(str(s) for s in self.scores)
        return f"Won by {won}; lost by {lost} (points {points})"


def decide_winners(scores: tuple[int, ...], game: int, losers: int) -> tuple[int, ...] | None:
    """The winning sides, or None while play goes on (see the module docstring).

    For any scores: when more sides than are needed have reached the game, the
    most points win, and a tie across the line plays on. In play this cannot
    arise (the game ends as soon as enough sides reach it, one at a time)."""
    needed = len(scores) - losers
    if sum(1 for s in scores if s >= game) < needed:
        return None
    ranked = sorted(range(len(scores)), key=lambda s: -scores[s])
    if scores[ranked[needed - 1]] == scores[ranked[needed]]:
        return None  # a tie across the line: another deal
    return tuple(sorted(ranked[:needed]))


def _cut(rng: random.Random, size: int) -> int:
    """The first dealer, drawn by lot: the French rules say only "chacun ... coupe"
    for two (french/donne); at a round table the project draws a seat."""
    return rng.randrange(size)


def _deal(
    name: str,
    seed: int,
    number: int,
    size: int,
    dealer: int,
    distributions: tuple[Distribution, ...],
    law: str,
) -> RoundDeal:
    rng = random.Random(f"ecarte-table-deal:{name}:{seed}:{number}")
    return deal_round(rng, size, dealer, distributions[dealer], law)
