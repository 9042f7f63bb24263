"""Reading the project's text files (lessons, texts, game records) safely.

Every such file is read through ``read_text``: only a regular file is read (a
FIFO, a device or a directory is refused before anything could block on it),
a file over its size limit is refused with its size, a leading UTF-8
byte-order mark is dropped, and every failure is an ``UnreadableFile`` whose
message a reader can act on ("not a regular file (a FIFO)", "too many levels
of symbolic links", "not UTF-8 text (line 3: invalid start byte)").
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
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


class LinkRefused(OSError):
    """A file the tutor would write is a symbolic link: it is not written through."""

    def __init__(self, path: Path) -> None:
        super().__init__(
            f"{path} is a symbolic link, and the tutor does not write through links"
            " (remove it, or name the file it points to)"
        )
        self.path = path


def is_link(path: Path) -> bool:
    """Whether ``path`` itself is a symbolic link (its target is not looked at)."""
    try:
        return stat.S_ISLNK(os.lstat(path).st_mode)
    except (OSError, ValueError):
        return False


def write_atomically(path: Path, text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` whole or not at all, and never through a link.

    The text goes into a temporary file of its own beside ``path`` (``mkstemp``:
    created exclusively, so two writers never share one and a link planted at its
    name is never followed), is synced to disk, then renamed over ``path``: a reader
    sees the old file or the new, never a mix, and a crash or a full disk leaves the
    old one whole. ``path`` being a symbolic link is refused (``LinkRefused``). The
    file keeps the permissions of the one it replaces (a new one: the umask's). On
    failure the temporary file is removed. Raises OSError.
    """
    if is_link(path):
        raise LinkRefused(path)
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as out:
            if hasattr(os, "fchmod"):  # not on Windows before Python 3.13
                os.fchmod(out.fileno(), _mode_for(path))
            out.write(text.encode("utf-8"))
            out.flush()
            os.fsync(out.fileno())
        if is_link(path):  # planted while the text was written
            raise LinkRefused(path)
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise


def _mode_for(path: Path) -> int:
    """The permissions ``path`` has if it is a regular file, else a new file's."""
    try:
        status = os.lstat(path)
    except OSError:
        return _NEW_FILE_MODE
    return stat.S_IMODE(status.st_mode) if stat.S_ISREG(status.st_mode) else _NEW_FILE_MODE


def _umask() -> int:
    mask = os.umask(0)  # read once, at import: setting it back and forth is not thread-safe
    os.umask(mask)
    return mask


_NEW_FILE_MODE = 0o666 & ~_umask()
