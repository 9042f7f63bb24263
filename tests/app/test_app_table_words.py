"""What the table says is what happened, and what 80x24 shows whole (issue 33, item 9):
a card thrown away or trumping named so to the last card and in the deal's summary; the
palette opening on the tutor's commands; the stock on one line; the unfinished game told
without covering the hand; a column between the contents' titles and their scrollbar."""

from __future__ import annotations

from app_helpers import create_app, run, settle
from textual.command import CommandList, CommandPalette
from textual.widgets import RichLog, Static, Tree

from tutor.analysis.review import Decision
from tutor.app.screens.play import PlayScreen
from tutor.app.screens.summary import DealSummary
from tutor.app.screens.texts import TextsScreen
from tutor.io.paths import data_dir
from tutor.rules.actions import Action
from tutor.rules.game import Game
from tutor.rules.infoset import infoset_of

SMALL = (80, 24)

# ``ecarte play --seed 3`` as a tester played it, North (the best engine) answering
SEED_3 = (
    "propose", "accept", "discard AC", "discard 8S JS TC TS", "play",
    "lead QS", "mark", "follow AH", "lead KH", "follow 7H",
    "lead KC", "follow AD", "lead JC", "follow 7D", "lead 8D",
)  # fmt: skip


def seed_3(moves: int) -> Game:
    game = Game.new(3)
    for text in SEED_3[:moves]:
        game = game.apply(Action.parse(text))
    return game


def test_a_card_thrown_away_is_said_so_in_the_summary():
    """A tester's review: "✓ follow 7♦" on K♣ led, hearts trumps."""
    before = seed_3(SEED_3.index("follow 7D"))
    info = infoset_of(before.position, 0)
    thrown = Action.parse("follow 7D")
    row = DealSummary.row(Decision(1, 0, "South", info, thrown, thrown, 0.0))
    assert row == "- ✓ throw away 7♦"
    worse = Decision(
        1,
        0,
        "South",
        info,
        thrown,
        Action.parse("follow KS"),
        0.4,
        {"follow 7D": -1.0, "follow KS": -0.6},
    )
    graded = DealSummary.row(worse)
    assert "follow 7♦" not in graded and "follow K♠" not in graded
    assert "throw away K♠ is worth" in graded


@run
async def test_the_last_card_says_it_is_thrown_away():
    """A tester's review: "North led J♣: follow with your last card" of a card thrown away."""
    app = create_app(start="play", seed=3, engine="random")
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, PlayScreen)
        screen.game = seed_3(len(SEED_3))
        prompt = screen.prompt().plain
        assert "throw away your last card" in prompt and "follow" not in prompt


@run
async def test_the_palette_opens_on_the_tutors_commands():
    """A tester's review: the palette opened on "Key: Scroll Up / scroll_up", Textual's."""
    app = create_app(start="play", seed=3, engine="random")
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+p")
        await settle(pilot)
        assert isinstance(app.screen, CommandPalette)
        commands = app.screen.query_one(CommandList)
        names = [
            str(commands.get_option_at_index(i).prompt).split("\n")[0]
            for i in range(commands.option_count)
        ]
        assert names and not any("Scroll" in n for n in names)
        assert not {"Keys", "Screenshot", "Theme"} & set(names)
        tutors = {"Drills", "Help", "Home", "Lessons", "Play", "Texts"}
        assert names[0] in tutors or names[0].startswith("Key: ")
        assert "Key: Play" in names and tutors <= set(names) and "Quit" in names


@run
async def test_the_stock_is_told_on_one_line_at_80x24():
    app = create_app(start="play", seed=3, engine="random")
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        notes = app.screen.query_one("#trick-notes", Static)
        assert notes.content_region.width >= len("Stock: 21 cards")


@run
async def test_the_unfinished_game_is_told_in_the_log_not_over_the_hand():
    """A tester's review: at 80x24 the notice covered the hand and broke the file's name."""
    app = create_app(start="play", seed=6, engine="random")
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        await pilot.press("p")
        await settle(pilot)
    app = create_app(start="play", seed=7, engine="random")
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        assert list((data_dir() / "games").glob("*-unfinished.txt"))
        assert not [n for n in app._notifications if n.title == "Unfinished game"]
        log = " ".join(line.text.strip() for line in app.screen.query_one(RichLog).lines)
        assert "Your unfinished game is kept among the saved games" in log


@run
async def test_a_column_stands_between_the_contents_titles_and_the_scrollbar():
    """A tester's review: at 80x24 the scrollbar touched "The point certain: propose"."""
    app = create_app(start="texts")
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, TextsScreen)
        screen.show_passage("britannica-9/hints/point-certain")  # the contents scroll
        await settle(pilot)
        screen.fit_labels()
        tree = screen.query_one(Tree)
        assert tree.show_vertical_scrollbar
        width = tree.scrollable_content_region.width
        for node in screen.nodes.values():
            if node.parent is not None and not node.parent.is_expanded:
                continue
            depth = 0
            parent = node.parent
            while parent is not None and parent.parent is not None:
                depth += 1
                parent = parent.parent
            icon = 2 if node.allow_expand else 0
            assert depth * tree.guide_depth + icon + len(str(node.label)) < width, node.label


def test_a_table_summary_says_a_card_thrown_away_or_trumping():
    from tutor.app.screens.table_summary import judged_line, said
    from tutor.tables import make_table
    from tutor.tables.coach import Judged, deals_played
    from tutor.tables.computer import Computer

    table = make_table("six", 10)
    computer = Computer("random", 10)
    while table.deal_number < 4:
        table = table.apply(computer.choose(table))
    ways = set()
    for deal in deals_played(table):
        for step in deal.steps:
            if step.action.kind != "follow":
                continue
            led, card = step.before.deal.trick[0], step.action.card
            words = said(step.action, step.before)
            if card.suit == led.suit:
                assert words == f"follow suit with {card.label}"
            elif card.suit == step.before.deal.trump:
                assert words == f"trump with {card.label}"
            else:
                assert words == f"throw away {card.label}"
                line = judged_line(
                    "South", Judged(step.action, step.action, 0.0), "rollout", step.before
                )
                assert f"South: throw away {card.label}" in line.plain
            ways.add(words.split(" ")[0])
    assert ways == {"follow", "trump", "throw"}
