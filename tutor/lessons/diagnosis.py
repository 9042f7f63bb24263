"""Why a wrong answer is wrong, in words about this hand and this choice.

A diagnosis never just points at a passage: it names what the learner's choice
overlooks (the hint that decides, and what in the hand matched it), or what the
choice would need and why the hand does not have it; for a discard, the card
thrown or kept against the rule; for a card, the law it breaks or what it costs
(the opponent's answer and how often the point is lost, by exact solving over
every holding the opponent may have); for a law question, the lesson file's own
explanation of that misreading.

Plain text (cards as ``K♠``), so the app, the headless judge and the tests share it.
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Iterable
from dataclasses import dataclass

from tutor.analysis.exact_cards import VALUE_MARGIN, score_note
from tutor.hints.discarding import discard_difference
from tutor.hints.explain import signed
from tutor.hints.readings import reading_note
from tutor.hints.registry import Verdict
from tutor.lessons.answers import same_action
from tutor.lessons.model import Step
from tutor.rules.actions import Action
from tutor.rules.cards import Card, Suit
from tutor.rules.infoset import InfoSet

CHOSEN = {
    "play": "You played without proposing",
    "propose": "You proposed",
    "accept": "You accepted the proposal",
    "refuse": "You refused the proposal",
    "mark": "You marked the king",
    "hold": "You held the king back without marking it",
}

NEEDS = {
    ("propose", "play"): (
        "The Hints play without proposing only with a jeu de règle, or at the score of four"
        " with the hands they name there"
    ),
    ("propose", "propose"): (
        "The Hints propose with a hand that is not a jeu de règle, with the point certain, or"
        " with a jeu de règle holding the king of trumps"
    ),
    ("accept", "refuse"): (
        "The Hints refuse with a jeu de règle, save seven exceptions, with a hand guarded in"
        " three suits, in two with a trump, or in one with two trumps, and at the scores of"
        " three and four with the hands they name there"
    ),
    ("accept", "accept"): (
        "The Hints accept a hand that is neither guarded nor a jeu de règle, and the jeux"
        " de règle of the seven exceptions (the scores of three and four have rules of"
        " their own)"
    ),
    ("mark_king", "mark"): "The Hints announce the king as the first card is played",
    ("mark_king", "hold"): (
        "The Hints hold the king back only at four to three: the dealer at three, when his"
        " adversary at four played without proposing, or the non-dealer at three when the"
        " dealer at four refused his proposal"
    ),
}
"""What a two-way answer needs, said when no hint speaks for the learner's choice."""

FALLBACKS = {"propose/default", "project/lead-default", "project/follow"}
"""Rules that speak to every position (what to do when nothing else applies): they
never count as a hint that supports the learner's choice."""


@dataclass(frozen=True, slots=True)
class Diagnosis:
    """``text`` says what is wrong with the choice without giving the answer away (the
    learner may try again); ``rule`` is the deciding rule told for this hand, which does."""

    text: str
    rule: str = ""
    sound: bool = False
    """The choice loses nothing by the project's computation (a card as good as the
    rule's, every card known): not the answer the step teaches, but no fault either,
    so the tutor does not count it as a miss (a learner review: ✗ beside figures that
    rated the card as good)."""

    def __str__(self) -> str:
        return f"{self.text} {self.rule}" if self.rule else self.text


def diagnose(step: Step, given: Action | int, expected: Action | None) -> Diagnosis:
    """The diagnosis of a wrong answer (the caller has judged it wrong)."""
    if step.is_law:
        return Diagnosis(diagnose_choice(step, given if isinstance(given, int) else -1))
    assert step.info is not None and expected is not None
    if not isinstance(given, Action):
        return Diagnosis("A decision at the table is answered with an action, not a choice number.")
    illegal = illegal_reason(step.info, given)
    if illegal is not None:
        return Diagnosis(illegal)
    if step.question in ("propose", "accept", "mark_king"):
        return Diagnosis(diagnose_two_way(step, given, expected))
    if step.question == "discard":
        return diagnose_discard(step.info, given, expected)
    return diagnose_card(step, given, expected)


# --- law questions ------------------------------------------------------------------


def diagnose_choice(step: Step, index: int) -> str:
    if not 0 <= index < len(step.choices):
        return f"There is no choice {index + 1}: choose 1 to {len(step.choices)}."
    why = step.choices[index].why
    if why:
        return why
    cited = ", ".join(step.passages)
    return f"That is not what the passage says ({cited}): read it again."


