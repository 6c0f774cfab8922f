"""The words of a lesson for moves and refusals: the book's one reader rendering and the engine's
reason codes (both from :mod:`dominolab.text.words`).

Moves are written for readers in one form everywhere (book, play page, lessons):
``[1|4] an [4|4], Längsseite B``; an end of an ordinary tile is named by the number it
shows (``[1|4], Ende mit der 4``). Why a move is refused is decided by the engine (its
reason code), and the German sentence comes from the words table
(:func:`dominolab.text.words.error_sentence`): no sentence is made by reading the engine's English.
"""

from __future__ import annotations

from dominolab.core.layout import AttachmentPoint, Placement
from dominolab.text.words import move_text, point_text

__all__ = ["move_de", "point_de"]


def point_de(point: AttachmentPoint | str) -> str:
    """``[4|4], Längsseite B`` / ``[1|4], Ende mit der 4``: a point as readers read it."""
    return point_text(point)


def move_de(move: Placement | str) -> str:
    """``[1|4] an [4|4], Längsseite B`` (the opening tile: ``[1|4] als Eröffnung``)."""
    return move_text(move)

