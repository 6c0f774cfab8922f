"""The games as data: one frozen :class:`GameRules` per game.

Every difference between Horse Race and Fives and Threes is a field here; the
engine (:mod:`dominolab.core.engine`) reads the fields and never asks which game it
is playing. To find a rule, look up its field below: the comment beside each
field names the section of the rule document it comes from. Further games of
the family (house rules) are descriptions with the same fields, read from TOML
files by :mod:`dominolab.core.gamefile`; :data:`GAMES` holds the built-in two.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field, fields
from types import MappingProxyType
from typing import Iterable, Mapping, Sequence

from dominolab.core._check import describe, need_bool, need_int, plural
from dominolab.core.errors import RulesError, SeatingError, UnknownGame, WrongType
from dominolab.core.scoring import credit_trusted
from dominolab.core.seating import Seating
from dominolab.core.tiles import ALL_TILES


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class SpinnerRule(enum.StrEnum):
    """Which doubles open side arms (the table rule); the values are the words of the game descriptions.

    A rule is true when some double spins (so ``if rules.spinners:`` still asks
    "are there side arms at all?"), and ``True``/``False`` convert to
    :attr:`EVERY_DOUBLE`/:attr:`NONE` (see :meth:`of`).
    """

    NONE = "none"                    #: no double spins: the layout is one line (Fives and Threes)
    FIRST_DOUBLE = "first-double"    #: only the first double played spins (All Fives, Muggins)
    EVERY_DOUBLE = "every-double"    #: every double spins (Horse Race)

    def __bool__(self) -> bool:
        return self is not SpinnerRule.NONE

    @classmethod
    def of(cls, value: object) -> "SpinnerRule":
        """The rule named by ``value``: a rule, its word (``"first-double"``) or a bool (old callers)."""
        if value is True or value is False:
            return cls.EVERY_DOUBLE if value else cls.NONE
        if isinstance(value, str):
            try:
                return cls(value)
            except ValueError:
                pass
        allowed = ", ".join(r.value for r in cls)
        raise WrongType(f"spinners must be a SpinnerRule ({allowed}) or True/False, "
                        f"not {type(value).__name__} {describe(value)}")


class OpenerRule(enum.StrEnum):
    """Who opens the next round; the values are the words used in the game descriptions."""

    LAST_PLAYER = "last-player"    #: the seat that played the last tile of the previous round
    NEXT_SEAT = "next-seat"        #: the seat after the previous opener, clockwise
    LOT = "lot"                    #: drawn by lot among all seats


#: Rounds after which a match without a side at the target ends (interpretation zi-rundengrenze):
#: far above any real match (a Horse Race or Fives and Threes match takes a few to a few dozen rounds).
DEFAULT_MAX_ROUNDS = 1000


@dataclass(frozen=True)
class GameRules:
    """One game of the Fives family, described completely by its fields."""

    name: str                      #: command-line name, e.g. ``horse-race``
    title: str                     #: display name
    hand_sizes: Mapping[Seating, int]  #: allowed seatings -> tiles dealt to each player
    drawing: bool                  #: undealt tiles form a stock to draw from (else out of play)
    spinners: SpinnerRule          #: which doubles open two side arms (a :class:`SpinnerRule`)
    divisors: tuple[int, ...]      #: an end sum scores sum/d for each divisor d dividing it
    raw_per_point: int             #: raw points per game point (Horse Race counts fives)
    stay_on_turn: bool             #: a double or a scoring tile from hand lets the player continue
    partners_play_out: bool        #: partnership rounds go on until both partners are out
    domino_bonus: int              #: points for the side that finishes the round
    pip_settlement: bool           #: remaining pips are paid to the round's winners
    target: int                    #: the match target in game points
    target_exact: bool             #: the target must be hit exactly (scoring events beyond it are void)
    opener_after_domino: OpenerRule  #: who opens after a domino (an :class:`OpenerRule`)
    opener_after_block: OpenerRule   #: who opens after a block (an :class:`OpenerRule`)
    point_words: Mapping[str, tuple[str, str]] = field(default_factory=dict)  #: per language: singular, plural of a game point
    sections: tuple[str, ...] = ()  #: headings of the rule document, in order
    max_rounds: int = DEFAULT_MAX_ROUNDS  #: the match ends after this many rounds without a side at the target

    def __post_init__(self) -> None:
        """Reject a description with unknown rule words or insane numbers (one-line :class:`RulesError`)."""
        where = f"game {describe(self.name)}"
        for key in ("name", "title"):
            value = getattr(self, key)
            if not isinstance(value, str) or not value.strip() or len(value) > 80:
                raise RulesError(f"{where}: {key} must be a non-empty text of at most 80 characters")
        for key in ("opener_after_domino", "opener_after_block"):
            value = getattr(self, key)
            try:
                object.__setattr__(self, key, OpenerRule(value))
            except ValueError:
                allowed = ", ".join(r.value for r in OpenerRule)
                raise RulesError(f"{where}: unknown {key} {describe(value)} (one of {allowed})") from None
        try:
            object.__setattr__(self, "spinners", SpinnerRule.of(self.spinners))
        except WrongType:
            allowed = ", ".join(r.value for r in SpinnerRule)
            raise RulesError(f"{where}: unknown spinners {describe(self.spinners)} (one of {allowed})") from None
        for key in ("drawing", "stay_on_turn", "partners_play_out", "pip_settlement",
                    "target_exact"):
            if not isinstance(getattr(self, key), bool):
                raise RulesError(f"{where}: {key} must be True or False, not {describe(getattr(self, key))}")
        divisors = self.divisors
        if (not isinstance(divisors, tuple) or not divisors
                or not all(_is_int(d) and 2 <= d <= 12 for d in divisors) or len(set(divisors)) != len(divisors)):
            raise RulesError(f"{where}: divisors must be a tuple of distinct integers from 2 to 12, "
                             f"not {describe(divisors)}")
        if not _is_int(self.raw_per_point) or not 1 <= self.raw_per_point <= 12:
            raise RulesError(f"{where}: raw_per_point must be an integer from 1 to 12, not {describe(self.raw_per_point)}")
        if not _is_int(self.target) or not 1 <= self.target <= 10_000:
            raise RulesError(f"{where}: target must be an integer from 1 to 10000, not {describe(self.target)}")
        if not _is_int(self.domino_bonus) or not 0 <= self.domino_bonus <= 1000:
            raise RulesError(f"{where}: domino_bonus must be an integer from 0 to 1000, not {describe(self.domino_bonus)}")
        if not _is_int(self.max_rounds) or not 1 <= self.max_rounds <= 100_000:
            raise RulesError(f"{where}: max_rounds must be an integer from 1 to 100000, not {describe(self.max_rounds)}")
        sizes = self.hand_sizes
        if not isinstance(sizes, Mapping) or not sizes:
            raise RulesError(f"{where}: hand_sizes must map at least one Seating to a hand size")
        for seating, size in sizes.items():
            if not isinstance(seating, Seating):
                raise RulesError(f"{where}: hand_sizes keys must be Seating values, not {describe(seating)}")
            if not _is_int(size) or size < 1 or seating.players * size > len(ALL_TILES):
                raise RulesError(f"{where}: {seating} cannot be dealt {describe(size)} tiles each "
                                 f"from {len(ALL_TILES)} tiles")
        object.__setattr__(self, "hand_sizes", MappingProxyType(dict(sizes)))
        if not isinstance(self.point_words, Mapping) or not all(
                isinstance(v, tuple) and len(v) == 2 and all(isinstance(w, str) for w in v)
                for v in self.point_words.values()):
            raise RulesError(f"{where}: point_words must map a language to (singular, plural)")
        if not isinstance(self.sections, tuple) or not all(isinstance(t, str) for t in self.sections):
            raise RulesError(f"{where}: sections must be a tuple of headings")

    def credit(self, end_sum: int) -> int:
        """Game points a placement scores for the given end sum."""
        if not _is_int(end_sum) or not 0 <= end_sum <= 28 * 12:
            need_int(end_sum, "end sum", 0, 28 * 12)
        return credit_trusted(end_sum, self.divisors)

    def seating(self, players: int, partnerships: bool = False) -> Seating:
        """Validate a seating; raise :class:`SeatingError` for one the document does not allow."""
        need_int(players, "players")
        need_bool(partnerships, "partnerships")
        seating = Seating(players, partnerships) if 1 <= players <= 28 and not (partnerships and players % 2) else None
        if seating is None or seating not in self.hand_sizes:
            allowed = ", ".join(str(s) for s in self.hand_sizes)
            asked = plural(players, "player") + (" in partnerships" if partnerships else "")
            raise SeatingError(f"{self.title} cannot be played with {asked}; allowed: {allowed}")
        return seating

    def reaches_target(self, score: int) -> bool:
        if not _is_int(score):
            need_int(score, "score")
        return score == self.target if self.target_exact else score >= self.target

    def sides_at_target(self, scores: Iterable[int]) -> tuple[int, ...]:
        """Every side whose score reaches the target (several share the win)."""
        if isinstance(scores, (str, bytes)) or not hasattr(scores, "__iter__"):
            raise WrongType(f"scores must be a list of integers, not {type(scores).__name__} {describe(scores)}")
        scores = list(scores)
        for score in scores:
            if not _is_int(score):
                need_int(score, "a score")
        return self.sides_at_target_trusted(scores)

    def sides_at_target_trusted(self, scores: Sequence[int]) -> tuple[int, ...]:
        """:meth:`sides_at_target` without the argument check (trusted: integer scores); the
        engine's one test of who won the match."""
        target = self.target
        if not scores or max(scores) < target:
            return ()
        if self.target_exact:
            return tuple([side for side, score in enumerate(scores) if score == target])
        return tuple([side for side, score in enumerate(scores) if score >= target])

    def move_bound(self, seating: Seating) -> int:
        """The most moves (plays, draws and passes) a round of this game can take with ``seating``.

        With ``d`` tiles dealt and a stock of ``k`` tiles that can be drawn (``k = 0`` without
        drawing), the bound is ``(d + k) * players + k``. Proof: every play puts a tile from a
        hand on the table, and a hand only ever holds dealt or drawn tiles, so there are at most
        ``d + k`` plays; every draw takes a stock tile, so at most ``k`` draws. A pass happens
        only when the seat can neither play nor draw and the round is not blocked: nobody's
        hands, the layout or the stock change with a pass, and the round ends at the first moment
        when nobody holding tiles can play, so some other seat holding tiles can play, and the turn
        (which goes round the seats holding tiles) reaches it after at most ``players - 1``
        passes. Before the first play nobody passes (the opener holds tiles, all of which fit the
        empty table) and the last play ends the round, so there are at most
        ``(players - 1) * (d + k)`` passes. The engine raises
        :class:`~dominolab.core.errors.MoveBoundError` if passes ever run longer.

        >>> from dominolab.core.rules import get_game
        >>> get_game("horse-race").move_bound(Seating(4))
        120
        """
        if not isinstance(seating, Seating):
            raise WrongType(f"seating must be a Seating (see GameRules.seating), not {type(seating).__name__} "
                            f"{describe(seating)}")
        size = self.hand_sizes.get(seating)
        if size is None:
            self.seating(seating.players, seating.partnerships)      # raises SeatingError
            raise AssertionError("unreachable")                       # pragma: no cover
        dealt = seating.players * size
        stock = len(ALL_TILES) - dealt if self.drawing else 0
        return (dealt + stock) * seating.players + stock

    def __str__(self) -> str:
        return self.title

    # An immutable value: copies are the value itself; pickles name a built-in game.
    def __copy__(self) -> "GameRules":
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> "GameRules":
        return self

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        if GAMES.get(self.name) is self:
            return (get_game, (self.name,))
        values = {f.name: getattr(self, f.name) for f in fields(self)}
        values["hand_sizes"] = dict(self.hand_sizes)
        values["point_words"] = dict(self.point_words)
        return (_rebuild_rules, (values,))


