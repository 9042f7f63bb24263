"""How long the review of a whole game takes (``tutor.analysis.review.review_game``).

    python benchmarks/review_time.py [--games 3] [--seed 1] [--a hints] [--b random]
    python benchmarks/review_time.py --table six [--games 1] [--seed 10]

Plays ``--games`` whole games to five between two engines (``--a`` in the first
seat), then times the review of each: every decision of both players asked of
the ``best`` engine, plus the hints. Prints, per game, the deals, the decisions
graded and the seconds, and the median seconds per game and per decision. The
app runs the review in a thread worker, so this is how long the learner waits
for the game-over screen's review.

With ``--table`` (pool, quatre, cinq, six) each game is a whole table played out by
the computer players (the best engine, as ``ecarte play --table`` plays them), its
record's size printed, and the review is ``tutor.tables.review.review_table``, as
``ecarte review`` of the record runs it. Seconds are CPU seconds of this process.
"""

from __future__ import annotations

import argparse
import statistics
import time

from tutor.analysis.review import review_game
from tutor.engines import make_engine
from tutor.rules.game import Game
from tutor.rules.infoset import infoset_of


def play_game(seed: int, a: str, b: str) -> Game:
    engines = (make_engine(a, seed), make_engine(b, seed + 1))
    game = Game.new(seed, players=(a, b) if a != b else (f"{a} A", f"{b} B"))
    while not game.is_over:
        seat = game.to_act
        game = game.apply(engines[seat].advise(infoset_of(game.position, seat)).action)
    return game


def play_table(name: str, seed: int):
    from tutor.tables import make_table
    from tutor.tables.computer import Computer

    table = make_table(name, seed)
    computer = Computer("best", seed)
    while not table.is_over:
        table = table.apply(computer.choose(table))
    return table


def time_tables(name: str, games: int, seed: int) -> None:
    from tutor.tables.record import dumps
    from tutor.tables.review import review_table

    per_game = []
    for n in range(games):
        table = play_table(name, seed + n)
        start = time.process_time()
        review = review_table(table)
        seconds = time.process_time() - start
        per_game.append(seconds)
        size = len(dumps(table).encode())
        print(
            f"table {name} (seed {seed + n}): record of {size / 1000:.1f} kB,"
            f" {len(review.decisions)} decisions reviewed in {seconds:.1f} s"
            f" ({seconds / max(1, len(review.decisions)) * 1000:.0f} ms per decision)"
        )
    print(f"review of a whole table: median {statistics.median(per_game):.1f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--a", default="hints")
    parser.add_argument("--b", default="random")
    parser.add_argument("--table", choices=("pool", "quatre", "cinq", "six"))
    args = parser.parse_args()
    if args.table:
        time_tables(args.table, args.games, args.seed)
        return
    per_game, per_decision = [], []
    for n in range(args.games):
        game = play_game(args.seed + n, args.a, args.b)
        start = time.perf_counter()
        review = review_game(game)
        seconds = time.perf_counter() - start
        count = len(review.decisions)
        per_game.append(seconds)
        per_decision.append(seconds / max(1, count))
        print(
            f"game {n + 1} (seed {args.seed + n}): {len(game.history)} deals,"
            f" {count} decisions reviewed in {seconds:.2f} s"
        )
    print(
        f"review of a whole game: median {statistics.median(per_game):.2f} s,"
        f" longest {max(per_game):.2f} s;"
        f" median {statistics.median(per_decision) * 1000:.0f} ms per decision"
    )


if __name__ == "__main__":
    main()
