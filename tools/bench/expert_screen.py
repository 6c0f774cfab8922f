"""Screen a change of the expert's tuning constants on paired deals (issue 19).

Plays round duels (:func:`tools.ladder.runs.duel`: every deal from 0:0 twice, seats swapped) of the expert
against another bot, once as the expert stands ("base") and once with the constants given by
``--set NAME=VALUE``, on the same deal seeds, and prints both and their paired difference::

    .venv/bin/python -m tools bench expert-screen --set RACE_Z=1.5 --ms 25 --deals 400 --jobs 2
    .venv/bin/python -m tools bench expert-screen --set RACE_Z=1.5 --ms 5 --unit matches --deals 200

Seeds (issue 30): screening runs take the **screen** family of seeds, derived from a commit
(``--seed-commit``, default HEAD) as ``tools.ladder.protocol.derive_seed`` does; ``--seed`` may name another first
seed. A seed range that meets the **confirm** seeds of HEAD or of ``--seed-commit``
(``tools.ladder.protocol.CONFIRM``, the published figures) is refused, and so is ``--family confirm``: tuning never
sees the confirming seeds.

The difference of the mean points per deal pair is taken deal by deal, so the luck of the deal cancels;
what is left is the noise of the play itself (about 0.55 points per deal pair over 400 Horse Race deals at
25 ms, see ``tools/bench/README.md``). Every finished deal is logged under
``$DOMINOLAB_LADDER_CACHE/screens/`` (one file per variant and chunk of seeds; ``--jobs`` sets the chunks):
an interrupted run with the same ``--jobs`` resumes, and the base of a seed range is played once for every
variant screened on it. ``--set`` takes the expert module's upper-case number constants
only (``RACE_Z``, ``BATCH``, ``TURN_LINES``, ``PLAYOUT_HORIZON``, ...); the screen never changes the
package's files.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

from tools import Parser, die_on_interrupt
from typing import Any


from tools.ladder import protocol, runs

from dominolab.core.rules import GAMES
from dominolab.play import expert
from dominolab.core.errors import DominoError
from dominolab.play.bots import check_think
from dominolab.play.levels import BOTS
from dominolab.play.tournament import wilson


#: The constants as the package has them (a pool process restores them before every chunk it plays).
DEFAULTS = {name: value for name, value in vars(expert).items()
            if name.isupper() and isinstance(value, (int, float)) and not isinstance(value, bool)}


def overrides(pairs: list[str]) -> dict[str, int | float]:
    """``NAME=VALUE`` pairs as expert constants of the constant's own type; a bad pair is a ValueError."""
    out: dict[str, int | float] = {}
    for pair in pairs:
        name, sep, text = pair.partition("=")
        have = DEFAULTS.get(name)
        if not sep or have is None:
            raise ValueError(f"--set {pair!r}: expected NAME=VALUE with NAME an upper-case number constant of "
                             "dominolab.play.expert")
        try:
            value: int | float = int(text) if isinstance(have, int) else float(text)
        except ValueError:
            raise ValueError(f"--set {pair!r}: {text!r} is not a{'n integer' if isinstance(have, int) else ' number'}") \
                from None
        if not math.isfinite(value):
            raise ValueError(f"--set {pair!r}: the value must be finite")
        out[name] = value
    return out


def label(changes: dict[str, int | float]) -> str:
    return ",".join(f"{k}={v}" for k, v in sorted(changes.items())) or "base"


def _chunk(args: tuple[dict[str, int | float], str, float, str, float, int, int, str, str]) -> None:
    changes, game, ms, rival, rival_ms, deals, seed, log, unit = args
    for name, value in {**DEFAULTS, **changes}.items():
        setattr(expert, name, value)
    if unit == "matches":
        runs.match_duel(game, "expert", ms, rival, rival_ms, deals, seed, Path(log))
    else:
        runs.duel(game, "expert", ms, rival, rival_ms, deals, seed, Path(log))


def screen_seed(commit: str, game: str, unit: str) -> int:
    """The first screening seed of ``game`` and ``unit`` for ``commit`` (family "screen")."""
    return protocol.derive_seed(commit, "screen", f"{game}-{unit}")


def refused(first: int, last: int, commits: list[str]) -> str | None:
    """Why the seeds ``first..last`` may not be screened on (they meet confirm seeds), or None."""
    hit = protocol.overlaps_confirm(first, last, commits)
    return None if hit is None else (f"seeds {first}..{last} meet the confirm seeds of {hit}: "
                                     "screening never uses the confirm family")


def _rows(logs: list[Path], unit: str = "rounds") -> dict[int, float]:
    """Per seed, points per deal pair (rounds) or match wins of both seatings (matches), the expert's."""
    out: dict[int, float] = {}
    for log in logs:
        start = int(log.stem.rsplit("-", 1)[1])
        if unit == "matches":
            for i, row in runs._logged(log, "i").items():
                out[start + i] = row["a_wins"]
        else:
            for d, row in runs._logged(log, "d").items():
                out[start + d] = row["x"] + row["y"]
    return out


def mean_se(pairs: dict[int, float]) -> tuple[float, float]:
    """The mean of the points per deal pair and its standard error."""
    values = list(pairs.values())
    se = statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return statistics.fmean(values), se


