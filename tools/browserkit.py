"""What the browser tests and the browser measurements share: where the built book is, how Chromium
starts, and a static server for the build on 127.0.0.1.

Debian's chromium (never a browser download) is driven by the Python package
playwright; the built HTML is served by ``python -m http.server`` bound to
127.0.0.1, and the tests abort every request to another host.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

from tools import ROOT
# DOMINOLAB_BOOK_HTML points at another build (e.g. python -m tools build --path-output DIR -> DIR/_build/html).
BUILD = Path(os.environ.get("DOMINOLAB_BOOK_HTML", ROOT / "_build" / "html"))
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
REQUIRED = os.environ.get("DOMINOLAB_BROWSER_TEST") == "1"
#: The one place that exempts a folder of the built site from the page checks (learner's path,
#: console, controls, languages): JupyterLite's app of the live notebooks (issue 29) is not a page
#: of the book and loads only when a reader follows a chapter's live link; tests/browser/test_browser_lite.py
#: checks it (offline, its widgets, an edited cell).
APP_FOLDERS = ("lite",)
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


def missing(*needed: tuple[Path, str], need_playwright: bool = True) -> str | None:
    """Why a browser test cannot run here, or ``None``: the first of ``needed`` (a file and what to say
    when it is absent) that is not there, then Debian's chromium, then (unless ``need_playwright=False``) the
    Python package playwright. Every browser test states its prerequisites through this one check."""
    for path, absent in needed:
        if not path.is_file():
            return absent
    if not (os.access(CHROMIUM, os.X_OK) or shutil.which(CHROMIUM)):
        return f"chromium not found at {CHROMIUM} (apt-get install chromium)"
    if need_playwright:
        try:
            import playwright.sync_api  # noqa: F401
        except ImportError:
            return "the Python package playwright is not installed"
    return None


def built(page: str = "index.html") -> tuple[Path, str]:
    """The prerequisite "the book is built" (a page of it) for :func:`missing`."""
    return BUILD / page, f"no built book at {BUILD} (run python -m tools build first)"


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def serve(directory: Path, probe: str = "index.html", wait_s: float = 15) -> Iterator[str]:
    """Serve ``directory`` on 127.0.0.1; yield the base URL once ``probe`` answers."""
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1",
                             "--directory", str(directory)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.monotonic() + wait_s
        while True:
            try:
                with urllib.request.urlopen(base + probe, timeout=2):
                    break
            except (urllib.error.URLError, ConnectionError):
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("could not start python -m http.server")
                time.sleep(0.1)
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@contextmanager
def chromium() -> Iterator[Any]:
    """A headless Debian chromium under Playwright, closed afterwards."""
    from playwright.sync_api import sync_playwright

    pw = sync_playwright().start()
    try:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
    except Exception:
        pw.stop()
        raise
    try:
        yield browser
    finally:
        browser.close()
        pw.stop()
