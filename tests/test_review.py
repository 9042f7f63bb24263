"""The game review (issue 13, item 1): grades by cost, accuracy, the JSON of
``ecarte review``, match records, and "learn from your mistakes"."""

from __future__ import annotations

import json
import math
from dataclasses import replace

import pytest

from tutor.analysis.grades import BLUNDER, INACCURACY, MISTAKE, accuracy, grade
from tutor.analysis.match import main as match_main
from tutor.analysis.review import (
    PREFIX,
    Decision,
    review_actions,
    review_game,
    send_to_review,
    text_report,
)
from tutor.cli.review import main
from tutor.engines.base import Advice
from tutor.lessons.game_steps import game_step
from tutor.rules.actions import Action
from tutor.rules.game import Game
from tutor.rules.record import load
from tutor.store.progress import Progress


def test_grades_by_cost_in_points() -> None:
    assert grade(0.0) is None
    assert grade(0.02) is None  # a near tie is no mark against a choice
    assert grade(INACCURACY - 0.006) is None
    assert grade(INACCURACY) == "inaccuracy"
    assert grade(MISTAKE - 0.006) == "inaccuracy"
    # graded as the figure is shown, to two places: 0.497 reads "0.50", a blunder
    assert f"{0.497:.2f}" == "0.50" and grade(0.497) == "blunder"
    assert grade(0.494) == "mistake"
    assert grade(MISTAKE) == "mistake"
    assert grade(BLUNDER) == "blunder"
    assert grade(3.0) == "blunder"
    assert 0 < INACCURACY < MISTAKE < BLUNDER


def test_accuracy_is_100_for_free_choices_and_falls_with_cost() -> None:
    assert accuracy([]) is None  # nothing weighed (a review counts that player 100)
    assert accuracy([0.0, 0.0]) == 100.0
    assert accuracy([0.5]) == pytest.approx(100 * math.exp(-1))
    costs = [0.0, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0]
    figures = [accuracy([c]) for c in costs]
    assert figures == sorted(figures, reverse=True)
    assert all(0 <= f <= 100 for f in figures)
    assert accuracy([0.0, 1.0]) == pytest.approx((100 + accuracy([1.0])) / 2)


class Valued:
    """An engine that prefers the first legal action and values the others lower,
    by 0.3 points each step down the list."""

    name = "valued"
    seed = None

    def advise(self, info):
        legal = info.legal_actions()
        return Advice(legal[0], "the first", values={str(a): -0.3 * i for i, a in enumerate(legal)})


def test_cost_is_the_value_lost_and_forced_moves_are_no_decisions() -> None:
    game = Game.new(11, players=("Ann", "Bob"))
    actions = []
    while game.deal_number == 1:
        legal = game.legal_actions()
        choice = legal[1] if len(legal) > 1 else legal[0]
        actions.append(choice)
        game = game.apply(choice)
    decisions = review_actions(Game.new(11, players=("Ann", "Bob")), actions, Valued())
    assert decisions, "a deal has decisions"
    for d in decisions:
        assert d.cost == pytest.approx(0.3)
        assert d.grade == "mistake"
        assert d.player in ("Ann", "Bob")
        assert d.deal == 1
    assert all(len(d.info.legal_actions()) > 1 for d in decisions)
    assert len(decisions) < len(actions)  # the last trick is forced


def test_the_text_report_names_a_two_way_decision_by_both_its_answers() -> None:
    """A reviewer: "North  propose   play  [best]" read as a proposal made beside the
    hand played; the decision is labelled "play or propose", whatever was chosen."""
    from tutor.analysis.review import GameReview

    game = Game.new(11, players=("Ann", "Bob"))
    actions = []
    while game.deal_number == 1:
        legal = game.legal_actions()
        actions.append(legal[0])
        game = game.apply(legal[0])
    decisions = review_actions(Game.new(11, players=("Ann", "Bob")), actions, Valued())
    lines = text_report(GameReview(("Ann", "Bob"), 11, tuple(decisions)))
    first = decisions[0]
    assert first.decision == "propose" and str(first.action) in ("play", "propose")
    told = next(line for line in lines if line.startswith(f"  {first.player}"))
    assert told.split()[1:4] == ["play", "or", "propose"]
    assert not any(line.split()[1:2] == ["propose"] for line in lines if line.startswith("  "))


