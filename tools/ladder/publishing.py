"""The ladder's publishing: the steps that write what is committed - the bot ladder
(``dominolab/data/ladder.json``, :func:`cmd_assemble`), the levels' ratings (``dominolab/data/ratings.json``,
:func:`cmd_rate`), the confirming runs beside them (:func:`store_confirm`) - and the README's tables
(:func:`cmd_markdown`). Every file is checked before it is written and written beside its place first
(:func:`tools.write_atomic`): bad or missing results leave the committed file as it was.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
from pathlib import Path
from typing import Any

from dominolab.play import bots as bots_module
from dominolab.play import expert as expert_module
from dominolab.play.levels import LEVELS
from dominolab.play.ratings import bradley_terry
from dominolab.play.tournament import match_from_json, match_to_json
from tools import ToolError, write_atomic
from tools.ladder import protocol
from tools.ladder.protocol import (ANCHOR, ANCHOR_RATING, LEVEL_PAIRS, PAGE_SEATING, PER_PAIR, RATED, SEED, THINK_MS,
                                   _commit, ladder_seed, level_task_id, levels_seed, read_json, tasks)


def cmd_assemble(args: argparse.Namespace) -> None:
    results = []
    missing = []
    seed, folder = ladder_seed(args)
    for task in tasks():
        path = folder / f"{task['id']}.json"
        if path.exists():
            results.append(read_json(path, "a finished task"))
        else:
            missing.append(task["id"])
    extra = {}
    for name in ("timing", "calibrate", "stay"):
        path = protocol.CACHE / f"{name}.json"
        extra[name] = read_json(path, f"the {name} figures") if path.exists() else None
    data = {
        "format": "dominolab.ladder/1",
        "made": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "commit": os.environ.get("DOMINOLAB_LADDER_COMMIT") or _commit(),
        "machine": f"{platform.system()} {platform.machine()}, {os.cpu_count()} CPUs, "
                   f"{platform.python_implementation()} {platform.python_version()}",
        "command": "python -m tools ladder",
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
    if not results:
        raise ToolError(f"no finished tasks in {folder} (python -m tools ladder run plays them); {out} is unchanged")
    write_atomic(out, json.dumps(data, indent=1, ensure_ascii=False) + "\n")
    print(f"wrote {out}: {len(results)} tasks" + (f", missing: {', '.join(missing)}" if missing else ""))


def cmd_markdown(args: argparse.Namespace) -> None:
    """Print the ladder tables of tools/bench/README.md from the JSON file."""
    from dominolab.play.tournament import wilson

    data = read_json(Path(args.out), "the ladder")
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


def _level_tallies(per_pair: int | None, folder: Path | None = None) -> dict[str, list[dict[str, Any]]]:
    """Per rated seating: every pair's wins from the results files (the first ``per_pair`` matches)."""
    by_number = {lv.number: lv for lv in LEVELS}
    out: dict[str, list[dict[str, Any]]] = {}
    for game, players, partnerships in RATED:
        key = f"{game}-{players}{'p' if partnerships else 'i'}"
        rows = out[key] = []
        for a, b in LEVEL_PAIRS:
            path = (folder or protocol.CACHE / "levels") / f"{level_task_id(game, players, partnerships, a, b)}.jsonl"
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
    timing_path = protocol.CACHE / "levels" / "timing.json"
    timing = read_json(timing_path, "the level timings") if timing_path.exists() else None
    page_path = protocol.CACHE / "levels" / "page_timing.json"
    runs_path = protocol.CACHE / "levels" / "runs.jsonl"
    runs = _runs_log(runs_path)
    out = Path(args.ratings_out)
    _check_complete(tallies, pairs_folder, args.per_pair, out)
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
        "command": "python -m tools ladder levels && python -m tools ladder rate"
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
        # ms per decision in the page's Pyodide (tools/bench/page_levels.py --save), if measured
        "page_timing": read_json(page_path, "the page's timings") if page_path.exists() else None,
        # the duels of `duels` (hand-picked seeds, issue 19) are exploration and stay in the cache; what is
        # published of the expert's strength is the confirming protocol's (key "confirm", cmd_confirm)
        "runs": {"worker_cpu_hours_at_most": round(cpu_s / 3600, 2), "tasks": len(runs),
                 "workers": sorted({r["workers"] for r in runs if r["workers"]})},
    }
    if out.exists():                    # the confirming runs (cmd_confirm) stay beside the new ratings
        old = read_json(out, "the ratings to replace")
        kept = old.get("confirm") if isinstance(old, dict) else None
        if kept:
            data["confirm"] = kept
    write_atomic(out, json.dumps(data, indent=1, ensure_ascii=False) + "\n")
    for st in seatings:
        print(st["key"] + ": " + ", ".join(f"{LEVELS[r['level'] - 1].name} {r['rating']:.0f} "
                                           f"[{r['ci95'][0]:.0f}, {r['ci95'][1]:.0f}]" for r in st["ratings"]
                                           if r["rating"] is not None))
    print(f"wrote {out} (complete: {complete})")
    return data


