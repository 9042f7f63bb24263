"""Issue 33, item 5: JSON lines are read in bounded pieces (``tutor.io.lines``), by
``ecarte advise`` and ``ecarte lessons try -`` alike: a line over the limit is refused
unread, memory stays bounded, and a line that is not UTF-8 is named by its byte."""

from __future__ import annotations

import io
import json
import resource
import subprocess
import sys

import pytest

from tutor.io.lines import MAX_LINE, BadLine, bounded_lines
from tutor.lessons.loader import load_curriculum
from tutor.lessons.trying import serve

MIB = 2**20


class Recording(io.BytesIO):
    """A byte stream that remembers the largest piece a reader asked for."""

    largest = 0

    def readline(self, size: int | None = -1) -> bytes:
        if size is None or size < 0:
            raise AssertionError("an unbounded readline")
        self.largest = max(self.largest, size)
        return super().readline(size)


def test_a_long_line_is_read_in_pieces_no_larger_than_the_limit():
    data = b"x" * (5 * MAX_LINE) + b"\n" + b'{"a": 1}\n'
    buffer = Recording(data)
    stream = io.TextIOWrapper(buffer, encoding="utf-8")
    said = list(bounded_lines(stream))
    assert said == [BadLine(1, f"line 1 is longer than {MAX_LINE:,} characters"), '{"a": 1}\n']
    assert buffer.largest <= MAX_LINE + 1


def test_a_line_of_exactly_the_limit_is_read():
    line = b"y" * MAX_LINE + b"\n"
    (said,) = bounded_lines(io.TextIOWrapper(io.BytesIO(line), encoding="utf-8"))
    assert said == line.decode()


def test_a_line_not_utf8_is_named_by_its_byte_and_the_next_is_read():
    data = b'{"lesson": "a\xe9"}\n\xef\xbb\xbf{}\n'
    stream = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")
    said = list(bounded_lines(stream))
    assert said[0] == BadLine(1, "not UTF-8: line 1, byte 14 (0xe9) cannot be read")
    assert said[1] == "\ufeff{}\n"  # a byte-order mark is dropped on the first line only


def _try_lines(data: bytes) -> list[dict[str, object]]:
    out = io.StringIO()
    serve(load_curriculum(), io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"), out)
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_lessons_try_names_a_bad_byte_as_advise_does():
    said = _try_lines(b"\xff\n" + b'{"lesson": 1}\n')
    assert said[0] == {"error": "not UTF-8: line 1, byte 1 (0xff) cannot be read"}
    assert said[1] == {"error": "missing step, answer"}


def test_lessons_try_refuses_a_long_line_and_reads_on():
    said = _try_lines(b"[" * (3 * MAX_LINE) + b"\n\n" + b'{"lesson": 1}\n')
    assert said == [
        {"error": f"line 1 is longer than {MAX_LINE:,} characters"},
        {"error": "missing step, answer"},
    ]


def _limited(megabytes: int) -> None:
    limit = megabytes * MIB
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


@pytest.mark.skipif(sys.platform != "linux", reason="RLIMIT_AS is enforced on Linux")
@pytest.mark.parametrize("command", [["lessons", "try", "-"], ["advise", "--engine", "random"]])
def test_a_line_far_over_the_memory_limit_is_refused_unread(command):
    """A tester's review: 1.2 GB on one line ended `lessons try -` in MemoryError.
    Here 200 MB on one line, under a limit of 300 MB of address space."""
    process = subprocess.Popen(
        [sys.executable, "-m", "tutor", *command],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        preexec_fn=lambda: _limited(300),
    )
    assert process.stdin is not None
    piece = b"x" * MIB
    try:
        for _ in range(200):
            process.stdin.write(piece)
        process.stdin.write(b"\n\n")
        process.stdin.close()
    except BrokenPipeError:
        pass
    assert process.stdout is not None and process.stderr is not None
    out, err = process.stdout.read(), process.stderr.read()
    process.wait(timeout=120)
    assert process.returncode == 0, err.decode()[-2000:]
    assert json.loads(out.splitlines()[0]) == {
        "error": f"line 1 is longer than {MAX_LINE:,} characters"
    }
