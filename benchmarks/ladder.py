"""The ladder: how strong the bots are, and the numbers players ask about.

Run from the repository root (see benchmarks/README.md, section "Ladder")::

    .venv/bin/python benchmarks/ladder.py run [--jobs J] [--only TEXT]   # play the tasks (cached)
    .venv/bin/python benchmarks/ladder.py timing [--matches M]           # real time per strong move
    .venv/bin/python benchmarks/ladder.py calibrate                      # play-outs per CPU millisecond
    .venv/bin/python benchmarks/ladder.py stay                           # plays/points from staying on turn
    .venv/bin/python benchmarks/ladder.py assemble                       # -> dominolab/data/ladder.json
    .venv/bin/python benchmarks/ladder.py markdown                       # tables for benchmarks/README.md
    .venv/bin/python benchmarks/ladder.py                                # all four, in this order

The rated ladder of levels (:mod:`dominolab.levels`), Bradley–Terry ratings with
95 % intervals, written to ``dominolab/data/ratings.json``::

    .venv/bin/python benchmarks/ladder.py levels [--scheduler local|ADDRESS] [--jobs J] [--per-pair N]
    .venv/bin/python benchmarks/ladder.py leveltiming [--matches M]      # CPU ms per decision, every level
    .venv/bin/python benchmarks/ladder.py rate [--per-pair N]            # -> dominolab/data/ratings.json
    .venv/bin/python benchmarks/ladder.py estimate                       # CPU hours the full ladder needs
    .venv/bin/python benchmarks/ladder.py duels                          # the expert on shared deals (issue 19)

The confirming protocol (issue 30): the duels of ``CONFIRM`` with sizes fixed here, on seeds derived
from a hash of the commit (family "confirm"; tuning takes the family "screen",
``benchmarks/expert_screen.py``), stored with the protocol in ``ratings.json`` (key ``confirm``)::

    .venv/bin/python benchmarks/ladder.py protocol [--seed-commit HASH]   # seeds and sizes, nothing played
    .venv/bin/python benchmarks/ladder.py confirm-estimate                # CPU hours of the confirm runs
    .venv/bin/python benchmarks/ladder.py confirm [--seed-commit HASH] [--jobs J] [--only NAME]

``--seed-commit`` plays the code as it is on another commit's confirm seeds: an older expert checked
out and run with the new commit's hash gives the "before" row of a before/after table.

``levels`` plays every rated pair as a tournament whose finished matches are kept
in a results file (``CACHE/levels/*.jsonl``): an interrupted run resumes, and a
run with a larger ``--per-pair`` only plays the matches still missing. With
``--scheduler`` the matches run on a Dask cluster (``local`` starts one with
``--jobs`` workers); the results are the same as with ``--jobs 1``.

Every task is a :func:`dominolab.play.tournament.run_tournament` with a seed derived from the commit
(``derive_seed(COMMIT, "confirm", "ladder")``; ``--legacy-seed``: the fixed seed 1 of before issue 30), so
the figures are reproducible to the last digit (the strong bot's thinking is a
fixed amount of work, not wall-clock time). Finished tasks are cached as JSON
files (``--cache``), so a long run can be split and resumed.
"""

from __future__ import annotations

import argparse
import datetime
import functools
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

from dominolab.play import bots as bots_module
from dominolab.play import expert as expert_module
from dominolab.play.bots import StrongBot
from dominolab.core.engine import Match
from dominolab.core.rules import get_game
from dominolab.play.levels import LEVELS, POLICIES, UNRATED, make_bot, make_level_bot
from dominolab.play.ratings import bradley_terry
from dominolab.play.tournament import match_from_json, match_to_json, run_tournament
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
#: Every task keeps its first matches whole (``first_matches``), so a test can replay them and notice
#: when the engine or a bot no longer gives the committed figures: more of the cheap tasks, one of a
#: task with a searching bot (a match of the strong bot at 50 ms costs seconds).
SAMPLE_MATCHES = {"cheap": 4, "search": 1}
STAY_MATCHES = 2000     # Horse Race with and without staying on turn (greedy self-play)


def task_id(game: str, players: int, partnerships: bool, bots: tuple[str, ...], changes: dict[str, Any]) -> str:
    seat = f"{players}{'p' if partnerships else 'i'}"
    extra = "".join(f"-{k}={v}" for k, v in sorted(changes.items()))
    return f"{game}-{seat}-{'-'.join(bots)}{extra}"


def tasks() -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
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


def ladder_seed(args: argparse.Namespace) -> tuple[int, Path]:
    """The bot ladder's tournament seed and the folder of its cached tasks: with ``--legacy-seed`` the fixed
    :data:`SEED` of the ladder before issue 30 (``CACHE``), else the confirm family of the commit
    (``--seed-commit`` or HEAD) in ``CACHE/ladder/seeds-COMMIT``."""
    if getattr(args, "legacy_seed", False):
        return SEED, CACHE
    commit = full_commit(args.seed_commit) if getattr(args, "seed_commit", None) else full_commit()
    return derive_seed(commit, "confirm", "ladder"), CACHE / "ladder" / f"seeds-{commit[:12]}"


def run_task(task: dict[str, Any], jobs: int, seed: int = SEED) -> dict[str, Any]:
    from dataclasses import replace

    rules = get_game(task["game"])
    if task["changes"]:
        rules = replace(rules, **task["changes"])
    wall, cpu = time.perf_counter(), time.process_time()
    t = run_tournament(rules, task["players"], task["partnerships"], task["bots"], matches=task["matches"],
                       seed=seed, think_ms=THINK_MS, jobs=jobs)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    data = t.to_json()
    matches = t.matches
    searching = any(b not in POLICIES for b in task["bots"])     # a bot that thinks
    first = sorted(matches, key=lambda m: m.index)[:SAMPLE_MATCHES["search" if searching else "cheap"]]
    rounds = sum(m.rounds for m in matches)
    data.update(
        id=task["id"],
        first_opener_wins=sum(1 for m in matches if m.first_opener_side in m.winners),
        opener_round_wins=sum(m.opener_round_wins for m in matches),
        rounds=rounds,
        mean_final_score=statistics.fmean(statistics.fmean(m.scores) for m in matches),
        wall_s=round(wall, 1),
        changes=task["changes"],
        first_matches=[match_to_json(m) for m in first],
    )
    return data


