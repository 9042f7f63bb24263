"""Reading the project's text files (lessons, texts, game records) safely.

Every such file is read through ``read_text``: only a regular file is read (a
FIFO, a device or a directory is refused before anything could block on it),
a file over its size limit is refused with its size, a leading UTF-8
byte-order mark is dropped, and every failure is an ``UnreadableFile`` whose
message a reader can act on ("not a regular file (a FIFO)", "too many levels
of symbolic links", "not UTF-8 text (line 3: invalid start byte)").
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

MIB = 1024 * 1024

_OPEN_FLAGS = (
    os.O_RDONLY
    | getattr(os, "O_NONBLOCK", 0)  # a FIFO swapped in after the check cannot block the open
    | getattr(os, "O_BINARY", 0)
    | getattr(os, "O_CLOEXEC", 0)
)

_KINDS = (
    (stat.S_ISDIR, "a directory"),
    (stat.S_ISFIFO, "a FIFO"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


class UnreadableFile(OSError):
    """A file that cannot be read as text; ``line`` is where the text went wrong, or 0."""

    def __init__(self, message: str, line: int = 0) -> None:
        super().__init__(message)
        self.message = message
        self.line = line

    def __str__(self) -> str:
        return self.message


def kind(mode: int) -> str:
    """What a file that is not a regular file is, in words: "a FIFO", "a directory"."""
    for test, name in _KINDS:
        if test(mode):
            return name
    return "not a regular file"


def not_regular(path: Path) -> str | None:
    """Why ``path`` cannot be read as a regular file ("not a regular file (a FIFO)",
    "no such file or directory"), or None if it is one. Never blocks, never raises."""
    try:
        mode = os.stat(path).st_mode
    except OSError as exc:
        return reason(exc)
    except ValueError as exc:  # an embedded NUL in the name
        return str(exc)
    return None if stat.S_ISREG(mode) else f"not a regular file ({kind(mode)})"


def reason(exc: OSError) -> str:
    """An OSError in words, without the file name it usually repeats."""
    text = exc.strerror or str(exc) or type(exc).__name__
    return text[:1].lower() + text[1:]


def read_text(path: Path, limit: int) -> str:
    """The text of the regular file ``path`` (UTF-8, a leading byte-order mark dropped).

    Refuses, with an ``UnreadableFile``, anything but a regular file, a file of more
    than ``limit`` bytes, and bytes that are not UTF-8.
    """
    problem = not_regular(path)
    if problem:
        raise UnreadableFile(problem)
    try:
        fd = os.open(path, _OPEN_FLAGS)
    except OSError as exc:
        raise UnreadableFile(reason(exc)) from None
    try:
        with os.fdopen(fd, "rb") as handle:
            mode = os.fstat(handle.fileno())
            if not stat.S_ISREG(mode.st_mode):  # replaced between the check and the open
                raise UnreadableFile(f"not a regular file ({kind(mode.st_mode)})")
            if mode.st_size > limit:
                raise UnreadableFile(_too_large(mode.st_size, limit))
            data = handle.read(limit + 1)
    except UnreadableFile:
        raise
    except OSError as exc:
        raise UnreadableFile(reason(exc)) from None
    if len(data) > limit:  # it grew while being read
        raise UnreadableFile(_too_large(len(data), limit))
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise UnreadableFile(f"not UTF-8 text (line {line}: {exc.reason})", line) from None


def _too_large(size: int, limit: int) -> str:
    allowed = f"{limit // MIB} MiB" if limit >= MIB and not limit % MIB else f"{limit:,} bytes"
    return f"too large: {size:,} bytes (the limit is {allowed})"


def records_in(folder: Path, pattern: str = "*.txt") -> list[Path]:
    """The files in ``folder`` matching ``pattern``, newest first.

    Only regular files (or links to one) count: a dangling link, a link loop, a
    directory or a FIFO of that name is passed over, and a folder that cannot be
    listed holds none, so nothing there can stop the app or hang a load.
    """
    found = []
    try:
        paths = list(folder.glob(pattern)) if folder.is_dir() else []
    except OSError:
        return []
    for path in paths:
        try:
            status = path.stat()
        except OSError:  # dangling link, link loop, removed meanwhile, no permission
            continue
        if stat.S_ISREG(status.st_mode):
            found.append((status.st_mtime, path.name, path))
    return [path for _, _, path in sorted(found, reverse=True)]


def write_atomically(path: Path, text: str, durable: bool = False) -> None:
    """Write ``text`` to ``path`` whole or not at all: into a file beside it, then moved
    over it, so a crash mid-write never leaves half a file; ``durable`` syncs the data
    to disk first. On failure the file beside it is removed (a tester's review: with
    the target a directory, every save left a ``.tmp`` behind). Raises OSError."""
    tmp = path.with_name(path.name + ".tmp")
    try:
        with open(tmp, "w", encoding="utf-8") as out:
            out.write(text)
            if durable:
                out.flush()
                os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
