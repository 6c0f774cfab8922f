"""Who sits at the table: a player count and whether the players play in partnerships.

Its own module because both the game descriptions (:mod:`dominolab.core.rules`: which seatings a
game allows) and the scoring functions (:mod:`dominolab.core.scoring`: whose pips a settlement
collects) read it, and neither needs the other for it.

>>> Seating(4, True).seats_of(1), str(Seating(3))
((1, 3), '3 players')
"""

from __future__ import annotations

from dataclasses import dataclass

from dominolab.core._check import need_bool, need_int, plural
from dominolab.core.errors import SeatingError

__all__ = ["Seating"]


@dataclass(frozen=True)
class Seating:
    """A player count and whether the four players play in partnerships."""

    players: int
    partnerships: bool = False

    def __post_init__(self) -> None:
        need_int(self.players, "players", 1, 28)
        need_bool(self.partnerships, "partnerships")
        if self.partnerships and self.players % 2:
            raise SeatingError(f"partnerships need an even number of players, not {self.players}")

    @property
    def n_sides(self) -> int:
        return 2 if self.partnerships else self.players

    def side_of(self, seat: int) -> int:
        """Side 0 = seats 0 and 2, side 1 = seats 1 and 3 in partnerships; else the seat."""
        return seat % 2 if self.partnerships else seat

    def seats_of(self, side: int) -> tuple[int, ...]:
        return tuple(s for s in range(self.players) if self.side_of(s) == side)

    def __str__(self) -> str:
        return plural(self.players, "player") + (" in partnerships" if self.partnerships else "")
