"""Time per decision of every level the play page offers, in Pyodide under Node (issue 19, item 4).

Goal: "a decision of the page's default level takes at most 150 ms in the browser (Pyodide) on a
quiet machine".

For every level that thinks (and greedy, whose decision costs nothing: its figure is the page's own
cost of a ``bot`` call, the JSON state with its drawings) and each game (two players), a match is
planned natively through the page's API (:func:`dominolab.webapi.call`): the person (seat 0) asks
for a hint, then plays the first legal move; the level plays seat 1 with its own budget, as the
page makes it play. The same calls then run in Pyodide under Node (``tools/book/pyodide_call.mjs
--timed``, a wheel built from this tree beside the Pyodide core the book build fetched), and the
wall time of every ``bot`` call where the level had at least two legal moves is a *decision*;
every ``hint`` call is timed as the advisor's. Native and Pyodide answers are the same calls
(tests/browser/test_pyodide_node.py holds them equal), so the decisions are the same in both.

Printed per level and game: decisions, median and p95 of the wall time and of the CPU time (the Node
process's, ``process.cpuUsage``) in Pyodide, the native CPU median of the same calls and the ratio;
then the hints; then the load average (two shared cores: a busy machine's wall times say little about
a quiet one's; CPU times much more).

    .venv/bin/python -m tools bench page-levels [--decisions N] [--pyodide DIR] [--levels 2,3,4@25] [--json] [--save]

``--save`` also keeps the figures in ``$DOMINOLAB_LADDER_CACHE/levels/page_timing.json``, where
``python -m tools ladder rate`` takes them into ``dominolab/data/ratings.json`` (``page_timing``).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from tools import ROOT, Parser
CORE = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
#: Where the book build leaves the Pyodide core (the first that has it is used).
PLACES = (ROOT / "book" / "_widgetjs" / "pyodide", ROOT / "_build" / "html" / "_static" / "pyodide")
GAMES = (("horse-race", 2, 7), ("fives-and-threes", 2, 8))     # game, players, seed


def _call(method: str, args: dict[str, Any]) -> tuple[Any, float, float]:
    """The result of a call of the page's API natively, its wall and its CPU milliseconds."""
    from dominolab import webapi

    t0, c0 = time.perf_counter(), time.process_time()
    out = json.loads(webapi.call(method, json.dumps(args)))
    ms, cpu = (time.perf_counter() - t0) * 1000, (time.process_time() - c0) * 1000
    if not out["ok"]:
        raise SystemExit(f"error: {method}: {out['error']}")
    return out["result"], ms, cpu


def plan(level: str, game: str, players: int, seed: int, decisions: int, hints: bool) -> list[dict[str, Any]]:
    """The calls of one match against ``level`` natively: each with its kind (``decision``: a bot move
    with a choice; ``hint``, asked before each move of the person if ``hints``; ``other``) and its native
    wall and CPU time."""
    from dominolab import webapi

    sid = f"{level}-{game}"
    calls: list[dict[str, Any]] = []

    def run(method: str, kind: str, **args: Any) -> Any:
        result, ms, cpu = _call(method, {"id": sid, **args})
        calls.append({"call": [method, {"id": sid, **args}], "kind": kind, "native_ms": ms, "native_cpu": cpu})
        return result

    state = run("new", "other", params={"game": game, "players": str(players), "seed": str(seed), "bots": level})
    made = 0
    while made < decisions:
        if state["state"] == "waiting":
            session = webapi.SESSIONS[sid].session
            choice = len(session.round.legal_moves()) >= 2
            state = run("bot", "decision" if choice else "other")
            made += choice
        elif state["state"] == "your-turn":
            if hints:
                run("hint", "hint")
            state = run("play", "other", move=state["moves"][0]["move"])
        elif state["state"] == "round-over":
            state = run("next_round", "other")
        else:
            break
    return calls


def pyodide_dir(given: str | None, here: Path) -> Path:
    """A folder with the Pyodide core and a wheel built from this tree."""
    source = Path(given) if given else next((p for p in PLACES if (p / "pyodide.asm.wasm").is_file()), None)
    if source is None or not (source / "pyodide.asm.wasm").is_file():
        raise SystemExit("error: no Pyodide core: build the book first (or give --pyodide DIR)")
    for name in CORE:
        (here / name).symlink_to(source.resolve() / name)
    built = subprocess.run([sys.executable, "-m", "tools", "wheel", "--dest", str(here)],
                           cwd=ROOT, capture_output=True, text=True, check=False)
    if built.returncode:
        raise SystemExit(f"error: the wheel: {built.stderr.strip()[-300:]}")
    return here


