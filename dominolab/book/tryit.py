"""The „Probier es aus“ box in a book page: the model of :mod:`dominolab.pictures.tryit` with widgets
for a live kernel and a container that the static site's script fills with the in-browser version."""

from __future__ import annotations

import html
from typing import Any

from dominolab.book.widgets import live_only_note
from dominolab.core.errors import DominoError
from dominolab.pictures.tryit import TryIt, point_label
from dominolab.text import language
from dominolab.text.words import WORDS, PageWords, error_sentence


def _page_words() -> PageWords:
    return WORDS[language.current()].page

#: The box's words (German, like the book; dominolab.text.words).

__all__ = ["TryItBox", "try_it"]


class TryItBox(TryIt):
    """A :class:`TryIt` shown as widgets (live kernel) and as a container for the static site."""

    def __init__(self, game: str = "horse-race", layout: str = ""):
        super().__init__(game, layout, language.current())
        self._widget: Any = None

    # -- widgets ---------------------------------------------------------------
    @property
    def widget(self) -> Any:
        if self._widget is None:
            self._widget = self._build()
        return self._widget

    def _build(self) -> Any:
        import ipywidgets as w

        self._tiles = w.Dropdown(description=_page_words().try_tile, layout=w.Layout(width="14em"))
        self._points = w.Dropdown(description=_page_words().try_at, layout=w.Layout(width="26em"),
                                  style={"description_width": "initial"})
        self._place = w.Button(description=_page_words().try_place, button_style="primary", icon="plus")
        self._reset = w.Button(description=_page_words().try_reset, icon="undo")
        self._picture = w.HTML()
        self._text = w.HTML()
        self._tiles.observe(self._on_tile, names="value")
        self._place.on_click(lambda _: self._on_place())
        self._reset.on_click(lambda _: self._on_reset())
        self._refresh()
        box = w.VBox([
            live_only_note(as_widget=True),
            w.HTML(f"<b>{_page_words().try_title.format(title=html.escape(self.rules.title))}</b>"),
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
            self._text.value += f"<br>{_page_words().try_stuck}"

    def _on_tile(self, change: dict[str, Any]) -> None:
        self.choose(change["new"])
        points = self.points_for_choice()
        # the opening has no attachment point; the dropdown needs a real value for it
        options = [(_page_words().try_opening, "opening") if p is None else (point_label(p, self.lang), p)
                   for p in points]
        self._points.options = options
        self._points.value = options[0][1] if options else None
        self._place.disabled = not points

    def _on_place(self) -> None:
        try:
            point = self._points.value
            self.place(None if point == "opening" else point)
        except DominoError as exc:
            self._refresh(error_sentence(exc, language.current()))      # the reader's sentence, not the English line
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


def try_it(game: str = "horse-race", layout: str = "") -> TryItBox:
    """A „Probier es aus“ box for ``game`` starting from ``layout`` (placement notation).

    Shown as the last value of a notebook cell it displays its widgets; it needs
    a running kernel to react to the reader.
    """
    return TryItBox(game, layout)
