"""Search the seeds of the first deal (``tutor.lessons.first_deal``) for one that
teaches well along the line the Hints would take for the learner:

- the learner (non-dealer) is dealt the king of trumps, and no king is turned up;
- the Hints say propose, and the adversary (the hints engine) accepts;
- after one exchange the Hints say play; the learner marks the king;
- played on by the Hints, the learner makes the point, not the vole, having lost a
  trick to a higher card of the suit led and seen a trick won by a trump, and has
  followed with a choice of two cards or more at least once;
- the learner cannot make the vole whatever he plays (so the arranged line's point
  is the deal's best), and the dealt hand played without proposing loses the point
  to the Hints' play (so proposing mattered).

    python tools/first_deal_seed.py [--count N] [--start S]
"""

from __future__ import annotations

import argparse

from tutor.engines.hints_engine import HintsEngine
from tutor.engines.solver import Solver, mask_of, suit_number
from tutor.lessons.first_deal import ADVERSARY, LEARNER, FirstDeal
from tutor.rules.actions import PLAY
from tutor.rules.cards import Rank, intern
from tutor.rules.deal import Phase
from tutor.rules.infoset import infoset_of

HINTS = HintsEngine()


def hints_line(deal: FirstDeal) -> list[str]:
    """Play the learner's side by the Hints; return the kinds of action taken."""
    kinds = []
    while not deal.over:
        action = HINTS.advise(infoset_of(deal.position, LEARNER)).action
        if action.kind == "follow" and len(deal.playable()) > 1:
            kinds.append("choice-follow")
        kinds.append(action.kind)
        deal.act(action)
    return kinds


def teaches(seed: int) -> str | None:
    deal = FirstDeal(seed)
    p = deal.position
    king = intern(Rank.KING, p.trump)
    if p.turnup.rank is Rank.KING or king not in p.hands[LEARNER]:
        return None
    kinds = hints_line(deal)
    final = deal.position
    if kinds[:4] not in (
        ["propose", "discard", "play", "mark"],
        ["propose", "discard", "propose", "mark"],
    ):
        return None
    won = final.tricks_won()
    if not 3 <= won[LEARNER] <= 4 or "choice-follow" not in kinds:
        return None
    winners = final.trick_winners()
    trumped = any(reply.suit == final.trump != led.suit for led, reply in final.tricks)
    outranked = any(
        reply.suit == led.suit and w != LEARNER
        for (led, reply), w in zip(final.tricks, winners, strict=True)
    )
    if not (trumped and outranked):
        return None
    # the learner's hand after the exchange cannot make the vole against this holding
    after = FirstDeal(seed)
    while after.position.phase is not Phase.MARK_KING:
        action = HINTS.advise(infoset_of(after.position, LEARNER)).action
        after.act(action)
    start = after.position
    if start.phase is Phase.MARK_KING:
        mine, theirs = start.hands[LEARNER], start.hands[ADVERSARY]
        best = max(
            Solver().lead_values(mask_of(mine), mask_of(theirs), suit_number(start.trump)).values()
        )
        if best >= 5:
            return None
    stand = FirstDeal(seed)
    stand.act(PLAY)
    while not stand.over:
        stand.act(HINTS.advise(infoset_of(stand.position, LEARNER)).action)
    if stand.position.tricks_won()[LEARNER] >= 3:
        return None
    return f"seed {seed}: tricks {won}, points {final.points}, line {' '.join(kinds)}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=5)
    parser.add_argument("--start", type=int, default=1)
    args = parser.parse_args()
    found = 0
    seed = args.start
    while found < args.count and seed < args.start + 20000:
        told = teaches(seed)
        if told:
            print(told)
            found += 1
        seed += 1


if __name__ == "__main__":
    main()
