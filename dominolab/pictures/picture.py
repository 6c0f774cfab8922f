"""What a picture shows, before anybody draws it (standard library only).

A picture is first a plain description - :class:`Picture`, a handful of small
frozen values in tile widths (x to the right, y up) - and only then written:
by :mod:`dominolab.pictures.svg` (light SVG, no third-party package; book frames,
``_repr_svg_``, Python in the browser) or by :mod:`dominolab.pictures.drawing`
(Matplotlib: PNG/PDF export). Both writers draw every element of the
description and nothing else, so the two outputs show the same picture.

The builders here read the model and never change it:
:func:`layout_picture`, :func:`hand_picture`, :func:`score_track_picture`,
:func:`settlement_picture`, :func:`round_picture`; :func:`stack` puts
pictures below each other.

Geometry of a layout (:func:`layout_positions`)
------------------------------------------------
The table is seen from above. Positions live on a grid of half tile widths
(a tile is 4 x 2 cells); the returned :class:`Box` coordinates are in tile
widths (a tile is 2 x 1) with a small gap around every tile.

* A non-double lies lengthwise along its line. At a free end the next tile
  either continues straight or turns a corner: its joining half then lies
  directly beyond the end and the tile points to the left or right.
* A double lies crosswise, its line sides ``A`` (towards the tile it joined)
  and ``B`` in the middle of its long sides. A spinner's arms leave at right
  angles to the line from the middle of its short ends: ``armA`` upwards when
  the line runs left-right, to the left when it runs up-down; ``armB`` opposite.
* Tiles are placed by a depth-first search with conflict-directed
  backjumping. The choices prefer a straight line inside a landscape box
  around the opening tile and turn before a line runs into other tiles. A
  spot must leave one free cell to every tile except the one it joins, keep
  room in front of every point that stays free (for its marker), and leave
  every tile still to come a legal spot. If these rules cannot be met within
  a step budget, clearance and then marker room become preferences; the
  layout then still has no overlaps. (A last, straight fallback that may
  overlap exists only so that a drawing never fails; it was not reached in
  the tests.)
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any, Iterable, Mapping, NamedTuple, Sequence

from dominolab.core.errors import InvalidArgument, WrongType
from dominolab.core.layout import AttachmentPoint, Layout, Side
from dominolab.core.scoring import EndReason, Settlement
from dominolab.core.tiles import Tile
from dominolab.text.words import WORDS, PictureWords, capital, count, person, point_text, team_name, words

__all__ = [
    "GAP", "Box", "layout_positions", "TileShape", "Mark", "Dot", "Band", "Line", "Text", "Picture",
    "layout_picture", "tile_picture", "hand_picture", "score_track_picture", "settlement_picture",
    "round_picture", "table_picture", "stack", "side_label", "LEGEND_TEXTS", "pip_offsets",
]

# ---------------------------------------------------------------------------
# geometry
# ---------------------------------------------------------------------------

#: Grid cells per tile width (a tile is 4 x 2 cells).
_CELL = 0.5
#: Gap between neighbouring tiles in tile widths (each tile is inset by half of it).
GAP = 0.08

_Vec = tuple[int, int]


class Box(NamedTuple):
    """Where a tile lies, in tile widths (x to the right, y up).

    ``x0, y0, x1, y1`` is the drawn rectangle (gap already taken off).
    ``dx, dy`` is the line direction through the tile: from the point where it
    joined the layout towards its free point (the opening tile points from its
    low end or line side ``A`` to the right). A non-double lies along it, a
    double across it. ``back`` and ``front`` are the pips of the half towards
    ``-d`` and ``+d`` (equal for a double). ``points`` maps each attachment
    point of the tile to ``(x, y, nx, ny)``: its position in the middle of the
    gap and the outward normal.
    """

    x0: float
    y0: float
    x1: float
    y1: float
    dx: int
    dy: int
    back: int
    front: int
    points: tuple[tuple[Side, float, float, int, int], ...]

    @property
    def center(self) -> tuple[float, float]:
        return ((self.x0 + self.x1) / 2, (self.y0 + self.y1) / 2)

    @property
    def width(self) -> float:
        return self.x1 - self.x0

    @property
    def height(self) -> float:
        return self.y1 - self.y0

    def point(self, side: Side) -> tuple[float, float]:
        """Position of an attachment point (middle of the gap in front of it)."""
        for s, x, y, _, _ in self.points:
            if s is side:
                return (x, y)
        raise KeyError(side)

    def normal(self, side: Side) -> tuple[int, int]:
        """Outward direction of an attachment point."""
        for s, _, _, nx, ny in self.points:
            if s is side:
                return (nx, ny)
        raise KeyError(side)

    def overlaps(self, other: "Box") -> bool:
        return self.x0 < other.x1 and other.x0 < self.x1 and self.y0 < other.y1 and other.y0 < self.y1


def _left(v: _Vec) -> _Vec:
    return (-v[1], v[0])


def _neg(v: _Vec) -> _Vec:
    return (-v[0], -v[1])


def _add(p: _Vec, v: _Vec, k: int = 1) -> _Vec:
    return (p[0] + k * v[0], p[1] + k * v[1])


def _rect(p: _Vec, n: _Vec, a0: int, a1: int, c0: int, c1: int) -> tuple[int, int, int, int]:
    """The grid rectangle ``a0..a1`` along ``n`` and ``c0..c1`` to its left, from ``p``."""
    lx, ly = -n[1], n[0]
    xs = [p[0] + n[0] * a + lx * c for a in (a0, a1) for c in (c0, c1)]
    ys = [p[1] + n[1] * a + ly * c for a in (a0, a1) for c in (c0, c1)]
    return (min(xs), min(ys), max(xs), max(ys))


def _cells(rect: tuple[int, int, int, int]) -> list[_Vec]:
    x0, y0, x1, y1 = rect
    return [(x, y) for x in range(x0, x1) for y in range(y0, y1)]


class _Piece(NamedTuple):
    """A candidate spot for one tile (grid units)."""

    rect: tuple[int, int, int, int]
    d: _Vec
    points: dict[Side, tuple[_Vec, _Vec]]   # Side -> (lattice point, outward normal)
    kind: int               # 0 straight / crosswise double, 1 and 2 corners


def _opening(tile: Tile) -> _Piece:
    east, west, north, south = (1, 0), (-1, 0), (0, 1), (0, -1)
    if tile.is_double:
        points = {Side.A: ((-1, 0), west), Side.B: ((1, 0), east),
                  Side.ARM_A: ((0, 2), north), Side.ARM_B: ((0, -2), south)}
        return _Piece((-1, -2, 1, 2), east, points, 0)
    points = {Side.LOW: ((-2, 0), west), Side.HIGH: ((2, 0), east)}
    return _Piece((-2, -1, 2, 1), east, points, 0)


def _options(tile: Tile, joined: Side, p: _Vec, n: _Vec) -> list[_Piece]:
    """Every spot for ``tile`` joining at lattice point ``p`` with outward normal ``n``."""
    back = _neg(n)
    left = _left(n)
    if tile.is_double:
        # side arm A points up (lines running left or right) or to the left (lines running up or down)
        arm = (0, 1) if n[1] == 0 else (-1, 0)
        centre = _add(p, n)
        points = {Side.A: (p, back), Side.B: (_add(p, n, 2), n),
                  Side.ARM_A: (_add(centre, arm, 2), arm),
                  Side.ARM_B: (_add(centre, arm, -2), _neg(arm))}
        return [_Piece(_rect(p, n, 0, 2, -2, 2), n, points, 0)]
    free = Side.HIGH if joined is Side.LOW else Side.LOW
    out = [_Piece(_rect(p, n, 0, 4, -1, 1), n, {joined: (p, back), free: (_add(p, n, 4), n)}, 0)]
    for kind, t, (c0, c1) in ((1, left, (-1, 3)), (2, _neg(left), (-3, 1))):
        end = _add(_add(p, n), t, 3)
        out.append(_Piece(_rect(p, n, 0, 2, c0, c1), t, {joined: (p, back), free: (end, t)}, kind))
    return out


class _Plan:
    """What the placement search knows about a layout (indices = order of play)."""

    def __init__(self, layout: Layout):
        placements = layout.placements
        self.tiles = [p.tile for p in placements]
        index = {t: i for i, t in enumerate(self.tiles)}
        # index 0 is the opening tile: it has no anchor (placeholders, never read)
        self.anchor: list[tuple[int, Side]] = [(0, Side.LOW)]
        self.joined: list[Side] = [Side.LOW]
        # (tile index, side) -> index of the tile joined there
        self.child: dict[tuple[int, Side], int] = {}
        for anchor, joined in layout.connections:
            i = index[joined.tile]
            a = index[anchor.tile]
            self.child[(a, anchor.side)] = i
        for p in placements[1:]:
            at = p.at
            assert at is not None  # only the opening tile has no anchor
            self.anchor.append((index[at.tile], at.side))
            self.joined.append(layout.occupied[at].side)
        # points still free at the end: their markers need room in front
        self.final_open = {(index[pt.tile], pt.side) for pt in layout.open_points()}


class _Rules(NamedTuple):
    clearance: int      # 2: one free cell around every tile except the one it joins;
                        # 1: the same as a preference; 0: tiles may touch
    markers: int        # 2: points that stay free keep room in front for their markers;
                        # 1: the same as a preference
    budget: int         # search steps before giving up on these rules


_LEVELS = (
    _Rules(2, 2, 800),
    _Rules(1, 2, 800),
    _Rules(1, 1, 20000),
)

#: Preferred box around the opening tile: cells per tile (the box is 3 : 2).
_AREA_PER_TILE = 40


class _OutOfSteps(Exception):
    pass


class _Search:
    """Depth-first search for a spot for every tile.

    The next tile to place is the one with the fewest spots left among those
    whose anchor is placed (ties: order of play); every such tile must keep a
    spot, which prunes dead ends early. A spot of a non-double also needs the
    spot of a double joining it later to be free.
    """

    def __init__(self, plan: _Plan, rules: _Rules):
        self.plan = plan
        self.rules = rules
        self.occ: dict[_Vec, int] = {}
        self.pieces: dict[int, _Piece] = {}
        # cells in front of points that stay free: how many markers use each
        self.marker: dict[_Vec, int] = {}
        # tile -> (anchor point, spots, region that decides about them)
        self.cache: dict[int, tuple[tuple[_Vec, _Vec], list[tuple[int, _Piece]], tuple[int, int, int, int]]] = {}
        self.steps = 0
        n = len(plan.tiles)
        self.children: list[list[tuple[Side, int]]] = [[] for _ in range(n)]
        for (a, side), j in plan.child.items():
            self.children[a].append((side, j))
        self.ancestors: list[set[int]] = [set()]
        for j in range(1, n):
            a = plan.anchor[j][0]
            self.ancestors.append(self.ancestors[a] | {a})
        width = math.sqrt(1.5 * _AREA_PER_TILE * max(n, 6))
        self.box = (max(16, round(width / 2)), max(12, round(width / 3)))

    # -- tests for one spot ---------------------------------------------------
    def _free(self, rect: tuple[int, int, int, int], parent: int | None) -> int | None:
        """``None`` if the rectangle is taken, else how many cells of other tiles
        than ``parent`` it touches (always 0 under hard clearance, where touching
        makes a rectangle taken)."""
        occ = self.occ
        marker = self.marker
        x0, y0, x1, y1 = rect
        count = 0
        soft_markers = self.rules.markers == 1
        for x in range(x0, x1):
            for y in range(y0, y1):
                if (x, y) in occ:
                    return None
                if (x, y) in marker:
                    if not soft_markers:
                        return None
                    count += 1
        clearance = self.rules.clearance
        if not clearance:
            return count
        for x in range(x0 - 1, x1 + 1):
            for y in (y0 - 1, y1):
                o = occ.get((x, y))
                if o is not None and o != parent:
                    count += 1
        for y in range(y0, y1):
            for x in (x0 - 1, x1):
                o = occ.get((x, y))
                if o is not None and o != parent:
                    count += 1
        if count and clearance == 2:
            return None
        return count

    def _spot(self, j: int, piece: _Piece) -> int | None:
        """Whether tile ``j`` may take ``piece`` (``None``: no; else cells touched)."""
        plan = self.plan
        touching = self._free(piece.rect, plan.anchor[j][0])
        if touching is None:
            return None
        occ = self.occ
        for side, (p, n) in piece.points.items():
            if (j, side) in plan.final_open:
                for c in _marker_cells(p, n):
                    if c in occ or c in self.marker:
                        if self.rules.markers == 2:
                            return None
                        touching += 1
        x0, y0, x1, y1 = piece.rect
        for side, k in self.children[j]:
            tile = plan.tiles[k]
            if tile.is_double:
                p, n = piece.points[side]
                rect = _rect(p, n, 0, 2, -2, 2)
                t = self._free(rect, j)
                if t is None:
                    return None
                touching += t
        return touching

    def _room(self, p: _Vec, n: _Vec, radius: int = 9, cap: int = 90) -> int:
        """Free cells reachable from the front of a point (bounded flood fill)."""
        occ = self.occ
        start = [c for c in _marker_cells(p, n) if c not in occ]
        seen = set(start)
        todo = list(start)
        cx, cy = p
        while todo and len(seen) < cap:
            x, y = todo.pop()
            for c in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if c not in seen and c not in occ and abs(c[0] - cx) <= radius and abs(c[1] - cy) <= radius:
                    seen.add(c)
                    todo.append(c)
        return len(seen)

    def _spots(self, j: int) -> list[tuple[int, _Piece]]:
        """The spots tile ``j`` may take now (its anchor is placed), with cells touched."""
        plan = self.plan
        a, side = plan.anchor[j]
        key = self.pieces[a].points[side]
        cached = self.cache.get(j)
        if cached is not None and cached[0] == key:
            return cached[1]
        p, n = key
        options = _options(plan.tiles[j], plan.joined[j], p, n)
        out = []
        for piece in options:
            touching = self._spot(j, piece)
            if touching is not None:
                out.append((touching, piece))
        # everything that decides about these spots lies within 3 cells of them
        x0 = min(o.rect[0] for o in options) - 3
        y0 = min(o.rect[1] for o in options) - 3
        x1 = max(o.rect[2] for o in options) + 3
        y1 = max(o.rect[3] for o in options) + 3
        self.cache[j] = (key, out, (x0, y0, x1, y1))
        return out

    def _changed(self, rect: tuple[int, int, int, int]) -> None:
        """Forget the spots near a tile placed or taken away (its markers reach 2 cells)."""
        x0, y0, x1, y1 = rect
        x0 -= 2
        y0 -= 2
        x1 += 2
        y1 += 2
        cache = self.cache
        for j in [j for j, (_, _, b) in cache.items() if b[0] < x1 and x0 < b[2] and b[1] < y1 and y0 < b[3]]:
            del cache[j]

    def _order(self, j: int, spots: list[tuple[int, _Piece]]) -> list[_Piece]:
        if len(spots) == 1:
            return [spots[0][1]]
        bw, bh = self.box
        joined = self.plan.joined[j]
        scored = []
        for touching, piece in spots:
            x0, y0, x1, y1 = piece.rect
            outside = max(0, -bw - x0) + max(0, x1 - bw) + max(0, -bh - y0) + max(0, y1 - bh)
            fp, fn = next(v for s, v in piece.points.items() if s is not joined)
            room = self._room(fp, fn)
            # prefer: no touching, inside the box, room ahead, straight, then the roomier turn
            scored.append(((touching, outside > 0, outside, room < 30, piece.kind != 0, -room, piece.kind), piece))
        scored.sort(key=lambda kp: kp[0])
        return [piece for _, piece in scored]

    # -- placing and undoing ----------------------------------------------------
    def _place(self, i: int, piece: _Piece) -> None:
        occ = self.occ
        for c in _cells(piece.rect):
            occ[c] = i
        self.pieces[i] = piece
        self._changed(piece.rect)
        for side, (p, n) in piece.points.items():
            if (i, side) in self.plan.final_open:
                for c in _marker_cells(p, n):
                    self.marker[c] = self.marker.get(c, 0) + 1

    def _remove(self, i: int) -> None:
        piece = self.pieces.pop(i)
        occ = self.occ
        for c in _cells(piece.rect):
            del occ[c]
        self._changed(piece.rect)
        for side, (p, n) in piece.points.items():
            if (i, side) in self.plan.final_open:
                for c in _marker_cells(p, n):
                    left = self.marker[c] - 1
                    if left:
                        self.marker[c] = left
                    else:
                        del self.marker[c]

    # -- explaining dead ends (conflict-directed backjumping) ----------------
    def _marker_owners(self) -> dict[_Vec, list[int]]:
        owners: dict[_Vec, list[int]] = {}
        if self.rules.markers == 2:
            for i, piece in self.pieces.items():
                for side, (p, n) in piece.points.items():
                    if (i, side) in self.plan.final_open:
                        for c in _marker_cells(p, n):
                            owners.setdefault(c, []).append(i)
        return owners

    def _blockers(self, j: int, piece: _Piece, markers: dict[_Vec, list[int]]) -> set[int]:
        """The placed tiles that keep tile ``j`` from taking ``piece``."""
        plan = self.plan
        occ = self.occ
        out: set[int] = set()

        def rect_blockers(rect: tuple[int, int, int, int], parent: int | None) -> None:
            x0, y0, x1, y1 = rect
            for x in range(x0, x1):
                for y in range(y0, y1):
                    if (x, y) in occ:
                        out.add(occ[(x, y)])
                    out.update(markers.get((x, y), ()))
            if self.rules.clearance == 2:
                for x in range(x0 - 1, x1 + 1):
                    for y in range(y0 - 1, y1 + 1):
                        o = occ.get((x, y))
                        if o is not None and o != parent:
                            out.add(o)

        rect_blockers(piece.rect, plan.anchor[j][0])
        for side, (p, n) in piece.points.items():
            if self.rules.markers == 2 and (j, side) in plan.final_open:
                for c in _marker_cells(p, n):
                    if c in occ:
                        out.add(occ[c])
                    out.update(markers.get(c, ()))
        for side, k in self.children[j]:
            if plan.tiles[k].is_double:
                p, n = piece.points[side]
                rect_blockers(_rect(p, n, 0, 2, -2, 2), None)
        return out

    def _blame(self, j: int, only_excluded: bool) -> set[int]:
        """Why tile ``j`` has no (other) spot: its ancestors fix where its spots are,
        the blockers take them."""
        plan = self.plan
        a, side = plan.anchor[j]
        p, n = self.pieces[a].points[side]
        markers = self._marker_owners()
        out = set(self.ancestors[j])
        for piece in _options(plan.tiles[j], plan.joined[j], p, n):
            if only_excluded and self._spot(j, piece) is not None:
                continue
            out |= self._blockers(j, piece, markers)
        return out

    def _dfs(self) -> bool | set[int]:
        """Place the remaining tiles: ``True``, or the set of placed tiles whose
        spots caused the dead end."""
        plan = self.plan
        pieces = self.pieces
        if len(pieces) == len(plan.tiles):
            return True
        best: tuple[int, list[tuple[int, _Piece]]] | None = None
        for j in range(1, len(plan.tiles)):
            if j in pieces or plan.anchor[j][0] not in pieces:
                continue
            spots = self._spots(j)
            if not spots:
                return self._blame(j, False)
            if best is None or len(spots) < len(best[1]):
                best = (j, spots)
                if len(spots) == 1:
                    break
        assert best is not None  # the anchor of some unplaced tile is always placed
        j, spots = best
        conflict: set[int] = set()
        for piece in self._order(j, spots):
            self.steps += 1
            if self.steps > self.rules.budget:
                raise _OutOfSteps
            self._place(j, piece)
            result = self._dfs()
            if result is True:
                return True
            assert isinstance(result, set)
            self._remove(j)
            if j not in result:
                return result  # another spot for j cannot help: jump back further
            conflict |= result
        conflict |= self._blame(j, True)
        conflict.discard(j)
        return conflict

    def run(self) -> list[_Piece] | None:
        """Spots in the order of play, or ``None`` when the rules cannot be met."""
        self._place(0, _opening(self.plan.tiles[0]))
        try:
            found = self._dfs() is True
        except _OutOfSteps:
            found = False
        if not found:
            return None
        return [self.pieces[i] for i in range(len(self.plan.tiles))]


def _marker_cells(p: _Vec, n: _Vec) -> list[_Vec]:
    return _cells(_rect(p, n, 0, 2, -1, 1))


def _fallback(plan: _Plan) -> list[_Piece]:
    """Last resort (never needed in the tested games): straight spots, overlaps allowed."""
    pieces: list[_Piece] = []
    for i, tile in enumerate(plan.tiles):
        if i == 0:
            pieces.append(_opening(tile))
            continue
        a, side = plan.anchor[i]
        p, n = pieces[a].points[side]
        pieces.append(_options(tile, plan.joined[i], p, n)[0])
    return pieces


#: How the last call of :func:`layout_positions` was solved (index into the rule
#: levels; ``len(_LEVELS)`` means the overlapping fallback). For tests and tuning.
last_level: int | None = None


def _solve(layout: Layout) -> list[_Piece]:
    global last_level
    plan = _Plan(layout)
    for level, rules in enumerate(_LEVELS):
        pieces = _Search(plan, rules).run()
        if pieces is not None:
            last_level = level
            return pieces
    last_level = len(_LEVELS)
    return _fallback(plan)


def layout_positions(layout: Layout) -> dict[Tile, Box]:
    """Where every tile of ``layout`` lies on the table (see the module notes).

    Deterministic; the opening tile is centred at the origin and lies
    horizontally. Boxes never overlap and neighbouring boxes keep a gap of
    :data:`GAP`.
    """
    if not layout.placements:
        return {}
    pieces = _solve(layout)
    inset = GAP / 2
    out: dict[Tile, Box] = {}
    for placement, piece in zip(layout.placements, pieces):
        tile = placement.tile
        x0, y0, x1, y1 = (v * _CELL for v in piece.rect)
        if tile.is_double:
            back = front = tile.low
        elif placement.at is None:
            back, front = tile.low, tile.high
        else:
            back = placement.at.pips
            front = tile.other_half(back)
        points = tuple(sorted(
            ((side, p[0] * _CELL, p[1] * _CELL, n[0], n[1]) for side, (p, n) in piece.points.items()),
            key=lambda t: t[0]))
        out[tile] = Box(x0 + inset, y0 + inset, x1 - inset, y1 - inset, piece.d[0], piece.d[1],
                        back, front, points)
    return out


# ---------------------------------------------------------------------------
# the description: small frozen values in tile widths (x right, y up)
# ---------------------------------------------------------------------------

#: Size of a drawn tile (the gap is taken off): long and short side.
TILE_LENGTH = 2 - GAP
TILE_WIDTH = 1 - GAP
#: Distance between neighbouring pips and their radius.
PIP_SPACING = 0.26 * TILE_WIDTH
PIP_RADIUS = 0.085 * TILE_WIDTH
#: Rough width of a character relative to the font size (for bounds only).
_CHAR = 0.56

# pip offsets in a half, in units of the pip spacing: (along the tile, across it)
_PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    0: (),
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (-1, 1), (1, -1), (1, 1)),
    5: ((-1, -1), (-1, 1), (0, 0), (1, -1), (1, 1)),
    6: ((-1, -1), (0, -1), (1, -1), (-1, 1), (0, 1), (1, 1)),
}


def pip_offsets(count: int, vertical: bool) -> tuple[tuple[float, float], ...]:
    """Pip centres of a half with ``count`` pips, relative to the middle of the half."""
    ux, uy = (0, 1) if vertical else (1, 0)
    vx, vy = -uy, ux
    s = PIP_SPACING
    return tuple(((a * ux + c * vx) * s, (a * uy + c * vy) * s) for a, c in _PIPS[count])


@dataclass(frozen=True)
class TileShape:
    """A tile lying at ``(x, y)`` (its centre), lengthwise or upright.

    ``first`` are the pips of the left (lengthwise) or lower (upright) half,
    ``second`` those of the other half. ``spinner`` draws the spinner outline,
    ``last`` the frame of the tile placed last.
    """

    x: float
    y: float
    vertical: bool
    first: int
    second: int
    name: str = ""
    spinner: bool = False
    last: bool = False

    @property
    def size(self) -> tuple[float, float]:
        return (TILE_WIDTH, TILE_LENGTH) if self.vertical else (TILE_LENGTH, TILE_WIDTH)

    def halves(self) -> tuple[tuple[float, float, int], tuple[float, float, int]]:
        """``(x, y, pips)`` of the middle of each half."""
        q = TILE_LENGTH / 4
        if self.vertical:
            return ((self.x, self.y - q, self.first), (self.x, self.y + q, self.second))
        return ((self.x - q, self.y, self.first), (self.x + q, self.y, self.second))

    def pips(self) -> list[tuple[float, float]]:
        """Every pip centre of the tile."""
        return [(hx + dx, hy + dy) for hx, hy, n in self.halves() for dx, dy in pip_offsets(n, self.vertical)]


@dataclass(frozen=True)
class Mark:
    """A marker at an attachment point: filled (a scored contribution, showing
    ``value``) or hollow (a legal point that is not scored). ``highlighted``
    marks a point the reader may pick (e.g. the legal points of a hand tile)."""

    x: float
    y: float
    r: float
    scored: bool
    value: int | None = None
    point: str = ""
    highlighted: bool = False


@dataclass(frozen=True)
class Dot:
    """A round spot: a hole of the score track (``hole``, ``end``) or a ``peg`` of ``side``."""

    x: float
    y: float
    r: float
    role: str
    side: int = 0


@dataclass(frozen=True)
class Band:
    """A rounded rectangle under other things: the ``board`` of the score track or a ``win`` row."""

    x0: float
    y0: float
    x1: float
    y1: float
    role: str
    rounding: float = 0.2


@dataclass(frozen=True)
class Line:
    """A polyline (``arrow``: with an arrow head at its end), e.g. the turn of the score track."""

    points: tuple[tuple[float, float], ...]
    role: str = "board"
    arrow: bool = False


@dataclass(frozen=True)
class Text:
    """A label. ``y`` is the middle of the text line; ``size`` is in tile widths.

    ``role``: ``""`` (plain), ``title``, ``muted``, ``board`` (on the score
    track's board), ``win`` (a winner's line), ``marker`` (inside a filled mark).
    """

    x: float
    y: float
    text: str
    size: float = 0.42
    anchor: str = "start"      # start, middle or end
    bold: bool = False
    role: str = ""

    def extent(self) -> tuple[float, float, float, float]:
        w = _CHAR * self.size * len(self.text)
        x0 = self.x - (w if self.anchor == "end" else w / 2 if self.anchor == "middle" else 0)
        return (x0, self.y - 0.6 * self.size, x0 + w, self.y + 0.6 * self.size)


@dataclass(frozen=True)
class Picture:
    """Everything one picture shows; ``bounds`` (x0, y0, x1, y1) holds all of it.

    ``title`` is the picture's short line and ``desc`` its complete account in
    words (for screen readers: the same information as the drawing). Writers
    draw, in this order: bands, lines, tiles, dots, marks, texts.
    """

    bounds: tuple[float, float, float, float]
    title: str
    desc: str
    tiles: tuple[TileShape, ...] = ()
    marks: tuple[Mark, ...] = ()
    dots: tuple[Dot, ...] = ()
    bands: tuple[Band, ...] = ()
    lines: tuple[Line, ...] = ()
    texts: tuple[Text, ...] = ()

    @property
    def width(self) -> float:
        return self.bounds[2] - self.bounds[0]

    @property
    def height(self) -> float:
        return self.bounds[3] - self.bounds[1]

    def moved(self, dx: float, dy: float) -> "Picture":
        x0, y0, x1, y1 = self.bounds
        return replace(
            self, bounds=(x0 + dx, y0 + dy, x1 + dx, y1 + dy),
            tiles=tuple(replace(t, x=t.x + dx, y=t.y + dy) for t in self.tiles),
            marks=tuple(replace(m, x=m.x + dx, y=m.y + dy) for m in self.marks),
            dots=tuple(replace(d, x=d.x + dx, y=d.y + dy) for d in self.dots),
            bands=tuple(replace(b, x0=b.x0 + dx, y0=b.y0 + dy, x1=b.x1 + dx, y1=b.y1 + dy) for b in self.bands),
            lines=tuple(replace(ln, points=tuple((x + dx, y + dy) for x, y in ln.points)) for ln in self.lines),
            texts=tuple(replace(t, x=t.x + dx, y=t.y + dy) for t in self.texts))

    def scaled(self, k: float) -> "Picture":
        """The picture ``k`` times as large (only pictures without tiles and marks)."""
        if self.tiles or self.marks:
            raise InvalidArgument("pictures with tiles keep the tile size and cannot be scaled")
        x0, y0, x1, y1 = self.bounds
        return replace(
            self, bounds=(x0 * k, y0 * k, x1 * k, y1 * k),
            dots=tuple(replace(d, x=d.x * k, y=d.y * k, r=d.r * k) for d in self.dots),
            bands=tuple(replace(b, x0=b.x0 * k, y0=b.y0 * k, x1=b.x1 * k, y1=b.y1 * k, rounding=b.rounding * k)
                        for b in self.bands),
            lines=tuple(replace(ln, points=tuple((x * k, y * k) for x, y in ln.points)) for ln in self.lines),
            texts=tuple(replace(t, x=t.x * k, y=t.y * k, size=t.size * k) for t in self.texts))


def _bounds(tiles: Iterable[TileShape] = (), marks: Iterable[Mark] = (), dots: Iterable[Dot] = (),
            bands: Iterable[Band] = (), texts: Iterable[Text] = (), pad: float = 0.1,
            at_least: tuple[float, float, float, float] | None = None) -> tuple[float, float, float, float]:
    boxes = [at_least] if at_least else []
    for t in tiles:
        w, h = t.size
        boxes.append((t.x - w / 2, t.y - h / 2, t.x + w / 2, t.y + h / 2))
    boxes += [(m.x - m.r, m.y - m.r, m.x + m.r, m.y + m.r) for m in marks]
    boxes += [(d.x - d.r, d.y - d.r, d.x + d.r, d.y + d.r) for d in dots]
    boxes += [(b.x0, b.y0, b.x1, b.y1) for b in bands]
    boxes += [t.extent() for t in texts]
    if not boxes:
        return (-1.0, -0.5, 1.0, 0.5)
    return (min(b[0] for b in boxes) - pad, min(b[1] for b in boxes) - pad,
            max(b[2] for b in boxes) + pad, max(b[3] for b in boxes) + pad)


def stack(pictures: Sequence[Picture], *, title: str, desc: str, gap: float = 0.4) -> Picture:
    """The pictures below each other, left-aligned, as one picture."""
    if not pictures:
        raise InvalidArgument("stack() needs at least one picture")
    x_left = pictures[0].bounds[0]
    y = pictures[0].bounds[3]
    parts = []
    for pic in pictures:
        parts.append(pic.moved(x_left - pic.bounds[0], y - pic.bounds[3]))
        y -= pic.height + gap
    x0 = min(p.bounds[0] for p in parts)
    y0 = min(p.bounds[1] for p in parts)
    x1 = max(p.bounds[2] for p in parts)
    y1 = max(p.bounds[3] for p in parts)
    return Picture((x0, y0, x1, y1), title, desc,
                   tiles=tuple(t for p in parts for t in p.tiles),
                   marks=tuple(m for p in parts for m in p.marks),
                   dots=tuple(d for p in parts for d in p.dots),
                   bands=tuple(b for p in parts for b in p.bands),
                   lines=tuple(ln for p in parts for ln in p.lines),
                   texts=tuple(t for p in parts for t in p.texts))


# -- words ---------------------------------------------------------------------

# The words of pictures live in the one table per language (dominolab.text.words).

#: Legend lines of a layout picture (filled marker, hollow marker) per language.
LEGEND_TEXTS: Mapping[str, tuple[str, str]] = MappingProxyType({lang: w.picture.legend for lang, w in WORDS.items()})


def _words(lang: str) -> PictureWords:
    return words(lang).picture


def _tiles(n: int, lang: str) -> str:
    """``1 Stein``, ``5 Steine``."""
    return count(n, words(lang).tile)


def side_label(seating: Any, side: int, lang: str = "de", me: int | None = None) -> str:
    """``Spieler 3`` or ``Spieler 1 und 3`` (players numbered from 1, :func:`~dominolab.text.words.team_name`);
    seen from ``me`` the people at the table: ``Du``, ``Links und rechts``."""
    return capital(team_name(side, seating, me, lang))


def _seat_label(seat: int, players: int, lang: str, me: int | None) -> str:
    """A seat as the text beside the picture names it: ``Spieler 2`` from outside, ``Gegenüber`` seen from ``me``."""
    return capital(person(seat, players, me, lang))


def _tiles_text(tiles: Sequence[Tile], lang: str) -> str:
    return " ".join(str(t) for t in tiles) if tiles else _words(lang).no_tiles


# -- layouts -----------------------------------------------------------------------

def _markers(layout: Layout) -> tuple[list[tuple[AttachmentPoint, int]], list[AttachmentPoint]]:
    """Scored contributions and the open points drawn hollow."""
    contributions = layout.contributions()
    scored = {p for p, _ in contributions}
    for p, _ in contributions:
        if p.tile.is_double:  # a double counts both halves: both free line sides are scored
            scored.add(AttachmentPoint(p.tile, Side.A))
            scored.add(AttachmentPoint(p.tile, Side.B))
    hollow = [p for p in layout.open_points() if p not in scored]
    return contributions, hollow


def _layout_description(layout: Layout, rules: Any, lang: str) -> str:
    """The drawing in the reader's words (the same names as the text beside it: ``[4|4], Längsseite B``,
    :func:`~dominolab.text.words.point_text`): the tiles, how they join, the free attachment points and
    the scored ends with their end sum. No credit: a picture shows a position, and nothing need have
    been laid (the documents' step texts, with their own point names, stay in the step lines).
    ``rules`` is accepted for the callers' sake; the description needs no game."""
    w = words(lang)
    sw = w.step

    def listed(items: list[str]) -> str:
        return "; ".join(items) or sw.none

    tiles = ", ".join(str(t) for t in layout.tiles) or sw.none
    joins = [f"{point_text(a, lang)} – {point_text(b, lang)}" for a, b in layout.connections]
    free = [f"{point_text(p, lang)} ({p.pips})" for p in layout.open_points()]
    scored = layout.contributions()
    ends = [f"{point_text(p, lang)}: {v}" for p, v in scored]
    total = " + ".join(str(v) for _, v in scored)
    text = (f"{sw.tiles}: {tiles}. {sw.connections}: {listed(joins)}. {sw.open}: {listed(free)}. "
            f"{w.picture.scored_ends}: {listed(ends)}.")
    if scored:
        text += f" {w.picture.end_sum}: {total} = {layout.end_sum}."
    return text


def _tile_shape(box: Box, tile: Tile, *, spinner: bool = False, last: bool = False) -> TileShape:
    along = (-box.dy, box.dx) if tile.is_double else (box.dx, box.dy)
    vertical = along[1] != 0
    forward = along[0] + along[1] > 0
    first, second = (box.back, box.front) if forward else (box.front, box.back)
    cx, cy = box.center
    return TileShape(cx, cy, vertical, first, second, str(tile), spinner, last)


def _highlight_points(layout: Layout, highlight: Iterable[AttachmentPoint | str]) -> list[AttachmentPoint]:
    open_points = set(layout.open_points())
    out = []
    for item in highlight:
        point = AttachmentPoint.parse(item) if isinstance(item, str) else item
        if not isinstance(point, AttachmentPoint):
            raise InvalidArgument(f"highlight expects attachment points such as '[1|4].low', got {item!r:.60}")
        if point not in open_points:
            raise InvalidArgument(f"cannot highlight {point}: it is not a free attachment point of the layout")
        out.append(point)
    return out


def layout_picture(layout: Layout, *, legend: bool = True, title: str | None = None, lang: str = "de",
                   highlight: Iterable[AttachmentPoint | str] = (), highlight_last: bool = True,
                   positions: dict[Tile, Box] | None = None, rules: Any = None,
                   heading: bool = True) -> Picture:
    """The layout seen from above, with scored ends (filled) and free points (hollow) marked.

    ``positions`` may be the :func:`layout_positions` of a longer layout with
    the same beginning: then the tiles keep their places and the picture its
    size from step to step. ``highlight`` marks free attachment points (e.g.
    where a hand tile may go). ``title`` is the picture's short line (drawn
    above it when ``heading``); ``desc`` describes it in the reader's words
    (:func:`_layout_description`, the names of the text beside it, no credit).
    """
    w = _words(lang)
    marked = _highlight_points(layout, highlight)
    frame = positions
    if positions is None:
        positions = layout_positions(layout)
    boxes = [positions[p.tile] for p in layout.placements]
    frame_boxes = list(frame.values()) if frame else boxes
    if frame_boxes:
        area = (min(b.x0 for b in frame_boxes) - 1.0, min(b.y0 for b in frame_boxes) - 1.0,
                max(b.x1 for b in frame_boxes) + 1.0, max(b.y1 for b in frame_boxes) + 1.0)
    else:
        area = (-3.0, -1.0, 3.0, 1.0)
    spinners = set(layout.spinner_tiles())
    last = layout.placements[-1].tile if highlight_last and len(layout.placements) > 1 else None
    tiles = tuple(_tile_shape(positions[p.tile], p.tile, spinner=p.tile in spinners, last=p.tile is last)
                  for p in layout.placements)
    contributions, hollow = _markers(layout)
    marks: list[Mark] = []
    done: set[AttachmentPoint] = set()
    wanted = set(marked)
    radius = 0.34
    for point, value in contributions:
        box = positions[point.tile]
        px, py = box.point(point.side)
        nx, ny = box.normal(point.side)
        marks.append(Mark(px + nx * (radius + 0.06), py + ny * (radius + 0.06), radius, True, value, str(point),
                          point in wanted))
        done.add(point)
    for point in list(hollow) + [p for p in marked if p not in hollow and p not in done]:
        if point in done:
            continue
        box = positions[point.tile]
        px, py = box.point(point.side)
        nx, ny = box.normal(point.side)
        r = 0.2 if point in wanted else 0.15
        marks.append(Mark(px + nx * (r + 0.07), py + ny * (r + 0.07), r, False, None, str(point), point in wanted))
        done.add(point)
    texts: list[Text] = []
    x0, y0, x1, y1 = area
    if not layout.placements:
        texts.append(Text(0, 0, w.empty, 0.4, "middle", role="muted"))
    if title and heading:
        texts.append(Text((x0 + x1) / 2, y1 + 0.35, title, 0.5, "middle", bold=True, role="title"))
    if legend and layout.placements:
        keys = ((True, LEGEND_TEXTS[lang][0]), (False, LEGEND_TEXTS[lang][1]))
        for k, (scored, text) in enumerate(keys):
            y = y0 - 0.35 - 0.55 * k
            r = 0.2 if scored else 0.12
            marks.append(Mark(x0 + 0.3, y, r, scored))
            texts.append(Text(x0 + 0.65, y, text, 0.36))
    n = len(layout.placements)
    short = title or f"{w.layout}: {_tiles(n, lang)}"
    bounds = _bounds(tiles, marks, texts=texts, at_least=area, pad=0.05)
    return Picture(bounds, short, _layout_description(layout, rules, lang), tiles, tuple(marks), texts=tuple(texts))


# -- tiles and hands ----------------------------------------------------------------

def hand_picture(tiles: Sequence[Tile], *, title: str | None = None, label: str | None = None,
                 lang: str = "de") -> Picture:
    """A row of tiles (for example a hand) in the given order, optionally with a label in front."""
    w = _words(lang)
    tiles = list(tiles)
    texts = []
    x = 0.0
    if label:
        texts.append(Text(0, 0, label, 0.42, bold=True))
        x = _CHAR * 0.42 * len(label) + 0.4
    shapes = tuple(TileShape(x + TILE_LENGTH / 2 + 2.2 * k, 0, False, t.low, t.high, str(t))
                   for k, t in enumerate(tiles))
    if not tiles:
        texts.append(Text(x, 0, f"({w.no_tiles})", 0.36, role="muted"))
    if title:
        texts.append(Text(0, 0.9, title, 0.45, bold=True, role="title"))
    what = f"{label}: " if label else ""
    short = title or (f"{label}: {_tiles(len(tiles), lang)}" if label else
                      f"{w.row}: {_tiles(len(tiles), lang)}")
    desc = f"{what}{_tiles_text(tiles, lang)}."
    return Picture(_bounds(shapes, texts=texts, at_least=(0, -0.5, 1, 0.5)), short, desc, shapes, texts=tuple(texts))


def tile_picture(tile: Tile, *, lang: str = "de") -> Picture:
    """One tile, lengthwise, low half on the left."""
    shape = TileShape(0, 0, False, tile.low, tile.high, str(tile))
    return Picture(_bounds([shape]), f"{_words(lang).domino_tile} {tile}", f"{_words(lang).domino_tile} {tile}.", (shape,))


# -- score track ----------------------------------------------------------------------

def _side_names(n_sides: int, labels: Sequence[str] | None, lang: str) -> list[str]:
    if labels is not None:
        names = [str(label) for label in labels]
        if len(names) != n_sides:
            raise InvalidArgument(f"{len(names)} labels for {n_sides} sides")
        return names
    return [f"{_words(lang).side} {k + 1}" for k in range(n_sides)]


def score_track_picture(scores: Sequence[int], target: int = 61, labels: Sequence[str] | None = None,
                        title: str | None = None, *, lang: str = "de", scale: float = 0.5) -> Picture:
    """A cribbage-style peg board: one lane of holes per side, ``target`` holes in all.

    Holes ``1 .. target-1`` run out along the upper street and back along the
    lower one in groups of five; the last hole (``target``) sits at the end,
    beside the start holes (score 0). A peg per side marks its score; a score
    beyond the target stays in the last hole and is printed beside it.
    ``scale`` is the hole spacing in tile widths.
    """
    values = [int(s) for s in scores]
    if not values:
        raise InvalidArgument("no scores to show")
    if target < 3:
        raise InvalidArgument("the target must be at least 3")
    w = _words(lang)
    names = _side_names(len(values), labels, lang)
    n_sides = len(values)
    street = math.ceil((target - 1) / 2)
    lane = 0.75
    street_h = n_sides * lane

    def x_of(k: int) -> float:  # position along a street, k = 1 .. street
        return (k - 1) + 0.7 * ((k - 1) // 5)

    x_end = x_of(street)
    x_start = -1.9
    top = 0.0
    bottom = top - street_h - 1.1

    def hole_xy(score: int, side: int) -> tuple[float, float]:
        if score <= 0:
            return (x_start, top - side * lane)
        if score >= target:
            return (x_start, bottom - side * lane)
        if score <= street:
            return (x_of(score), top - side * lane)
        return (x_of(street - (score - street) + 1), bottom - side * lane)

    bx0, bx1 = x_start - 2.0, x_end + 2.2
    by0, by1 = bottom - street_h + lane - 1.6, top + 1.6
    bands = [Band(bx0, by0, bx1, by1, "board", 0.8)]
    mid = top - (n_sides - 1) * lane / 2
    low_mid = bottom - (n_sides - 1) * lane / 2
    turn = tuple((x_end + 0.5 + 0.9 * math.sin(math.pi * t / 4), mid + (low_mid - mid) * t / 4) for t in range(5))
    lines = [Line(turn, "board", True)]
    dots = [Dot(*hole_xy(score, side), 0.13, "hole") for side in range(n_sides) for score in range(1, target)]
    dots += [Dot(*hole_xy(score, side), 0.2, "end") for side in range(n_sides) for score in (0, target)]
    # every text at least 0.9 hole spacings: at the smallest ``scale`` used (0.4, beside a table) that is
    # 0.36 tile widths, the size of a layout's two-digit numbers, so the board is as readable as the
    # layout beside it (11.5 CSS px at its own size; issue 32)
    small = 0.9
    texts = [Text(x_of(k), top + 0.85, str(k), small, "middle", role="board") for k in range(5, street + 1, 5)]
    y_low = bottom - street_h + lane - 0.85
    texts += [Text(hole_xy(k, 0)[0], y_low, str(k), small, "middle", role="board")
              for k in range(street + 5 - street % 5, target, 5)]
    texts.append(Text(x_start, top + 0.85, w.start, small, "middle", role="board"))
    texts.append(Text(x_start, y_low, str(target), small, "middle", bold=True, role="board"))
    x = bx0
    y_legend = by0 - 0.9
    for side, score in enumerate(values):
        hx, hy = hole_xy(score, side)
        dots.append(Dot(hx, hy, 0.3, "peg", side))
        if score > target:
            texts.append(Text(hx - 0.45, hy, str(score), small, "end", bold=True, role="board"))
        dots.append(Dot(x + 0.35, y_legend, 0.3, "peg", side))
        label = f"{names[side]}: {score}"
        texts.append(Text(x + 0.85, y_legend, label, small))
        x += 0.85 + _CHAR * small * len(label) + 1.2
    if title:
        texts.append(Text((bx0 + bx1) / 2, by1 + 0.8, title, 0.85, "middle", bold=True, role="title"))
    short = title or f"{w.track} ({w.target} {target})"
    desc = f"{w.track}, {w.target} {target}: " + ", ".join(
        f"{name} {score}" for name, score in zip(names, values)) + "."
    pic = Picture(_bounds(dots=dots, bands=bands, texts=texts), short, desc, dots=tuple(dots), bands=tuple(bands),
                  lines=tuple(lines), texts=tuple(texts))
    return pic.scaled(scale)


# -- settlement (games with pip settlement) ----------------------------------------------

def _points(n: int, lang: str) -> str:
    return count(n, _words(lang).point)


def settlement_picture(settlement: Settlement, hands: Sequence[Sequence[Tile]], seating: Any, lang: str = "de", *,
                       title: str | None = None, scores: Sequence[int] | None = None,
                       me: int | None = None) -> Picture:
    """How a round is settled by the pips left in the hands.

    ``settlement`` is the :class:`dominolab.core.scoring.Settlement` the engine
    computed (:attr:`Round.settlement`, :func:`settle_round`): every number drawn
    is read from it, nothing is recomputed. One row per seat: the revealed hand
    and its pip sum, winning sides marked; below, per winning side: the
    opponents' pips, their rounding and the credit, then ``scores`` if given. Seen from ``me`` (the
    play page) the seats are the people the text names (``Du``, ``Gegenüber``), else ``Spieler 1`` ….
    """
    if not isinstance(settlement, Settlement):
        raise WrongType(f"settlement must be a Settlement (Round.settlement or settle_round), not "
                        f"{type(settlement).__name__}")
    w = _words(lang)
    n = seating.players
    rows = [list(h) for h in hands]
    if len(rows) != n or len(settlement.pips) != n:
        raise InvalidArgument(f"{len(rows)} hands and {len(settlement.pips)} pip sums for {n} seats")
    pips = settlement.pips
    winners = set(settlement.winners)
    label_w = 7.6 if seating.partnerships else 3.4
    most = max([len(h) for h in rows] + [2])
    tile_x = label_w
    sum_x = tile_x + most * 2.2 + 0.3
    row_h = 1.4
    texts: list[Text] = []
    tiles: list[TileShape] = []
    bands: list[Band] = []
    lines = []
    for side in sorted(winners):
        opponents = settlement.collected[side]
        five = settlement.rounded[side]
        lines.append(f"{w.winner}: {side_label(seating, side, lang, me)} – {w.opponents} "
                     f"{count(opponents, words(lang).pip)} → {five} → {_points(settlement.credits[side], lang)}")
    if scores:
        names = [side_label(seating, s, lang, me) for s in range(seating.n_sides)]
        lines.append(f"{w.score}: " + " · ".join(f"{name}: {sc}" for name, sc in zip(names, scores)))
    x1 = sum_x + 5.5
    seat_lines = []
    for seat in range(n):
        y = -seat * row_h
        won = seating.side_of(seat) in winners
        if won:
            bands.append(Band(-0.2, y - 0.65, x1, y + 0.65, "win", 0.2))
        label = _seat_label(seat, n, lang, me)
        if seating.partnerships:
            partner = next(s for s in seating.seats_of(seating.side_of(seat)) if s != seat)
            label += " " + w.partner.format(partner=person(partner, n, me, lang))
        texts.append(Text(0, y, label, 0.45, bold=won))
        for k, tile in enumerate(rows[seat]):
            tiles.append(TileShape(tile_x + TILE_LENGTH / 2 + 2.2 * k, y, False, tile.low, tile.high, str(tile)))
        if not rows[seat]:
            texts.append(Text(tile_x, y, f"({w.no_tiles})", 0.4, role="muted"))
        text = count(pips[seat], words(lang).pip) + (f" – {w.wins}" if won else "")
        texts.append(Text(sum_x, y, text, 0.45, bold=won, role="win" if won else ""))
        seat_lines.append(f"{label}: {_tiles_text(rows[seat], lang)}, {text}")
    y_text = -(n - 1) * row_h - 1.3
    for k, line in enumerate(lines):
        texts.append(Text(0, y_text - 0.8 * k, line, 0.45, bold=k < len(winners)))
    reason_word = w.settlement["domino" if settlement.reason is EndReason.DOMINO else "blocked"]
    heading = title if title is not None else reason_word
    if heading:
        texts.append(Text(0, 1.2, heading, 0.55, bold=True, role="title"))
    short = heading or reason_word
    desc = ". ".join(seat_lines + lines) + "."
    return Picture(_bounds(tiles, bands=bands, texts=texts), short, desc, tuple(tiles), bands=tuple(bands),
                   texts=tuple(texts))


# -- rounds --------------------------------------------------------------------------------

def table_picture(layout: Layout, hands: Sequence[Sequence[Tile]], *, rules: Any, seating: Any,
                  scores: Sequence[int], stock_left: int | None = None, to_move: int | None = None,
                  lang: str = "de", title: str | None = None, track: bool = True, legend: bool = False,
                  highlight: Iterable[AttachmentPoint | str] = (), highlight_last: bool = True,
                  positions: dict[Tile, Box] | None = None, heading: bool = True) -> Picture:
    """The table as it stands: the layout, every hand face up (``hands`` may be
    empty to leave them out), the stock's size (games that draw) and the scores
    (on the score track, or as a line without ``track``)."""
    w = _words(lang)
    names = [side_label(seating, s, lang) for s in range(seating.n_sides)]
    score_line = f"{w.score}: " + " · ".join(f"{name}: {score}" for name, score in zip(names, scores))
    lay = layout_picture(layout, legend=legend, title=title, lang=lang, highlight=highlight,
                         highlight_last=highlight_last, positions=positions, rules=rules, heading=heading)
    parts = [lay]
    desc = [lay.desc]
    for seat, hand in enumerate(hands):
        label = _seat_label(seat, len(hands), lang, None) + (f" ({w.to_move})" if seat == to_move else "")
        row = hand_picture(hand, label=label, lang=lang)
        parts.append(row)
        desc.append(row.desc)
    if hands and rules.drawing and stock_left is not None:
        stock = f"{w.stock}: {_tiles(stock_left, lang)}"
        parts.append(Picture((0, -0.3, 4, 0.3), stock, stock + ".", texts=(Text(0, 0, stock, 0.38, role="muted"),)))
        desc.append(stock + ".")
    if track:
        board = score_track_picture(list(scores), target=rules.target, labels=names, lang=lang, scale=0.4)
        parts.append(board)
        desc.append(board.desc)
    else:
        parts.append(Picture((0, -0.3, 6, 0.3), score_line, score_line,
                             texts=(Text(0, 0, score_line, 0.42, bold=True),)))
        desc.append(score_line + ".")
    short = title or f"{w.layout}: {_tiles(len(layout.placements), lang)}"
    return stack(parts, title=short, desc=" ".join(desc), gap=0.35)


def round_picture(rnd: Any, *, lang: str = "de", title: str | None = None, hands: bool = False,
                  track: bool = False, legend: bool = False, highlight: Iterable[AttachmentPoint | str] = (),
                  highlight_last: bool = True, positions: dict[Tile, Box] | None = None,
                  heading: bool = True) -> Picture:
    """A round as it stands (see :func:`table_picture`); ``hands`` shows every hand face up."""
    w = _words(lang)
    short = title or f"{w.round} {rnd.number}: {w.layout}, {_tiles(len(rnd.layout.placements), lang)}"
    pic = table_picture(rnd.layout, rnd.hands if hands else (), rules=rnd.rules, seating=rnd.seating,
                        scores=rnd.scores, stock_left=rnd.stock_left, to_move=None if rnd.over else rnd.to_move,
                        lang=lang, title=title, track=track, legend=legend, highlight=highlight,
                        highlight_last=highlight_last, positions=positions, heading=heading)
    return replace(pic, title=short)
