"""The layout on the table: placed tiles, attachment points and scored ends.

Value types (immutable, interned where cheap):

* :class:`Side` - which attachment point of a placed tile (``low``, ``high``,
  ``A``, ``B``, ``armA``, ``armB``).
* :class:`AttachmentPoint` - a tile plus a side, written ``[1|4].low``.
* :class:`Placement` - a tile and where it goes, written ``[1|1]@[1|4].low`` or,
  for the opening tile, ``[1|4]``.

:class:`Layout` is the mutable owner of the table. It knows one rule switch of the
game description, ``spinners`` (a :class:`~dominolab.core.rules.SpinnerRule`: no double,
the first double played, or every double opens side arms); everything else about
placing and counting ends is common to the games.

>>> lay = Layout.from_notation('[1|4] [1|1]@[1|4].low [4|4]@[1|4].high', spinners=True)
>>> lay.end_sum, [f'{p}: {v}' for p, v in lay.contributions()]
(10, ['[1|1].B: 2', '[4|4].B: 8'])
"""

from __future__ import annotations

import enum
import re
from typing import Any, Iterable, NamedTuple

from dominolab.core._check import describe, need_sequence
from dominolab.core.errors import IllegalPlacement, InvalidArgument, NotationError, Reason, WrongType
from dominolab.core.rules import SpinnerRule
from dominolab.core.tiles import Tile

#: Longest notation text worth parsing: a layout of all 28 tiles is under 600 characters.
MAX_NOTATION = 2000


class Side(enum.IntEnum):
    """An attachment point of a placed tile; the value is the display order."""

    HIGH = 0
    LOW = 1
    A = 2
    B = 3
    ARM_A = 4
    ARM_B = 5

    @property
    def notation(self) -> str:
        return _SIDE_NOTATION[self]

    @property
    def is_arm(self) -> bool:
        return self >= Side.ARM_A

    @property
    def is_line_side(self) -> bool:
        return self is Side.A or self is Side.B

    @classmethod
    def parse(cls, text: str) -> "Side":
        if not isinstance(text, str):
            raise WrongType(f"an attachment point side is text, not {type(text).__name__} {describe(text)}")
        try:
            return _SIDE_BY_NOTATION[text]
        except KeyError:
            raise NotationError(
                f"unknown attachment point {describe(text)} (use low, high, A, B, armA or armB)"
            ) from None


_SIDE_NOTATION = {
    Side.HIGH: "high",
    Side.LOW: "low",
    Side.A: "A",
    Side.B: "B",
    Side.ARM_A: "armA",
    Side.ARM_B: "armB",
}
_SIDE_BY_NOTATION = {v: k for k, v in _SIDE_NOTATION.items()}


_END, _LINE_SIDE, _ARM = 0, 1, 2


