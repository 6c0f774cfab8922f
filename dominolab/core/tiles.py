"""Tiles of the double-six set.

A :class:`Tile` is an interned, immutable value: ``Tile(5, 3) is Tile(3, 5)``.
Its ``str`` is the notation ``[3|5]`` and its ``repr`` re-creates it.

>>> t = Tile(5, 3)
>>> t, str(t), t.is_double, t.pips
(Tile(3, 5), '[3|5]', False, 8)
>>> Tile.parse('[4|1]') is Tile(1, 4)
True
"""

from __future__ import annotations

import re

from dominolab.core.errors import InvalidArgument, NotationError, WrongType, shorten

MAX_PIPS = 6

_TILE_RE = re.compile(r"\[([0-9])\|([0-9])\]")


class Tile:
    """One tile of the double-six set (interned; compare with ``is`` or ``==``)."""

    __slots__ = ("low", "high", "index", "mask", "fields", "pips", "is_double")

    low: int
    high: int
    index: int
    mask: int
    fields: int
    pips: int
    is_double: bool

    _interned: dict[tuple[int, int], "Tile"] = {}

    def __new__(cls, a: int, b: int) -> "Tile":
        if type(a) is not int or type(b) is not int:     # bool and float are not pips
            for value in (a, b):
                if not isinstance(value, int) or isinstance(value, bool):
                    text = shorten(value, 30) if isinstance(value, str) else repr(value)[:30]
                    raise WrongType(f"tile pips must be integers 0-{MAX_PIPS}, not {type(value).__name__} {text}")
        key = (a, b) if a <= b else (b, a)
        tile = cls._interned.get(key)
        if tile is not None:
            return tile
        low, high = key
        if not (0 <= low and high <= MAX_PIPS):
            raise InvalidArgument(f"no such tile in a double-six set: [{a}|{b}] (pips run from 0 to {MAX_PIPS})")
        tile = object.__new__(cls)
        setattr_ = object.__setattr__
        setattr_(tile, "low", low)
        setattr_(tile, "high", high)
        setattr_(tile, "index", len(cls._interned))
        setattr_(tile, "mask", (1 << low) | (1 << high))
        # 4-bit field of each half in Layout.open_counts: fields & open_counts != 0 <=> the tile fits
        setattr_(tile, "fields", (15 << 4 * low) | (15 << 4 * high))
        setattr_(tile, "pips", low + high)
        setattr_(tile, "is_double", low == high)
        cls._interned[key] = tile
        return tile

    def __setattr__(self, name: str, value: object) -> None:  # immutability
        raise AttributeError("Tile is immutable")

    def __reduce__(self) -> tuple[type["Tile"], tuple[int, int]]:
        return (Tile, (self.low, self.high))

    def __repr__(self) -> str:
        return f"Tile({self.low}, {self.high})"

    def __str__(self) -> str:
        return f"[{self.low}|{self.high}]"

    # Tiles are interned, so equality is identity. Spelling it out matters for speed: a class
    # with ordering methods compares through Python-level slots, and the engine's
    # ``hand.remove(tile)`` compares the tile with every tile before it in the hand.
    def __eq__(self, other: object) -> bool:
        return self is other

    __hash__ = object.__hash__   # keeps the C-level identity hash

    def __lt__(self, other: "Tile") -> bool:
        return (self.low, self.high) < (other.low, other.high)

    def __le__(self, other: "Tile") -> bool:
        return (self.low, self.high) <= (other.low, other.high)

    def __gt__(self, other: "Tile") -> bool:
        return (self.low, self.high) > (other.low, other.high)

    def __ge__(self, other: "Tile") -> bool:
        return (self.low, self.high) >= (other.low, other.high)

    def other_half(self, pips: int) -> int:
        """The pips of the half that is not ``pips`` (for a double: the same)."""
        return self.high if self.low == pips else self.low

    def matches(self, pips: int) -> bool:
        return self.low == pips or self.high == pips

    @classmethod
    def parse(cls, text: str) -> "Tile":
        """Parse ``[a|b]`` (either order); anything else raises :class:`NotationError`."""
        if not isinstance(text, str):
            raise WrongType(f"a tile is text such as [1|4], not {type(text).__name__} {repr(text)[:40]}")
        m = _TILE_RE.fullmatch(text.strip()) if len(text) <= 100 else None
        if not m:
            raise NotationError(f"not a tile: {shorten(text, 40)} (write tiles as [a|b] with pips 0-6)")
        a, b = int(m.group(1)), int(m.group(2))
        if a > MAX_PIPS or b > MAX_PIPS:
            raise NotationError(f"not a tile: {shorten(text, 40)} (pips run from 0 to {MAX_PIPS})")
        return cls(a, b)

    def _repr_svg_(self) -> str | None:
        from dominolab.core.display import svg_of

        return svg_of(self)


#: The 28 tiles in canonical order ([0|0], [0|1], ..., [6|6]).
ALL_TILES: tuple[Tile, ...] = tuple(Tile(a, b) for a in range(MAX_PIPS + 1) for b in range(a, MAX_PIPS + 1))
