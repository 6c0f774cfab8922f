"""``dominolab simulate``: seeded matches between bots, a summary per side, optional records."""

from __future__ import annotations

import argparse
import random
import re
import sys
from pathlib import Path
from typing import Any, Callable, Iterator

from dominolab.cli.common import (EXIT_INTERRUPTED, EXIT_OK, EXIT_USAGE, RawFormatter, add_jobs_argument,
                                  add_matches_argument, add_record_dir_arguments, add_seating_arguments,
                                  add_seed_argument, add_think_argument, os_reason, plural, report, table, the_game,
                                  wrap)
from dominolab.cli.recorddir import prepare_record_dir, record_name
from dominolab.core.errors import DominoError, visible
from dominolab.core.rules import GameRules

def _policy(name: str, think_ms: float | None) -> Callable[..., Any]:
    """The engine's policy of that name, or a bot seeing only its seat (:func:`dominolab.play.levels.policy`)."""
    from dominolab.play.levels import policy

    return policy(name, think_ms=think_ms)


def _iter_matches(task: tuple[GameRules, int, bool, str, float | None, bool, list[int]]) -> Iterator[tuple[Any, ...]]:
    """Play a chunk of matches one after the other: per match its summary and record."""
    from dominolab.core.engine import Match
    from dominolab.core.record import match_to_record

    game, players, partnerships, policy_name, think_ms, want_records, seeds = task
    policy = _policy(policy_name, think_ms)
    for seed in seeds:
        match = Match(game, players, partnerships, seed=seed).play(policy)
        yield (len(match.rounds), list(match.winners), list(match.scores),
               match_to_record(match) if want_records else None)


def _results(tasks: Iterator[tuple[GameRules, int, bool, str, float | None, bool, list[int]]], jobs: int) -> Iterator[tuple[Any, ...]]:
    """Per-match results in match order, serial or from ``jobs`` processes (same results; streamed)."""
    from dominolab.play.pool import ordered_results

    return ordered_results(_iter_matches, tasks, jobs)


class _Tally:
    """Running summary of finished matches (flat memory, however many matches)."""

    def __init__(self) -> None:
        self.count = 0
        self.wins: list[int] = []
        self.shared: list[int] = []
        self.score_sums: list[int] = []
        self.rounds_sum = 0
        self.rounds_min = 0
        self.rounds_max = 0

    def add(self, n_rounds: int, winners: list[int], scores: list[int]) -> None:
        if not self.count:
            self.wins = [0] * len(scores)
            self.shared = [0] * len(scores)
            self.score_sums = [0] * len(scores)
            self.rounds_min = self.rounds_max = n_rounds
        self.count += 1
        for side in winners:
            self.wins[side] += 1
            if len(winners) > 1:
                self.shared[side] += 1
        for side, score in enumerate(scores):
            self.score_sums[side] += score
        self.rounds_sum += n_rounds
        self.rounds_min = min(self.rounds_min, n_rounds)
        self.rounds_max = max(self.rounds_max, n_rounds)

    def print(self, partnerships: bool) -> None:
        def side_name(s: int) -> str:
            return f"seats {s} and {s + 2}" if partnerships else f"seat {s}"

        n = self.count
        rows = [[f"side {side} ({side_name(side)})", str(self.wins[side]), str(self.shared[side]),
                 f"{100 * self.wins[side] / n:.1f}%", f"{self.score_sums[side] / n:.1f}"]
                for side in range(len(self.wins))]
        print(table(["side", "wins", "shared", "win rate", "mean final score"], rows))
        print()
        print(table(["matches", "rounds/match (mean)", "min", "max", "points/round (all sides)"],
                     [[str(n), f"{self.rounds_sum / n:.2f}", str(self.rounds_min), str(self.rounds_max),
                       f"{sum(self.score_sums) / self.rounds_sum:.2f}"]]))


def _tasks(args: argparse.Namespace, rules: GameRules, policy: str, want_records: bool,
           size: int) -> Iterator[tuple[GameRules, int, bool, str, float | None, bool, list[int]]]:
    """Chunks of per-match seeds, drawn lazily from the run's seed (the same for any --jobs)."""
    seeds_rng = random.Random(args.seed)
    left = args.matches
    while left:
        take = min(size, left)
        left -= take
        yield (rules, args.players, args.partnerships, policy, args.think_ms, want_records,
               [seeds_rng.getrandbits(63) for _ in range(take)])


