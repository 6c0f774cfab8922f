"""Moves as values, and their notation.

A move is a :class:`~dominolab.core.layout.Placement` (a tile and where it goes), the
draw :data:`DRAW` or the pass :data:`PASS` (in Fives and Threes: the knock).
The notation is the one of the interchange contract: ``draw``, ``pass``, or a
placement such as ``[1|4]`` (the opening tile) or ``[1|1]@[1|4].low``.

``DRAW`` and ``PASS`` are singletons: they keep their identity when copied,
deep-copied or pickled, so the engine may compare moves with ``is``.

>>> parse_move('draw') is DRAW, format_move(PASS)
(True, 'pass')
>>> format_move(parse_move(' [1|1]@[1|4].low '))
'[1|1]@[1|4].low'
"""

from __future__ import annotations

from typing import Any, TypeAlias

from dominolab.core._check import describe
from dominolab.core.errors import NotationError, WrongType
from dominolab.core.layout import Placement

__all__ = ["DRAW", "PASS", "DrawMove", "Move", "PassMove", "format_move", "parse_move"]

#: Longest move text worth parsing (a placement is at most 20 characters).
_MAX_MOVE_TEXT = 200


class _Singleton:
    """Base of the two move constants: one instance per class, kept by copy and pickle."""

    __slots__ = ()
    _name = ""
    _notation = ""
    _instance: Any = None

    def __new__(cls) -> Any:
        if cls._instance is None:
            cls._instance = object.__new__(cls)
        return cls._instance

    def __reduce__(self) -> str:
        return self._name             # pickle: the module attribute of that name

    def __copy__(self) -> Any:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Any:
        return self

    def __repr__(self) -> str:
        return self._name

    def __str__(self) -> str:
        return self._notation


class DrawMove(_Singleton):
    """Take the front tile of the stock (only when no tile in hand can be played)."""

    __slots__ = ()
    _name = "DRAW"
    _notation = "draw"


class PassMove(_Singleton):
    """Pass (Horse Race, stock empty) or knock (Fives and Threes) - no legal play."""

    __slots__ = ()
    _name = "PASS"
    _notation = "pass"


DRAW: DrawMove = DrawMove()
PASS: PassMove = PassMove()

Move: TypeAlias = Placement | DrawMove | PassMove


def parse_move(text: str) -> Move:
    """``draw``, ``pass`` or a placement in notation; anything else raises :class:`NotationError`."""
    if not isinstance(text, str):
        raise WrongType(f"a move must be given as text, not {type(text).__name__} {describe(text)}")
    if len(text) > _MAX_MOVE_TEXT:
        raise NotationError(f"not a move: {describe(text)} (write draw, pass or a placement such as [1|1]@[1|4].low)")
    word = text.strip()
    if word == "draw":
        return DRAW
    if word == "pass":
        return PASS
    if word.startswith("["):
        return Placement.parse(word)        # names what is wrong with the placement
    raise NotationError(f"not a move: {describe(text)} (write draw, pass or a placement such as [1|1]@[1|4].low)")


def format_move(move: Move) -> str:
    """The notation of a move: ``draw``, ``pass``, ``[1|4]`` or ``[1|1]@[1|4].low``."""
    if isinstance(move, (Placement, DrawMove, PassMove)):
        return str(move)
    raise WrongType(f"not a move: {type(move).__name__} {describe(move)}")