def cmd_run(args: argparse.Namespace) -> None:
    seed, folder = ladder_seed(args)
    folder.mkdir(parents=True, exist_ok=True)
    print(f"ladder: seed {seed}, tasks in {folder}", flush=True)
    for task in tasks():
        if args.only and args.only not in task["id"]:
            continue
        if args.skip and args.skip in task["id"]:
            continue
        path = folder / f"{task['id']}.json"
        if path.exists() and not args.force:
            print(f"cached   {task['id']}")
            continue
        print(f"running  {task['id']} ({task['matches']} matches) ...", flush=True)
        data = run_task(task, args.jobs, seed)
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
                    scored = bot.evaluate(view, rng)
                    cpu += time.process_time() - c
                    rollouts += scored[0].deals * len(scored) if len(scored) > 1 else 0
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
    seed, folder = ladder_seed(args)
    for task in tasks():
        path = folder / f"{task['id']}.json"
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
        "seed": seed,
        "seed_derivation": ("fixed seed 1 (before issue 30)" if seed == SEED else
                            "derive_seed(commit, 'confirm', 'ladder'): see ratings.json confirm.runs[].seed_derivation"),
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


# -- the rated ladder of levels ----------------------------------------------------------

RATINGS_OUT = ROOT / "dominolab" / "data" / "ratings.json"
#: The seatings rated: the two-player game of each game; the play page's default seating
#: (Horse Race, two players: dominolab.webapi) is the first of them.
RATED = (("horse-race", 2, False), ("fives-and-threes", 2, False))
PAGE_SEATING = ("horse-race", 2, False)
#: Rated pairs (level numbers): every adjacent pair, and the pairs two apart to tie the scale (random
#: against the expert would tell nothing: the expert wins every match).
LEVEL_PAIRS = ((1, 2), (2, 3), (3, 4), (1, 3), (2, 4))
#: Matches per rated pair and seating in the full ladder (an even number: sides rotated every match). 400 since
#: the ladder has four levels (issue 30): neighbours about 75 Elo apart (Fives and Threes, umsichtig and
#: Expertin) need intervals of about +-45 to stand apart; 200 gave about +-65.
PER_PAIR = 400
#: The anchor of the scale: gierig (greedy) is rated 1000.
ANCHOR, ANCHOR_RATING = 2, 1000.0


def level_task_id(game: str, players: int, partnerships: bool, a: int, b: int) -> str:
    return f"{game}-{players}{'p' if partnerships else 'i'}-L{a}-L{b}"


def cmd_levels(args: argparse.Namespace) -> None:
    """Play every rated pair (resumable; see the module text)."""
    by_number = {lv.number: lv for lv in LEVELS}
    folder = CACHE / "levels"
    folder.mkdir(parents=True, exist_ok=True)
    log = folder / "runs.jsonl"
    seed, pairs_folder = levels_seed(args)
    pairs_folder.mkdir(parents=True, exist_ok=True)
    print(f"levels: seed {seed}, results in {pairs_folder}", flush=True)
    for game, players, partnerships in RATED:
        for a, b in LEVEL_PAIRS:
            tid = level_task_id(game, players, partnerships, a, b)
            if args.only and args.only not in tid:
                continue
            names = [by_number[a].name, by_number[b].name]
            path = pairs_folder / f"{tid}.jsonl"
            done = max(0, len(path.read_text().splitlines()) - 1) if path.exists() else 0
            if done >= args.per_pair:
                print(f"done     {tid} ({done} matches)")
                continue
            print(f"running  {tid}: {names[0]} vs {names[1]}, {args.per_pair} matches ({done} kept)", flush=True)
            wall, cpu = time.perf_counter(), time.process_time()
            finished = [0]

            def progress(n: int, tid: str = tid) -> None:
                before = finished[0]
                finished[0] += n
                if finished[0] // 20 > before // 20 or finished[0] == args.per_pair:
                    print(f"  {tid}: {finished[0]}/{args.per_pair} matches", flush=True)

            t = run_tournament(game, players, partnerships, names, matches=args.per_pair, seed=seed,
                               jobs=args.jobs, scheduler=args.scheduler, results_file=path, progress=progress)
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
            workers = args.jobs if args.scheduler in (None, "local") else None
            with log.open("a") as out:
                out.write(json.dumps({"id": tid, "matches": args.per_pair, "new": args.per_pair - done,
                                      "wall_s": round(wall, 1), "driver_cpu_s": round(cpu, 1),
                                      "scheduler": args.scheduler, "workers": workers}) + "\n")
            r = t.results
            print(f"finished {tid} in {wall:.0f} s: {r[0].bot} {r[0].wins}, {r[1].bot} {r[1].wins} "
                  f"of {r[0].matches}", flush=True)


def levels_seed(args: argparse.Namespace) -> tuple[int, Path]:
    """The rated pairs' tournament seed and the folder of their results: with ``--legacy-seed`` the fixed
    :data:`SEED` of the committed ratings (``CACHE/levels``), else the confirm family of the commit
    (``--seed-commit`` or HEAD; issue 30) in ``CACHE/levels/seeds-COMMIT``."""
    if getattr(args, "legacy_seed", False):
        return SEED, CACHE / "levels"
    commit = full_commit(args.seed_commit) if getattr(args, "seed_commit", None) else full_commit()
    return derive_seed(commit, "confirm", "levels"), CACHE / "levels" / f"seeds-{commit[:12]}"


