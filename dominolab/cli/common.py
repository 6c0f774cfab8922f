"""What every command shares: exit codes, the one-line error report, the argument parser
and its number types, the game options (``--game`` or ``--rules FILE``), the seating options
(``--players``, ``--partnerships``) and the run options of ``simulate``, ``tournament`` and
``play`` (``--matches``, ``--seed``, ``--think``, ``--jobs``, ``--record-dir``, ``--overwrite``,
``--quiet``): each defined once here, with one upper bound and one help text on every command."""

from __future__ import annotations

import argparse
import errno
import io
import os
import re
import sys
from typing import IO, Any, Callable, NoReturn, cast

from dominolab.core.errors import shorten, visible
from dominolab.core.gamefile import game_or_file, sample_files
from dominolab.core.rules import GAMES, GameRules
from dominolab.play.bots import MAX_THINK_MS
from dominolab.play.tournament import MAX_JOBS, MAX_MATCHES, MAX_SEED

EXIT_OK = 0
EXIT_FAILED = 1         # a check or replay found a wrong result
EXIT_USAGE = 2          # the input itself is bad
EXIT_INTERRUPTED = 130  # Ctrl-C (128 + SIGINT), as shells report it
EXIT_INTERNAL = 70      # a bug in dominolab (EX_SOFTWARE); set DOMINOLAB_DEBUG=1 for the traceback

#: Longest error line printed (longer messages are cut).
MAX_MESSAGE = 300


def plural(count: int, word: str, words: str | None = None) -> str:
    """``1 round``, ``2 rounds`` (``words`` for irregular plurals)."""
    return f"{count:,} {word if count == 1 else (words or word + 's')}"


_LONG_QUOTED = re.compile(r"'([^'\n]{61,})'|\"([^\"\n]{61,})\"")


def one_line(message: str, limit: int = MAX_MESSAGE) -> str:
    """Make any message one line of at most ``limit`` characters.

    Line breaks become spaces, other control characters visible escapes (ESC ``\u001b``:
    :func:`~dominolab.core.errors.visible`), quoted input longer than 60 characters is cut
    (with its length), and whatever is still too long is cut with an ellipsis.
    """
    text = visible(" ".join(str(message).split()), newlines=False)

    def cut(m: re.Match[str]) -> str:
        inner = m.group(1) if m.group(1) is not None else m.group(2)
        quote = "'" if m.group(1) is not None else '"'
        if inner.endswith("…"):            # already shortened (errors.shorten), with its length after it
            return m.group(0)
        return f"{quote}{inner[:50]}…{quote} ({len(inner):,} characters)"

    text = _LONG_QUOTED.sub(cut, text)
    if len(text) > limit:
        text = text[: limit - 1] + "…"
    return text


def report(message: str) -> None:
    """Print one error line (``dominolab: error: ...``) to stderr."""
    try:
        sys.stderr.write(f"dominolab: error: {one_line(message, MAX_MESSAGE - 18)}\n")
        sys.stderr.flush()
    except (OSError, ValueError, AttributeError):  # stderr closed (or None): nothing left to tell
        pass


def write_output(text: str) -> None:
    """Write ``text`` and a line break to standard output, the way every command's results go.

    A standard output closed before the program started (``>&-``; Python's ``sys.stdout`` is
    then ``None``, and ``print`` would drop the text without a word) raises ``OSError(EBADF)``,
    which :func:`dominolab.cli.main` reports as every other output error: one line, exit 2.
    """
    require_output()
    sys.stdout.write(text + "\n")


def require_output() -> None:
    """Raise ``OSError(EBADF)`` if standard output was closed before the program started, so a
    command whose results go there refuses before any work instead of losing them afterwards."""
    if sys.stdout is None:
        raise OSError(errno.EBADF, "standard output is closed")


class SafeOutput:
    """Standard output that never passes a control character from data: everything written goes through
    :func:`~dominolab.core.errors.visible` (ESC becomes ``\\u001b``; line feeds stay).

    The one sanitizer of the command line's results (:func:`dominolab.cli.main` installs it for the run):
    the program's own output has no control characters but line feeds, so it stays byte-identical, while
    a title or word that slipped past the readers cannot retitle or clear a terminal or forge a line.
    Everything but ``write`` and ``writelines`` is the wrapped stream's.
    """

    def __init__(self, stream: IO[str]):
        self.stream = stream

    def write(self, text: str) -> int:
        self.stream.write(visible(text))
        return len(text)

    def writelines(self, lines: Any) -> None:
        for line in lines:
            self.write(line)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


