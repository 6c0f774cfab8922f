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

Where the tiles of a layout lie (:func:`layout_positions`, :class:`Box`) is decided in
:mod:`dominolab.pictures.placing`; the names are importable from here too.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any, Iterable, Mapping, Sequence

from dominolab.core.errors import InvalidArgument, WrongType
from dominolab.core.layout import AttachmentPoint, Layout, Side
from dominolab.core.scoring import EndReason, Settlement
from dominolab.core.tiles import Tile
from dominolab.pictures.placing import GAP, Box, layout_positions
from dominolab.text.words import WORDS, PictureWords, capital, count, person, point_text, team_name, words

__all__ = [
    "GAP", "Box", "layout_positions", "TileShape", "Mark", "Dot", "Band", "Line", "Text", "Picture",
    "layout_picture", "tile_picture", "hand_picture", "score_track_picture", "settlement_picture",
    "round_picture", "table_picture", "stack", "side_label", "LEGEND_TEXTS", "pip_offsets",
]

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