# --- legality -----------------------------------------------------------------------


def illegal_reason(info: InfoSet, given: Action) -> str | None:
    """Why the laws forbid this action here, naming the law; None if it is legal."""
    legal = info.legal_actions()
    if given.kind == "discard" and info.decision == "discard":
        low, high = info.discard_range()
        missing = [c for c in given.cards if c not in info.hand]
        if missing:
            return f"{' '.join(c.label for c in missing)} is not in your hand."
        if len(set(given.cards)) < low:
            return (
                "A proposal asks for fresh cards: the non-dealer who proposed must discard at"
                " least one. Choose the cards to throw out."
            )
        if len(set(given.cards)) > high:
            return (
                f"Only {high} cards are left in the stock, and a player can exchange only as many"
                " as there are left (club law 38)."
            )
        return None
    if any(same_action(given, a) for a in legal):
        return None
    kinds = sorted({a.kind for a in legal})
    if given.kind not in kinds:
        return f"Here the question is to {' or '.join(kinds)}, not to {given.kind}."
    card = given.card
    if card not in info.hand:
        return f"{card.label} is not in your hand."
    if info.led is not None:
        return f"{card.label} may not be played to {info.led.label}: {follow_law(info.hand, info.led, info.trump)}"
    return f"{card.label} may not be played here."


def follow_law(hand: Iterable[Card], led: Card, trump: Suit) -> str:
    """The law of following, told for this hand (britannica-9/play; club-laws/43)."""
    same = [c for c in hand if c.suit == led.suit]
    cited = "(Britannica, “The play”; club law 43"
    if same:
        higher = [c for c in same if c.rank > led.rank]
        if higher:
            return (
                "the second to play must follow suit and win the trick if he can, so you"
                f" must play {_choice(higher)} {cited} sets the penalty for failing to)."
            )
        return f"the second to play must follow suit if able, so you must play {_choice(same)} {cited})."
    trumps = [c for c in hand if c.suit == trump]
    return (
        f"holding no {led.suit.noun}, you must win the trick by trumping, so you must play"
        f" {_choice(trumps)} {cited})."
    )


def _choice(cards: list[Card]) -> str:
    """``the J♥``, or ``one of J♥, Q♥``."""
    labels = [c.label for c in cards]
    return f"the {labels[0]}" if len(labels) == 1 else "one of " + ", ".join(labels)


# --- two-way decisions --------------------------------------------------------------


def diagnose_two_way(step: Step, given: Action, expected: Action) -> str:
    from tutor.hints import applicable

    info = step.info
    assert info is not None
    verdicts = applicable(info)
    deciding = next((v for v in verdicts if same_action(v.action, expected)), None)
    support = next(
        (v for v in verdicts if same_action(v.action, given) and v.hint.id not in FALLBACKS), None
    )
    opening = CHOSEN.get(given.kind, f"You chose to {given.kind}")
    if verdicts and same_action(verdicts[0].action, given):
        # The learner did as the Hints do; the step's answer is another's (the
        # engine's, in a step taken from a game): say so, and let it speak.
        top = verdicts[0]
        return (
            f"{opening}, as the Hints do here (“{top.hint.title}”). But the answer"
            f" here is to {expected.kind}. {step.explanation}"
        )
    if deciding is None:  # the lesson's answer is not the engine's: its own explanation speaks
        return f"{opening}, but here the answer is to {expected.kind}. {step.explanation}"
    if support is not None and verdicts.index(support) > verdicts.index(deciding):
        features = f" ({'; '.join(support.matched)})" if support.matched else ""
        return (
            f"{opening}, as \u201c{support.hint.title}\u201d would have it{features}. But"
            f" \u201c{deciding.hint.title}\u201d comes first here: {_inline(deciding.explanation)}"
        )
    ordinary = _without_the_score(verdicts)
    if deciding.hint.id.startswith("score/") and ordinary and same_action(ordinary.action, given):
        # What the learner chose is what the Hints do with this hand at another score (a
        # learner review: told it was "not one of" the hands the Hints propose with, and
        # then, by the step's own text, that at any other score it would propose).
        return (
            f"{opening}, as the Hints do with this hand at other scores"
            f" (\u201c{ordinary.hint.title}\u201d). But at this score"
            f" \u201c{deciding.hint.title}\u201d comes first: {_inline(deciding.explanation)}"
        )
    # The step's own explanation, written for this hand, says why before the answer is
    # shown; the hint's sentence, where the step has none (a learner review: "not a jeu
    # de règle: propose" told of a hand that is not one, the reason only after the answer).
    if step.explanation:
        # The hand's own reasons alone: the general list of what the Hints need stood
        # before them, hard to parse, and "decides it" came twice (a learner review).
        note = reading_note(deciding.readings)
        told = step.explanation + (f" {note}" if note not in step.explanation else "")
        return f"{opening}. The rule here is \u201c{deciding.hint.title}\u201d. {told}"
    needs = NEEDS.get((step.question, given.kind))
    need = f" {needs}; this position is not one of them." if needs else ""
    why = f": {_inline(deciding.explanation)}"
    return f"{opening}.{need} \u201c{deciding.hint.title}\u201d decides it{why}"


