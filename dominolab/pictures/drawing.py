"""The Matplotlib writer: pictures as Matplotlib figures (PNG/PDF export).

:func:`figure` draws a :class:`dominolab.pictures.picture.Picture` - the same plain
description that :mod:`dominolab.pictures.svg` writes as light SVG - with
Matplotlib's object interface (:class:`matplotlib.figure.Figure`, no
``pyplot`` state). Every element of the description is drawn and nothing
else, in the same order and with the same colours as the light writer's
light theme. Use it where Matplotlib is wanted: PNG or PDF files
(:func:`figure_png`, :func:`save`) and charts.

The ``*_figure`` functions build the description and draw it. The ``*_svg``
functions are the light writer's (:mod:`dominolab.pictures.svg`): SVG never needs
Matplotlib. Matplotlib is imported only when a figure is drawn.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any, Sequence

from dominolab.pictures import picture as _picture
from dominolab.core.layout import Layout
from dominolab.pictures.picture import (GAP, LEGEND_TEXTS, PIP_RADIUS, TILE_WIDTH, Box, Picture, layout_positions,
                      pip_offsets)
from dominolab.pictures.svg import hand_svg, layout_svg, round_svg, score_track_svg, settlement_svg, tile_svg
from dominolab.core.tiles import Tile

__all__ = [
    "Box", "GAP", "LEGEND_TEXTS", "layout_positions", "figure", "figure_svg", "figure_png", "save",
    "layout_figure", "tile_figure", "hand_figure", "score_track_figure", "settlement_figure", "round_figure",
    "score_chart_figure",
    "layout_svg", "tile_svg", "hand_svg", "score_track_svg", "settlement_svg", "round_svg",
]

FONT = "DejaVu Sans"
#: Inches per tile width.
INCH_PER_TILE = 0.42

# the light theme of dominolab.pictures.svg.STYLE
IVORY = "#fffdf0"
INK = "#2b2b2b"
SPINNER = "#e07b00"
HIGHLIGHT = "#1f6fd1"
BOARD = "#f1e2c4"
BOARD_EDGE = "#9a7b4f"
HOLE = "#6b5a45"
WIN_FILL = (58 / 255, 154 / 255, 58 / 255, 0.18)
WIN_EDGE = "#3a9a3a"
SIDE_COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd")
TEXT_COLOURS = {"": INK, "title": INK, "muted": "#555555", "board": HOLE, "win": INK, "marker": "white"}

_RC: dict[str, Any] = {
    "svg.hashsalt": "dominolab",
    "svg.fonttype": "none",
    "font.family": "sans-serif",
    "font.sans-serif": [FONT],
    "path.simplify": False,
}


def _rc() -> Any:
    import matplotlib

    return matplotlib.rc_context(_RC)  # type: ignore[arg-type]


def _put(ax: Any, artist: Any) -> Any:
    """Add an artist without touching the data limits (the limits are the picture's bounds)."""
    ax.add_artist(artist)
    artist.set_in_layout(False)
    artist.set_clip_on(False)
    return artist


def figure(pic: Picture, *, inch_per_tile: float = INCH_PER_TILE) -> Any:
    """A Matplotlib figure of the picture (same elements as :func:`dominolab.pictures.svg.write`)."""
    from matplotlib.collections import PatchCollection
    from matplotlib.figure import Figure
    from matplotlib.lines import Line2D
    from matplotlib.patches import Circle, FancyBboxPatch, Polygon

    x0, y0, x1, y1 = pic.bounds
    pt = inch_per_tile * 72        # points per tile width
    lw = pt / 20                   # points per SVG unit (dominolab.pictures.svg.UNIT)
    with _rc():
        fig = Figure(figsize=(max(pic.width * inch_per_tile, 0.3), max(pic.height * inch_per_tile, 0.3)))
        ax = fig.add_axes((0, 0, 1, 1))
        ax.set_axis_off()
        ax.set_xlim(x0, x1)
        ax.set_ylim(y0, y1)
        ax.set_aspect("equal")
        for k, b in enumerate(pic.bands):
            board = b.role == "board"
            _put(ax, FancyBboxPatch((b.x0, b.y0), b.x1 - b.x0, b.y1 - b.y0,
                                    boxstyle=f"round,pad=0,rounding_size={b.rounding:.3f}",
                                    facecolor=BOARD if board else WIN_FILL, edgecolor=BOARD_EDGE if board else WIN_EDGE,
                                    linewidth=1.2 * lw if board else lw, zorder=0, gid=f"band-{k}"))
        for k, ln in enumerate(pic.lines):
            xs, ys = zip(*ln.points)
            _put(ax, Line2D(xs, ys, color=HOLE, linewidth=lw, zorder=1, gid=f"line-{k}"))
            if ln.arrow and len(ln.points) > 1:
                import math

                (ax0, ay0), (ax1, ay1) = ln.points[-2], ln.points[-1]
                a = math.atan2(ay1 - ay0, ax1 - ax0)
                head = [(ax1, ay1), (ax1 - 0.35 * math.cos(a - 0.45), ay1 - 0.35 * math.sin(a - 0.45)),
                        (ax1 - 0.35 * math.cos(a + 0.45), ay1 - 0.35 * math.sin(a + 0.45))]
                _put(ax, Polygon(head, closed=True, facecolor=HOLE, edgecolor="none", zorder=1))
        pips: list[tuple[float, float]] = []
        for k, t in enumerate(pic.tiles):
            w, h = t.size
            _put(ax, FancyBboxPatch((t.x - w / 2, t.y - h / 2), w, h,
                                    boxstyle=f"round,pad=0,rounding_size={0.11 * TILE_WIDTH:.4f}",
                                    facecolor=IVORY, edgecolor=SPINNER if t.spinner else INK,
                                    linewidth=(2.4 if t.spinner else 1.0) * lw, zorder=2, gid=f"tile-{k}"))
            half_div = 0.4 * TILE_WIDTH
            xs_, ys_ = (([t.x - half_div, t.x + half_div], [t.y, t.y]) if t.vertical
                        else ([t.x, t.x], [t.y - half_div, t.y + half_div]))
            _put(ax, Line2D(xs_, ys_, color=INK, linewidth=0.8 * lw, zorder=2.1, solid_capstyle="butt"))
            for hx, hy, count in t.halves():
                pips += [(hx + dx, hy + dy) for dx, dy in pip_offsets(count, t.vertical)]
            if t.last:
                margin = 0.07
                _put(ax, FancyBboxPatch((t.x - w / 2 - margin, t.y - h / 2 - margin), w + 2 * margin, h + 2 * margin,
                                        boxstyle="round,pad=0,rounding_size=0.14", facecolor="none",
                                        edgecolor=HIGHLIGHT, linewidth=1.2 * lw, zorder=3, gid="last-tile"))
        if pips:
            _put(ax, PatchCollection([Circle(c, PIP_RADIUS) for c in pips], facecolor=INK, edgecolor="none",
                                     zorder=2.2, gid="pips"))
        holes = [d for d in pic.dots if d.role == "hole"]
        if holes:
            _put(ax, PatchCollection([Circle((d.x, d.y), d.r) for d in holes], facecolor=HOLE, edgecolor="none",
                                     zorder=1, gid="holes"))
        for k, d in enumerate(x for x in pic.dots if x.role != "hole"):
            if d.role == "end":
                style = {"facecolor": BOARD, "edgecolor": HOLE, "linewidth": lw}
            else:
                style = {"facecolor": SIDE_COLOURS[d.side % 4], "edgecolor": "black", "linewidth": 0.8 * lw}
            _put(ax, Circle((d.x, d.y), d.r, zorder=3, gid=f"{d.role}-{k}", **style))
        for k, m in enumerate(pic.marks):
            edge = HIGHLIGHT if m.highlighted else ("white" if m.scored else INK)
            width = 2.4 if m.highlighted else (0.8 if m.scored else 1.3)
            _put(ax, Circle((m.x, m.y), m.r, facecolor=INK if m.scored else "white", edgecolor=edge,
                            linewidth=width * lw, zorder=5, gid=f"{'scored' if m.scored else 'open'}-{k}"))
            if m.value is not None:
                from dominolab.pictures.svg import mark_text_size

                size = mark_text_size(m)
                ax.text(m.x, m.y - 0.35 * size, str(m.value), color="white", ha="center", va="baseline",
                        fontsize=size * pt, fontweight="bold", zorder=6)
        for label in pic.texts:
            ax.text(label.x, label.y - 0.35 * label.size, label.text,
                    ha={"start": "left", "middle": "center", "end": "right"}[label.anchor], va="baseline",
                    fontsize=label.size * pt, fontweight="bold" if label.bold or label.role == "title" else "normal",
                    color=TEXT_COLOURS.get(label.role, INK), alpha=0.75 if label.role == "muted" else None, zorder=7)
    return fig


def figure_svg(fig: Any) -> str:
    """Reproducible SVG markup of a Matplotlib figure (no date, fixed ids)."""
    buf = io.StringIO()
    with _rc():
        fig.savefig(buf, format="svg", metadata={"Date": None})
    return buf.getvalue()


def figure_png(fig: Any, *, dpi: int = 144) -> bytes:
    """PNG bytes of a Matplotlib figure."""
    buf = io.BytesIO()
    with _rc():
        fig.savefig(buf, format="png", dpi=dpi, metadata={"Software": None})
    return buf.getvalue()


def save(pic: Picture, path: str | Path, *, dpi: int = 144) -> None:
    """Write the picture as PNG or PDF (by the file's suffix) through Matplotlib."""
    path = Path(path)
    fig = figure(pic)
    with _rc():
        fig.savefig(path, dpi=dpi, metadata={"Software": None} if path.suffix.lower() == ".png" else {})


# -- the pictures of the model as figures ------------------------------------------------

def layout_figure(layout: Layout, **kw: Any) -> Any:
    """See :func:`dominolab.pictures.picture.layout_picture`."""
    return figure(_picture.layout_picture(layout, **kw))


def tile_figure(tile: Tile, **kw: Any) -> Any:
    return figure(_picture.tile_picture(tile, **kw))


def hand_figure(tiles: Sequence[Tile], **kw: Any) -> Any:
    return figure(_picture.hand_picture(tiles, **kw))


def score_track_figure(scores: Sequence[int], target: int = 61, labels: Sequence[str] | None = None,
                       title: str | None = None, **kw: Any) -> Any:
    return figure(_picture.score_track_picture(scores, target, labels, title, **kw))


def settlement_figure(settlement: Any, hands: Sequence[Sequence[Tile]], seating: Any, lang: str = "de",
                      **kw: Any) -> Any:
    return figure(_picture.settlement_picture(settlement, hands, seating, lang, **kw))


def round_figure(rnd: Any, **kw: Any) -> Any:
    return figure(_picture.round_picture(rnd, **kw))




# -- charts ---------------------------------------------------------------------------------

def score_chart_figure(match: Any, *, lang: str = "de", title: str | None = None) -> Any:
    """Scores over a match: one step line per side, after every scoring event;
    thin vertical lines separate the rounds, a dashed line marks the target."""
    from matplotlib.figure import Figure

    from dominolab.text.words import words as words_of

    words = words_of(lang).picture
    seating = match.seating
    names = [_picture.side_label(seating, s, lang) for s in range(seating.n_sides)]
    xs = [0]
    ys = [[0] * seating.n_sides]
    ends = []
    for rnd in match.rounds:
        for event in rnd.events:
            scores = getattr(event, "scores", None)
            if scores is not None:
                xs.append(xs[-1] + 1)
                ys.append(list(scores))
        ends.append(xs[-1])
    xs.append(xs[-1] + 1)  # the last scores get a step of their own
    ys.append(ys[-1])
    with _rc():
        fig = Figure(figsize=(7.0, 3.0))
        ax = fig.add_subplot()
        for k in ends[:-1]:
            ax.axvline(k + 0.5, color="#cccccc", linewidth=0.8, zorder=0)
        ax.axhline(match.rules.target, color=HOLE, linestyle="--", linewidth=1.0, zorder=1)
        ax.text(0, match.rules.target, f" {words.target} {match.rules.target}", va="bottom", ha="left",
                fontsize=8, color=HOLE)
        for side in range(seating.n_sides):
            ax.step(xs, [y[side] for y in ys], where="post", color=SIDE_COLOURS[side % 4], linewidth=1.6,
                    label=names[side], zorder=2)
        ax.set_xlim(0, max(xs[-1], 1))
        ax.set_ylim(0, max(match.rules.target, max(max(y) for y in ys)) * 1.08)
        ax.set_xlabel(words.chart_x, fontsize=8)
        ax.set_ylabel(words.score, fontsize=9)
        ax.tick_params(labelsize=8)
        ax.spines[["top", "right"]].set_visible(False)
        ax.legend(fontsize=8, frameon=False, loc="lower right")
        if title:
            ax.set_title(title, fontsize=10)
        fig.tight_layout()
    return fig
