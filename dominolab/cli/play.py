"""``dominolab play``: a match in the terminal against bots, moves read from standard input."""

from __future__ import annotations

import random
import sys
from typing import Any, Iterator, TextIO

from dominolab.cli.common import (add_overwrite_argument, add_seating_arguments, add_seed_argument, add_think_argument,
                                  int_arg, the_game)
from dominolab.core.errors import DominoError, shorten
from dominolab.core.record import is_record_text
from dominolab.core.userfiles import check_output
from dominolab.play.terminal import QuitSession, Session
from dominolab.text.words import WORDS

# -- command line ---------------------------------------------------------------------

def add_parser(sub: Any) -> None:
    """Register ``dominolab play`` on the CLI's subparsers."""
    from dominolab.play.levels import LEVELS, advisor

    adviser = advisor().level
    levels = "; ".join(f"{lv.number} {lv.name} ({lv.german})" for lv in LEVELS)
    p = sub.add_parser("play", help="play a match in the terminal against bots (moves from standard input)")
    add_seating_arguments(p, "your partner sits opposite")
    p.add_argument("--seat", type=int_arg(-99, 99), default=0, metavar="S", help="your seat, 0 to N-1 (default: 0)")
    p.add_argument("--bots", default="strong", metavar="A[,B,...]",
                   help=f"levels for the other seats, in seat order, cycled (at most one per other seat); a level by its number, name or "
                        f"German name, NAME@MS for a budget of its own: {levels} (default: strong). "
                        f"Hints (h) come from level {adviser.number} {adviser.label}")
    add_seed_argument(p, None, "the deals")
    add_think_argument(p)
    p.add_argument("--lang", default="de", choices=sorted(WORDS), metavar="LANG",
                   help=f"language of step texts and prompts: {', '.join(sorted(WORDS))} (default: de)")
    p.add_argument("--record", metavar="FILE",
                   help="write the match as a dominolab.record/1 file at the end, also after q or end of input "
                        "(default: no record)")
    add_overwrite_argument(p, "let --record replace an existing file that is not a record of this program "
                              "(default: refuse; an earlier record is always replaced)")
    p.set_defaults(func=cmd_play)


def _lines(stream: TextIO | None) -> Iterator[str]:
    """Lines of standard input; none when it is closed."""
    if stream is None:
        return
    while True:
        try:
            line = stream.readline()
        except (OSError, ValueError):   # a descriptor closed under us: the input has ended
            return
        if not line:
            return
        yield line


def cmd_play(args: Any) -> int:
    """``dominolab play``: check everything, play from stdin, write the record."""
    from pathlib import Path

    from dominolab.core.record import write_record

    record: Path | None = None
    if args.record is not None:        # checked before the first move: the game is never lost to a bad path
        try:
            record = check_output(args.record, option="--record", overwrite=args.overwrite, ours=is_record_text)
        except OSError as exc:         # e.g. a name too long for the file system
            raise DominoError(f"--record {shorten(args.record)}: {exc.strerror or type(exc).__name__}") from None
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2 ** 31)
    session = Session(the_game(args), args.players, args.partnerships, seat=args.seat,
                      bots=[b.strip() for b in args.bots.split(",")], seed=seed, think_ms=args.think)
    print(f"{session.rules.title}, {session.seating}, seed {seed}; you are seat {session.person}.")
    try:
        interactive = sys.stdin is not None and sys.stdin.isatty()
    except (OSError, ValueError):      # a closed or broken descriptor
        interactive = False
    reconfigure = getattr(sys.stdin, "reconfigure", None)
    if reconfigure is not None:        # a stray byte is a typing mistake, not the end of the input
        try:
            reconfigure(errors="replace")
        except (OSError, ValueError, TypeError):
            pass

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
    finally:                           # whatever ends the game, the moves so far are kept
        if record is not None:
            try:
                write_record(session.match, record)
            except (OSError, DominoError) as exc:
                reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
                raise DominoError(f"--record {shorten(str(record))}: cannot write: {reason}") from None
            print(f"record written to {record}")
    return status
