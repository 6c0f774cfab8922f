"""Error hierarchy: every user-facing problem is a :class:`DominoError`.

The levels follow python-chess: a syntax error needs no position, an illegal
move is judged against one, a record error names the first wrong event.
All are ``ValueError`` subclasses so callers can catch either.

Errors about the rules of play (:class:`IllegalPlacement`, :class:`IllegalMove`)
also carry a reason code and its details (:attr:`DominoError.code`,
:attr:`DominoError.details`): the message stays English (the interface
contract), and a reader's sentence in another language is made from the code
(:func:`dominolab.text.words.error_sentence`), never by reading the message.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping


@dataclass(frozen=True)
class Reason:
    """Why a placement or move is illegal: a stable code, the English text and its details.

    ``details`` holds plain values (notation strings and integers), e.g.
    ``Reason("wrong-pips", "pips do not match ...", {"tile": "[1|3]", "point": "[4|4].A", "pips": 4})``.
    """

    code: str
    text: str
    details: Mapping[str, str | int] = field(default_factory=dict)


class DominoError(ValueError):
    """Base class of every error dominolab raises for bad input.

    ``code`` and ``details`` are set where the error has a reason code (see
    :class:`Reason`); otherwise ``code`` is ``None`` and ``details`` empty.
    """

    code: str | None
    details: Mapping[str, str | int]

    def __init__(self, *args: object, code: str | None = None,
                 details: Mapping[str, str | int] | None = None) -> None:
        super().__init__(*args)
        self.code = code
        self.details = dict(details or {})


class NotationError(DominoError):
    """Text that is not valid tile, point, placement or layout notation."""


class IllegalPlacement(DominoError):
    """A well-formed placement that breaks a rule in the current layout."""


class IllegalMove(DominoError):
    """A move (play, draw, pass) that is not legal in the current round state."""


class SeatingError(DominoError):
    """A player count or partnership choice the game does not allow."""


class UnknownGame(DominoError):
    """A game name that is not one of the described games."""


class RecordError(DominoError):
    """A game record that is unreadable or inconsistent with the rules."""


class RecordFormatError(RecordError):
    """A record that cannot be read: not JSON, too large or deep, wrong types or shapes.

    The command line reports these as bad input (exit 2); other
    :class:`RecordError` values are rule violations found by a replay (exit 1).
    """


class ExampleError(DominoError):
    """An example file that does not follow the catalogue format."""


class InvalidArgument(DominoError):
    """An argument of the public Python API with a wrong value, shape or size."""


class WrongType(InvalidArgument, TypeError):
    """An argument of the public Python API of the wrong type (also a ``TypeError``)."""


class RulesError(DominoError):
    """A game description (:class:`~dominolab.core.rules.GameRules`) that is not sane."""


class MoveBoundError(RuntimeError):
    """A round ran past the move bound its description proves (an engine bug, never bad input)."""


def shorten(text: str, limit: int = 60) -> str:
    """Return ``text`` quoted for an error message, cut to about ``limit`` characters.

    Short text comes back as its ``repr``; longer text is cut and ends with an
    ellipsis and a note of its full length, e.g. ``'[1|1]@@…' (100,002 characters)``.
    Control characters are escaped by ``repr``, so the result is always one line.
    """
    if not isinstance(text, str):
        text = str(text)
    if len(text) <= limit:
        return repr(text)
    head = repr(text[: max(limit, 1)])[:-1]
    return f"{head}…{head[0]} ({len(text):,} characters)"


#: C0 control characters (U+0000 to U+001F: tab, line feed, carriage return, escape ...) and DEL (U+007F):
#: what free text read from a file or record must not hold (:func:`control_character`), and what
#: :func:`visible` writes as an escape.
CONTROL_CHARACTERS = "".join(map(chr, range(0x20))) + "\x7f"
_VISIBLE = {ord(c): f"\\u{ord(c):04x}" for c in CONTROL_CHARACTERS}
_VISIBLE_KEEP_NEWLINE = {k: v for k, v in _VISIBLE.items() if k != ord("\n")}


def control_character(text: str) -> str | None:
    """The first control character of ``text`` as ``U+001B`` (see :data:`CONTROL_CHARACTERS`), or ``None``.

    Text fields that reach a terminal or a page (a description's title, point words and
    section headings, a record's game) are refused when this finds one: an escape
    sequence in a record someone sends could retitle or clear a terminal or forge a line.
    """
    for char in text:
        if char < " " or char == "\x7f":
            return f"U+{ord(char):04X}"
    return None


def visible(text: str, *, newlines: bool = True) -> str:
    """``text`` with every control character written as a visible escape (ESC becomes ``\\u001b``).

    Line feeds stay as they are unless ``newlines`` is false. The escape is valid in JSON
    strings and Python literals alike, so JSON output stays JSON; text without control
    characters comes back unchanged.
    """
    table = _VISIBLE_KEEP_NEWLINE if newlines else _VISIBLE
    return text.translate(table)
