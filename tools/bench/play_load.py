"""How long the play page takes until the reader can move: first and repeat visit.

Goal (issue 32, item 5, one goal for both viewports): on a quiet machine the first
move of ``book/spielen.html`` is playable (``data-state`` is ``your-turn``) within
2.5 s of opening it on a first visit and within 1.5 s on a repeat visit (median
of 5 runs), on a laptop viewport (1280 x 800) and a phone's (390 x 844, device
scale 2, touch, mobile). Both are measured, interleaved (``--viewport`` picks one).

Serves the built book on 127.0.0.1 and opens the page in headless Debian
chromium with every other host unresolvable (``--host-resolver-rules``; the
browser's cache and service workers stay on, which request interception would
switch off).  Each run uses a new, empty browser profile on disk:

* first visit: the profile's first opening of the page (nothing cached);
* repeat visit(s): the browser is closed and started again on the same
  profile (HTTP cache, service worker and compiled code kept, nothing in
  memory), then the page is opened again. A build with the book's service
  worker (``sw.js``, issue 33) keeps the first visit's browser open until the
  worker has stored every file of the build (the seconds that took are printed,
  not counted in the visit), so the repeat visit is answered by the worker;
* offline repeat visit (builds with a service worker): the browser is started
  once more on the profile with the network cut (Playwright's offline mode:
  every request that reaches the network fails), then the page is opened.

Goals: the repeat visit, with the worker and offline, within the same 1.5 s.

Printed per run: seconds from opening to ``your-turn``, the CPU seconds the
browser's processes spent in that time (a figure that load changes much less
than wall time: on two shared cores the wall time of a busy machine says little
about a quiet one), the engine's own
breakdown (``data-engine-steps``: how Python started, ``snapshot`` or
``fresh``, and milliseconds per step) and the bytes that came over the network;
then min/median/max of both visits and the machine's load average, because on
two shared cores it dominates the spread.  Several ``--html`` folders are
measured interleaved (run 1 of each, run 2 of each, ...), so a before/after
comparison sees the same load.

    .venv/bin/python -m tools bench play-load [--html _build/html] [--runs 5] [--repeats 1] [--viewport phone] [--json]

Figures (tools/bench/README.md, "The play page"): 2026-12-05, 4 profiles per build and viewport,
load 2.1 rising to 8.8 - repeat visit with the service worker, median 1.95 s laptop / 1.63 s phone
(the HTTP cache before: 1.89 s / 1.75 s); offline repeat visit 1.92 s / 1.82 s; goal 1.5 s, missed
at this load.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from tools import ROOT, Parser
from tools.book import offline_site

GOAL_FIRST_S = 2.5
GOAL_REPEAT_S = 1.5
#: The viewports measured: CSS size, device scale and whether it is a touch phone.
VIEWPORTS: dict[str, dict[str, Any]] = {
    "laptop": {"viewport": {"width": 1280, "height": 800}, "device_scale_factor": 1},
    "phone": {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True},
}
PAGE = "book/spielen.html?game=horse-race&players=2&seed=7"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run",
        # Every host but the local server is unresolvable (offline check).
        "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """``python -m http.server`` on 127.0.0.1 for one built book."""

    def __init__(self, html: Path) -> None:
        self.port = _port()
        self.proc = subprocess.Popen([sys.executable, "-m", "http.server", str(self.port), "--bind", "127.0.0.1",
                                      "--directory", str(html)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.base = f"http://127.0.0.1:{self.port}/"
        for _ in range(100):
            try:
                urllib.request.urlopen(self.base, timeout=1).close()
                return
            except OSError:
                time.sleep(0.1)

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(timeout=10)


def _tree_cpu(marker: str) -> float:
    """CPU seconds (user + system, live processes and reaped children) of the browser started with ``marker``.

    The browser is the process whose command line holds ``marker`` (its profile
    folder); its renderers, GPU and utility processes are its descendants.
    """
    tick = os.sysconf("SC_CLK_TCK")
    parent: dict[int, int] = {}
    cpu: dict[int, float] = {}
    roots = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as fh:
                fields = fh.read().rsplit(b")", 1)[1].split()
            with open(f"/proc/{entry}/cmdline", "rb") as fh:
                cmd = fh.read()
        except OSError:
            continue
        pid = int(entry)
        parent[pid] = int(fields[1])
        cpu[pid] = sum(int(x) for x in fields[11:15]) / tick     # utime stime cutime cstime
        if marker.encode() in cmd and b"--type=" not in cmd:
            roots.append(pid)
    total = 0.0
    for pid in cpu:
        p = pid
        while p > 1:
            if p in roots:
                total += cpu[pid]
                break
            p = parent.get(p, 0)
    return total


#: Seconds a first visit may take to let the service worker store the build (about 29 MB).
SW_TIMEOUT_S = 300
_STORED_JS = """async (name) => {
  const cache = (await caches.keys()).includes(name) ? await caches.open(name) : null;
  const reg = await navigator.serviceWorker.getRegistration();
  return { files: cache ? (await cache.keys()).length : 0, active: !!(reg && reg.active) };
}"""


def precache_of(html: Path) -> tuple[str, int] | None:
    """The cache name and file count of a build's service worker, or None for a build without one."""
    if not (html / offline_site.WORKER).is_file():
        return None
    manifest = offline_site.read(html)
    files = manifest["files"]
    assert isinstance(files, dict)
    return f"dominolab-{manifest['version']}", len(files)


