"""A compact text drawing of a layout: the tiles as a tree from the opening tile.

Every line is one attachment point of a placed tile: the tile attached there
(and, indented below, its own points), ``· N free`` for a free point showing
``N`` pips. Side arms of a spinner appear once both line sides are occupied.

>>> from dominolab.core.layout import Layout
>>> print(text_drawing(Layout.from_notation('[4|4] [1|4]@[4|4].A [4|6]@[4|4].B', spinners=True)))
[4|4]
├─ A: [1|4]
│  └─ low: · 1 free
├─ B: [4|6]
│  └─ high: · 6 free
├─ armA: · 4 free
└─ armB: · 4 free
"""

from __future__ import annotations

from dominolab.core.layout import AttachmentPoint, Layout, Side
from dominolab.core.tiles import Tile

_SIDES_OF_DOUBLE = (Side.A, Side.B, Side.ARM_A, Side.ARM_B)
_SIDES_OF_TILE = (Side.HIGH, Side.LOW)


def _points(layout: Layout, tile: Tile) -> list[AttachmentPoint]:
    """The points of a placed tile that are occupied or free, in display order."""
    sides = _SIDES_OF_DOUBLE if tile.is_double else _SIDES_OF_TILE
    out = []
    for side in sides:
        point = AttachmentPoint(tile, side)
        if point in layout.occupied or point in layout.open:
            out.append(point)
    return out


def text_drawing(layout: Layout, *, free_word: str = "free", empty: str = "(empty layout)") -> str:
    """The layout as an indented tree (plain text, box-drawing characters)."""
    if not layout.placements:
        return empty
    lines = [str(layout.placements[0].tile)]

    def walk(tile: Tile, came_in: AttachmentPoint | None, prefix: str) -> None:
        points = [p for p in _points(layout, tile) if p is not came_in]
        for i, point in enumerate(points):
            last = i == len(points) - 1
            branch = "└─ " if last else "├─ "
            child = layout.occupied.get(point)
            if child is None:
                lines.append(f"{prefix}{branch}{point.side.notation}: · {point.pips} {free_word}")
            else:
                lines.append(f"{prefix}{branch}{point.side.notation}: {child.tile}")
                walk(child.tile, child, prefix + ("   " if last else "│  "))

    walk(layout.placements[0].tile, None, "")
    return "\n".join(lines)
