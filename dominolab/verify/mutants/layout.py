"""Mutants of the layout (scored ends, side arms, matching pips), of a seat's view and of the pictures."""

from __future__ import annotations

import dataclasses
from typing import Any, Callable

from dominolab.verify.mutants.registry import patch, wrap, wrap_everywhere


# -- patches: the layout ---------------------------------------------------------------------

def _contributions_variant(change: Callable[[Any, list[tuple[Any, int]]], list[tuple[Any, int]]],
                           sum_follows: bool = True) -> None:
    """Wrap what counts as a scored end: ``Layout.contributions`` returns ``change(layout, original
    list)``; with ``sum_follows`` the end sum the engine books (``Layout.place_trusted``, and
    ``Layout.end_sum_after`` through it) is the sum of the changed list."""
    from dominolab.core.layout import Layout, Placement

    wrap(Layout, "contributions", lambda orig: lambda self: sorted(change(self, orig(self)),
                                                                   key=lambda pv: pv[0].sort_key))
    if not sum_follows:
        return

    def make_place(orig: Any) -> Any:
        def place_trusted(self: Any, placement: Any) -> int:
            orig(self, placement)
            self.end_sum = sum(v for _, v in self.contributions())
            return int(self.end_sum)
        return place_trusted
    wrap(Layout, "place_trusted", make_place)
    wrap(Layout, "end_sum_after", lambda orig: lambda self, tile, at: Layout.place_trusted(self.copy(),
                                                                                            Placement(tile, at)))


def _placement(placement: Any) -> Any:
    from dominolab.core.layout import Placement
    return placement if isinstance(placement, Placement) else Placement.parse(placement)


def _line_sides(tile: Any) -> tuple[Any, Any]:
    from dominolab.core.layout import AttachmentPoint, Side
    return AttachmentPoint(tile, Side.A), AttachmentPoint(tile, Side.B)


def _closed_doubles(layout: Any) -> list[Any]:
    """The doubles of ``layout`` whose two line sides are both taken."""
    return [p.tile for p in layout.placements if p.tile.is_double
            and all(point in layout.occupied for point in _line_sides(p.tile))]


def _free_arms(layout: Any, tile: Any) -> list[Any]:
    from dominolab.core.layout import AttachmentPoint, Side
    return [arm for arm in (AttachmentPoint(tile, Side.ARM_A), AttachmentPoint(tile, Side.ARM_B))
            if arm not in layout.occupied]


