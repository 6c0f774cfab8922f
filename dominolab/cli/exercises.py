"""``dominolab exercises``: every exercise with its position, question, kind, rule ids and the engine's answers."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from dominolab.cli.common import RawFormatter
from dominolab.core.rules import GAMES

_EPILOG = """The answers are computed by the engine from each position, never read from a file.
JSON (--json): {"format": "dominolab.exercises/1", "exercises": [...]}; each exercise has id, lesson,
kind, game, players, partnerships, layout, hands, stock, to_move, scores, rules, question, version,
move/tile/goal where the kind uses them, and answers: placements in the contract's notation
([1|1]@[1|4].low), {"sum": 10, "points": 2} or {"side-0": 3, ...} for numbers (integers), or one of
the tokens continue, turn-passes, draw, play-drawn, pass, round-ends; best-move puzzles add
expected_points per move (decimals) and puzzle (bot, think_ms, seed, deals, margin).

examples:
  dominolab exercises --game horse-race
  dominolab exercises --json > exercises.json
  dominolab exercises my-lesson.toml        # your own exercise file (checked strictly)"""


def _text_row(entry: dict[str, Any]) -> str:
    answers = entry["answers"]
    shown = ", ".join(f"{k}={v}" for k, v in answers.items()) if isinstance(answers, dict) else ", ".join(answers)
    where = entry["layout"] or "(empty table)"
    return (f"{entry['id']}  [{entry['kind']}, {entry['game']}]  {entry['question']}\n"
            f"    layout: {where}; hand: {' '.join(entry['hands'][entry['to_move']])}\n"
            f"    rules: {', '.join(entry['rules'])}\n    answers: {shown}")


def cmd_exercises(args: argparse.Namespace) -> int:
    from dominolab.lessons.catalogue import listing

    data = listing(args.game, args.files)
    if args.json:
        json.dump(data, sys.stdout, ensure_ascii=False)
        sys.stdout.write("\n")
        return 0
    for entry in data["exercises"]:
        print(_text_row(entry))
    print(f"{len(data['exercises'])} exercises")
    return 0


def add_parser(sub: Any) -> None:
    """Register ``dominolab exercises``."""
    p = sub.add_parser("exercises", help="list the exercises of the lessons with the engine's answers",
                       epilog=_EPILOG, formatter_class=RawFormatter)
    p.add_argument("files", nargs="*", metavar="FILE", help="exercise files (.toml) instead of the built-in ones")
    p.add_argument("--game", choices=list(GAMES), help="only the exercises of this game")
    p.add_argument("--json", action="store_true", help="print JSON (format dominolab.exercises/1)")
    p.set_defaults(func=cmd_exercises)
