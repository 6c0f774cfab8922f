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
  and ``B`` in the middle of its long sides; a spinner's arms ``armA`` (left
  of the line direction) and ``armB`` (right) leave at right angles from the
  middle of its short ends.
* Tiles are placed in the order of play. The choice at every tile prefers a
  straight line inside a landscape box, turns before a line runs into other
  tiles, keeps one cell of clearance to every tile except the one it joins,
  keeps room in front of every free point for its marker and checks that every
  tile still to come has a legal spot. When a choice leads into a dead end the
  search backtracks; with a spent budget the conditions are relaxed step by
  step (clearance, then the look-ahead), so a layout always gets a drawing.
"""

from __future__ import annotations

import io
import math
from typing import Iterable, NamedTuple, Sequence

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
        self.spinners = layout.spinners


class _Rules(NamedTuple):
    clearance: int      # 2: one free cell around every tile except the one it joins;
                        # 1: the same as a preference; 0: tiles may touch
    lookahead: bool     # every later tile keeps a legal spot; free points keep marker room
    area: int           # cells per tile of the preferred landscape box (3 : 2, around the start)
    budget: int         # search steps before giving up on these rules


_LEVELS = (
    _Rules(2, True, 40, 3000),
    _Rules(2, True, 90, 3000),   # only tried when the first one ran out of steps
    _Rules(1, True, 40, 5000),
    _Rules(0, False, 40, 20000),
)


class _Search:
    def __init__(self, plan: _Plan, rules: _Rules):
        self.plan = plan
        self.rules = rules
        self.occ: dict[_Vec, int] = {}
        self.pieces: list[_Piece] = []
        # cells in front of points that stay free (tile index of the point)
        self.marker: dict[_Vec, list[int]] = {}
        self.exhausted = False
        width = math.sqrt(1.5 * rules.area * max(len(plan.tiles), 6))
        self.box = (max(12, round(width / 2)), max(8, round(width / 3)))

    # -- tests for one spot ---------------------------------------------------
    def _touching(self, rect: tuple[int, int, int, int], parent: int | None) -> int:
        """Cells of other tiles (not ``parent``) right next to ``rect``."""
        occ = self.occ
        x0, y0, x1, y1 = rect
        count = 0
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
        return count

    def _free(self, piece: _Piece, parent: int | None) -> int | None:
        """``None`` if the spot is taken, else how many cells of other tiles it touches
        (always 0 under hard clearance, where touching makes a spot taken)."""
        occ = self.occ
        x0, y0, x1, y1 = piece.rect
        for x in range(x0, x1):
            for y in range(y0, y1):
                if (x, y) in occ:
                    return None
        if self.rules.lookahead and self.marker:
            marker = self.marker
            for x in range(x0, x1):
                for y in range(y0, y1):
                    if (x, y) in marker:
                        return None
        clearance = self.rules.clearance
        if not clearance:
            return 0
        touching = self._touching(piece.rect, parent)
        if touching and clearance == 2:
            return None
        return touching

    def _marker_cells(self, p: _Vec, n: _Vec) -> list[_Vec]:
        return _cells(_rect(p, n, 0, 2, -1, 1))

    def _room(self, p: _Vec, n: _Vec, radius: int = 9, cap: int = 90) -> int:
        """Free cells reachable from the front of a point (bounded flood fill)."""
        occ = self.occ
        start = [c for c in self._marker_cells(p, n) if c not in occ]
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

    def _candidates(self, i: int) -> list[_Piece]:
        plan = self.plan
        tile = plan.tiles[i]
        if i == 0:
            return [_opening(tile)]
        a, side = plan.anchor[i]
        p, n = self.pieces[a].points[side]
        options = []
        for o in _options(tile, plan.joined[i], p, n):
            touching = self._free(o, a)
            if touching is not None:
                options.append((touching, o))
        if len(options) <= 1:
            return [o for _, o in options]
        bw, bh = self.box
        scored = []
        for touching, o in options:
            x0, y0, x1, y1 = o.rect
            outside = max(0, -bw - x0) + max(0, x1 - bw) + max(0, -bh - y0) + max(0, y1 - bh)
            fp, fn = next(v for s, v in o.points.items() if s is not plan.joined[i])
            room = self._room(fp, fn)
            # prefer: no touching, inside the box, room ahead, straight, then the roomier turn
            scored.append(((touching, outside > 0, outside, room < 30, o.kind != 0, -room, o.kind), o))
        scored.sort(key=lambda so: so[0])
        return [o for _, o in scored]

    # -- placing and undoing ----------------------------------------------------
    def _place(self, i: int, piece: _Piece) -> None:
        for c in _cells(piece.rect):
            self.occ[c] = i
        self.pieces.append(piece)
        if self.rules.lookahead:
            for side, (p, n) in piece.points.items():
                if (i, side) in self.plan.final_open:
                    for c in self._marker_cells(p, n):
                        self.marker.setdefault(c, []).append(i)

    def _remove(self, i: int) -> None:
        piece = self.pieces.pop()
        for c in _cells(piece.rect):
            del self.occ[c]
        if self.rules.lookahead:
            for side, (p, n) in piece.points.items():
                if (i, side) in self.plan.final_open:
                    for c in self._marker_cells(p, n):
                        owners = self.marker[c]
                        owners.remove(i)
                        if not owners:
                            del self.marker[c]

    def _consistent(self, i: int) -> bool:
        """After placing tile ``i``: every later tile joining a placed one still has a
        spot, and the points that stay free keep room for their markers."""
        plan = self.plan
        occ = self.occ
        piece = self.pieces[i]
        x0, y0, x1, y1 = piece.rect
        for (a, side), j in plan.child.items():
            if a > i or j <= i:
                continue
            p, n = self.pieces[a].points[side]
            if a != i and not (x0 - 8 <= p[0] <= x1 + 8 and y0 - 8 <= p[1] <= y1 + 8):
                continue  # too far away to have been affected
            if all(self._free(o, a) is None for o in _options(plan.tiles[j], plan.joined[j], p, n)):
                return False
        for (a, side) in plan.final_open:
            if a > i:
                continue
            p, n = self.pieces[a].points[side]
            if any(c in occ for c in self._marker_cells(p, n)):
                return False
        return True

    def run(self) -> list[_Piece] | None:
        """Depth-first search in the order of play; ``None`` when it fails
        (``exhausted`` then tells whether every choice was tried)."""
        count = len(self.plan.tiles)
        stack: list[list[_Piece]] = []
        steps = 0
        i = 0
        while i < count:
            if len(stack) == i:
                stack.append(self._candidates(i))
            options = stack[i]
            placed = False
            while options:
                piece = options.pop(0)
                steps += 1
                self._place(i, piece)
                if not self.rules.lookahead or self._consistent(i):
                    placed = True
                    break
                self._remove(i)
            if placed:
                i += 1
                continue
            if i == 0:
                self.exhausted = True
                return None
            if steps > self.rules.budget:
                return None
            stack.pop()
            i -= 1
            self._remove(i)
        return self.pieces


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


#: How the last call of :func:`layout_positions` was solved (for tests and tuning).
last_level: int | None = None


def _solve(layout: Layout) -> list[_Piece]:
    global last_level
    plan = _Plan(layout)
    exhausted = False
    for level, rules in enumerate(_LEVELS):
        if exhausted and level == 1:
            continue  # a larger box changes only the order of the choices
        search = _Search(plan, rules)
        pieces = search.run()
        if pieces is not None:
            last_level = level
            return pieces
        exhausted = search.exhausted
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
        "side": "Seite", "seat": "Spieler", "pips": "Augen", "point": ("Punkt", "Punkte"),
        "score": "Stand", "start": "Start", "empty": "(leere Auslage)", "no_tiles": "keine Steine",
        "domino": "Abrechnung: Domino", "blocked": "Abrechnung: blockiert", "winner": "gewinnt",
        "opponents": "Gegner", "rounded": "gerundet", "round": "Runde",
    },
    "en": {
        "side": "Side", "seat": "Player", "pips": "pips", "point": ("point", "points"),
        "score": "Score", "start": "Start", "empty": "(empty layout)", "no_tiles": "no tiles",
        "domino": "Settlement: domino", "blocked": "Settlement: blocked", "winner": "wins",
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


def _draw_tile(ax, cx: float, cy: float, along: tuple[float, float], back: int, front: int,
               length: float = 2.0, width: float = 1.0, *, edge: str = INK, lw: float = 1.0,
               zorder: float = 2, gid: str | None = None) -> None:
    """A tile centred at ``(cx, cy)`` whose long axis points along ``along``
    (``back`` pips on the half towards ``-along``)."""
    from matplotlib.patches import Circle, FancyBboxPatch

    ux, uy = along
    vx, vy = -uy, ux
    w = abs(ux) * length + abs(vx) * width
    h = abs(uy) * length + abs(vy) * width
    ax.add_patch(FancyBboxPatch((cx - w / 2, cy - h / 2), w, h,
                                boxstyle=f"round,pad=0,rounding_size={0.11 * width:.4f}",
                                facecolor=IVORY, edgecolor=edge, linewidth=lw, zorder=zorder,
                                gid=gid, clip_on=False))
    half = length / 4
    s = 0.26 * width
    ax.plot([cx - vx * 0.4 * width, cx + vx * 0.4 * width], [cy - vy * 0.4 * width, cy + vy * 0.4 * width],
            color=INK, linewidth=max(0.6, lw * 0.7), zorder=zorder + 0.1, solid_capstyle="butt", clip_on=False)
    for sign, pips in ((-1, back), (1, front)):
        hx, hy = cx + sign * ux * half, cy + sign * uy * half
        for a, c in _PIPS[pips]:
            ax.add_patch(Circle((hx + (a * ux + c * vx) * s, hy + (a * uy + c * vy) * s), 0.085 * width,
                                facecolor=INK, edgecolor="none", zorder=zorder + 0.2, clip_on=False))


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

    texts = LEGEND_TEXTS[lang] if lang in LEGEND_TEXTS else _words(lang)
    w = _words(lang)
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
        for k, placement in enumerate(layout.placements):
            tile = placement.tile
            box = positions[tile]
            cx, cy = box.center
            along = _box_along(box, tile)
            is_spinner = tile in spinners
            _draw_tile(ax, cx, cy, (box.dx, box.dy) if not tile.is_double else along,
                       box.back if not tile.is_double else tile.low,
                       box.front if not tile.is_double else tile.low,
                       length=max(box.width, box.height), width=min(box.width, box.height),
                       edge=SPINNER if is_spinner else INK, lw=(2.2 if is_spinner else 1.0) * min(1.0, pt / 30),
                       gid=f"tile-{k}")
            if highlight_last and tile is last and len(layout.placements) > 1:
                m = GAP / 2 * 0.8
                ax.add_patch(FancyBboxPatch((box.x0 - m, box.y0 - m), box.width + 2 * m, box.height + 2 * m,
                                            boxstyle="round,pad=0,rounding_size=0.14", facecolor="none",
                                            edgecolor=HIGHLIGHT, linewidth=1.1, zorder=3, clip_on=False,
                                            gid="last-tile"))
        contributions, hollow = _markers(layout)
        radius = 0.34
        for k, (point, value) in enumerate(contributions):
            box = positions[point.tile]
            px, py = box.point(point.side)
            nx, ny = box.normal(point.side)
            cx, cy = px + nx * (radius + 0.06), py + ny * (radius + 0.06)
            ax.add_patch(Circle((cx, cy), radius, facecolor=MARKER, edgecolor="white", linewidth=0.8,
                                zorder=5, gid=f"scored-{k}", clip_on=False))
            ax.text(cx, cy, str(value), color="white", ha="center", va="center_baseline",
                    fontsize=(0.42 if value < 10 else 0.36) * pt, fontweight="bold", zorder=6)
        for k, point in enumerate(hollow):
            box = positions[point.tile]
            px, py = box.point(point.side)
            nx, ny = box.normal(point.side)
            ax.add_patch(Circle((px + nx * 0.22, py + ny * 0.22), 0.15, facecolor="white", edgecolor=MARKER,
                                linewidth=1.3, zorder=5, gid=f"open-{k}", clip_on=False))
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