class AttachmentPoint:
    """A point of a placed tile, e.g. ``[1|4].low`` (interned, immutable)."""

    __slots__ = ("tile", "side", "pips", "unit", "counts", "sort_key", "kind", "other_side", "placement_of",
                 "attach_of")
    _interned: dict[tuple[Tile, Side], "AttachmentPoint"] = {}

    tile: Tile
    side: Side
    pips: int
    unit: int
    counts: int
    sort_key: tuple[int, int, int]
    kind: int
    other_side: "AttachmentPoint | None"
    placement_of: dict[Tile, "Placement"]
    attach_of: dict[Tile, tuple["AttachmentPoint", "AttachmentPoint", tuple["AttachmentPoint", "AttachmentPoint"]]]

    def __new__(cls, tile: Tile, side: Side) -> "AttachmentPoint":
        try:
            point = cls._interned.get((tile, side))
        except TypeError:            # unhashable arguments: reported below
            point = None
        if point is not None:
            return point
        if not isinstance(tile, Tile):
            raise WrongType(f"an attachment point needs a Tile, not {type(tile).__name__} {describe(tile)}")
        if isinstance(side, str):
            side = Side.parse(side)
        if not isinstance(side, Side):
            raise WrongType(f"an attachment point needs a Side, not {type(side).__name__} {describe(side)}")
        if tile.is_double == (side in (Side.LOW, Side.HIGH)):
            kind = "a double" if tile.is_double else "a non-double"
            raise NotationError(f"{tile} is {kind} and has no point {side.notation}")
        point = object.__new__(cls)
        setattr_ = object.__setattr__
        setattr_(point, "tile", tile)
        setattr_(point, "side", side)
        setattr_(point, "pips", tile.low if side in (Side.LOW, Side.A, Side.B, Side.ARM_A, Side.ARM_B) else tile.high)
        setattr_(point, "unit", 1 << 4 * point.pips)   # one in its pips' field of Layout.open_counts
        setattr_(point, "sort_key", (tile.low, tile.high, int(side)))
        setattr_(point, "kind", _END if side <= Side.LOW else _LINE_SIDE if side <= Side.B else _ARM)
        # THE rule of the end sum, as data: what this point adds while it is free. An end counts its
        # pips; a double counts both halves while at least one line side is free (once, see
        # _sum_after and Layout.contributions); a side arm counts nothing.
        setattr_(point, "counts", point.pips if point.kind == _END else tile.pips if point.kind == _LINE_SIDE else 0)
        setattr_(point, "other_side", None)
        # every tile showing the point's pips -> Placement(tile, point): the engine's legal-move table
        from dominolab.core.tiles import ALL_TILES

        setattr_(point, "placement_of", {t: Placement(t, point) for t in ALL_TILES if t.matches(point.pips)})
        # tile -> (joined point, free point, connection) when the tile is attached here; see _tables
        setattr_(point, "attach_of", {})
        cls._interned[(tile, side)] = point
        if side is Side.A or side is Side.B:
            other = cls(tile, Side.B if side is Side.A else Side.A)
            setattr_(point, "other_side", other)
            setattr_(other, "other_side", point)
        return point

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("AttachmentPoint is immutable")

    def __reduce__(self) -> tuple[type["AttachmentPoint"], tuple[Tile, Side]]:
        return (AttachmentPoint, (self.tile, self.side))

    def __repr__(self) -> str:
        return f"AttachmentPoint({self.tile!r}, Side.{self.side.name})"

    def __str__(self) -> str:
        return f"{self.tile}.{self.side.notation}"

    def __lt__(self, other: "AttachmentPoint") -> bool:
        return self.sort_key < other.sort_key

    @classmethod
    def parse(cls, text: str) -> "AttachmentPoint":
        """Parse ``TILE.POINT`` such as ``[1|4].low`` or ``[1|1].armA``."""
        if not isinstance(text, str):
            raise WrongType(f"an attachment point is text such as [1|4].low, not {type(text).__name__} {describe(text)}")
        if len(text) > MAX_NOTATION:
            raise NotationError(f"not an attachment point: {describe(text)} (write TILE.POINT, e.g. [1|4].low)")
        tile_text, dot, side_text = text.strip().partition(".")
        if not dot:
            raise NotationError(f"not an attachment point: {describe(text)} (write TILE.POINT, e.g. [1|4].low)")
        return cls(Tile.parse(tile_text), Side.parse(side_text))


class Placement(NamedTuple):
    """A tile and where it goes (``at`` is ``None`` for the opening tile)."""

    tile: Tile
    at: AttachmentPoint | None = None

    def __str__(self) -> str:
        return str(self.tile) if self.at is None else f"{self.tile}@{self.at}"

    @classmethod
    def parse(cls, text: str) -> "Placement":
        """Parse ``[1|4]`` or ``[1|1]@[1|4].low``."""
        if not isinstance(text, str):
            raise WrongType(f"a placement is text such as [1|1]@[1|4].low, not {type(text).__name__} {describe(text)}")
        if not text.strip() or len(text) > MAX_NOTATION:
            raise NotationError(f"not a placement: {describe(text)} (write TILE or TILE@TILE.POINT)")
        if text.count("@") > 1:
            raise NotationError(f"not a placement: {describe(text, 30)}: {text.count('@')} '@' signs; write one "
                                f"between the tile and its point, e.g. [1|1]@[1|4].low")
        tile_text, at_sign, at_text = text.strip().partition("@")
        try:
            tile = Tile.parse(tile_text)
            if not at_sign:
                return cls(tile, None)
            return cls(tile, AttachmentPoint.parse(at_text))
        except NotationError as exc:
            raise NotationError(f"not a placement: {describe(text, 30)}: {exc}") from None


_PLACEMENT_SPLIT = re.compile(r"\s+")