def _without_the_score(verdicts: list[Verdict]) -> Verdict | None:
    """The verdict the Hints give where no rule of the score speaks."""
    return next((v for v in verdicts if not v.hint.id.startswith("score/")), None)


def _inline(sentence: str) -> str:
    """A sentence continued after a colon: its first word in lower case (not a card, not 'I')."""
    if len(sentence) > 1 and sentence[0].isupper() and sentence[1].islower():
        return sentence[0].lower() + sentence[1:]
    return sentence


# --- discards -----------------------------------------------------------------------


def diagnose_discard(info: InfoSet, given: Action, expected: Action) -> Diagnosis:
    from tutor.hints import advise

    verdict = advise(info)
    why = f" {KEEP_REASON}" if verdict.hint.id == "discard/trumps-and-kings" else ""
    return Diagnosis(
        discard_difference(info, given, expected),
        f"\u201c{verdict.hint.title}\u201d: {verdict.explanation}{why}",
    )


KEEP_REASON = (
    "Why, the Hints do not say; the project's reason: a trump can take a trick in any suit"
    " and a king cannot be beaten in its own, while every other card can be, so each of"
    " those exchanged is a chance to draw a trump or a king in its place."
)
"""Said with the discarding rule (a learner review: lesson 8 taught a filter, never what
the exchange is for)."""


# --- a card led or played -----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CardCost:
    """What two cards lead to, both sides then playing their best with every card known,
    over every holding the opponent may have, each counting once: the figures that
    prove the step (``analysis.exact_cards``, ``lessons.card_proof``)."""

    given_point: float
    """The chance of winning the point (three tricks or more) after the learner's card."""
    right_point: float
    given_vole: float
    """The chance of the vole (all five tricks) after the learner's card."""
    right_vole: float
    given_value: float
    """The points the deal is worth on average after the learner's card (the point, the
    vole, a penalty, the adversary's point or vole against), valued at this score."""
    right_value: float
    holdings: int
    exact: bool
    example: str
    """One holding where the learner's card does worse, and the opponent's answer."""


def card_cost(step: Step, given: Action, expected: Action) -> CardCost:
    from tutor.analysis.card_example import worse_holding
    from tutor.analysis.exact_cards import exact_cards

    info = step.info
    assert info is not None
    figures = exact_cards(info)
    mine, right = figures.of(given.card), figures.of(expected.card)
    rng = random.Random(zlib.crc32(f"{step.lesson}/{step.id}".encode()))
    example = worse_holding(info, given.card, expected.card, rng, RIGHT_CARD)
    return CardCost(
        mine.point,
        right.point,
        mine.vole,
        right.vole,
        mine.value,
        right.value,
        figures.holdings,
        True,
        example,
    )


def _trump_at_starting(info: InfoSet, given: Action, verdict: Verdict) -> str:
    """Why not the trump the learner led at starting, in the Hint's words, where the Hints
    lead a plain card (a learner review: only figures said why not, and they favoured
    the trump for the vole)."""
    from tutor.hints import applicable

    led = given.card
    if info.decision != "lead" or info.tricks or led.suit != info.trump:
        return ""
    if verdict.action.card.suit == info.trump:
        return ""
    if any(
        v.hint.id.startswith("lead/") and v.action.card.suit == info.trump for v in applicable(info)
    ):  # the hand meets the Hint's exception (a rule of the score overrules it): the
        # learner is not told a rule his hand is an exception to (a learner review)
        return ""
    return (
        f" {led.label} is a trump, and the Hints do not lead trumps at starting, even from"
        " your best suit, unless you hold the king, or queen and knave, or knave and ace,"
        " with court cards out of trumps."
    )


