"""Following: the laws fix what may be played; the Hints say nothing more.

The laws (britannica-9/play) oblige the follower to follow suit and to win
the trick if he can, by a higher card or by a trump; ``legal_actions`` gives
that set. Which card of it to play is not in the Hints, so the project's own
default decides, labelled as such: win as cheaply as possible; when you
cannot win, throw the lowest card of your weakest suit, keeping trumps,
kings, and the small cards that guard a queen or a knave.
"""

from __future__ import annotations

from tutor.hints import readings as rd
from tutor.hints.common import verdict
from tutor.hints.registry import Verdict, register
from tutor.rules.actions import follow
from tutor.rules.cards import Card, Rank
from tutor.rules.infoset import InfoSet
from tutor.rules.laws import beats

register(
    "project/follow",
    "Project: follow cheaply",
    "follow",
    ("britannica-9/play", "britannica-9/hints"),  # readings/guarded added where it decides
    "The project's reasoning, not the source's: the laws fix which cards may follow; among them "
    "win as cheaply as possible, or, unable to win, throw the lowest card of the weakest suit, "
    "keeping trumps, kings and the guards of queens and knaves.",
)


def _guards_court(c: Card, hand: tuple[Card, ...]) -> bool:
    """``c`` is the only smaller card beside a queen or knave of its suit, or the queen
    or knave it guards: the two are kept together, and if one must go it is the lower
    (the guard is kept for the queen's sake, never the queen thrown to keep it)."""
    if c.rank in (Rank.QUEEN, Rank.KNAVE) and rd.smaller_beside(c, hand) == 1:
        return True
    for o in hand:
        court = o.suit == c.suit and o.rank in (Rank.QUEEN, Rank.KNAVE) and o.rank > c.rank
        if court and rd.smaller_beside(o, hand) == 1:
            return True
    return False


def follow_rule(info: InfoSet) -> Verdict:
    led = info.led
    assert led is not None
    cards = [a.card for a in info.legal_actions()]
    winners = [c for c in cards if beats(c, led, info.trump)]
    if winners:
        choice = min(winners, key=lambda c: (c.suit == info.trump, int(c.rank)))
        how = "trump" if choice.suit == info.trump and led.suit != info.trump else "win"
        text = (
            f"You can win the {led.noun}: do it as cheaply as you can, with the {choice.noun}"
            + (" (a trump, as you have none of the suit)" if how == "trump" else "")
            + ". (The project's reasoning: the Hints say nothing of following.)"
        )
        matched = ("a card that wins the trick", "the cheapest winner")
        readings: tuple[str, ...] = ()  # no guard is weighed in winning
    else:

        def suit_len(c: Card) -> int:
            return sum(1 for o in info.hand if o.suit == c.suit)

        choice = min(
            cards,
            key=lambda c: (
                c.suit == info.trump,
                c.rank is Rank.KING,
                _guards_court(c, info.hand),
                int(c.rank),
                suit_len(c),
            ),
        )
        # "Keeping trumps" only where a card other than a trump goes: never "the eight
        # of clubs, keeping trumps" with clubs trumps.
        keeping = (
            "kings and the guards of your queens and knaves"
            if choice.suit == info.trump
            else "trumps, kings and the guards of your queens and knaves"
        )
        if _guards_court(choice, info.hand):
            # Every card left to lose is a guarded court or its guard: say so, not
            # "keeping the guards" beside the guard given up.
            keeping = "the higher card of a queen or knave and its guard, as nothing cheaper may go"
        verb = "play" if choice.suit == led.suit else "throw"  # following suit is no throw
        text = (
            f"You cannot win the {led.noun}: {verb} your cheapest card, the {choice.noun}, "
            f"keeping {keeping}. (The project's reasoning: the Hints say nothing of following.)"
        )
        matched = ("no card wins the trick", "the cheapest card to lose")
        readings = (rd.GUARDED,)
    return verdict("project/follow", follow(choice), text, matched, readings)