def cmd_simulate(args: argparse.Namespace) -> int:
    from dominolab.play.pool import DeferredInterrupt

    rules = the_game(args)
    rules.seating(args.players, args.partnerships)   # fail before any work is done
    from dominolab.play.levels import file_label, resolve

    policy_name = args.policy
    try:
        level = resolve(policy_name, args.think_ms, bots=True)   # a bad name or budget fails now, not in a worker
    except DominoError as error:
        raise DominoError(f"--policy {error}") from None
    label = file_label(level.label)                  # strong, strong-25ms: no @ in a file name

    def name_of(number: int) -> str:
        return record_name(rules, args.players, args.partnerships, label, args.seed, number)

    prefix = name_of(1)[: -len("00001.json")]

    def planned(name: str) -> bool:
        m = re.fullmatch(re.escape(prefix) + r"([0-9]{5,})\.json", name)
        return m is not None and 1 <= int(m.group(1)) <= args.matches and name == name_of(int(m.group(1)))

    record_dir: Path | None = None
    if args.record_dir is not None:
        record_dir, stale = prepare_record_dir(args.record_dir, planned, args.overwrite)
        for old in stale:
            old.unlink()
    jobs = min(args.jobs, args.matches)
    size = max(1, min(50, args.matches // (4 * jobs))) if jobs > 1 else 1

    from tqdm import tqdm

    from dominolab.core.record import write_record

    tally = _Tally()
    interrupted = False
    failed: OSError | None = None
    bar = tqdm(total=args.matches, desc=f"{visible(rules.title, newlines=False)} matches", unit="match",
               disable=args.quiet, file=sys.stderr)
    try:
        for n_rounds, winners, scores, record in _results(_tasks(args, rules, policy_name, record_dir is not None,
                                                                 size), jobs):
            with DeferredInterrupt():
                if record_dir is not None:
                    write_record(record, record_dir / name_of(tally.count + 1))
                tally.add(n_rounds, winners, scores)
            bar.update(1)
    except KeyboardInterrupt:
        interrupted = True
    except OSError as exc:                  # e.g. the disk is full: keep what is complete, say so
        failed = exc
    finally:
        bar.close()
    if tally.count:
        tally.print(args.partnerships)
    if record_dir is not None:
        print(f"\n{plural(tally.count, 'record')} written to {record_dir}/")
    if failed is not None:
        report(f"--record-dir: writing record {tally.count + 1} failed: {os_reason(failed)}; "
               f"{plural(tally.count, 'complete record')} kept")
        return EXIT_USAGE
    if interrupted:
        report(f"interrupted after {tally.count:,} of {plural(args.matches, 'match', 'matches')}"
               f"{'; the summary above covers those' if tally.count else ''}")
        return EXIT_INTERRUPTED
    return EXIT_OK


def add_parser(sub: Any) -> None:
    """Register ``dominolab simulate``."""
    p = sub.add_parser("simulate", help="play seeded matches between bots, optionally writing records",
                       description=wrap("Play whole matches with every seat using the same policy and print a "
                                   "summary per side. The same seed gives the same matches, also with --jobs. "
                                   "Ctrl-C stops after the last finished match and prints its summary."),
                       epilog="example: dominolab simulate --game fives-and-threes --players 4 --partnerships "
                              "--matches 100 --seed 1 --record-dir records",
                       formatter_class=RawFormatter)
    add_seating_arguments(p)
    add_matches_argument(p, 1)
    add_seed_argument(p, 0)
    from dominolab.play.levels import BOT_THINK_MS, level_choices

    p.add_argument("--policy", default="random", metavar="POLICY",
                   help=f"how every seat chooses its moves: a bot or level by its number, name or German name, "
                        f"NAME@MS for a budget of its own: {level_choices()}; a search bot's bare name (strong, "
                        f"expert) thinks {BOT_THINK_MS:g} ms (default: random)")
    add_think_argument(p, dest="think_ms", levels=False)
    p.set_defaults(think_ms=None)                    # --think given overrides; else each name's own budget
    add_jobs_argument(p)
    add_record_dir_arguments(p)
    p.set_defaults(func=cmd_simulate)