def visit(pw: Any, chromium: str, profile: Path, url: str, viewport: str = "laptop",
          offline: bool = False, store: tuple[str, int] | None = None) -> dict[str, Any]:
    """Start the browser on ``profile`` at ``viewport``, open ``url``, time it to ``your-turn``, close the browser.

    ``offline``: the browser starts with the network cut. ``store`` (cache name, file count): before
    closing, wait until the service worker has stored the build (``sw_s``: seconds from opening)."""
    context = pw.chromium.launch_persistent_context(str(profile), executable_path=chromium, headless=True, args=ARGS,
                                                    offline=offline, **VIEWPORTS[viewport])
    try:
        page = context.pages[0] if context.pages else context.new_page()
        finished: list[Any] = []
        foreign: list[str] = []

        def on_request(req: Any) -> None:
            if urlsplit(req.url).hostname not in ("127.0.0.1", None) and not req.url.startswith("data:"):
                foreign.append(req.url)

        # Context events cover the page, its workers and a service worker.
        context.on("requestfinished", lambda req: finished.append(req))
        context.on("request", on_request)
        cpu0 = _tree_cpu(str(profile))
        t0 = time.monotonic()
        page.goto(url, wait_until="domcontentloaded")
        page.wait_for_selector("#dominolab-play[data-state=your-turn]", timeout=120_000)
        seconds = time.monotonic() - t0
        cpu = _tree_cpu(str(profile)) - cpu0
        steps = page.get_attribute("#dominolab-play", "data-engine-steps")
        # The page's own clock (ms since navigation start): when the HTML was
        # parsed, when the worker's script had arrived, and now (your-turn).
        clock = page.evaluate("""() => {
          const worker = performance.getEntriesByType("resource").find((e) => e.name.includes("engine-worker.js"));
          const nav = performance.getEntriesByType("navigation")[0];
          return { html: Math.round(nav ? nav.domContentLoadedEventEnd : 0),
                   worker: Math.round(worker ? worker.responseEnd : 0), turn: Math.round(performance.now()) };
        }""")
        net = 0
        seen = set()
        for req in finished:
            if id(req) in seen:
                continue
            seen.add(id(req))
            try:
                net += max(0, int(req.sizes().get("responseBodySize", 0)))
            except Exception:  # noqa: BLE001 - a request whose sizes are gone counts as 0
                pass
        controlled = bool(page.evaluate("() => !!navigator.serviceWorker.controller"))
        sw_s = None
        if store is not None:
            name, count = store
            while True:
                stored = page.evaluate(_STORED_JS, name)
                if stored["active"] and stored["files"] == count:
                    break
                if time.monotonic() - t0 > SW_TIMEOUT_S:
                    raise RuntimeError(f"the service worker did not store the build within {SW_TIMEOUT_S} s: {stored}")
                page.wait_for_timeout(200)
            sw_s = round(time.monotonic() - t0, 2)
        return {"seconds": round(seconds, 3), "cpu": round(cpu, 2), "steps": json.loads(steps) if steps else None, "clock": clock,
                "bytes": net, "foreign": foreign, "controlled": controlled, "sw_s": sw_s}
    finally:
        context.close()


def measure(htmls: list[Path], runs: int, repeats: int, chromium: str,
            viewports: tuple[str, ...] = tuple(VIEWPORTS)) -> dict[str, list[dict[str, Any]]]:
    """Runs keyed by ``"HTML (viewport)"``; builds and viewports interleaved run by run."""
    from playwright.sync_api import sync_playwright

    servers = {str(h): Server(h) for h in htmls}
    results: dict[str, list[dict[str, Any]]] = {f"{h} ({v})": [] for h in htmls for v in viewports}
    try:
        with sync_playwright() as pw:
            for _ in range(runs):
                for html in htmls:
                    for vp in viewports:
                        server = servers[str(html)]
                        store = precache_of(html)
                        profile = Path(tempfile.mkdtemp(prefix="play-load-profile-"))
                        try:
                            first = visit(pw, chromium, profile, server.base + PAGE, vp, store=store)
                            again = [visit(pw, chromium, profile, server.base + PAGE, vp) for _ in range(repeats)]
                            cut = [visit(pw, chromium, profile, server.base + PAGE, vp, offline=True)] if store else []
                        finally:
                            shutil.rmtree(profile, ignore_errors=True)
                        results[f"{html} ({vp})"].append({"first": first, "repeat": again, "offline": cut})
    finally:
        for server in servers.values():
            server.stop()
    return results


