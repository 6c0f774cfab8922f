"""The light SVG writer: pictures as compact SVG, standard library only.

Writes a :class:`dominolab.pictures.picture.Picture` (see there for what a picture
holds) as SVG markup. Nothing here needs a third-party package, so it runs
wherever Python runs, also in the reader's browser (Pyodide).

Compact by design: pips and tile bodies are defined once per picture
(``<defs>``) and placed with ``<use>``; coordinates are short numbers; no font
is embedded. Colours come from CSS classes (:data:`STYLE`; labels use
``currentColor``), so a page can restyle them, e.g. for a dark theme. Every
picture has ``role="img"``, a ``<title>`` (its short line) and a ``<desc>``
(its complete account in words). Highlighted attachment points are drawn
marked and carry ``data-point="[1|4].low"``.

>>> from dominolab.core.layout import Layout
>>> svg = layout_svg(Layout.from_notation('[1|4] [4|4]@[1|4].high', spinners=True))
>>> svg.startswith('<svg') and 'role="img"' in svg and '<desc>' in svg
True
"""

from __future__ import annotations

import html
import re
import math
from typing import Any, Iterable, Sequence

from dominolab.core.layout import AttachmentPoint, Layout
from dominolab.pictures.picture import (PIP_RADIUS, TILE_LENGTH, TILE_WIDTH, Mark, Picture, hand_picture, layout_picture,
                      pip_offsets, round_picture, score_track_picture, settlement_picture, tile_picture)
from dominolab.core.tiles import Tile

__all__ = ["write", "layout_svg", "round_svg", "hand_svg", "tile_svg", "score_track_svg", "settlement_svg",
           "STYLE", "UNIT", "MIN_TEXT_PX", "min_width_svg"]

#: SVG user units per tile width.
UNIT = 20.0
#: Default display size: CSS pixels per tile width.
PX_PER_TILE = 32.0

#: The classes of the written SVG and their light colours. Embedded in
#: standalone pictures; the book's stylesheet carries the same rules (and a
#: dark variant).
STYLE = (
    ".dl{font-family:sans-serif;font-size:8.4px;fill:currentColor}"
    ".dl text{fill:inherit}"
    ".dl .t{fill:#fffdf0;stroke:#2b2b2b;stroke-width:1}"
    ".dl .sp{stroke:#e07b00;stroke-width:2.4}"
    ".dl .lt{fill:none;stroke:#1f6fd1;stroke-width:1.2}"
    ".dl .m{fill:#2b2b2b;stroke:#fff;stroke-width:.8}"
    ".dl .mt{fill:#fff;font-weight:bold}"
    ".dl .o{fill:#fff;stroke:#2b2b2b;stroke-width:1.3}"
    ".dl .hl{stroke:#1f6fd1;stroke-width:2.4}"
    ".dl .b{fill:#f1e2c4;stroke:#9a7b4f;stroke-width:1.2}"
    ".dl .bt{fill:#6b5a45}"
    ".dl .k{fill:none;stroke:#6b5a45;stroke-linecap:round}"
    ".dl .ke{fill:#f1e2c4;stroke:#6b5a45}"
    ".dl .a{fill:none;stroke:#6b5a45}"
    ".dl .ah{fill:#6b5a45}"
    ".dl .g0{fill:#1f77b4}.dl .g1{fill:#d62728}.dl .g2{fill:#2ca02c}.dl .g3{fill:#9467bd}"
    ".dl .g{stroke:#000;stroke-width:.8}"
    ".dl .w{fill:rgba(58,154,58,.18);stroke:#3a9a3a}"
    ".dl .q{opacity:.75}"
    ".dl .bd{font-weight:bold}"
    ".dl .c{text-anchor:middle}.dl .e{text-anchor:end}"
)

#: Fixed colours inside the tile definitions (tile faces stay light in every theme).
PIP_COLOUR = "#2b2b2b"

_TEXT_CLASS = {"": "", "title": "bd", "muted": "q", "board": "bt", "win": "", "marker": "mt"}
_ANCHOR_CLASS = {"start": "", "middle": "c", "end": "e"}
DEFAULT_FONT = 0.42


def _n(value: float) -> str:
    """A short number: one decimal at most, no trailing zeros, no leading zero."""
    text = f"{round(value, 1):.1f}".rstrip("0").rstrip(".")
    if text in ("-0", ""):
        return "0"
    if text.startswith("0."):
        return text[1:]
    if text.startswith("-0."):
        return "-" + text[2:]
    return text


def _x(v: float) -> str:
    return _n(v * UNIT)


def _y(v: float) -> str:
    return _n(-v * UNIT)


