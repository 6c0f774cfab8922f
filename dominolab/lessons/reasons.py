"""The words of a lesson for moves and refusals: the book's one reader rendering and the engine's
reason codes (both from :mod:`dominolab.text.words`).

Moves are written for readers in one form everywhere (book, play page, lessons):
``[1|4] an [4|4], Längsseite B``; an end of an ordinary tile is named by the number it
shows (``[1|4], Ende mit der 4``). Why a move is refused is decided by the engine (its
reason code), and the German sentence comes from the words table: no sentence is made
by reading the engine's English.
"""

from __future__ import annotations

from dominolab.core.errors import DominoError, Reason
from dominolab.core.layout import AttachmentPoint, Placement
from dominolab.text.words import move_text, point_text, reason_sentence

__all__ = ["move_de", "point_de", "reason_de", "UnknownReason"]


class UnknownReason(DominoError):
    """An engine refusal without a reason code or without a German sentence for it."""


def point_de(point: AttachmentPoint | str) -> str:
    """``[4|4], Längsseite B`` / ``[1|4], Ende mit der 4``: a point as readers read it."""
    return point_text(point)


def move_de(move: Placement | str) -> str:
    """``[1|4] an [4|4], Längsseite B`` (the opening tile: ``[1|4] als Eröffnung``)."""
    return move_text(move)


def reason_de(reason: BaseException | Reason) -> str:
    """The German sentence for an engine refusal (an error or a :class:`Reason` with its code),
    without the move it names; :class:`UnknownReason` when the engine gave no code or the words
    table has no sentence for it."""
    sentence = reason_sentence(reason)
    if sentence is None:
        raise UnknownReason(f"no German wording for the engine's reason {str(getattr(reason, 'text', reason))!r}")
    return sentence
