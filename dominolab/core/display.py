"""Pictures of core values in notebooks, without the core importing a drawing module.

``Tile``, ``Layout`` and ``Round`` have ``_repr_svg_`` so that a bare value at the
end of a notebook cell shows a picture. The core does not draw: the package
root registers the writer (:mod:`dominolab.pictures.svg`, loaded on first use),
and without one the values show their ``repr`` as usual.
"""

from __future__ import annotations

from typing import Callable

#: ``writer(value) -> SVG markup`` for a Tile, Layout or Round; ``None`` until registered.
_writer: Callable[[object], str] | None = None


def set_svg_writer(writer: Callable[[object], str] | None) -> None:
    """Register the function that draws core values (``None`` removes it)."""
    global _writer
    _writer = writer


def svg_of(value: object) -> str | None:
    """SVG markup of ``value`` from the registered writer, or ``None`` (IPython then shows the repr)."""
    return None if _writer is None else _writer(value)
