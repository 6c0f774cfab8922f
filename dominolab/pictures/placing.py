"""Where the tiles of a layout lie in a picture (standard library only).

The geometry behind :func:`dominolab.pictures.picture.layout_picture`; the pictures import
:func:`layout_positions`, :class:`Box` and :data:`GAP` from here.

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
from typing import NamedTuple

from dominolab.core.layout import Layout, Side
from dominolab.core.tiles import Tile

__all__ = ["GAP", "Box", "layout_positions"]


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
