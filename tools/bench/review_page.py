"""How long the play page takes to review a whole Horse Race match of one seat (issue 14, item 5).

Goal: the review of a whole Horse Race match of one seat (about 60 decisions) completes in the page
within 15 s, with progress shown.

Serves the built book on 127.0.0.1, opens ``book/spielen.html`` in headless Debian chromium (every
other host unresolvable), waits until the engine is ready, opens a golden record with the page's own
record box (``[data-record-file]``), chooses the seat (``[data-review-seat]``) and presses
"Partie analysieren" (``[data-analyse-record]``). Printed per run: the seconds from the press until
the summary shows (``.dl-review-summary`` filled, one row per decision), whether the progress
(``<progress>`` and "Analyse k von n") was seen during the review, the CPU seconds the browser's
processes spent in that time, and that the rows' losses equal the native review's; then the native
time (wall and CPU) of the same review (:class:`dominolab.play.review.Review` at the page's budget
:data:`~dominolab.play.review.REVIEW_THINK_MS`) and the machine's load average (on two shared cores
the wall time of a busy machine says little about a quiet one; CPU time much more).

    .venv/bin/python -m tools bench review-page [--html _build/html] [--record FILE] [--seat S] [--runs N] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

from tools import ROOT, Parser
from tools.bench.play_load import ARGS, Server, _tree_cpu  # the same server, browser flags, CPU count

GOAL_S = 15.0
#: a whole Horse Race match whose seat 1 takes 59 decisions
RECORD = ROOT / "tests" / "golden" / "horse-race-3i-greedy-seed2.record.json"
SEAT = 1
PAGE = "book/spielen.html?game=horse-race&players=2&seed=7"


def native(record: Path, seat: int) -> dict[str, Any]:
    """The same review natively: rows, wall and CPU seconds."""
    from dominolab.core.record import load_record
    from dominolab.play.review import REVIEW_THINK_MS, Review, match_of_record

    match = match_of_record(load_record(record), record.name)
    review = Review(match, [seat], think_ms=REVIEW_THINK_MS)
    wall, cpu = time.perf_counter(), time.process_time()
    out = review.to_json()
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return {"decisions": len(out["decisions"]), "think_ms": REVIEW_THINK_MS, "seconds": round(wall, 2),
            "cpu": round(cpu, 2), "losses": [f"{d['loss']:.2f}" for d in out["decisions"]]}


def in_page(pw: Any, chromium: str, base: str, record: Path, seat: int) -> dict[str, Any]:
    """Open the page, open the record, review ``seat``; time the press of the button to the summary."""
    import tempfile

    profile = Path(tempfile.mkdtemp(prefix="review-page-profile-"))
    context = pw.chromium.launch_persistent_context(str(profile), executable_path=chromium, headless=True,
                                                    args=ARGS, viewport={"width": 1280, "height": 800})
    try:
        page = context.pages[0] if context.pages else context.new_page()
        page.goto(base + PAGE, wait_until="domcontentloaded")
        page.wait_for_selector("#dominolab-play[data-engine=ready]", timeout=120_000)
        page.set_input_files("[data-record-file]", str(record))
        page.wait_for_selector("[data-record-result][data-record-ok=true]", timeout=60_000)
        page.select_option("[data-review-seat]", str(seat))
        # progress seen while the review runs: the bar visible and "Analyse k von n" with 1 < k < n
        page.evaluate("""() => {
          window.__progress = { bar: false, steps: new Set() };
          const status = document.querySelector('.dl-review-status');
          new MutationObserver(() => {
            const m = /Analyse (\\d+) von (\\d+)/.exec(status.textContent);
            if (m) window.__progress.steps.add(Number(m[1]));
            const bar = document.querySelector('.dl-review progress');
            if (bar && !bar.hidden && Number(bar.value) > 0) window.__progress.bar = true;
          }).observe(status, { childList: true, characterData: true, subtree: true });
        }""")
        cpu0 = _tree_cpu(str(profile))
        t0 = time.monotonic()
        page.click("[data-analyse-record]")
        page.wait_for_function("() => document.querySelector('.dl-review-summary').textContent.trim() !== ''"
                               " && document.querySelector('.dl-review-table tr[data-decision]') !== null",
                               timeout=900_000, polling=50)
        seconds = time.monotonic() - t0
        cpu = _tree_cpu(str(profile)) - cpu0
        rows = page.locator(".dl-review-table tr[data-decision]").evaluate_all("rs => rs.map(r => r.dataset.loss)")
        progress = page.evaluate("() => ({ bar: window.__progress.bar, steps: window.__progress.steps.size })")
        return {"seconds": round(seconds, 2), "cpu": round(cpu, 2), "losses": rows, "progress": progress,
                "summary": page.inner_text(".dl-review-summary").strip()}
    finally:
        context.close()
        import shutil

        shutil.rmtree(profile, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    parser = Parser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--html", type=Path, default=ROOT / "_build" / "html", help="built book")
    parser.add_argument("--record", type=Path, default=RECORD, help="record to review (default: %(default)s)")
    parser.add_argument("--seat", type=int, default=SEAT, help="seat to review, 0-based (default: %(default)s)")
    parser.add_argument("--runs", type=int, default=1, help="page runs, each in a fresh browser (default: 1)")
    parser.add_argument("--chromium", default=os.environ.get("CHROMIUM", "/usr/bin/chromium"))
    parser.add_argument("--json", action="store_true", help="print the measurements as JSON")
    args = parser.parse_args(argv)
    if not (args.html / "book" / "spielen.html").is_file():
        print(f"review_page: error: no built play page in {args.html} (run python -m tools build)", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    load = os.getloadavg()
    server = Server(args.html)
    try:
        with sync_playwright() as pw:
            runs = [in_page(pw, args.chromium, server.base, args.record, args.seat) for _ in range(max(1, args.runs))]
    finally:
        server.stop()
    ref = native(args.record, args.seat)
    load_end = os.getloadavg()
    if args.json:
        print(json.dumps({"record": args.record.name, "seat": args.seat, "goal_s": GOAL_S, "page": runs,
                          "native": ref, "load": [load[0], load_end[0]]}, indent=1))
        return 0
    print(f"review of {args.record.name}, seat {args.seat}: {ref['decisions']} decisions at "
          f"{ref['think_ms']:g} ms of work each")
    for i, run in enumerate(runs, 1):
        same = "same losses as native" if run["losses"] == ref["losses"] else "LOSSES DIFFER from native"
        over = run["seconds"] - GOAL_S
        verdict = "within the goal" if over <= 0 else f"{over:.1f} s over the goal"
        print(f"  page run {i}: {run['seconds']:.2f} s to the summary (goal <= {GOAL_S:g} s: {verdict}), "
              f"browser CPU {run['cpu']:.2f} s; progress bar seen: {run['progress']['bar']}, "
              f"{run['progress']['steps']} progress steps seen; {len(run['losses'])} rows, {same}")
    print(f"  native: {ref['seconds']:.2f} s wall, {ref['cpu']:.2f} s CPU")
    if runs:
        print(f"  page / native (wall): {min(r['seconds'] for r in runs) / max(ref['seconds'], 1e-9):.1f}x")
    print(f"load average (1 min): {load[0]:.1f} at start, {load_end[0]:.1f} at end")
    return 0
