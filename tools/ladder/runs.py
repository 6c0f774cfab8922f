"""The ladder's runs: the steps that play (the bot ladder's tasks, the rated pairs of levels, timings, the
duels and the confirming protocol). What they play is fixed in :mod:`tools.ladder.protocol`; every run
keeps what it finished in the cache (``DOMINOLAB_LADDER_CACHE``), so an interrupted run resumes. Nothing
here writes a committed file except :func:`cmd_confirm`, through :func:`tools.ladder.publishing.store_confirm`.
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
import sys
import time
from pathlib import Path
from typing import Any

from dominolab.core.engine import Match
from dominolab.core.rules import get_game
from dominolab.core.view import view_of
from dominolab.play import bots as bots_module
from dominolab.play.bots import StrongBot
from dominolab.play.levels import LEVELS, POLICIES, UNRATED, make_bot, make_level_bot
from dominolab.play.tournament import match_to_json, run_tournament
from tools import ToolError, die_on_interrupt, write_atomic
from tools.ladder import protocol
from tools.ladder.protocol import (DUEL_SEED, DUELS, GAMES, LEVEL_PAIRS, MATCH_DUEL_SEED, MATCH_DUELS, RATED, SAMPLE_MATCHES,
                                   SEATINGS, SEED, STAY_MATCHES, THINK_MS, confirm_ranges, derive_seed, ladder_seed,
                                   level_task_id, levels_seed, protocol_record, tasks)
from tools.ladder.publishing import store_confirm


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
        write_atomic(path, json.dumps(data, indent=1) + "\n")
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
    protocol.CACHE.mkdir(parents=True, exist_ok=True)
    write_atomic(protocol.CACHE / "timing.json", json.dumps(out, indent=1) + "\n")
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
    protocol.CACHE.mkdir(parents=True, exist_ok=True)
    write_atomic(protocol.CACHE / "calibrate.json", json.dumps(out, indent=1) + "\n")
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
    protocol.CACHE.mkdir(parents=True, exist_ok=True)
    write_atomic(protocol.CACHE / "stay.json", json.dumps(out, indent=1) + "\n")
    return out


def cmd_levels(args: argparse.Namespace) -> None:
    """Play every rated pair (resumable; see the module text)."""
    by_number = {lv.number: lv for lv in LEVELS}
    folder = protocol.CACHE / "levels"
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
    (protocol.CACHE / "levels").mkdir(parents=True, exist_ok=True)
    write_atomic(protocol.CACHE / "levels" / "timing.json", json.dumps(out, indent=1) + "\n")
    return out


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

            with ProcessPoolExecutor(max_workers=jobs, initializer=die_on_interrupt) as pool:
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


# -- the confirming protocol (issue 30; what it plays: tools.ladder.protocol.CONFIRM) ------------------


def run_confirm(code_commit: str, seed_commit: str, jobs: int = 1, only: str | None = None,
                folder: Path | None = None) -> dict[str, Any]:
    """Play the confirming duels on ``seed_commit``'s confirm seeds with the code as it is (``code_commit``).

    Each duel is logged (one line per seed) under ``folder`` and resumes; the result is the protocol with
    every duel's figures. The same code and seed commit give the same figures to the last digit."""
    folder = folder or protocol.CACHE / "confirm" / f"seeds-{seed_commit[:12]}-code-{code_commit[:12]}"
    folder.mkdir(parents=True, exist_ok=True)
    record = protocol_record(code_commit, seed_commit)
    todo = [d for d in protocol.CONFIRM if not only or only in d.name]
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


def cmd_confirm(args: argparse.Namespace) -> None:
    """The confirming protocol (see tools.ladder.protocol.CONFIRM): refuses a changed checkout unless --allow-dirty (then the run
    is kept apart and not stored in ratings.json)."""
    code_commit = protocol.full_commit()
    seed_commit = protocol.full_commit(args.seed_commit) if args.seed_commit else code_commit
    clean = protocol.tree_is_clean()
    if not clean and not args.allow_dirty:
        sys.exit("tools ladder confirm: error: tracked files differ from the commit; commit first "
                 "(the figures must belong to a commit), or --allow-dirty for a run that is not stored")
    folder = protocol.CACHE / "confirm" / (f"seeds-{seed_commit[:12]}-code-{code_commit[:12]}" + ("" if clean else "-dirty"))
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


def cmd_duels(args: argparse.Namespace) -> None:
    """The comparisons of :data:`DUELS` (rounds) and :data:`MATCH_DUELS` (whole matches)
    -> CACHE/levels/duels.json (read by ``rate``)."""
    folder = protocol.CACHE / "levels"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "duels.json"
    done = protocol.read_json(path, "the duels' results") if path.exists() else []
    if not isinstance(done, list):
        raise ToolError(f"the duels' results: {path} is not a list of duels")

    def key_of(d: dict[str, Any]) -> tuple[Any, ...]:
        return d.get("unit", "rounds"), d["game"], d["a_bot"], d["a_ms"], d["b_bot"], d["b_ms"]

    def store(result: dict[str, Any]) -> None:
        nonlocal done
        done = [d for d in done if key_of(d) != key_of(result)] + [result]
        write_atomic(path, json.dumps(done, indent=1) + "\n")
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

    with ProcessPoolExecutor(max_workers=max(1, min(args.jobs, len(todo) or 1)), initializer=die_on_interrupt) as pool:
        for future in as_completed([pool.submit(fn, *task) for fn, task in todo]):
            store(future.result())
