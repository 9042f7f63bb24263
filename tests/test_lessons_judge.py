"""The judge: every wrong answer diagnosed in words about this hand and this choice,
the headless `ecarte lessons try`, staged clues, and a curriculum no pattern passes."""

from __future__ import annotations

import io
import json

import pytest

from tutor.lessons import load_curriculum, tries_for
from tutor.lessons.balance import (
    MAX_LONE_RIGHT,
    MAX_LONGEST_RIGHT,
    MAX_SHARE,
    MIN_LONE,
    MIN_TWO_WAY,
    TWO_WAY,
    law_balance,
    lesson_balance,
    lone_balance,
    lone_first_word,
    longest_run,
    quoted_answers,
)
from tutor.lessons.clues import clue
from tutor.lessons.judge import AnswerError, judge, parse_answer
from tutor.lessons.loader import load_lesson
from tutor.lessons.shuffle import choice_order
from tutor.lessons.trying import main as try_main
from tutor.lessons.trying import serve
from tutor.rules.actions import Action


@pytest.fixture(scope="module")
def course():
    return load_curriculum()


def two_way_steps(course):
    return [s for s in course.steps if s.question in TWO_WAY]


# --- the curriculum cannot be passed by pattern -----------------------------------------


def test_two_way_lessons_are_balanced_and_hold_minimal_pairs(course):
    pairs = 0
    for lesson in course.lessons:
        balance = lesson_balance(lesson)
        pairs += len(balance.pairs)
        if balance.two_way < MIN_TWO_WAY:
            continue
        assert balance.pairs, lesson.id
        for question, counts in balance.answers.items():
            total = sum(counts.values())
            assert max(counts.values()) <= MAX_SHARE * total, (lesson.id, question, counts)
    assert pairs >= 15


def test_the_two_steps_of_a_minimal_pair_never_stand_back_to_back(course):
    """A learner review: a pair one step after the other is passed by pressing the
    other answer to a near repeat."""
    from dataclasses import replace

    for lesson in course.lessons:
        balance = lesson_balance(lesson)
        for pair in balance.pairs:
            assert abs(pair.second.index - pair.first.index) >= 2, (lesson.id, pair.first.id)
    lesson = course.lesson("jeux-de-regle-trumps")
    pair = lesson_balance(lesson).pairs[0]
    steps = [s for s in lesson.steps if s is not pair.second]
    at = steps.index(pair.first) + 1
    steps.insert(at, replace(pair.second, index=pair.first.index + 1))
    adjacent = lesson_balance(replace(lesson, steps=tuple(steps)))
    assert any("one step after the other" in p for p in adjacent.problems())


def test_minimal_pairs_differ_by_one_card_with_opposite_answers(course):
    for lesson in course.lessons:
        for pair in lesson_balance(lesson).pairs:
            a, b = pair.first, pair.second
            assert len(set(a.info.hand) ^ set(b.info.hand)) == 2
            assert (a.info.role, a.info.turnup, a.info.score) == (
                b.info.role,
                b.info.turnup,
                b.info.score,
            )
            assert (
                judge(a, parse_answer(a, TWO_WAY[a.question][0])).correct
                != judge(b, parse_answer(b, TWO_WAY[b.question][0])).correct
            )


def test_law_questions_do_not_favour_the_longest_choice(course):
    law = law_balance(course.steps)
    assert law.questions >= 50
    assert law.longest_share <= MAX_LONGEST_RIGHT
    # the right choice is not parked in one place in the files either
    assert max(law.positions.values()) <= 0.5 * sum(law.positions.values())


def test_the_odd_first_word_out_is_not_the_answer_by_habit(course):
    """A learner review: where one choice said "No" and the others "Yes" (or one
    "Choose ..." among three "None: ..."), the lone one was right in 7 of 8 steps."""
    lone = lone_balance(course.steps)
    assert lone.share <= MAX_LONE_RIGHT, [f"{s.lesson}/{s.id}" for s in lone.right]
    # lesson 15 opened with three such steps in a row, the lone one right in each
    opening = course.lesson("irregularities-play").steps[:3]
    assert [lone_first_word(s) == s.answer for s in opening].count(True) <= 1


