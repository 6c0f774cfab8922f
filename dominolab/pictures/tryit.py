"""„Probier es aus“: a live-only widget to place tiles on a layout by hand.

Outer ring (like :mod:`dominolab.book.widgets`): it reads the model and never
changes a layout it was given. The reader chooses a tile that is not on the
table yet (a :class:`~ipywidgets.Dropdown`) and one of the attachment points
where that tile is legal (a second Dropdown, filled from
:meth:`Layout.points_for`); the button places the tile on a *copy* of the
current layout and shows the engine's drawing and step text.

In a live notebook the widget works through Python callbacks in the kernel.
On the static site (no kernel) the same model runs in the reader's browser:
the cell also puts out an empty container (:meth:`TryIt.web_container`) that
the page script ``_static/play/tryit.js`` fills, through the in-browser engine
(:class:`dominolab.webapi.TryItSession`), with the same choices; it then hides
the kernel-only widget.  The widget itself says at its top that it needs a
kernel (:func:`dominolab.book.widgets.live_only_note`).

>>> box = TryIt("horse-race", "[1|4] [1|1]@[1|4].low")
>>> box.choose("[4|4]")
>>> [str(p) for p in box.points_for_choice()]
['[1|4].high']
>>> box.place()
'[4|4]@[1|4].high'
>>> str(box.layout)
'[1|4] [1|1]@[1|4].low [4|4]@[1|4].high'
"""

from __future__ import annotations

import html
from typing import Any, NamedTuple

from dominolab.core.errors import DominoError, Reason
from dominolab.core.layout import AttachmentPoint, Layout, Placement
from dominolab.core.rules import GameRules, get_game
from dominolab.text.steptext import step_text
from dominolab.text.words import WORDS, point_text, words
from dominolab.pictures.svg import layout_svg, strip_svg_preamble
from dominolab.core.tiles import ALL_TILES, Tile

__all__ = ["TryIt"]

#: The words of the box (German, like the book; dominolab.text.words).
_DE = WORDS["de"]
OPENING = _DE.page.try_opening


def point_label(point: AttachmentPoint, lang: str = "de") -> str:
    """The book's one reader rendering of a point: ``[1|4], Ende mit der 4``."""
    return point_text(point, lang)


class Trial(NamedTuple):
    """One placement a reader may try: what it scores if allowed, else why the rules refuse it."""

    placement: Placement
    point: AttachmentPoint | None
    points: int | None          #: the credit of the end sum after it (``None`` when refused)
    reason: Reason | None       #: the engine's reason when refused


class TryIt:
    """State of one „Probier es aus“ box (the widgets are in :mod:`dominolab.book.tryit`).

    ``layout`` is the starting layout in placement notation (may be empty).
    The layout shown is always a copy; :attr:`history` holds the placements
    made with the widget, :meth:`reset` goes back to the start.
    """

    def __init__(self, game: str | GameRules = "horse-race", layout: str = "", lang: str = "de"):
        self.lang = words(lang).lang          # the language of its texts (checked)
        self.rules = get_game(game)
        self.start = Layout.from_notation(layout, self.rules.spinners) if layout.strip() else Layout(self.rules.spinners)
        self.layout = self.start.copy()
        self.history: list[Placement] = []
        self.choice: Tile | None = None

    # -- model side (no widgets needed; used by the callbacks and by tests) ------
    def trials(self, tile: Tile | str) -> list[Trial]:
        """Every placement of ``tile`` a reader might try here: the opening on an empty table, else
        every free point of the layout - allowed ones with what they score (the engine's end sum
        and credit), refused ones with the engine's reason (its code, for the German sentence)."""
        tile = Tile.parse(tile) if isinstance(tile, str) else tile
        layout = self.layout
        if tile in layout:
            return []
        if not layout.placements:
            return [Trial(Placement(tile, None), None, self.rules.credit(tile.pips), None)]
        out = []
        for point in layout.open_points():
            placement = Placement(tile, point)
            reason = layout.reason(placement)
            points = None if reason is not None else self.rules.credit(layout.end_sum_after(tile, point))
            out.append(Trial(placement, point, points, reason))
        return out

    def playable_tiles(self) -> list[Tile]:
        """Tiles not on the table that fit at least one free point (all of them on an empty table)."""
        free = [t for t in ALL_TILES if t not in self.layout]
        if not self.layout.placements:
            return free
        return [t for t in free if self.layout.points_for(t)]

    def choose(self, tile: Tile | str | None) -> None:
        self.choice = Tile.parse(tile) if isinstance(tile, str) else tile

    def points_for_choice(self) -> list[AttachmentPoint | None]:
        """Legal attachment points of the chosen tile (``[None]`` means: open the layout)."""
        if self.choice is None:
            return []
        if not self.layout.placements:
            return [None]
        return list[AttachmentPoint | None](self.layout.points_for(self.choice))

    def place(self, point: AttachmentPoint | None = None) -> str:
        """Place the chosen tile at ``point`` (default: its first legal point) on a copy."""
        points = self.points_for_choice()
        if not points or self.choice is None:
            raise DominoError("choose a tile that fits a free point first")
        if point is None:
            point = points[0]
        placement = Placement(self.choice, point)
        new = self.layout.copy()
        new.place(placement)          # checked: an illegal choice raises, nothing changes
        self.layout = new
        self.history.append(placement)
        self.choice = None
        return str(placement)

    def reset(self) -> None:
        self.layout = self.start.copy()
        self.history.clear()
        self.choice = None

    def picture(self) -> str:
        """The drawing of the current layout (SVG markup)."""
        return strip_svg_preamble(layout_svg(self.layout, highlight=self.layout.open_points(), rules=self.rules,
                                             lang=self.lang))

    def text(self) -> str:
        """The step text of the current layout (HTML)."""
        w = words(self.lang)
        if not self.layout.placements:
            return w.page.try_empty
        last = self.layout.placements[-1]
        head = f"<b>{w.step.placed}: {html.escape(str(last.tile))}</b>" if self.history else (
            f"<b>{w.book.start}:</b> <code>{html.escape(str(self.layout))}</code>")
        return f"{head}<br>{html.escape(step_text(self.layout, self.rules, self.lang))}"
