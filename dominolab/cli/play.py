"""``dominolab play``: a match in the terminal against bots, moves read from standard input."""

from __future__ import annotations

import random
import sys
from typing import Any, Iterator, TextIO

from dominolab.cli.common import add_seating_arguments
from dominolab.core.errors import DominoError, shorten
from dominolab.play.bots import BOTS
from dominolab.play.terminal import WORDS, QuitSession, Session

# -- command line ---------------------------------------------------------------------

def add_parser(sub: Any) -> None:
    """Register ``dominolab play`` on the CLI's subparsers."""
    from dominolab.play.levels import level_choices

    p = sub.add_parser("play", help="play a match in the terminal against bots (moves from standard input)")
    add_seating_arguments(p, "your partner sits opposite")
    p.add_argument("--seat", type=int, default=0, metavar="S", help="your seat, 0 to N-1 (default: 0)")
    p.add_argument("--bots", default="strong", metavar="A[,B,...]",
                   help=f"levels for the other seats (number, name or NAME@MS), in seat order, cycled: "
                        f"{level_choices()} (default: strong)")
    p.add_argument("--seed", type=int, default=None, metavar="S", help="seed of the deals (default: a fresh one)")
    p.add_argument("--think", type=float, default=None, metavar="MS",
                   help="thinking budget of every level that thinks and of hints, fixed work calibrated to ms "
                        "(default: each level's own; hints 50)")
    p.add_argument("--lang", default="de", choices=sorted(WORDS), metavar="LANG",
                   help=f"language of step texts and prompts: {', '.join(sorted(WORDS))} (default: de)")
    p.add_argument("--record", metavar="FILE",
                   help="write the match as a dominolab.record/1 file at the end, also after q or end of input "
                        "(default: no record)")
    p.set_defaults(func=cmd_play)


def _lines(stream: TextIO) -> Iterator[str]:
    while True:
        line = stream.readline()
        if not line:
            return
        yield line


def cmd_play(args: Any) -> int:
    """``dominolab play``: check everything, play from stdin, write the record."""
    from pathlib import Path

    from dominolab.core.record import write_record

    if args.think is not None and (not args.think > 0 or args.think == float("inf")):
        raise DominoError(f"--think must be a positive number of milliseconds, not {args.think:g}")
    record = Path(args.record) if args.record else None
    if record is not None:
        if record.is_dir():
            raise DominoError(f"--record {shorten(str(record))}: is a directory")
        if not record.parent.is_dir():
            raise DominoError(f"--record {shorten(str(record))}: no directory {shorten(str(record.parent))}")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2 ** 31)
    session = Session(args.game, args.players, args.partnerships, seat=args.seat,
                      bots=[b.strip() for b in args.bots.split(",")], seed=seed, think_ms=args.think,
                      lang=args.lang)
    print(f"{session.rules.title}, {session.seating}, seed {seed}; you are seat {session.person}.")
    interactive = sys.stdin.isatty()

    def prompt(text: str) -> None:
        sys.stdout.write(text)
        sys.stdout.flush()

    status = 0
    try:
        session.run(_lines(sys.stdin), prompt if interactive else None)
    except QuitSession as why:
        print(f"\n{why}: the match is not finished" if interactive else f"{why}: the match is not finished")
    except KeyboardInterrupt:
        print("\ninterrupted: the match is not finished")
        status = 130
    if record is not None:
        try:
            write_record(session.match, record)
        except OSError as exc:
            raise DominoError(f"--record {shorten(str(record))}: cannot write: {exc.strerror or exc}") from None
        print(f"record written to {record}")
    return status
