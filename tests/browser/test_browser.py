"""Browser test of the built book: kernel-free steppers must step offline.

Needs a built book (python -m tools build -> _build/html), Debian chromium
(/usr/bin/chromium, or $CHROMIUM) and the Python package playwright.  When one
is missing the tests are skipped -- unless DOMINOLAB_BROWSER_TEST=1, then they
fail, so CI cannot silently skip them.

The built HTML is served on 127.0.0.1 and every request to another host is
aborted, which proves the book works without any CDN.
"""

from __future__ import annotations

import os
import shutil
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from dominolab.text.words import WORDS
from tools.browserkit import BUILD, CHROMIUM, REQUIRED, ROOT, built, chromium, serve
from tools.browserkit import missing as missing_prerequisite

SCREENSHOT = BUILD.parent / "screenshots" / "stepper.png"

WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
STEPPER_MARK = "dominolab-stepper"

RENDER_TIMEOUT_MS = 20_000


def _stepper_pages() -> list[str]:
    """Pages of the build that carry widget state with a stepper in it."""
    if not BUILD.is_dir():
        return []
    pages = []
    for path in sorted(BUILD.rglob("*.html")):
        rel = path.relative_to(BUILD)
        if rel.parts[0] in {"_static", "_sources", "_images"}:
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        if WIDGET_STATE in text and STEPPER_MARK in text:
            pages.append(rel.as_posix())
    return pages


def _missing_prerequisite() -> str | None:
    return missing_prerequisite(built())

def _unavailable(reason: str):
    if REQUIRED:
        pytest.fail(f"browser test required (DOMINOLAB_BROWSER_TEST=1) but {reason}",
                    pytrace=False)
    pytest.skip(reason)


PAGES = _stepper_pages()


@pytest.fixture(scope="module")
def missing():
    """Why the browser test cannot run here, or None (checked in the test body,
    so that a required-but-impossible run is reported as FAILED)."""
    return _missing_prerequisite()


class PageWatch:
    """Collects what went wrong while a page was open."""

    def __init__(self, page, origin_host: str):
        self.errors: list[str] = []
        self.blocked: list[str] = []
        self.origin_host = origin_host
        page.route("**/*", self._route)
        page.on("pageerror", lambda exc: self.errors.append(f"pageerror: {exc}"))
        page.on("response", self._response)
        page.on("requestfailed", self._failed)

    def _route(self, route):
        host = urlsplit(route.request.url).hostname
        if host == self.origin_host:
            route.continue_()
        else:
            self.blocked.append(route.request.url)
            route.abort()

    def _response(self, response):
        if response.status >= 400:
            self.errors.append(f"HTTP {response.status}: {response.url}")

    def _failed(self, request):
        if urlsplit(request.url).hostname == self.origin_host:
            self.errors.append(f"request failed: {request.url} ({request.failure})")


# Returns the data-frame / data-text values of the elements inside `root`
# that are actually rendered (offsetParent is null for hidden elements; the
# step texts share one grid cell and all but the current one are
# visibility: hidden, so the stepper keeps one height).
VISIBLE_JS = """(root, attr) => Array.from(root.querySelectorAll('[' + attr + ']'))
    .filter(e => e.offsetParent !== null && e.getClientRects().length > 0
                 && getComputedStyle(e).visibility !== 'hidden')
    .map(e => e.getAttribute(attr))"""


def _visible(stepper, attr: str) -> list[str]:
    return stepper.evaluate(VISIBLE_JS, attr)


def _wait_visible(page, stepper, attr: str, predicate, what: str, timeout_s=10.0):
    deadline = time.monotonic() + timeout_s
    seen = _visible(stepper, attr)
    while not predicate(seen):
        if time.monotonic() > deadline:
            pytest.fail(f"{what}: visible {attr} is {seen}", pytrace=False)
        page.wait_for_timeout(100)
        seen = _visible(stepper, attr)
    return seen


