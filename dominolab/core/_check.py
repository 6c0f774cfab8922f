"""Argument checks for the public API (never used on the engine's hot path).

Every helper raises a one-line :class:`~dominolab.core.errors.DominoError` subclass
that names what was wrong and where; echoed input is shortened with
:func:`~dominolab.core.errors.shorten`.
"""

from __future__ import annotations

import reprlib
from typing import Any

from dominolab.core.errors import InvalidArgument, WrongType, shorten


def describe(value: object, limit: int = 40) -> str:
    """A short, one-line rendering of an argument for an error message."""
    if isinstance(value, str):
        return shorten(value, limit)
    try:
        text = reprlib.repr(value)
    except Exception:  # a broken __repr__ must not hide the real error
        text = f"<{type(value).__name__} object>"
    text = text.replace("\n", " ")
    if len(text) > limit:
        text = text[:limit] + f"… ({len(text):,} characters)"
    return text


#: The words a file format uses for its kinds of value (messages name them as the user's file does).
JSON_WORDS = {"text": "a string", "number": "a number with a decimal point or exponent", "table": "an object"}
TOML_WORDS = {"text": "a text", "number": "a number", "table": "a table"}


def value_kind(value: object, words: dict[str, str] = JSON_WORDS) -> str:
    """A data value's kind for messages: ``a boolean (true)``, ``an integer (7)``, ``a string '…'``.

    ``words`` is the file format's vocabulary (:data:`JSON_WORDS` for records,
    :data:`TOML_WORDS` for game descriptions); one describer serves both.
    """
    if value is None:
        return "null"
    if value is True or value is False:
        return f"a boolean ({'true' if value else 'false'})"
    if type(value) is int:
        text = str(value)
        return f"an integer ({text if len(text) <= 30 else text[:20] + '…'})"
    if isinstance(value, float):
        return f"{words['number']} ({value!r})"
    if isinstance(value, str):
        return f"{words['text']} {shorten(value, 40)}"
    if isinstance(value, list):
        return f"an array of {len(value):,} item{'' if len(value) == 1 else 's'}"
    if isinstance(value, dict):
        return words["table"]
    return type(value).__name__


def size_text(limit: int) -> str:
    """A byte limit as people read it: ``16 MiB``, ``256 KiB``, ``100 bytes``."""
    for unit, size in (("MiB", 1 << 20), ("KiB", 1 << 10)):
        if limit >= size and limit % size == 0:
            return f"{limit // size:,} {unit}"
    return f"{limit:,} bytes"


def plural(n: int, singular: str, plural_form: str | None = None) -> str:
    """``1 point``, ``2 points``."""
    return f"{n} {singular if n == 1 else (plural_form or singular + 's')}"


def need_int(value: Any, what: str, lo: int | None = None, hi: int | None = None) -> int:
    """An ``int`` (never a ``bool`` or a ``float``) within ``lo..hi``."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise WrongType(f"{what} must be an integer, not {type(value).__name__} {describe(value)}")
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        if lo is not None and hi is not None:
            span = f"from {lo} to {hi}"
        elif lo is not None:
            span = f"at least {lo}"
        else:
            span = f"at most {hi}"
        raise InvalidArgument(f"{what} must be {span}, not {describe(value)}")
    return value


def need_bool(value: Any, what: str) -> bool:
    if not isinstance(value, bool):
        raise WrongType(f"{what} must be True or False, not {type(value).__name__} {describe(value)}")
    return value


def need_sequence(value: Any, what: str, limit: int = 1000) -> list[Any]:
    """A list, tuple or other finite non-string iterable, as a list (at most ``limit`` items)."""
    if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
        raise WrongType(f"{what} must be a list or tuple, not {type(value).__name__} {describe(value)}")
    if isinstance(value, (dict, set, frozenset)):
        raise WrongType(f"{what} must be a list or tuple (ordered), not {type(value).__name__}")
    out: list[Any] = []
    for item in value:
        out.append(item)
        if len(out) > limit:
            raise InvalidArgument(f"{what} is too long (more than {limit} items)")
    return out
