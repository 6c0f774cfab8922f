"""Generate the best-move puzzles offline: dominolab/lessons/data/puzzles.toml.

Slow by design (the strong bot evaluates each kept position at 40 times the play page's
budget); the book build and the tests only read the file, and a test repeats the
recorded evaluation of a sample. Usage:

    python -m tools puzzles [--per-game 20] [--think-ms 1000]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from tools import ROOT, Parser

from dominolab.lessons import puzzles
from dominolab.lessons.files import parse_text

OUT = ROOT / "dominolab" / "lessons" / "data" / "puzzles.toml"


def main() -> int:
    ap = Parser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--per-game", type=int, default=16)
    ap.add_argument("--think-ms", type=float, default=puzzles.THINK_MS)
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument("--game", action="append", help="only this game (default: both)")
    ap.add_argument("--merge", type=Path, nargs="*", default=[],
                    help="instead of searching, merge these puzzle files into --out")
    ap.add_argument("--explain", action="store_true",
                    help="instead of searching, repeat the recorded evaluation of every puzzle in --out and "
                         "write its parts and reasons (the values must come out the same)")
    args = ap.parse_args()
    start = time.monotonic()
    found = []
    if args.explain:
        found = [puzzles.explained(ex) for ex in parse_text(args.out.read_text(encoding="utf-8"), str(args.out))[1]]
        text = puzzles.to_toml(found)
        parse_text(text, str(args.out))
        args.out.write_text(text, encoding="utf-8")
        print(f"{len(found)} puzzles explained in {time.monotonic() - start:.0f} s -> {args.out}")
        return 0
    if args.merge:
        for path in args.merge:
            found += parse_text(path.read_text(encoding="utf-8"), str(path))[1]
        args.out.write_text(puzzles.to_toml(found), encoding="utf-8")
        print(f"{len(found)} puzzles -> {args.out}")
        return 0
    for game in args.game or ("horse-race", "fives-and-threes"):
        found += puzzles.find(game, args.per_game, think_ms=args.think_ms,
                              log=lambda m: print(f"{time.monotonic() - start:7.1f}s {m}", flush=True))
    text = puzzles.to_toml(found)
    parse_text(text, str(args.out))          # the file must load and every puzzle solve
    args.out.write_text(text, encoding="utf-8")
    print(f"{len(found)} puzzles in {time.monotonic() - start:.0f} s -> {args.out}")
    return 0
