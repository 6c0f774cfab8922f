"""„Probier es aus“: a live-only widget to place tiles on a layout by hand.

Outer ring (like :mod:`dominolab.widgets`): it reads the model and never
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
kernel (:func:`dominolab.widgets.live_only_note`).

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
from typing import Any

from .errors import DominoError
from .layout import AttachmentPoint, Layout, Placement
from .rules import get_game
from .steptext import step_text
from .svg import layout_svg
from .tiles import ALL_TILES, Tile
from .widgets import strip_svg_preamble

__all__ = ["TryIt", "try_it"]

_OPENING = "Eröffnung (erster Stein)"


def _point_label(point: AttachmentPoint) -> str:
    # the book's one reader rendering of a point (dominolab.words_de)
    from .words_de import point_text

    return point_text(point)


class TryIt:
    """State and widgets of one „Probier es aus“ box.

    ``layout`` is the starting layout in placement notation (may be empty).
    The layout shown is always a copy; :attr:`history` holds the placements
    made with the widget, :meth:`reset` goes back to the start.
    """

    def __init__(self, game: str = "horse-race", layout: str = ""):
        self.rules = get_game(game)
        self.start = Layout.from_notation(layout, self.rules.spinners) if layout.strip() else Layout(self.rules.spinners)
        self.layout = self.start.copy()
        self.history: list[Placement] = []
        self.choice: Tile | None = None
        self._widget = None

    # -- model side (no widgets needed; used by the callbacks and by tests) ------
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
        return strip_svg_preamble(layout_svg(self.layout, highlight=self.layout.open_points()))

    def text(self) -> str:
        """The step text of the current layout (HTML)."""
        if not self.layout.placements:
            return "Der Tisch ist leer: Wähle einen Stein für die Eröffnung."
        last = self.layout.placements[-1]
        head = f"<b>Angelegt: {html.escape(str(last.tile))}</b>" if self.history else (
            f"<b>Ausgangslage:</b> <code>{html.escape(str(self.layout))}</code>")
        return f"{head}<br>{html.escape(step_text(self.layout, self.rules))}"

    # -- widgets ---------------------------------------------------------------
    @property
    def widget(self) -> Any:
        if self._widget is None:
            self._widget = self._build()
        return self._widget

    def _build(self) -> Any:
        import ipywidgets as w

        from .widgets import live_only_note

        self._tiles = w.Dropdown(description="Stein", layout=w.Layout(width="14em"))
        self._points = w.Dropdown(description="Anlegen an", layout=w.Layout(width="26em"),
                                  style={"description_width": "initial"})
        self._place = w.Button(description="Anlegen", button_style="primary", icon="plus")
        self._reset = w.Button(description="Von vorn", icon="undo")
        self._picture = w.HTML()
        self._text = w.HTML()
        self._tiles.observe(self._on_tile, names="value")
        self._place.on_click(lambda _: self._on_place())
        self._reset.on_click(lambda _: self._on_reset())
        self._refresh()
        box = w.VBox([
            live_only_note(as_widget=True),
            w.HTML(f"<b>Probier es aus: {html.escape(self.rules.title)}</b>"),
            w.HBox([self._tiles, self._points]),
            w.HBox([self._place, self._reset]),
            self._picture,
            self._text,
        ])
        box.add_class("dominolab-tryit")
        return box

    def _refresh(self, message: str = "") -> None:
        tiles = self.playable_tiles()
        self._tiles.options = [(str(t), t) for t in tiles]
        self._tiles.value = tiles[0] if tiles else None
        self._on_tile({"new": self._tiles.value})
        self._picture.value = self.picture()
        self._text.value = (f"<i>{html.escape(message)}</i><br>" if message else "") + self.text()
        if not tiles:
            self._text.value += "<br>Kein weiterer Stein passt an diese Auslage."

    def _on_tile(self, change: dict[str, Any]) -> None:
        self.choose(change["new"])
        points = self.points_for_choice()
        # the opening has no attachment point; the dropdown needs a real value for it
        options = [(_OPENING, "opening") if p is None else (_point_label(p), p) for p in points]
        self._points.options = options
        self._points.value = options[0][1] if options else None
        self._place.disabled = not points

    def _on_place(self) -> None:
        try:
            point = self._points.value
            self.place(None if point == "opening" else point)
        except DominoError as exc:
            self._refresh(str(exc))
            return
        self._refresh()

    def _on_reset(self) -> None:
        self.reset()
        self._refresh()

    def web_container(self) -> str:
        """The HTML the static site's script fills with the in-browser version of this box.

        An empty ``div`` with the game and the starting layout, and a module
        script that loads ``_static/play/tryit.js`` relative to the site root
        (``data-content_root`` of the page).  In a live notebook nothing runs it.
        """
        game = html.escape(self.rules.name, quote=True)
        layout = html.escape(str(self.start), quote=True)
        return (f'<div class="dominolab-tryit-web" data-game="{game}" data-layout="{layout}"></div>'
                '<script type="module">const r = document.documentElement.dataset.content_root;'
                'if (r !== undefined) import(r + "_static/play/tryit.js");</script>')

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    def _ipython_display_(self) -> None:
        """Show the container for the static site and the live widget (two outputs)."""
        from IPython.display import HTML, display

        display(HTML(self.web_container()))  # type: ignore[no-untyped-call]
        display(self.widget)  # type: ignore[no-untyped-call]


def try_it(game: str = "horse-race", layout: str = "") -> TryIt:
    """A „Probier es aus“ box for ``game`` starting from ``layout`` (placement notation).

    Shown as the last value of a notebook cell it displays its widgets; it needs
    a running kernel to react to the reader.
    """
    return TryIt(game, layout)
