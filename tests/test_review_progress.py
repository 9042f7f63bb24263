"""Long work shows progress (issue 33, item 10): ``ecarte review`` tells how far it has
gone on a terminal's stderr, written over in place, and nothing where stderr is not a
terminal; the round tables' rollouts, made faster, weigh exactly as before."""

from __future__ import annotations

import io
import json
import random

from tutor.cli import review as review_cli
from tutor.tables.advisor import RoundAdvisor
from tutor.tables.cinq_six import new_cinq_six
from tutor.tables.computer import Computer
from tutor.tables.players import PlainRoundPlayer, RoundSeat
from tutor.tables.record import save
from tutor.tables.review import review_table


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def six_record(actions: int, seed: int = 10):
    table = new_cinq_six(seed, 6)
    computer = Computer("best", seed)
    for _ in range(actions):
        table = table.apply(computer.choose(table))
    return table


def test_review_tells_its_progress_on_a_terminal(tmp_path, monkeypatch, capsys):
    """A tester's review: a six-player record of 17 kB reviewed for 41 s without a word."""
    path = tmp_path / "six.rec"
    save(six_record(14), path)
    stderr = Terminal()
    monkeypatch.setattr(review_cli.sys, "stderr", stderr)
    assert review_cli.main([str(path), "--json"]) == 0
    told = stderr.getvalue()
    assert "\rreviewing decision 1 of " in told
    last = told.rstrip("\r").split("\r")[-1]
    assert last.strip() == ""  # wiped before the report
    json.loads(capsys.readouterr().out)  # the report itself untouched


def test_review_says_nothing_more_where_stderr_is_not_a_terminal(tmp_path, capsys):
    path = tmp_path / "six.rec"
    save(six_record(14), path)
    assert review_cli.main([str(path), "--json"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    json.loads(out)


def test_a_table_review_counts_its_decisions_as_it_goes():
    told = []
    review = review_table(six_record(14), progress=lambda done, total: told.append((done, total)))
    total = len(review.decisions)
    assert told == [(n, total) for n in range(1, total + 1)]


def test_the_rollouts_play_as_the_laws_and_the_computer_players_do():
    """A card played without its check, and the computer's choice remembered, give the
    deal a checked play by the computer players gives."""
    rng = random.Random(4)
    player = PlainRoundPlayer()
    advisor = RoundAdvisor(1)
    for seed in range(6):
        table = six_record(rng.randint(0, 12), seed)
        deal = table.deal
        checked = fast = deal
        while not checked.is_over:
            seat = RoundSeat(
                checked.hands[checked.to_act], checked.trick, checked.trump, checked.legal_actions()
            )
            checked = checked.apply(player.choose(seat))
            if fast.phase.value == "mark_king":
                fast = fast.apply(player.choose(seat))
            else:
                fast = fast.play_allowed(advisor._card(fast))
            assert fast == checked
