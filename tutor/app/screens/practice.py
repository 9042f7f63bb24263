"""Practice: positions played out to a goal against the adversarial defence.

``PracticeListScreen`` lists the positions by theme, with the learner's marks (✓
solved at the first try, ◐ solved later, ✗ failed) and those due for review.
``PracticeScreen`` is thin over ``tutor.practice.session.PracticeSession``: it
draws the session's view and passes it the learner's card; it records each
result in the progress store (``tutor.practice.record``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Header, OptionList, Static
from textual.widgets.option_list import Option

from tutor.app.markup import plain, styled
from tutor.app.navigation import host, services
from tutor.app.screens.decision_keys import card_keys
from tutor.app.widgets.cards import HandView
from tutor.app.widgets.footer import AdaptiveFooter

if TYPE_CHECKING:
    from tutor.practice.defence import Defence
    from tutor.practice.loader import PositionSet
    from tutor.practice.model import PracticePosition
    from tutor.practice.playout import Played
    from tutor.practice.session import PracticeView


def ordered(positions: PositionSet) -> list[PracticePosition]:
    """The positions in the list's order: by theme, then as the file has them."""
    from tutor.practice.themes import THEMES

    order = {theme: i for i, theme in enumerate(THEMES)}
    return sorted(positions.positions, key=lambda p: order.get(p.theme, len(order)))


class PracticeListScreen(Screen):
    """Choose a position (Enter); those due for review are marked."""

    BINDINGS = [
        Binding("enter", "open", "Open", priority=True, id="open"),
        Binding("v", "due", "Next due", id="due"),
        Binding("escape", "app.pop_screen", "Back", id="back"),
    ]

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="lessons"):
            yield Static("", id="lessons-head")
            yield OptionList(id="lesson-list")
        yield AdaptiveFooter()

    def on_mount(self) -> None:
        self.sub_title = "practice"
        self.fill()
        self.query_one(OptionList).focus()

    def on_screen_resume(self) -> None:
        self.fill()

    def fill(self) -> None:
        from tutor.app.lessonsource import when
        from tutor.practice.record import coming_back, due, marks
        from tutor.practice.themes import THEMES

        store = services(self).progress
        mine = marks(store)
        waiting = set(due(store))
        listing = self.query_one(OptionList)
        highlighted = listing.highlighted
        listing.clear_options()
        theme = None
        for position in ordered(services(self).positions):
            if position.theme != theme:
                theme = position.theme
                listing.add_option(
                    Option(styled("[b]$t[/b]", t=THEMES.get(theme, theme)), disabled=True)
                )
            mark = mine.get(position.id, " ")
            extra = "  [reverse] due [/reverse]" if position.id in waiting else ""
            listing.add_option(
                Option(
                    styled(
                        f"$mark $title [dim]· $goal[/dim]{extra}",
                        mark=mark,
                        title=position.title,
                        goal=position.goal.title,
                    ),
                    id=position.id,
                )
            )
        solved = sum(1 for m in mine.values() if m != "✗")
        faults = services(self).positions.faults
        head = styled(
            "[b]Practice[/b] — play each position out until you reach its goal; the computer"
            " holds whatever cards beat your line. $n positions, $s solved, $d due for review."
            "  ✓ first try  ◐ solved later  ✗ failed",
            n=len(services(self).positions.positions),
            s=solved,
            d=len(waiting),
        )
        if later := coming_back(store):
            head += plain(
                f" {len(later)} more coming back for review, the first"
                f" {when(later[0] - store.clock())}."
            )
        if faults:
            head = head + plain(f"\n{len(faults)} positions could not be read: {faults[0]}")
        self.query_one("#lessons-head", Static).update(head)
        if highlighted is None:  # the first position, not its theme's heading
            highlighted = next(
                (
                    i
                    for i in range(listing.option_count)
                    if not listing.get_option_at_index(i).disabled
                ),
                None,
            )
        if highlighted is not None:
            listing.highlighted = highlighted

    def action_open(self) -> None:
        self.query_one(OptionList).action_select()

    def action_due(self) -> None:
        from tutor.practice.record import due

        waiting = due(services(self).progress)
        if not waiting:
            self.notify("No practice position is due for review.")
            return
        host(self).open_practice(waiting[0])

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id:
            host(self).open_practice(event.option.id)


def trick_lines(view: PracticeView) -> list[str]:
    """The deal's tricks, each with who won it: those before the position, then the
    practice's."""
    from tutor.rules.laws import trick_winner

    info = view.position.info
    lines = []
    i_led = info.i_led()
    for number, ((first, second), mine_first) in enumerate(zip(info.tricks, i_led, strict=True), 1):
        me, him = (first, second) if mine_first else (second, first)
        second_won = trick_winner(first, second, info.trump) == 1
        mine = second_won != mine_first
        led = (
            f"you led {me.label}, he {him.label}"
            if mine_first
            else f"he led {him.label}, you {me.label}"
        )
        lines.append(f"{number}. {led}: {'yours' if mine else 'his'} (before)")
    for number, played in enumerate(view.tricks, len(info.tricks) + 1):
        lines.append(f"{number}. {_told(played)}: {'yours' if played.learner_won else 'his'}")
    return lines


