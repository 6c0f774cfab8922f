"""The ladder: how strong the bots are, and the numbers players ask about.

Run from the repository root (see benchmarks/README.md, section "Ladder")::

    .venv/bin/python benchmarks/ladder.py run [--jobs J] [--only TEXT]   # play the tasks (cached)
    .venv/bin/python benchmarks/ladder.py timing [--matches M]           # real time per strong move
    .venv/bin/python benchmarks/ladder.py calibrate                      # play-outs per CPU millisecond
    .venv/bin/python benchmarks/ladder.py stay                           # plays/points from staying on turn
    .venv/bin/python benchmarks/ladder.py assemble                       # -> dominolab/data/ladder.json
    .venv/bin/python benchmarks/ladder.py markdown                       # tables for benchmarks/README.md
    .venv/bin/python benchmarks/ladder.py                                # all four, in this order

Every task is a :func:`dominolab.tournament.run_tournament` with a fixed seed, so
the figures are reproducible to the last digit (the strong bot's thinking is a
fixed amount of work, not wall-clock time). Finished tasks are cached as JSON
files (``--cache``), so a long run can be split and resumed.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
try:
    import dominolab
except ImportError:  # run from a checkout without the package installed
    sys.path.insert(0, str(ROOT))
    import dominolab

from dominolab import bots as bots_module
from dominolab.play.bots import StrongBot, make_bot
from dominolab.core.engine import Match
from dominolab.core.rules import get_game
from dominolab.play.tournament import run_tournament
from dominolab.core.view import view_of

THINK_MS = 50
SEED = 1
OUT = ROOT / "dominolab" / "data" / "ladder.json"
CACHE = Path(os.environ.get("DOMINOLAB_LADDER_CACHE", "/tmp/dominolab-ladder-cache"))

GAMES = ("horse-race", "fives-and-threes")
SEATINGS = ((2, False), (4, True))
#: matches per pair and seating: (2 players, partnerships)
MATCHES = {
    ("strong", "greedy"): (300, 60),
    ("strong", "random"): (60, 40),
    ("greedy", "random"): (1000, 1000),
}
SELF_PLAY = 2000        # greedy against greedy: the opener's advantage and points per round
STAY_MATCHES = 2000     # Horse Race with and without staying on turn (greedy self-play)


def task_id(game: str, players: int, partnerships: bool, bots: tuple[str, ...], changes: dict[str, Any]) -> str:
    seat = f"{players}{'p' if partnerships else 'i'}"
    extra = "".join(f"-{k}={v}" for k, v in sorted(changes.items()))
    return f"{game}-{seat}-{'-'.join(bots)}{extra}"


def tasks() -> list[dict[str, Any]]:
    out = []
    for game in GAMES:
        for which, (players, partnerships) in enumerate(SEATINGS):
            for pair, counts in MATCHES.items():
                out.append(dict(game=game, players=players, partnerships=partnerships, bots=pair,
                                matches=counts[which], changes={}))
            out.append(dict(game=game, players=players, partnerships=partnerships, bots=("greedy",),
                            matches=SELF_PLAY, changes={}))
    out.append(dict(game="horse-race", players=2, partnerships=False, bots=("greedy",), matches=STAY_MATCHES,
                    changes={"stay_on_turn": False}))
    for t in out:
        t["id"] = task_id(t["game"], t["players"], t["partnerships"], t["bots"], t["changes"])
    return out


def run_task(task: dict[str, Any], jobs: int) -> dict[str, Any]:
    from dataclasses import replace

    rules = get_game(task["game"])
    if task["changes"]:
        rules = replace(rules, **task["changes"])
    wall, cpu = time.perf_counter(), time.process_time()
    t = run_tournament(rules, task["players"], task["partnerships"], task["bots"], matches=task["matches"],
                       seed=SEED, think_ms=THINK_MS, jobs=jobs)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    data = t.to_json()
    matches = t.matches
    rounds = sum(m.rounds for m in matches)
    data.update(
        id=task["id"],
        first_opener_wins=sum(1 for m in matches if m.first_opener_side in m.winners),
        opener_round_wins=sum(m.opener_round_wins for m in matches),
        rounds=rounds,
        mean_final_score=statistics.fmean(statistics.fmean(m.scores) for m in matches),
        wall_s=round(wall, 1),
    )
    return data


def cmd_run(args: argparse.Namespace) -> None:
    CACHE.mkdir(parents=True, exist_ok=True)
    for task in tasks():
        if args.only and args.only not in task["id"]:
            continue
        if args.skip and args.skip in task["id"]:
            continue
        path = CACHE / f"{task['id']}.json"
        if path.exists() and not args.force:
            print(f"cached   {task['id']}")
            continue
        print(f"running  {task['id']} ({task['matches']} matches) ...", flush=True)
        data = run_task(task, args.jobs)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(data, indent=1) + "\n")
        tmp.replace(path)
        rates = ", ".join(f"{r['bot']} {r['win_rate']:.3f} [{r['ci95'][0]:.3f}, {r['ci95'][1]:.3f}]"
                          for r in data["results"])
        print(f"finished {task['id']} in {data['wall_s']} s: {rates}", flush=True)


def cmd_timing(args: argparse.Namespace) -> dict[str, Any]:
    """Real time per decision of the strong bot at THINK_MS, against greedy (2 players)."""
    out: dict[str, Any] = {}
    for game in GAMES:
        strong, greedy = make_bot("strong", think_ms=THINK_MS), make_bot("greedy")
        walls, cpus = [], []
        for i in range(args.matches):
            match = Match(game, 2, seed=10_000 + i)
            rng = random.Random(i)
            while not match.over:
                rnd = match.new_round()
                while rnd.end is None:
                    seat = rnd.to_move
                    view = view_of(rnd, seat)
                    if (seat + i) % 2 == 0 and len(view.legal_moves()) > 1:
                        w, c = time.perf_counter(), time.process_time()
                        move = strong.choose(view, rng)
                        walls.append(1000 * (time.perf_counter() - w))
                        cpus.append(1000 * (time.process_time() - c))
                    else:
                        move = greedy.choose(view, rng)
                    rnd.push(move)
                match.end_round()
        cpus.sort()
        out[game] = {
            "decisions": len(cpus),
            "cpu_ms_mean": round(statistics.fmean(cpus), 1),
            "cpu_ms_median": round(statistics.median(cpus), 1),
            "cpu_ms_p95": round(cpus[int(0.95 * (len(cpus) - 1))], 1),
            "wall_ms_mean": round(statistics.fmean(walls), 1),
            "load_1min": round(os.getloadavg()[0], 2),
        }
        print(f"{game}: {out[game]}", flush=True)
    CACHE.mkdir(parents=True, exist_ok=True)
    (CACHE / "timing.json").write_text(json.dumps(out, indent=1) + "\n")
    return out


def cmd_calibrate(args: argparse.Namespace) -> dict[str, Any]:
    """Play-outs per CPU millisecond, over the decisions of greedy self-play matches."""
    out: dict[str, Any] = {}
    bot = StrongBot(think_ms=THINK_MS)
    for game in GAMES:
        rollouts, cpu = 0, 0.0
        greedy = make_bot("greedy")
        for i in range(args.matches):
            match = Match(game, 2, seed=20_000 + i)
            rng = random.Random(i)
            while not match.over:
                rnd = match.new_round()
                while rnd.end is None:
                    view = view_of(rnd, rnd.to_move)
                    c = time.process_time()
                    moves, _, deals = bot.evaluate(view, rng)
                    cpu += time.process_time() - c
                    rollouts += deals * len(moves) if len(moves) > 1 else 0
                    rnd.push(greedy.choose(view, rng))
                match.end_round()
        out[game] = round(rollouts / (1000 * cpu), 2)
        print(f"{game}: {out[game]} play-outs per CPU ms (constant in use: {bots_module.ROLLOUTS_PER_MS})",
              flush=True)
    CACHE.mkdir(parents=True, exist_ok=True)
    (CACHE / "calibrate.json").write_text(json.dumps(out, indent=1) + "\n")
    return out


def cmd_stay(args: argparse.Namespace) -> dict[str, Any]:
    """Horse Race, greedy self-play: how many plays and points come from staying on turn."""
    from dominolab.core.engine import PlayEvent, greedy_policy

    out: dict[str, Any] = {}
    for players, partnerships in SEATINGS:
        plays = continued = points = continued_points = 0
        for i in range(STAY_MATCHES):
            match = Match("horse-race", players, partnerships, seed=30_000 + i).play(greedy_policy)
            for rnd in match.rounds:
                previous = None
                for event in rnd.events:
                    if isinstance(event, PlayEvent):
                        plays += 1
                        points += event.scored
                        if isinstance(previous, PlayEvent) and previous.seat == event.seat:
                            continued += 1
                            continued_points += event.scored
                    previous = event
        key = f"{players}{'p' if partnerships else 'i'}"
        out[key] = {"matches": STAY_MATCHES, "plays": plays, "continued_plays": continued,
                    "play_points": points, "continued_points": continued_points}
        print(f"horse-race {key}: {continued / plays:.3f} of plays and {continued_points / points:.3f} of play "
              f"points come from staying on turn", flush=True)
    CACHE.mkdir(parents=True, exist_ok=True)
    (CACHE / "stay.json").write_text(json.dumps(out, indent=1) + "\n")
    return out


def _commit() -> str:
    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                              text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def cmd_assemble(args: argparse.Namespace) -> None:
    results = []
    missing = []
    for task in tasks():
        path = CACHE / f"{task['id']}.json"
        if path.exists():
            results.append(json.loads(path.read_text()))
        else:
            missing.append(task["id"])
    extra = {}
    for name in ("timing", "calibrate", "stay"):
        path = CACHE / f"{name}.json"
        extra[name] = json.loads(path.read_text()) if path.exists() else None
    data = {
        "format": "dominolab.ladder/1",
        "made": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "commit": os.environ.get("DOMINOLAB_LADDER_COMMIT") or _commit(),
        "machine": f"{platform.system()} {platform.machine()}, {os.cpu_count()} CPUs, "
                   f"{platform.python_implementation()} {platform.python_version()}",
        "command": "python benchmarks/ladder.py",
        "seed": SEED,
        "think_ms": THINK_MS,
        "rollouts_per_ms": bots_module.ROLLOUTS_PER_MS,
        "timing": extra["timing"],
        "calibration": extra["calibrate"],
        "stay": extra["stay"],
        "tasks": results,
        "missing": missing,
    }
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_suffix(".tmp")
    tmp.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n")
    tmp.replace(out)
    print(f"wrote {out}: {len(results)} tasks" + (f", missing: {', '.join(missing)}" if missing else ""))


def cmd_markdown(args: argparse.Namespace) -> None:
    """Print the ladder tables of benchmarks/README.md from the JSON file."""
    from dominolab.play.tournament import wilson

    data = json.loads(Path(args.out).read_text())
    print(f"Made {data['made']} at commit {data['commit']} ({data['machine']}), seed {data['seed']}, "
          f"`--think {data['think_ms']}` ({data['rollouts_per_ms']:g} play-outs per ms).\n")
    print("| game | seating | pair (first bot's view) | matches | wins | win rate | 95 % interval |")
    print("|---|---|---|---:|---:|---:|---|")
    for t in data["tasks"]:
        if len(t["bots"]) != 2:
            continue
        r = t["results"][0]
        lo, hi = wilson(r["wins"], r["matches"])
        seat = "4, partnerships" if t["partnerships"] else f"{t['players']} players"
        print(f"| {t['game']} | {seat} | {r['bot']} vs {t['results'][1]['bot']} | {r['matches']} | {r['wins']} | "
              f"{r['win_rate']:.3f} | [{lo:.3f}, {hi:.3f}] |")
    print("\nGreedy self-play (every seat greedy):\n")
    print("| game | seating | variant | matches | first opener's side wins match | opener's side best in round "
          "| points per round | rounds per match |")
    print("|---|---|---|---:|---|---:|---:|---:|")
    for t in data["tasks"]:
        if len(t["bots"]) != 1:
            continue
        n = t["matches"]
        lo, hi = wilson(t["first_opener_wins"], n)
        seat = "4, partnerships" if t["partnerships"] else f"{t['players']} players"
        variant = ", ".join(f"{k}={v}" for k, v in t.get("variant", {}).items()) or "-"
        print(f"| {t['game']} | {seat} | {variant} | {n} | {t['first_opener_wins'] / n:.3f} [{lo:.3f}, {hi:.3f}] | "
              f"{t['opener_round_wins'] / t['rounds']:.3f} | {t['points_per_round']:.2f} | "
              f"{t['rounds_per_match']:.2f} |")
    if data.get("timing"):
        print("\nStrong bot, real time per decision (`--think 50`, decisions with 2+ legal moves, vs greedy):\n")
        print("| game | decisions | CPU ms mean | median | p95 | wall ms mean | load (1 min) |")
        print("|---|---:|---:|---:|---:|---:|---:|")
        for game, tm in data["timing"].items():
            print(f"| {game} | {tm['decisions']} | {tm['cpu_ms_mean']} | {tm['cpu_ms_median']} | {tm['cpu_ms_p95']} | "
                  f"{tm['wall_ms_mean']} | {tm['load_1min']} |")
    if data.get("stay"):
        print("\nHorse Race, greedy self-play: plays and play points (settlements not counted) made while "
              "staying on turn:\n")
        print("| seating | matches | plays | of them continued | play points | of them continued |")
        print("|---|---:|---:|---:|---:|---:|")
        for key, st in data["stay"].items():
            seat = "4, partnerships" if key == "4p" else f"{key[:-1]} players"
            print(f"| {seat} | {st['matches']} | {st['plays']} | {st['continued_plays'] / st['plays']:.3f} | "
                  f"{st['play_points']} | {st['continued_points'] / st['play_points']:.3f} |")
    if data.get("calibration"):
        print("\nCalibration (play-outs per CPU ms): " +
              ", ".join(f"{g} {v}" for g, v in data["calibration"].items()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("step", nargs="?", default="all", choices=["all", "run", "timing", "calibrate", "stay", "assemble", "markdown"])
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--only", help="run only tasks whose id contains this text")
    parser.add_argument("--skip", help="skip tasks whose id contains this text")
    parser.add_argument("--force", action="store_true", help="re-run cached tasks")
    parser.add_argument("--matches", type=int, default=10, help="matches per game for timing/calibrate")
    parser.add_argument("--out", default=str(OUT))
    args = parser.parse_args()
    if args.step in ("all", "run"):
        cmd_run(args)
    if args.step in ("all", "timing"):
        cmd_timing(args)
    if args.step in ("all", "calibrate"):
        cmd_calibrate(args)
    if args.step in ("all", "stay"):
        cmd_stay(args)
    if args.step in ("all", "assemble"):
        cmd_assemble(args)
    if args.step == "markdown":
        cmd_markdown(args)


if __name__ == "__main__":
    main()
