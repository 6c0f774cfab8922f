"""Browser test of a chapter as a live notebook (JupyterLite in the site, issue 29, point 4).

The built book is served on 127.0.0.1 and every request to another host is aborted.  The test opens
the chapter "Horse Race: Doppelsteine und Spinner" the way its link does, runs all cells (the
package is imported from the site's own wheel inside Pyodide), moves a stepper and sees its figure
and its text change, then edits the cell that draws a layout, runs it, and sees the new drawing.
Screenshots before and after the edit go to ``_build/lite-screenshots/``.

Runs only with DOMINOLAB_BROWSER_TEST=1 (then a missing prerequisite fails the test).
"""

from __future__ import annotations

import os
import shutil
import time

import pytest

from dominolab.text.words import WORDS
from tools.bench import lite_load as lite
from tools.browserkit import BUILD, CHROMIUM, REQUIRED, ROOT, chromium, missing, serve

pytestmark = pytest.mark.skipif(not REQUIRED, reason="set DOMINOLAB_BROWSER_TEST=1 to run the browser tests")

PAGE = "hr-spinner"
SHOTS = ROOT / "_build" / "lite-screenshots"
#: The cell of the chapter that draws one layout, and what the test types instead.
DRAWING_CELL = 'book.layout_figure(lage, book.caption("after-35-at-55"))'
NEW_DRAWING = ('neu = Layout.from_notation("[6|6] [3|6]@[6|6].A [1|3]@[3|6].low", spinners=True)\n'
               'book.layout_figure(neu, "Selbst gelegt")')

FRAME_TITLE_JS = """(stepper) => {
  const frame = stepper.querySelector('.dominolab-frames .dominolab-frame');
  const shown = Array.from(stepper.querySelectorAll('.dominolab-frames .dominolab-frame'))
    .filter(f => f.getClientRects().length > 0);
  const f = shown[0] || frame;
  const title = f && f.querySelector('svg title');
  const text = stepper.querySelector('.dominolab-texts .is-current');
  return {frame: f ? f.getAttribute('data-frame') : null, title: title ? title.textContent : null,
          text: text ? text.getAttribute('data-text') : null};
}"""


def _missing() -> str | None:
    return missing((BUILD / "lite" / "notebooks" / "index.html",
                    f"no live notebooks at {BUILD / 'lite'} (run python -m tools build)"), need_playwright=False)


def test_a_chapter_runs_live_offline_with_working_widgets(site):
    base, browser = site
    SHOTS.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    page = context.new_page()
    net = lite.Network(page)
    try:
        start = time.monotonic()
        page.goto(lite.live_url(base, PAGE))
        lite.wait_shown(page)
        lite.run_all(page)
        found = lite.wait_prompts(page, lite.all_ran, timeout_s=240)
        seconds = time.monotonic() - start
        assert not lite.cell_errors(page), lite.cell_errors(page)[:2]
        assert len(found) >= 8, found

        # a stepper: move it with the keyboard; the shown picture and the current text follow
        stepper = page.locator(".dominolab-stepper").first
        stepper.scroll_into_view_if_needed()
        before = stepper.evaluate(FRAME_TITLE_JS)
        assert before["frame"] == "0" and before["title"], before
        page.screenshot(path=str(SHOTS / "stepper-before.png"))
        handle = stepper.locator(".noUi-handle, .widget-slider .ui-slider-handle, input[type=range]").first
        handle.focus()
        page.keyboard.press("ArrowRight")
        page.keyboard.press("ArrowRight")
        page.wait_for_function("(s) => { const f = s.querySelectorAll('.dominolab-frames .dominolab-frame'); "
                               "return Array.from(f).some(x => x.getClientRects().length && x.getAttribute('data-frame') !== '0'); }",
                               arg=stepper.element_handle(), timeout=10_000)
        after = stepper.evaluate(FRAME_TITLE_JS)
        assert after["frame"] == "2" and after["title"] != before["title"], (before, after)
        # the text under it is marked by the kernel (a Python callback): it follows the slider
        page.wait_for_function("(s) => { const t = s.querySelector('.dominolab-texts .is-current'); "
                               "return t && t.getAttribute('data-text') === '2'; }",
                               arg=stepper.element_handle(), timeout=10_000)
        page.screenshot(path=str(SHOTS / "stepper-after.png"))

        # edit the cell that draws a layout: another layout, run it, a new drawing
        index = page.evaluate("(code) => Array.from(document.querySelectorAll('.jp-CodeCell'))"
                              ".findIndex(c => c.querySelector('.jp-InputArea').textContent.includes(code))",
                              DRAWING_CELL)
        assert index >= 0, f"no cell {DRAWING_CELL!r}"
        cell = page.locator(".jp-CodeCell").nth(index)   # held by place: its text is about to change
        cell.scroll_into_view_if_needed()
        old_title = cell.locator(".jp-OutputArea svg title").first.text_content()
        assert old_title == WORDS["de"].book.captions["after-35-at-55"] == "Nach [3|5] an [5|5], Längsseite B"
        page.screenshot(path=str(SHOTS / "edit-before.png"))
        cell.locator(".cm-content").click()
        page.keyboard.press("Control+a")
        page.keyboard.insert_text(NEW_DRAWING)
        page.keyboard.press("Shift+Enter")
        title = cell.locator(".jp-OutputArea svg title", has_text="Selbst gelegt")
        title.wait_for(state="attached", timeout=30_000)
        desc = cell.locator(".jp-OutputArea svg desc").first.text_content() or ""
        assert "[1|3]" in desc and "[3|6]" in desc and "[3|5]" not in desc, desc
        cell.scroll_into_view_if_needed()
        page.screenshot(path=str(SHOTS / "edit-after.png"))
        assert not lite.cell_errors(page), lite.cell_errors(page)[:2]
    finally:
        context.close()
    assert not net.blocked, f"the live notebook asked other hosts: {net.blocked[:5]}"
    assert not net.failed, f"failed requests or page errors: {net.failed[:5]}"
    print(f"\nlive notebook {PAGE}: all cells ran {seconds:.1f} s after opening; "
          f"{net.bytes / 1e6:.1f} MB in {net.requests} requests")
