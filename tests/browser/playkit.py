"""What the browser tests of the play page share (test_browser_play.py, test_browser_board.py,
test_browser_english.py, test_browser_review_practice.py): the page, its prerequisites (``_missing``,
which tests/browser/conftest.py asks before it starts the ``server``/``browser`` fixtures) and the
helpers that watch a page and wait for the game.  A test module imports them:
``from playkit import Watch, _missing, _wait_ready``.
"""

from __future__ import annotations

import os
import shutil
import time
from urllib.parse import urlsplit

import pytest

from tools.browserkit import BUILD, CHROMIUM, chromium, missing, serve

PAGE = "book/spielen.html"
LOAD_TIMEOUT_MS = 60_000          # generous bound for a loaded CI machine; the figure is printed
STATES = {"loading", "your-turn", "waiting", "round-over", "match-over"}


def _missing() -> str | None:
    return missing((BUILD / PAGE, f"no built play page at {BUILD / PAGE} (run python -m tools build first)"),
                   (BUILD / "_static" / "pyodide" / "pyodide.asm.wasm",
                    f"no Pyodide runtime in {BUILD / '_static' / 'pyodide'} (tools/book/fetch_pyodide.py)"))

class Watch:
    """Blocks every request outside 127.0.0.1 and collects page errors."""

    def __init__(self, page):
        self.errors: list[str] = []
        self.blocked: list[str] = []
        self.bytes = 0
        page.route("**/*", self._route)
        page.on("pageerror", lambda exc: self.errors.append(f"pageerror: {exc}"))
        page.on("response", self._response)

    def _route(self, route):
        if urlsplit(route.request.url).hostname == "127.0.0.1":
            route.continue_()
        else:
            self.blocked.append(route.request.url)
            route.abort()

    def _response(self, response):
        if response.status >= 400:
            self.errors.append(f"HTTP {response.status}: {response.url}")
        elif "/_static/pyodide/" in response.url or "/_static/play/" in response.url:
            try:
                self.bytes += int(response.headers.get("content-length", "0"))
            except ValueError:
                pass

    def check(self):
        assert not self.errors, "errors in the browser:\n" + "\n".join(self.errors)
        assert not self.blocked, "the page asked other hosts:\n" + "\n".join(self.blocked)


def _attr(page, name: str) -> str | None:
    return page.get_attribute("#dominolab-play", name)


def _wait_ready(page, what: str, timeout_s: float = 60) -> str:
    """Wait until the page is idle in a state other than loading/waiting (or your-turn)."""
    deadline = time.monotonic() + timeout_s
    while True:
        state = _attr(page, "data-state")
        assert state in STATES, f"unknown data-state {state!r}"
        if state in ("your-turn", "round-over", "match-over") and _attr(page, "data-busy") == "0":
            return state
        error = page.locator(".dl-error").first
        if error.is_visible():
            pytest.fail(f"{what}: the page shows {error.inner_text()!r}", pytrace=False)
        if time.monotonic() > deadline:
            pytest.fail(f"{what}: still {state!r} after {timeout_s:.0f} s", pytrace=False)
        page.wait_for_timeout(50)