class _Progress(io.TextIOBase):
    """Standard error for progress bars: what cannot be written (``2>&-``, a pipe nobody reads) is
    dropped, and standard error is sent to ``/dev/null`` so that the interpreter's last flush at exit
    does not fail either (Python would exit 120).

    Progress is a courtesy; losing it must not cost the results on standard output or the exit code.
    """

    def write(self, text: str) -> int:
        self._do(lambda stream: stream.write(text))
        return len(text)

    def flush(self) -> None:
        self._do(lambda stream: stream.flush())

    def writable(self) -> bool:
        return True

    @staticmethod
    def _do(action: Callable[[IO[str]], object]) -> None:
        stream = sys.stderr
        if stream is None:
            return
        try:
            action(stream)
        except (OSError, ValueError):
            try:
                devnull = os.open(os.devnull, os.O_WRONLY)
                os.dup2(devnull, stream.fileno())
                os.close(devnull)
            except (OSError, ValueError, AttributeError):
                pass


def progress_stream() -> IO[str]:
    """The stream a progress bar writes to: standard error, dropping writes it cannot take."""
    return cast(IO[str], _Progress())


class ParserExit(Exception):
    """argparse wants to stop (help, version, usage error); carries the exit code."""

    def __init__(self, status: int):
        super().__init__(status)
        self.status = status


class Formatter(argparse.HelpFormatter):
    """Help that never crashes on a stray ``%`` in a help text (shown as written)."""

    def _expand_help(self, action: argparse.Action) -> str:
        try:
            return super()._expand_help(action)
        except (TypeError, ValueError, KeyError):
            return str(action.help)


class RawFormatter(Formatter, argparse.RawDescriptionHelpFormatter):
    """Descriptions and epilogs as written (examples stay one command per line)."""


class Parser(argparse.ArgumentParser):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", Formatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:  # one line, no usage dump
        report(f"{message} (see: {self.prog} --help)")
        raise ParserExit(EXIT_USAGE)

    def exit(self, status: int = 0, message: str | None = None) -> NoReturn:
        if message:
            sys.stderr.write(message)
        raise ParserExit(status)


