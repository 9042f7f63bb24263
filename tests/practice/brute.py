"""The defence's model checked by brute force: explicit holdings, no pool."""

from __future__ import annotations

from itertools import combinations

from tutor.engines.solver import bits, follows_mask, second_wins


def holdings(pool: int, must: int, size: int) -> frozenset[int]:
    free = [c for c in bits(pool) if not must >> c & 1]
    extra = size - must.bit_count()
    if extra < 0:
        return frozenset()
    out = set()
    for combo in combinations(free, extra):
        h = must
        for c in combo:
            h |= 1 << c
        out.add(h)
    return frozenset(out)


def reachable(
    trump: int,
    mine: int,
    worlds: frozenset[int],
    led: int,
    learner_leads: bool,
    won: tuple[int, int],
    need: int,
) -> bool:
    """Whether some strategy of the learner's, a function of what he sees, makes
    ``need`` tricks against every holding in ``worlds`` and every legal play."""
    if won[0] >= need:
        return True
    if won[0] + 5 - sum(won) < need:
        return False
    learner_to_play = learner_leads == (led < 0)
    if learner_to_play:
        cards = bits(mine) if led < 0 else bits(follows_mask(mine, led, trump))
        return any(
            _after(trump, mine & ~(1 << c), worlds, led, learner_leads, won, need, c, True)
            for c in cards
        )
    replies: dict[int, set[int]] = {}
    for h in worlds:
        legal = h if led < 0 else follows_mask(h, led, trump)
        for c in bits(legal):
            replies.setdefault(c, set()).add(h & ~(1 << c))
    return all(
        _after(trump, mine, frozenset(rest), led, learner_leads, won, need, c, False)
        for c, rest in replies.items()
    )


def _after(trump, mine, worlds, led, learner_leads, won, need, card, by_learner):  # type: ignore[no-untyped-def]
    if led < 0:
        return reachable(trump, mine, worlds, card, learner_leads, won, need)
    learner_won = second_wins(led, card, trump) == by_learner
    won = (won[0] + 1, won[1]) if learner_won else (won[0], won[1] + 1)
    return reachable(trump, mine, worlds, -1, learner_won, won, need)