def _law_lesson(path, steps):
    """A lesson file of law questions, each ``(choices, right)``, the right from 1."""
    text = 'id = "l"\ntitle = "L"\nsummary = "S"\npassages = ["club-laws/12"]\n'
    for n, (choices, right) in enumerate(steps, start=1):
        text += (
            f'\n[[steps]]\nid = "s{n}"\nquestion = "law"\nprompt = "Q{n}?"\nexpected = {right}\n'
            'explanation = "E."\npassages = ["club-laws/12"]\n'
        )
        for m, choice in enumerate(choices, start=1):
            why = "" if m == right else f'why = "Not so, {n}.{m}."\n'
            text += f'\n[[steps.choices]]\ntext = "{choice}"\n{why}'
    path.write_text(text, encoding="utf-8")
    return path


def test_a_lone_first_word_right_too_often_is_a_fault(tmp_path):
    from tutor.lessons import check_lessons

    def faults(path):
        return [f for f in check_lessons([path]).faults if "first word stands alone" in f.message]

    lone_no = (["Yes: it stands", "No: a fresh deal", "Yes, unless he objects"], 2)
    path = _law_lesson(tmp_path / "l.toml", [lone_no] * MIN_LONE)
    lesson, _ = load_lesson(path)
    assert [lone_first_word(s) for s in lesson.steps] == [1] * MIN_LONE
    found = faults(path)
    assert len(found) == 1 and found[0].file == "<curriculum>"
    assert (
        f"right in {MIN_LONE} of the {MIN_LONE}" in found[0].message and "l/s1" in found[0].message
    )
    # half of them right is no better than reading the law
    lone_yes_wrong = (["Yes: it stands", "No: a fresh deal", "Yes, unless he objects"], 1)
    half = [lone_no] * (MIN_LONE // 2) + [lone_yes_wrong] * (MIN_LONE - MIN_LONE // 2)
    assert not faults(_law_lesson(tmp_path / "l.toml", half))
    # too few such questions say nothing
    assert not faults(_law_lesson(tmp_path / "l.toml", [lone_no] * (MIN_LONE - 1)))
    # two choices beginning with each word, or a first word that answers nothing, is no split
    two_each = (["Yes: it stands", "No: a fresh deal", "Yes, unless he objects", "No, never"], 2)
    grammar = (["The deal stands", "He deals again", "The card is turned down"], 2)
    assert not faults(_law_lesson(tmp_path / "l.toml", [two_each, grammar] * MIN_LONE))
    lesson, _ = load_lesson(tmp_path / "l.toml")
    assert [lone_first_word(s) for s in lesson.steps[:2]] == [None, None]


def test_every_wrong_law_choice_has_its_own_explanation(course):
    for step in (s for s in course.steps if s.is_law):
        whys = [c.why for n, c in enumerate(step.choices) if n != step.answer]
        assert all(whys), step.id
        assert len(set(whys)) == len(whys), step.id


def test_choice_order_is_shuffled_stable_and_differs_between_attempts(course):
    laws = [s for s in course.steps if s.is_law and len(s.choices) >= 3]
    first = [choice_order(s, 0) for s in laws]
    assert first == [choice_order(s, 0) for s in laws]  # stable for one attempt
    assert all(
        sorted(order) == list(range(len(s.choices))) for s, order in zip(laws, first, strict=True)
    )
    assert sum(order[0] == s.answer for s, order in zip(laws, first, strict=True)) < len(laws) / 2
    assert any(choice_order(s, 0) != choice_order(s, 1) for s in laws)


# --- every wrong answer diagnosed ----------------------------------------------------------


def test_each_two_way_answer_is_right_once_and_the_wrong_one_diagnosed(course):
    for step in two_way_steps(course):
        results = [judge(step, Action(kind)) for kind in TWO_WAY[step.question]]
        assert sum(r.correct for r in results) == 1, step.id
        wrong = next(r for r in results if not r.correct)
        assert wrong.feedback and wrong.feedback != step.explanation
        assert wrong.diagnosis is not None and wrong.diagnosis.text


def test_a_two_way_diagnosis_names_the_deciding_hint_and_the_cards(course):
    step = course.lesson("jeux-de-regle-trumps").step("2b-2")
    result = judge(step, Action("propose"))
    assert not result.correct
    text = result.feedback
    assert text.startswith("You proposed")
    assert "jeu de règle (2b)" in text and "queen and eight of clubs" in text
    assert "are not a jeu de règle" not in text  # the catch-all never speaks for the learner


def test_a_lower_hint_that_agrees_with_the_learner_is_named_and_overruled(course):
    step = course.lesson("marking-the-king").step("four-to-three-king-2")
    text = judge(step, Action("mark")).feedback
    assert "Announce the king" in text and "Four to three" in text and "comes first" in text


def test_a_choice_the_score_overrules_is_told_as_the_hints_choice_at_other_scores(course):
    """A learner review: a hand with no jeu de règle, proposed by the dealer at four, was
    told it was "not one of" the hands the Hints propose with; the step's own text then
    said that at any other score it would propose."""
    step = course.lesson("the-score").step("dealer-at-four-1")
    text = judge(step, Action("propose")).feedback
    assert "not one of them" not in text
    assert "as the Hints do with this hand at other scores" in text
    assert "But at this score “The dealer at four" in text


def test_an_illegal_card_gets_its_law(course):
    step = next(
        s
        for s in course.steps
        if s.question == "follow"
        and s.info.led is not None
        and len(s.info.legal_actions()) < len(s.info.hand)
    )
    legal = {a.card for a in step.info.legal_actions()}
    bad = next(c for c in step.info.hand if c not in legal)
    result = judge(step, Action("follow", (bad,)))
    assert not result.correct
    assert bad.label in result.feedback and "club law 43" in result.feedback


def test_a_worse_lead_gets_its_cost_named_with_the_card(course):
    step = course.lesson("leads").step("guarded-suit-2")
    given = next(a for a in step.info.legal_actions() if a.card.label == "9♣")
    result = judge(step, given)
    assert not result.correct
    assert result.diagnosis.text.startswith("9♣ costs you here")
    assert "wins the point" in result.diagnosis.text and "For instance" in result.diagnosis.text
    # before the reveal, the text does not give the right card away
    assert "J♠" not in result.diagnosis.text and "knave of spades" in result.diagnosis.rule
    # and it says why, in the Hints' terms, not by figures alone (a learner review)
    assert "The Hints decide this lead by “Lead from the guarded suit”" in result.diagnosis.text
    assert "9♣ is a trump, and the Hints do not lead trumps at starting" in result.diagnosis.text
    plain = judge(step, next(a for a in step.info.legal_actions() if a.card.label == "Q♦"))
    assert "is a trump" not in plain.diagnosis.text


def test_a_worse_card_says_which_part_of_the_rule_it_missed(course):
    """A learner review: 10♦ led from the guarded suit was told only "Lead from the
    guarded suit", which it had done; and a trump led at four, from a hand that meets
    the exception of "Trumps at starting", was told the rule against leading trumps."""
    ten = judge(course.lesson("leads").step("guarded-suit-1"), Action.parse("lead TD"))
    assert "10♦ is of the suit it leads from, but not the card it leads." in ten.diagnosis.text
    queen_of_trumps = judge(course.lesson("tricks").step("seven-wins"), Action.parse("follow QH"))
    assert (
        "Q♥ is of the suit it plays, but not the card it plays." in queen_of_trumps.diagnosis.text
    )
    queen = judge(course.lesson("the-score").step("forward-game-1"), Action.parse("lead QS"))
    assert "“At four: no forward game in trumps”" in queen.diagnosis.text
    assert "do not lead trumps at starting" not in queen.diagnosis.text


def test_a_card_only_not_the_hints_is_told_the_rule_that_decides(course):
    # A learner review: "J♦ is not the card the Hints play here" with no reason in
    # terms of the hand before the answer.
    step = course.lesson("leads").step("guarded-suit-1")
    given = next(a for a in step.info.legal_actions() if a.card.label == "J♦")
    text = judge(step, given).diagnosis.text
    assert text.startswith("J♦ is not the card the Hints play here.")
    assert (
        "The Hints decide this lead by “Lead from the guarded suit” (guarded in diamonds)" in text
    )
    assert "Q♦" not in text and "queen of diamonds" not in text


def test_the_figures_beside_a_card_verdict_agree_with_it(course):
    """A card said to cost is worth less by the figures printed beside it, and one said
    to be as good is not worth less (the figures are the deal's value, point and vole)."""
    from tutor.lessons.diagnosis import VALUE_MARGIN, card_cost

    checked = 0
    for step in course.lesson("leads").steps:
        if step.question not in ("lead", "follow"):
            continue
        for action in step.info.legal_actions():
            result = judge(step, action)
            if result.correct:
                continue
            cost = card_cost(step, action, step.expected)
            says_cost = result.diagnosis.text.startswith(f"{action.card.label} costs you")
            assert says_cost == (cost.given_value < cost.right_value - VALUE_MARGIN)
            # a card that costs nothing is sound: asked again, not counted a miss
            assert result.sound == (not says_cost)
            assert result.to_json().get("sound", False) == result.sound
            assert f"{cost.given_value:+.2f} points on average" in result.diagnosis.text
            checked += 1
    assert checked >= 5


def test_every_wrong_card_gets_feedback_naming_it(course):
    for step in (s for s in course.steps if s.question in ("lead", "follow")):
        for action in step.info.legal_actions():
            result = judge(step, action)
            if not result.correct:
                assert action.card.label in result.feedback, (step.id, action)


def test_a_discard_names_the_card_that_breaks_the_rule(course):
    def thrown(step):
        return set(Action.parse(judge(step, Action("discard", ())).expected).cards)

    step = next(
        s
        for s in course.steps
        if s.question == "discard"
        and s.hint == "discard/trumps-and-kings"
        and len(thrown(s)) < min(len(s.info.hand), s.info.discard_range()[1])
    )
    kept = next(c for c in step.info.hand if c not in thrown(step))
    thrown = thrown(step)
    result = judge(step, Action("discard", (*thrown, kept)))
    assert not result.correct and f"you threw out {kept.label}" in result.feedback.lower()


def test_law_distractors_get_their_own_explanations(course):
    for step in (s for s in course.steps if s.is_law):
        feedback = {judge(step, n).feedback for n in range(len(step.choices)) if n != step.answer}
        assert len(feedback) == len(step.choices) - 1, step.id


def test_figures_never_contradict_silently(course):
    for step in two_way_steps(course):
        figures = judge(step, Action(TWO_WAY[step.question][0])).figures
        if figures:
            assert "The project's computation, not the source's" in figures
            if "more than" in figures and "disagree" not in figures:
                assert "agrees" in figures or "about as good" in figures


def test_figures_speak_only_to_the_role_asked(course):
    for step in two_way_steps(course):
        figures = judge(step, Action(TWO_WAY[step.question][0])).figures
        if step.question == "propose" and figures:
            assert "Dealers" not in figures


# --- tries and clues -----------------------------------------------------------------


def test_tries_follow_the_number_of_choices(course):
    for step in course.steps:
        n = tries_for(step)
        if step.question in TWO_WAY:
            assert n == 1
        elif step.is_law:
            # a retry while three choices or more are left untried (a learner review)
            assert n == max(1, min(3, len(step.choices) - 2))
        elif step.question in ("lead", "follow"):
            assert n == max(1, min(3, len(step.info.legal_actions()) - 2))
        else:
            assert 1 <= n <= 3


def test_clues_are_staged_and_never_the_answer(course):
    for step in course.steps:
        first, second = clue(step, 1), clue(step, 2)
        assert first is not None and first.text
        assert clue(step, 3) is None
        if step.is_law:
            if second is not None:
                assert step.choices[step.answer].text not in second.text
            continue
        for text in (first.text, second.text if second else ""):
            for verdict in ("Play without proposing", "Propose.", "Refuse.", "Accept.", "Mark it"):
                assert verdict not in text, (step.id, text)
            if step.question in ("lead", "follow", "discard"):
                expected = judge(
                    step, Action("hold")
                ).expected  # any wrong kind: we want the answer
                assert expected not in text


def test_a_clue_asks_about_guards_only_where_they_decide(course):
    """A learner review: "which of Q♠ and K♠ are guarded?" beside a hand that three of
    a suit (jeu de règle 2a) decides; accepting always weighs guards."""
    two_a = course.lesson("jeux-de-regle-trumps").step("2a-2")
    said = clue(two_a, 2).text
    assert "guarded" not in said and "of one suit" in said
    accepting = next(s for s in course.steps if s.question == "accept" and clue(s, 2))
    assert "guarded" in clue(accepting, 2).text


# --- the headless judge ----------------------------------------------------------------


def test_try_json_lines_answer_every_line_and_never_stop(course):
    lesson = course.lessons[0]
    lines = [
        json.dumps({"lesson": lesson.id, "step": 1, "answer": 1}),
        "not json",
        json.dumps({"lesson": "no-such", "step": 1, "answer": "play"}),
        json.dumps([1, 2]),
        json.dumps({"lesson": lesson.id, "step": "nope", "answer": 1}),
        json.dumps({"lesson": lesson.id, "step": 1, "answer": "lead KS"}),
        "[" * 100_000,
        json.dumps({"lesson": "jeux-de-regle-trumps", "step": "2b-2", "answer": "propose"}),
    ]
    out = io.StringIO()
    serve(course, io.StringIO("\n".join(lines) + "\n"), out)
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    assert len(answers) == len(lines)
    assert set(answers[0]) == {"lesson", "step", "correct", "expected", "feedback", "passages"} | (
        {"figures"} if "figures" in answers[0] else set()
    )
    assert all("error" in a for a in answers[1:7])
    assert "no-such" in answers[2]["error"] and "1 to" in answers[4]["error"]
    last = answers[-1]
    assert last["correct"] is False and last["expected"] == "play" and last["feedback"]


def test_try_from_the_command_line(capsys):
    assert try_main(["jeux-de-regle-trumps", "2b-2", "play", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["correct"] is True and out["step"] == "2b-2"
    assert try_main(["leads", "1", "lead", "ZZ"]) == 2
    assert "not a card" in capsys.readouterr().err


def test_parse_answer_says_what_an_answer_is(course):
    law = next(s for s in course.steps if s.is_law)
    with pytest.raises(AnswerError, match="choice number"):
        parse_answer(law, "play")
    assert parse_answer(law, "1") == 0
    decision = next(s for s in course.steps if s.question == "propose")
    with pytest.raises(AnswerError, match="play or propose"):
        parse_answer(decision, 3)


# --- the file format ---------------------------------------------------------------


def test_law_choices_as_tables_with_lines(tmp_path):
    path = tmp_path / "l.toml"
    path.write_text(
        'id = "l"\ntitle = "L"\nsummary = "S"\npassages = ["club-laws/12"]\n\n'
        '[[steps]]\nquestion = "law"\nprompt = "Q?"\nexpected = 2\nexplanation = "E."\n'
        'passages = ["club-laws/12"]\n\n'
        '[[steps.choices]]\ntext = "A"\nwhy = "Not A."\n\n'
        '[[steps.choices]]\ntext = "B"\n\n'
        '[[steps.choices]]\ntext = "C"\n',
        encoding="utf-8",
    )
    lesson, faults = load_lesson(path, "l.toml")
    assert faults == []
    step = lesson.steps[0]
    assert [c.text for c in step.choices] == ["A", "B", "C"] and step.answer == 1
    assert step.choices[0].why == "Not A." and step.choices[0].line == 13
    from tutor.lessons import check_lessons

    report = check_lessons([path])
    assert any(f.field == "steps[1].choices[3].why" and f.line == 20 for f in report.faults)


def test_the_penalty_is_told_as_each_side_could_have_incurred_it():
    """The non-dealer can only have played without proposing, the dealer only refused."""
    from tutor.app.narrate import penalty_fact
    from tutor.engines.protocol import request_to_infoset

    def fact(penalty: str) -> str:
        request = {
            "decision": "lead",
            "role": "nondealer",
            "hand": ["KS", "QS", "7H", "8D", "9C"],
            "turnup": "TH",
            "penalty": penalty,
        }
        return penalty_fact(request_to_infoset(request))

    assert fact("me").startswith("You played without proposing")
    assert fact("opponent").startswith("Your adversary refused the first proposal")


def test_feedback_that_names_a_reading_links_to_it(course):
    """A wrong answer whose deciding hint turned on the project's reading ends with
    "see the readings in the texts": the judgement's passages then hold that reading."""
    step = next(s for s in course.steps if (s.lesson, s.id) == ("jeux-de-regle-trumps", "2e-1"))
    wrong = judge(step, parse_answer(step, "propose"))
    assert not wrong.correct
    assert "as the project does" in wrong.feedback
    assert "readings/as-high-as" in wrong.passages
    assert "readings/as-high-as" not in step.passages
    right = judge(step, parse_answer(step, "play"))
    assert right.readings == ()  # the step's own explanation carries no such note


def test_a_game_step_answered_as_the_hints_do_says_so():
    """A review step from a game expects the engine's answer; a learner who gave the
    Hints' own (refuse with a jeu de règle) is told he followed them, not that the
    Hints say otherwise."""
    from tutor.hints import advise
    from tutor.lessons.model import Step
    from tutor.rules.actions import ACCEPT, REFUSE
    from tutor.rules.cards import card, parse_cards
    from tutor.rules.infoset import InfoSet

    info = InfoSet(
        decision="accept",
        role="dealer",
        hand=parse_cards("JC AC 7C AH 7D"),
        turnup=card("KC"),
        king="me",
    )
    verdict = advise(info)
    assert verdict.action == REFUSE
    step = Step(
        lesson="game:1",
        id="x",
        index=0,
        question="accept",
        prompt="",
        explanation="From your game: Accepting is worth more.",
        info=info,
        expected=ACCEPT,
    )
    result = judge(step, REFUSE)
    assert not result.correct
    assert f"as the Hints do here (\u201c{verdict.hint.title}\u201d)" in result.feedback
    assert "not one of them" not in result.feedback
    assert "From your game: Accepting is worth more." in result.feedback


def test_a_two_way_miss_gives_the_steps_own_reasons_before_the_answer(course):
    """A learner review: "Not a jeu de règle: propose" decides it: ... are not a jeu de
    règle" said nothing of this hand; the step's own reasons came after the answer."""
    told = 0
    for step in two_way_steps(course):
        right = Action(TWO_WAY[step.question][0])
        wrong = Action(TWO_WAY[step.question][1])
        if not judge(step, right).correct:
            right, wrong = wrong, right
        missed = judge(step, wrong)
        assert missed.diagnosis is not None, step.id
        if "The rule here is" in missed.diagnosis.text:
            assert step.explanation in missed.diagnosis.text, step.id
            # the hand's reasons alone: no general list before them (a learner review)
            assert "this position is not one of them" not in missed.diagnosis.text, step.id
            told += 1
    assert told >= 20


def test_a_discard_in_a_played_out_deal_is_told_high_to_low():
    from tutor.lessons.outcomes import _phrase
    from tutor.rules.actions import discard
    from tutor.rules.cards import parse_cards

    # A learner review: "you discard 8♠ J♠", the knave ranking above the eight.
    said = _phrase(discard(*parse_cards("8S JS 9H")), mine=True)
    assert said.index("J♠") < said.index("8♠")


@pytest.mark.parametrize(
    "request_",
    [
        {"lesson": "x" * 300, "step": "1", "answer": "2"},
        {"lesson": ["x"] * 300, "step": "1", "answer": "2"},
        {"lesson": "cards", "step": "s" * 300, "answer": "2"},
        {"lesson": "cards", "step": [1] * 300, "answer": "2"},
        {"lesson": "cards", "step": "1", "answer": "9" * 300},
        {"lesson": "cards", "step": "1", "answer": int("9" * 300)},
        {"lesson": "cards", "step": "1", "answer": {"a": "b" * 300}},
        {"lesson": "tricks", "step": "follow-and-win", "answer": "follow " + "Q" * 300},
    ],
    ids=["lesson", "lesson-list", "step", "step-list", "choice", "choice-int", "answer", "card"],
)
def test_lessons_try_quotes_a_few_dozen_characters_of_a_bad_value(request_):
    """As the advise protocol does (docs/advise-protocol.md); a tester's review found a
    message quoting some 300 characters of its input."""
    out = io.StringIO()
    serve(load_curriculum(), io.StringIO(json.dumps(request_) + "\n"), out)
    error = json.loads(out.getvalue())["error"]
    assert "x" * 41 not in error and "s" * 41 not in error and "9" * 41 not in error
    assert "b" * 41 not in error and "Q" * 41 not in error and len(error) < 600, error


def test_no_right_law_choice_alone_copies_the_passages_beside_it(course):
    from tutor.texts import load_library

    library = load_library()
    for lesson in course.lessons:
        assert quoted_answers(lesson, library.plain_words) == [], lesson.id


def test_a_right_choice_that_alone_copies_the_law_is_a_fault(tmp_path):
    law = "There must be a fresh deal"  # club law 12's own words
    path = tmp_path / "l.toml"
    path.write_text(
        'id = "l"\ntitle = "L"\nsummary = "S"\npassages = ["club-laws/12"]\n\n'
        '[[steps]]\nquestion = "law"\nprompt = "A faced card in the pack?"\nexpected = 2\n'
        'explanation = "E."\npassages = ["club-laws/12"]\n\n'
        '[[steps.choices]]\ntext = "The card is turned down"\nwhy = "Not so."\n\n'
        f'[[steps.choices]]\ntext = "{law}"\n\n'
        '[[steps.choices]]\ntext = "The deal stands"\nwhy = "Nor so."\n',
        encoding="utf-8",
    )
    from tutor.lessons import check_lessons

    faults = [f for f in check_lessons([path]).faults if "matching words" in f.message]
    assert len(faults) == 1
    assert faults[0].field == "steps[1].choices[2].text" and faults[0].line == 17
    assert "6 words" in faults[0].message and "there must be a fresh deal" in faults[0].message
    # a wrong choice that quotes as closely takes the pattern away
    path.write_text(
        path.read_text(encoding="utf-8").replace(
            '"The deal stands"', '"The trump card is turned up again"'
        ),
        encoding="utf-8",
    )
    assert not [f for f in check_lessons([path]).faults if "matching words" in f.message]


def test_the_longest_run_of_words_shared_is_found_wherever_it_starts():
    choice = ["no", "a", "card", "led", "in", "turn", "stays"]
    text = [
        "a",
        "card",
        "led",
        "out",
        "of",
        "turn",
        "may",
        "be",
        "taken",
        "up",
        "a",
        "card",
        "led",
        "in",
        "turn",
        "cannot",
    ]
    assert longest_run(choice, text) == (5, 1)
    assert longest_run([], text) == (0, 0) and longest_run(choice, []) == (0, 0)


def test_every_card_the_hints_words_allow_is_right(course):
    # "lead a small trump" with the ten and the seven of trumps held: either is right,
    # the lesson's own answer and the other (a learner review marked the ten wrong).
    step = course.lesson("leads").step("queen-two-small-trumps-1")
    for answer in ("lead 7H", "lead TH"):
        assert judge(step, Action.parse(answer)).correct, answer
    assert not judge(step, Action.parse("lead QH")).correct


def test_a_card_within_the_margin_is_told_as_its_figures_show_it():
    # a learner review: "as good" beside 1% against 2%, -0.98 against -0.93
    from tutor.lessons.diagnosis import _within_margin

    assert "finds 10♥ as good" in _within_margin("10♥", 0.001)
    assert "finds 10♥ better, by 0.03" in _within_margin("10♥", 0.03)
    worse = _within_margin("10♥", -0.049)
    assert "a little worse, by 0.05 of a point" in worse and "as good" not in worse
