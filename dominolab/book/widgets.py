"""Kernel-free step-through widgets for the book.

The widgets built here keep working in the static HTML of the book: every
step is pre-rendered (SVG or HTML) and all interaction is wired with
``ipywidgets.jslink``, which runs in the browser and is stored in the saved
widget state.  Python callbacks (``on_click``, ``observe``) are deliberately
not used for anything the static page needs, because nothing executes them
once the kernel is gone (the one observer marks the current step's text in a
notebook with a running kernel, where the book's page script is absent).

``ipywidgets`` is imported lazily inside the functions so that the core
package never depends on it.
"""

from __future__ import annotations

import html
import re
from typing import Any, Sequence

from dominolab.pictures.svg import strip_svg_preamble
from dominolab.text.words import words

__all__ = ["stepper", "Stepper", "StepList", "live_only_note", "strip_svg_preamble", "steps_list"]

# CSS class names; the book's stylesheet (book/_widgetjs/dominolab-widgets.css)
# refers to them.
STEPPER_CLASS = "dominolab-stepper"
FRAMES_CLASS = "dominolab-frames"
TEXTS_CLASS = "dominolab-texts"
SINGLE_CLASS = "dominolab-single"
STEPS_CLASS = "dominolab-steps"


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
    chapters: Sequence[tuple[str, int]] | None = None,
) -> "Stepper | StepList":
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
        yourself), wrapped in ``<div class="dominolab-text" data-text="i">``.
        All of them sit in one HTML widget under the frames, laid on top of
        each other (the book's stylesheet shows the current one, the page's
        script marks it), so the widget keeps the height of its longest text
        and the page does not jump; they also follow the widget as a
        collapsed plain-HTML list (:func:`steps_list`).
    height:
        Minimum height of the frame area (pixels, or any CSS length).  It
        keeps the page from jumping while the stack swaps frames.  ``None``
        leaves it to the book's stylesheet.
    interval:
        Milliseconds per step when playing.
    chapters:
        Optional ``(label, step)`` pairs, e.g. one per round of a match: a row
        of buttons above the slider that jump to that step (wired by the
        book's script, ``widget-setup.js``).

    Returns
    -------
    Stepper or StepList
        A :class:`Stepper`: its ``widget`` (an ``ipywidgets.VBox``) holds the
        Play button and slider (``Schritt``, 0-based: step 0 is the starting
        position), the frame stack and, if given, the texts; the slider drives
        the stack through ``jslink``. Under it the texts follow as a collapsed
        plain-HTML list. A single frame has nothing to step through: it comes
        back as :class:`StepList` HTML, picture and text, no slider.
    """
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
    chapters = list(chapters or [])
    for label, step in chapters:
        if not 0 <= step < n:
            raise ValueError(f"chapter {label!r} points to step {step}, but there are {n} frames")
    min_height = _css_length(height)
    if n == 1:
        # nothing to step through: the picture and its text as plain page HTML, no slider
        text = f'<div class="dominolab-text" data-text="0">{texts[0]}</div>' if texts else ""
        heading = f'<div class="dominolab-title">{html.escape(str(title))}</div>' if title else ""
        return StepList(f'<div class="{SINGLE_CLASS}">{heading}<div class="dominolab-frame" data-frame="0">'
                        f"{strip_svg_preamble(str(frames[0]))}</div>{text}</div>")

    import ipywidgets as w

    # One HTML widget per step holds the picture; all of them share one
    # Layout and one style model (the saved state stays small).
    shared_layout = w.Layout()
    from ipywidgets.widgets.widget_string import HTMLStyle

    shared_style = HTMLStyle()
    frame_widgets = [
        w.HTML(
            value=(
                f'<div class="dominolab-frame" data-frame="{i}">'
                f"{strip_svg_preamble(str(frame))}</div>"
            ),
            layout=shared_layout,
            style=shared_style,
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
        description=words().book.step,
        continuous_update=True,
        readout=True,
    )
    slider.add_class("dominolab-slider")
    play = w.Play(
        value=0,
        min=0,
        max=last,
        step=1,
        interval=interval,
        tooltip=words().book.play_steps,
        show_repeat=False,
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
    if chapters:
        buttons = "".join(f'<button type="button" data-step="{step}">{html.escape(label)}</button>'
                          for label, step in chapters)
        children.append(w.HTML(value=f'<nav class="dominolab-jump" aria-label="Springen zu">'
                                     f'<span class="dominolab-jump-label">Springen zu:</span> {buttons}</nav>'))
    children += [controls, frame_stack]
    if texts is not None:
        text_widget = w.HTML(value=_texts_html(texts, 0))
        children.append(text_widget)
        # With a running kernel (a downloaded or live notebook, where the book's page script is
        # absent) the kernel marks the current text; the static book never runs this.
        shown = list(texts)
        slider.observe(lambda change: setattr(text_widget, "value", _texts_html(shown, change["new"])),
                       names="value")
    box = w.VBox(children)
    box.add_class(STEPPER_CLASS)
    # the plain list under the widget keeps the short lines only: the folded
    # descriptions are in the widget (and would double the page's weight)
    return Stepper(box, steps_list([_FOLDED.sub("", t) for t in texts]) if texts is not None else "")


def _texts_html(texts: Sequence[str], current: int) -> str:
    items = "".join(
        f'<div class="dominolab-text{" is-current" if i == current else ""}" data-text="{i}">{text}</div>'
        for i, text in enumerate(texts))
    return f'<div class="{TEXTS_CLASS}" aria-live="polite">{items}</div>'


#: A folded structured description inside a step text (dominolab.book).
_FOLDED = re.compile(r'<details class="dominolab-detail">.*?</details>', re.DOTALL)


def steps_list(texts: Sequence[str], summary: str | None = None) -> str:
    """A collapsed list of every step text, as page HTML (so that the site search finds it)."""
    if summary is None:
        summary = words().book.steps_summary
    items = "".join(f"<li>{text}</li>" for text in texts)
    return (f'<details class="{STEPS_CLASS}"><summary>{html.escape(summary)}</summary>'
            f'<ol start="0">{items}</ol></details>')


class StepList(str):
    """HTML shown as it is when it is the value of a notebook cell (a picture without steps)."""

    def _repr_html_(self) -> str:
        return str(self)


class Stepper:
    """A stepper widget followed by its steps as plain page HTML.

    Shown in a notebook, it displays the widget (``.widget``, kept in the
    saved widget state) and then ``.text_list`` as ordinary HTML output, which
    the book's search indexes.
    """

    def __init__(self, widget: Any, text_list: str = ""):
        self.widget = widget
        self.text_list = text_list

    def _ipython_display_(self) -> None:
        from IPython.display import HTML, display

        display(self.widget)  # type: ignore[no-untyped-call]
        if self.text_list:
            display(HTML(self.text_list))  # type: ignore[no-untyped-call]


class _HTMLString(str):
    """A str that Jupyter displays as HTML instead of as a quoted string."""

    def _repr_html_(self) -> str:
        return str(self)


def live_only_note(*, as_widget: bool = False) -> Any:
    """A short note (in the build's language) that the following widget needs a running kernel.

    Returns an HTML string (shown as HTML when it is a cell's result), or an
    ``ipywidgets.HTML`` when ``as_widget`` is true, e.g. to put it into a box.
    """
    markup = (
        '<div class="dominolab-live-only" role="note">'
        f"<strong>{words().book.note_label}</strong> {words().book.live_only}</div>"
    )
    if as_widget:
        import ipywidgets as w

        return w.HTML(value=markup)
    return _HTMLString(markup)
