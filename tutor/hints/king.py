"""Marking the king of trumps.

"Do not announce the king until in the act of playing your first card": the
``mark_king`` request comes at exactly that moment, so the Hint says mark it
(it scores one). When the king itself was that first card, club law 24 keeps
the mark open a little longer (the non-dealer's king led, until it is played
to; the dealer's, until he plays again), and a king not yet marked is marked
then, for the same point. The score rule overrides it: "If the non-dealer plays
without proposing when he is four to three, and the dealer holds the king he
ought not to mark it. The same rule applies to the non-dealer after a
refusal, if the dealer is four to three."
"""

from __future__ import annotations

from tutor.hints.common import after_refusal, at_four, at_three, played_without_proposing, verdict
from tutor.hints.registry import Verdict, register
from tutor.rules.actions import HOLD, MARK
from tutor.rules.infoset import InfoSet

register(
    "king/announce",
    "Announce the king as you play your first card",
    "mark_king",
    ("britannica-9/hints/announce-king", "britannica-9/king"),
    "Do not announce the king until in the act of playing your first card; then announce it, "
    "for it scores one.",
)
register(
    "score/four-to-three-king",
    "Four to three: do not mark the king",
    "mark_king",
    ("britannica-9/hints/score/four-to-three-king",),
    "If the non-dealer plays without proposing when he is four to three, the dealer holding "
    "the king ought not to mark it; the same for the non-dealer after a refusal, if the dealer "
    "is four to three.",
)


def four_to_three_king(info: InfoSet) -> Verdict | None:
    mine, theirs = info.score
    if info.is_dealer:
        applies = played_without_proposing(info) and at_four(theirs, info) and at_three(mine, info)
        case = "your adversary played without proposing at four to three"
    else:
        applies = after_refusal(info) and at_four(theirs, info) and at_three(mine, info)
        case = "the dealer refused you at four to three"
    if not applies:
        return None
    return verdict(
        "score/four-to-three-king",
        HOLD,
        f"You hold the king of trumps, but {case}: the Hints say not to mark it. The Hints"
        " give no reason; the project's: the point would score you two here, which makes"
        " five without the king, and losing it gives your adversary five whatever the king,"
        " so marking it would only tell him where the king is. Hold it.",
        (case,),
    )


def announce(info: InfoSet) -> Verdict:
    if info.king_law == "club-laws/24":
        # The king was the first card: club law 24 keeps the mark open, and the
        # Hint's moment ("in the act of playing your first card") is past.
        played = "led" if not info.is_dealer else "played to the first trick"
        still = "until it is played to" if not info.is_dealer else "until you play again"
        return verdict(
            "king/announce",
            MARK,
            f"The king of trumps was your first card, {played}, and club law 24 lets you "
            f"announce it {still}; it scores one. Mark it.",
            ("the king of trumps your first card", "club law 24's window"),
        )
    return verdict(
        "king/announce",
        MARK,
        "You hold the king of trumps and are about to play your first card: the moment to "
        "announce it, and it scores one. Mark it.",
        ("the king of trumps in hand", "playing your first card"),
    )
