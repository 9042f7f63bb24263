"""A position told in sentences, and a law question's numbered choice, as the lesson
board shows them (plain text: never parsed as markup)."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text

from tutor.app.narrate import penalty_fact
from tutor.app.widgets.cards import card_label


def choice_entry(n: int, text: str, tried: bool = False) -> Table:
    """A numbered choice whose text, when it wraps, stays clear of the number; one
    ``tried`` already (a wrong answer to this step) dimmed, with a ✗ and "tried"."""
    grid = Table.grid(padding=(0, 1))
    grid.add_column(width=2, justify="right", no_wrap=True)
    grid.add_column(ratio=1)
    if tried:
        grid.add_row(
            Text(f"{n}.", style="dim"),
            Text.assemble(("✗ ", "bold red"), (text, "dim"), (" (tried)", "dim italic")),
        )
    else:
        grid.add_row(Text(f"{n}.", style="bold"), Text(text))
    return grid


def position_facts(info) -> list[str]:
    """The position in sentences (plain text): role, score, trumps, what has happened."""
    me, them = info.score
    king_me, king_them = int(info.king == "me"), int(info.king == "opponent")
    score = f"Score: you {me + king_me}, your adversary {them + king_them} (game of {info.game})"
    if king_me or king_them:
        score += f"; {'your' if king_me else 'his'} point for the king is counted"
    facts = [
        f"You are the {'dealer' if info.is_dealer else 'non-dealer'}. {score}.",
        f"Trumps: {info.trump.symbol} {info.trump.noun}",
    ]
    if info.exchanges:
        told = [f"the non-dealer took {a}, the dealer {b}" for a, b in info.exchanges]
        if info.is_dealer and info.decision == "discard":
            # the exchange in progress: the dealer's own share is the question, not 0
            told[-1] = f"the non-dealer took {info.exchanges[-1][0]}, the dealer is to choose"
        facts.append("Exchanges: " + "; ".join(told))
    if info.discards:
        facts.append("You discarded: " + " ".join(card_label(c) for c in info.discards))
    if info.king:
        turned = info.turnup.rank.name == "KING"
        who = "you" if info.king == "me" else "your adversary"
        facts.append(f"The king of trumps: {'turned up, for' if turned else 'marked by'} {who}")
    if info.penalty is not None:
        facts.append(penalty_fact(info))
    if info.tricks:
        mine, theirs = info.tricks_won()
        played = ", ".join(f"{card_label(a)} {card_label(b)}" for a, b in info.tricks)
        facts.append(f"Tricks: {played} (you {mine}, your adversary {theirs})")
    return facts
