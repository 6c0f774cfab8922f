"""Reading a file a user names: bounded in size, every failure one line.

Records, game descriptions, rule documents, example files and exercise files all
come from the user, so they are read along one path: :func:`read_bytes` (at most
:data:`MAX_BYTES`; reading stops one byte past the limit, so ``/dev/zero`` or a
huge file fails at once instead of filling the memory), :func:`text_of` (the size
limit again for text handed over directly, UTF-8), and for the TOML formats
:func:`loads_toml`. Every problem - of the file system, the encoding or the
syntax - becomes one :class:`~dominolab.core.errors.DominoError` line (of the
format's own subclass) naming the file; :func:`suggest` ends the formats'
"unknown key" messages with a "did you mean".

>>> read_text("/nonexistent/rules.md", what="a rule document")
Traceback (most recent call last):
...
dominolab.core.errors.DominoError: /nonexistent/rules.md: no such file
"""

from __future__ import annotations

import difflib
import os
import sys
import tempfile
import tomllib
from pathlib import Path
from typing import IO, Any, Callable, Iterable

from dominolab.core._check import size_text
from dominolab.core.errors import DominoError, shorten

#: The largest file read: far above any real record, rule document or example file.
MAX_BYTES = 16 * 1024 * 1024


def shown_name(path: str | Path) -> str:
    """The file name as messages show it (a very long one shortened)."""
    text = str(path)
    return shorten(text, 80) if len(text) > 80 else text


def read_limited(stream: IO[bytes], source: str, limit: int = MAX_BYTES,
                 error: type[DominoError] = DominoError) -> bytes:
    """Read at most ``limit`` bytes; a longer stream raises ``error``."""
    data = stream.read(limit + 1)
    if len(data) > limit:
        raise error(f"{source}: larger than the limit of {limit:,} bytes "
                    f"({size_text(limit)}); not read further")
    return data


def read_bytes(path: str | Path, *, what: str, error: type[DominoError] = DominoError,
               limit: int = MAX_BYTES) -> bytes:
    """The bytes of a user's file; ``what`` names the kind of file for the messages."""
    shown = shown_name(path)
    try:
        with open(path, "rb") as stream:
            return read_limited(stream, shown, limit, error)
    except DominoError:                    # the size limit, already one line
        raise
    except FileNotFoundError:
        raise error(f"{shown}: no such file") from None
    except IsADirectoryError:
        raise error(f"{shown}: is a directory, not {what}") from None
    except PermissionError:
        raise error(f"{shown}: permission denied") from None
    except (OSError, ValueError) as exc:   # ValueError: a NUL in the name
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else shorten(str(exc), 80)
        raise error(f"{shown}: cannot read ({reason})") from None


def read_text(path: str | Path, *, what: str, error: type[DominoError] = DominoError,
              limit: int = MAX_BYTES) -> str:
    """A user's UTF-8 text file (a byte order mark is allowed)."""
    data = read_bytes(path, what=what, error=error, limit=limit)
    return text_of(data, shown_name(path), what=what, error=error, limit=limit)


def text_of(data: str | bytes, source: str, *, what: str, error: type[DominoError] = DominoError,
            limit: int = MAX_BYTES) -> str:
    """The text of a user's file given as bytes (UTF-8, a byte order mark allowed) or as text:
    at most ``limit`` bytes or characters; anything else is one ``error`` line naming ``source``."""
    if isinstance(data, bytes):
        if len(data) > limit:
            raise error(f"{source}: larger than the limit of {limit:,} bytes")
        try:
            return data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise error(f"{source}: not UTF-8 text (byte {exc.start:,})") from None
    if not isinstance(data, str):
        raise error(f"{source}: {what} must be bytes or str, not {type(data).__name__}")
    if len(data) > limit:
        raise error(f"{source}: larger than the limit of {limit:,} characters")
    return data


def read_toml(path: str | Path, *, what: str, error: type[DominoError] = DominoError,
              limit: int = MAX_BYTES, syntax: str = "not valid TOML") -> dict[str, Any]:
    """A TOML file a user names, read as :func:`read_text` reads it and parsed by :func:`loads_toml`."""
    return loads_toml(read_text(path, what=what, error=error, limit=limit), shown_name(path), what=what,
                      error=error, limit=limit, syntax=syntax)


