"""What opening a chapter as a live notebook costs: bytes, time to a ready kernel, time to the first widget.

Serves the built book (``_build/html``) on 127.0.0.1 and opens a chapter's live notebook
(``lite/notebooks/index.html?path=PAGE.ipynb``, the link at the chapter's end) in headless Debian
chromium with a fresh profile (a first visit: nothing cached) and every request to another host
aborted.  Measured per run:

* ``ui_s``: seconds until the notebook is shown (its cells are in the page);
* ``kernel_s``: seconds until the kernel is ready: the first code cell (the stylesheet) is run as
  soon as the notebook is shown and has finished;
* ``widget_s``: seconds until the first stepper (an ipywidgets slider) is drawn after "Run All";
* ``bytes``: bytes that came over the network until then, and the number of requests.

Printed with the machine's load average (two shared cores: load dominates the spread), min/median/
max over ``--runs``.  The helpers here are shared with tests/browser/test_browser_lite.py.

    .venv/bin/python -m tools bench lite-load [--html _build/html] [--page hr-spinner] [--runs 3] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from tools import ROOT, Parser

#: Selectors of the JupyterLite notebook (Jupyter Notebook 7 inside JupyterLite 0.8).
CODE_PROMPTS = ".jp-CodeCell .jp-InputPrompt"
ERROR_OUTPUT = ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']"

PROMPTS_JS = f"() => Array.from(document.querySelectorAll({CODE_PROMPTS!r})).map(e => e.textContent.trim())"
ERRORS_JS = ("() => Array.from(document.querySelectorAll('.jp-OutputArea-output'))"
             ".map(e => e.textContent).filter(t => /Traceback|Error:/.test(t)).map(t => t.slice(0, 600))")


class Network:
    """Aborts every request outside 127.0.0.1; counts bytes and requests; collects failures."""

    def __init__(self, page: Any) -> None:
        self.blocked: list[str] = []
        self.failed: list[str] = []
        self.bytes = 0
        self.requests = 0
        page.route("**/*", self._route)
        page.on("response", self._response)
        page.on("pageerror", lambda exc: self.failed.append(f"pageerror: {exc}"))

    def _route(self, route: Any) -> None:
        if urlsplit(route.request.url).hostname == "127.0.0.1":
            route.continue_()
        else:
            self.blocked.append(route.request.url)
            route.abort()

    def _response(self, response: Any) -> None:
        self.requests += 1
        if response.status >= 400:
            self.failed.append(f"HTTP {response.status}: {response.url}")
        try:
            self.bytes += int(response.headers.get("content-length", "0"))
        except ValueError:
            pass


def live_url(base: str, page: str) -> str:
    from dominolab.book.notebook import LIVE_FOLDER

    return f"{base}{LIVE_FOLDER}/notebooks/index.html?path={page}.ipynb"


def wait_shown(page: Any, timeout_ms: int = 60_000) -> None:
    page.wait_for_selector(CODE_PROMPTS, timeout=timeout_ms)


def run_first_cell(page: Any) -> None:
    """Select the first code cell and run it (Shift+Enter)."""
    page.locator(".jp-CodeCell").first.locator(".jp-InputPrompt").click()
    page.keyboard.press("Shift+Enter")


def run_all(page: Any) -> None:
    page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
    page.locator(".lm-Menu-itemLabel", has_text="Run All Cells").first.click()


def prompts(page: Any) -> list[str]:
    return list(page.evaluate(PROMPTS_JS))


def wait_prompts(page: Any, done: Any, timeout_s: float) -> list[str]:
    """Poll the code cells' prompts until ``done(prompts)``; fail with them after ``timeout_s``."""
    deadline = time.monotonic() + timeout_s
    while True:
        now = prompts(page)
        if done(now):
            return now
        if time.monotonic() > deadline:
            raise TimeoutError(f"cells still {now} after {timeout_s:.0f} s")
        page.wait_for_timeout(100)


def all_ran(found: list[str]) -> bool:
    return bool(found) and all(p not in ("[ ]:", "[*]:", "") for p in found)


def first_ran(found: list[str]) -> bool:
    return bool(found) and found[0] not in ("[ ]:", "[*]:", "")


def cell_errors(page: Any) -> list[str]:
    return list(page.evaluate(ERRORS_JS))


def measure_once(browser: Any, base: str, name: str, timeout_s: float = 180) -> dict[str, Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    net = Network(page)
    try:
        start = time.monotonic()
        page.goto(live_url(base, name))
        wait_shown(page, int(timeout_s * 1000))
        ui = time.monotonic() - start
        run_first_cell(page)
        wait_prompts(page, first_ran, timeout_s)
        kernel = time.monotonic() - start
        run_all(page)
        page.wait_for_selector(".dominolab-stepper .widget-slider", timeout=int(timeout_s * 1000))
        widget = time.monotonic() - start
        return {"ui_s": round(ui, 2), "kernel_s": round(kernel, 2), "widget_s": round(widget, 2),
                "bytes": net.bytes, "requests": net.requests, "blocked": net.blocked, "failed": net.failed}
    finally:
        context.close()


def main(argv: list[str] | None = None) -> int:
    parser = Parser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--html", type=Path, default=ROOT / "_build" / "html")
    parser.add_argument("--page", default="hr-spinner", help="the chapter (default: %(default)s)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    from tools.browserkit import chromium, serve

    if not (args.html / "lite" / "notebooks" / "index.html").is_file():
        print(f"lite_load: error: no live notebooks in {args.html}/lite (build the book)", file=sys.stderr)
        return 2
    runs: list[dict[str, Any]] = []
    load_before = os.getloadavg()
    with serve(args.html) as base, chromium() as browser:
        for _ in range(args.runs):
            runs.append(measure_once(browser, base, args.page))
    load_after = os.getloadavg()
    result = {"page": args.page, "runs": runs, "load_before": load_before, "load_after": load_after}
    if args.json:
        print(json.dumps(result, indent=1))
        return 0
    for i, run in enumerate(runs, 1):
        print(f"run {i}: notebook shown {run['ui_s']:.1f} s, kernel ready {run['kernel_s']:.1f} s, "
              f"first widget {run['widget_s']:.1f} s, {run['bytes'] / 1e6:.1f} MB in {run['requests']} requests"
              + (f", BLOCKED {len(run['blocked'])}" if run["blocked"] else ""))
    for key, label in (("ui_s", "notebook shown"), ("kernel_s", "kernel ready"), ("widget_s", "first widget")):
        values = [r[key] for r in runs]
        print(f"{label}: min {min(values):.1f} s, median {statistics.median(values):.1f} s, max {max(values):.1f} s")
    print(f"first open: {statistics.median(r['bytes'] for r in runs) / 1e6:.1f} MB (uncompressed, as served)")
    print(f"load average before {load_before[0]:.2f}, after {load_after[0]:.2f} (1 min)")
    return 0