def escape(text: str) -> str:
    """Text content for SVG: ``&``, ``<`` and ``>`` escaped.

    ``html.escape`` rather than ``xml.sax.saxutils.escape``: the latter pulls in
    urllib, http and email on import, about a second of the engine's start-up
    time in the reader's browser (Pyodide).
    """
    return html.escape(text, quote=False)


def _attr(text: str) -> str:
    return html.escape(text, quote=True)


def _defs(picture: Picture) -> str:
    """The tile bodies and pip faces this picture uses."""
    bodies = {t.vertical for t in picture.tiles}
    faces = {(n, t.vertical) for t in picture.tiles for n in (t.first, t.second) if n}
    out = []
    lw, ww = TILE_LENGTH * UNIT, TILE_WIDTH * UNIT
    for vertical in sorted(bodies):
        w, h = (ww, lw) if vertical else (lw, ww)
        d = f"M{_n(-0.4 * ww)} 0h{_n(0.8 * ww)}" if vertical else f"M0 {_n(-0.4 * ww)}v{_n(0.8 * ww)}"
        out.append(f'<g id="dl-{"v" if vertical else "h"}"><rect x="{_n(-w / 2)}" y="{_n(-h / 2)}" '
                   f'width="{_n(w)}" height="{_n(h)}" rx="{_n(0.11 * ww)}"/>'
                   f'<path d="{d}" stroke="{PIP_COLOUR}" stroke-width=".8"/></g>')
    # a face is one path of zero-length strokes with round caps: a dot per pip; the caps'
    # colour and width come from the group around all face <use>s (inherited through <use>)
    for count, vertical in sorted(faces):
        d = "".join(f"M{_x(dx)} {_y(dy)}h0" for dx, dy in pip_offsets(count, vertical))
        out.append(f'<path id="dl-{count}{"v" if vertical else "h"}" d="{d}"/>')
    return f"<defs>{''.join(out)}</defs>" if out else ""


def _classes(*names: str) -> str:
    joined = " ".join(n for n in names if n)
    return f' class="{joined}"' if joined else ""


def _text(x: float, y: float, text: str, size: float, classes: Sequence[str], own_size: bool = True) -> str:
    font = "" if not own_size or abs(size - DEFAULT_FONT) < 1e-9 else f' font-size="{_n(size * UNIT)}"'
    return (f'<text x="{_x(x)}" y="{_n(-y * UNIT + 0.35 * size * UNIT)}"{_classes(*classes)}{font}>'
            f"{escape(text)}</text>")


def _mark(m: Mark) -> str:
    point = f' data-point="{_attr(m.point)}"' if m.highlighted and m.point else ""
    circle = (f'<circle cx="{_x(m.x)}" cy="{_y(m.y)}" r="{_n(m.r * UNIT)}"'
              f'{_classes("m" if m.scored else "o", "hl" if m.highlighted else "")}{point}/>')
    return circle


def mark_text_size(m: Mark) -> float:
    """Font size of the number in a filled mark (smaller for two digits)."""
    return 0.42 if m.value is not None and m.value < 10 else 0.36


def _arrow_head(points: Sequence[tuple[float, float]]) -> str:
    (x0, y0), (x1, y1) = points[-2], points[-1]
    a = math.atan2(y1 - y0, x1 - x0)
    size = 0.35
    left = (x1 - size * math.cos(a - 0.45), y1 - size * math.sin(a - 0.45))
    right = (x1 - size * math.cos(a + 0.45), y1 - size * math.sin(a + 0.45))
    return (f'<path class="ah" d="M{_x(x1)} {_y(y1)}L{_x(left[0])} {_y(left[1])}'
            f'L{_x(right[0])} {_y(right[1])}z"/>')


def _hole_paths(r: float, centres: list[tuple[float, float]]) -> list[str]:
    """Holes of one size: runs of evenly spaced holes on a row become dashed
    lines (dashes of length 0 with round caps, one per hole), the rest dots."""
    runs: list[list[tuple[float, float]]] = []
    for c in centres:
        run = runs[-1] if runs else None
        if run and c[1] == run[-1][1] and (len(run) == 1 or abs((c[0] - run[-1][0]) - (run[1][0] - run[0][0])) < 1e-9):
            run.append(c)
        else:
            runs.append([c])
    steps: dict[str, list[str]] = {}
    for run in runs:
        if len(run) > 1 and run[1][0] < run[0][0]:
            run.reverse()
        step = _x(run[1][0] - run[0][0]) if len(run) > 1 else ""
        # a little beyond the last hole: a dash exactly at the end of a subpath is not drawn
        # (the dash pattern restarts at every subpath)
        length = _n(float(_x(run[-1][0])) - float(_x(run[0][0])) + 1)
        steps.setdefault(step, []).append(f"M{_x(run[0][0])} {_y(run[0][1])}h{length if step else 0}")
    width = _n(2 * r * UNIT)
    out = []
    for step, segments in steps.items():
        dash = f' stroke-dasharray="0 {step}"' if step else ""
        out.append(f'<path class="k" stroke-width="{width}"{dash} d="{"".join(segments)}"/>')
    return out