def int_arg(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a plain decimal integer in ``low..high`` (no ``1_000``, no ``1.0``)."""

    def parse(text: str) -> int:
        if not re.fullmatch(r"-?[0-9]{1,19}", text):
            raise argparse.ArgumentTypeError(f"expected a whole number from {low:,} to {high:,}, "
                                             f"not {shorten(text, 30)}")
        value = int(text)
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"expected a whole number from {low:,} to {high:,}, not {value:,}")
        return value

    parse.__name__ = "integer"
    return parse


def positive_float(high: float) -> Callable[[str], float]:
    def parse(text: str) -> float:
        try:
            value = float(text) if re.fullmatch(r"[0-9]{1,9}(\.[0-9]{1,9})?", text) else -1.0
        except ValueError:
            value = -1.0
        if not 0 < value <= high:
            raise argparse.ArgumentTypeError(f"expected milliseconds above 0 and at most {high:,}, "
                                             f"not {shorten(text, 30)}")
        return value

    parse.__name__ = "number"
    return parse


def table(headers: list[str], rows: list[list[str]]) -> str:
    widths = [max(len(str(x)) for x in col) for col in zip(headers, *rows)]

    def line(cells: list[str]) -> str:
        return "  ".join(str(c).ljust(w) for c, w in zip(cells, widths)).rstrip()

    return "\n".join([line(headers), line(["-" * w for w in widths])] + [line(r) for r in rows])


def os_reason(exc: OSError) -> str:
    reason = exc.strerror or type(exc).__name__
    name = exc.filename
    return f"{reason} ({shorten(str(name), 80) if len(str(name)) > 80 else name})" if name else reason


GAMES_HELP = "the game: " + " or ".join(GAMES)


RULES_HELP = ("house rules: a game description file (TOML; 'dominolab rules GAME' prints one to start from), "
              "or the name of a shipped sample: " + ", ".join(p.name for p in sample_files()))


def add_game_arguments(p: argparse.ArgumentParser, required: bool = True) -> None:
    """``--game GAME`` or ``--rules FILE`` (one of them; both is an error)."""
    group = p.add_argument_group("game")   # one of the two; checked by game_of (one-line errors)
    if required:
        group.add_argument("--game", choices=list(GAMES), metavar="GAME",
                           help=GAMES_HELP + " (this or --rules is required)")
        group.add_argument("--rules", metavar="FILE", help=RULES_HELP + " (replaces --game; this or --game is required)")
    else:
        group.add_argument("--game", choices=list(GAMES), metavar="GAME",
                           help=GAMES_HELP + " that every record must be of (default: any built-in game)")
        group.add_argument("--rules", metavar="FILE",
                           help=RULES_HELP + " that every record must be of (default: each record's own game)")


def game_of(args: argparse.Namespace, required: bool = True) -> GameRules | None:
    """The game the options name: a built-in one (``--game``) or a description file (``--rules``)."""
    return game_or_file(getattr(args, "game", None), getattr(args, "rules", None), needed=required)


def the_game(args: argparse.Namespace) -> GameRules:
    """:func:`game_of` for commands that need a game."""
    rules = game_of(args)
    assert rules is not None
    return rules


def add_seating_arguments(p: argparse.ArgumentParser, partnerships: str = "seats 0+2 against 1+3") -> None:
    """``--game``/``--rules``, ``--players`` and ``--partnerships``, the same for every command that deals."""
    add_game_arguments(p)
    p.add_argument("--players", required=True, type=int_arg(1, 99), metavar="N",
                   help="number of players; the game decides which counts it allows (required)")
    p.add_argument("--partnerships", action="store_true",
                   help=f"play in two partnerships, {partnerships} (default: everyone for themselves)")


def wrap(text: str) -> str:
    import textwrap

    return textwrap.fill(text, 78)


# -- the run options simulate, tournament and play share (one definition, one bound each) --------------

# The upper bounds of the numbers a user can type are the play layer's (one source of truth, the same on
# every command and in the Python API, named in --help): MAX_MATCHES, MAX_JOBS, MAX_SEED of
# dominolab.play.tournament and MAX_THINK_MS of dominolab.play.bots.


def add_matches_argument(p: argparse.ArgumentParser, default: int) -> None:
    p.add_argument("--matches", type=int_arg(1, MAX_MATCHES), default=default, metavar="M",
                   help=f"number of matches, 1 to {MAX_MATCHES:,}; played one after the other, memory stays "
                        f"flat (default: {default})")


def add_seed_argument(p: argparse.ArgumentParser, default: int | None, what: str = "the whole run") -> None:
    shown = "a fresh one" if default is None else str(default)
    p.add_argument("--seed", type=int_arg(0, MAX_SEED), default=default, metavar="S",
                   help=f"seed of {what}, 0 to 2**63-1; the same seed plays the same matches (default: {shown})")


def add_think_argument(p: argparse.ArgumentParser, dest: str = "think", *, levels: bool = True) -> None:
    """``--think MS``, the same bound and help on every command; with ``levels`` it overrides every
    level's own budget (default: none given), else it is the strong bot's budget (default 50)."""
    default = "each level's own; hints 50" if levels else "50"
    p.add_argument("--think", dest=dest, type=positive_float(MAX_THINK_MS), default=None if levels else 50.0,
                   metavar="MS", help=f"thinking budget per move of every level that thinks (and of hints): fixed "
                                      f"work calibrated to milliseconds, above 0 and at most {MAX_THINK_MS:,} "
                                      f"(default: {default})")


def add_jobs_argument(p: argparse.ArgumentParser) -> None:
    p.add_argument("--jobs", type=int_arg(1, MAX_JOBS), default=1, metavar="J",
                   help=f"worker processes, 1 to {MAX_JOBS}; results are the same as with 1 (default: 1)")


def add_record_dir_arguments(p: argparse.ArgumentParser) -> None:
    """``--record-dir DIR``, ``--overwrite`` and ``--quiet`` of the commands that play many matches."""
    p.add_argument("--record-dir", metavar="DIR",
                   help="write one dominolab.record/1 file per match into this folder, named "
                        "GAME-SEATING-PLAYERS-seedS-NNNNN.json, each as soon as its match ends (checked before "
                        "any match is played) (default: write no records)")
    add_overwrite_argument(p, "let --record-dir replace records of another run (default: refuse to mix runs)")
    p.add_argument("--quiet", action="store_true", help="no progress bar (default: a bar on stderr)")


def add_overwrite_argument(p: argparse.ArgumentParser, text: str) -> None:
    p.add_argument("--overwrite", action="store_true", help=text)
