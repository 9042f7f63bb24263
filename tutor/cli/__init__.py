"""The `ecarte` command line: the app's entry points and the tools beside it.

Everything here is a thin shell over the domain modules; the Textual app is
imported only by the commands that open it.
"""

from __future__ import annotations

import argparse
import errno
import os
import socket
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from tutor.engines import ENGINE_NAMES
from tutor.io.reading import NumberError, number_argument, quote, whole_number

if TYPE_CHECKING:
    from tutor.app.options import Options
    from tutor.rules.rulesets import RuleSet

DESCRIPTION = """\
Learn Écarté, the 19th-century two-handed card game, from its historical sources.

commands:
  ecarte                      open the tutor (home screen)
  ecarte lessons [ID]         guided lessons (or one lesson)
  ecarte lessons check [PATH ...] [--json]
                              validate lesson files
  ecarte lessons try LESSON STEP ANSWER [--json]
  ecarte lessons try -        judge answers as the tutor does (JSON lines with -)
  ecarte lessons balance [PATH ...]
                              answer balance, minimal pairs, law-choice figures
  ecarte drill [TOPIC]        endless fresh positions on one topic
  ecarte practice             positions played out to a goal (make the point, the vole ...)
  ecarte practice list [--json]
                              the practice positions, with a line meeting each goal
  ecarte practice try -       play them out headless (JSON lines)
  ecarte practice check       prove every practice goal achievable and not trivial
  ecarte play [options]       a game against the computer
  ecarte texts [PASSAGE-ID]   read the annotated sources
  ecarte texts check          validate the texts and every citation
  ecarte serve [--port N] [--sessions N]
                              the tutor in a browser (localhost, behind a token)
  ecarte advise [options]     the JSON-lines analysis protocol on stdin/stdout
  ecarte replay FILE          a saved game or table record, deal by deal
  ecarte review FILE [--json] every decision of a saved game graded by the engine
  ecarte match [options]      duplicate match between two engines
  ecarte study [options]      the computed verdicts on the historical hints
"""


COUNT_DIGITS = 9
"""The most digits of a count on the command line (losers, points for game)."""


def _positive_int(text: str) -> int:
    return number_argument("a non-negative integer", COUNT_DIGITS)(text)


def _seed(text: str) -> int:
    """A seed as a saved game can hold it (``record.SEED_DIGITS``)."""
    from tutor.rules.record import SEED_DIGITS

    return number_argument("a seed", SEED_DIGITS)(text)


def _port(text: str) -> int:
    try:
        value = whole_number(text, "a port number", 5, signed=True)
    except NumberError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    if not 1 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"expected a port from 1 to 65535, got {value}")
    return value


DEFAULT_SESSIONS = 4
"""App sessions ``ecarte serve`` opens at once unless told: each is a process of about 50 MB."""
MAX_SESSIONS = 64
"""The most sessions ``ecarte serve`` may be told to allow: each is a process."""


def _sessions(text: str) -> int:
    value = _positive_int(text)
    if not 1 <= value <= MAX_SESSIONS:
        raise argparse.ArgumentTypeError(f"expected from 1 to {MAX_SESSIONS} sessions, got {value}")
    return value