def _stats(values: list[float]) -> str:
    return f"min {min(values):.2f} s, median {statistics.median(values):.2f} s, max {max(values):.2f} s"


def _steps(steps: Any) -> str:
    if not isinstance(steps, dict):
        return "no engine steps"
    return ", ".join(f"{k} {v}" for k, v in steps.items())


def _clock(clock: Any) -> str:
    if not isinstance(clock, dict):
        return ""
    return f"page: html {clock['html']}, worker script {clock['worker']}, your-turn {clock['turn']} ms; "


def report(html: str, runs: list[dict[str, Any]]) -> list[str]:
    lines = [f"{html}:"]
    for i, run in enumerate(runs, 1):
        f = run["first"]
        lines.append(f"  run {i} first  {f['seconds']:.2f} s, cpu {f['cpu']:.2f} s  [{_clock(f.get('clock'))}engine: {_steps(f['steps'])}]  {f['bytes'] / 1e6:.2f} MB")
        if f.get("sw_s") is not None:
            lines.append(f"  run {i} the service worker had stored the build {f['sw_s']:.1f} s after opening")
        for kind in ("repeat", "offline"):
            for r in run.get(kind, []):
                worker = ", service worker" if r.get("controlled") else ""
                lines.append(f"  run {i} {kind:<7}{r['seconds']:.2f} s, cpu {r['cpu']:.2f} s{worker}  "
                             f"[{_clock(r.get('clock'))}engine: {_steps(r['steps'])}]  {r['bytes'] / 1e6:.2f} MB")
    firsts = [run["first"]["seconds"] for run in runs]
    repeats = [r["seconds"] for run in runs for r in run["repeat"]]
    offline = [r["seconds"] for run in runs for r in run.get("offline", [])]
    lines.append(f"  first visit  to your-turn: {_stats(firsts)} (goal <= {GOAL_FIRST_S} s)")
    if repeats:
        by_worker = all(r.get("controlled") for run in runs for r in run["repeat"])
        lines.append(f"  repeat visit to your-turn{' (service worker)' if by_worker else ''}: {_stats(repeats)} "
                     f"(goal <= {GOAL_REPEAT_S} s)")
    if offline:
        lines.append(f"  offline repeat to your-turn: {_stats(offline)} (goal <= {GOAL_REPEAT_S} s)")
    stored = [run["first"]["sw_s"] for run in runs if run["first"].get("sw_s") is not None]
    if stored:
        lines.append(f"  service worker stored the build (after opening the first visit): {_stats(stored)}")
    cpus = [v["cpu"] for run in runs for v in [run["first"], *run["repeat"], *run.get("offline", [])]]
    lines.append(f"  browser CPU per visit (all processes, user + system): {_stats(cpus)}")
    foreign = sorted({u for run in runs for v in [run["first"], *run["repeat"], *run.get("offline", [])] for u in v["foreign"]})
    if foreign:
        lines.append("  requests to other hosts (blocked): " + ", ".join(foreign[:5]))
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = Parser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--html", type=Path, action="append",
                        help="built book (default: _build/html); repeat the option to compare builds interleaved")
    parser.add_argument("--runs", type=int, default=5, help="fresh profiles per build and viewport (default: %(default)s)")
    parser.add_argument("--viewport", choices=sorted(VIEWPORTS), action="append",
                        help="measure only this viewport (repeatable; default: all)")
    parser.add_argument("--repeats", type=int, default=1, help="repeat visits per profile (default: %(default)s)")
    parser.add_argument("--chromium", default=os.environ.get("CHROMIUM", "/usr/bin/chromium"))
    parser.add_argument("--json", action="store_true", help="print the measurements as JSON")
    args = parser.parse_args(argv)
    htmls = args.html or [ROOT / "_build" / "html"]
    for html in htmls:
        if not (html / "book" / "spielen.html").is_file():
            print(f"play_load: error: no built play page in {html} (run python -m tools build)", file=sys.stderr)
            return 2
    load = os.getloadavg()
    results = measure(htmls, max(1, args.runs), max(0, args.repeats), args.chromium,
                      tuple(args.viewport or VIEWPORTS))
    load_end = os.getloadavg()
    if args.json:
        print(json.dumps({"load": [load[0], load_end[0]], "results": results}, indent=1))
        return 0
    for html, runs in results.items():
        print("\n".join(report(html, runs)))
    print(f"load average (1 min): {load[0]:.1f} at start, {load_end[0]:.1f} at end")
    return 0
