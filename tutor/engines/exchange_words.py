"""What an exchange choice does in this hand, in one plain sentence, before any figure.

"Play: with three trumps (K♠ 9♠ 7♠) and K♥ the hand stands as it is" says what
playing does with these cards; the figures beside it say by how much. The words
name the cards that make a hand strong at écarté (trumps, and kings: the Hints'
"keep trumps and kings", britannica-9/hints/discarding) and what the choice risks
by the laws (playing without proposing, or refusing, the first proposal: two
for the point lost, club-laws/49; the point de refus under the French rules).

``chosen`` says whether the choice is the one advised: its sentence then says why
the hand suits it; another choice's only what it does, so no sentence contradicts
the verdict beside it.
"""

from __future__ import annotations

from tutor.hints.explain import number
from tutor.rules.actions import Action
from tutor.rules.cards import Card, Rank
from tutor.rules.infoset import InfoSet


def _labels(cards: list[Card]) -> str:
    """The cards as a hand is shown: each suit high to low (``Action.shown_cards``)."""
    return " ".join(c.label for c in sorted(cards, key=lambda c: (c.index // 8, -int(c.rank))))


def hand_facts(info: InfoSet, cards: list[Card] | None = None) -> str:
    """``three trumps (K♠ 9♠ 7♠) and K♥``, ``no trump and no king``."""
    cards = list(info.hand) if cards is None else cards
    trumps = [c for c in cards if c.suit == info.trump]
    kings = [c for c in cards if c.rank is Rank.KING and c.suit != info.trump]
    n = len(trumps)
    said = f"{number(n)} trump{'s' if n > 1 else ''}" + (f" ({_labels(trumps)})" if trumps else "")
    if kings:
        said += f" and {_labels(kings)}"
    elif not trumps:
        said += " and no king"
    return said


def _weak(info: InfoSet) -> list[Card]:
    """The cards the Hints would throw: all but trumps and kings."""
    return [c for c in info.hand if c.suit != info.trump and c.rank is not Rank.KING]


def _trump_count(info: InfoSet) -> int:
    return sum(1 for c in info.hand if c.suit == info.trump)


def _weak_hand(info: InfoSet) -> bool:
    """At most one trump and no king: a hand the Hints would not stand on."""
    return _trump_count(info) <= 1 and not any(c.rank is Rank.KING for c in info.hand)


def _strong_hand(info: InfoSet) -> bool:
    """Three trumps or more: a hand that most often wins the point as it is."""
    return _trump_count(info) >= 3


def _risk(info: InfoSet) -> str:
    """What standing on the cards at the first proposal costs if the point is lost."""
    if info.exchanges:
        return ""
    return (
        "the point de refus to him if you lose the point"
        if info.rules.french
        else "two points to him if you lose the point"
    )


def exchange_sentence(info: InfoSet, action: Action, chosen: bool = True) -> str:
    """One sentence: what ``action`` (play, propose, accept, refuse or a discard) does
    with ``info``'s hand; with ``chosen``, why the hand suits it."""
    facts = hand_facts(info)
    risk = _risk(info)
    weak = _weak(info)
    if action.kind in ("play", "refuse"):
        verb = "Play" if action.kind == "play" else "Refuse"
        if chosen and _weak_hand(info):
            only = "only " if _trump_count(info) else ""
            out = (
                f"{verb}: with {only}{facts} the hand is weak, yet at this score standing on it"
                " is worth more than an exchange"
            )
        elif chosen:
            out = f"{verb}: with {facts}, the hand is strong enough to stand as it is"
            if action.kind == "refuse":
                out += ", and he gets no new cards to mend his"
        else:
            out = f"{verb} keeps {facts} as they are"
        return out + (f", at the risk of {risk}." if risk else ".")
    if action.kind in ("propose", "accept"):
        verb = "Propose" if action.kind == "propose" else "Accept"
        thrown = f" {_labels(weak)}" if weak else " the weakest cards"
        if chosen and _strong_hand(info):
            return (
                f"{verb}, to change{thrown}: even with {facts}, new cards are worth more"
                " here than standing on the hand."
            )
        if chosen:
            return (
                f"{verb}, to change{thrown}: with {facts}, the hand is too weak to stand as it is."
            )
        return f"{verb} offers to change{thrown}, keeping {facts}."
    if action.kind == "discard":
        return _discard_sentence(info, action)
    return ""


def _discard_sentence(info: InfoSet, action: Action) -> str:
    thrown = [c for c in action.shown_cards if c in info.hand]
    kept = [c for c in info.hand if c not in action.cards]
    if not thrown:
        return f"Take no cards: the hand plays as it is, with {hand_facts(info)}."
    keepers = [c for c in info.hand if c.suit == info.trump or c.rank is Rank.KING]
    thrown_keepers = [c for c in thrown if c in keepers]
    kept_others = [c for c in kept if c not in keepers]
    n = len(thrown)
    head = f"Discard {_labels(thrown)}"
    draw = f"draw {number(n)} in the hope of better"
    if not kept:
        return f"{head}: none of them is a trump or a king, so change them all and {draw}."
    if not thrown_keepers and not kept_others:
        trumps = any(c.suit == info.trump for c in kept)
        keep = hand_facts(info, kept) if trumps else _labels(kept)
        return f"{head} and keep {keep}: throw all but trumps and kings, and {draw}."
    if not thrown_keepers:
        return (
            f"{head} and keep {_labels(kept)}: {hand_facts(info, kept)}, with"
            f" {_labels(kept_others)} worth keeping too in this hand, and {draw}."
        )
    return (
        f"{head}, even {_labels(thrown_keepers)}, and keep {_labels(kept)}: {draw} in their place."
    )


__all__ = ["exchange_sentence", "hand_facts"]
