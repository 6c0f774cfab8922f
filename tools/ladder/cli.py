"""``python -m tools ladder STEP``: how strong the bots are, and the numbers players ask about.

The bot ladder (tools/bench/README.md, section "Ladder"): ``run`` plays the tasks (cached), ``timing``
measures the real time per strong move, ``calibrate`` the play-outs per CPU millisecond, ``stay`` the
plays and points from staying on turn, ``assemble`` writes ``dominolab/data/ladder.json``, ``markdown``
prints the README's tables; ``all`` (the default) runs the first five in this order.

The rated ladder of levels (Bradley-Terry ratings with 95 % intervals, ``dominolab/data/ratings.json``):
``levels`` plays every rated pair (resumable results files in ``CACHE/levels``; ``--scheduler`` runs the
matches on a Dask cluster with the same results), ``leveltiming`` measures CPU ms per decision of every
level, ``rate`` writes the ratings, ``estimate`` tells the CPU hours of the full ladder, ``duels`` plays
the expert on shared deals (issue 19).

The confirming protocol (issue 30): ``protocol`` prints the seeds and sizes (nothing played),
``confirm-estimate`` the CPU hours, ``confirm`` plays the duels of the commit's confirm seeds and stores
them in ``ratings.json`` (key ``confirm``); ``--seed-commit`` plays the code as it is on another commit's
seeds (the "before" row of a before/after table).

Every task is a tournament with a seed derived from the commit, so the figures are reproducible to the
last digit; finished work is cached (``DOMINOLAB_LADDER_CACHE``, default /tmp/dominolab-ladder-cache), so
a long run can be split and resumed. The committed files are replaced only by complete, checked ones.
"""

from __future__ import annotations

import argparse
from typing import Any, Callable, NamedTuple

from tools import Parser, positive_int
from tools.ladder import protocol, publishing, runs


class Step(NamedTuple):
    run: Callable[[argparse.Namespace], Any]
    summary: str


#: The steps of ``python -m tools ladder STEP``, in the order ``--help`` lists them.
STEPS: dict[str, Step] = {
    "run": Step(runs.cmd_run, "play the bot ladder's tasks (cached)"),
    "timing": Step(runs.cmd_timing, "real time per decision of the strong bot"),
    "calibrate": Step(runs.cmd_calibrate, "play-outs per CPU millisecond"),
    "stay": Step(runs.cmd_stay, "plays and points from staying on turn (Horse Race)"),
    "assemble": Step(publishing.cmd_assemble, "-> dominolab/data/ladder.json"),
    "markdown": Step(publishing.cmd_markdown, "the ladder tables of tools/bench/README.md"),
    "levels": Step(runs.cmd_levels, "play every rated pair of levels (resumable)"),
    "leveltiming": Step(runs.cmd_leveltiming, "CPU ms per decision of every level"),
    "rate": Step(publishing.cmd_rate, "Bradley-Terry ratings -> dominolab/data/ratings.json"),
    "estimate": Step(protocol.cmd_estimate, "CPU hours of the full ladder"),
    "duels": Step(runs.cmd_duels, "the expert on shared deals (issue 19)"),
    "protocol": Step(protocol.cmd_protocol, "the confirming protocol's seeds and sizes, nothing played"),
    "confirm-estimate": Step(protocol.cmd_confirm_estimate, "CPU hours of the confirming runs"),
    "confirm": Step(runs.cmd_confirm, "play the confirming duels and store them in ratings.json"),
}
#: What ``all`` (the default step) runs, in this order.
ALL = ("run", "timing", "calibrate", "stay", "assemble")


def parser() -> Parser:
    steps = "\n".join(f"  {name:<17} {step.summary}" for name, step in STEPS.items())
    p = Parser(description=(__doc__ or "").split("\n\n")[0].split(": ", 1)[1],
               epilog=f"steps:\n  {'all':<17} {', '.join(ALL)} (the default)\n{steps}",
               formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("step", nargs="?", default="all", choices=["all", *STEPS], metavar="STEP",
                   help="what to do (below; default: all)")
    p.add_argument("--scheduler", help="levels: run on Dask ('local' or a scheduler address)")
    p.add_argument("--per-pair", type=positive_int, default=protocol.PER_PAIR,
                   help="levels/rate: matches per rated pair (default: %(default)s)")
    p.add_argument("--ratings-out", default=str(protocol.RATINGS_OUT), help="rate/confirm: the ratings file")
    p.add_argument("--jobs", type=positive_int, default=2, help="processes (default: %(default)s)")
    p.add_argument("--only", help="run only tasks whose id contains this text")
    p.add_argument("--skip", help="skip tasks whose id contains this text")
    p.add_argument("--force", action="store_true", help="re-run cached tasks")
    p.add_argument("--matches", type=positive_int, default=10, help="matches per game for timing/calibrate")
    p.add_argument("--out", default=str(protocol.OUT), help="assemble/markdown: the ladder file")
    p.add_argument("--seed-commit", help="confirm/protocol/levels/rate: take the confirm seeds of this commit "
                                         "(confirm: the before row, an older expert on the new commit's seeds)")
    p.add_argument("--legacy-seed", action="store_true",
                   help="run/assemble/levels/rate: the fixed seed 1 of the ladder and the ratings before issue 30 "
                        "(else the commit's)")
    p.add_argument("--allow-dirty", action="store_true",
                   help="confirm: run on a changed checkout (kept apart, not stored)")
    return p


def main(argv: list[str]) -> int:
    args = parser().parse_args(argv)
    protocol.check_seed_commit(args)
    for name in ALL if args.step == "all" else (args.step,):
        STEPS[name].run(args)
    return 0
