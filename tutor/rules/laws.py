"""The laws of play: which cards may be played, who wins a trick, what a deal scores.

This module and ``tutor.rules.deal`` are the one place where the rules of the game live.
Each function cites the laws it applies: the Britannica's summary
(``britannica-9/play``, ``britannica-9/scoring``) and the club laws (``club-laws/N``).
"""

from __future__ import annotations

from collections.abc import Sequence

from tutor.rules.cards import Card, Suit
from tutor.rules.rulesets import RuleSet


def beats(card: Card, other: Card, trump: Suit) -> bool:
    """True if ``card``, played second, wins a trick led with ``other``.

    The highest card of the suit led wins; trumps win other suits
    (britannica-9/play; club-laws/intro: "a seven of trumps can take the king").
    """
    if card.suit == other.suit:
        return card.rank > other.rank
    return card.suit == trump


def trick_winner(first: Card, second: Card, trump: Suit) -> int:
    """0 if the card played first wins the trick, 1 if the second does."""
    return 1 if beats(second, first, trump) else 0


def trick_leaders(
    tricks: Sequence[tuple[Card, Card]], trump: Suit, first: int = 0
) -> tuple[int, ...]:
    """Who led each trick, and who leads next: seat ``first`` (the non-dealer)
    leads the first trick, the winner of a trick the next (britannica-9/play).

    Seats are 0 and 1, ``first`` being the first leader's. The answer has one
    entry more than ``tricks``: entry ``i + 1`` is the winner of trick ``i``.
    """
    leader = first
    out = [leader]
    for led, reply in tricks:
        if beats(reply, led, trump):
            leader = 1 - leader
        out.append(leader)
    return tuple(out)


def legal_follows(hand: Sequence[Card], led: Card, trump: Suit) -> tuple[Card, ...]:
    """The cards the second player may play to ``led``.

    He must follow suit if able, and must win the trick if he can, whether by
    trumping or otherwise (britannica-9/play; club-laws/43 penalises failing to).
    Holding none of the suit led he must trump if he can; otherwise any card.
    """
    same_suit = [c for c in hand if c.suit == led.suit]
    if same_suit:
        winners = [c for c in same_suit if c.rank > led.rank]
        return tuple(winners or same_suit)
    trumps = [c for c in hand if c.suit == trump]
    if trumps:
        return tuple(trumps)
    return tuple(hand)


def point_winner(tricks_won: Sequence[int]) -> int:
    """The seat that took three or more of the five tricks (britannica-9/scoring)."""
    return 0 if tricks_won[0] >= 3 else 1


def trick_points(tricks_won: int, penalised_loser: bool, rules: RuleSet) -> int:
    """What the winner of the point scores for his tricks.

    English (club-laws/48, club-laws/49): one for the point, two for the vole;
    two for the point when the loser played without proposing or refused the
    first proposal, "the score for the vole being unaffected".
    French (french/ecart): the point de refus is one point more for the winner,
    vole included; the deal's cap (french/points) is applied by the caller.
    """
    base = 2 if tricks_won == 5 else 1
    if not penalised_loser:
        return base
    if rules.french:
        return base + 1
    return max(base, 2)


def cap_deal_points(points: int, rules: RuleSet) -> int:
    """French rules count no more than three points for one deal (french/points)."""
    if rules.max_deal_points is None:
        return points
    return min(points, rules.max_deal_points)


def deal_points(
    won: Sequence[int], penalty: int | None, rules: RuleSet, marked: Sequence[int] = (0, 0)
) -> tuple[int, int]:
    """The points (seat 0's, seat 1's) of a deal whose five tricks are out: the one
    scoring of a deal, by the rules in force.

    ``won`` is the tricks each seat took; ``penalty`` the seat that played without
    proposing or refused the first proposal (club-laws/49; french/ecart), or None;
    ``marked`` what each seat already scored in this deal (the king, club-laws/23-24,
    french/marque). The winner of the point (britannica-9/scoring: three tricks or
    more) adds ``trick_points`` (one, two for the vole; law 49's two against a
    penalised loser, or the French point de refus) and, under French rules, no deal
    counts him more than three (french/points): the vole against a penalised loser
    is 3 in French, 2 in English.
    """
    winner = point_winner(won)
    penalised_loser = penalty is not None and penalty != winner
    gained = trick_points(won[winner], penalised_loser, rules)
    total = cap_deal_points(marked[winner] + gained, rules)
    return (total, marked[1]) if winner == 0 else (marked[0], total)


def deal_points_told(
    won: Sequence[int],
    penalty: int | None,
    rules: RuleSet,
    marked: Sequence[int],
    names: Sequence[str],
    king_turned_up: bool = False,
    dealer: int | None = None,
) -> list[str]:
    """How ``deal_points`` scores this deal, a line for each point, in words and
    with the law as a reader names it (club-laws/22-23, 48, 49; french/marque,
    french/ecart, french/points): the king, the point or the vole, law 49's
    penalty or the point de refus, the three-point cap."""
    king = "turned up (club law 22" if king_turned_up else "announced (club law 23"
    king += ")" if not rules.french else "; the French rules, On marque)"
    lines = [f"{names[seat]}: 1 for the king {king}" for seat in (0, 1) if marked[seat]]
    if sum(won) < 5:
        return lines  # the tricks were not played out (the game ended on the king)
    winner = point_winner(won)
    tricks = won[winner]
    base = 2 if tricks == 5 else 1
    what = "the vole, all five tricks" if tricks == 5 else f"the point, {tricks} tricks"
    penalised = penalty is not None and penalty != winner
    gained = trick_points(tricks, penalised, rules)
    loser = names[1 - winner]
    # Which fault law 49 punishes: the non-dealer's play, or the dealer's refusal.
    if dealer is None:
        fault = "played without proposing or refused"
    elif penalty == dealer:
        fault = "refused the first proposal"
    else:
        fault = "played without proposing"
    if not penalised:
        why = "club law 48" if not rules.french else "the French rules, the points"
        lines.append(f"{names[winner]}: {gained} for {what} ({why})")
    elif rules.french:
        lines.append(
            f"{names[winner]}: {base} for {what}, and 1 more, the point de refus: {loser}"
            f" {fault}, and lost (the French rules, L'écart)"
        )
    elif tricks == 5:
        lines.append(
            f"{names[winner]}: 2 for {what}; {loser} {fault},"
            f' but "the score for the vole" is "unaffected" (club law 49)'
        )
    else:
        lines.append(
            # "where the point alone scores 1": a bare "not 1" reads as a count of tricks
            f"{names[winner]}: 2 for {what}, where the point alone scores 1: {loser} {fault},"
            " and lost (club law 49)"
        )
    cap = rules.max_deal_points
    if cap is not None and marked[winner] + gained > cap:
        lines.append(
            f"{names[winner]}: no more than {cap} for one deal (the French rules, the points)"
        )
    return lines


def game_value(loser_score: int, rules: RuleSet) -> int:
    """Law 46's optional valuation of a won game: treble if the loser has not
    scored, double if he has one or two, single if three or four (club-laws/46).
    Without the option a game counts one."""
    if not rules.valuation:
        return 1
    if loser_score == 0:
        return 3
    if loser_score <= 2:
        return 2
    return 1
