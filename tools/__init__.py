"""The project's tools behind one command: ``python -m tools NAME [...]`` (``python -m tools`` lists them).

What every tool shares: where the repository is (:data:`ROOT`), the one-line error of bad input
(:class:`ToolError`, :class:`Parser`: exit 2), and writing a file beside its target and replacing the
target only when the new file is complete (:func:`write_atomic`), so a failed or interrupted run leaves
committed data and a built site as they were.
"""

from __future__ import annotations

import os
import shutil
import signal
import stat
import sys


def _interrupted_while_starting(signum: int, frame: object) -> None:
    """Ctrl-C while ``python -m tools`` still imports (nothing read or written yet): one line, exit 130,
    no traceback. :func:`tools.__main__.run` puts Python's own handler back before a tool starts, so a
    tool's clean-up (``finally``, rollbacks) runs as ever."""
    try:
        sys.stderr.write("\ntools: interrupted\n")
        sys.stderr.flush()
    except (OSError, ValueError, AttributeError):
        pass
    os._exit(130)


_ARGV = list(getattr(sys, "orig_argv", []))
STARTING = "-m" in _ARGV and _ARGV[_ARGV.index("-m") + 1:][:1] == ["tools"]
if STARTING:      # python -m tools ...: from here on, an early Ctrl-C is a line, not an import traceback
    signal.signal(signal.SIGINT, _interrupted_while_starting)

import argparse  # noqa: E402  (after the handler: importing is most of the start)
import tempfile  # noqa: E402
from pathlib import Path
from typing import Callable, NoReturn

#: The repository (the folder holding ``tools/``).
ROOT = Path(__file__).resolve().parent.parent


class ToolError(Exception):
    """Bad input or an unusable path: the message is the one line shown; the exit code is 2."""


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line (``PROG: error: ...``) and exit 2, without the usage."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see --help)\n")


def positive_int(text: str) -> int:
    """An argparse type: a whole number of at least 1 (``--jobs``, ``--per-pair``, ``--matches``)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r:.40}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` into a new file beside ``path``, then put it in ``path``'s place in one step: an error
    or an interruption leaves the old file (or none) and no partial one. An unwritable place is a ToolError."""
    path = Path(path)
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".new", dir=path.parent)
    except OSError as err:
        raise ToolError(f"cannot write {path}: {err.strerror or err}") from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(tmp, path)
    except OSError as err:
        raise ToolError(f"cannot write {path}: {err.strerror or err}") from None
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


#: The most a tool reads of one input file (a page, a notebook, a catalogue, an inventory): far above any
#: the book has, far below what would exhaust the machine.
READ_LIMIT = 64 * 1024 * 1024


def read_limited(path: Path, what: str = "file", limit: int = READ_LIMIT) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes. Anything else is a ToolError naming it: a
    missing file, a folder, a device or a pipe (``/dev/zero``, a FIFO: endless, or waiting forever), a file
    larger than ``limit``. The file is opened without waiting (a FIFO) and checked on the open descriptor."""
    path = Path(path)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as err:
        raise ToolError(f"cannot read the {what} {path}: {err.strerror or err}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            kind = "folder" if stat.S_ISDIR(info.st_mode) else "pipe" if stat.S_ISFIFO(info.st_mode) else "device"
            raise ToolError(f"the {what} {path} is not a regular file (a {kind})")
        if info.st_size > limit:
            raise ToolError(f"the {what} {path} is larger than {limit // (1024 * 1024)} MiB")
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:
            raise ToolError(f"the {what} {path} is larger than {limit // (1024 * 1024)} MiB")
        return b"".join(chunks)
    except OSError as err:
        raise ToolError(f"cannot read the {what} {path}: {err.strerror or err}") from None
    finally:
        os.close(fd)


def swap_in(target: Path, make: Callable[[Path], object], undo: Callable[[Path], object] | None = None) -> None:
    """``make(new)`` writes a folder ``new`` beside ``target``; then ``new`` takes ``target``'s place. A
    failure or an interruption before the swap leaves ``target`` as it was (and no ``new``: ``undo(new)``
    may first take back what ``make`` moved into it); a place that cannot be written is a ToolError."""
    target = Path(target)
    new = target.with_name(f".{target.name}.new")
    old = target.with_name(f".{target.name}.old")
    try:
        for leftover in (new, old):
            if leftover.is_symlink() or leftover.is_file():
                leftover.unlink()
            elif leftover.exists():
                shutil.rmtree(leftover)
        make(new)
        if target.exists():
            os.rename(target, old)
        os.rename(new, target)
    except BaseException as exc:
        if old.exists() and not target.exists():
            os.rename(old, target)
        elif old.exists() and target.exists() and not new.exists():    # stopped after the swap itself
            os.rename(target, new)
            os.rename(old, target)
        if undo is not None and new.exists():
            undo(new)
        shutil.rmtree(new, ignore_errors=True)
        if isinstance(exc, OSError):
            where = exc.filename or target.parent
            raise ToolError(f"cannot write {where}: {exc.strerror or exc}") from None
        raise
    shutil.rmtree(old, ignore_errors=True)


def die_on_interrupt() -> None:
    """The initializer of a tool's pool processes: Ctrl-C stops them at once and silently (no traceback per
    process); the tool itself ends with exit 130, and what they were writing is played again on resume."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def fail(message: str) -> NoReturn:
    """Stop the tool with a one-line error (exit 2)."""
    raise ToolError(message)


def stderr_line(prog: str, message: str) -> None:
    """One line on stderr, cut to a readable length (a long path must not make a paragraph); control
    characters (a name with an escape sequence) are shown as escapes, never sent to the terminal."""
    from dominolab.core.errors import visible

    line = visible(" ".join(f"{prog}: error: {message}".split()), newlines=False)
    if len(line) > 300:
        line = line[:297] + "..."
    print(line, file=sys.stderr)


def shown(path: object, limit: int = 80) -> str:
    """A path (or any value) for a message: as it is when short, else cut with its length, as the
    command line's messages do (:func:`dominolab.core.errors.shorten`); control characters escaped."""
    from dominolab.core.errors import shorten, visible

    text = str(path)
    return visible(text, newlines=False) if len(text) <= limit else shorten(text, limit)