@pytest.fixture(scope="module")
def records(tmp_path_factory):
    folder = tmp_path_factory.mktemp("records")
    argv = [
        "--a",
        "random",
        "--b",
        "hints",
        "--deals",
        "2",
        "--seed",
        "3",
        "--records",
        str(folder),
    ]
    assert match_main(argv) == 0
    return folder


def test_match_writes_a_record_per_play_named_by_the_engines(records) -> None:
    files = sorted(p.name for p in records.iterdir())
    assert files == [
        "0001-hints-v-random.txt",
        "0001-random-v-hints.txt",
        "0002-hints-v-random.txt",
        "0002-random-v-hints.txt",
    ]
    for name in files:
        game = load(records / name)
        assert set(game.players) == {"random", "hints"}
        assert len(game.history) == 1  # one deal, played out
    first = load(records / "0001-hints-v-random.txt").history[0].final
    again = load(records / "0001-random-v-hints.txt").history[0].final
    assert first.dealt == again.dealt and first.turnup == again.turnup  # the same pack twice


def test_review_json_has_the_issues_shape(records, capsys) -> None:
    assert main([str(records / "0001-hints-v-random.txt"), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) == {"players", "decisions", "accuracy"}
    assert data["players"] == ["hints", "random"]
    assert set(data["accuracy"]) == {"hints", "random"}
    assert data["decisions"]
    for d in data["decisions"]:
        # "said" (an addition of issue 32): what the engine's choice does, in words
        assert set(d) == {
            *("deal", "player", "decision", "action", "best", "cost", "grade", "hints"),
            "said",
        }
        if d["decision"] != "mark_king":
            assert d["said"].endswith(".") and len(d["said"]) > 20
        assert d["cost"] >= 0
        assert d["grade"] in (None, "inaccuracy", "mistake", "blunder")
        assert d["grade"] == grade(d["cost"])
        assert d["player"] in data["players"]
        assert Action.parse(d["action"]) and Action.parse(d["best"])
    assert all(0 <= a <= 100 for a in data["accuracy"].values())
    assert data["accuracy"]["random"] < data["accuracy"]["hints"]


def test_random_is_less_accurate_than_hints_over_the_match(records) -> None:
    totals = {"random": [], "hints": []}
    for path in records.iterdir():
        review = review_game(path)
        for d in review.decisions:
            totals[d.player].append(d.cost)
    assert accuracy(totals["random"]) < accuracy(totals["hints"])


def test_the_review_is_reproducible_and_its_text_names_the_grades(records) -> None:
    path = records / "0002-random-v-hints.txt"
    one, two = review_game(path), review_game(load(path))
    assert one.to_json() == two.to_json()
    lines = text_report(one)
    assert any("accuracy" in line for line in lines)
    assert any("blunder from 0.50" in line for line in lines)
    assert not any("_" in line for line in lines)  # mark king, not the code's mark_king


def test_a_bad_record_is_named_by_file_line_and_field(tmp_path, capsys) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text(
        "# Écarté game record\nPlayers: a vs b\nRules: english game=5 match=1 valuation=off\n"
        "Seed: 1\n\nDeal 1.\na: blah\n",
        encoding="utf-8",
    )
    assert main([str(bad)]) == 2
    err = capsys.readouterr().err
    assert f"{bad}:7: " in err and "Traceback" not in err
    assert main([str(tmp_path / "missing.txt")]) == 2
    assert "file:" in capsys.readouterr().err


def test_the_cli_dispatches_review(records, capsys) -> None:
    from tutor.cli import main as cli_main

    assert cli_main(["review", str(records / "0001-hints-v-random.txt"), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["players"] == ["hints", "random"]


def test_mistakes_become_review_steps_with_the_engines_answer(records, tmp_path) -> None:
    review = review_game(records / "0002-random-v-hints.txt")
    seat = review.players.index("random")
    wrong = review.to_learn(seat)
    assert wrong, "random makes mistakes"
    with Progress(tmp_path / "progress.sqlite3") as store:
        assert send_to_review(review, seat, store) == len(wrong)
        queued = store.reviews()
    assert {(r.lesson, r.step) for r in queued} == {(review.lesson, d.step_id) for d in wrong}
    assert review.lesson.startswith(PREFIX)
    for d in wrong:
        step = game_step(review.lesson, d.step_id)
        assert step.expected == d.best
        assert step.info == d.info
        assert step.question == d.decision
        assert step.explanation.startswith("From your game: ")
        # the rule the Hints apply here is told and cited, beside the engine's figures
        from tutor.hints import advise

        verdict = advise(d.info)
        assert f"“{verdict.hint.title}”" in step.explanation
        assert set(verdict.sources) <= set(step.passages)
    with pytest.raises(LookupError):
        game_step(review.lesson, "not json")
    with pytest.raises(LookupError):
        game_step("drill:leads", wrong[0].step_id)


@pytest.mark.parametrize("name", ["pool", "quatre"])
def test_review_reads_a_table_record_too(tmp_path, capsys, name) -> None:
    from tutor.tables import make_table
    from tutor.tables.computer import Computer
    from tutor.tables.record import save

    table, computer = make_table(name, 7), Computer("random", 7)
    for _ in range(30):
        table = table.apply(computer.choose(table))
    path = tmp_path / f"{name}.rec"
    save(table, path)
    assert main([str(path), "--json"]) == 0
    review = json.loads(capsys.readouterr().out)
    assert review["table"] == name and review["players"] == list(table.players)
    assert review["decisions"], "a table record with decisions reviews them"
    for d in review["decisions"]:
        assert d["player"] in table.players
        assert d["grade"] in (None, "inaccuracy", "mistake", "blunder")
        assert d["cost"] is None or d["cost"] >= 0
        assert d["grade"] is None or d["cost"] >= INACCURACY
    assert set(review["accuracy"]) == set(table.players)
    assert main([str(path)]) == 0
    text = capsys.readouterr().out
    assert "accuracy" in text and "Grades: an inaccuracy from 0.10" in text


def test_why_compares_the_choice_made_not_the_engines_runner_up():
    # A learner review: "engine: discard 10♠ 9♦ A♦, 0.31 points better ... against -0.09
    # for discarding 10♠" beside a discard of 10♠ 9♦: the engine's reason compared its
    # choice with its runner-up. The figures beside a grade are the two compared.
    from tests.helpers import arranged
    from tutor.analysis.review import Decision
    from tutor.rules.actions import Action
    from tutor.rules.infoset import infoset_of

    info = infoset_of(arranged("KS QS JS 7H 8H", "KH QH JH 7D 8D", "9S"))
    mine, best = Action.parse("discard TS 9D"), Action.parse("discard TS 9D AD")
    decision = Decision(
        deal=1,
        seat=0,
        player="South",
        info=info,
        action=mine,
        best=best,
        cost=0.31,
        values={str(best): 0.10, "discard TS": -0.09, str(mine): -0.21},
        reason="worth +0.10 against -0.09 for discarding 10♠",
    )
    assert decision.why == (
        "Over the same simulated deals, discard 10♠ A♦ 9♦ is worth +0.10 points on average,"
        " discard 10♠ 9♦ -0.21."
    )
    unvalued = Decision(1, 0, "South", info, mine, best, 0.0, {}, "the engine's reason")
    assert unvalued.why == "the engine's reason"


def test_a_choice_graded_down_that_is_the_hints_own_says_so() -> None:
    """ "✗ mistake: refuse — engine: accept" beside a refusal the Hints make: the grade
    says the choice is the Hints', and that the engine weighs this hand otherwise."""
    from tutor.analysis.review import Decision
    from tutor.hints import HINTS, advise
    from tutor.rules.actions import ACCEPT, REFUSE
    from tutor.rules.cards import card, parse_cards
    from tutor.rules.infoset import InfoSet

    info = InfoSet(
        decision="accept", role="dealer", hand=parse_cards("JC AC 7C AH 7D"), turnup=card("KC")
    )
    verdict = advise(info)
    values = {"accept": 0.10, "refuse": -0.16}
    graded = Decision(
        1, 1, "South", info, REFUSE, ACCEPT, 0.26, values, "", REFUSE, verdict.hint.id
    )
    assert graded.why.startswith("Over the same simulated deals, accept is worth +0.10")
    assert f"Your choice is the Hints' (\u201c{HINTS[verdict.hint.id].title}\u201d)" in graded.why
    other = Decision(1, 1, "South", info, REFUSE, ACCEPT, 0.26, values, "", ACCEPT, None)
    assert "Hints'" not in other.why
    # where the Hints make the engine's choice, the grade names their rule
    agreeing = Decision(
        1, 1, "South", info, ACCEPT, REFUSE, 0.26, values, "", REFUSE, verdict.hint.id
    )
    title = HINTS[verdict.hint.id].title
    assert agreeing.why.endswith(f"The Hints say so too (“{title}”): refuse.")


def test_a_discard_graded_down_where_the_hints_make_the_engines_is_told_card_by_card():
    # A learner review: "✗ mistake: discard K♠ 10♥ 9♦", no word of "Keep trumps and kings".
    from tutor.analysis.review import Decision
    from tutor.hints import advise
    from tutor.rules.actions import discard
    from tutor.rules.cards import card, parse_cards
    from tutor.rules.infoset import InfoSet

    info = InfoSet(
        decision="discard", role="nondealer", hand=parse_cards("KS TH 9D QC 8H"), turnup=card("7H")
    )
    hints = advise(info)
    assert set(hints.action.cards) == set(parse_cards("9D QC"))
    mine, best = discard(*parse_cards("KS 9D")), hints.action
    values = {str(mine): -0.40, str(best): -0.10}
    graded = Decision(1, 0, "South", info, mine, best, 0.30, values, "", best, hints.hint.id)
    assert "The Hints say so too (“Keep trumps and kings”)" in graded.why
    assert graded.why.endswith(
        "You threw out K♠, which is a king; you kept Q♣, which is neither a trump nor a king."
    )


def test_a_grade_at_a_score_that_weighs_the_game_says_how():
    # A learner review: "propose is worth +2.53 points on average" at three to four.
    from tutor.analysis.review import Decision
    from tutor.rules.actions import PLAY, PROPOSE
    from tutor.rules.cards import card, parse_cards
    from tutor.rules.infoset import InfoSet

    info = InfoSet(
        decision="propose",
        role="nondealer",
        hand=parse_cards("KH JH 8H 7S TD"),
        turnup=card("9H"),
        score=(3, 4),
    )
    values = {"propose": 2.53, "play": 1.97}
    graded = Decision(3, 0, "South", info, PLAY, PROPOSE, 0.56, values)
    assert "propose is worth +2.53 points on average, play +1.97. At 3–4" in graded.why
    assert "two points for you count 2.95" in graded.why
    even = Decision(3, 0, "South", replace(info, score=(0, 0)), PLAY, PROPOSE, 0.56, values)
    assert "points weighed" not in even.why


def test_a_card_graded_down_is_shown_in_a_holding_where_it_loses_tricks():
    # A learner review: "✗ blunder: lead 8♥ — engine: lead 10♠, 1.69 points better"
    # with figures only, nothing in the hand to learn from.
    from tutor.rules.actions import lead
    from tutor.rules.cards import card, parse_cards
    from tutor.rules.infoset import InfoSet

    info = InfoSet(
        decision="lead", role="nondealer", hand=parse_cards("KH QH JH AS 7C"), turnup=card("8H")
    )
    blunder = Decision(1, 0, "South", info, lead(card("7C")), lead(card("KH")), 0.8)
    example = blunder.example
    assert example.startswith("For instance, if your adversary holds")
    assert "after 7♣" in example and "where K♥ makes" in example
    held = example.split("holds ")[1].split(":")[0].split()
    assert len(held) == 5 and not {"K♥", "Q♥", "J♥", "A♠", "7♣", "8♥"} & set(held)
    # a near tie, or the engine's own card, is not illustrated
    assert Decision(1, 0, "South", info, lead(card("7C")), lead(card("KH")), 0.05).example == ""
    assert Decision(1, 0, "South", info, lead(card("KH")), lead(card("KH")), 0.0).example == ""


def test_the_weighing_note_gives_the_score_with_the_king_already_marked():
    """A learner review: "At 4–0 before this deal" beside a header that read 4–1, his
    king's point counted."""
    from tutor.engines.values import weighing_note

    note = weighing_note((4, 0), False, marked=(0, 1))
    assert note.startswith("At 4–0 before this deal (4–1 with the king marked: the king's point")
    assert "one point either way counts 1" in note


def test_the_weighing_note_says_why_in_plain_words():
    """A learner review: "two points against you count 1.88" was jargon with no reason."""
    from tutor.engines.values import weighing_note

    late = weighing_note((3, 4), True)
    assert "two points against you count only 1.00, as one point already loses you the game" in late
    assert "two points for you count 3.05, as they win you the game" in late
    near = weighing_note((3, 0), True)
    assert "about twice one" in near and "2.30, more than twice one" in near
    assert weighing_note((0, 0), True) == ""