def installed_version() -> str:
    """The version of the installed package (its metadata), else the source's own."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("ecarte-tutor")
    except PackageNotFoundError:  # run from a source tree that was never installed
        from tutor import __version__

        return __version__


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ecarte", description=DESCRIPTION, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--version", action="version", version=f"ecarte {installed_version()}"
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    lessons = sub.add_parser("lessons", help="guided lessons")
    lessons.add_argument(
        "lesson_id",
        nargs="?",
        metavar="ID",
        help="open this lesson (its id, or its number in the list: 11)",
    )

    drill = sub.add_parser("drill", help="endless fresh positions on one topic")
    drill.add_argument(
        "topic",
        nargs="?",
        metavar="TOPIC",
        help="a topic (e.g. jeux-de-regle-2, refusal-exceptions) or a hint id; none: choose",
    )
    drill.add_argument("--seed", type=_seed, default=None, help="deal from this seed")

    sub.add_parser(
        "practice",
        help="positions played out to a goal (also list, try -, check: ecarte practice -h)",
    )
    play = sub.add_parser("play", help="a game against the computer")
    play.add_argument("--seed", type=_seed, default=None, help="deal from this seed")
    play.add_argument(
        "--engine",
        choices=ENGINE_NAMES,
        default=None,
        help="the opponent (default: best, or the one a loaded game was played against)",
    )
    play.add_argument(
        "--rules",
        choices=("english", "french"),
        default=None,
        help="english (the default) or french (the default at the tables)",
    )
    play.add_argument(
        "--game", type=_positive_int, choices=(5, 7), default=5, help="points for game"
    )
    play.add_argument("--load", type=Path, metavar="FILE", help="resume a saved game record")
    play.add_argument(
        "--table",
        choices=("pool", "quatre", "cinq", "six"),
        default=None,
        help="the sources' other tables: pool of three, à quatre, à cinq, à six",
    )
    play.add_argument(
        "--gallery",
        action="store_true",
        help="French écarté: the gallery points at the card the hints favour",
    )
    play.add_argument(
        "--losers",
        type=_positive_int,
        default=None,
        help="at five or six: losers agreed beforehand",
    )
    play.add_argument(
        "--cinq-lies",
        action="store_true",
        help="French cinq liés: two manches of five, and the belle at one each",
    )
    play.add_argument(
        "--no-belle",
        action="store_true",
        help="with --cinq-lies: no belle, a match at one manche each is drawn",
    )
    play.add_argument(
        "--valuation",
        action="store_true",
        help="law 46, a game of five: treble, double or single by the loser's score",
    )

    texts = sub.add_parser("texts", help="read the annotated sources")
    texts.add_argument("passage_id", nargs="?", metavar="PASSAGE-ID")

    serve = sub.add_parser("serve", help="the tutor in a browser, on localhost")
    serve.add_argument("--port", type=_port, default=8000, help="from 1 to 65535 (8000)")
    serve.add_argument(
        "--sessions",
        type=_sessions,
        default=DEFAULT_SESSIONS,
        help=f"app sessions open at once, from 1 to {MAX_SESSIONS} ({DEFAULT_SESSIONS})",
    )

    advise = sub.add_parser("advise", help="the JSON-lines analysis protocol")
    advise.add_argument("--engine", choices=ENGINE_NAMES, default="best")
    advise.add_argument("--seed", type=_seed, default=None)

    replay = sub.add_parser("replay", help="print a saved game (or table record) deal by deal")
    replay.add_argument("file", type=Path)

    sub.add_parser("match", help="duplicate match between two engines", add_help=False)
    sub.add_parser("study", help="computed verdicts on the historical hints", add_help=False)
    sub.add_parser("review", help="a saved game's decisions graded", add_help=False)
    return parser


def _subparser(
    parser: argparse.ArgumentParser, command: str | None
) -> argparse.ArgumentParser | None:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            found: argparse.ArgumentParser | None = action.choices.get(command or "")
            return found
    return None


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    try:
        code = _dispatch(args_list)
        sys.stdout.flush()  # here, where a reader gone is caught, not at exit
        return code
    except BrokenPipeError:
        return _reader_gone()
    except KeyboardInterrupt:
        return 130
    except OSError as exc:
        # A full disk or a failing device under the output (a tester's review: a raw
        # traceback from print with stdout on /dev/full); other errors are the commands'.
        if exc.errno not in WRITE_FAILURES:
            raise
        where = f" {exc.filename}" if exc.filename else ""
        _quiet_stdout()
        return _fail(f"cannot write{where}: {(exc.strerror or str(exc)).lower()}")


WRITE_FAILURES = frozenset({errno.ENOSPC, errno.EIO, errno.EDQUOT, errno.EFBIG})
"""Errors of a write that no command can do better with than say so."""


def _dispatch(args_list: list[str]) -> int:
    head = args_list[:2]
    if head == ["lessons", "check"]:
        return _lessons_check(args_list[2:])
    if head == ["lessons", "try"]:
        from tutor.lessons.trying import main as try_main

        return try_main(args_list[2:])
    if head == ["lessons", "balance"]:
        from tutor.lessons.balance import main as balance_main

        return balance_main(args_list[2:])
    if head == ["texts", "check"]:
        return _texts_check(args_list[2:])
    if args_list[:1] == ["practice"] and len(args_list) > 1:
        from tutor.cli.practice import main as practice_main

        return practice_main(args_list[1:])
    if args_list[:1] == ["match"]:
        from tutor.analysis.match import main as match_main

        return match_main(args_list[1:])
    if args_list[:1] == ["study"]:
        from tutor.analysis.study import main as study_main

        return study_main(args_list[1:])
    if args_list[:1] == ["review"]:
        from tutor.cli.review import main as review_main

        return review_main(args_list[1:])

    parser = build_parser()
    args, extra = parser.parse_known_args(args_list)
    if extra:  # told with the command's own usage (a tester's review: the top level's)
        (_subparser(parser, args.command) or parser).error(
            f"unrecognized arguments: {' '.join(extra)}"
        )
    if args.command == "advise":
        return _advise(args)
    if args.command == "replay":
        return _replay(args.file)
    if args.command == "serve":
        problem = _port_problem("localhost", args.port)
        if problem:
            return _fail(f"serve: {problem}")
        try:
            return _serve(args.port, args.sessions)
        except OSError as exc:
            return _fail(f"serve: localhost:{args.port}: {exc.strerror or exc}")
    try:
        options = app_options(args)
    except OptionsError as exc:
        return _fail(str(exc), 2)
    return _open_app(options)


def _reader_gone() -> int:
    """The reader of stdout has gone (``ecarte replay FILE | head``): stop quietly, with
    the status of a filter ended by SIGPIPE, and point stdout at the null device so
    that flushing it at exit does not complain again."""
    _quiet_stdout()
    return 128 + 13


def _quiet_stdout() -> None:
    """Point stdout at the null device, so that flushing what is left at exit does not
    fail again; nothing where stdout is no file (a test's capture)."""
    try:
        fileno = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):
        return
    try:
        null = os.open(os.devnull, os.O_WRONLY)
    except OSError:
        return
    try:
        os.dup2(null, fileno)
    except OSError:
        pass
    finally:
        os.close(null)