def _level_tallies(per_pair: int | None, folder: Path | None = None) -> dict[str, list[dict[str, Any]]]:
    """Per rated seating: every pair's wins from the results files (the first ``per_pair`` matches)."""
    by_number = {lv.number: lv for lv in LEVELS}
    out: dict[str, list[dict[str, Any]]] = {}
    for game, players, partnerships in RATED:
        key = f"{game}-{players}{'p' if partnerships else 'i'}"
        rows = out[key] = []
        for a, b in LEVEL_PAIRS:
            path = (folder or CACHE / "levels") / f"{level_task_id(game, players, partnerships, a, b)}.jsonl"
            if not path.exists():
                continue
            matches = []
            for line in path.read_text().splitlines()[1:]:
                try:
                    matches.append(match_from_json(json.loads(line)))
                except (ValueError, KeyError, TypeError):
                    continue
            matches.sort(key=lambda m: m.index)
            if per_pair:
                matches = [m for m in matches if m.index < per_pair]
            na, nb = by_number[a].name, by_number[b].name
            wa = wb = shared = 0
            for m in matches:
                won = {m.bots[s] for s in m.winners}
                if won == {na, nb}:
                    shared += 1
                elif na in won:
                    wa += 1
                elif nb in won:
                    wb += 1
            # the first match whole: a test replays it, so a bot change that would move the ratings fails CI
            rows.append({"a": a, "b": b, "matches": len(matches), "wins_a": wa, "wins_b": wb, "shared": shared,
                         "first_match": match_to_json(matches[0]) if matches else None})
    return out


def cmd_rate(args: argparse.Namespace) -> dict[str, Any]:
    """Bradley–Terry ratings of the levels -> dominolab/data/ratings.json."""
    from dominolab.play.tournament import wilson

    seed, pairs_folder = levels_seed(args)
    tallies = _level_tallies(args.per_pair, pairs_folder)
    timing_path = CACHE / "levels" / "timing.json"
    timing = json.loads(timing_path.read_text()) if timing_path.exists() else None
    page_path = CACHE / "levels" / "page_timing.json"
    runs_path = CACHE / "levels" / "runs.jsonl"
    runs = [json.loads(x) for x in runs_path.read_text().splitlines()] if runs_path.exists() else []
    seatings: list[dict[str, Any]] = []
    complete = True
    for (game, players, partnerships), (key, rows) in zip(RATED, tallies.items()):
        n = len(LEVELS)
        results = [(r["a"] - 1, r["b"] - 1, r["wins_a"] + r["shared"] / 2, r["wins_b"] + r["shared"] / 2)
                   for r in rows]
        fit = bradley_terry(n, results, anchor=ANCHOR - 1, anchor_rating=ANCHOR_RATING)
        for r in rows:
            lo, hi = wilson(r["wins_a"] + r["shared"] / 2, r["matches"])
            r["score_a"] = round((r["wins_a"] + r["shared"] / 2) / r["matches"], 4) if r["matches"] else None
            r["ci95"] = [round(lo, 4), round(hi, 4)]
        rated = {x for r in rows if r["matches"] for x in (r["a"], r["b"])}
        played = {(r["a"], r["b"]) for r in rows if r["matches"] >= PER_PAIR}
        complete = complete and played == set(LEVEL_PAIRS)
        seatings.append({
            "key": key, "game": game, "players": players, "partnerships": partnerships,
            "page_default": (game, players, partnerships) == PAGE_SEATING,
            "pairs": rows,
            # a level without a played match in this seating has no rating (only the prior)
            "ratings": [{"level": lv.number, "rating": round(fit.ratings[i], 1),
                         "ci95": [round(fit.ci95[i][0], 1), round(fit.ci95[i][1], 1)]}
                        if lv.number in rated else {"level": lv.number, "rating": None, "ci95": None}
                        for i, lv in enumerate(LEVELS)],
        })
    cpu_s = sum(r["wall_s"] * (r["workers"] or 1) for r in runs)
    data = {
        "format": "dominolab.ratings/1",
        "made": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "commit": os.environ.get("DOMINOLAB_LADDER_COMMIT") or _commit(),
        "machine": f"{platform.system()} {platform.machine()}, {os.cpu_count()} CPUs, "
                   f"{platform.python_implementation()} {platform.python_version()}",
        "command": "python benchmarks/ladder.py levels && python benchmarks/ladder.py rate"
                   + (" (--legacy-seed)" if seed == SEED else ""),
        "seed": seed,
        "seed_derivation": ("fixed seed 1 (before issue 30)" if seed == SEED else
                            "derive_seed(commit, 'confirm', 'levels'): see confirm.runs[].seed_derivation"),
        "complete": complete,
        "matches_per_pair_full": PER_PAIR,
        "anchor": {"level": ANCHOR, "rating": ANCHOR_RATING},
        # the expert's decisions changed on purpose with its version: the replay test reads it
        "expert_version": expert_module.EXPERT_VERSION,
        "model": "Bradley-Terry (Elo scale, 400 points = 10:1 odds), normal prior sd 800 on each level, "
                 "95 % intervals relative to the anchor; shared wins count half",
        "levels": [{"number": lv.number, "name": lv.name, "german": lv.german, "bot": lv.bot,
                    "think_ms": lv.think_ms} for lv in LEVELS],
        "seatings": seatings,
        "timing": timing,
        # ms per decision in the page's Pyodide (benchmarks/page_levels.py --save), if measured
        "page_timing": json.loads(page_path.read_text()) if page_path.exists() else None,
        # the duels of `duels` (hand-picked seeds, issue 19) are exploration and stay in the cache; what is
        # published of the expert's strength is the confirming protocol's (key "confirm", cmd_confirm)
        "runs": {"worker_cpu_hours_at_most": round(cpu_s / 3600, 2), "tasks": len(runs),
                 "workers": sorted({r["workers"] for r in runs if r["workers"]})},
    }
    out = Path(args.ratings_out)
    if out.exists():                    # the confirming runs (cmd_confirm) stay beside the new ratings
        kept = json.loads(out.read_text()).get("confirm")
        if kept:
            data["confirm"] = kept
    tmp = out.with_suffix(".tmp")
    tmp.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n")
    tmp.replace(out)
    for st in seatings:
        print(st["key"] + ": " + ", ".join(f"{LEVELS[r['level'] - 1].name} {r['rating']:.0f} "
                                           f"[{r['ci95'][0]:.0f}, {r['ci95'][1]:.0f}]" for r in st["ratings"]
                                           if r["rating"] is not None))
    print(f"wrote {out} (complete: {complete})")
    return data