def parse_placements(text: str | Iterable[str]) -> list[Placement]:
    """Parse a whitespace-separated sequence of placements (or an iterable of them)."""
    if isinstance(text, str):
        if len(text) > MAX_NOTATION * 5:
            raise NotationError(f"layout notation too long: {describe(text)} (28 tiles need under 600 characters)")
        items: list[Any] = _PLACEMENT_SPLIT.split(text.strip())
    elif isinstance(text, (bytes, dict, set, frozenset)) or not hasattr(text, "__iter__"):
        raise WrongType(f"placements are notation text or a list of it, not {type(text).__name__} {describe(text)}")
    else:
        items = []
        for item in text:
            items.append(item)
            if len(items) > 28:
                raise InvalidArgument("too many placements: a layout holds at most 28 tiles")
    items = [i for i in items if i != ""]
    if not items:
        raise NotationError("empty layout: give at least one placement")
    if len(items) > 28:
        raise InvalidArgument(f"too many placements ({len(items)}): a layout holds at most 28 tiles")
    return [i if isinstance(i, Placement) else Placement.parse(i) for i in items]


def format_placements(placements: Iterable[Placement]) -> str:
    return " ".join(str(p) for p in placements)


def joining_side(tile: Tile, pips: int) -> Side:
    """The side of ``tile`` that faces a point showing ``pips``."""
    if tile.is_double:
        return Side.A
    return Side.LOW if tile.low == pips else Side.HIGH


_FREE_OF_JOINED = {Side.LOW: Side.HIGH, Side.HIGH: Side.LOW, Side.A: Side.B}


def _tables() -> tuple[dict[Tile, tuple[AttachmentPoint, AttachmentPoint]],
                       dict[Tile, list[tuple[AttachmentPoint, AttachmentPoint] | None]],
                       dict[Tile, tuple[AttachmentPoint, AttachmentPoint]]]:
    """Precomputed points per tile for the hot path of :meth:`Layout.place_unchecked`."""
    from dominolab.core.tiles import ALL_TILES

    opening: dict[Tile, tuple[AttachmentPoint, AttachmentPoint]] = {}
    join: dict[Tile, list[tuple[AttachmentPoint, AttachmentPoint] | None]] = {}
    arms: dict[Tile, tuple[AttachmentPoint, AttachmentPoint]] = {}
    for tile in ALL_TILES:
        if tile.is_double:
            opening[tile] = (AttachmentPoint(tile, Side.A), AttachmentPoint(tile, Side.B))
            arms[tile] = (AttachmentPoint(tile, Side.ARM_A), AttachmentPoint(tile, Side.ARM_B))
        else:
            opening[tile] = (AttachmentPoint(tile, Side.LOW), AttachmentPoint(tile, Side.HIGH))
        row: list[tuple[AttachmentPoint, AttachmentPoint] | None] = [None] * 7
        for pips in {tile.low, tile.high}:
            joined = joining_side(tile, pips)
            row[pips] = (AttachmentPoint(tile, joined), AttachmentPoint(tile, _FREE_OF_JOINED[joined]))
        join[tile] = row
    # what attaching a tile at a point does, for Layout.place_trusted: every point exists by now
    for point in list(AttachmentPoint._interned.values()):
        for tile in point.placement_of:
            entry = join[tile][point.pips]
            assert entry is not None             # the tile shows the point's pips
            new_joined, new_free = entry
            point.attach_of[tile] = (new_joined, new_free, (point, new_joined))
    return opening, join, arms


def _sum_after(end_sum: int, at: AttachmentPoint, free: AttachmentPoint,
               occupied: dict[AttachmentPoint, AttachmentPoint]) -> int:
    """The end sum after a tile is attached at ``at`` (its free point ``free``), from the sum before.

    The one place the change of the scored ends is computed (:meth:`Layout.place_trusted` and
    :meth:`Layout.end_sum_after` both call it): the anchor point stops counting - a double only
    when its other line side is taken too, since it counts while one line side is free - and the
    new tile's free point starts counting (:attr:`AttachmentPoint.counts`).
    """
    if at.kind == _LINE_SIDE and at.other_side not in occupied:
        return end_sum + free.counts
    return end_sum - at.counts + free.counts


_OPENING, _JOIN, _ARMS = _tables()
_EVERY_DOUBLE, _FIRST_DOUBLE = SpinnerRule.EVERY_DOUBLE, SpinnerRule.FIRST_DOUBLE


