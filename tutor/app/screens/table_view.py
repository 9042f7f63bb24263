"""What the tables screen shows of its session: the hands of the pool's game the
learner watches, the question put to him now, and the hint (the table's words shown as
text, keys in bold)."""

from __future__ import annotations

from textual.content import Content

from tutor.app.advice import advice_markdown, engine_markdown, titled_sources, with_terms
from tutor.app.markup import styled
from tutor.app.screens.decision_keys import DECISION_KEYS, follow_prompt
from tutor.app.widgets.cards import card_label
from tutor.play.protocol import LEARNER
from tutor.play.table_session import TableSession
from tutor.rules.cards import Card, sort_hand
from tutor.rules.deal import discard_count
from tutor.rules.infoset import infoset_of
from tutor.tables import PoolTable
from tutor.tables.coach import AnyTable, round_hint
from tutor.texts.library import Library


def hint_markdown(session: TableSession, table: AnyTable, library: Library | None) -> str:
    advice = session.advisor.advise(table)
    name = session.advisor.name_at(table)
    if isinstance(table, PoolTable):
        text = advice_markdown(infoset_of(table.game.position), name, advice, library)
    else:
        hint = round_hint(table)
        lines = [
            "#### The hints say",
            f"**{titled_sources(hint.title, hint.sources, library)}**",
            "",
            hint.explanation,
            "",
            f"#### The strongest engine at this table ({name}) advises",
            engine_markdown(name, advice, library),
        ]
        text = with_terms("\n".join(lines), library)
    who = session.table.players[table.to_act]
    head = "" if table.to_act == LEARNER else f"*For {who}, whose hand you see while out.*\n\n"
    return head + text


def watched_hands(session: TableSession) -> Content:
    """The two hands of the pool's game the learner watches, open."""
    table = session.table
    if not isinstance(table, PoolTable):
        return Content()
    position = table.game.position
    lines = []
    for game_seat, pool_seat in enumerate(table.seats):
        role = "dealer" if position.dealer == game_seat else "non-dealer"
        cards = " ".join(
            card_label(c) for c in sort_hand(position.hands[game_seat], position.trump)
        )
        lines.append(
            styled(
                "[b]$name[/b] ($role): $cards",
                name=table.players[pool_seat],
                role=role,
                cards=cards or "—",
            )
        )
    return Content("\n").join(lines)


def table_prompt(
    session: TableSession, selected: set[Card], status: str, kinds: set[str]
) -> Content:
    """What the learner is asked now (the table's words shown as text, keys in bold)."""
    if session.table.is_over:
        return styled("[b]$status[/b]  New game: n · review: v · back: Escape", status=status)
    if session.watching():
        return styled(
            "$status.  Watch: [b]space[/b] the next move, [b]Enter[/b] to the deal's end.",
            status=status,
        )
    if not kinds:
        return styled("[i]$status…[/i]", status=status)
    count = len(session.hand_order())
    keys = "1" if count == 1 else f"1-{count}"
    if "discard" in kinds:
        chosen = " ".join(card_label(c) for c in sorted(selected, key=lambda c: c.index))
        sizes = [len(a.cards) for a in session.table.legal_actions() if a.kind == "discard"]
        return styled(
            "Chosen: $chosen. Discard $many: toggle cards with [b]$keys[/b], then [b]Enter[/b].",
            many=discard_count(min(sizes), max(sizes)),
            keys=keys,
            chosen=chosen or "—",
        )
    if "lead" in kinds:
        return styled("Your lead: a card with [b]$keys[/b].", keys=keys)
    if "follow" in kinds:
        view = session.table.view(LEARNER)
        trick = view.trick
        led = f"{trick[0][0]} led {card_label(trick[0][1])}: " if trick else ""
        allowed = [a.card for a in session.table.legal_actions() if a.kind == "follow"]
        trump = view.turnup.suit if view.turnup else None
        return follow_prompt(
            led, session.hand_order(), allowed, trick[0][1] if trick else None, trump
        )
    decisions = Content(" · ").join(
        styled("$label ([b]$key[/b])", label=label, key=key)
        for kind, (key, label) in DECISION_KEYS.items()
        if kind in kinds
    )
    return styled("$status: ", status=status) + decisions
