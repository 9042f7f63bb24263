"""The texts screen (issue 13, item 7): French and English aligned in one scroll, the
emendation toggle, the laws' subjects and the French headings in the contents, labels
that fit at 80 columns, and a clear message for an unknown passage id; with a snapshot
at 80×24."""

from __future__ import annotations

from app_helpers import create_app, run, settle
from textual.containers import VerticalScroll
from textual.widgets import Static, Tree

from tutor.app.screens.texts import TextsScreen


async def _opened(pilot) -> TextsScreen:
    await settle(pilot)
    await pilot.pause(0.05)
    await settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, TextsScreen)
    return screen


def pairs(screen) -> list[tuple]:
    return [(row.query_one(".fr"), row.query_one(".en")) for row in screen.query(".pair")]


@run
async def test_french_and_english_side_by_side_row_by_row():
    app = create_app(start="texts", passage_id="french/ecart")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _opened(pilot)
        assert not screen.has_class("interleaved")
        rows = pairs(screen)
        passage = app.services.library.passage("french/ecart")
        assert len(rows) == len(passage.blocks) == 5
        for (french, english), (fr_text, _english) in zip(rows, passage.aligned(), strict=True):
            assert french.source == fr_text
            assert french.region.y == english.region.y  # each pair starts on one line
            assert english.region.x > french.region.x
        refus = next(en for fr, en in rows if "point de ⟨refus⟩" in fr.source)
        assert "extra point" in refus.source
        # one scroll: every row lives in the one scrolling pane
        scroll = screen.query_one("#reading", VerticalScroll)
        assert all(scroll in fr.ancestors for fr, _ in rows)
        assert not screen.query("#translation-box")


@run
async def test_french_and_english_interleaved_on_a_narrow_screen():
    app = create_app(start="texts", passage_id="french/ecart")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _opened(pilot)
        assert screen.has_class("interleaved")
        for french, english in pairs(screen):
            assert english.region.y >= french.region.bottom  # each English under its French
        await pilot.press("c")  # the contents hidden: the width for both columns
        await settle(pilot)
        assert not screen.has_class("interleaved")
        french, english = pairs(screen)[1]
        assert french.region.y == english.region.y
        await pilot.press("c")
        await settle(pilot)
        assert screen.has_class("interleaved")
        await pilot.resize_terminal(120, 40)  # a wider terminal: side by side again
        await settle(pilot)
        assert not screen.has_class("interleaved")


@run
async def test_emendation_toggle_marks_the_running_text():
    app = create_app(start="texts", passage_id="french/intro")
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await _opened(pilot)

        def french() -> str:
            return "\n".join(fr.source for fr, _ in pairs(screen))

        def line() -> str:
            return str(screen.query_one("#reading-line", Static).render())

        assert "les plus ⟨connus⟩ en France" in french() and "⟨as corrected⟩" in line()
        await pilot.press("e")
        await settle(pilot)
        assert "les plus ⟨connu⟩ en France" in french() and "⟨as received⟩" in line()
        await pilot.press("e")
        await settle(pilot)
        assert "les plus ⟨connu → connus⟩ en France" in french()
        assert "⟨received → corrected⟩" in line()
        await pilot.press("e")
        await settle(pilot)
        assert "les plus ⟨connus⟩ en France" in french()

        screen.show_passage("club-laws/38")  # the same marks outside the French rules
        await settle(pilot)
        assert "⟨as⟩ many as there are left" in screen.query_one("#original").source
        assert "Emended to *as*; the source has *at*." in screen.query_one("#original").source


def label(node) -> str:
    return str(node.label)


@run
async def test_club_laws_listed_with_their_subjects():
    app = create_app(start="texts", passage_id="club-laws/12")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _opened(pilot)
        laws = screen.nodes["club-laws/laws"]
        assert [n.data for n in laws.children] == [f"club-laws/{n}" for n in range(1, 52)]
        assert label(screen.nodes["club-laws/12"]) == "12. Faced card in the pack"
        for n, node in enumerate(laws.children, 1):
            subject = app.services.library.passage(f"club-laws/{n}").subject
            assert label(node) == f"{n}. {subject}"
        assert (
            "## Law 12: *Faced card in the pack*" in screen.query_one("#original").source
        )  # the project's subject, set apart