def cmd_leveltiming(args: argparse.Namespace) -> dict[str, Any]:
    """CPU ms per decision (2+ legal moves) of every level that thinks (and of the strong bot, no level), in
    positions of greedy self-play."""
    out: dict[str, Any] = {}
    for game, _, _ in RATED:
        greedy = make_bot("greedy")
        # the levels that think, and the named bots that are no level (strong: the confirming duels' rival)
        bots = {lv.name: make_level_bot(lv.name) for lv in LEVELS + UNRATED if lv.think_ms}
        cpus: dict[str, list[float]] = {name: [] for name in bots}
        for i in range(args.matches):
            match = Match(game, 2, seed=40_000 + i)
            rng = random.Random(i)
            rnd = match.new_round()
            while rnd.end is None:
                view = view_of(rnd, rnd.to_move)
                if len(view.legal_moves()) > 1:
                    for name, bot in bots.items():
                        c = time.process_time()
                        bot.choose(view, random.Random(i))
                        cpus[name].append(1000 * (time.process_time() - c))
                rnd.push(greedy.choose(view, rng))
        out[game] = {}
        for name, values in cpus.items():
            values.sort()
            out[game][name] = {"decisions": len(values), "cpu_ms_mean": round(statistics.fmean(values), 1),
                               "cpu_ms_p95": round(values[int(0.95 * (len(values) - 1))], 1)}
        out[game]["load_1min"] = round(os.getloadavg()[0], 2)
        print(f"{game}: {out[game]}", flush=True)
    (CACHE / "levels").mkdir(parents=True, exist_ok=True)
    (CACHE / "levels" / "timing.json").write_text(json.dumps(out, indent=1) + "\n")
    return out


#: Paired-deal comparisons (issue 19) (game, a, a_ms, b, b_ms, deals): the expert at a quarter of strong's work
#: (Fives and Threes), against strong at equal work and at four times its own work (Horse Race). The
#: Horse Race comparison at equal work has 2,000 deals: at 1,000 its interval still reached below 50 %.
DUELS = (("fives-and-threes", "expert", 5.0, "strong", 20.0, 1000),
         ("horse-race", "expert", 5.0, "strong", 5.0, 2000),
         ("horse-race", "expert", 20.0, "expert", 5.0, 1000))
DUEL_SEED = 20000


def _duel_round(game: str, bots: list[Any], seed: int) -> int:
    """One round from 0:0 on the deal of ``seed``; seat 0's points minus seat 1's."""
    rnd = Match(game, 2, seed=seed).new_round()
    rngs = [random.Random(f"b{seed}:{s}") for s in range(2)]
    while rnd.end is None:
        s = rnd.to_move
        rnd.push(bots[s].choose(view_of(rnd, s), rngs[s]))
    return rnd.scores[0] - rnd.scores[1]


def _logged(log: Path | None, key: str) -> dict[int, dict[str, Any]]:
    """The rows of a per-item log by ``key`` (a line cut short by an interruption is left out: played again)."""
    done: dict[int, dict[str, Any]] = {}
    if log is not None and log.exists():
        for line in log.read_text().splitlines():
            try:
                row = json.loads(line)
            except json.JSONDecodeError:
                continue
            done[row[key]] = row
    return done


def _timed(play: Any, *args: Any) -> dict[str, Any]:
    """``play(*args)`` with the CPU seconds it took (``cpu_s``), measured where it ran."""
    cpu = time.process_time()
    row = dict(play(*args))
    row["cpu_s"] = round(time.process_time() - cpu, 3)
    return row


def _play_logged(n: int, key: str, log: Path | None, play: Any, every: int,
                 report: Any, jobs: int = 1) -> list[dict[str, Any]]:
    """Rows 0..n-1 of a duel: taken from ``log`` where there, else ``play(k)`` timed and appended to it.

    ``report(done)`` is called after every ``every`` finished rows (progress). With ``jobs`` > 1 the
    missing rows are played in that many processes (``play`` must then be picklable: a module-level
    function or a :func:`functools.partial` of one); this process alone writes the log, a row as soon as
    it is finished, so an interruption loses only the rows still being played. Every row depends on its
    ``k`` alone, so the rows are the same with any ``jobs``."""
    done = _logged(log, key)
    out = log.open("a") if log is not None else None

    def keep(k: int, row: dict[str, Any]) -> None:
        row = {key: k, **row}
        done[k] = row
        if out is not None:
            out.write(json.dumps(row) + "\n")
            out.flush()
        if len(done) % every == 0:
            report(done)

    try:
        todo = [k for k in range(n) if k not in done]
        if jobs <= 1 or len(todo) <= 1:
            for k in todo:
                keep(k, _timed(play, k))
        else:
            from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

            with ProcessPoolExecutor(max_workers=jobs) as pool:
                waiting = iter(todo)
                running = {}
                for k in waiting:                # at most 2 * jobs rows in flight: a stop loses few
                    running[pool.submit(_timed, play, k)] = k
                    if len(running) >= 2 * jobs:
                        break
                while running:
                    finished, _ = wait(running, return_when=FIRST_COMPLETED)
                    for f in finished:
                        keep(running.pop(f), f.result())
                        nxt = next(waiting, None)
                        if nxt is not None:
                            running[pool.submit(_timed, play, nxt)] = nxt
    finally:
        if out is not None:
            out.close()
    return [done[k] for k in range(n)]