@pytest.mark.parametrize("page_path", PAGES or [None], ids=lambda p: p or "no-pages")
def test_stepper_steps_offline(missing, server, browser, page_path):
    if missing:
        _unavailable(missing)
    if page_path is None:
        _unavailable(f"no page in {BUILD} carries a stepper widget")

    host = urlsplit(server).hostname
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    watch = PageWatch(page, host)
    try:
        page.goto(server + page_path, wait_until="load")
        page.wait_for_selector(f".{STEPPER_MARK}", state="visible",
                               timeout=RENDER_TIMEOUT_MS)
        # Let scripts that react to the new widget DOM (the theme's Font
        # Awesome observer mutates in animation frames) finish first.
        page.evaluate("() => document.fonts.ready")
        page.evaluate(
            "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
        page.wait_for_timeout(300)
        steppers = page.locator(f".{STEPPER_MARK}")
        count = steppers.count()
        assert count >= 1

        for k in range(count):
            stepper = steppers.nth(k)
            # The slider label is part of the UI text, in the page's language.
            label = WORDS["en" if page_path.startswith("en/") else "de"].book.step
            assert stepper.locator(".widget-label", has_text=label).count() >= 1
            # A Stack renders only its selected child, so the number of steps
            # comes from the slider.
            handle = stepper.locator(".noUi-handle").first
            n_frames = (int(float(handle.get_attribute("aria-valuemax")))
                        - int(float(handle.get_attribute("aria-valuemin"))) + 1)
            has_text = stepper.locator("[data-text]").count() > 0
            assert _visible(stepper, "data-frame") == ["0"], f"stepper {k}: frame 0 first"
            if has_text:
                assert _visible(stepper, "data-text") == ["0"], f"stepper {k}: text 0 first"
            # no dead controls: a stepper with a slider has something to step through
            assert n_frames >= 2, f"stepper {k}: a slider with a single position"

            # Before any interaction (the widget re-sets its icon classes
            # later), the Play button must show its own icon-font glyph; an
            # empty button means Font Awesome took the widget's icon over.
            play_icon = stepper.locator("button > i.fa-play")
            assert play_icon.count() == 1, f"stepper {k}: Play icon replaced"
            glyph = play_icon.evaluate("i => getComputedStyle(i, '::before').content")
            assert glyph not in ("none", "normal", '""'), f"stepper {k}: Play icon empty"

            handle.focus()
            handle.press("ArrowRight")
            _wait_visible(page, stepper, "data-frame", lambda v: v == ["1"],
                          f"stepper {k}: ArrowRight should show frame 1")
            if has_text:
                _wait_visible(page, stepper, "data-text", lambda v: v == ["1"],
                              f"stepper {k}: ArrowRight should show text 1")

            if n_frames >= 3:
                # Play continues from the current step and must advance too
                # (this is what breaks when Font Awesome replaces the icon).
                stepper.locator("button:has(> i.fa-play)").first.click()
                _wait_visible(page, stepper, "data-frame",
                              lambda v: len(v) == 1 and int(v[0]) >= 2,
                              f"stepper {k}: Play should advance past frame 1")
                if has_text:
                    _wait_visible(page, stepper, "data-text",
                                  lambda v: len(v) == 1 and int(v[0]) >= 2,
                                  f"stepper {k}: Play should advance the text")
                # Pause again (a no-op if playing already reached the end).
                pause = stepper.locator("button:has(> i.fa-pause)")
                if pause.count():
                    pause.first.click()
                frame = _visible(stepper, "data-frame")
                page.wait_for_timeout(1500)
                assert _visible(stepper, "data-frame") == frame, (
                    f"stepper {k}: still stepping after pause")

        if page_path == PAGES[0]:
            SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
            first = steppers.first
            first.scroll_into_view_if_needed()
            first.screenshot(path=str(SCREENSHOT))

        assert not watch.errors, "errors in the browser:\n" + "\n".join(watch.errors)
        assert not watch.blocked, (
            "the page tried to load from other hosts (no CDN allowed):\n"
            + "\n".join(watch.blocked)
        )
    finally:
        context.close()


# -- dark mode: every drawing label and step text stays readable -----------------------

CONTRAST_JS = """(root) => {
  const parse = s => (s.match(/[\\d.]+/g) || []).map(Number);
  const lin = c => { c /= 255; return c <= 0.03928 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4); };
  const lum = ([r, g, b]) => 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  const ratio = (a, b) => { const x = lum(a), y = lum(b); return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05); };
  const background = el => {
    for (; el; el = el.parentElement) {
      const v = parse(getComputedStyle(el).backgroundColor);
      if (v.length === 3 || (v.length === 4 && v[3] > 0.5)) return v.slice(0, 3);
    }
    return [255, 255, 255];
  };
  const out = [];
  const visible = el => el.getClientRects().length > 0;
  // labels drawn on the page itself (not on a tile, the board or inside a marker)
  for (const t of root.querySelectorAll('.dominolab-frame svg text')) {
    if (!visible(t) || t.closest('.bt, .mt')) continue;
    out.push({what: 'svg text: ' + t.textContent, ratio: ratio(parse(getComputedStyle(t).fill), background(t))});
  }
  // numbers inside the filled markers, against the marker
  for (const c of root.querySelectorAll('.dominolab-frame svg circle.m')) {
    if (!visible(c)) continue;
    const t = c.ownerSVGElement.querySelector('.mt text');
    if (t) out.push({what: 'marker number', ratio: ratio(parse(getComputedStyle(t).fill), parse(getComputedStyle(c).fill))});
    out.push({what: 'marker vs page', ratio: ratio(parse(getComputedStyle(c).fill), background(c.ownerSVGElement))});
    break;
  }
  for (const el of root.querySelectorAll('.dominolab-text, .dominolab-title, .widget-label, .widget-readout, '
                                          + 'details.dominolab-steps summary, .dominolab-stepper + * p, code')) {
    if (!visible(el) || !el.textContent.trim()) continue;
    out.push({what: el.className + ': ' + el.textContent.trim().slice(0, 40),
              ratio: ratio(parse(getComputedStyle(el).color), background(el))});
  }
  return out;
}"""

#: WCAG AA contrast for normal text.
MIN_CONTRAST = 4.5


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("page_path", ["book/hr-spinner.html", "book/hr-abrechnung.html", "book/beispielpartien.html"])
def test_drawings_and_texts_readable_in_both_themes(missing, server, browser, scheme, page_path):
    if missing:
        _unavailable(missing)
    if page_path not in PAGES:
        _unavailable(f"{page_path} has no stepper in this build")
    host = urlsplit(server).hostname
    context = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme=scheme)
    page = context.new_page()
    watch = PageWatch(page, host)
    try:
        page.goto(server + page_path, wait_until="load")
        page.wait_for_selector(f".{STEPPER_MARK} .dominolab-frame svg", state="visible", timeout=RENDER_TIMEOUT_MS)
        assert page.evaluate("() => document.documentElement.dataset.theme") == scheme
        page.evaluate("() => document.fonts.ready")
        page.wait_for_timeout(300)
        stepper = page.locator(f".{STEPPER_MARK}").first
        stepper.scroll_into_view_if_needed()
        # step once so that the frame has scored and hollow markers
        stepper.locator(".noUi-handle").first.focus()
        stepper.locator(".noUi-handle").first.press("ArrowRight")
        page.wait_for_timeout(300)
        results = stepper.evaluate(CONTRAST_JS)
        SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
        stepper.screenshot(path=str(SCREENSHOT.parent / f"{Path(page_path).stem}-{scheme}.png"))
        assert any(r["what"].startswith("svg text") for r in results)
        if page_path != "book/hr-abrechnung.html":  # (its first stepper is a settlement: no markers)
            assert any(r["what"].startswith("marker") for r in results)
        poor = [r for r in results if r["ratio"] < MIN_CONTRAST]
        assert not poor, f"{scheme}: too little contrast: {poor[:8]}"
        # the collapsed list of step texts is real page text, readable too
        steps = page.locator("details.dominolab-steps").first
        steps.locator("summary").click()
        assert steps.locator("li").count() >= 2
        results = page.locator("article").first.evaluate(CONTRAST_JS)
        poor = [r for r in results if r["ratio"] < MIN_CONTRAST]
        assert not poor, f"{scheme}: too little contrast on the page: {poor[:8]}"
        assert not watch.errors, "errors in the browser:\n" + "\n".join(watch.errors)
    finally:
        context.close()


