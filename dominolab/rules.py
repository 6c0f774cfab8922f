"""The two games as data: one frozen :class:`GameRules` per game.

Every difference between Horse Race and Fives and Threes is a field here; the
engine (:mod:`dominolab.engine`) reads the fields and never asks which game it
is playing. To find a rule, look up its field below: the comment beside each
field names the section of the rule document it comes from.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Mapping

from .errors import SeatingError, UnknownGame
from .scoring import credit_for_sum


@dataclass(frozen=True)
class Seating:
    """A player count and whether the four players play in partnerships."""

    players: int
    partnerships: bool = False

    @property
    def n_sides(self) -> int:
        return 2 if self.partnerships else self.players

    def side_of(self, seat: int) -> int:
        """Side 0 = seats 0 and 2, side 1 = seats 1 and 3 in partnerships; else the seat."""
        return seat % 2 if self.partnerships else seat

    def seats_of(self, side: int) -> tuple[int, ...]:
        return tuple(s for s in range(self.players) if self.side_of(s) == side)

    def __str__(self) -> str:
        return f"{self.players} players" + (" in partnerships" if self.partnerships else "")


@dataclass(frozen=True)
class GameRules:
    """One game of the Fives family, described completely by its fields."""

    name: str                      #: command-line name, e.g. ``horse-race``
    title: str                     #: display name
    hand_sizes: Mapping[Seating, int]  #: allowed seatings -> tiles dealt to each player
    drawing: bool                  #: undealt tiles form a stock to draw from (else out of play)
    spinners: bool                 #: every double opens two side arms
    divisors: tuple[int, ...]      #: an end sum scores sum/d for each divisor d dividing it
    raw_per_point: int             #: raw points per game point (Horse Race counts fives)
    stay_on_turn: bool             #: a double or a scoring tile from hand lets the player continue
    partners_play_out: bool        #: partnership rounds go on until both partners are out
    domino_bonus: int              #: points for the side that finishes the round
    pip_settlement: bool           #: remaining pips are paid to the round's winners
    target: int                    #: the match target in game points
    target_exact: bool             #: the target must be hit exactly (scoring events beyond it are void)
    opener_after_domino: str       #: "last-player" or "next-seat"
    opener_after_block: str        #: "lot" or "next-seat"
    point_words: Mapping[str, tuple[str, str]] = field(default_factory=dict)  #: per language: singular, plural of a game point
    sections: tuple[str, ...] = ()  #: headings of the rule document, in order

    def credit(self, end_sum: int) -> int:
        """Game points a placement scores for the given end sum."""
        return credit_for_sum(end_sum, self.divisors)

    def seating(self, players: int, partnerships: bool = False) -> Seating:
        """Validate a seating; raise :class:`SeatingError` for one the document does not allow."""
        seating = Seating(players, partnerships)
        if seating not in self.hand_sizes:
            allowed = ", ".join(str(s) for s in self.hand_sizes)
            raise SeatingError(f"{self.title} cannot be played with {seating}; allowed: {allowed}")
        return seating

    def reaches_target(self, score: int) -> bool:
        return score == self.target if self.target_exact else score >= self.target

    def sides_at_target(self, scores) -> tuple[int, ...]:
        """Every side whose score reaches the target (several share the win)."""
        return tuple(side for side, score in enumerate(scores) if self.reaches_target(score))

    def __str__(self) -> str:
        return self.title


HORSE_RACE = GameRules(
    name="horse-race",
    title="Horse Race",
    # Spieler, Steine und Punkte: 7 / 6 / 5 tiles, rest is a stock that may be drawn from.
    hand_sizes=MappingProxyType({
        Seating(2): 7, Seating(3): 6, Seating(4): 5, Seating(4, True): 5,
    }),
    drawing=True,
    spinners=True,                 # Jeder Doppelstein kann verzweigen
    divisors=(5,),                 # Nach jedem Anlegen werten: multiples of five, /5
    raw_per_point=5,               # five raw points are one display point
    stay_on_turn=True,             # Anlegen und am Zug bleiben
    partners_play_out=False,       # Die Runde abrechnen: the first empty hand ends the round
    domino_bonus=0,
    pip_settlement=True,           # Die Runde abrechnen / Gleich kleinste Summen
    target=61,                     # at least 61 wins at once
    target_exact=False,
    opener_after_domino="last-player",  # Die Runde beginnen
    opener_after_block="lot",
    point_words=MappingProxyType({"de": ("Anzeigepunkt", "Anzeigepunkte"), "en": ("display point", "display points")}),
    sections=(
        "Spieler, Steine und Punkte", "Die Runde beginnen", "Anlegen und am Zug bleiben",
        "Jeder Doppelstein kann verzweigen", "Doppelsteine am Ende und im Inneren der Auslage",
        "Seitenarme des Spinners öffnen", "Nach jedem Anlegen werten", "Von der Endsumme zu Punkten",
        "Ziehen oder passen", "Die Runde abrechnen", "Gleich kleinste Summen",
        "Die Partie gewinnen und Punkte notieren",
    ),
)

FIVES_AND_THREES = GameRules(
    name="fives-and-threes",
    title="Fives and Threes",
    # Austeilen und die Runde beginnen: 7 / 5 / 5 tiles; the rest stays out of play.
    hand_sizes=MappingProxyType({
        Seating(2): 7, Seating(3): 5, Seating(4, True): 5,
    }),
    drawing=False,
    spinners=False,                # Doppelsteine und die Linie
    divisors=(3, 5),               # Punkte für das Anlegen
    raw_per_point=1,
    stay_on_turn=False,
    partners_play_out=True,        # Eine Runde beenden
    domino_bonus=1,
    pip_settlement=False,          # remaining tiles never score
    target=61,                     # Das exakte 61-Punkte-Ziel anwenden
    target_exact=True,
    opener_after_domino="next-seat",
    opener_after_block="next-seat",
    point_words=MappingProxyType({"de": ("Spielpunkt", "Spielpunkte"), "en": ("game point", "game points")}),
    sections=(
        "Ausrüstung und Ziel", "Austeilen und die Runde beginnen", "Gleiche Augenzahlen anlegen",
        "Doppelsteine und die Linie", "Punkte für das Anlegen", "Eine Runde beenden",
        "Das exakte 61-Punkte-Ziel anwenden",
    ),
)

GAMES: Mapping[str, GameRules] = MappingProxyType({g.name: g for g in (HORSE_RACE, FIVES_AND_THREES)})


def get_game(name: str | GameRules) -> GameRules:
    """Look a game up by its name (``horse-race`` or ``fives-and-threes``)."""
    if isinstance(name, GameRules):
        return name
    try:
        return GAMES[name]
    except KeyError:
        raise UnknownGame(f"unknown game {name!r}; choose one of: {', '.join(GAMES)}") from None