def _percent(p: float) -> str:
    return f"{round(p * 100)}%"


RIGHT_CARD = "the right card"
"""The expected card as a wrong answer's diagnosis names it: not by name, which would
give it away before the reveal (and not "the lesson's": drills and games have none)."""


def diagnose_card(step: Step, given: Action, expected: Action) -> Diagnosis:
    from tutor.hints import advise

    info = step.info
    assert info is not None
    verdict = advise(info)
    # A step that teaches the project's principle where the Hints play another card
    # speaks from the computation and its own explanation, not from a rule whose card
    # is not the answer.
    hints = any(same_action(expected, a) for a in verdict.allowed)
    rule = f"\u201c{verdict.hint.title}\u201d: {verdict.explanation}" if hints else step.explanation
    g, r = given.card.label, RIGHT_CARD  # the right card is not named before the reveal
    try:
        cost = card_cost(step, given, expected)
    except Exception:  # the computation is a courtesy; the rule still speaks
        about = "what the Hints say of this" if hints else "the principle of this"
        return Diagnosis(f"Not {g}: think again about {about} {info.decision}.", rule)
    how = "every holding" if cost.exact else f"{cost.holdings} sampled holdings"
    measured = (
        f"Over {how} your adversary may have, with the best play on both sides, {g} wins the"
        f" point {_percent(cost.given_point)} and the vole {_percent(cost.given_vole)},"
        f" {r} {_percent(cost.right_point)} and {_percent(cost.right_vole)}: the deal"
        f" is worth {signed(cost.given_value)} points on average after {g},"
        f" {signed(cost.right_value)} after {r}."
    )
    if note := score_note(info):
        measured += f" {note}"
    # What the rule weighs in this hand, without naming its card (a learner review: "not
    # the card the Hints play" gave no reason before the answer; a worse card was told
    # its figures alone).
    decides = ""
    if hints:
        weighs = "; ".join(verdict.matched)
        decides = f" The Hints decide this {info.decision} by “{verdict.hint.title}”" + (
            f" ({weighs})." if weighs else "."
        )
        if verdict.action.card.suit == given.card.suit and verdict.action != given:
            # the right suit, the wrong card: say which part of the rule was missed (a
            # learner review: told the rule he had followed, "lead from the guarded suit")
            if info.decision == "lead":
                decides += f" {g} is of the suit it leads from, but not the card it leads."
            else:
                decides += f" {g} is of the suit it plays, but not the card it plays."
    if cost.given_value < cost.right_value - VALUE_MARGIN:
        why = ""
        if cost.given_point > cost.right_point:
            why = (
                f" {g} wins the point more often, but {r} wins the vole more often, and the"
                " vole counts two."
                if cost.right_vole > cost.given_vole
                else f" {g} wins the point more often, but leaves your adversary the vole more"
                " often."
            )
        starting = _trump_at_starting(info, given, verdict) if hints else ""
        return Diagnosis(
            f"{g} costs you here.{decides}{starting} {measured}{why} {cost.example}".strip(),
            rule,
        )
    opening = "the card the Hints play" if hints else "the card this step teaches"
    return Diagnosis(
        f"{g} is not {opening} here.{decides} {measured}"
        f" {_within_margin(g, cost.given_value - cost.right_value, hints)}",
        rule,
        sound=True,
    )


def _within_margin(given: str, diff: float, hints: bool = True) -> str:
    """The figures just given, read against the margin: a difference the tutor does not
    count as a cost is still told as the figures show it (a learner review: "as good"
    beside 1% against 2%, -0.98 against -0.93)."""
    method = (
        "this is the Hints' method rather than a point lost."
        if hints
        else "this is the step's principle rather than a point lost."
    )
    if abs(diff) < 0.005:
        return f"The computation finds {given} as good: {method}"
    if diff > 0:
        return f"The computation finds {given} better, by {diff:.2f} of a point a deal: {method}"
    return (
        f"The computation finds {given} a little worse, by {-diff:.2f} of a point a deal: too"
        " little to count as a point lost."
    )
