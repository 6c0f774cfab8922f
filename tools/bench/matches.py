"""Throughput benchmark of the dominolab engine with random play.

Run from the repository root::

    .venv/bin/python -m tools bench matches [--seconds S] [--json] [--profile] [--instructions [ROUNDS]]

Three parts (see tools/bench/README.md):

1. every seating of both games: whole random matches (seeded, ``random_policy``)
   for ``S`` seconds each -> matches/s, rounds/s, moves/s (plays + draws +
   passes), time to build ``match_to_record`` and peak memory (tracemalloc, in
   a separate short pass so tracing does not distort the timings);
2. the PyPI ``dominoes`` library's 4-player block game with random moves;
3. the key figure: single 4-player Horse Race rounds against ``dominoes``
   rounds, measured interleaved (alternating short batches, median of each)
   so machine noise hits both; the ratio dominolab / dominoes.

``--profile`` instead runs cProfile on the 4-player Horse Race round loop and
prints the top 25 functions by tottime; ``--instructions [ROUNDS]`` counts the
instructions per round of both key-figure loops under valgrind (callgrind),
a figure that does not depend on the machine's load.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import resource
import statistics
import sys
import time
import tracemalloc
from pathlib import Path
from typing import Any, TypedDict

import dominolab
from dominolab.core.engine import Match, SettleEvent, random_policy
from dominolab.core.record import match_to_record
from tools import Parser

try:
    import dominoes
except ImportError:  # reported in the output; install with: pip install dominoes==6.1.0
    dominoes = None

SEATINGS = [
    ("horse-race", 2, False),
    ("horse-race", 3, False),
    ("horse-race", 4, False),
    ("horse-race", 4, True),
    ("fives-and-threes", 2, False),
    ("fives-and-threes", 3, False),
    ("fives-and-threes", 4, True),
]


class LabState(TypedDict):
    """The running state of the dominolab key-figure loop (see new_dominolab_state)."""

    rng: random.Random
    seed: int
    match: Match


class DominoesState(TypedDict):
    """The running state of the dominoes key-figure loop (see new_dominoes_state)."""

    rng: random.Random


SHORT = {"horse-race": "Horse Race", "fives-and-threes": "Fives and Threes"}
perf = time.perf_counter
cpu = time.process_time


def seating_label(game: str, players: int, partnerships: bool) -> str:
    return f"{SHORT[game]} {players}" + (" partners" if partnerships else "")


def count_moves(match: Match) -> int:
    """Plays, draws and passes of a match (settlements are not moves)."""
    return sum(1 for r in match.rounds for e in r.events if not isinstance(e, SettleEvent))


def play_match(game: str, players: int, partnerships: bool, seed: int) -> Match:
    return Match(game, players, partnerships, seed=seed).play(random_policy)


# -- part 1: whole matches per seating ------------------------------------------

def _slice(game: str, players: int, partnerships: bool, seconds: float,
           seed: int) -> tuple[int, int, int, float, float, int]:
    """Play seeded random matches for ``seconds``; time play and records separately."""
    matches = rounds = moves = 0
    play_time = record_time = 0.0
    deadline = perf() + seconds
    while True:
        t0 = perf()
        m = play_match(game, players, partnerships, seed)
        t1 = perf()
        match_to_record(m)
        t2 = perf()
        play_time += t1 - t0
        record_time += t2 - t1
        matches += 1
        rounds += len(m.rounds)
        moves += count_moves(m)      # counted outside both timers
        seed += 1
        if t2 >= deadline:
            return matches, rounds, moves, play_time, record_time, seed


def bench_seating(game: str, players: int, partnerships: bool, seconds: float,
                  slices: int = 5, seed: int = 1) -> dict[str, Any]:
    """``slices`` time slices of ``seconds / slices``; rates are medians over the slices."""
    per_slice = []
    totals = [0, 0, 0, 0.0, 0.0]
    for _ in range(slices):
        *vals, seed = _slice(game, players, partnerships, seconds / slices, seed)
        per_slice.append(vals)
        totals = [a + b for a, b in zip(totals, vals)]
    matches, rounds, moves, play_time, record_time = totals
    med = statistics.median
    return {
        "seating": seating_label(game, players, partnerships),
        "game": game, "players": players, "partnerships": partnerships,
        "matches": matches, "rounds": rounds, "moves": moves,
        "play_seconds": play_time, "record_seconds": record_time,
        "matches_per_s": med(m / p for m, r, mv, p, rt in per_slice),
        "rounds_per_s": med(r / p for m, r, mv, p, rt in per_slice),
        "moves_per_s": med(mv / p for m, r, mv, p, rt in per_slice),
        "rounds_per_match": rounds / matches,
        "moves_per_round": moves / rounds,
        "record_us_per_match": med(1e6 * rt / m for m, r, mv, p, rt in per_slice),
        "record_us_per_round": med(1e6 * rt / r for m, r, mv, p, rt in per_slice),
        "record_share": record_time / (play_time + record_time),
    }


def memory_seating(game: str, players: int, partnerships: bool, n: int = 20, seed0: int = 1) -> dict[str, float]:
    """tracemalloc peak (KiB) of playing one match, and of playing it plus building its record."""
    play_peaks, record_peaks = [], []
    tracemalloc.start()
    try:
        for seed in range(seed0, seed0 + n):
            tracemalloc.reset_peak()
            base = tracemalloc.get_traced_memory()[0]
            m = play_match(game, players, partnerships, seed)
            play_peaks.append(tracemalloc.get_traced_memory()[1] - base)
            rec = match_to_record(m)
            record_peaks.append(tracemalloc.get_traced_memory()[1] - base)
            del m, rec
    finally:
        tracemalloc.stop()
    return {"peak_play_kib": max(play_peaks) / 1024, "peak_play_record_kib": max(record_peaks) / 1024}


# -- parts 2 and 3: single rounds --------------------------------------------------

def dominolab_hr4_rounds(seconds: float, state: LabState) -> tuple[int, int, float, float]:
    """Single 4-player Horse Race rounds with random play, for ``seconds``.

    Each round comes from ``Match.new_round()`` (seeded deal, opener by the
    rules or by lot), is played out with ``random_policy`` through
    ``Round.push`` (events kept) and handed back with ``end_round()``; when a
    match is won a new seeded Match starts. Returns (rounds, moves, wall
    seconds, process CPU seconds).
    """
    rng = state["rng"]
    m = state["match"]
    rounds = moves = 0
    c0 = cpu()
    t0 = perf()
    deadline = t0 + seconds
    while True:
        if m.winners:
            state["seed"] += 1
            m = Match("horse-race", 4, seed=state["seed"])
        rnd = m.new_round()
        push = rnd.push
        while rnd.end is None:
            push(random_policy(rnd, rng))
        m.end_round()
        rounds += 1
        ev = rnd.events                   # a settlement, if any, is the last event
        moves += len(ev) - (1 if ev and type(ev[-1]) is SettleEvent else 0)
        now = perf()
        if now >= deadline:
            break
    state["match"] = m
    return rounds, moves, now - t0, cpu() - c0


def new_dominolab_state(seed: int = 1) -> LabState:
    return {"rng": random.Random(seed + 1_000_003), "seed": seed, "match": Match("horse-race", 4, seed=seed)}


def dominoes_rounds(seconds: float, state: DominoesState) -> tuple[int, int, float, float]:
    """The dominoes library's 4-player block game: ``Game.new()`` then random
    valid moves until ``game.result`` is set. Returns (rounds, moves, wall s, CPU s);
    moves are ``len(game.moves)`` (plays and passes)."""
    rng = state["rng"]
    choice = rng.choice
    new = dominoes.Game.new
    rounds = moves = 0
    c0 = cpu()
    t0 = perf()
    deadline = t0 + seconds
    while True:
        g = new()                       # shuffles with the module-level random (seeded in main)
        make_move = g.make_move
        while g.result is None:
            make_move(*choice(g.valid_moves))
        rounds += 1
        moves += len(g.moves)
        now = perf()
        if now >= deadline:
            break
    return rounds, moves, now - t0, cpu() - c0


def new_dominoes_state(seed: int = 1) -> DominoesState:
    random.seed(seed)                   # dominoes deals with random.shuffle
    return {"rng": random.Random(seed)}


def interleaved(seconds_each: float, batches: int) -> dict[str, Any]:
    """Alternate batches of dominolab and dominoes rounds; medians of rounds/s."""
    lab_state, dom_state = new_dominolab_state(), new_dominoes_state()
    # warm-up (imports, interning, caches) outside the measurement
    dominolab_hr4_rounds(0.1, lab_state)
    dominoes_rounds(0.1, dom_state)
    batch = seconds_each / batches
    lab, dom, lab_cpu, dom_cpu = [], [], [], []
    lab_moves = dom_moves = lab_rounds = dom_rounds = 0
    for i in range(batches):
        order = (0, 1) if i % 2 == 0 else (1, 0)   # alternate who goes first
        for who in order:
            if who == 0:
                r, mv, dt, dc = dominolab_hr4_rounds(batch, lab_state)
                lab.append(r / dt)
                lab_cpu.append(r / dc)
                lab_rounds += r
                lab_moves += mv
            else:
                r, mv, dt, dc = dominoes_rounds(batch, dom_state)
                dom.append(r / dt)
                dom_cpu.append(r / dc)
                dom_rounds += r
                dom_moves += mv
    lab_med, dom_med = statistics.median(lab), statistics.median(dom)
    pair_ratios = [a / b for a, b in zip(lab, dom)]   # each pair ran back to back
    return {
        "batches": batches, "batch_seconds": batch,
        "dominolab_rounds_per_s": lab_med, "dominoes_rounds_per_s": dom_med,
        "dominolab_batches": lab, "dominoes_batches": dom,
        "dominolab_moves_per_round": lab_moves / lab_rounds,
        "dominoes_moves_per_round": dom_moves / dom_rounds,
        "ratio": lab_med / dom_med,
        "ratio_median_of_pairs": statistics.median(pair_ratios),
        "dominolab_rounds_per_cpu_s": statistics.median(lab_cpu),
        "dominoes_rounds_per_cpu_s": statistics.median(dom_cpu),
        "ratio_cpu": statistics.median(lab_cpu) / statistics.median(dom_cpu),
        "dominolab_best_rounds_per_s": max(lab), "dominoes_best_rounds_per_s": max(dom),
        "ratio_best": max(lab) / max(dom),
        "pair_ratios": pair_ratios,
    }


def standalone_dominoes(seconds: float) -> dict[str, float]:
    st = new_dominoes_state(7)
    dominoes_rounds(0.1, st)
    r, mv, dt, _ = dominoes_rounds(seconds, st)
    return {"rounds": r, "moves": mv, "rounds_per_s": r / dt, "moves_per_s": mv / dt,
            "moves_per_round": mv / r}


def peak_hr4_round_kib(n: int = 20) -> float:
    """tracemalloc peak of one single 4-player Horse Race round (Match + round + events)."""
    rng = random.Random(5)
    peaks = []
    tracemalloc.start()
    try:
        for seed in range(n):
            tracemalloc.reset_peak()
            base = tracemalloc.get_traced_memory()[0]
            rnd = Match("horse-race", 4, seed=seed).new_round()
            while rnd.end is None:
                rnd.push(random_policy(rnd, rng))
            peaks.append(tracemalloc.get_traced_memory()[1] - base)
            del rnd
    finally:
        tracemalloc.stop()
    return max(peaks) / 1024


def peak_dominoes_kib(n: int = 20) -> float:
    st = new_dominoes_state(3)
    rng = st["rng"]
    peaks = []
    tracemalloc.start()
    try:
        for _ in range(n):
            tracemalloc.reset_peak()
            base = tracemalloc.get_traced_memory()[0]
            g = dominoes.Game.new()
            while g.result is None:
                g.make_move(*rng.choice(g.valid_moves))
            peaks.append(tracemalloc.get_traced_memory()[1] - base)
            del g
    finally:
        tracemalloc.stop()
    return max(peaks) / 1024


# -- profile -------------------------------------------------------------------------

def profile(seconds: float) -> None:
    import cProfile
    import pstats

    state = new_dominolab_state()
    dominolab_hr4_rounds(0.1, state)
    prof = cProfile.Profile()
    prof.enable()
    rounds, moves, dt, _ = dominolab_hr4_rounds(seconds, state)
    prof.disable()
    print(f"cProfile: {rounds} single 4-player Horse Race rounds in {dt:.2f} s "
          f"(profiled, {rounds / dt:,.0f} rounds/s under the profiler)\n")
    pstats.Stats(prof, stream=sys.stdout).strip_dirs().sort_stats("tottime").print_stats(25)


# -- instruction counts (load-independent) ------------------------------------------

def _loop(which: str, n: int) -> None:
    """The key-figure loops for exactly ``n`` rounds (run under valgrind by count_instructions)."""
    if which == "dominolab":
        state = new_dominolab_state()
        rng = state["rng"]
        m = state["match"]
        for _ in range(n):
            if m.winners:
                state["seed"] += 1
                m = Match("horse-race", 4, seed=state["seed"])
            rnd = m.new_round()
            push = rnd.push
            while rnd.end is None:
                push(random_policy(rnd, rng))
            m.end_round()
    else:
        rng = new_dominoes_state()["rng"]
        for _ in range(n):
            g = dominoes.Game.new()
            while g.result is None:
                g.make_move(*rng.choice(g.valid_moves))


def count_instructions(rounds: int) -> int:
    """Instructions per round of both key-figure loops under ``valgrind --tool=callgrind``.

    Each loop runs twice, for 0 and for ``rounds`` rounds; the difference divided by
    ``rounds`` is the cost of one round without the interpreter's start-up.
    """
    import shutil
    import subprocess

    if shutil.which("valgrind") is None:
        print("valgrind is not installed (Debian: apt-get install valgrind)", file=sys.stderr)
        return 1
    which = ["dominolab"] + (["dominoes"] if dominoes is not None else [])
    per_round = {}
    for name in which:
        counts = []
        for n in (0, rounds):
            out = subprocess.run(
                ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
                 "-m", "tools", "bench", "matches", "--_loop", name, str(n)],
                capture_output=True, text=True, check=True).stderr
            counts.append(int(out.split("Collected :")[1].split()[0]))
        per_round[name] = (counts[1] - counts[0]) / rounds
        print(f"{name:>10}: {per_round[name]:>12,.0f} instructions per round ({rounds} rounds)")
    if len(per_round) == 2:
        print(f"     ratio: {per_round['dominoes'] / per_round['dominolab']:.2f} (dominoes / dominolab instructions)")
    return 0


# -- output ------------------------------------------------------------------------

def environment() -> dict[str, str | int | None]:
    return {
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "machine": platform.machine(),
        "system": platform.system(),
        "cpus": os.cpu_count(),
        "dominolab": dominolab.__version__,
        "dominoes": getattr(dominoes, "__version__", None) if dominoes else None,
    }


def print_table(res: dict[str, Any]) -> None:
    env = res["environment"]
    print(f"dominolab {env['dominolab']} benchmark - Python {env['python']} ({env['implementation']}), "
          f"{env['system']} {env['machine']}, {env['cpus']} CPUs, {res['seconds']:g} s per seating\n")
    head = (f"{'seating':<29}{'matches':>8}{'rnd/match':>10}{'mv/rnd':>7}{'rounds/s':>10}"
            f"{'moves/s':>10}{'record us':>10}{'rec %':>6}{'peak KiB':>10}{'+rec KiB':>10}")
    print("1. Whole random matches (random_policy, seeded); record = match_to_record per match")
    print(head)
    print("-" * len(head))
    for row in res["seatings"]:
        print(f"{row['seating']:<29}{row['matches']:>8}{row['rounds_per_match']:>10.2f}"
              f"{row['moves_per_round']:>7.1f}{row['rounds_per_s']:>10,.0f}{row['moves_per_s']:>10,.0f}"
              f"{row['record_us_per_match']:>10,.0f}{100 * row['record_share']:>6.1f}"
              f"{row['peak_play_kib']:>10.1f}{row['peak_play_record_kib']:>10.1f}")
    d = res.get("dominoes")
    if d:
        print(f"{'dominoes 6.1.0 4p block':<29}{'':>8}{'':>10}{d['moves_per_round']:>7.1f}"
              f"{d['rounds_per_s']:>10,.0f}{d['moves_per_s']:>10,.0f}{'':>10}{'':>6}{d['peak_kib']:>10.1f}")
        print("  (the dominoes row is per round: its game is a single deal, and its peak is of one round)")
    print("  moves = plays + draws + passes (settlements not counted); peak KiB = tracemalloc peak of one")
    print("  match (max over 20 seeds), measured in a separate pass; +rec = including its record dict.")
    print(f"  process max RSS: {res['maxrss_mib']:.1f} MiB\n")
    k = res.get("key")
    if k:
        print(f"2. Key figure: single 4-player Horse Race rounds vs dominoes rounds, interleaved "
              f"({k['batches']} x {k['batch_seconds']:.2f} s batches each, medians)")
        print(f"   dominolab Horse Race 4 : {k['dominolab_rounds_per_s']:>9,.0f} rounds/s "
              f"({k['dominolab_moves_per_round']:.1f} moves/round)  batches: "
              + ", ".join(f"{x:,.0f}" for x in k["dominolab_batches"]))
        print(f"   dominoes 4p block game : {k['dominoes_rounds_per_s']:>9,.0f} rounds/s "
              f"({k['dominoes_moves_per_round']:.1f} moves/round)  batches: "
              + ", ".join(f"{x:,.0f}" for x in k["dominoes_batches"]))
        print(f"   ratio dominolab / dominoes = {k['ratio']:.2f} (ratio of the medians); "
              f"median of the {k['batches']} back-to-back pair ratios = {k['ratio_median_of_pairs']:.2f}")
        print(f"   per CPU second (process_time, robust to a shared machine): dominolab "
              f"{k['dominolab_rounds_per_cpu_s']:,.0f}, dominoes {k['dominoes_rounds_per_cpu_s']:,.0f} rounds/s, "
              f"ratio {k['ratio_cpu']:.2f}")
        print(f"   best batch (least disturbed): dominolab {k['dominolab_best_rounds_per_s']:,.0f}, "
              f"dominoes {k['dominoes_best_rounds_per_s']:,.0f} rounds/s, ratio {k['ratio_best']:.2f}")
        print(f"   peak memory of one round (tracemalloc): dominolab {k['dominolab_peak_round_kib']:.1f} KiB, "
              f"dominoes {k['dominoes_peak_round_kib']:.1f} KiB")
    else:
        print("2. Key figure skipped: the dominoes package is not installed (pip install dominoes==6.1.0)")


def main(argv: list[str] | None = None) -> int:
    ap = Parser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=2.0, help="time budget per seating (default 2)")
    ap.add_argument("--json", action="store_true", help="print the results as JSON instead of a table")
    ap.add_argument("--profile", action="store_true",
                    help="cProfile the 4-player Horse Race round loop (top 25 by tottime) and exit")
    ap.add_argument("--instructions", type=int, metavar="ROUNDS", nargs="?", const=400,
                    help="count instructions per round of both key-figure loops under valgrind "
                         "(callgrind; default 400 rounds) and exit - independent of the machine's load")
    ap.add_argument("--_loop", nargs=2, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args._loop:
        _loop(args._loop[0], int(args._loop[1]))
        return 0
    if args.instructions:
        return count_instructions(args.instructions)
    if args.profile:
        profile(args.seconds)
        return 0

    res: dict[str, Any] = {"environment": environment(), "seconds": args.seconds, "seatings": []}
    for game, players, partners in SEATINGS:
        play_match(game, players, partners, 0)          # warm-up
        row = bench_seating(game, players, partners, args.seconds)
        row.update(memory_seating(game, players, partners))
        res["seatings"].append(row)
        if not args.json:
            print(f"  measured {row['seating']}", file=sys.stderr, flush=True)
    if dominoes is not None:
        d = standalone_dominoes(args.seconds)
        d["peak_kib"] = peak_dominoes_kib()
        res["dominoes"] = d
        # 2 x (seconds x 3) of alternating batches, 15 batches of each
        res["key"] = interleaved(args.seconds * 3, 15)
        res["key"]["dominolab_peak_round_kib"] = peak_hr4_round_kib()
        res["key"]["dominoes_peak_round_kib"] = d["peak_kib"]
    res["maxrss_mib"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
    if args.json:
        json.dump(res, sys.stdout, indent=1)
        print()
    else:
        print_table(res)
    return 0