def in_pyodide(folder: Path, calls: list[list[Any]]) -> tuple[list[float], list[float]]:
    """Wall and CPU milliseconds of every call in Pyodide under Node."""
    done = subprocess.run(["node", str(ROOT / "tools" / "book" / "pyodide_call.mjs"), str(folder), "--timed"],
                          input=json.dumps(calls), capture_output=True, text=True, check=False)
    if done.returncode:
        raise SystemExit(f"error: pyodide: {done.stderr.strip()[-300:]}")
    out = json.loads(done.stdout)
    bad = [a for a in out["answers"] if not a["ok"]]
    if bad:
        raise SystemExit(f"error: a call failed in Pyodide: {bad[0]['error']}")
    return [float(ms) for ms in out["ms"]], [float(ms) for ms in out["cpu_ms"]]


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def main(argv: list[str] | None = None) -> int:
    from dominolab.play.levels import LEVELS, advisor, resolve

    parser = Parser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--decisions", type=int, default=30, help="decisions of the level per game (default 30)")
    parser.add_argument("--levels", default=",".join(str(lv.number) for lv in LEVELS if lv.think_ms or lv.bot == "greedy"),
                        help="levels to time, NAME@MS for another budget (default: greedy and every level "
                             "that thinks)")
    parser.add_argument("--pyodide", metavar="DIR", help="the Pyodide core (default: where the book build put it)")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--save", action="store_true",
                        help="also keep the figures for python -m tools ladder rate ($DOMINOLAB_LADDER_CACHE/levels/page_timing.json)")
    args = parser.parse_args(argv)
    if shutil.which("node") is None:
        raise SystemExit("error: node is not on PATH")
    levels = [resolve(x) for x in args.levels.split(",")]
    # hints are asked in the matches against the first level only (the advisor is the same in all)
    plans = {(lv.label, game): plan(lv.label, game, players, seed, args.decisions, hints=lv == levels[0])
             for lv in levels for game, players, seed in GAMES}
    flat = [c for calls in plans.values() for c in calls]
    with tempfile.TemporaryDirectory() as tmp:
        wall, cpu = in_pyodide(pyodide_dir(args.pyodide, Path(tmp)), [c["call"] for c in flat])
    for c, ms, cpu_ms in zip(flat, wall, cpu):
        c["pyodide_ms"], c["pyodide_cpu"] = ms, cpu_ms
    rows = []
    for (name, game), calls in plans.items():
        lv = resolve(name)
        rows.append({"level": lv.number, "name": lv.label, "think_ms": lv.think_ms, "game": game,
                     **_figures([c for c in calls if c["kind"] == "decision"])})
    hint_row = {"level": advisor().level.label,
                **_figures([c for calls in plans.values() for c in calls if c["kind"] == "hint"])}
    load = os.getloadavg()
    if args.save:
        save({"levels": rows, "hints": hint_row, "load": [round(x, 2) for x in load],
              "decisions_per_level_and_game": args.decisions,
              "made": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())})
    if args.json:
        print(json.dumps({"levels": rows, "hints": hint_row, "load": load}, indent=1))
        return 0
    print(f"{'level':<16} {'budget':>6} {'game':<17} {'n':>3}  {'median':>7} {'p95':>7}  {'cpu med':>7} "
          f"{'cpu p95':>7}  {'native':>7} {'ratio':>5}")
    for r in rows + [hint_row | {"name": "", "think_ms": advisor().level.think_ms, "game": "hints (both)"}]:
        print(f"{r['level']!s:<2}{r['name']:<14} {r['think_ms']:>6g} {r['game']:<17} {r['n']:>3}  "
              f"{r['median_ms']:>7.1f} {r['p95_ms']:>7.1f}  {r['cpu_median_ms']:>7.1f} {r['cpu_p95_ms']:>7.1f}  "
              f"{r['native_cpu_median_ms']:>7.1f} {r['cpu_ratio']:>5.2f}")
    print("ms per call of the page's API in Pyodide under Node (a bot move with at least two legal moves, "
          "the state included): wall time, then CPU time of the Node process; native: CPU ms of the same "
          f"calls; ratio: Pyodide CPU / native CPU. Load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} "
          f"on {os.cpu_count()} cores")
    return 0


def save(figures: dict[str, Any]) -> None:
    """Keep ``figures`` where ``python -m tools ladder rate`` reads them (written whole or not at all)."""
    from tools import write_atomic
    from tools.ladder import protocol

    folder = protocol.CACHE / "levels"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        write_atomic(folder / "page_timing.json", json.dumps(figures, indent=1) + "\n")
    except OSError as err:
        raise SystemExit(f"error: cannot keep the figures in {folder}: {err.strerror}") from None
    print(f"kept in {folder / 'page_timing.json'}", file=sys.stderr)


def _figures(calls: list[dict[str, Any]]) -> dict[str, Any]:
    """Median and p95 of the Pyodide wall and CPU times of ``calls``, the native CPU median and the ratio."""
    if not calls:
        return {"n": 0, "median_ms": 0.0, "p95_ms": 0.0, "cpu_median_ms": 0.0, "cpu_p95_ms": 0.0,
                "native_cpu_median_ms": 0.0, "cpu_ratio": 0.0}
    wall = [c["pyodide_ms"] for c in calls]
    cpu = [c["pyodide_cpu"] for c in calls]
    native = statistics.median(c["native_cpu"] for c in calls)
    return {"n": len(calls), "median_ms": round(statistics.median(wall), 1), "p95_ms": round(p95(wall), 1),
            "cpu_median_ms": round(statistics.median(cpu), 1), "cpu_p95_ms": round(p95(cpu), 1),
            "native_cpu_median_ms": round(native, 1),
            "cpu_ratio": round(statistics.median(cpu) / native, 2) if native else 0.0}
