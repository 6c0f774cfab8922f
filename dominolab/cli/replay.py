"""``dominolab replay``: re-play records through the engine and check every field."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from dominolab.cli.common import (EXIT_FAILED, EXIT_OK, EXIT_USAGE, RawFormatter, add_game_arguments, game_of, plural,
                                  report, wrap)
from dominolab.core.errors import DominoError, RecordError, RecordFormatError, shorten


def cmd_replay(args: argparse.Namespace) -> int:
    """Replay every file; one line per file; exit 2 if one is unreadable, else 1 if one is inconsistent."""
    from dominolab.core.record import load_record, replay

    if args.records.count("-") > 1:
        raise DominoError("'-' (standard input) can be given only once")
    expected = game_of(args, required=False)
    worst, consistent = EXIT_OK, 0
    for name in args.records:
        shown = "<stdin>" if name == "-" else (name if len(name) <= 80 else shorten(name, 80))
        try:
            data = load_record(name)            # its messages name the file
        except RecordError as exc:
            report(str(exc))
            worst = EXIT_USAGE
            continue
        try:
            match = replay(data, expected)
        except RecordFormatError as exc:        # wrong types or shapes: bad input
            report(f"{shown}: {exc}")
            worst = EXIT_USAGE
            continue
        except DominoError as exc:              # against the rules
            report(f"{shown}: not consistent: {exc}")
            worst = max(worst, EXIT_FAILED)
            continue
        consistent += 1
        if args.svg:  # picture export: code in dominolab.pictures.export
            from dominolab.pictures.export import round_files, write_files

            prefix = "" if len(args.records) == 1 else ("stdin" if name == "-" else Path(name).name.split(".")[0]) + "-"
            write_files(round_files(match, args.svg, prefix=prefix), "--svg", make_folder=Path(args.svg))
        winners = list(match.winners)
        state = (f"won by side{'' if len(winners) == 1 else 's'} {winners}" if winners else "in progress")
        print(f"{shown}: consistent with the rules of {match.rules.title} ({match.seating}): "
              f"{plural(len(match.rounds), 'round')}, scores {match.scores}, {state}", flush=True)
    if len(args.records) > 1:
        print(f"{consistent} of {len(args.records)} records consistent")
    return worst


def add_parser(sub: Any) -> None:
    """Register ``dominolab replay``."""
    p = sub.add_parser("replay", help="re-play dominolab.record/1 files and check every field",
                       description=wrap("Re-play each record through the engine and check every field. "
                                   "Prints one line per file; exit 0 when all are consistent, 1 when one "
                                   "breaks a rule, 2 when one cannot be read. A record names its own game (house rules carry "
                                   "their description); --game or --rules demands that every record be of that game."),
                       epilog="example: dominolab replay records/*.json\n"
                              "         dominolab replay --rules muggins.toml records/muggins-*.json\n"
                              "         cat game.json | dominolab replay -",
                       formatter_class=RawFormatter)
    add_game_arguments(p, required=False)
    p.add_argument("records", nargs="+", metavar="RECORD",
                   help="record files (.json, at most 16 MiB each); '-' reads one record from standard input")
    p.add_argument("--svg", metavar="DIR", help="write one SVG per round end of each consistent record into DIR "
                                                "(round-01.svg, ...; with several records prefixed by the file name; "
                                                "default: no pictures)")
    p.set_defaults(func=cmd_replay)