def _port_problem(host: str, port: int) -> str | None:
    """Why the server could not listen on ``host:port``, found before it starts (and
    prints an address it will not serve); None if it can."""
    try:
        addresses = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except OSError as exc:
        return f"cannot find {host} ({exc.strerror or exc})"
    for family, kind, proto, _, address in addresses:
        try:
            with socket.socket(family, kind, proto) as probe:
                if os.name == "posix":  # as the server binds: a port in TIME_WAIT is free
                    probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
                probe.bind(address)
        except OSError as exc:
            if exc.errno in (errno.EADDRNOTAVAIL, errno.EAFNOSUPPORT):
                continue  # e.g. no IPv6 on this machine: the server skips it too
            if exc.errno == errno.EADDRINUSE:
                return f"port {port} is in use on {host}; choose another with --port"
            return f"cannot listen on {host}:{port} ({exc.strerror or exc})"
    return None


def _fail(message: str, code: int = 1) -> int:
    print(f"ecarte: {message}", file=sys.stderr)
    return code


class OptionsError(Exception):
    """A command line asking for what cannot be opened; the message names the flag."""


def app_options(args: argparse.Namespace) -> Options:
    """The one value the app is opened with, from the parsed command line. Each check is
    the domain's (``rulesets.validate``, ``tables.check_table_losers``, the loaders): its
    error is told here naming the flag, before any app opens (OptionsError)."""
    from tutor.app.options import Options

    command = args.command or "home"
    if command == "drill":
        _refuse(_check_drill_topic(args.topic))
        return Options(start=command, drill_topic=args.topic, seed=args.seed)
    if command == "texts":
        _refuse(None if args.passage_id is None else _check_passage(args.passage_id))
        return Options(start=command, passage_id=args.passage_id)
    if command == "lessons":
        _refuse(None if args.lesson_id is None else _check_lesson(args.lesson_id))
        return Options(start=command, lesson_id=args.lesson_id)
    if command != "play":
        return Options(start=command)
    if args.table and (args.cinq_lies or args.valuation):
        raise OptionsError("play: --cinq-lies and --valuation are for the two-handed game")
    table = args.table if args.load is None else _loaded_table(args.load, args.table)
    return Options(
        start=command,
        seed=args.seed,
        engine=args.engine,
        rules=_rule_set(args, table),
        table=table,
        load=args.load,
        gallery=args.gallery,
        losers=_losers(args.losers, table),
    )


def _refuse(problem: str | None) -> None:
    if problem is not None:
        raise OptionsError(problem)


RULE_FLAGS = {"game": "--game", "match": "--cinq-lies", "belle": "--no-belle", "valuation": "--valuation"}
"""The flag that sets each option of a rule set (``RuleSetError.option``)."""


def _rule_set(args: argparse.Namespace, table: str | None) -> RuleSet:
    """The rules asked for: English for the two-handed game and French at the tables
    unless ``--rules`` says."""
    from tutor.rules.rulesets import RuleSetError, make_rules

    name = args.rules or ("french" if table else "english")
    try:
        return make_rules(
            name,
            args.game,
            games_to_win=2 if args.cinq_lies else 1,
            valuation=args.valuation,
            belle=not args.no_belle,
        )
    except RuleSetError as exc:
        flag = RULE_FLAGS.get(exc.option or "", "--rules")
        if flag == "--game":
            flag = f"--game {args.game}"
        remedy = ""
        if name == "english" and exc.option in ("game", "match"):
            remedy = " (add --rules french)"
        elif exc.option == "belle":
            remedy = " (add --cinq-lies)"
        raise OptionsError(f"play: {flag}: {exc}{remedy}") from None


