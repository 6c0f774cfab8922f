"""How fast and how lean the command line refuses hostile input.

Run from the repository root::

    .venv/bin/python -m tools bench bad-inputs [--json]

Each case runs ``python -m dominolab ...`` as a real process and reports its
exit code, wall time, peak memory of the process (``ru_maxrss`` of the child)
and the one error line. The goals of issue 9: ``replay /dev/zero`` fails within
a second (reading stops at the 16 MiB limit, memory stays flat), nesting and
huge numbers are refused before the JSON parser recurses, and Ctrl-C during
``simulate`` stops within a second with the summary of the finished matches.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import TypedDict

from tools import ROOT, Parser


class Case(TypedDict):
    """What one case reports (also its JSON object)."""

    code: int
    seconds: float
    after_ctrl_c: float | None
    peak_mib: float
    stderr: str
    stdout_lines: int


def run(args: list[str], stdin: bytes | None = None, interrupt_after: float | None = None) -> Case:
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "dominolab", *args], cwd=ROOT,
                            stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    stopped = None
    if interrupt_after is not None:
        time.sleep(interrupt_after)
        proc.send_signal(signal.SIGINT)
        stopped = time.perf_counter()
    out, err = proc.communicate(stdin, timeout=600)
    end = time.perf_counter()
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return {"code": proc.returncode, "seconds": round(end - start, 3),
            "after_ctrl_c": None if stopped is None else round(end - stopped, 3),
            "peak_mib": round(max(peak, before) / 1024, 1),   # ru_maxrss is KiB on Linux (max over children)
            "stderr": err.decode(errors="replace").strip()[:160], "stdout_lines": len(out.splitlines())}


def main() -> None:
    parser = Parser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    opts = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "deep.json").write_text("[" * 100_000 + "]" * 100_000)
        (folder / "brackets.json").write_text("[[]" * (5 * 1024 * 1024))
        (folder / "digits.json").write_text('{"players": ' + "7" * 5000 + "}")
        cases = {
            "replay /dev/zero": run(["replay", "/dev/zero"]),
            "replay 100,000 nested arrays": run(["replay", str(folder / "deep.json")]),
            "replay 15 MiB of '[[]'": run(["replay", str(folder / "brackets.json")]),
            "replay a 5,000-digit integer": run(["replay", str(folder / "digits.json")]),
            "replay - (16 MiB + 1 of stdin)": run(["replay", "-"], stdin=b" " * (16 * 1024 * 1024 + 1)),
            "simulate, Ctrl-C after 2 s": run(["simulate", "--game", "horse-race", "--players", "4", "--matches",
                                               "1000000", "--quiet", "--record-dir", str(folder / "recs")],
                                              interrupt_after=2.0),
        }
    if opts.json:
        print(json.dumps(cases, indent=1))
        return
    width = max(map(len, cases))
    print(f"{'case':{width}}  exit  seconds  after Ctrl-C  error line")
    for name, r in cases.items():
        after = "" if r["after_ctrl_c"] is None else f"{r['after_ctrl_c']:.2f}"
        print(f"{name:{width}}  {r['code']:>4}  {r['seconds']:>7.2f}  {after:>12}  {r['stderr']}")
    print(f"\npeak memory of the largest child process: {max(r['peak_mib'] for r in cases.values())} MiB "
          f"(python {sys.version.split()[0]}, {os.cpu_count()} CPUs)")
