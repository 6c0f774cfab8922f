"""The ``dominolab`` command line: one module per command, shared options in :mod:`.common`.

Every user error - bad notation, illegal placement, unknown game, impossible
seating, unreadable or inconsistent record or example file, a file-system
problem, Ctrl-C, a closed pipe - ends in ONE line on stderr,
``dominolab: error: <what and where>``, and an exit code: 2 for bad input, 1
when a check or replay found a rule violation, 130 after Ctrl-C. That
translation happens in one place, :func:`main`, so every subcommand gets it.
Nothing is half written: records are written atomically.

:func:`main` takes the argument list and returns the exit code (it never
raises ``SystemExit``, not even for ``--help``).
"""

from __future__ import annotations

import argparse
import errno
import os
import sys
from typing import Callable, Sequence, TextIO, cast

from dominolab import __version__
from dominolab.cli import check, coverage, exercises, layout, play, replay, review, rules, simulate, tournament
from dominolab.cli.common import (EXIT_FAILED, EXIT_INTERNAL, EXIT_INTERRUPTED, EXIT_OK, EXIT_USAGE, MAX_MESSAGE,
                                  ParserExit, Parser, RawFormatter, SafeOutput, add_seating_arguments, one_line,
                                  os_reason, plural, report)
from dominolab.cli.layout import layout_steps_json
from dominolab.cli.recorddir import RECORD_NAME, prepare_record_dir, record_name
from dominolab.core.errors import DominoError, RecordError, RecordFormatError
from dominolab.text import language

__all__ = ["EXIT_FAILED", "EXIT_INTERNAL", "EXIT_INTERRUPTED", "EXIT_OK", "EXIT_USAGE", "MAX_MESSAGE", "RECORD_NAME",
           "add_seating_arguments", "build_parser", "layout_steps_json", "main", "one_line", "plural",
           "prepare_record_dir", "record_name", "report"]

#: The commands in the order ``dominolab --help`` lists them (each module has ``add_parser``).
COMMANDS = (layout, replay, review, simulate, check, coverage, exercises, tournament, play, rules)

_MAIN_EPILOG = """examples (copy them as they are; the quotes keep the shell away from [ ] and |):
  dominolab layout --game horse-race '[1|4]' '[1|1]@[1|4].low' '[4|4]@[1|4].high'
  dominolab simulate --game horse-race --players 2 --matches 10 --record-dir records
  dominolab replay records/*.json
  dominolab check
  dominolab rules horse-race > my-race.toml   (house rules: then --rules my-race.toml)

'dominolab COMMAND --help' explains a command and all its options.
exit codes: 0 ok, 1 a check or replay found a rule violation, 2 bad input, 130 interrupted."""


def _help(parser: argparse.ArgumentParser) -> Callable[[argparse.Namespace], int]:
    def show(args: argparse.Namespace) -> int:
        parser.print_help()
        return EXIT_OK
    return show


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="dominolab", description="Rules engine for Horse Race and Fives and Threes.",
                    epilog=_MAIN_EPILOG, formatter_class=RawFormatter)
    parser.add_argument("--version", action="version", version=f"dominolab {__version__}")
    parser.set_defaults(func=_help(parser))
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", title="commands", parser_class=Parser)
    for command in COMMANDS:
        command.add_parser(sub)
    return parser


def _silence_stdout() -> None:
    """After a closed pipe (``dominolab ... | head -1``): send further output nowhere."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):  # no real stdout (e.g. captured in tests)
        pass


#: errno values that mean "the output could not be written" (full disk, I/O error, closed descriptor)
_OUTPUT_ERRNOS = {errno.ENOSPC, errno.EIO, errno.EBADF, errno.EFBIG, errno.EDQUOT}


def _utf8_output() -> None:
    """Write UTF-8 whatever the locale says (the step texts are German: ä, ö, ü, ß, –)."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        encoding = str(getattr(stream, "encoding", "") or "").lower().replace("-", "")
        if reconfigure is not None and encoding != "utf8":
            try:
                reconfigure(encoding="utf-8")
            except (OSError, ValueError, TypeError):   # a stream that cannot change (already written to)
                pass


def _flush_output(code: int) -> int:
    """Flush standard output now, so that a failed write is an error line and an exit code
    instead of Python's "Exception ignored" at exit (or silence)."""
    stream = sys.stdout
    if stream is None:
        return code
    try:
        stream.flush()
    except BrokenPipeError:          # the reader went away (``| head``): stop quietly
        _silence_stdout()
        return code
    except (OSError, ValueError) as exc:
        _silence_stdout()
        report(f"cannot write the output: {os_reason(exc) if isinstance(exc, OSError) else exc}")
        return code if code not in (EXIT_OK, EXIT_FAILED) else EXIT_USAGE
    return code


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit code (never raises for user errors).

    This is the one place that turns :class:`DominoError`, :class:`OSError`,
    ``KeyboardInterrupt`` and ``BrokenPipeError`` into one error line and an
    exit code, for every subcommand. Output is UTF-8 in any locale, and it is
    flushed before the exit code is returned: a full disk or a closed descriptor
    is an error line and exit 2, a closed pipe exit 0 and silence. A standard output
    closed before the start is refused at once (exit 2, nothing done); a closed
    standard error only loses progress bars and error lines, never the results.
    """
    if sys.stdout is None:            # started with ``>&-``: every command's results (and --help) go there
        report("cannot write the output: standard output is closed")
        return EXIT_USAGE
    closed_stderr = sys.stderr is None  # ``2>&-``: progress and error lines have nowhere to go
    if closed_stderr:
        sys.stderr = open(os.devnull, "w", encoding="utf-8")
    real_stdout = sys.stdout
    try:
        _utf8_output()
        sys.stdout = cast(TextIO, SafeOutput(real_stdout))   # no control character from data reaches a terminal
        return _flush_output(_run(argv))
    finally:
        sys.stdout = real_stdout
        if closed_stderr:
            sys.stderr.close()
            sys.stderr = None


def _run(argv: Sequence[str] | None) -> int:
    try:
        args = build_parser().parse_args(None if argv is None else [str(a) for a in argv])
        # the command line's one place that chooses a language: a command's --lang, for the whole command
        with language.speaking(getattr(args, "lang", None) or language.current()):
            return int(args.func(args))
    except ParserExit as exc:
        return exc.status
    except BrokenPipeError:
        _silence_stdout()
        return EXIT_OK
    except KeyboardInterrupt:
        report("interrupted")
        return EXIT_INTERRUPTED
    except RecordFormatError as exc:
        report(str(exc))
        return EXIT_USAGE
    except RecordError as exc:          # a record that breaks the rules
        report(str(exc))
        return EXIT_FAILED
    except DominoError as exc:
        report(str(exc))
        return EXIT_USAGE
    except OSError as exc:
        if exc.errno in _OUTPUT_ERRNOS and exc.filename is None:   # writing to stdout failed mid-command
            _silence_stdout()
            report(f"cannot write the output: {os_reason(exc)}")
        else:
            report(os_reason(exc))
        return EXIT_USAGE
    except (MemoryError, RecursionError) as exc:
        report(f"the input is too large or too deeply nested ({type(exc).__name__})")
        return EXIT_USAGE
    except Exception as exc:
        if os.environ.get("DOMINOLAB_DEBUG"):
            raise
        report(f"internal error {type(exc).__name__}: {exc} (a bug in dominolab {__version__}; "
               f"DOMINOLAB_DEBUG=1 shows the traceback)")
        return EXIT_INTERNAL


if __name__ == "__main__":
    sys.exit(main())
