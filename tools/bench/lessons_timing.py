"""How fast the lessons are on the static site: "lesson usable" and "feedback shown".

Opens lesson pages of the built book in Debian's chromium (headless, offline: served from
127.0.0.1 and opened from file://) and reads two times measured inside the page:

* lesson usable: from the start of the navigation to the moment lessons.js has rendered
  every exercise (performance mark ``dominolab-lessons-ready``);
* (for comparison: the page's own DOMContentLoaded, which the lesson cannot beat;)
* feedback shown: from a click on an answer to the next frame after the feedback text is in
  the page (``performance.now()`` around ``click()`` and one ``requestAnimationFrame``).

Usage: python -m tools bench lessons-timing [BUILD_HTML] [--runs N] [--json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from tools import ROOT, Parser
from tools.browserkit import chromium, serve

if TYPE_CHECKING:
    from playwright.sync_api import Browser

PAGES = ("hr-grundlagen", "hr-spinner", "hr-wertung", "hr-abrechnung", "ft-grundlagen", "ft-wertung",
         "aufgaben-puzzles")

FEEDBACK_JS = """async () => {
  const ex = document.querySelector('[data-exercise][data-state="open"]');
  const fb = ex.querySelector('[data-feedback]');
  const before = fb.textContent;
  let target = ex.querySelector('.dl-token[data-answer]') || ex.querySelector('[data-check]');
  if (!target) {                                   // a placement: choose a tile, then time the point
    ex.querySelector('button[data-tile]').click();
    target = ex.querySelector('circle[data-point]');
  }
  ex.querySelectorAll('[data-answer-input]').forEach(i => { i.value = '0'; });
  const t0 = performance.now();
  target.dispatchEvent(new MouseEvent('click', {bubbles: true}));
  await new Promise(r => requestAnimationFrame(() => r()));
  const t1 = performance.now();
  if (fb.textContent === before) throw new Error('no feedback');
  return t1 - t0;
}"""


def measure(browser: Browser, url: str) -> tuple[float, float, float]:
    context = browser.new_context(viewport={"width": 390, "height": 900})
    page = context.new_page()
    page.route("**/*", lambda r: r.continue_() if r.request.url.startswith(("file:", "http://127.0.0.1"))
               else r.abort())
    page.goto(url)
    page.wait_for_selector("html[data-lessons-ready]")
    usable = page.evaluate("performance.getEntriesByName('dominolab-lessons-ready')[0].startTime")
    dcl = page.evaluate("performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd")
    page.evaluate("localStorage.clear()")
    feedback = page.evaluate(FEEDBACK_JS)
    context.close()
    return usable, feedback, dcl


def main() -> int:
    ap = Parser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("build", nargs="?", type=Path, default=ROOT / "_build" / "html")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    results: dict[str, dict[str, float]] = {}
    with serve(args.build, "book/uebungen.html") as base, chromium() as browser:
        for where in ("http", "file"):
            for name in PAGES:
                url = f"{base}book/{name}.html" if where == "http" else (args.build / "book" / f"{name}.html").as_uri()
                runs = [measure(browser, url) for _ in range(args.runs)]
                results[f"{where} {name}"] = {"usable_ms": statistics.median(r[0] for r in runs),
                                              "feedback_ms": statistics.median(r[1] for r in runs),
                                              "page_dcl_ms": statistics.median(r[2] for r in runs)}
    if args.json:
        print(json.dumps(results, indent=1))
    else:
        print(f"{'page':28} {'lesson usable':>14} {'feedback shown':>15} {'page DOMContentLoaded':>22}")
        for key, r in results.items():
            print(f"{key:28} {r['usable_ms']:11.0f} ms {r['feedback_ms']:12.1f} ms {r['page_dcl_ms']:19.0f} ms")
        print(f"worst: usable {max(r['usable_ms'] for r in results.values()):.0f} ms, "
              f"feedback {max(r['feedback_ms'] for r in results.values()):.1f} ms (medians of {args.runs} runs)")
    return 0