def _rebuild_rules(values: dict[str, object]) -> GameRules:
    return GameRules(**values)  # type: ignore[arg-type]


HORSE_RACE = GameRules(
    name="horse-race",
    title="Horse Race",
    # Spieler, Steine und Punkte: 7 / 6 / 5 tiles, rest is a stock that may be drawn from.
    hand_sizes=MappingProxyType({
        Seating(2): 7, Seating(3): 6, Seating(4): 5, Seating(4, True): 5,
    }),
    drawing=True,
    spinners=SpinnerRule.EVERY_DOUBLE,  # Jeder Doppelstein kann verzweigen
    divisors=(5,),                 # Nach jedem Anlegen werten: multiples of five, /5
    raw_per_point=5,               # five raw points are one display point
    stay_on_turn=True,             # Anlegen und am Zug bleiben
    partners_play_out=False,       # Die Runde abrechnen: the first empty hand ends the round
    domino_bonus=0,
    pip_settlement=True,           # Die Runde abrechnen / Gleich kleinste Summen
    target=61,                     # at least 61 wins at once
    target_exact=False,
    opener_after_domino=OpenerRule.LAST_PLAYER,  # Die Runde beginnen
    opener_after_block=OpenerRule.LOT,
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
    spinners=SpinnerRule.NONE,     # Doppelsteine und die Linie
    divisors=(3, 5),               # Punkte für das Anlegen
    raw_per_point=1,
    stay_on_turn=False,
    partners_play_out=True,        # Eine Runde beenden
    domino_bonus=1,
    pip_settlement=False,          # remaining tiles never score
    target=61,                     # Das exakte 61-Punkte-Ziel anwenden
    target_exact=True,
    opener_after_domino=OpenerRule.NEXT_SEAT,
    opener_after_block=OpenerRule.NEXT_SEAT,
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
    if not isinstance(name, str):
        raise WrongType(f"a game is a name ({', '.join(GAMES)}) or a GameRules, "
                        f"not {type(name).__name__} {describe(name)}")
    try:
        return GAMES[name]
    except KeyError:
        raise UnknownGame(f"unknown game {describe(name)}; choose one of: {', '.join(GAMES)}") from None
