"""Kernel-free step-through widgets for the book.

The widgets built here keep working in the static HTML of the book: every
step is pre-rendered (SVG or HTML) and all interaction is wired with
``ipywidgets.jslink``, which runs in the browser and is stored in the saved
widget state.  Python callbacks (``on_click``, ``observe``) are deliberately
not used, because nothing executes them once the kernel is gone.

``ipywidgets`` is imported lazily inside the functions so that the core
package never depends on it.
"""

from __future__ import annotations

import html
import re
from typing import Sequence

__all__ = ["stepper", "live_only_note", "strip_svg_preamble"]

# CSS class names; the book's stylesheet (book/_widgetjs/dominolab-widgets.css)
# refers to them.
STEPPER_CLASS = "dominolab-stepper"
FRAMES_CLASS = "dominolab-frames"
TEXTS_CLASS = "dominolab-texts"

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


def _css_length(value: int | float | str | None) -> str | None:
    if value is None:
        return None
    if isinstance(value, bool):
        raise TypeError("height must be a number of pixels or a CSS length")
    if isinstance(value, (int, float)):
        if value <= 0:
            raise ValueError("height must be positive")
        return f"{value:g}px"
    return str(value)


def stepper(
    frames: Sequence[str],
    *,
    title: str | None = None,
    texts: Sequence[str] | None = None,
    height: int | float | str | None = None,
    interval: int = 1200,
):
    """Build a step-through widget that works without a running kernel.

    Parameters
    ----------
    frames:
        One SVG or HTML string per step.  Each is wrapped in
        ``<div class="dominolab-frame" data-frame="i">``.
    title:
        Optional plain-text heading shown above the widget (HTML-escaped).
    texts:
        Optional step descriptions, parallel to ``frames``.  They are
        inserted as HTML (escape plain text containing ``<`` or ``&``
        yourself) and wrapped in ``<div class="dominolab-text" data-text="i">``.
    height:
        Minimum height of the frame area (pixels, or any CSS length).  It
        keeps the page from jumping while the stack swaps frames.  ``None``
        leaves it to the book's stylesheet.
    interval:
        Milliseconds per step when playing.

    Returns
    -------
    ipywidgets.VBox
        Play button and slider (``Schritt``, 0-based: step 0 is the starting
        position), the frame stack and, if given, the text stack.  The slider
        drives both stacks through ``jslink``.
    """
    import ipywidgets as w

    frames = list(frames)
    n = len(frames)
    if n == 0:
        raise ValueError("stepper() needs at least one frame")
    if texts is not None:
        texts = list(texts)
        if len(texts) != n:
            raise ValueError(
                f"texts has {len(texts)} entries but there are {n} frames"
            )
    if interval <= 0:
        raise ValueError("interval must be positive")
    min_height = _css_length(height)

    frame_widgets = [
        w.HTML(
            value=(
                f'<div class="dominolab-frame" data-frame="{i}">'
                f"{strip_svg_preamble(str(frame))}</div>"
            )
        )
        for i, frame in enumerate(frames)
    ]
    frame_stack = w.Stack(
        frame_widgets,
        selected_index=0,
        layout=w.Layout(min_height=min_height) if min_height else w.Layout(),
    )
    frame_stack.add_class(FRAMES_CLASS)

    last = n - 1
    slider = w.IntSlider(
        value=0,
        min=0,
        max=last,
        step=1,
        description="Schritt",
        continuous_update=True,
        readout=True,
        disabled=(n == 1),
    )
    play = w.Play(
        value=0,
        min=0,
        max=last,
        step=1,
        interval=interval,
        tooltip="Schritte nacheinander abspielen",
        show_repeat=False,
        disabled=(n == 1),
    )
    # jslink is two-way and runs in the browser: Play <-> slider -> stack.
    w.jslink((play, "value"), (slider, "value"))
    w.jslink((slider, "value"), (frame_stack, "selected_index"))

    controls = w.HBox([play, slider])
    controls.add_class("dominolab-controls")

    children = []
    if title:
        heading = w.HTML(
            value=f'<div class="dominolab-title">{html.escape(str(title))}</div>'
        )
        children.append(heading)
    children += [controls, frame_stack]

    if texts is not None:
        text_widgets = [
            w.HTML(value=f'<div class="dominolab-text" data-text="{i}">{text}</div>')
            for i, text in enumerate(texts)
        ]
        text_stack = w.Stack(text_widgets, selected_index=0)
        text_stack.add_class(TEXTS_CLASS)
        w.jslink((slider, "value"), (text_stack, "selected_index"))
        children.append(text_stack)

    box = w.VBox(children)
    box.add_class(STEPPER_CLASS)
    return box


class _HTMLString(str):
    """A str that Jupyter displays as HTML instead of as a quoted string."""

    def _repr_html_(self) -> str:
        return str(self)


_LIVE_ONLY_TEXT = (
    "Dieses Element ist interaktiv und braucht einen laufenden Python-Kernel "
    "(zum Beispiel in Jupyter). In der statischen Buchfassung lässt es sich "
    "nicht bedienen."
)


def live_only_note(*, as_widget: bool = False):
    """A short German note that the following widget needs a running kernel.

    Returns an HTML string (shown as HTML when it is a cell's result), or an
    ``ipywidgets.HTML`` when ``as_widget`` is true, e.g. to put it into a box.
    """
    markup = (
        '<div class="dominolab-live-only" role="note">'
        f"<strong>Hinweis:</strong> {_LIVE_ONLY_TEXT}</div>"
    )
    if as_widget:
        import ipywidgets as w

        return w.HTML(value=markup)
    return _HTMLString(markup)
