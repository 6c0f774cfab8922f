"""``dominolab tournament``: seat-rotated matches between bots, win rates with 95 % intervals."""

from __future__ import annotations

from typing import Any

from dominolab.cli.common import (EXIT_INTERRUPTED, EXIT_OK, EXIT_USAGE, add_jobs_argument, add_matches_argument, add_record_dir_arguments, add_seating_arguments,
                                  add_seed_argument, add_think_argument, os_reason, plural, report, the_game)
from dominolab.core.errors import visible
from dominolab.cli.common import progress_stream, require_output, write_output
from dominolab.cli.recorddir import prepare_record_dir, record_name
from dominolab.play.levels import file_label, level_choices
from dominolab.play.tournament import (Standings, check_bots, format_table, iter_matches, open_results,
                                       results_header, tournament_of)

# -- command line -----------------------------------------------------------------------

def _bot_list(text: str) -> list[str]:
    return [part.strip() for part in text.split(",")]


def add_parser(sub: Any) -> None:
    """Register ``dominolab tournament`` on the CLI's subparsers."""
    p = sub.add_parser("tournament", help="play seat-rotated matches between bots; win rates with 95% intervals")
    add_seating_arguments(p, "seats 0+2 against 1+3; a bot plays a side")
    p.add_argument("--bots", required=True, metavar="A,B[,...]",
                   help=f"comma-separated levels (number, name or NAME@MS), at most one per side: {level_choices()} "
                        f"(required)")
    add_matches_argument(p, 100)
    add_seed_argument(p, 0)
    add_think_argument(p)
    add_jobs_argument(p)
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="run the matches on Dask: 'local' starts a local cluster of --jobs workers, else the address "
                        "of a running scheduler (needs the extra dominolab[cluster]); results equal a serial run "
                        "(default: no Dask)")
    p.add_argument("--results", metavar="FILE",
                   help="keep every finished match in FILE (JSON lines) and skip those already there, so an "
                        "interrupted run resumes (default: no file)")
    p.add_argument("--json", action="store_true", help='print {"results": [...]} as JSON instead of a table')
    add_record_dir_arguments(p)
    p.set_defaults(func=cmd_tournament)


def cmd_tournament(args: Any) -> int:
    """``dominolab tournament``: validate everything first, then play, writing each record as its match ends.

    Streamed: the plan is never built whole and no finished match is kept (only the
    running :class:`Standings`), so memory is flat in ``--matches``. Ctrl-C stops the
    workers at once, prints the summary of the finished matches and exits 130.
    """
    import json
    import re
    from pathlib import Path

    from dominolab.play.pool import DeferredInterrupt

    require_output()                       # the results go to standard output: refuse now if it is closed
    rules = the_game(args)
    seating = rules.seating(args.players, args.partnerships)
    names = check_bots(_bot_list(args.bots), seating.n_sides)
    label = "-vs-".join(file_label(name) for name in names)     # no @ in a file name

    def name_of(number: int) -> str:
        return record_name(rules, args.players, args.partnerships, label, args.seed, number)

    prefix = name_of(1)[: -len("00001.json")]

    def planned(name: str) -> bool:    # a test per name, never a set of every planned name
        m = re.fullmatch(re.escape(prefix) + r"([0-9]{5,})\.json", name)
        return m is not None and 1 <= int(m.group(1)) <= args.matches and name == name_of(int(m.group(1)))

    record_dir: Path | None = None
    if args.record_dir is not None:
        # The same checks as simulate, before any match is played: the folder can be
        # written, nothing is in the way, and records of another run are not mixed in.
        record_dir, stale = prepare_record_dir(args.record_dir, planned, args.overwrite)
        for old in stale:
            old.unlink()
    # a results file: the matches an interrupted run finished are read back and not played again
    done: dict[int, Any] = {}
    keep = None
    if args.results is not None:
        header = results_header(rules, args.players, args.partnerships, names, args.seed, args.think,
                                record_dir is not None)
        done, keep = open_results(args.results, header, args.matches)
    stream = iter_matches(rules, args.players, args.partnerships, names, matches=args.matches, seed=args.seed,
                          think_ms=args.think, jobs=args.jobs, keep_records=record_dir is not None,
                          scheduler=args.scheduler, skip=done.keys())
    bar: Any = None
    if not args.quiet and not args.json:
        from tqdm import tqdm

        bar = tqdm(total=args.matches, initial=len(done), desc=f"{visible(rules.title, newlines=False)} tournament", unit="match",
                   file=progress_stream())
    from dominolab.core.record import write_record

    table = Standings(names)
    for m in done.values():
        table.add(m)
    interrupted = False
    failed: OSError | None = None
    try:
        for m in stream:
            with DeferredInterrupt():
                if record_dir is not None:
                    assert m.record is not None
                    write_record(m.record, record_dir / name_of(m.index + 1))
                table.add(m)
                if keep is not None:
                    keep([m])
            if bar is not None:
                bar.update(1)
    except KeyboardInterrupt:
        interrupted = True
    except OSError as exc:                  # e.g. the disk is full: keep what is complete, say so
        failed = exc
    finally:
        stream.close()                      # stops the workers now
        if keep is not None:
            keep(None)
        if bar is not None:
            bar.close()
    if table.matches:
        t = tournament_of(rules, args.players, args.partnerships, names, args.seed, args.think, summary=table)
        write_output(json.dumps(t.to_json(), ensure_ascii=False) if args.json else format_table(t))
    if record_dir is not None and not args.json:
        write_output(f"\n{plural(table.matches, 'record')} written to {record_dir}/")
    if failed is not None:
        report(f"--record-dir: writing record {table.matches + 1} failed: {os_reason(failed)}; "
               f"{plural(table.matches, 'complete record')} kept")
        return EXIT_USAGE
    if interrupted:
        report(f"interrupted after {table.matches:,} of {plural(args.matches, 'match', 'matches')}"
               f"{'; the summary above covers those' if table.matches else ''}"
               f"{f'; the same command resumes from {args.results}' if args.results else ''}")
        return EXIT_INTERRUPTED
    return EXIT_OK