def write(picture: Picture, *, style: bool = True, px_per_tile: float = PX_PER_TILE, xmlns: bool = True,
          lang: str | None = None) -> str:
    """The SVG markup of ``picture``.

    ``style`` embeds :data:`STYLE` (for a standalone file or notebook output);
    pages whose stylesheet carries the rules (the book) leave it out, and
    SVG inside HTML may leave out the namespace (``xmlns=False``). ``lang`` names
    the language of its title and description (a standalone file: screen readers,
    and a page of another language that shows it, know it).
    """
    x0, y0, x1, y1 = picture.bounds
    w, h = (x1 - x0), (y1 - y0)
    ns = ' xmlns="http://www.w3.org/2000/svg"' if xmlns else ""
    if lang is not None:
        ns += f' lang="{escape(lang)}"'
    out = [f'<svg{ns} class="dl" viewBox="{_x(x0)} {_y(y1)} {_x(w)} {_x(h)}" '
           f'width="{_n(w * px_per_tile)}" height="{_n(h * px_per_tile)}" role="img">'
           f"<title>{escape(picture.title)}</title><desc>{escape(picture.desc)}</desc>"]
    if style:
        out.append(f"<style>{STYLE}</style>")
    out.append(_defs(picture))
    for b in picture.bands:
        out.append(f'<rect x="{_x(b.x0)}" y="{_y(b.y1)}" width="{_x(b.x1 - b.x0)}" height="{_x(b.y1 - b.y0)}" '
                   f'rx="{_x(b.rounding)}"{_classes("b" if b.role == "board" else "w")}/>')
    for ln in picture.lines:
        path_d = "M" + "L".join(f"{_x(x)} {_y(y)}" for x, y in ln.points)
        out.append(f'<path class="a" d="{path_d}"/>')
        if ln.arrow and len(ln.points) > 1:
            out.append(_arrow_head(ln.points))
    if picture.tiles:
        out.append('<g class="t">')  # the bodies inherit the tile colours through their <use>
        for t in picture.tiles:
            kind = "v" if t.vertical else "h"
            out.append(f'<use href="#dl-{kind}" x="{_x(t.x)}" y="{_y(t.y)}"{_classes("sp" if t.spinner else "")}/>')
        out.append("</g>")
    faces = [(f"{count}{'v' if t.vertical else 'h'}", hx, hy) for t in picture.tiles for hx, hy, count in t.halves()
             if count]
    if faces:
        out.append(f'<g fill="none" stroke="{PIP_COLOUR}" stroke-width="{_n(2 * PIP_RADIUS * UNIT)}" '
                   'stroke-linecap="round">')
        out += [f'<use href="#dl-{face}" x="{_x(hx)}" y="{_y(hy)}"/>' for face, hx, hy in faces]
        out.append("</g>")
    for t in picture.tiles:
        if t.last:
            margin = 0.07
            w_, h_ = t.size
            out.append(f'<rect class="lt" x="{_x(t.x - w_ / 2 - margin)}" y="{_y(t.y + h_ / 2 + margin)}" '
                       f'width="{_x(w_ + 2 * margin)}" height="{_x(h_ + 2 * margin)}" rx="{_x(0.14)}"/>')
    holes: dict[float, list[tuple[float, float]]] = {}
    for d in picture.dots:
        if d.role == "hole":
            holes.setdefault(d.r, []).append((d.x, d.y))
    for r, centres in holes.items():
        out += _hole_paths(r, centres)
    for d in picture.dots:
        if d.role == "hole":
            continue
        cls = ("ke",) if d.role == "end" else ("g", f"g{d.side % 4}")
        out.append(f'<circle cx="{_x(d.x)}" cy="{_y(d.y)}" r="{_n(d.r * UNIT)}"{_classes(*cls)}/>')
    for m in picture.marks:
        out.append(_mark(m))
    numbers = [m for m in picture.marks if m.value is not None]
    if numbers:
        out.append('<g class="mt c">')
        out += [_text(m.x, m.y, str(m.value), mark_text_size(m), ()) for m in numbers]
        out.append("</g>")
    # texts of the same style share one group that carries the class and the size
    group: tuple[str, str] | None = None
    for label in picture.texts:
        names = [_TEXT_CLASS.get(label.role, ""), _ANCHOR_CLASS[label.anchor]]
        if label.bold and "bd" not in names:
            names.append("bd")
        key = (_classes(*names), "" if abs(label.size - DEFAULT_FONT) < 1e-9 else f' font-size="{_n(label.size * UNIT)}"')
        if key != group:
            if group is not None:
                out.append("</g>")
            out.append(f"<g{key[0]}{key[1]}>")
            group = key
        out.append(_text(label.x, label.y, label.text, label.size, (), own_size=False))
    if group is not None:
        out.append("</g>")
    out.append("</svg>")
    return "".join(out)


