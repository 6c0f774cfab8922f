"""The one language context: which language every word and sentence is made in.

Each face sets it once where a request, a build or a game starts (the command line from
``--lang``, the page API from its call's ``lang``, the book build from ``DOMINOLAB_BOOK_LANG``,
the terminal game from its options); everything below reads :func:`current`. Nothing outside
:mod:`dominolab.text` holds a language of its own (``tests/core/test_layers.py`` checks it).

It is a :class:`contextvars.ContextVar`, so a block that speaks another language
(:func:`speaking`) ends where it ends, also in threads and tasks.

>>> current()
'de'
>>> with speaking("en"):
...     current()
'en'
>>> current()
'de'
"""

from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar, Token
from typing import Iterator

from dominolab.core._check import describe
from dominolab.core.errors import InvalidArgument

__all__ = ["LANGUAGES", "DEFAULT", "DOCUMENTS", "current", "checked", "resolved", "speaking", "use", "reset"]

#: The languages the words exist in, the documents' language first.
LANGUAGES: tuple[str, ...] = ("de", "en")
#: The language when nobody chose one: the documents' language.
DEFAULT = "de"
#: The rule documents' language: their step texts are the specification, checked in German whatever the
#: context speaks (``dominolab.verify``).
DOCUMENTS = "de"

_LANG: ContextVar[str] = ContextVar("dominolab_lang", default=DEFAULT)


def checked(lang: object) -> str:
    """``lang`` when it is one of :data:`LANGUAGES`; a one-line :class:`InvalidArgument` otherwise."""
    if isinstance(lang, str) and lang in LANGUAGES:
        return lang
    raise InvalidArgument(f"unknown language {describe(lang)}; choose one of: {', '.join(LANGUAGES)}")


def current() -> str:
    """The language words are made in now (``"de"`` unless a face or a block chose another)."""
    return _LANG.get()


def resolved(lang: object | None) -> str:
    """The language a function with a ``lang: str | None = None`` parameter speaks: ``lang`` when given
    (checked), else :func:`current`.

    >>> resolved(None), resolved("en")
    ('de', 'en')
    """
    return current() if lang is None else checked(lang)


def use(lang: object) -> Token[str]:
    """Set the language for the rest of this context (a face, once, where its work starts);
    the token undoes it (:func:`reset`)."""
    return _LANG.set(checked(lang))


def reset(token: Token[str]) -> None:
    """Undo a :func:`use`."""
    _LANG.reset(token)


@contextmanager
def speaking(lang: object) -> Iterator[str]:
    """Within the block, words are made in ``lang``."""
    token = use(lang)
    try:
        yield current()
    finally:
        _LANG.reset(token)
