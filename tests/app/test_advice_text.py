"""The hint panel opens with one line that says what the hints and the engine
choose and whether they agree (a learner review: the engine's advice, below the
hints, needed PageDown to be seen, and a disagreement went unnoticed)."""

from __future__ import annotations

from tests.helpers import arranged
from tutor.app.advice import advice_markdown, in_short
from tutor.engines.base import Advice
from tutor.hints import HINTS, advise
from tutor.rules.actions import PLAY, PROPOSE
from tutor.rules.infoset import infoset_of


def test_in_short_says_when_they_agree_and_when_they_differ():
    info = infoset_of(arranged("KS QS JS 7H 8H", "KH QH JH 7D 8D", "9S"))
    verdict = advise(info)
    agree = in_short(verdict, "best", Advice(verdict.action, "a reason"))
    assert "agree" in agree
    other = PROPOSE if verdict.action == PLAY else PLAY
    differ = in_short(verdict, "best", Advice(other, "a reason"))
    assert "agree" not in differ and "rules of thumb" in differ
    text = advice_markdown(info, "best", Advice(other, "a reason"))
    assert text.startswith("**In short:**")
    assert text.index("In short") < text.index("#### The hints say")


def test_in_short_when_no_hint_decides():
    assert "no hint decides" in in_short("nothing here", "best", Advice(PLAY, "r"))
    assert HINTS  # the registry is loaded: the verdicts above came from it


def test_in_short_gives_the_gap_when_the_engine_weighed_both():
    # A learner review: "the hints say X, the engine Y" over figures that tied.
    info = infoset_of(arranged("KS QS JS 7H 8H", "KH QH JH 7D 8D", "9S"))
    verdict = advise(info)
    other = PROPOSE if verdict.action == PLAY else PLAY
    tie = Advice(other, "r", values={str(other): 0.19, str(verdict.action): 0.19})
    assert "either will do" in in_short(verdict, "best", tie)
    wide = Advice(other, "r", values={str(other): 0.40, str(verdict.action): -0.10})
    assert "0.50 points better (+0.40 against -0.10)" in in_short(verdict, "best", wide)


def test_the_margin_is_the_difference_of_the_figures_as_shown():
    # A learner review: "by 0.57 points over propose" beside +0.84 and +0.28.
    info = infoset_of(arranged("KS QS JS 7H 8H", "KH QH JH 7D 8D", "9S"))
    verdict = advise(info)
    other = PROPOSE if verdict.action == PLAY else PLAY
    agreeing = Advice(verdict.action, "r", values={str(verdict.action): 0.8449, str(other): 0.2751})
    assert "by 0.56 points over" in in_short(verdict, "best", agreeing)
    differing = Advice(other, "r", values={str(other): 0.8449, str(verdict.action): 0.2751})
    said = in_short(verdict, "best", differing)
    assert "0.56 points better (+0.84 against +0.28)" in said
    assert "the best engine chooses to **" in said


def test_a_discard_of_no_cards_is_named_as_such():
    from tutor.app.narrate import describe_action
    from tutor.rules.actions import discard

    assert describe_action(discard()) == "take no cards"


def test_the_engines_figures_say_what_they_count():
    """A learner review: -2.03 beside a lead, a trick already won, read as impossible;
    the figures are the whole deal's, a king marked included, and say so."""
    from tutor.app.advice import VALUES_CAPTION, engine_markdown

    text = engine_markdown("best", Advice(PLAY, "r", values={"play": -2.03, "propose": -1.9}))
    assert VALUES_CAPTION in text and "king already marked" in VALUES_CAPTION
    # the figures first, what they mean after (a tester's review: the caption stood
    # before them in every hint, three PageDowns deep at 80x24)
    assert text.index("- play: -2.03") < text.index(VALUES_CAPTION)
    assert VALUES_CAPTION not in engine_markdown("hints", Advice(PLAY, "r"))


def test_figures_at_a_score_that_weighs_the_game_say_how():
    """A learner review: "+2.53 points on average" at three to four, beside a deal that
    scores three at most. Where the score weighs two points otherwise than twice one,
    the caption says how; at love-all it does not."""
    from tutor.app.advice import engine_markdown
    from tutor.rules.cards import card, parse_cards
    from tutor.rules.infoset import InfoSet

    values = {"play": 1.97, "propose": 2.53}
    late = InfoSet(
        decision="propose",
        role="nondealer",
        hand=parse_cards("KH JH 8H 7S TD"),
        turnup=card("9H"),
        score=(3, 4),
    )
    text = engine_markdown("best", Advice(PLAY, "r", values=values), info=late)
    assert "At 3–4 before this deal, the figures are points weighed by what they do" in text
    assert "two points for you count 2.95, as they win you the game" in text
    assert "two points against you count only 1.00, as one point already loses you the game" in text
    early = InfoSet(
        decision="propose",
        role="nondealer",
        hand=parse_cards("KH JH 8H 7S TD"),
        turnup=card("9H"),
    )
    assert "points weighed" not in engine_markdown(
        "best", Advice(PLAY, "r", values=values), info=early
    )