@run
async def test_french_contents_follow_its_headings():
    app = create_app(start="texts", passage_id="french/joueurs")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _opened(pilot)
        nodes = screen.nodes
        document = nodes["french/intro"].parent
        assert label(document) == "French rules"
        for top in ("french/intro", "french/deux", "french/trois", "french/cinq-six"):
            assert nodes[top].parent is document, top
        for section in ("french/joueurs", "french/ecart", "french/jeu", "french/valeur"):
            assert nodes[section].parent is nodes["french/deux"], section
        assert nodes["french/marque"].parent is nodes["french/valeur"]
        assert nodes["french/points"].parent is nodes["french/jeu"]
        assert nodes["french/deux"].is_expanded  # opened to show the passage


@run
async def test_every_contents_label_fits_at_80_columns():
    app = create_app(start="texts")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _opened(pilot)
        tree = screen.query_one(Tree)
        tree.root.expand_all()
        await settle(pilot)
        screen.fit_labels()
        assert tree.scrollable_content_region.width > 20
        cut = [
            (screen.labels[node.id], screen.label_room(node))
            for node in screen.nodes.values()
            if label(node) != screen.labels[node.id] or len(label(node)) > screen.label_room(node)
        ]
        assert cut == []
        assert tree.virtual_size.width <= tree.scrollable_content_region.width


@run
async def test_unknown_passage_id_says_so():
    app = create_app(start="texts", passage_id="club-law/38")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _opened(pilot)
        notice = screen.query_one("#notice", Static)
        assert notice.display and notice.region.height > 0
        text = str(notice.render())
        assert "No passage “club-law/38” in the texts." in text
        assert "search with /" in text
        original = screen.query_one("#original").source
        assert "Perhaps you meant" in original and "(passage:club-laws/38)" in original
        assert screen.current is None

        screen.show_passage("club-laws/38")
        await settle(pilot)
        assert not notice.display


@run
async def test_unknown_passage_id_is_shown_as_typed():
    ident = "[b]no[/] such](lesson:x)"
    app = create_app(start="texts", passage_id=ident)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _opened(pilot)
        assert ident in str(screen.query_one("#notice", Static).render())
        assert "lesson:x" not in screen.query_one("#original").source
        assert "No passage id comes near it." in screen.query_one("#original").source


async def _settled(pilot) -> None:
    await _opened(pilot)
    await pilot.pause(0.1)
    await pilot.app.workers.wait_for_complete()


def test_texts_french_small_terminal(snap_compare):
    app = create_app(start="texts", passage_id="french/ecart")
    assert snap_compare(app, terminal_size=(80, 24), run_before=_settled)


def test_texts_club_law_small_terminal(snap_compare):
    app = create_app(start="texts", passage_id="club-laws/38")
    assert snap_compare(app, terminal_size=(80, 24), run_before=_settled)


def test_beside_a_lesson_a_passage_keeps_the_projects_notes_but_not_the_emendations():
    """'Emended to trumps and; the source has trumpsand.' belongs to the texts, where
    the reading can be switched, not beside a learner's question."""
    from tutor.app.widgets.passage import passage_markdown
    from tutor.texts.library import load_library

    passage = load_library().passage("britannica-9/hints/discarding")
    assert passage.emendations
    assert "Emended" in passage_markdown(passage)
    beside = passage_markdown(passage, with_emendations=False)
    assert "Emended" not in beside and "trumps" in beside
    for note in passage.project_notes:
        assert note in beside


def test_a_glossary_entry_says_its_term_once():
    # A learner review: every glossary entry showed its term twice, heading and term.
    from tutor.app.screens.texts import passage_text
    from tutor.texts import load_library

    library = load_library()
    shown = passage_text(library.passage("glossary/vole"), "corrected", show_id=False, level=2)
    assert shown.count("Vole") == 1 and shown.startswith("## Vole")
    law = passage_text(library.passage("club-laws/38"), "corrected", show_id=False, level=2)
    assert "38.--If the dealer accept" in law


@run
async def test_a_page_marker_is_shown_apart_from_the_sentence():
    """A learner review: "At the adverse [9:7:621] score of four" in the texts and beside
    a lesson; the page sign stands there and the notes say which page begins."""
    from tutor.app.widgets.passage import passage_markdown

    app = create_app(start="texts", passage_id="britannica-9/hints/score/adverse-four")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _opened(pilot)
        for _reading in range(3):  # corrected, received, both
            shown = screen.query_one("#original").source
            assert "[9:7:621] score" not in shown and "adverse ‖ score of four" in shown
            assert "page 621 of volume 7 begins" in shown
            await pilot.press("e")
            await settle(pilot)
    beside = passage_markdown(
        app.services.library.passage("britannica-9/hints/score/adverse-four"),
        with_emendations=False,
    )
    assert "[9:7:621] score" not in beside and "adverse ‖ score of four" in beside
    assert "page 621 of volume 7 begins" in beside
