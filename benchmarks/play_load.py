#!/usr/bin/env python3
"""How long the play page takes until the reader can move, and what it downloads.

Goal (issue 8): the page ``book/spielen.html`` is usable (``data-state`` is
``your-turn``) within 15 s of opening, on this machine, from a local server.

Serves the built book on 127.0.0.1 (every other host blocked), opens the page
``--runs`` times in fresh browser contexts (headless Debian chromium, no cache
shared between runs) and prints, per run and as min/median/max: seconds from
opening to ``your-turn``, the engine's own breakdown (Python start, engine
import), and the bytes downloaded.  Also prints the machine's load average,
because on two shared cores it dominates the spread.

    .venv/bin/python benchmarks/play_load.py [--html _build/html] [--runs 3]
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
GOAL_S = 15.0
PAGE = "book/spielen.html?game=horse-race&players=2&seed=7"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def measure(html: Path, runs: int, chromium: str) -> list[dict[str, object]]:
    from playwright.sync_api import sync_playwright

    port = _port()
    server = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1",
                               "--directory", str(html)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}/"
    results: list[dict[str, object]] = []
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(base, timeout=1).close()
                break
            except OSError:
                time.sleep(0.1)
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium, headless=True, args=ARGS)
            for _ in range(runs):
                context = browser.new_context()
                page = context.new_page()
                size = [0]

                def route(r):  # type: ignore[no-untyped-def]
                    if urlsplit(r.request.url).hostname == "127.0.0.1":
                        r.continue_()
                    else:
                        r.abort()

                def response(resp):  # type: ignore[no-untyped-def]
                    try:
                        size[0] += int(resp.headers.get("content-length", "0"))
                    except ValueError:
                        pass

                page.route("**/*", route)
                page.on("response", response)
                t0 = time.monotonic()
                page.goto(base + PAGE, wait_until="domcontentloaded")
                page.wait_for_selector("#dominolab-play[data-state=your-turn]", timeout=120_000)
                seconds = time.monotonic() - t0
                steps = page.get_attribute("#dominolab-play", "data-engine-steps")
                results.append({"seconds": round(seconds, 2), "steps": json.loads(steps) if steps else None,
                                "bytes": size[0]})
                context.close()
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=10)
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--html", type=Path, default=ROOT / "_build" / "html", help="built book (default: %(default)s)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--chromium", default=os.environ.get("CHROMIUM", "/usr/bin/chromium"))
    args = parser.parse_args(argv)
    if not (args.html / "book" / "spielen.html").is_file():
        print(f"play_load: error: no built play page in {args.html} (run scripts/build-book.sh)", file=sys.stderr)
        return 2
    load = os.getloadavg()
    results = measure(args.html, max(1, args.runs), args.chromium)
    for i, r in enumerate(results, 1):
        print(f"run {i}: your-turn after {r['seconds']:.2f} s, engine {r['steps']}, "
              f"{int(r['bytes']) / 1e6:.2f} MB downloaded")  # type: ignore[call-overload]
    times = [float(r["seconds"]) for r in results]  # type: ignore[arg-type]
    print(f"time to your-turn: min {min(times):.2f} s, median {statistics.median(times):.2f} s, "
          f"max {max(times):.2f} s (goal <= {GOAL_S:.0f} s); load average at start {load[0]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
