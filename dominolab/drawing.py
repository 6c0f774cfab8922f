"""Pictures of the model: tiles, hands, layouts, the score track and settlements.

Everything here is a pure function of the model (nothing is changed) and draws
with Matplotlib's object interface (:class:`matplotlib.figure.Figure`, Agg and
SVG backends, no ``pyplot`` state). The ``*_svg`` functions return the SVG
markup as a string; it is reproducible (fixed ``svg.hashsalt``, no date) and
keeps its text as text (``svg.fonttype = 'none'``, DejaVu Sans).

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

import io
import math
from typing import NamedTuple, Sequence

from .layout import AttachmentPoint, Layout, Side
from .scoring import round_to_five
from .tiles import Tile

__all__ = [
    "Box", "layout_positions", "layout_figure", "layout_svg", "tile_figure", "tile_svg",
    "hand_figure", "hand_svg", "score_track_figure", "score_track_svg",
    "settlement_figure", "settlement_svg", "round_figure", "round_svg", "figure_svg",
    "LEGEND_TEXTS",
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
    points: dict            # Side -> (lattice point, outward normal)
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
        self.anchor: list[tuple[int, Side] | None] = [None]
        self.joined: list[Side | None] = [None]
        # (tile index, side) -> index of the tile joined there
        self.child: dict[tuple[int, Side], int] = {}
        for anchor, joined in layout.connections:
            i = index[joined.tile]
            a = index[anchor.tile]
            self.child[(a, anchor.side)] = i
        for i, p in enumerate(placements[1:], start=1):
            a = index[p.at.tile]
            self.anchor.append((a, p.at.side))
            self.joined.append(layout.occupied[p.at].side)
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
        self.cache: dict[int, tuple] = {}
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

        def rect_blockers(rect, parent):
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
        best: tuple[int, list] | None = None
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
# rendering helpers
# ---------------------------------------------------------------------------

FONT = "DejaVu Sans"
IVORY = "#fffdf0"
INK = "#2b2b2b"
SPINNER = "#e07b00"
HIGHLIGHT = "#1f6fd1"
MARKER = "#2b2b2b"
SIDE_COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd")

#: Legend lines of :func:`layout_figure` (filled marker, hollow marker) per language.
LEGEND_TEXTS = {
    "de": ("Ausgefüllte Zahl: gewerteter Beitrag", "Hohler Punkt: legales Anlegen, hier nicht gewertet"),
    "en": ("Filled number: scored contribution", "Hollow dot: legal attachment, not scored here"),
}

_WORDS = {
    "de": {
        "side": "Partnerschaft", "side_plain": "Seite", "seat": "Sitz", "seats": "Sitze", "pips": "Augen", "point": ("Punkt", "Punkte"),
        "score": "Stand", "start": "Start", "empty": "(leere Auslage)", "no_tiles": "keine Steine",
        "domino": "Abrechnung nach Ausspielen", "blocked": "Abrechnung nach Sperre", "winner": "gewinnt",
        "opponents": "Gegner", "rounded": "gerundet", "round": "Runde",
    },
    "en": {
        "side": "Partnership", "side_plain": "Side", "seat": "Seat", "seats": "seats", "pips": "pips", "point": ("point", "points"),
        "score": "Score", "start": "Start", "empty": "(empty layout)", "no_tiles": "no tiles",
        "domino": "Settlement after a domino", "blocked": "Settlement after a block", "winner": "wins",
        "opponents": "opponents", "rounded": "rounded", "round": "Round",
    },
}

_RC = {
    "svg.hashsalt": "dominolab",
    "svg.fonttype": "none",
    "font.family": "sans-serif",
    "font.sans-serif": [FONT],
    "path.simplify": False,
}

# pip offsets in a half, in units of the pip spacing: (along the tile, across it)
_PIPS = {
    0: (),
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (-1, 1), (1, -1), (1, 1)),
    5: ((-1, -1), (-1, 1), (0, 0), (1, -1), (1, 1)),
    6: ((-1, -1), (0, -1), (1, -1), (-1, 1), (0, 1), (1, 1)),
}


def _words(lang: str) -> dict:
    try:
        return _WORDS[lang]
    except KeyError:
        raise ValueError(f"unknown language {lang!r}; choose one of: {', '.join(_WORDS)}") from None


def _rc():
    import matplotlib

    return matplotlib.rc_context(_RC)


def _new_figure(width: float, height: float):
    from matplotlib.figure import Figure

    fig = Figure(figsize=(max(width, 0.3), max(height, 0.3)))
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_axis_off()
    ax.set_aspect("equal")
    return fig, ax


def figure_svg(fig) -> str:
    """Reproducible SVG markup of a figure (tight bounds, no date, fixed ids)."""
    buf = io.StringIO()
    with _rc():
        fig.savefig(buf, format="svg", metadata={"Date": None}, bbox_inches="tight", pad_inches=0.04)
    return buf.getvalue()


def _put(ax, artist):
    """Add an artist without touching the data limits or the tight bounding box
    (the axes limits are set by hand and already hold everything)."""
    ax.add_artist(artist)
    artist.set_in_layout(False)
    artist.set_clip_on(False)
    return artist


def _add_dots(ax, centres: list[tuple[float, float]], radius: float, zorder: float = 2.2, **style) -> None:
    """Many circles of one style as a single collection (fast to draw and to save)."""
    from matplotlib.collections import PatchCollection
    from matplotlib.patches import Circle

    if centres:
        _put(ax, PatchCollection([Circle(c, radius) for c in centres], zorder=zorder, **style))


def _draw_tile(ax, cx: float, cy: float, along: tuple[float, float], back: int, front: int,
               length: float = 2.0, width: float = 1.0, *, edge: str = INK, lw: float = 1.0,
               zorder: float = 2, gid: str | None = None, pips: list | None = None) -> None:
    """A tile centred at ``(cx, cy)`` whose long axis points along ``along``
    (``back`` pips on the half towards ``-along``). Pip centres go to ``pips``
    when given (the caller draws them at once), else they are drawn here."""
    from matplotlib.lines import Line2D
    from matplotlib.patches import FancyBboxPatch

    ux, uy = along
    vx, vy = -uy, ux
    w = abs(ux) * length + abs(vx) * width
    h = abs(uy) * length + abs(vy) * width
    _put(ax, FancyBboxPatch((cx - w / 2, cy - h / 2), w, h,
                            boxstyle=f"round,pad=0,rounding_size={0.11 * width:.4f}",
                            facecolor=IVORY, edgecolor=edge, linewidth=lw, zorder=zorder, gid=gid))
    _put(ax, Line2D([cx - vx * 0.4 * width, cx + vx * 0.4 * width], [cy - vy * 0.4 * width, cy + vy * 0.4 * width],
                    color=INK, linewidth=max(0.6, min(lw, 1.2) * 0.7), zorder=zorder + 0.1, solid_capstyle="butt"))
    half = length / 4
    s = 0.26 * width
    centres = []
    for sign, count in ((-1, back), (1, front)):
        hx, hy = cx + sign * ux * half, cy + sign * uy * half
        for a, c in _PIPS[count]:
            centres.append((hx + (a * ux + c * vx) * s, hy + (a * uy + c * vy) * s))
    if pips is None:
        _add_dots(ax, centres, 0.085 * width, zorder=zorder + 0.2, facecolor=INK, edgecolor="none")
    else:
        pips.extend(centres)


def _box_along(box: Box, tile: Tile) -> tuple[float, float]:
    d = (box.dx, box.dy)
    return _left(d) if tile.is_double else d


# ---------------------------------------------------------------------------
# tiles and hands
# ---------------------------------------------------------------------------

def tile_figure(tile: Tile, *, scale: float = 0.5):
    """One tile, horizontal, low half on the left."""
    with _rc():
        fig, ax = _new_figure(2.2 * scale, 1.2 * scale)
        _draw_tile(ax, 0, 0, (1, 0), tile.low, tile.high, length=2 - GAP, width=1 - GAP, lw=1.2)
        ax.set_xlim(-1.1, 1.1)
        ax.set_ylim(-0.6, 0.6)
    return fig


def tile_svg(tile: Tile, **kw) -> str:
    return figure_svg(tile_figure(tile, **kw))


def hand_figure(tiles: Sequence[Tile], *, scale: float = 0.4, title: str | None = None):
    """A row of tiles (for example a hand), in the given order."""
    tiles = list(tiles)
    n = max(len(tiles), 1)
    with _rc():
        fig, ax = _new_figure((2.3 * n) * scale, 1.2 * scale + (0.3 if title else 0))
        for k, tile in enumerate(tiles):
            _draw_tile(ax, 1.15 + 2.3 * k, 0, (1, 0), tile.low, tile.high, length=2 - GAP, width=1 - GAP, lw=1.2)
        ax.set_xlim(0, 2.3 * n)
        ax.set_ylim(-0.6, 0.6)
        if title:
            ax.set_title(title, fontsize=11)
    return fig


def hand_svg(tiles: Sequence[Tile], **kw) -> str:
    return figure_svg(hand_figure(tiles, **kw))


# ---------------------------------------------------------------------------
# layouts
# ---------------------------------------------------------------------------

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


def layout_figure(layout: Layout, *, legend: bool = True, title: str | None = None, lang: str = "de",
                  highlight_last: bool = True, positions: dict[Tile, Box] | None = None,
                  max_width: float = 8.0, unit: float = 0.42):
    """The layout seen from above, with scored ends and free points marked.

    ``positions`` may be the :func:`layout_positions` of a longer layout with
    the same beginning: then the tiles keep their places and the frame its
    size from step to step. ``unit`` is the size of a tile width in inches
    (shrunk so that the figure is at most ``max_width`` inches wide).
    """
    from matplotlib.lines import Line2D
    from matplotlib.patches import Circle, FancyBboxPatch

    w = _words(lang)
    texts = LEGEND_TEXTS[lang]
    frame = positions
    if positions is None:
        positions = layout_positions(layout)
    boxes = [positions[p.tile] for p in layout.placements]
    frame_boxes = list(frame.values()) if frame else boxes
    if frame_boxes:
        x0 = min(b.x0 for b in frame_boxes) - 1.0
        x1 = max(b.x1 for b in frame_boxes) + 1.0
        y0 = min(b.y0 for b in frame_boxes) - 1.0
        y1 = max(b.y1 for b in frame_boxes) + 1.0
    else:
        x0, x1, y0, y1 = -3.0, 3.0, -1.0, 1.0
    scale = min(unit, max_width / (x1 - x0))
    spinners = set(layout.spinner_tiles())
    last = layout.placements[-1].tile if layout.placements else None
    with _rc():
        fig, ax = _new_figure((x1 - x0) * scale, (y1 - y0) * scale)
        ax.set_xlim(x0, x1)
        ax.set_ylim(y0, y1)
        pt = scale * 72  # points per tile width
        pips: list[tuple[float, float]] = []
        for k, placement in enumerate(layout.placements):
            tile = placement.tile
            box = positions[tile]
            cx, cy = box.center
            is_spinner = tile in spinners
            _draw_tile(ax, cx, cy, _box_along(box, tile), box.back, box.front,
                       length=max(box.width, box.height), width=min(box.width, box.height),
                       edge=SPINNER if is_spinner else INK, lw=(2.2 if is_spinner else 1.0) * min(1.0, pt / 30),
                       gid=f"tile-{k}", pips=pips)
            if highlight_last and tile is last and len(layout.placements) > 1:
                m = GAP / 2 * 0.8
                _put(ax, FancyBboxPatch((box.x0 - m, box.y0 - m), box.width + 2 * m, box.height + 2 * m,
                                        boxstyle="round,pad=0,rounding_size=0.14", facecolor="none",
                                        edgecolor=HIGHLIGHT, linewidth=1.1, zorder=3, gid="last-tile"))
        _add_dots(ax, pips, 0.085 * (1 - GAP), facecolor=INK, edgecolor="none")
        contributions, hollow = _markers(layout)
        radius = 0.34
        for k, (point, value) in enumerate(contributions):
            box = positions[point.tile]
            px, py = box.point(point.side)
            nx, ny = box.normal(point.side)
            cx, cy = px + nx * (radius + 0.06), py + ny * (radius + 0.06)
            _put(ax, Circle((cx, cy), radius, facecolor=MARKER, edgecolor="white", linewidth=0.8,
                            zorder=5, gid=f"scored-{k}"))
            ax.text(cx, cy, str(value), color="white", ha="center", va="center_baseline",
                    fontsize=(0.42 if value < 10 else 0.36) * pt, fontweight="bold", zorder=6, in_layout=False)
        for k, point in enumerate(hollow):
            box = positions[point.tile]
            px, py = box.point(point.side)
            nx, ny = box.normal(point.side)
            _put(ax, Circle((px + nx * 0.22, py + ny * 0.22), 0.15, facecolor="white", edgecolor=MARKER,
                            linewidth=1.3, zorder=5, gid=f"open-{k}"))
        if not layout.placements:
            ax.text(0, 0, w["empty"], ha="center", va="center", fontsize=10, color="#777777")
        if title:
            ax.set_title(title, fontsize=12)
        if legend and layout.placements:
            handles = [
                Line2D([], [], linestyle="none", marker="o", markersize=11, markerfacecolor=MARKER,
                       markeredgecolor=MARKER),
                Line2D([], [], linestyle="none", marker="o", markersize=7, markerfacecolor="white",
                       markeredgecolor=MARKER, markeredgewidth=1.3),
            ]
            fig.legend(handles, list(texts), loc="upper left", bbox_to_anchor=(0, 0), frameon=False,
                       fontsize=10, handletextpad=0.4, borderaxespad=0.2)
    return fig


def layout_svg(layout: Layout, **kw) -> str:
    return figure_svg(layout_figure(layout, **kw))


# ---------------------------------------------------------------------------
# score track
# ---------------------------------------------------------------------------

BOARD = "#f1e2c4"
BOARD_EDGE = "#9a7b4f"
HOLE = "#6b5a45"


def _side_names(n_sides: int, labels: Sequence[str] | None, lang: str) -> list[str]:
    if labels is not None:
        labels = [str(label) for label in labels]
        if len(labels) != n_sides:
            raise ValueError(f"{len(labels)} labels for {n_sides} sides")
        return labels
    return [f"{_words(lang)['side_plain']} {k}" for k in range(n_sides)]


def score_track_figure(scores: Sequence[int], target: int = 61, labels: Sequence[str] | None = None,
                       title: str | None = None, *, lang: str = "de"):
    """A cribbage-style peg board: one lane of holes per side, ``target`` holes in all.

    Holes ``1 .. target-1`` run out along the upper street and back along the
    lower one in groups of five; the last hole (``target``) sits at the end,
    beside the start holes (score 0). A peg per side marks its score; a score
    beyond the target stays in the last hole and is printed beside it.
    """
    from matplotlib.lines import Line2D
    from matplotlib.patches import Circle, FancyArrowPatch, FancyBboxPatch

    scores = [int(s) for s in scores]
    if not scores:
        raise ValueError("no scores to show")
    if target < 3:
        raise ValueError("the target must be at least 3")
    w = _words(lang)
    names = _side_names(len(scores), labels, lang)
    n_sides = len(scores)
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

    with _rc():
        bx0, bx1 = x_start - 2.0, x_end + 2.2
        by0, by1 = bottom - street_h + lane - 1.5, top + 1.5
        x0, x1, y0, y1 = bx0 - 0.1, bx1 + 0.1, by0 - 0.1, by1 + 0.1
        fig, ax = _new_figure((x1 - x0) * 0.2, (y1 - y0) * 0.2)
        ax.set_xlim(x0, x1)
        ax.set_ylim(y0, y1)
        _put(ax, FancyBboxPatch((bx0, by0), bx1 - bx0, by1 - by0,
                                    boxstyle="round,pad=0,rounding_size=0.8", facecolor=BOARD,
                                    edgecolor=BOARD_EDGE, linewidth=1.2, zorder=0))
        # the turn from the upper street to the lower one
        mid = top - (n_sides - 1) * lane / 2
        _put(ax, FancyArrowPatch((x_end + 0.5, mid), (x_end + 0.5, bottom - (n_sides - 1) * lane / 2),
                                 connectionstyle="arc3,rad=-0.6", arrowstyle="-|>", mutation_scale=9,
                                 color=HOLE, linewidth=1.0, zorder=1))
        holes = [hole_xy(score, side) for side in range(n_sides) for score in range(1, target)]
        ends = [hole_xy(score, side) for side in range(n_sides) for score in (0, target)]
        _add_dots(ax, holes, 0.13, zorder=1, facecolor=HOLE, edgecolor="none")
        _add_dots(ax, ends, 0.2, zorder=1, facecolor=BOARD, edgecolor=HOLE, linewidth=1.0)
        for k in range(5, street + 1, 5):
            ax.text(x_of(k), top + 0.55, str(k), ha="center", va="bottom", fontsize=8, color=HOLE)
        for k in range(street + 5 - street % 5, target, 5):
            hx, _ = hole_xy(k, 0)
            ax.text(hx, bottom - street_h + lane - 0.55, str(k), ha="center", va="top", fontsize=8, color=HOLE)
        ax.text(x_start, top + 0.55, w["start"], ha="center", va="bottom", fontsize=8, color=HOLE)
        ax.text(x_start, bottom - street_h + lane - 0.55, str(target), ha="center", va="top", fontsize=8,
                color=HOLE, fontweight="bold")
        handles = []
        for side, score in enumerate(scores):
            colour = SIDE_COLOURS[side % len(SIDE_COLOURS)]
            hx, hy = hole_xy(score, side)
            _put(ax, Circle((hx, hy), 0.3, facecolor=colour, edgecolor="black", linewidth=0.8, zorder=3,
                                gid=f"peg-{side}"))
            if score > target:
                ax.text(hx - 0.45, hy, str(score), ha="right", va="center", fontsize=9, fontweight="bold",
                        color=colour, zorder=4)
            handles.append(Line2D([], [], linestyle="none", marker="o", markersize=9, markerfacecolor=colour,
                                  markeredgecolor="black"))
        if title:
            ax.set_title(title, fontsize=12)
        fig.legend(handles, [f"{name}: {score}" for name, score in zip(names, scores)], loc="upper left",
                   bbox_to_anchor=(0, 0), frameon=False, fontsize=10, ncol=min(n_sides, 4),
                   handletextpad=0.3, columnspacing=1.5)
    return fig


def score_track_svg(scores: Sequence[int], target: int = 61, labels: Sequence[str] | None = None,
                    title: str | None = None, **kw) -> str:
    return figure_svg(score_track_figure(scores, target, labels, title, **kw))


# ---------------------------------------------------------------------------
# settlement (Horse Race)
# ---------------------------------------------------------------------------

def _points(n: int, lang: str) -> str:
    singular, plural = _words(lang)["point"]
    return f"{n} {singular if n == 1 else plural}"


def _side_label(seating, side: int, lang: str) -> str:
    w = _words(lang)
    if not seating.partnerships:
        return f"{w['seat']} {side}"
    seats = " + ".join(str(s) for s in seating.seats_of(side))
    return f"{w['side']} {side} ({w['seats']} {seats})"


def settlement_figure(event, hands: Sequence[Sequence[Tile]], seating, lang: str = "de", *,
                      title: str | None = None):
    """How a Horse Race round is settled.

    One row per seat: the revealed hand, its pip sum; the seats of winning
    sides are marked. Below, per winning side: the opponents' pips, their
    rounding to five and the credit.
    """
    from matplotlib.patches import FancyBboxPatch

    w = _words(lang)
    n = seating.players
    hands = [list(h) for h in hands]
    if len(hands) != n:
        raise ValueError(f"{len(hands)} hands for {n} seats")
    pips = list(event.pips)
    winners = set(event.winners)
    side_pips = [0] * seating.n_sides
    for seat in range(n):
        side_pips[seating.side_of(seat)] += pips[seat]
    total = sum(side_pips)
    label_w = 5.6 if seating.partnerships else 4.2
    most = max([len(h) for h in hands] + [2])
    tile_x = label_w
    sum_x = tile_x + most * 1.35 + 0.4
    row_h = 1.05
    lines = []
    for side in sorted(winners):
        opponents = total - side_pips[side]
        rounded = event.rounded[side] if hasattr(event, "rounded") else round_to_five(opponents)
        lines.append(f"{_side_label(seating, side, lang)} {w['winner']}: {w['opponents']} "
                     f"{opponents} {w['pips']} → {rounded} → {_points(event.credits[side], lang)}")
    if event.scores:
        names = [_side_label(seating, s, lang) for s in range(seating.n_sides)]
        lines.append(f"{w['score']}: " + " · ".join(f"{name}: {sc}" for name, sc in zip(names, event.scores)))
    y_rows = [-k * row_h for k in range(n)]
    y_text0 = y_rows[-1] - 1.0
    y0 = y_text0 - 0.75 * (len(lines) - 1) - 0.5
    y1 = 0.9
    x0, x1 = -0.2, max(sum_x + 5.5, 14.0)
    with _rc():
        fig, ax = _new_figure((x1 - x0) * 0.36, (y1 - y0) * 0.36)
        ax.set_xlim(x0, x1)
        ax.set_ylim(y0, y1)
        for seat in range(n):
            y = y_rows[seat]
            won = seating.side_of(seat) in winners
            if won:
                _put(ax, FancyBboxPatch((-0.1, y - 0.45), x1 - x0 - 0.3, 0.9,
                                            boxstyle="round,pad=0,rounding_size=0.2", facecolor="#dff3df",
                                            edgecolor="#3a9a3a", linewidth=1.0, zorder=0, gid=f"winner-{seat}"))
            label = f"{w['seat']} {seat}"
            if seating.partnerships:
                label += f" ({w['side']} {seating.side_of(seat)})"
            ax.text(0.1, y, label, ha="left", va="center", fontsize=10,
                    fontweight="bold" if won else "normal")
            if hands[seat]:
                for k, tile in enumerate(hands[seat]):
                    _draw_tile(ax, tile_x + 0.6 + 1.35 * k, y, (1, 0), tile.low, tile.high,
                               length=1.2, width=0.6, lw=0.9)
            else:
                ax.text(tile_x, y, f"({w['no_tiles']})", ha="left", va="center", fontsize=9, color="#666666")
            text = f"{pips[seat]} {w['pips']}"
            if won:
                text += f" – {w['winner']}"
            ax.text(sum_x, y, text, ha="left", va="center", fontsize=10,
                    fontweight="bold" if won else "normal", color="#1d6b1d" if won else INK)
        for k, line in enumerate(lines):
            ax.text(0.1, y_text0 - 0.75 * k, line, ha="left", va="center", fontsize=10,
                    fontweight="bold" if k < len(winners) else "normal")
        heading = title if title is not None else w["domino" if event.reason == "domino" else "blocked"]
        if heading:
            ax.set_title(heading, fontsize=12, loc="left")
    return fig


def settlement_svg(event, hands: Sequence[Sequence[Tile]], seating, lang: str = "de", **kw) -> str:
    return figure_svg(settlement_figure(event, hands, seating, lang, **kw))


# ---------------------------------------------------------------------------
# rounds
# ---------------------------------------------------------------------------

def round_figure(round, *, lang: str = "de", title: str | None = None, **kw):
    """The layout of a round with the current scores above it."""
    names = [_side_label(round.seating, s, lang) for s in range(round.seating.n_sides)]
    line = f"{_words(lang)['score']}: " + " · ".join(f"{name}: {score}" for name, score in zip(names, round.scores))
    return layout_figure(round.layout, lang=lang, title=f"{title}\n{line}" if title else line, **kw)


def round_svg(round, **kw) -> str:
    return figure_svg(round_figure(round, **kw))