def duel(game: str, a: str, am: float, b: str, bm: float, deals: int, seed: int = DUEL_SEED,
         log: Path | None = None) -> dict[str, Any]:
    """Every deal played twice with seats swapped: A's round wins (ties half, Wilson 95 %) and mean points.

    Every finished deal is appended to ``log``; deals already there are not played again."""
    from dominolab.play.tournament import wilson

    bot_a, bot_b = make_bot(a, think_ms=am), make_bot(b, think_ms=bm)

    def play(d: int) -> dict[str, Any]:
        return {"x": _duel_round(game, [bot_a, bot_b], seed + d), "y": -_duel_round(game, [bot_b, bot_a], seed + d)}

    def report(done: dict[int, dict[str, Any]]) -> None:
        print(f"  {game} {a}@{am:g} vs {b}@{bm:g}: {len(done)}/{deals} deals", flush=True)

    rows = _play_logged(deals, "d", log, play, 100, report)
    wins = sum(1.0 if v > 0 else 0.5 if v == 0 else 0.0 for r in rows for v in (r["x"], r["y"]))
    rounds = 2 * deals
    diffs = [r["x"] + r["y"] for r in rows]
    mean = statistics.fmean(diffs)
    se = statistics.stdev(diffs) / len(diffs) ** 0.5 if len(diffs) > 1 else 0.0
    lo, hi = wilson(wins, rounds)
    return {"game": game, "a_bot": a, "a_ms": am, "b_bot": b, "b_ms": bm, "unit": "rounds", "deals": deals,
            "rounds": rounds,
            "a_round_wins": wins, "share": round(wins / rounds, 4), "ci95": [round(lo, 4), round(hi, 4)],
            "mean_diff_per_deal_pair": round(mean, 3), "se": round(se, 3),
            "cpu_s": round(sum(r["cpu_s"] for r in rows), 1)}


#: Whole matches on shared deals (game, a, a_ms, b, b_ms, match seeds): every match seed is played twice
#: with the sides swapped, so both bots get the same deals for as long as the two matches run alike. Horse
#: Race is played at 5 ms and at the budget of the page's levels stark and Expertin (25 ms). Fives and
#: Threes at a quarter of the work is measured in rounds (DUELS); its match duel (1,000 seeds, 2,000
#: matches, 21 CPU minutes) was not played again after expert.STEPS_PER_MS changed (benchmarks/README.md).
MATCH_DUELS = (("horse-race", "expert", 5.0, "strong", 5.0, 500),
               ("horse-race", "expert", 25.0, "strong", 25.0, 500))
MATCH_DUEL_SEED = 30000


@functools.lru_cache(maxsize=16)
def _duel_bots(a: str, am: float, b: str, bm: float) -> tuple[Any, Any]:
    """The two bots of a duel (made once per process; a bot keeps nothing between decisions)."""
    return make_bot(a, think_ms=am), make_bot(b, think_ms=bm)


def _match_pair(game: str, a: str, am: float, b: str, bm: float, seed: int, i: int) -> dict[str, Any]:
    """Match seed ``seed + i`` played with both seatings: A's wins (a shared win counts half) and rounds."""
    from dominolab.core.rules import GAMES
    from dominolab.play.tournament import play_match

    rules = GAMES[game]
    bot_a, bot_b = _duel_bots(a, am, b, bm)
    first = play_match(rules, 2, False, [bot_a, bot_b], seed + i)
    second = play_match(rules, 2, False, [bot_b, bot_a], seed + i)
    wins = sum((1.0 if r.winners == (side,) else 0.5 if side in r.winners else 0.0)
               for r, side in ((first, 0), (second, 1)))
    return {"a_wins": wins, "rounds": first.rounds + second.rounds}


def match_duel(game: str, a: str, am: float, b: str, bm: float, seeds: int, seed: int = MATCH_DUEL_SEED,
               log: Path | None = None, jobs: int = 1) -> dict[str, Any]:
    """A's match wins (shared wins half, Wilson 95 %) over ``seeds`` match seeds, each played with both seatings.

    Every finished seed is appended to ``log`` (one JSON line), and seeds already there are not played
    again, so an interrupted run resumes where it stopped. ``jobs`` processes play the seeds; the figures
    are the same with any number."""
    from dominolab.play.tournament import wilson

    play = functools.partial(_match_pair, game, a, am, b, bm, seed)

    def report(done: dict[int, dict[str, Any]]) -> None:
        share = sum(r["a_wins"] for r in done.values()) / (2 * len(done))
        print(f"  {game} {a}@{am:g} vs {b}@{bm:g}: {len(done)}/{seeds} seeds, {share:.1%} of matches so far",
              flush=True)

    rows = _play_logged(seeds, "i", log, play, 50, report, jobs)
    wins = sum(r["a_wins"] for r in rows)
    matches = 2 * seeds
    lo, hi = wilson(wins, matches)
    return {"game": game, "a_bot": a, "a_ms": am, "b_bot": b, "b_ms": bm, "unit": "matches", "seeds": seeds,
            "seed": seed, "matches": matches, "rounds": sum(r["rounds"] for r in rows), "a_match_wins": wins,
            "share": round(wins / matches, 4), "ci95": [round(lo, 4), round(hi, 4)],
            "cpu_s": round(sum(r["cpu_s"] for r in rows), 1)}


# -- the confirming protocol (issue 30) ------------------------------------------------------
#
# Every published strength figure of the expert comes from CONFIRM, fixed in this file before a run:
# the duels, their sizes and the claims they test. Their seeds come from a hash of the commit being
# measured (derive_seed), so nobody picks them and nobody can tune on them before the commit exists.
# Tuning (benchmarks/expert_screen.py) uses the family "screen" and refuses the family "confirm".

