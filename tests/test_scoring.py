"""The one scoring of a deal, ``laws.deal_points``, English and French, and the
engines' and the study's scoring asking it rather than scoring again."""

from __future__ import annotations

import pytest

from tutor.analysis.study import _score
from tutor.engines.reference2 import _points
from tutor.rules.laws import deal_points, deal_points_told
from tutor.rules.rulesets import ENGLISH, FRENCH, RuleSet, make_rules

PENALTIES = (None, 0, 1)
KINGS = (None, 0, 1)


@pytest.mark.parametrize(
    ("won", "penalty", "marked", "english", "french"),
    [
        ((3, 2), None, (0, 0), (1, 0), (1, 0)),  # the point (britannica-9/scoring)
        ((5, 0), None, (0, 0), (2, 0), (2, 0)),  # the vole
        ((1, 4), None, (0, 0), (0, 1), (0, 1)),
        ((0, 5), None, (0, 0), (0, 2), (0, 2)),
        # against a penalised loser: law 49's two for the point, the vole unaffected;
        # the French point de refus, one more, the vole too (french/ecart)
        ((3, 2), 1, (0, 0), (2, 0), (2, 0)),
        ((5, 0), 1, (0, 0), (2, 0), (3, 0)),
        ((0, 5), 0, (0, 0), (0, 2), (0, 3)),
        # the penalised player who wins the point scores as usual
        ((4, 1), 0, (0, 0), (1, 0), (1, 0)),
        # the king marked counts; French rules count no more than three a deal
        ((5, 0), 1, (1, 0), (3, 0), (3, 0)),
        ((5, 0), None, (1, 0), (3, 0), (3, 0)),
        ((3, 2), 1, (0, 1), (2, 1), (2, 1)),
        ((0, 5), 0, (0, 1), (0, 3), (0, 3)),
    ],
)
def test_deal_points_by_the_rules(won, penalty, marked, english, french) -> None:
    assert deal_points(won, penalty, ENGLISH, marked) == english
    assert deal_points(won, penalty, FRENCH, marked) == french


def test_the_french_cap_only_under_french_rules() -> None:
    assert FRENCH.max_deal_points == 3
    assert ENGLISH.max_deal_points is None
    # law 46's valuation changes the value of a game, not of a deal
    valued = RuleSet(valuation=True)
    assert deal_points((5, 0), 1, valued, (1, 0)) == (3, 0)


def test_a_rule_set_scores_a_deal_by_its_name_alone() -> None:
    """The game, the match and law 46's valuation count games, not deals."""
    assert make_rules("french", 7).scoring == FRENCH
    assert make_rules("french", games_to_win=2, belle=False).scoring == FRENCH
    assert make_rules("english", valuation=True).scoring == ENGLISH
    for rules in (make_rules("french", 7), make_rules("english", valuation=True)):
        for t, penalty, king in _every_outcome():
            marked = (int(king == 0), int(king == 1))
            won = (t, 5 - t)
            assert deal_points(won, penalty, rules, marked) == deal_points(
                won, penalty, rules.scoring, marked
            )


def _every_outcome():
    for t in range(6):
        for penalty in PENALTIES:
            for king in KINGS:
                yield t, penalty, king


@pytest.mark.parametrize("rules", [ENGLISH, FRENCH], ids=["english", "french"])
def test_reference2_scores_by_deal_points(rules: RuleSet) -> None:
    for t, penalty, king in _every_outcome():
        marked = (int(king == 0), int(king == 1))
        for me in (0, 1):
            points = deal_points((t, 5 - t), penalty, rules, marked)
            net = points[me] - points[1 - me]
            assert _points((t, 5 - t), penalty, rules, king, me) == net


def test_the_study_scores_by_deal_points() -> None:
    for t_nd, penalty, king in _every_outcome():
        marked = (int(king == 0), int(king == 1))
        points = deal_points((t_nd, 5 - t_nd), penalty, ENGLISH, marked)
        for seat in (0, 1):
            tricks = t_nd if seat == 0 else 5 - t_nd
            net, won_point = _score(king, t_nd, penalty, seat)
            assert net == points[seat] - points[1 - seat]
            assert won_point == (tricks >= 3)


def test_the_english_scoring_as_the_engines_had_it() -> None:
    """The English figures the engines and the study counted before the one scoring
    (point 1, vole 2, law 49's two for the point, the king one more), so English
    advice is unchanged."""
    for t, penalty, king in _every_outcome():
        mine = 2 if t == 5 or (t >= 3 and penalty == 1) else 1 if t >= 3 else 0
        theirs = 2 if t == 0 or (t < 3 and penalty == 0) else 1 if t < 3 else 0
        mine += king == 0
        theirs += king == 1
        marked = (int(king == 0), int(king == 1))
        assert deal_points((t, 5 - t), penalty, ENGLISH, marked) == (mine, theirs)


def _told_totals(lines: list[str], names: tuple[str, str], cap: int | None) -> tuple[int, int]:
    """Each seat's points as the told lines add them up (the cap line caps)."""
    totals = [0, 0]
    for line in lines:
        name, _, rest = line.partition(": ")
        seat = names.index(name)
        if rest.startswith("no more than"):
            totals[seat] = min(totals[seat], cap or totals[seat])
        else:
            totals[seat] += int(rest.split(" ", 1)[0]) + (" 1 more" in rest)
    return totals[0], totals[1]


@pytest.mark.parametrize("rules", [ENGLISH, FRENCH], ids=["english", "french"])
def test_the_score_told_adds_up_to_the_score(rules: RuleSet) -> None:
    # The deal summary tells where the points came from (a learner review: "why 2?");
    # what it tells adds up to deal_points in every case.
    names = ("South", "North")
    for a in range(6):
        won = (a, 5 - a)
        for penalty in PENALTIES:
            for king in KINGS:
                marked = (int(king == 0), int(king == 1))
                lines = deal_points_told(won, penalty, rules, marked, names)
                assert len(lines) == 1 + (king is not None) + (
                    _told_totals(lines, names, None) != deal_points(won, penalty, rules, marked)
                )
                assert _told_totals(lines, names, rules.max_deal_points) == deal_points(
                    won, penalty, rules, marked
                )
                assert all("(club law " in line or "(the French rules" in line for line in lines)


def test_the_score_told_cites_law_49_and_the_point_de_refus() -> None:
    names = ("South", "North")
    english = deal_points_told((3, 2), 1, ENGLISH, (0, 0), names)
    assert english == [
        "South: 2 for the point, 3 tricks, where the point alone scores 1: North played"
        " without proposing or refused, and lost (club law 49)"
    ]
    french = deal_points_told((5, 0), 1, FRENCH, (1, 0), names, king_turned_up=True)
    assert french[0].startswith("South: 1 for the king turned up (club law 22")
    assert "point de refus" in french[1] and french[2].startswith("South: no more than 3")


def test_the_score_told_names_the_fault_when_the_dealer_is_known() -> None:
    names = ("South", "North")
    played = deal_points_told((3, 2), 1, ENGLISH, (0, 0), names, dealer=0)
    assert "North played without proposing, and lost" in played[0]
    refused = deal_points_told((2, 3), 0, ENGLISH, (0, 0), names, dealer=0)
    assert "South refused the first proposal, and lost" in refused[0]
