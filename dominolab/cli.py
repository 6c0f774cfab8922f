"""The ``dominolab`` command line: layout, replay, simulate, check.

User errors (bad notation, illegal placement, unknown game, impossible seating,
unreadable or inconsistent record or example file) print one line to stderr and
exit non-zero; nothing is half written.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from pathlib import Path

from . import __version__
from .errors import DominoError
from .layout import Layout, parse_placements
from .rules import GAMES, get_game
from .steptext import LANGUAGES, step_lines

EXIT_FAILED = 1      # a check or replay found a wrong result
EXIT_USAGE = 2       # the input itself is bad


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # one line, no usage dump
        self.exit(EXIT_USAGE, f"dominolab: error: {message}\n")


def _table(headers: list[str], rows: list[list[str]]) -> str:
    widths = [max(len(str(x)) for x in col) for col in zip(headers, *rows)]
    line = lambda cells: "  ".join(str(c).ljust(w) for c, w in zip(cells, widths)).rstrip()
    return "\n".join([line(headers), line(["-" * w for w in widths])] + [line(r) for r in rows])


# -- layout ----------------------------------------------------------------------

def layout_steps_json(layout_text: str, game: str) -> list[dict]:
    """The ``dominolab layout --json`` array for a sequence of placements."""
    rules = get_game(game)
    layout = Layout(rules.spinners)
    out = []
    for placement in parse_placements(layout_text):
        layout.place(placement)
        contributions = layout.contributions()
        total = sum(v for _, v in contributions)
        out.append({
            "placed": str(placement.tile),
            "contributions": [{"tile": str(p.tile), "point": p.side.notation, "value": v} for p, v in contributions],
            "sum": total,
            "points": rules.credit(total),
            "open": [{"tile": str(p.tile), "point": p.side.notation, "pips": p.pips} for p in layout.open_points()],
        })
    return out


def cmd_layout(args) -> int:
    rules = get_game(args.game)
    text = " ".join(args.placements)
    if args.json:
        print(json.dumps(layout_steps_json(text, rules.name), ensure_ascii=False))
        return 0
    layout = Layout(rules.spinners)
    lines = []
    for placement in parse_placements(text):
        layout.place(placement)
        lines.extend(step_lines(layout, placement, rules, args.lang))
    print("\n".join(lines))
    return 0


# -- replay ------------------------------------------------------------------------

def cmd_replay(args) -> int:
    from .record import load_record, replay

    match = replay(load_record(args.record))
    state = f"won by side(s) {list(match.winners)}" if match.winners else "in progress"
    print(f"{args.record}: consistent with the rules of {match.rules.title} ({match.seating}): "
          f"{len(match.rounds)} rounds, scores {match.scores}, {state}")
    return 0


# -- simulate ----------------------------------------------------------------------

def cmd_simulate(args) -> int:
    from tqdm import tqdm

    from .engine import POLICIES, Match
    from .record import write_record

    rules = get_game(args.game)
    rules.seating(args.players, args.partnerships)   # fail before any work is done
    if args.matches < 1:
        raise DominoError(f"--matches must be at least 1, not {args.matches}")
    record_dir = Path(args.record_dir) if args.record_dir else None
    if record_dir is not None:
        if record_dir.exists() and not record_dir.is_dir():
            raise DominoError(f"--record-dir {record_dir}: exists and is not a directory")
        record_dir.mkdir(parents=True, exist_ok=True)
    policy = POLICIES[args.policy]
    seeds = random.Random(args.seed)
    matches = []
    for i in tqdm(range(args.matches), desc=f"{rules.title} matches", unit="match",
                  disable=args.quiet, file=sys.stderr):
        match = Match(rules, args.players, args.partnerships, seed=seeds.getrandbits(63)).play(policy)
        if record_dir is not None:
            write_record(match, record_dir / f"{rules.name}-{args.players}{'p' if args.partnerships else 'i'}"
                                              f"-seed{args.seed}-{i + 1:05d}.json")
        matches.append((len(match.rounds), list(match.winners), list(match.scores)))
    n_sides = len(matches[0][2])
    side_name = (lambda s: f"seats {s} and {s + 2}") if args.partnerships else (lambda s: f"seat {s}")
    rows = []
    for side in range(n_sides):
        wins = sum(side in w for _, w, _ in matches)
        shared = sum(side in w and len(w) > 1 for _, w, _ in matches)
        mean_score = statistics.fmean(s[side] for _, _, s in matches)
        rows.append([f"side {side} ({side_name(side)})", str(wins), str(shared), f"{100 * wins / len(matches):.1f}%",
                     f"{mean_score:.1f}"])
    print(_table(["side", "wins", "shared", "win rate", "mean final score"], rows))
    rounds = [r for r, _, _ in matches]
    points = sum(sum(s) for _, _, s in matches) / sum(rounds)
    print()
    print(_table(["matches", "rounds/match (mean)", "min", "max", "points/round (all sides)"],
                 [[str(len(matches)), f"{statistics.fmean(rounds):.2f}", str(min(rounds)), str(max(rounds)),
                   f"{points:.2f}"]]))
    if record_dir is not None:
        print(f"\n{len(matches)} records written to {record_dir}/")
    return 0


# -- check ---------------------------------------------------------------------------

def cmd_check(args) -> int:
    from .checking import run_check, sample_text

    if args.sample:
        sys.stdout.write(sample_text())
        return 0
    return run_check(args.files)


# -- main -----------------------------------------------------------------------------

def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="dominolab", description="Rules engine for Horse Race and Fives and Threes.")
    parser.add_argument("--version", action="version", version=f"dominolab {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    p = sub.add_parser("layout", help="place tiles and print each step (text or --json)")
    p.add_argument("--game", required=True, choices=list(GAMES))
    p.add_argument("--json", action="store_true", help="print the JSON array of the interchange contract")
    p.add_argument("--lang", default="de", choices=LANGUAGES, help="language of the step texts (default: de)")
    p.add_argument("placements", nargs="+", metavar="PLACEMENT", help="e.g. [1|4] [1|1]@[1|4].low")
    p.set_defaults(func=cmd_layout)

    p = sub.add_parser("replay", help="re-play a dominolab.record/1 file and check every field")
    p.add_argument("record", metavar="RECORD")
    p.set_defaults(func=cmd_replay)

    p = sub.add_parser("simulate", help="play seeded random matches, optionally writing records")
    p.add_argument("--game", required=True, choices=list(GAMES))
    p.add_argument("--players", required=True, type=int)
    p.add_argument("--partnerships", action="store_true")
    p.add_argument("--matches", type=int, default=1)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--policy", choices=["random", "greedy"], default="random")
    p.add_argument("--record-dir", metavar="DIR")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(func=cmd_simulate)

    from .checking import SAMPLE_HINT
    p = sub.add_parser("check", help="check example files, rule documents or records (default: the catalogue)",
                       epilog=SAMPLE_HINT)
    p.add_argument("files", nargs="*", metavar="FILE",
                   help=".toml example files, .txt/.md rule documents (every worked step block), .json records")
    p.add_argument("--sample", action="store_true", help="print an annotated sample example file and exit")
    p.set_defaults(func=cmd_check)

    from .tournament import add_parser as add_tournament_parser  # helper B's subcommand
    add_tournament_parser(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except DominoError as exc:
        print(f"dominolab: error: {exc}", file=sys.stderr)
        return EXIT_FAILED if args.command == "replay" else EXIT_USAGE
    except BrokenPipeError:  # e.g. piped into head
        return 0


if __name__ == "__main__":
    sys.exit(main())
