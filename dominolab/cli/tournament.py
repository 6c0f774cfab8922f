"""``dominolab tournament``: seat-rotated matches between bots, win rates with 95 % intervals."""

from __future__ import annotations

import math
from typing import Any

from dominolab.cli.common import (add_jobs_argument, add_matches_argument, add_record_dir_arguments, add_seating_arguments,
                                  add_seed_argument, add_think_argument, the_game)
from dominolab.cli.recorddir import prepare_record_dir, record_name
from dominolab.core.errors import DominoError
from dominolab.play.bots import BOTS
from dominolab.play.tournament import check_bots, format_table, run_tournament

# -- command line -----------------------------------------------------------------------

def _bot_list(text: str) -> list[str]:
    return [part.strip() for part in text.split(",")]


def add_parser(sub: Any) -> None:
    """Register ``dominolab tournament`` on the CLI's subparsers."""
    p = sub.add_parser("tournament", help="play seat-rotated matches between bots; win rates with 95% intervals")
    add_seating_arguments(p, "seats 0+2 against 1+3; a bot plays a side")
    p.add_argument("--bots", required=True, metavar="A,B[,...]",
                   help=f"comma-separated bot names, at most one per side: {', '.join(BOTS)} (required)")
    add_matches_argument(p, 100)
    add_seed_argument(p, 0)
    add_think_argument(p)
    add_jobs_argument(p)
    p.add_argument("--json", action="store_true", help='print {"results": [...]} as JSON instead of a table')
    add_record_dir_arguments(p)
    p.set_defaults(func=cmd_tournament)


def cmd_tournament(args: Any) -> int:
    """``dominolab tournament``: validate everything first, then play, then write records."""
    import json
    import sys
    from pathlib import Path

    rules = the_game(args)
    seating = rules.seating(args.players, args.partnerships)
    names = check_bots(_bot_list(args.bots), seating.n_sides)
    record_dir: Path | None = None
    if args.record_dir is not None:
        # The same checks as simulate, before any match is played: the folder can be
        # written, nothing is in the way, and records of another run are not mixed in.
        label = "-vs-".join(names)

        def name_of(number: int) -> str:
            return record_name(rules, args.players, args.partnerships, label, args.seed, number)

        wanted = {name_of(i) for i in range(1, args.matches + 1)}
        record_dir, stale = prepare_record_dir(args.record_dir, wanted.__contains__, args.overwrite)
        for old in stale:
            old.unlink()
    bar: Any = None
    if not args.quiet and not args.json:
        try:
            from tqdm import tqdm

            bar = tqdm(total=args.matches, desc=f"{rules.title} tournament", unit="match", file=sys.stderr)
        except ImportError:  # pragma: no cover - tqdm is a dependency
            bar = None
    try:
        t = run_tournament(rules, args.players, args.partnerships, names, matches=args.matches, seed=args.seed,
                           think_ms=args.think, jobs=args.jobs, keep_records=record_dir is not None,
                           progress=bar.update if bar is not None else None)
    finally:
        if bar is not None:
            bar.close()
    if record_dir is not None:
        from dominolab.core.record import write_record

        for m in t.matches:
            assert m.record is not None
            write_record(m.record, record_dir / name_of(m.index + 1))
    if args.json:
        print(json.dumps(t.to_json(), ensure_ascii=False))
    else:
        print(format_table(t))
        if record_dir is not None:
            print(f"\n{len(t.matches)} records written to {record_dir}/")
    return 0
