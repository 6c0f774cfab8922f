"""The language of the book build: ``DOMINOLAB_BOOK_LANG`` (``de`` by default, ``en``).

Read once, on first use, by :func:`book_lang`; every text a page's cells produce comes from
``WORDS[book_lang()]``. Tests switch it with :func:`book_language` (a context manager).
"""

from __future__ import annotations

import os
from contextlib import contextmanager
from typing import Iterator

from dominolab.core.errors import InvalidArgument
from dominolab.text.words import LANGUAGES

__all__ = ["ENV", "book_lang", "book_language"]

#: The environment variable the English build sets.
ENV = "DOMINOLAB_BOOK_LANG"

_from_env: str | None = None
_override: list[str] = []


def _check(value: str) -> str:
    if value not in LANGUAGES:
        raise InvalidArgument(f"{ENV}={value!r} is not a language of the book; choose one of: {', '.join(LANGUAGES)}")
    return value


def book_lang() -> str:
    """``"de"`` or ``"en"``: the language of the build (the environment, read once), or the one
    :func:`book_language` set; anything else in the environment is a one-line error."""
    global _from_env
    if _override:
        return _override[-1]
    if _from_env is None:
        _from_env = _check(os.environ.get(ENV, "").strip() or "de")
    return _from_env


@contextmanager
def book_language(lang: str) -> Iterator[str]:
    """Within the block, the book's helpers speak ``lang`` (tests; a notebook that shows both)."""
    _override.append(_check(lang))
    try:
        yield lang
    finally:
        _override.pop()