def _losers(losers: int | None, table: str | None) -> int | None:
    from tutor.tables import LosersError, check_table_losers

    try:
        check_table_losers(table, losers)
    except LosersError as exc:
        raise OptionsError(f"play: --losers {losers}: {exc}") from None
    return losers


def _check_passage(ident: str) -> str | None:
    from tutor.texts import load_library

    try:
        library = load_library()
    except Exception:  # a broken texts folder: the app says what is wrong
        return None
    if ident in library:
        return None
    near = library.suggest(ident)
    hint = f"; did you mean {', '.join(near)}?" if near else "; `ecarte texts` lists them"
    return f"texts: no passage {quote(ident)}{hint}"


def _check_lesson(ident: str) -> str | None:
    from tutor.lessons import load_curriculum
    from tutor.lessons.model import UnknownLesson

    try:
        curriculum = load_curriculum()
    except Exception:  # broken lessons: the app says what is wrong
        return None
    try:
        curriculum.lesson(ident)
    except UnknownLesson as exc:
        return f"lessons: {exc}"
    return None


def _loaded_table(path: Path, table: str | None) -> str | None:
    """The table a record to load is played at (None: a two-handed game); ``--table``,
    if given, must name the same one."""
    from tutor.cli.saved import load_any
    from tutor.rules.game import Game
    from tutor.rules.record import RecordError

    try:
        saved = load_any(path)
    except RecordError as exc:
        raise OptionsError(f"play: {exc}") from None
    if isinstance(saved, Game):
        if table:
            raise OptionsError(
                f"play: {path} is a two-handed game record, not a record of --table {table}"
            )
        return None
    if table and table != saved.name:
        raise OptionsError(
            f"play: {path} is a record of the {saved.name} table, not of --table {table}"
        )
    return saved.name


def _check_drill_topic(topic: str | None) -> str | None:
    if topic is None:
        return None
    from tutor.lessons.drills import TOPICS

    keys = [t.key for t in TOPICS]
    if topic in keys:
        return None
    from tutor.hints import HINTS

    if topic in HINTS:
        return None
    return f"drill: unknown topic {quote(topic)} (one of {', '.join(keys)}, or a hint id)"


def _advise(args: argparse.Namespace) -> int:
    from tutor.engines import EngineUnavailable, make_engine
    from tutor.engines.protocol import serve

    try:
        engine = make_engine(args.engine, args.seed)
    except EngineUnavailable as exc:
        return _fail(str(exc), 2)
    return serve(engine, sys.stdin, sys.stdout)


def _replay(path: Path) -> int:
    """A two-handed game or a table record (as ``ecarte review`` reads either)."""
    from tutor.analysis.replay import describe_game
    from tutor.cli.saved import load_any
    from tutor.rules.game import Game
    from tutor.rules.record import RecordError
    from tutor.tables.replay import describe_table

    try:
        record = load_any(path)
    except RecordError as exc:  # 2, as ``ecarte review`` and ``play --load`` refuse it
        return _fail(str(exc), 2)
    lines = describe_game(record) if isinstance(record, Game) else describe_table(record)
    for line in lines:
        print(line)
    return 0


def _texts_check(argv: list[str]) -> int:
    from tutor.cli.checks import texts_check_main

    return texts_check_main(argv)


def _lessons_check(argv: list[str]) -> int:
    from tutor.cli.checks import lessons_check_main

    return lessons_check_main(argv)


def _serve(port: int, sessions: int) -> int:
    from tutor.cli.serve import serve

    return serve(port, sessions)


def _terminal_missing() -> str | None:
    """Why the app cannot draw here, or None: it needs a terminal on stdin and stdout
    unless a driver of its own is named (``ecarte serve`` names the web driver). A
    tester's review: ``ecarte texts ID | head`` spun at full CPU, drawing into the pipe."""
    if os.environ.get("TEXTUAL_DRIVER"):
        return None
    for name, stream in (("input", sys.stdin), ("output", sys.stdout)):
        try:
            if not stream.isatty():
                return f"the tutor needs a terminal, and its {name} is not one"
        except (AttributeError, ValueError):  # closed or replaced
            return f"the tutor needs a terminal, and its {name} is closed"
    return None


def _open_app(options: Options) -> int:
    from tutor.app import create_app
    from tutor.app.signals import exiting_on_signals

    missing = _terminal_missing()
    if missing is not None:
        command = "ecarte" if options.start == "home" else options.start
        return _fail(
            f"{command}: {missing} (run it in a terminal; `ecarte texts"
            " check`, `replay` and `review` write plain text)",
            code=2,
        )

    app = create_app(options)
    with exiting_on_signals(app):
        app.run()
    return int(app.return_code or 0)