# -- the built pages (no browser needed) --------------------------------------------------

def _built(page: str) -> str:
    path = BUILD / page
    if not path.is_file():
        _unavailable(f"no built book page {path}")
    return path.read_text(encoding="utf-8")


def _widget_values(html_text: str) -> list[str]:
    import json
    import re

    values = []
    for block in re.findall(r'<script type="application/vnd\.jupyter\.widget-state\+json">(.*?)</script>',
                            html_text, re.DOTALL):
        for model in json.loads(block)["state"].values():
            value = model.get("state", {}).get("value")
            if isinstance(value, str):
                values.append(value)
    return values


def test_every_frame_has_title_and_description():
    import re

    frames = 0
    for page in PAGES or [None]:
        if page is None:
            _unavailable("no pages with steppers")
        for value in _widget_values(_built(page)):
            if 'class="dominolab-frame"' not in value:
                continue
            for svg_tag in re.findall(r"<svg\b[^>]*>.*?</svg>", value, re.DOTALL):
                frames += 1
                assert 'role="img"' in svg_tag.split(">", 1)[0], page
                assert re.search(r"<title>[^<]+</title><desc>[^<]+</desc>", svg_tag), page
    assert frames > 100


def test_search_finds_step_texts_and_no_build_paths():
    index = _built("searchindex.js")
    spinner = _built("book/hr-spinner.html")
    import re

    outside_state = re.sub(r'<script type="application/vnd\.jupyter\.widget-state\+json">.*?</script>', "",
                           spinner, flags=re.DOTALL)
    assert "Alle Schritte als Text" in outside_state and "Seitenarm B" in outside_state
    assert '"seitenarm"' in index  # the German stem of the step texts' "Seitenarm"
    # the example matches step move by move
    matches = _built("book/beispielpartien.html")
    values = _widget_values(matches)
    frames = [v for v in values if 'class="dominolab-frame"' in v]
    texts = [v for v in values if 'class="dominolab-texts"' in v]   # one widget holds a stepper's texts
    assert len(frames) > 100 and any("zieht" in v for v in texts) and any("Abrechnung" in v for v in texts)
    # failing demonstrations: in the reference part the error type and message, on the
    # rule chapters a German sentence (issue 16); never a traceback with paths of the build machine
    for page in ("book/hr-spinner.html", "book/ft-grundlagen.html", "book/notation.html", "book/hr-wertung.html"):
        text = re.sub(r"<[^>]+>", "", _built(page))
        if page == "book/notation.html":
            assert re.search(r"\b(IllegalPlacement|IllegalMove|NotationError|RecordError|\w+Error): \S", text), page
        else:
            assert "Abgelehnt." in text and not re.search(r"\b(Illegal\w+|\w+Error): \S", text), page
        assert "Traceback" not in text and str(ROOT) not in text and "site-packages" not in text, page


def test_size_goals_of_the_built_book():
    """Median frame <= 6 KB, no page over 2 MB, site <= 8 MB (tools/bench/sizes.py)."""
    _built("index.html")
    from tools.bench import sizes

    measured = sizes.measure(BUILD)
    assert len(measured.frames) > 100
    assert sizes.failures(measured) == [], sizes.report(measured)