def main() -> None:
    p = Parser(description=__doc__.split("\n\n")[0])
    p.add_argument("--set", action="append", default=[], metavar="NAME=VALUE", help="an expert constant to change")
    p.add_argument("--game", default="horse-race", choices=sorted(GAMES))
    p.add_argument("--ms", type=float, default=25.0, help="the expert's budget (default 25)")
    p.add_argument("--vs", default="strong", choices=sorted(BOTS), help="the other bot (default strong)")
    p.add_argument("--vs-ms", type=float, default=None, help="its budget (default: the expert's)")
    p.add_argument("--deals", type=int, default=400, help="deals (rounds) or match seeds (matches)")
    p.add_argument("--unit", default="rounds", choices=["rounds", "matches"],
                   help="rounds from 0:0 on shared deals (default), or whole matches, each seed both seatings")
    p.add_argument("--seed", type=int, default=None, help="the first seed (default: derived, family screen)")
    p.add_argument("--seed-commit", default=None, help="the commit the screen seeds are derived from (default HEAD)")
    p.add_argument("--family", default="screen", help="the seed family: only 'screen' (confirm is refused)")
    p.add_argument("--jobs", type=int, default=1)
    args = p.parse_args()
    if args.family != "screen":
        p.exit(2, f"expert_screen: error: --family {args.family!r}: screening uses the screen family only; "
                  "the confirm seeds are for python -m tools ladder confirm\n")
    try:
        commits = [protocol.full_commit()]
        if args.seed_commit:
            commits.append(protocol.full_commit(args.seed_commit))
    except ValueError as err:
        p.exit(2, f"expert_screen: error: {err}\n")
    if args.seed is None:
        args.seed = screen_seed(commits[-1], args.game, args.unit)
    why = refused(args.seed, args.seed + max(args.deals, 1) - 1, commits)
    if why:
        p.exit(2, f"expert_screen: error: {why}\n")
    try:
        changes = overrides(args.set)
    except ValueError as err:
        p.exit(2, f"expert_screen: error: {err}\n")
    if not changes:
        p.exit(2, "expert_screen: error: nothing to screen: give at least one --set NAME=VALUE\n")
    rival_ms = args.ms if args.vs_ms is None else args.vs_ms
    try:
        check_think(args.ms)                # the bound every --think has
        check_think(rival_ms)
    except DominoError as err:
        p.exit(2, f"expert_screen: error: --ms/--vs-ms: {err}\n")
    if args.deals < 2 or args.jobs < 1:
        p.exit(2, "expert_screen: error: --deals must be at least 2 and --jobs at least 1\n")
    folder = protocol.CACHE / "screens"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        p.exit(1, f"expert_screen: error: cannot keep the logs in {folder}: {err.strerror}\n")
    size = math.ceil(args.deals / args.jobs)
    plan: dict[str, list[Path]] = {}
    work = []
    for variant in ({}, changes):
        unit = "" if args.unit == "rounds" else "-matches"
        name = f"{args.game}{unit}-expert{args.ms:g}-{args.vs}{rival_ms:g}-{label(variant)}"
        plan[label(variant)] = []
        for start in range(args.seed, args.seed + args.deals, size):
            count = min(size, args.seed + args.deals - start)
            log = folder / f"{name}-{count}-{start}.jsonl"
            plan[label(variant)].append(log)
            work.append((variant, args.game, args.ms, args.vs, rival_ms, count, start, str(log), args.unit))
    pool = ProcessPoolExecutor(max_workers=args.jobs, initializer=die_on_interrupt)
    try:
        list(pool.map(_chunk, work))
    except (KeyboardInterrupt, BrokenProcessPool):
        pool.shutdown(wait=False, cancel_futures=True)
        p.exit(130, f"expert_screen: interrupted; the finished deals are kept in {folder}, "
                    "and the same command resumes\n")
    pool.shutdown()
    base, changed = (_rows(plan[k], args.unit) for k in plan)
    diffs = {d: changed[d] - base[d] for d in base}
    out: dict[str, Any] = {"game": args.game, "unit": args.unit, "expert_ms": args.ms, "vs": args.vs,
                           "vs_ms": rival_ms, "seeds": [args.seed, args.seed + args.deals - 1], "changes": changes}
    what = "points per deal pair" if args.unit == "rounds" else "match wins per seed (of 2)"
    for name, rows in (("base", base), ("variant", changed), ("variant_minus_base", diffs)):
        mean, se = mean_se(rows)
        out[name] = {"mean": round(mean, 3), "se": round(se, 3)}
        if name != "variant_minus_base" and args.unit == "matches":
            wins, n = sum(rows.values()), 2 * len(rows)
            lo, hi = wilson(wins, n)
            out[name].update(share=round(wins / n, 4), ci95=[round(lo, 4), round(hi, 4)], n=n)
        print(f"{name:>20}: {mean:+.3f} ± {se:.3f} {what} over {len(rows)} seeds"
              + (f"; share {out[name]['share']:.1%} [{out[name]['ci95'][0]:.1%}, {out[name]['ci95'][1]:.1%}]"
                 f" of {out[name]['n']}" if "share" in out[name] else ""))
    print(json.dumps(out))