_WRITER_KW = ("style", "px_per_tile", "xmlns")


def _split(kw: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    writer = {k: kw.pop(k) for k in _WRITER_KW if k in kw}
    return kw, writer


def layout_svg(layout: Layout, *, legend: bool = True, title: str | None = None, lang: str = "de",
               highlight: Iterable[AttachmentPoint | str] = (), **kw: Any) -> str:
    """The layout as SVG (see :func:`dominolab.pictures.picture.layout_picture` for the options;
    ``style`` and ``px_per_tile`` go to :func:`write`)."""
    kw, writer = _split(kw)
    return write(layout_picture(layout, legend=legend, title=title, lang=lang, highlight=highlight, **kw),
                 **writer)


def round_svg(rnd: Any, **kw: Any) -> str:
    """A round as it stands (see :func:`dominolab.pictures.picture.round_picture`)."""
    kw, writer = _split(kw)
    return write(round_picture(rnd, **kw), **writer)


def hand_svg(tiles: Sequence[Tile], **kw: Any) -> str:
    """A row of tiles (see :func:`dominolab.pictures.picture.hand_picture`)."""
    kw, writer = _split(kw)
    return write(hand_picture(tiles, **kw), **writer)


def tile_svg(tile: Tile, **kw: Any) -> str:
    """One tile."""
    kw, writer = _split(kw)
    return write(tile_picture(tile, **kw), **writer)


def score_track_svg(scores: Sequence[int], target: int = 61, labels: Sequence[str] | None = None,
                    **kw: Any) -> str:
    """The score track (see :func:`dominolab.pictures.picture.score_track_picture`)."""
    kw, writer = _split(kw)
    return write(score_track_picture(scores, target, labels, **kw), **writer)


def settlement_svg(settlement: Any, hands: Sequence[Sequence[Tile]], seating: Any, lang: str = "de",
                   **kw: Any) -> str:
    """A settlement (see :func:`dominolab.pictures.picture.settlement_picture`)."""
    kw, writer = _split(kw)
    return write(settlement_picture(settlement, hands, seating, lang, **kw), **writer)

# Matplotlib (and most other tools) put an XML declaration, a DOCTYPE and
# comments in front of the <svg> element.  Inside HTML they are at best
# useless, so everything before the first "<svg" is dropped.
_SVG_START = re.compile(r"<svg[\s>]", re.IGNORECASE)


def strip_svg_preamble(markup: str) -> str:
    match = _SVG_START.search(markup)
    if match is None:
        return markup
    head = markup[: match.start()].lstrip()
    if head == "" or head.startswith(("<?xml", "<!DOCTYPE", "<!doctype", "<!--")):
        return markup[match.start():]
    return markup


def svg_of(value: object) -> str:
    """The picture of a core value (the writer the package registers for ``_repr_svg_``)."""
    from dominolab.core.engine import Round

    if isinstance(value, Tile):
        return tile_svg(value)
    if isinstance(value, Layout):
        return layout_svg(value)
    if isinstance(value, Round):
        return round_svg(value)
    raise TypeError(f"no picture for {type(value).__name__}")


#: Smallest text in a drawing, in CSS pixels: a drawing is never shown narrower than this
#: allows (on a phone it scrolls sideways in its own box instead; the page does not).
MIN_TEXT_PX = 9.0

_VIEWBOX = re.compile(r'<svg[^>]*\bviewBox="[-\d.]+ [-\d.]+ ([\d.]+) ')
_FONT_SIZE = re.compile(r'\bfont-size="([\d.]+)"')


def min_width_svg(markup: str) -> str:
    """``markup`` with the width its root <svg> needs so that its smallest text renders at
    :data:`MIN_TEXT_PX` or more, as the CSS variable ``--dl-min-width`` (the text sizes are in
    viewBox units; unsized text has the default size, :data:`DEFAULT_FONT`).  The book's
    stylesheet (and the lessons' pages) use it on narrow screens, where the drawing then scrolls in its own box;
    on wide screens a drawing still shrinks to the text column."""
    m = _VIEWBOX.search(markup)
    if m is None:
        return markup
    smallest = min([DEFAULT_FONT * UNIT] + [float(x) for x in _FONT_SIZE.findall(markup)])
    need = MIN_TEXT_PX * float(m[1]) / smallest
    return markup.replace("<svg ", f'<svg style="--dl-min-width:{need:.0f}px" ', 1)