def test_a_card_played_second_is_said_as_it_answers_the_card_led():
    """A learner review: "✓ Right: follow 8♠" for a trump, in the lesson on trumping."""
    from tutor.app.narrate import describe_action
    from tutor.rules.actions import follow, lead
    from tutor.rules.cards import card
    from tutor.rules.infoset import InfoSet

    info = InfoSet(
        "follow",
        "nondealer",
        tuple(card(c) for c in ("KH", "8S", "9D", "7C")),
        card("JS"),
        tricks=((card("7D"), card("TD")),),
        led=card("QH"),
    )
    assert describe_action(follow(card("KH")), info) == "follow suit with K♥"
    assert describe_action(follow(card("8S")), info) == "trump with 8♠"
    assert describe_action(follow(card("9D")), info) == "throw away 9♦"
    assert describe_action(follow(card("9D"))) == "follow 9♦"  # no position: the notation's word
    assert describe_action(lead(card("9D")), info) == "lead 9♦"


def test_the_engines_figures_put_its_choice_first_among_equals_and_say_the_cut():
    """A tester's review: K♠ listed first at -1.05 beside "the engine chooses 9♣"
    (-1.05 too), and a fifth lead left out without a word."""
    from tutor.app.advice import engine_markdown
    from tutor.engines.base import Advice
    from tutor.rules.actions import lead
    from tutor.rules.cards import card

    values = {
        "lead KS": -1.05,
        "lead 9C": -1.049,
        "lead KH": -1.08,
        "lead 8H": -1.2,
        "lead 9H": -1.3,
    }
    text = engine_markdown("best", Advice(lead(card("9C")), "a reason", values=values))
    listed = [line for line in text.splitlines() if line.startswith("- ")]
    assert listed[0].startswith("- lead 9♣") and listed[1].startswith("- lead K♠")
    assert listed[-1] == "- *and 1 more, worth less*" and len(listed) == 5
    assert "-0.00" not in engine_markdown(
        "best", Advice(lead(card("9C")), "r", values={"lead 9C": -0.001})
    )


def test_a_card_hint_says_why_not_the_next_best_in_this_hand():
    """A tester's review: "why 9♥?" had no answer but figures. The hint shows one
    holding of the adversary's where the next best card makes fewer tricks; none where
    the two are about as good."""
    from tutor.app.advice import card_why
    from tutor.engines.base import Advice
    from tutor.rules.actions import lead
    from tutor.rules.cards import card
    from tutor.rules.infoset import InfoSet

    info = InfoSet(
        "lead", "nondealer", tuple(card(c) for c in ("KS", "9C", "8H", "9H", "TH")), card("7D")
    )
    advice = Advice(
        lead(card("9C")), "r", values={"lead 9C": 0.40, "lead KS": 0.10, "lead 8H": -0.2}
    )
    why = card_why(info, advice)
    assert why.startswith("**Why not lead K♠?** For instance, if your adversary holds ")
    assert "where 9♣ makes" in why
    close = Advice(lead(card("9C")), "r", values={"lead 9C": 0.40, "lead KS": 0.38})
    assert card_why(info, close) == ""


def test_the_note_under_a_cards_figures_says_every_holding_when_all_were_solved():
    """A reviewer: the reason said "over all 171 holdings the opponent can have, each
    played out exactly", the note under it "the cards solved in sampled holdings"."""
    import random

    from tutor.app.advice import engine_markdown
    from tutor.engines import make_engine
    from tutor.rules.game import Game

    game, rng, engine = Game.new(7), random.Random(7), make_engine("best", 7)
    seen = set()
    while game.deal_number <= 2 and not game.is_over:
        position = game.position
        playing = position.phase.name in ("LEAD", "FOLLOW") and len(game.legal_actions()) > 1
        if playing and len(position.hands[position.to_act]) <= 4:
            info = infoset_of(position, position.to_act)
            advice = engine.advise(info)
            note = engine_markdown("best", advice, info=info)
            every = "holdings the opponent can have" in advice.reason
            assert advice.exact is every
            assert ("solved in every holding" in note) is every
            assert ("solved in sampled holdings" in note) is not every
            seen.add(every)
        game = game.apply(rng.choice(game.legal_actions()))
    assert seen == {True, False}


def test_the_advice_says_in_words_what_the_engines_choice_does_before_any_figure():
    """Issue 32: one plain sentence first (``Advice.said``), the figures after; the
    engine's paragraph below does not say it twice."""
    info = infoset_of(arranged("KS QS JS 7H 8H", "KH QH JH 7D 8D", "9S"))
    verdict = advise(info)
    words = "Play: with three trumps (K♠ Q♠ J♠), the hand is strong enough to stand as it is."
    values = {str(verdict.action): 0.9, str(PROPOSE if verdict.action == PLAY else PLAY): 0.3}
    agreeing = Advice(verdict.action, f"{words} Playing is worth +0.90.", values=values, said=words)
    line = in_short(verdict, "best", agreeing)
    assert words in line and line.index(words) < line.index("by 0.60 points")
    other = PROPOSE if verdict.action == PLAY else PLAY
    differing = Advice(
        other, f"{words} Worth +0.90.", values={**values, str(other): 1.5}, said=words
    )
    line = in_short(verdict, "best", differing)
    assert line.index(words) < line.index("0.60 points better")
    panel = advice_markdown(info, "best", agreeing)
    assert panel.count(words) == 1 and "Playing is worth +0.90." in panel