_LAYOUT_VARIANTS: tuple[tuple[str, str, Callable[[Any, list[tuple[Any, int]]], list[tuple[Any, int]]]], ...] = (
    ("end-double-counts-once", "A double at an end counts one half instead of both.",
     lambda lay, out: [(p, v // 2 if p.tile.is_double else v) for p, v in out]),
    ("double-stops-counting-after-first-join",
     "A double stops counting as soon as one tile is joined to it (not only when both line sides are taken).",
     lambda lay, out: [(p, v) for p, v in out if not p.tile.is_double
                       or not any(point in lay.occupied for point in _line_sides(p.tile))]),
    ("closed-double-counts", "A double with both line sides taken still counts both halves.",
     lambda lay, out: out + [(_line_sides(t)[0], t.pips) for t in _closed_doubles(lay)]),
    ("unused-arms-count", "The free side arms of a closed spinner count their pips.",
     lambda lay, out: out + ([(arm, t.low) for t in _closed_doubles(lay) for arm in _free_arms(lay, t)]
                             if lay.spinners else [])),
    ("arm-tiles-not-counted", "The outer end of a tile on a side arm does not count.",
     lambda lay, out: [(p, v) for p, v in out if p.tile not in
                       {joined.tile for anchor, joined in lay.connections if anchor.side.is_arm}]),
    ("end-sum-over-free-points", "Every free attachment point counts its pips (not only scored ends).",
     lambda lay, out: [(p, p.pips) for p in lay.open_points()]),
    ("zero-ends-dropped", "Scored ends of value zero are left out of the list of contributions.",
     lambda lay, out: [(p, v) for p, v in out if v]),
    ("only-one-end-counts", "Only the first scored end (by tile) counts.",
     lambda lay, out: out[:1]),
)


def _register_layout_variant(name: str, doc: str,
                             change: Callable[[Any, list[tuple[Any, int]]], list[tuple[Any, int]]]) -> None:
    sum_follows = name != "zero-ends-dropped"        # leaving out zeros changes the list, not the sum

    def apply_variant() -> None:
        _contributions_variant(change, sum_follows)
    apply_variant.__doc__ = doc
    patch(name, "dominolab.core.layout:Layout." + ("place_trusted" if sum_follows else "contributions"))(apply_variant)


for _layout_name, _layout_doc, _layout_change in _LAYOUT_VARIANTS:
    _register_layout_variant(_layout_name, _layout_doc, _layout_change)


@patch("arms-open-with-first-side", "dominolab.core.layout:Layout.place_trusted")
def _arms_early() -> None:
    """A spinner's side arms open as soon as one line side is taken."""
    from dominolab.core.layout import Layout, Side

    def make_place(orig: Any) -> Any:
        def place_trusted(self: Any, placement: Any) -> int:
            total = orig(self, placement)
            at = placement[1]
            if at is not None and at.side in (Side.A, Side.B) and self.spins(at.tile):
                for arm in _free_arms(self, at.tile):
                    if arm not in self.open:
                        self.open[arm] = arm.placement_of
                        self.open_counts += arm.unit
            return int(total)
        return place_trusted

    def make_reason(orig: Any) -> Any:
        def reason(self: Any, placement: Any) -> Any:
            found = orig(self, placement)
            if found is not None and found.code == "arm-before-line-sides":
                at = _placement(placement).at
                if at is not None and any(point in self.occupied for point in _line_sides(at.tile)):
                    return None
            return found
        return reason
    wrap(Layout, "place_trusted", make_place)
    wrap(Layout, "reason", make_reason)


@patch("arm-b-needs-arm-a", "dominolab.core.layout:Layout.place_trusted")
def _arm_order() -> None:
    """Side arm B may be used only after side arm A."""
    from dominolab.core.errors import Reason
    from dominolab.core.layout import AttachmentPoint, Layout, Side

    def make_place(orig: Any) -> Any:
        def place_trusted(self: Any, placement: Any) -> int:
            total = orig(self, placement)
            at = placement[1]
            for point in list(self.open):                       # arm B stays closed while arm A is free
                if point.side is Side.ARM_B and AttachmentPoint(point.tile, Side.ARM_A) not in self.occupied:
                    del self.open[point]
                    self.open_counts -= point.unit
            if at is not None and at.side is Side.ARM_A:         # arm A taken: arm B opens
                b = AttachmentPoint(at.tile, Side.ARM_B)
                if b not in self.occupied and b not in self.open:
                    self.open[b] = b.placement_of
                    self.open_counts += b.unit
            return int(total)
        return place_trusted

    def make_reason(orig: Any) -> Any:
        def reason(self: Any, placement: Any) -> Any:
            found = orig(self, placement)
            at = _placement(placement).at
            if found is None and at is not None and at.side is Side.ARM_B \
                    and AttachmentPoint(at.tile, Side.ARM_A) not in self.occupied:
                return Reason("not-free", "arm A first")
            return found
        return reason
    wrap(Layout, "place_trusted", make_place)
    wrap(Layout, "reason", make_reason)


@patch("pips-not-checked", "dominolab.core.engine:legal_moves_of")
def _pips_unchecked() -> None:
    """A tile may be joined at a point whose pips it does not show."""
    from dominolab.core import engine
    from dominolab.core.layout import AttachmentPoint, Layout, Placement, Side

    def make_reason(orig: Any) -> Any:                   # the checked path (Layout.place, Round.apply)
        def reason(self: Any, placement: Any) -> Any:
            found = orig(self, placement)
            return None if found is not None and found.code == "wrong-pips" else found
        return reason
    wrap(Layout, "reason", make_reason)

    def make_legal(orig: Any) -> Any:                    # the engine's one rule of legality
        def legal_moves_of(layout: Any, hand: Any, pending: Any, stock_out: bool) -> list[Any]:
            moves = list(orig(layout, hand, pending, stock_out))
            if not layout.placements:
                return moves
            tiles = [pending] if pending is not None else hand
            extra = [Placement(t, p) for t in tiles for p in layout.open if t not in p.placement_of]
            plays = [m for m in moves if isinstance(m, Placement)]
            return plays + extra if extra else moves
        return legal_moves_of
    wrap_everywhere(engine, "legal_moves_of", make_legal)

    def make_place(orig: Any) -> Any:                    # joining a tile that does not show the pips
        def place_trusted(self: Any, placement: Any) -> int:
            tile, at = placement
            if at is not None and tile not in at.attach_of:
                joined = AttachmentPoint(tile, Side.A if tile.is_double else Side.LOW)
                free = AttachmentPoint(tile, Side.B if tile.is_double else Side.HIGH)
                at.attach_of[tile] = (joined, free, (at, joined))
            return int(orig(self, placement))
        return place_trusted
    wrap(Layout, "place_trusted", make_place)


# -- patches: what a seat sees, pictures ------------------------------------------------------

@patch("view-shows-next-hand", "dominolab.core.view:view_of")
def _view_next_hand() -> None:
    """A seat's view also holds the tiles of the next seat."""
    from dominolab.core import view

    def make(orig: Any) -> Any:
        def view_of(rnd: Any, seat: int) -> Any:
            v = orig(rnd, seat)
            nxt = (seat + 1) % rnd.seating.players
            return dataclasses.replace(v, hand=v.hand + tuple(rnd.hands[nxt]))
        return view_of
    wrap_everywhere(view, "view_of", make)


@patch("free-points-drawn-filled", "dominolab.pictures.picture:_markers")
def _all_filled() -> None:
    """The layout picture draws every free point as a filled (scored) marker."""
    from dominolab.pictures import picture
    wrap_everywhere(picture, "_markers", lambda orig: lambda layout: (
        lambda filled, hollow: (filled + [(p, p.pips) for p in hollow], []))(*orig(layout)))


@patch("spinners-not-outlined", "dominolab.pictures.picture:layout_picture")
def _no_outline() -> None:
    """The layout picture draws no spinner outline."""
    from dominolab.pictures import picture

    def make(orig: Any) -> Any:
        def layout_picture(layout: Any, **kw: Any) -> Any:
            pic = orig(layout, **kw)
            return dataclasses.replace(pic, tiles=tuple(dataclasses.replace(t, spinner=False) for t in pic.tiles))
        return layout_picture
    wrap_everywhere(picture, "layout_picture", make)