class Layout:
    """The tiles on the table (mutable; owned by a round or an example).

    ``spinners`` is the table rule, a :class:`~dominolab.core.rules.SpinnerRule` (or its
    word, or a bool: ``True`` = every double, ``False`` = none): which doubles open side
    arms once both line sides are occupied. With ``FIRST_DOUBLE`` only the first double
    placed is a spinner; later doubles lie crosswise with two line sides only. Every change
    goes through :meth:`place` (checked) or :meth:`place_trusted` (the engine's trusted path,
    for moves it generated).
    """

    __slots__ = ("spinners", "placements", "occupied", "connections", "open", "open_counts", "end_sum")

    spinners: SpinnerRule

    def __init__(self, spinners: SpinnerRule | str | bool):
        self.spinners = SpinnerRule.of(spinners)
        self.placements: list[Placement] = []
        #: occupied point -> the point of the tile attached there
        self.occupied: dict[AttachmentPoint, AttachmentPoint] = {}
        #: (anchor point, joined point of the new tile), in the order played
        self.connections: list[tuple[AttachmentPoint, AttachmentPoint]] = []
        #: free points where a tile could be attached (insertion ordered), each with its
        #: ``placement_of`` table (tile -> placement there) for the engine's legal moves
        self.open: dict[AttachmentPoint, dict[Tile, Placement]] = {}
        #: free points per pips value, packed: 4 bits per value (at most 8 points can show one value),
        #: so ``tile.fields & open_counts`` tells whether a tile fits anywhere
        self.open_counts = 0
        self.end_sum = 0

    # -- construction -------------------------------------------------------
    @classmethod
    def trusted(cls, spinners: SpinnerRule | bool) -> "Layout":
        """An empty layout without the argument checks (the engine's own rounds): ``spinners``
        is a :class:`~dominolab.core.rules.SpinnerRule` (a bool is read as
        :meth:`SpinnerRule.of` reads it). The checked constructor is ``Layout(spinners)``."""
        new = cls.__new__(cls)
        new.spinners = spinners if type(spinners) is SpinnerRule else SpinnerRule.of(spinners)
        new.placements = []
        new.occupied = {}
        new.connections = []
        new.open = {}
        new.open_counts = 0
        new.end_sum = 0
        return new

    @classmethod
    def from_placements(cls, placements: Iterable[Placement | str], spinners: SpinnerRule | str | bool) -> "Layout":
        """A layout from placements (values or notation), each checked in order."""
        layout = cls(spinners)
        if isinstance(placements, str):
            items = parse_placements(placements) if placements.strip() else []
        else:
            items = [_as_placement(p) for p in need_sequence(placements, "placements", limit=28)]
        for p in items:
            layout.place(p)
        return layout

    @classmethod
    def from_notation(cls, text: str, spinners: SpinnerRule | str | bool) -> "Layout":
        """A layout from notation such as ``'[1|4] [1|1]@[1|4].low'``, each placement checked."""
        if not isinstance(text, str):
            raise WrongType(f"layout notation is text, not {type(text).__name__} {describe(text)}")
        spinners = SpinnerRule.of(spinners)
        return cls.from_placements(parse_placements(text), spinners)

    def copy(self) -> "Layout":
        new = Layout.__new__(Layout)
        new.spinners = self.spinners
        new.placements = list(self.placements)
        new.occupied = dict(self.occupied)
        new.connections = list(self.connections)
        new.open = dict(self.open)
        new.open_counts = self.open_counts
        new.end_sum = self.end_sum
        return new

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Layout) and self.spinners == other.spinners and self.placements == other.placements

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        rule = self.spinners
        shown = "True" if rule is SpinnerRule.EVERY_DOUBLE else "False" if rule is SpinnerRule.NONE else repr(rule.value)
        return f"Layout.from_notation({format_placements(self.placements)!r}, spinners={shown})"

    def __str__(self) -> str:
        return format_placements(self.placements)

    def __len__(self) -> int:
        return len(self.placements)

    # -- queries ------------------------------------------------------------
    @property
    def tiles(self) -> list[Tile]:
        """Tiles in the order they were placed."""
        return [p.tile for p in self.placements]

    def __contains__(self, tile: object) -> bool:
        return any(p.tile is tile for p in self.placements)

    def is_open(self, point: AttachmentPoint) -> bool:
        if not isinstance(point, AttachmentPoint):
            raise WrongType(f"not an attachment point: {type(point).__name__} {describe(point)}")
        return point in self.open

    def open_points(self) -> list[AttachmentPoint]:
        """Every free point where a matching tile may be attached, sorted."""
        return sorted(self.open, key=_sort_key)

    def points_for(self, tile: Tile) -> list[AttachmentPoint]:
        """The open points where ``tile`` could be attached (all tiles fit an empty layout)."""
        if not isinstance(tile, Tile):
            raise WrongType(f"not a tile: {type(tile).__name__} {describe(tile)}")
        if not self.placements:
            return []
        if not tile.fields & self.open_counts:
            return []
        low, high = tile.low, tile.high
        return [p for p in self.open if p.pips == low or p.pips == high]

    def spinner_tiles(self) -> list[Tile]:
        """Doubles that are spinners in this layout, in the order played."""
        rule = self.spinners
        if rule is SpinnerRule.NONE:
            return []
        doubles = [p.tile for p in self.placements if p.tile.is_double]
        return doubles[:1] if rule is SpinnerRule.FIRST_DOUBLE else doubles

    def spins(self, tile: Tile) -> bool:
        """Whether ``tile``, placed in this layout, is a spinner (opens side arms)."""
        rule = self.spinners
        if rule is SpinnerRule.EVERY_DOUBLE:
            return tile.is_double
        if rule is SpinnerRule.NONE:
            return False
        return next((p.tile for p in self.placements if p.tile.is_double), None) is tile

    def contributions(self) -> list[tuple[AttachmentPoint, int]]:
        """The scored ends after the last placement, sorted by tile and point.

        A non-double counts each free end; a double with at least one free line
        side counts both halves once (listed under its first free line side);
        arms and doubles with both line sides occupied count nothing.
        """
        occupied = self.occupied
        out: list[tuple[AttachmentPoint, int]] = []
        for placement in self.placements:
            tile = placement.tile
            if tile.is_double:
                a = AttachmentPoint(tile, Side.A)
                b = AttachmentPoint(tile, Side.B)
                if a not in occupied:
                    out.append((a, a.counts))
                elif b not in occupied:
                    out.append((b, b.counts))
            else:
                for side in (Side.HIGH, Side.LOW):
                    point = AttachmentPoint(tile, side)
                    if point not in occupied:
                        out.append((point, point.counts))
        out.sort(key=lambda pv: pv[0].sort_key)
        return out

    # -- changes ------------------------------------------------------------
    def problem(self, placement: Placement | str) -> str | None:
        """Why ``placement`` is illegal here (the broken rule, without naming the placement), or ``None``."""
        reason = self.reason(placement)
        return None if reason is None else reason.text

    def reason(self, placement: Placement | str) -> Reason | None:
        """:meth:`problem` as a :class:`~dominolab.core.errors.Reason` (code, English text, details), or ``None``."""
        tile, at = _as_placement(placement)
        t = str(tile)
        if not self.placements:
            if at is not None:
                return Reason("first-tile-alone",
                              f"the layout is empty, so the first tile is placed alone (write just {tile})", {"tile": t})
            return None
        if at is None:
            return Reason("point-needed", "the layout already has tiles; say where it goes (TILE@TILE.POINT)",
                          {"tile": t})
        if tile in self:
            return Reason("tile-on-table", f"{tile} is already on the table", {"tile": t})
        anchor = at.tile
        if anchor not in self:
            return Reason("unknown-anchor", f"{anchor} is not on the table", {"anchor": str(anchor)})
        if at in self.occupied:
            return Reason("point-occupied", f"{at} is already occupied", {"point": str(at)})
        if at.side.is_arm:
            if not self.spinners:
                return Reason("no-side-arms", "doubles are not spinners in this game, so there are no side arms")
            if not self.spins(anchor):
                return Reason("not-a-spinner", f"only the first double played is a spinner in this game, so "
                              f"{anchor} has no side arms", {"anchor": str(anchor)})
            if not (AttachmentPoint(anchor, Side.A) in self.occupied and AttachmentPoint(anchor, Side.B) in self.occupied):
                return Reason("arm-before-line-sides",
                              f"a side arm opens only after both line sides of {anchor} are occupied",
                              {"anchor": str(anchor)})
        if not tile.matches(at.pips):
            return Reason("wrong-pips", f"pips do not match ({at} shows {at.pips}, {tile} has no {at.pips})",
                          {"tile": t, "point": str(at), "pips": at.pips})
        if at not in self.open:  # defensive: every other reason is covered above
            return Reason("not-free", f"{at} is not a free attachment point", {"point": str(at)})
        return None

    def check(self, placement: Placement | str) -> None:
        """Raise :class:`IllegalPlacement` naming the placement and the broken rule, or return.

        ``placement`` is a :class:`Placement` or its notation (``"[2|4]@[4|4].B"``).
        The error carries the reason's code and details (``placement`` added).
        """
        placement = _as_placement(placement)
        reason = self.reason(placement)
        if reason is not None:
            raise IllegalPlacement(f"{placement}: {reason.text}", code=reason.code,
                                   details={"placement": str(placement), **reason.details})

    def place(self, placement: Placement | str) -> None:
        """Checked placement: illegal ones raise and leave the layout unchanged.

        ``placement`` is a :class:`Placement` or its notation (``"[2|4]@[4|4].B"``).
        """
        placement = _as_placement(placement)
        self.check(placement)
        self.place_unchecked(placement.tile, placement.at)

    def place_unchecked(self, tile: Tile, at: AttachmentPoint | None) -> None:
        """Place a tile the caller knows to be legal (trusted, like :meth:`place_trusted`)."""
        self.place_trusted(Placement(tile, at))

    def place_trusted(self, placement: Placement) -> int:
        """Trusted placement (the engine's hot path): no check; return the new end sum.

        The caller guarantees that ``placement`` is legal here (one of the engine's legal
        moves, or checked by :meth:`problem`); anything else corrupts the layout. The
        checked path beside it is :meth:`place`.
        """
        tile, at = placement
        self.placements.append(placement)
        if at is None:
            open_ = self.open
            counts = 0
            for point in _OPENING[tile]:
                open_[point] = point.placement_of
                counts += point.unit
            self.open_counts = counts
            self.end_sum = end_sum = tile.pips
            return end_sum
        joined, free, connection = at.attach_of[tile]
        occupied = self.occupied
        end_sum = _sum_after(self.end_sum, at, free, occupied)
        open_ = self.open
        del open_[at]                    # the anchor point is no longer free
        occupied[at] = joined
        occupied[joined] = at
        self.connections.append(connection)
        counts = self.open_counts - at.unit + free.unit
        if at.kind == _LINE_SIDE and at.other_side in occupied:
            # both line sides taken: a spinner opens its arms (every double, or only the first one)
            rule = self.spinners
            if rule is _EVERY_DOUBLE or (rule is _FIRST_DOUBLE and self.spins(at.tile)):
                for arm in _ARMS[at.tile]:
                    open_[arm] = arm.placement_of
                    counts += arm.unit
        open_[free] = free.placement_of
        self.open_counts = counts
        self.end_sum = end_sum
        return end_sum

    @property
    def open_mask(self) -> int:
        """Bit ``1 << pips`` set for every pips value some free point shows."""
        counts = self.open_counts
        return sum(1 << pips for pips in range(7) if counts >> 4 * pips & 15)

    def end_sum_after(self, tile: Tile, at: AttachmentPoint | None) -> int:
        """The end sum after placing ``tile`` at ``at``, without placing it (layout unchanged).

        Trusted like :meth:`place_trusted` (the placement must be legal here); both compute the
        change of the scored ends in one function.
        """
        if at is None:
            return tile.pips
        return _sum_after(self.end_sum, at, at.attach_of[tile][1], self.occupied)

    def _repr_svg_(self) -> str | None:
        from dominolab.core.display import svg_of

        return svg_of(self)


def _sort_key(point: AttachmentPoint) -> tuple[int, int, int]:
    return point.sort_key


def _as_placement(placement: object) -> Placement:
    """A checked :class:`Placement` from a placement value or its notation."""
    if isinstance(placement, Placement):
        tile, at = placement
        if isinstance(tile, Tile) and (at is None or isinstance(at, AttachmentPoint)):
            return placement
        raise WrongType(f"not a placement: {describe(placement)} (a Placement holds a Tile and an "
                        f"AttachmentPoint or None)")
    if isinstance(placement, str):
        return Placement.parse(placement)
    raise WrongType(f"not a placement: {type(placement).__name__} {describe(placement)} "
                    f"(give a Placement or notation such as [1|1]@[1|4].low)")