def store_confirm(record: dict[str, Any], path: Path) -> dict[str, Any]:
    """Put a confirming run into ``ratings.json``: ``confirm`` holds the runs by (code, seed) commit - the
    published one where code and seed commit agree, others (an older expert on the same seeds) beside it."""
    data = read_json(path, "the ratings") if path.exists() else {}
    if not isinstance(data, dict):
        raise ToolError(f"the ratings: {path} is not a ratings file")
    runs = [r for r in data.get("confirm", {}).get("runs", [])
            if (r["code_commit"], r["seed_commit"]) != (record["code_commit"], record["seed_commit"])]
    runs.append(record)
    data["confirm"] = {"about": "issue 30: figures from a protocol fixed before the run (see each run's "
                                "'duels', 'seed_derivation' and 'command')",
                       "runs": runs}
    write_atomic(path, json.dumps(data, indent=1, ensure_ascii=False) + "\n")
    return data


def _runs_log(path: Path) -> list[dict[str, Any]]:
    """The log of the rated pairs' runs (one JSON line per run); a line that is not a run is a ToolError."""
    if not path.exists():
        return []
    rows = []
    for number, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
        try:
            row = json.loads(line)
            float(row["wall_s"]), row["workers"]
        except (ValueError, KeyError, TypeError):
            raise ToolError(f"the runs' log: line {number} of {path} is not a run") from None
        rows.append(row)
    return rows


def _check_complete(tallies: dict[str, list[dict[str, Any]]], folder: Path, per_pair: int | None, out: Path) -> None:
    """Refuse (before anything is written) ratings that would lack a rated pair, and an incomplete rating
    (fewer than :data:`PER_PAIR` matches of some pair) in place of the committed ratings file: those are
    written only to another file (``--ratings-out``)."""
    missing = [f"{key} L{a}-L{b}" for (game, players, partnerships), (key, rows) in zip(RATED, tallies.items())
               for a, b in LEVEL_PAIRS if not any(r["a"] == a and r["b"] == b and r["matches"] for r in rows)]
    if missing:
        raise ToolError(f"no results of {len(missing)} rated pairs (first {missing[0]}); {out.name} is unchanged "
                        f"(python -m tools ladder levels plays them into {folder})")
    short = [f"{key} L{r['a']}-L{r['b']} ({r['matches']})" for key, rows in tallies.items() for r in rows
             if r["matches"] < PER_PAIR]
    if short and out.resolve() == protocol.RATINGS_OUT.resolve():
        raise ToolError(f"{len(short)} rated pairs have fewer than {PER_PAIR} matches (e.g. {short[0]}); the "
                        f"committed {out.name} stays as it is (--ratings-out FILE writes an incomplete rating)")
