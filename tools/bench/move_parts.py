"""What splitting values into parts costs (issue 28, point 1): the search with and without the parts.

The advisor's search (the strong bot at the review budget, :data:`dominolab.play.review.REVIEW_THINK_MS`)
of every decision with a choice of one seat of a golden Horse Race match, run alternately without the
parts (what ``choose`` does) and with them (what ``evaluate`` does), ``--rounds`` times each; printed
are the CPU seconds of both (the smallest of the rounds: on two shared cores the least disturbed) and
the extra share. The parts change no value and draw no random number (``tests/play/test_move_parts.py``).

    .venv/bin/python -m tools bench move-parts [--record FILE] [--seat S] [--rounds N]
"""

from __future__ import annotations

import argparse
import random
import time
from pathlib import Path

from dominolab.core.record import load_record
from dominolab.play.bots import StrongBot
from dominolab.play.review import REVIEW_THINK_MS, _decisions, match_of_record

from tools import ROOT, Parser
RECORD = ROOT / "tests" / "golden" / "horse-race-3i-greedy-seed2.record.json"


def main() -> None:
    parser = Parser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--record", type=Path, default=RECORD)
    parser.add_argument("--seat", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    match = match_of_record(load_record(args.record), args.record.name)
    decisions = [d for d in _decisions(match, [args.seat]) if len(d.view.legal_moves()) > 1]
    bot = StrongBot(REVIEW_THINK_MS)

    def run(parts: bool) -> float:
        cpu = time.process_time()
        for d in decisions:
            rng = random.Random()
            rng.setstate(d.rng_state)
            bot._search(d.view, rng, [] if parts else None)
        return time.process_time() - cpu

    plain, split = [], []
    for _ in range(args.rounds):
        plain.append(run(False))
        split.append(run(True))
    a, b = min(plain), min(split)
    print(f"{args.record.name}, seat {args.seat}: {len(decisions)} decisions with a choice at {REVIEW_THINK_MS:g} ms")
    print(f"without parts {a:.2f} s CPU, with parts {b:.2f} s CPU: +{(b - a) / a:.1%}")
