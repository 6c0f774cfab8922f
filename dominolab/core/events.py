"""What happens in a round, as values: plays, draws, passes and the settlement (the engine's events).

The engine (:mod:`dominolab.core.engine`) makes them and keeps them in order in ``Round.events``;
records, the narrator, the terminal and the pages read them. They are plain named tuples, immutable
and cheap (the engine builds them on its hot path).
"""

from __future__ import annotations

import enum
from typing import NamedTuple

from dominolab.core.layout import AttachmentPoint
from dominolab.core.scoring import EndReason
from dominolab.core.tiles import Tile

__all__ = ["DrawEvent", "Event", "PassEvent", "PlayEvent", "PlaySource", "SettleEvent"]


class PlaySource(enum.StrEnum):
    """Where a played tile came from; the values are the record strings."""

    HAND = "hand"      #: from the hand (may let a Horse Race player continue)
    DRAWN = "drawn"    #: drawn from the stock and played at once


class PlayEvent(NamedTuple):
    seat: int
    tile: Tile
    at: AttachmentPoint | None
    source: PlaySource  # hand or drawn
    sum: int           # end sum after the play
    credit: int        # what that sum scores
    bonus: int         # domino bonus when this play finishes the round for its side
    scored: int        # what was actually added to the side's score
    scores: tuple[int, ...]
    #: the play would score (``credit + bonus``) but books nothing: it would pass a target that must be hit
    #: exactly (decided by :meth:`Round._judge` through :meth:`Round.accepted`; records do not carry it,
    #: a replay recomputes it)
    void: bool


class DrawEvent(NamedTuple):
    seat: int
    tile: Tile


class PassEvent(NamedTuple):
    seat: int


class SettleEvent(NamedTuple):
    reason: EndReason           # domino or blocked
    winners: tuple[int, ...]    # winning sides of the round
    pips: tuple[int, ...]       # remaining pips per seat
    credits: tuple[int, ...]    # points per side
    scores: tuple[int, ...]


Event = PlayEvent | DrawEvent | PassEvent | SettleEvent
