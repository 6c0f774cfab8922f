"""How long the review of a whole Horse Race match takes natively (issue 14, item 5).

Goal: the page reviews a whole Horse Race match of one seat (about 60 decisions) within 15 s; Pyodide
runs at about half native speed, so the native time of the same review should stay under about 7 s.
Reviews seat 0 of the golden Horse Race matches (``tests/golden/horse-race-*.record.json``) at the
page's default budget (:data:`dominolab.play.review.REVIEW_THINK_MS`) and prints per match the
decisions (all, with a choice), the CPU seconds and the wall seconds, then the machine's load average
(on two shared cores the wall time of a busy machine says little about a quiet one; CPU time much more).

    .venv/bin/python -m tools bench review [--think MS] [--seat S] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import time
from pathlib import Path

from tools import ROOT, Parser

from dominolab.core.record import load_record
from dominolab.play.review import REVIEW_THINK_MS, Review, match_of_record

GOLDEN = ROOT / "tests" / "golden"


def main() -> None:
    parser = Parser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--think", type=float, default=REVIEW_THINK_MS, help="budget per decision (ms of work)")
    parser.add_argument("--seat", type=int, default=0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    results = []
    for path in sorted(GOLDEN.glob("horse-race-*.record.json")):
        match = match_of_record(load_record(path), path.name)
        review = Review(match, [args.seat], think_ms=args.think)
        wall, cpu = time.perf_counter(), time.process_time()
        out = review.to_json()
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        s = out["summary"]
        results.append({"record": path.name, "rounds": len(match.rounds), "decisions": len(review.decisions),
                        "with_choice": s["decisions"], "cpu_s": round(cpu, 2), "wall_s": round(wall, 2),
                        "average_loss": s["average_loss"]})
    load = os.getloadavg()
    if args.json:
        print(json.dumps({"think_ms": args.think, "seat": args.seat, "results": results, "load": load}, indent=1))
        return
    print(f"review of seat {args.seat} at {args.think:g} ms per decision (native)")
    print(f"{'record':44} {'rounds':>6} {'decisions':>9} {'choice':>6} {'cpu s':>6} {'wall s':>6} {'s/60':>5}")
    for r in results:
        per60 = r["cpu_s"] / max(1, r["decisions"]) * 60
        print(f"{r['record']:44} {r['rounds']:6} {r['decisions']:9} {r['with_choice']:6} {r['cpu_s']:6.2f} "
              f"{r['wall_s']:6.2f} {per60:5.2f}")
    print(f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}; s/60: CPU seconds per 60 decisions")