def _told(played: Played) -> str:
    """A trick with who led it: "you led K♠, he 8♥" or "he led 7♦, you 7♥"."""
    mine, his = played.learner_card.label, played.adversary_card.label
    return f"you led {mine}, he {his}" if played.learner_first else f"he led {his}, you {mine}"


class PracticeScreen(Screen):
    """One position: play your cards (1-5) until the goal is settled."""

    BINDINGS = [
        # Key 1 once for each size of hand, as at the table (decision_keys): the footer
        # shows the one that fits the cards held now ("1-3" with three).
        *[
            Binding("1", f"card(1, {n})", "Card", key_display=card_keys(n), id=f"cards-{n}")
            for n in range(5, 0, -1)
        ],
        *[Binding(str(i), f"card({i})", "Card", show=False) for i in range(2, 6)],
        Binding("r", "retry", "Try again", id="retry"),
        Binding("n", "next", "Next position", id="next"),
        Binding("escape", "app.pop_screen", "Back", id="back"),
    ]

    def __init__(self, position: PracticePosition, defence: Defence) -> None:
        super().__init__()
        from tutor.practice.session import PracticeSession

        self.session = PracticeSession(position, defence)
        self.recorded_failure = False
        self.recorded = False

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll(id="practice"):
            yield Static("", id="practice-head")
            yield Static("", id="practice-tricks")
            yield Static("", id="practice-table")
            yield HandView(id="practice-hand")
            yield Static("", id="practice-feedback")
        yield AdaptiveFooter()

    def on_mount(self) -> None:
        position = self.session.position
        self.sub_title = f"practice · {position.id}"
        self.draw()

    def draw(self) -> None:
        view = self.session.view
        position = view.position
        info = position.info
        mine, his = info.score
        self.query_one("#practice-head", Static).update(
            styled(
                "[b]$title[/b]\n$setup\n[b]Goal:[/b] $goal\n[dim]Trumps $suit (turn-up $turnup)"
                " · score you $mine, he $his · tricks you $won, he $lost[/dim]",
                title=position.title,
                setup=position.setup,
                goal=position.goal.sentence,
                suit=info.trump.symbol,
                turnup=info.turnup.label,
                mine=mine,
                his=his,
                won=view.won[0],
                lost=view.won[1],
            )
        )
        tricks = trick_lines(view)
        self.query_one("#practice-tricks", Static).update(
            plain("Tricks: " + ("  ".join(tricks) if tricks else "none yet"))
        )
        if view.over:
            table = "The play is over."
        elif view.led is not None:
            table = f"He leads the {view.led.label}: your card ({card_keys(len(view.hand))})."
        else:
            table = f"Your lead ({card_keys(len(view.hand))})."
        self.query_one("#practice-table", Static).update(plain(table))
        self.query_one("#practice-hand", HandView).show(view.hand, playable=view.to_play)
        self.query_one("#practice-feedback", Static).update(plain(self.feedback(view)))
        self.refresh_bindings()

    @staticmethod
    def feedback(view: PracticeView) -> str:
        lines = [view.feedback]
        if view.line:
            lines.append("")
            lines.append("The line, trick by trick:")
            for step in view.line:
                played = step.played
                lines.append(f"Trick {step.trick}: {_told(played)}. {step.reason}".rstrip())
        if view.over:
            lines.append("n: next position" + ("" if view.goal_met else "  r: try again"))
        return "\n".join(lines)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        view = self.session.view
        if action == "card":
            if view.over:
                return False
            return len(parameters) < 2 or parameters[1] == len(view.hand)
        if action == "retry":
            return bool(self.session.cards)
        return True

    def action_card(self, number: int, size: int | None = None) -> None:
        from tutor.practice.playout import IllegalCard

        view = self.session.view
        if view.over or not 1 <= number <= len(view.hand):
            return
        card = view.hand[number - 1]
        try:
            self.session.play(card)
        except IllegalCard as exc:
            self.notify(str(exc).split(": ", 1)[-1], title="Not that card")
            return
        self.record()
        self.draw()

    def on_hand_view_card_chosen(self, event: HandView.CardChosen) -> None:
        self.action_card(event.index + 1)

    def record(self) -> None:
        from tutor.practice.record import record_failure, record_success

        view = self.session.view
        if not view.over or self.recorded:
            return
        store = services(self).progress
        if view.goal_met:
            record_success(store, self.session.position, self.session.attempts)
            self.recorded = True
        elif not self.recorded_failure:
            record_failure(store, self.session.position)
            self.recorded_failure = True

    def action_retry(self) -> None:
        self.session.retry()
        self.draw()

    def action_next(self) -> None:
        order = ordered(services(self).positions)
        here = [p.id for p in order].index(self.session.position.id)
        following = order[(here + 1) % len(order)]
        self.app.switch_screen(PracticeScreen(following, self.session.defence))
