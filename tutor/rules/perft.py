"""Perft: the number of legal action sequences from a position to a given depth.

As in chess programming, exact counts of a few fixed deals catch any change to
the legal-move rules at once (tests/test_perft.py checks them against an
independent brute-force enumerator).
"""

from __future__ import annotations

from tutor.rules.deal import Position


def perft(position: Position, depth: int) -> int:
    if depth == 0 or position.is_over:
        return 1
    return sum(perft(position.apply(a), depth - 1) for a in position.legal_actions())


def card_play_sequences(position: Position) -> int:
    """Distinct ways the remaining tricks can be played (king decisions count as moves)."""
    if position.is_over:
        return 1
    return sum(card_play_sequences(position.apply(a)) for a in position.legal_actions())