def loads_toml(data: str | bytes, source: str, *, what: str, error: type[DominoError] = DominoError,
               limit: int = MAX_BYTES, syntax: str = "not valid TOML") -> dict[str, Any]:
    """TOML a user wrote (text, or bytes read with :func:`text_of`), parsed: a syntax error, a nesting
    too deep for the parser (``a = [[[[...]]]]`` 100,000 levels) or an integer too long for Python
    (thousands of digits) is one ``error`` line, ``SOURCE: SYNTAX: reason`` (``syntax`` is the words
    the file format's messages have always used)."""
    text = text_of(data, source, what=what, error=error, limit=limit)
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        reason = str(exc)
        raise error(f"{source}: {syntax}: {reason if len(reason) <= 120 else shorten(reason, 120)}") from None
    except (RecursionError, MemoryError):
        raise error(f"{source}: {syntax}: nested too deeply") from None
    except ValueError:                     # int() refuses a number of more digits than Python allows
        raise error(f"{source}: {syntax}: a number of more than {sys.get_int_max_str_digits():,} digits") from None


def suggest(word: str, allowed: Iterable[str], *, ordered: bool = False) -> str:
    """The tail of an "unknown key" message: ``; did you mean 'sum'?`` when one allowed word is close,
    else the allowed words (sorted, unless ``ordered`` keeps them in the given order)."""
    words = list(allowed)
    close = difflib.get_close_matches(word, words, n=1, cutoff=0.6)
    return f"; did you mean '{close[0]}'?" if close else f" (allowed: {', '.join(words if ordered else sorted(words))})"


def check_output(path: str | Path, *, option: str, overwrite: bool = False,
                 ours: Callable[[bytes], bool] | None = None, error: type[DominoError] = DominoError) -> Path:
    """Check a file the program is about to write, before any work is done.

    Refused, each with one ``error`` line naming ``option`` and the path: an empty name; anything
    that is not a regular file (a folder, a device such as ``/dev/null``, a FIFO) - a rename would
    replace it; a missing or unwritable folder; and, unless ``overwrite``, an existing file whose
    first bytes ``ours`` does not recognise as this program's (so ``--record notes.txt`` never
    destroys notes).
    """
    text = str(path)
    if not text.strip() or "\0" in text:
        raise error(f"{option}: give a file name, not {text!r}")
    target = Path(text)
    shown = shown_name(target)
    if target.is_symlink() and not target.exists():
        raise error(f"{option} {shown}: is a broken symbolic link")
    if target.exists() and not target.is_file():
        raise error(f"{option} {shown}: exists and is not a regular file (a folder, device or pipe); name a file")
    folder = target.parent
    if not folder.is_dir():
        raise error(f"{option} {shown}: the folder {shown_name(folder)} does not exist")
    if target.exists() and not overwrite and ours is not None:
        try:
            with open(target, "rb") as handle:
                head = handle.read(4096)
        except OSError as exc:
            raise error(f"{option} {shown}: cannot read the existing file: {exc.strerror or exc}") from None
        if not ours(head):
            raise error(f"{option} {shown}: exists and is not a file this program wrote; add --overwrite to "
                        f"replace it, or choose another name")
    try:
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as exc:
        raise error(f"{option} {shown}: cannot write in {shown_name(folder)}: {exc.strerror or exc}") from None
    return target


def write_atomic(path: str | Path, data: bytes, *, error: type[DominoError] = DominoError) -> None:
    """Write ``data`` to a regular file atomically (a temporary file beside it, then a rename).

    A path that exists and is not a regular file is refused (a rename would replace a device or
    a FIFO with a file); whatever happens, ``path`` holds its old content or all of ``data``.
    """
    target = Path(path)
    if target.exists() and not target.is_file():
        raise error(f"{shown_name(target)}: exists and is not a regular file (a folder, device or pipe)")
    fd, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
        os.chmod(temp, 0o666 & ~_umask())
        os.replace(temp, target)
    except BaseException:
        try:
            os.unlink(temp)
        except OSError:
            pass
        raise


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
