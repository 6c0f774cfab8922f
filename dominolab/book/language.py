"""Compatibility only: :func:`book_language` is :func:`dominolab.text.language.speaking`.

The book's language is the one language context (:mod:`dominolab.text.language`), set from
``DOMINOLAB_BOOK_LANG`` by :func:`dominolab.book.language_from_environment`. This module remains
only because :mod:`dominolab.webapi` still enters ``book_language`` by name (issue 40: it goes
when the page API speaks the language context itself).
"""

from __future__ import annotations

from dominolab.text.language import speaking as book_language

__all__ = ["book_language"]
