"""What the play screen shows of its session: the table, the scoreboard, the question
put to the learner now and where the gallery points (names and cards shown as text,
keys in bold)."""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Button

from tutor.app.markup import plain, styled
from tutor.app.narrate import penalty_fact
from tutor.app.screens.decision_keys import DECISION_KEYS, card_keys, follow_prompt, last_card_words
from tutor.app.widgets.cards import card_label
from tutor.app.widgets.scoreboard import Board
from tutor.app.widgets.trick import TableView
from tutor.play.protocol import LEARNER
from tutor.play.session import PlaySession
from tutor.rules.cards import Card, sort_hand
from tutor.rules.deal import Phase, discard_count
from tutor.rules.infoset import infoset_of


def table_view(session: PlaySession) -> TableView:
    """The turn-up, the stock, the card led and the last trick."""
    position, names = session.board_position(), session.game.players
    last = position.tricks[-1] if position.tricks else None
    return TableView(
        turnup=position.turnup,
        stock=len(position.stock),
        led=position.led,
        led_by=names[position.leader],
        last_trick=last,
        last_winner=names[position.leader] if last else "",
    )


def board_of(session: PlaySession) -> Board:
    """The scoreboard: the score (the deal just over's, behind its summary), trumps,
    tricks, the king, and who stands to pay for a refusal."""
    game, position = session.game, session.board_position()
    score, deal = session.board_score()
    return Board(
        names=game.players,
        score=score,
        game=game.rules.game_points,
        deal=deal,
        dealer=position.dealer,
        trump=f"{position.trump.symbol} {position.trump.noun}",
        tricks=position.tricks_won(),
        king=position.king,
        games_won=game.games_won,
        rules=f"{game.rules.name.capitalize()} rules",
        penalty=(
            penalty_fact(infoset_of(position, LEARNER))
            if position.penalty is not None and not position.is_over
            else ""
        ),
    )


def gallery_note(session: PlaySession) -> Content:
    """Where the gallery points, at the learner's own decisions only."""
    game = session.game
    if not session.gallery.enabled or game.is_over or session.in_summary or game.to_act != LEARNER:
        return Content()
    try:
        pointing = session.gallery.point(infoset_of(game.position, LEARNER))
    except Exception as exc:  # advice must never break play
        return styled("\n[i]The gallery is silent ($exc).[/i]", exc=exc)
    return styled("\n[i]$note[/i]", note=pointing.describe()) if pointing else Content()


def play_prompt(session: PlaySession, selected: set[Card]) -> Content:
    """What the learner is asked now (names and cards shown as text, keys in bold)."""
    game, position = session.game, session.game.position
    names = game.players
    if game.is_over and game.winner is None:
        return styled(
            "[b]Drawn: one manche each, no belle.[/b] New game: [b]n[/b]"
            " · the last deal again: [b]r[/b]"
        )
    if game.is_over and game.winner is not None:
        return styled(
            "[b]$name wins the game.[/b] New game: [b]n[/b] · the last deal again: [b]r[/b]",
            name=names[game.winner],
        )
    if session.in_summary:
        return plain("The deal is over.")
    if game.to_act != LEARNER:
        return styled("[i]$name is thinking…[/i]", name=names[game.to_act])
    phase = position.phase
    keys = card_keys(len(position.hands[LEARNER]))
    if phase is Phase.PROPOSE:
        return styled("Play the hand as it is ([b]p[/b]) or propose an exchange ([b]o[/b])?")
    if phase is Phase.ACCEPT:
        return styled(
            "$name proposes: accept ([b]a[/b]) or refuse ([b]x[/b])?", name=names[1 - LEARNER]
        )
    if phase is Phase.DISCARD:
        low, high = position.discard_range()
        chosen = " ".join(card_label(c) for c in sort_hand(selected, position.trump))
        return styled(
            "Chosen: $chosen. Discard $many: toggle cards with [b]$keys[/b], then [b]Enter[/b].",
            many=discard_count(low, high),
            keys=keys,
            chosen=chosen or "—",
        )
    if phase is Phase.MARK_KING:
        if position.king_law() == "club-laws/24":  # the king was the first card
            until = "until it is played to" if position.led else "until you play again"
            return styled(
                "Your first card was the king of trumps: club law 24 lets you announce it"
                " $until. Mark it ([b]m[/b]) or hold ([b]k[/b])?",
                until=until,
            )
        return styled("You hold the king of trumps: mark it ([b]m[/b]) or hold ([b]k[/b])?")
    last = len(position.hands[LEARNER]) == 1
    led = position.led
    if phase is Phase.LEAD:
        if last:
            return styled("Your lead: your last card, [b]1[/b].")
        return styled("Your lead: a card with [b]$keys[/b].", keys=keys)
    if last:
        return styled(
            "$name led $card: $way your last card, [b]1[/b].",
            name=names[1 - LEARNER],
            card=card_label(led) if led else "?",
            way=last_card_words(position.hands[LEARNER][0], led, position.trump),
        )
    allowed = [a.card for a in game.legal_actions() if a.kind == "follow"]
    led_by = f"{names[1 - LEARNER]} led {card_label(led) if led else '?'}: "
    return follow_prompt(led_by, session.hand_order(), allowed, led, position.trump)


def decision_buttons(kinds: set[str]) -> list[Button]:
    """A button for each decision open (and Discard), none taking the focus: the keys
    stay the hand's."""
    buttons = [
        Button(f"{label} ({key})", name=kind, compact=True)
        for kind, (key, label) in DECISION_KEYS.items()
        if kind in kinds
    ]
    if "discard" in kinds:
        buttons.append(Button("Discard (Enter)", name="discard", compact=True))
    for button in buttons:
        button.can_focus = False
    return buttons