import hashlib  # noqa: E402
import re  # noqa: E402
from typing import NamedTuple  # noqa: E402

#: The seed families: "screen" for tuning runs, "confirm" for the published figures only.
FAMILIES = ("screen", "confirm")
#: A derived seed is a number below 2**SEED_BITS; a duel of n seeds uses seed .. seed + n - 1.
SEED_BITS = 40


def derive_seed(commit: str, family: str, name: str) -> int:
    """The first seed of duel ``name`` in seed ``family`` for ``commit`` (a full 40-hex commit id).

    ``int(sha256("dominolab:" + commit + ":" + family + ":" + name)[:5 bytes])``: the same on every
    machine, different for every commit, family and duel. A bad commit or family is a ValueError."""
    if not re.fullmatch(r"[0-9a-f]{40}", commit):
        raise ValueError(f"a seed commit is a full 40-digit hex commit id, not {commit!r:.60}")
    if family not in FAMILIES:
        raise ValueError(f"unknown seed family {family!r}; one of {', '.join(FAMILIES)}")
    digest = hashlib.sha256(f"dominolab:{commit}:{family}:{name}".encode()).digest()
    return int.from_bytes(digest[:SEED_BITS // 8], "big")


class ConfirmDuel(NamedTuple):
    """One confirming duel: whole matches of ``a`` at ``a_ms`` against ``b`` at ``b_ms``, ``seeds`` match
    seeds each played with both seatings (2 * seeds matches), and the claim its interval tests."""

    name: str
    game: str
    a: str
    a_ms: float
    b: str
    b_ms: float
    seeds: int
    claim: str          #: "lower>X": the interval's lower bound above X; "upper>=X": its upper bound at least X

    def holds(self, ci95: tuple[float, float] | list[float]) -> bool:
        """Whether an interval supports the claim."""
        kind, _, value = self.claim.partition(">")
        if kind == "lower":
            return ci95[0] > float(value)
        if kind == "upper" and value.startswith("="):
            return ci95[1] >= float(value[1:])
        raise ValueError(f"unknown claim {self.claim!r}")


#: The confirming duels, sizes fixed before any run. Horse Race at the page's budget (expert and strong,
#: the level Expertin and the bot stark: 25 ms each), 1,000 seeds = 2,000 matches (an interval about +-2.2 points
#: wide); the expert's growth with work at 4x (20 ms against 5 ms: the ratio of expert@100 to the expert at a
#: quarter of its CPU cost); Fives and
#: Threes with the expert at a quarter of strong's work (5 against 20 ms), where the claim is only that it
#: is not measurably worse.
CONFIRM: tuple[ConfirmDuel, ...] = (
    ConfirmDuel("hr-equal-work", "horse-race", "expert", 25.0, "strong", 25.0, 1000, "lower>0.52"),
    ConfirmDuel("hr-four-times-work", "horse-race", "expert", 20.0, "expert", 5.0, 1000, "lower>0.5"),
    ConfirmDuel("ft-quarter-work", "fives-and-threes", "expert", 5.0, "strong", 20.0, 1000, "upper>=0.5"),
)
#: Decisions with 2+ legal moves per side and match (greedy self-play: about 4 rounds of 7); the CPU
#: estimates use them.
DECISIONS_PER_MATCH = {"horse-race": 40, "fives-and-threes": 35}
CONFIRM_COMMAND = "python benchmarks/ladder.py confirm [--seed-commit HASH] [--jobs J]"


def full_commit(ref: str = "HEAD") -> str:
    """The full commit id of ``ref`` in this checkout (a ValueError when git cannot tell)."""
    try:
        return subprocess.run(["git", "rev-parse", "--verify", f"{ref}^{{commit}}"], cwd=ROOT, capture_output=True,
                              text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        raise ValueError(f"git does not know the commit {ref!r:.60} here") from None


def tree_is_clean() -> bool:
    """True when no tracked file differs from the commit (what is measured is then the commit)."""
    try:
        out = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=ROOT,
                             capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return False
    return not out.strip()


def confirm_ranges(seed_commit: str) -> list[tuple[str, int, int]]:
    """Every confirming duel's seeds for ``seed_commit``: (name, first, last)."""
    out = []
    for d in CONFIRM:
        first = derive_seed(seed_commit, "confirm", d.name)
        out.append((d.name, first, first + d.seeds - 1))
    return out


def overlaps_confirm(first: int, last: int, seed_commits: list[str]) -> str | None:
    """The confirming duel (as ``name@commit``) whose seeds meet ``first..last`` (round deals and match seeds
    alike), or None."""
    for commit in seed_commits:
        for name, lo, hi in confirm_ranges(commit):
            if first <= hi and lo <= last:
                return f"{name}@{commit[:12]}"
    return None


def protocol_record(code_commit: str, seed_commit: str) -> dict[str, Any]:
    """The protocol as written into ratings.json before the figures: what was run, on which seeds."""
    return {
        "code_commit": code_commit,
        "seed_commit": seed_commit,
        "families": {"screen": "tuning only (benchmarks/expert_screen.py); never published",
                     "confirm": "published figures only; the screening tools refuse these seeds"},
        "seed_derivation": "first seed = int.from_bytes(sha256('dominolab:' + seed_commit + ':' + family + ':' + "
                           f"duel)[:{SEED_BITS // 8}], 'big'); the duel plays seeds first .. first + seeds - 1, "
                           "each with both seatings",
        "duels": [{"name": d.name, "game": d.game, "a": d.a, "a_ms": d.a_ms, "b": d.b, "b_ms": d.b_ms,
                   "seeds": d.seeds, "matches": 2 * d.seeds, "claim": d.claim,
                   "first_seed": derive_seed(seed_commit, "confirm", d.name)} for d in CONFIRM],
        "interval": "Wilson 95 % of the match share of a (shared wins count half)",
        "command": CONFIRM_COMMAND,
    }


def _cpu_per_ms(timing: dict[str, Any], game: str, bot: str, ms: float) -> float:
    """CPU ms per decision per ms of budget of ``bot`` in ``game``: from the measured level of that bot
    whose budget is nearest ``ms`` (the work is a fixed number of steps per ms)."""
    from dominolab.play.levels import LEVELS, UNRATED

    have = [(abs(lv.think_ms - ms), lv) for lv in LEVELS + UNRATED
            if lv.bot == bot and lv.name in timing.get(game, {})]
    if not have:
        raise ValueError(f"no timing of a {bot} level in {game}: run benchmarks/ladder.py leveltiming")
    lv = min(have, key=lambda x: x[0])[1]
    return float(timing[game][lv.name]["cpu_ms_mean"]) / lv.think_ms


def confirm_cpu_hours(timing: dict[str, Any]) -> dict[str, float]:
    """CPU hours of every confirming duel (and ``total``), from per-decision timings (``leveltiming``)."""
    out: dict[str, float] = {}
    for d in CONFIRM:
        per_decision_ms = (d.a_ms * _cpu_per_ms(timing, d.game, d.a, d.a_ms)
                           + d.b_ms * _cpu_per_ms(timing, d.game, d.b, d.b_ms))
        out[d.name] = round(2 * d.seeds * DECISIONS_PER_MATCH[d.game] * per_decision_ms / 3.6e6, 2)
    out["total"] = round(sum(out.values()), 2)
    return out


def _timing_for_estimate() -> dict[str, Any]:
    """The committed level timings (ratings.json: ``leveltiming`` of the last ladder run). They reproduce
    the measured cost of the last Horse Race duel at 25 ms (3,273 CPU s for 1,000 matches; estimated 3,292)."""
    data = json.loads(RATINGS_OUT.read_text())
    return dict(data.get("timing") or {})


def cmd_confirm_estimate(args: argparse.Namespace) -> dict[str, float]:
    """CPU hours the confirming protocol needs (from the level timings)."""
    hours = confirm_cpu_hours(_timing_for_estimate())
    for d in CONFIRM:
        print(f"{d.name}: {d.game} {d.a}@{d.a_ms:g} vs {d.b}@{d.b_ms:g}, {2 * d.seeds} matches: "
              f"about {hours[d.name]:.2f} CPU hours")
    print(f"confirm protocol: about {hours['total']:.1f} CPU hours")
    return hours


def run_confirm(code_commit: str, seed_commit: str, jobs: int = 1, only: str | None = None,
                folder: Path | None = None) -> dict[str, Any]:
    """Play the confirming duels on ``seed_commit``'s confirm seeds with the code as it is (``code_commit``).

    Each duel is logged (one line per seed) under ``folder`` and resumes; the result is the protocol with
    every duel's figures. The same code and seed commit give the same figures to the last digit."""
    folder = folder or CACHE / "confirm" / f"seeds-{seed_commit[:12]}-code-{code_commit[:12]}"
    folder.mkdir(parents=True, exist_ok=True)
    record = protocol_record(code_commit, seed_commit)
    todo = [d for d in CONFIRM if not only or only in d.name]
    tasks = [(d.game, d.a, d.a_ms, d.b, d.b_ms, d.seeds, derive_seed(seed_commit, "confirm", d.name),
              folder / f"{d.name}.jsonl") for d in todo]
    # one duel after the other, each with its seeds shared by ``jobs`` processes (the figures are the same)
    found = [match_duel(*task, jobs=jobs) for task in tasks]
    results = []
    for d, r in zip(todo, found):
        r.update(name=d.name, claim=d.claim, holds=d.holds(r["ci95"]))
        results.append(r)
    record["results"] = results
    return record


def store_confirm(record: dict[str, Any], path: Path) -> dict[str, Any]:
    """Put a confirming run into ``ratings.json``: ``confirm`` holds the runs by (code, seed) commit - the
    published one where code and seed commit agree, others (an older expert on the same seeds) beside it."""
    data = json.loads(path.read_text()) if path.exists() else {}
    runs = [r for r in data.get("confirm", {}).get("runs", [])
            if (r["code_commit"], r["seed_commit"]) != (record["code_commit"], record["seed_commit"])]
    runs.append(record)
    data["confirm"] = {"about": "issue 30: figures from a protocol fixed before the run (see each run's "
                                "'duels', 'seed_derivation' and 'command')",
                       "runs": runs}
    _write_atomic(path, json.dumps(data, indent=1, ensure_ascii=False) + "\n")
    return data


def cmd_confirm(args: argparse.Namespace) -> None:
    """The confirming protocol (see CONFIRM): refuses a changed checkout unless --allow-dirty (then the run
    is kept apart and not stored in ratings.json)."""
    code_commit = full_commit()
    seed_commit = full_commit(args.seed_commit) if args.seed_commit else code_commit
    clean = tree_is_clean()
    if not clean and not args.allow_dirty:
        sys.exit("ladder.py confirm: error: tracked files differ from the commit; commit first "
                 "(the figures must belong to a commit), or --allow-dirty for a run that is not stored")
    folder = CACHE / "confirm" / (f"seeds-{seed_commit[:12]}-code-{code_commit[:12]}" + ("" if clean else "-dirty"))
    for name, lo, hi in confirm_ranges(seed_commit):
        print(f"{name}: seeds {lo}..{hi} (confirm family of {seed_commit[:12]})", flush=True)
    record = run_confirm(code_commit, seed_commit, args.jobs, args.only, folder)
    record["made"] = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    record["machine"] = (f"{platform.system()} {platform.machine()}, {os.cpu_count()} CPUs, "
                         f"{platform.python_implementation()} {platform.python_version()}")
    for r in record["results"]:
        print(f"{r['name']}: {r['a_match_wins']:g}/{r['matches']} = {r['share']:.1%} "
              f"[{r['ci95'][0]:.1%}, {r['ci95'][1]:.1%}] claim {r['claim']}: {'holds' if r['holds'] else 'not shown'}")
    if clean and not args.only:
        store_confirm(record, Path(args.ratings_out))
        print(f"stored in {args.ratings_out}")
    else:
        print("not stored (a changed checkout or --only)")


def cmd_protocol(args: argparse.Namespace) -> None:
    """Print the protocol (seeds and sizes) of the commit, without playing."""
    seed_commit = full_commit(args.seed_commit) if args.seed_commit else full_commit()
    print(json.dumps(protocol_record(full_commit(), seed_commit), indent=1))


def _write_atomic(path: Path, text: str) -> None:
    """Replace ``path`` by ``text`` in one step, so an interruption leaves the old file or the new one."""
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text)
    os.replace(tmp, path)


def cmd_duels(args: argparse.Namespace) -> None:
    """The comparisons of :data:`DUELS` (rounds) and :data:`MATCH_DUELS` (whole matches)
    -> CACHE/levels/duels.json (read by ``rate``)."""
    folder = CACHE / "levels"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "duels.json"
    done = json.loads(path.read_text()) if path.exists() else []

    def key_of(d: dict[str, Any]) -> tuple[Any, ...]:
        return d.get("unit", "rounds"), d["game"], d["a_bot"], d["a_ms"], d["b_bot"], d["b_ms"]

    def store(result: dict[str, Any]) -> None:
        nonlocal done
        done = [d for d in done if key_of(d) != key_of(result)] + [result]
        _write_atomic(path, json.dumps(done, indent=1) + "\n")
        print(json.dumps(result), flush=True)

    todo: list[tuple[Any, tuple[Any, ...]]] = []
    kinds = (("rounds", DUELS, "deals", "duel", duel, DUEL_SEED),
             ("matches", MATCH_DUELS, "seeds", "matchduel", match_duel, MATCH_DUEL_SEED))
    for unit, table, size_key, prefix, fn, seed in kinds:
        for game, a, am, b, bm, size in table:
            if any(key_of(d) == (unit, game, a, am, b, bm) and d[size_key] == size for d in done):
                print(f"done     {game} {a}@{am:g} vs {b}@{bm:g} ({unit})")
                continue
            log = folder / f"{prefix}-{game}-{a}{am:g}-{b}{bm:g}-{seed}.jsonl"
            todo.append((fn, (game, a, am, b, bm, size, seed, log)))
    # one process per duel (up to --jobs); this process alone writes duels.json
    from concurrent.futures import ProcessPoolExecutor, as_completed

    with ProcessPoolExecutor(max_workers=max(1, min(args.jobs, len(todo) or 1))) as pool:
        for future in as_completed([pool.submit(fn, *task) for fn, task in todo]):
            store(future.result())


def cmd_estimate(args: argparse.Namespace) -> None:
    """CPU hours of the full ladder, from the level timings and decisions per match."""
    timing = json.loads((CACHE / "levels" / "timing.json").read_text())
    #: decisions with 2+ legal moves per side and match (greedy self-play, measured: about 4 rounds of 7)
    per_match = {"horse-race": 40, "fives-and-threes": 35}
    by_number = {lv.number: lv for lv in LEVELS}
    total = 0.0
    for game, _, _ in RATED:
        for a, b in LEVEL_PAIRS:
            ms = sum(timing[game].get(by_number[x].name, {}).get("cpu_ms_mean", 0.0) for x in (a, b))
            total += PER_PAIR * per_match[game] * ms / 1000
    print(f"full ladder: about {total / 3600:.1f} CPU hours ({PER_PAIR} matches per pair, {len(LEVEL_PAIRS)} pairs, "
          f"{len(RATED)} seatings)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("step", nargs="?", default="all", choices=["all", "run", "timing", "calibrate", "stay", "assemble", "markdown",
                                                                   "levels", "rate", "leveltiming", "estimate", "duels",
                                                                   "confirm", "confirm-estimate", "protocol"])
    parser.add_argument("--scheduler", help="levels: run on Dask ('local' or a scheduler address)")
    parser.add_argument("--per-pair", type=int, default=PER_PAIR, help="levels/rate: matches per rated pair")
    parser.add_argument("--ratings-out", default=str(RATINGS_OUT))
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--only", help="run only tasks whose id contains this text")
    parser.add_argument("--skip", help="skip tasks whose id contains this text")
    parser.add_argument("--force", action="store_true", help="re-run cached tasks")
    parser.add_argument("--matches", type=int, default=10, help="matches per game for timing/calibrate")
    parser.add_argument("--out", default=str(OUT))
    parser.add_argument("--seed-commit", help="confirm/protocol/levels/rate: take the confirm seeds of this commit "
                                              "(confirm: the before row, an older expert on the new commit's seeds)")
    parser.add_argument("--legacy-seed", action="store_true",
                        help="run/assemble/levels/rate: the fixed seed 1 of the ladder and the ratings before issue 30 "
                             "(else the commit's)")
    parser.add_argument("--allow-dirty", action="store_true",
                        help="confirm: run on a changed checkout (kept apart, not stored)")
    args = parser.parse_args()
    if args.seed_commit:                # a commit git does not know: one line, before anything runs
        try:
            full_commit(args.seed_commit)
        except ValueError as error:
            sys.exit(f"ladder.py: error: {error}")
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
    if args.step == "levels":
        cmd_levels(args)
    if args.step == "leveltiming":
        cmd_leveltiming(args)
    if args.step == "rate":
        cmd_rate(args)
    if args.step == "estimate":
        cmd_estimate(args)
    if args.step == "duels":
        cmd_duels(args)
    if args.step == "confirm":
        cmd_confirm(args)
    if args.step == "confirm-estimate":
        cmd_confirm_estimate(args)
    if args.step == "protocol":
        cmd_protocol(args)


if __name__ == "__main__":
    main()
