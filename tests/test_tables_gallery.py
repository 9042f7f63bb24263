"""The gallery (britannica-9/players, britannica-9/laws/24, britannica-9/laws/25).

At French écarté bystanders who bet may advise by pointing at cards (players,
law 25); at English écarté they may give no advice (law 24), the default.
"""

from types import SimpleNamespace

from tests.helpers import arranged
from tutor.hints import Hint, Verdict
from tutor.rules.actions import PLAY, discard, lead
from tutor.rules.cards import card
from tutor.rules.infoset import infoset_of
from tutor.tables.computer import two_handed_infoset
from tutor.tables.gallery import Gallery
from tutor.tables.pool import PoolTable


def test_the_english_rule_is_the_default_no_advice():
    gallery = Gallery()
    info = infoset_of(arranged("KS QS JS 7H 8H", "KH QH JH 7D 8D", "9D").apply(PLAY), 0)
    assert gallery.point(info) is None
    assert gallery.law == "britannica-9/laws/24"


def test_the_gallery_points_at_the_card_the_hints_favour():
    from tutor.hints import advise

    info = infoset_of(arranged("KS QS JS 7H 8H", "KH QH JH 7D 8D", "9D").apply(PLAY), 0)
    pointing = Gallery(enabled=True).point(info)
    verdict = advise(info)
    assert pointing is not None
    assert pointing.cards == verdict.action.cards
    assert pointing.sources == verdict.sources
    assert "points at" in pointing.describe()


def test_the_gallery_points_only_at_cards():
    """Law 25: advice "by pointing only"; proposing and accepting are words, not cards."""
    info = infoset_of(arranged("KS QS JS 7H 8H", "KH QH JH 7D 8D", "9S"), 0)
    assert info.decision == "propose"
    assert Gallery(enabled=True).point(info) is None


def test_an_injected_adviser_and_discards():
    chosen = discard(card("7H"), card("8H"))
    hint = Hint("x/discard", "x", "discard", ("x",), "")
    gallery = Gallery(enabled=True, adviser=lambda info: Verdict(chosen, hint, ""))
    info = SimpleNamespace(decision="discard")
    pointing = gallery.point(info)
    assert pointing.cards == chosen.cards and "throw out" in pointing.describe()
    assert pointing.sources == ("x",)
    hint = Hint("x/lead", "x", "lead", ("y",), "")
    gallery = Gallery(enabled=True, adviser=lambda info: Verdict(lead(card("KS")), hint, ""))
    assert gallery.point(SimpleNamespace(decision="lead")).cards == (card("KS"),)


def test_in_the_pool_the_gallery_reads_the_learners_game():
    table = PoolTable.new(3)
    info = two_handed_infoset(table, 0)
    assert info.hand == table.game.position.hands[0]
