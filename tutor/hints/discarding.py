"""Discarding: "throw out all cards except trumps and kings".

The Hint is one line; the laws add limits it does not mention. The
non-dealer must discard at least one card, and neither player may discard
more than the stock can replace (club-laws/38). Where the Hint's discard
does not fit those limits, the project decides, and says so:

- nothing to throw (every card a trump or a king), as non-dealer: throw the
  lowest card, never the king of trumps (``project/discard-keep-all``);
- more to throw than the stock holds: throw the lowest of them, keeping the
  higher (``project/discard-stock-short``).
"""

from __future__ import annotations

from tutor.hints.common import verdict
from tutor.hints.explain import card_words, number
from tutor.hints.registry import Verdict, register
from tutor.rules.actions import Action, discard
from tutor.rules.cards import Card, Rank
from tutor.rules.infoset import InfoSet

DISCARDING = "britannica-9/hints/discarding"

register(
    "discard/trumps-and-kings",
    "Keep trumps and kings",
    "discard",
    (DISCARDING,),
    "When discarding, throw out all cards except trumps and kings.",
)
register(
    "project/discard-keep-all",
    "Project: a discard when every card is kept",
    "discard",
    (DISCARDING, "britannica-9/proposing"),
    "The project's reasoning, not the source's: when every card is a trump or a king the Hint "
    "throws nothing, but the non-dealer must discard at least one; throw the lowest card, never "
    "the king of trumps.",
)
register(
    "project/discard-stock-short",
    "Project: a discard the stock cannot replace",
    "discard",
    (DISCARDING, "club-laws/38"),
    "The project's reasoning, not the source's: when the stock holds fewer cards than the Hint "
    "would throw, throw the lowest of them and keep the higher.",
)


def _low_first(cards: list[Card] | tuple[Card, ...], info: InfoSet) -> list[Card]:
    """Lowest first; plain before trumps at equal rank; the king of trumps last."""
    return sorted(cards, key=lambda c: (c == info.trump_king, int(c.rank), c.suit == info.trump))


def discard_rule(info: InfoSet) -> Verdict:
    low, high = info.discard_range()
    keep = [c for c in info.hand if c.suit == info.trump or c.rank is Rank.KING]
    throw = [c for c in info.hand if c not in keep]
    kept_words = card_words(keep, info.trump) if keep else "nothing"
    if len(throw) < low:
        weakest = _low_first(list(info.hand), info)[:low]
        return verdict(
            "project/discard-keep-all",
            discard(*weakest),
            f"Every card is a trump or a king, so the Hint would throw nothing; but the non-dealer "
            f"must discard at least one. The project's choice: throw the lowest, "
            f"{card_words(weakest, info.trump)}.",
            ("every card a trump or a king", "the non-dealer must discard one"),
        )
    if len(throw) > high:
        thrown = _low_first(throw, info)[:high]
        return verdict(
            "project/discard-stock-short",
            discard(*thrown),
            f"The Hint throws {number(len(throw))} cards, but the stock holds only {number(high)}. "
            f"The project's choice: throw the lowest, {card_words(thrown, info.trump)}.",
            (
                f"{number(len(throw))} cards neither trumps nor kings",
                f"the stock short, {number(high)} left",
            ),
        )
    if throw:
        text = (
            f"Throw out all cards except trumps and kings: keep {kept_words}, "
            f"throw {card_words(throw, info.trump)}."
        )
    else:
        text = f"Every card is a trump or a king ({kept_words}): throw nothing."
    return verdict(
        "discard/trumps-and-kings",
        discard(*throw),
        text,
        (f"kept: {kept_words}",),
    )


def _kind_of_card(card: Card, info: InfoSet) -> str:
    if card.suit == info.trump:
        return "a trump"
    if card.rank is Rank.KING:
        return "a king"
    return "neither a trump nor a king"


def _plural(kind: str) -> str:
    return {"a trump": "trumps", "a king": "kings"}.get(kind, "neither trumps nor kings")


def discard_difference(info: InfoSet, given: Action, expected: Action) -> str:
    """How the discard ``given`` differs from ``expected``, card by card in the Hint's
    terms: "You threw out K♠, which is a king; you kept Q♣, which is neither a trump
    nor a king." (the lessons' diagnosis, and the deal's grading where the Hint makes
    the engine's discard)."""
    thrown, right = set(given.cards), set(expected.cards)
    parts = []
    for verb, cards in (("threw out", thrown - right), ("kept", right - thrown)):
        by_kind: dict[str, list[Card]] = {}
        for card in sorted(cards, key=lambda c: (-int(c.rank), c.suit.value)):
            by_kind.setdefault(_kind_of_card(card, info), []).append(card)
        for kind, group in by_kind.items():
            names = (
                " and ".join([", ".join(c.label for c in group[:-1]), group[-1].label])
                if len(group) > 1
                else group[0].label
            )
            kind_text = kind if len(group) == 1 else _plural(kind)
            parts.append(
                f"you {verb} {names}, {'which is' if len(group) == 1 else 'which are'} {kind_text}"
            )
    told = "; ".join(parts) if parts else "your discard differs from the rule's"
    return f"{told[0].upper()}{told[1:]}."
