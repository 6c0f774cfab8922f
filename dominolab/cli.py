"""The ``dominolab`` command line: layout, replay, simulate, check (and more).

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
import json
import os
import random
import re
import sys
from pathlib import Path
from typing import Any, Callable, Iterator, NoReturn, Sequence

from . import __version__
from .errors import DominoError, RecordError, RecordFormatError, shorten
from .layout import Layout, Placement
from .rules import GAMES, GameRules, get_game
from .steptext import LANGUAGES, step_lines

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

    Line breaks become spaces, quoted input longer than 60 characters is cut
    (with its length), and whatever is still too long is cut with an ellipsis.
    """
    text = " ".join(str(message).split())

    def cut(m: re.Match[str]) -> str:
        inner = m.group(1) if m.group(1) is not None else m.group(2)
        quote = "'" if m.group(1) is not None else '"'
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
    except (OSError, ValueError):  # stderr closed: nothing left to tell
        pass


class _ParserExit(Exception):
    """argparse wants to stop (help, version, usage error); carries the exit code."""

    def __init__(self, status: int):
        super().__init__(status)
        self.status = status


class _Formatter(argparse.HelpFormatter):
    """Help that never crashes on a stray ``%`` in a help text (shown as written)."""

    def _expand_help(self, action: argparse.Action) -> str:
        try:
            return super()._expand_help(action)
        except (TypeError, ValueError, KeyError):
            return str(action.help)


class _RawFormatter(_Formatter, argparse.RawDescriptionHelpFormatter):
    """Descriptions and epilogs as written (examples stay one command per line)."""


class _Parser(argparse.ArgumentParser):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:  # one line, no usage dump
        report(f"{message} (see: {self.prog} --help)")
        raise _ParserExit(EXIT_USAGE)

    def exit(self, status: int = 0, message: str | None = None) -> NoReturn:
        if message:
            sys.stderr.write(message)
        raise _ParserExit(status)


def _int_arg(low: int, high: int) -> Callable[[str], int]:
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


def _positive_float(high: float) -> Callable[[str], float]:
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


def _table(headers: list[str], rows: list[list[str]]) -> str:
    widths = [max(len(str(x)) for x in col) for col in zip(headers, *rows)]

    def line(cells: list[str]) -> str:
        return "  ".join(str(c).ljust(w) for c, w in zip(cells, widths)).rstrip()

    return "\n".join([line(headers), line(["-" * w for w in widths])] + [line(r) for r in rows])


# -- layout ----------------------------------------------------------------------

def _steps(layout_text: str, rules: GameRules) -> Iterator[tuple[Layout, Placement]]:
    """Place the tiles one by one; errors say which placement (``placement 2 of 3: ...``)."""
    tokens = layout_text.split()
    if not tokens:
        raise DominoError("empty layout: give at least one placement, e.g. '[1|4]'")
    layout = Layout(rules.spinners)
    for number, token in enumerate(tokens, 1):
        try:
            placement = Placement.parse(token)
            layout.place(placement)
        except DominoError as exc:
            raise DominoError(f"placement {number} of {len(tokens)}: {exc}") from None
        yield layout, placement


def layout_steps_json(layout_text: str, game: str) -> list[dict[str, Any]]:
    """The ``dominolab layout --json`` array for a sequence of placements."""
    rules = get_game(game)
    out = []
    for layout, placement in _steps(layout_text, rules):
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


def cmd_layout(args: argparse.Namespace) -> int:
    rules = get_game(args.game)
    text = " ".join(args.placements)
    if args.json:
        print(json.dumps(layout_steps_json(text, rules.name), ensure_ascii=False))
        return 0
    lines = []
    final = None
    for layout, placement in _steps(text, rules):
        lines.extend(step_lines(layout, placement, rules, args.lang))
        final = layout
    if final is not None and (args.svg or args.png):  # picture export: code in dominolab.export
        from .export import layout_files, write_files

        write_files(layout_files(final, rules, svg_path=args.svg, png_path=args.png, lang=args.lang),
                    "--svg" if args.svg else "--png")
    print("\n".join(lines))
    return 0


# -- replay ------------------------------------------------------------------------

def cmd_replay(args: argparse.Namespace) -> int:
    """Replay every file; one line per file; exit 2 if one is unreadable, else 1 if one is inconsistent."""
    from .record import load_record, replay

    if args.records.count("-") > 1:
        raise DominoError("'-' (standard input) can be given only once")
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
            match = replay(data)
        except RecordFormatError as exc:        # wrong types or shapes: bad input
            report(f"{shown}: {exc}")
            worst = EXIT_USAGE
            continue
        except DominoError as exc:              # against the rules
            report(f"{shown}: not consistent: {exc}")
            worst = max(worst, EXIT_FAILED)
            continue
        consistent += 1
        if args.svg:  # picture export: code in dominolab.export
            from .export import round_files, write_files

            prefix = "" if len(args.records) == 1 else ("stdin" if name == "-" else Path(name).name.split(".")[0]) + "-"
            write_files(round_files(match, args.svg, prefix=prefix), "--svg", make_folder=Path(args.svg))
        winners = list(match.winners)
        state = (f"won by side{'' if len(winners) == 1 else 's'} {winners}" if winners else "in progress")
        print(f"{shown}: consistent with the rules of {match.rules.title} ({match.seating}): "
              f"{plural(len(match.rounds), 'round')}, scores {match.scores}, {state}", flush=True)
    if len(args.records) > 1:
        print(f"{consistent} of {len(args.records)} records consistent")
    return worst


# -- simulate ----------------------------------------------------------------------

#: Names of record files written by ``simulate`` (also those of older versions).
RECORD_NAME = re.compile(r".+-seed-?[0-9]+-[0-9]{5,}\.json")


def record_name(rules: GameRules, players: int, partnerships: bool, policy: str, seed: int, number: int) -> str:
    """``horse-race-2i-random-seed7-00001.json``: game, seating, policy, seed, match number."""
    return f"{rules.name}-{players}{'p' if partnerships else 'i'}-{policy}-seed{seed}-{number:05d}.json"


def _policy(name: str, think_ms: float) -> Callable[..., Any]:
    """The engine's policy of that name, or a bot of :mod:`dominolab.bots` seeing only its seat."""
    from .engine import POLICIES

    if name in POLICIES:
        return POLICIES[name]
    from .bots import make_bot
    from .view import view_of

    bot = make_bot(name, think_ms=think_ms)
    return lambda rnd, rng: bot.choose(view_of(rnd, rnd.to_move), rng)


def _policy_names() -> list[str]:
    from .engine import POLICIES

    names = list(POLICIES)
    try:
        from .bots import BOTS
    except ImportError:  # pragma: no cover - bots are part of the package
        return names
    return names + [n for n in BOTS if n not in names]


def _iter_matches(task: tuple[str, int, bool, str, float, bool, list[int]]) -> Iterator[tuple[Any, ...]]:
    """Play a chunk of matches one after the other: per match its summary and record."""
    from .engine import Match
    from .record import match_to_record

    game, players, partnerships, policy_name, think_ms, want_records, seeds = task
    policy = _policy(policy_name, think_ms)
    for seed in seeds:
        match = Match(game, players, partnerships, seed=seed).play(policy)
        yield (len(match.rounds), list(match.winners), list(match.scores),
               match_to_record(match) if want_records else None)


def _play_matches(task: tuple[str, int, bool, str, float, bool, list[int]]) -> list[tuple[Any, ...]]:
    """Play one chunk of matches in a worker process."""
    return list(_iter_matches(task))


class _DeferredInterrupt:
    """Hold Ctrl-C back while a record is written and counted, then raise it.

    So an interrupted run never has a record on disk that its summary misses.
    """

    def __enter__(self) -> "_DeferredInterrupt":
        import signal
        import threading

        self.caught = self.installed = False
        self.old: Any = None
        if threading.current_thread() is threading.main_thread():
            def hold(signum: int, frame: object) -> None:
                self.caught = True
            self.old = signal.signal(signal.SIGINT, hold)
            self.installed = True
        return self

    def __exit__(self, *exc: object) -> None:
        import signal

        if self.installed:
            signal.signal(signal.SIGINT, self.old if self.old is not None else signal.default_int_handler)
        if self.caught and exc[0] is None:
            raise KeyboardInterrupt


def _ignore_sigint() -> None:  # worker processes: Ctrl-C is the parent's business
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _results(tasks: Iterator[tuple[str, int, bool, str, float, bool, list[int]]], jobs: int) -> Iterator[tuple[Any, ...]]:
    """Per-match results in match order, serial or from ``jobs`` processes (same results)."""
    if jobs == 1:
        for task in tasks:
            yield from _iter_matches(task)     # one match at a time: memory stays flat
        return
    from collections import deque
    from concurrent.futures import ProcessPoolExecutor

    pool = ProcessPoolExecutor(max_workers=jobs, initializer=_ignore_sigint)
    pending: Any = deque()
    todo = iter(tasks)
    try:
        for task in todo:
            pending.append(pool.submit(_play_matches, task))
            if len(pending) >= 2 * jobs:
                break
        while pending:
            chunk = pending.popleft().result()
            for task in todo:
                pending.append(pool.submit(_play_matches, task))
                break
            yield from chunk
    finally:
        pool.shutdown(wait=False, cancel_futures=True)


def _prepare_record_dir(text: str, planned: Callable[[str], bool], overwrite: bool) -> tuple[Path, list[Path]]:
    """Check (and create) the record folder before any match is played.

    Returns the folder and the stale records to delete (``--overwrite``).
    Raises a one-line :class:`DominoError` for every foreseeable problem; a
    folder created here is removed again when a later check fails.
    """
    shown = shorten(text, 60) if len(text) > 60 else repr(text)
    if not text.strip():
        raise DominoError("--record-dir: empty folder name (give a folder, e.g. --record-dir records)")
    if "\0" in text:
        raise DominoError(f"--record-dir {shown}: a file name cannot contain a NUL character")
    folder = Path(text)
    created: list[Path] = []
    try:
        missing = []
        probe = folder
        while not probe.exists():
            if probe.is_symlink():
                raise DominoError(f"--record-dir {shown}: {probe} is a broken symbolic link")
            missing.append(probe)
            if probe.parent == probe:
                break
            probe = probe.parent
        if probe.exists() and not probe.is_dir():
            what = "the folder name" if probe == folder else f"its parent {probe}"
            raise DominoError(f"--record-dir {shown}: {what} exists and is not a folder")
        for new in reversed(missing):
            try:
                new.mkdir()
            except OSError as exc:
                raise DominoError(f"--record-dir {shown}: cannot create the folder {new}: "
                                  f"{exc.strerror or type(exc).__name__}") from None
            created.append(new)
        fd_path = folder / f".dominolab-write-test-{os.getpid()}"
        with open(fd_path, "x", encoding="utf-8"):
            pass
        fd_path.unlink()
        stale, clash = [], []
        for entry in folder.iterdir():
            if planned(entry.name) and (entry.is_dir() or not entry.is_file()):
                clash.append(entry)
            elif not planned(entry.name) and RECORD_NAME.fullmatch(entry.name):
                stale.append(entry)
        if clash:
            raise DominoError(f"--record-dir {shown}: {clash[0].name} is in the way (a folder or special file "
                              f"where a record goes); move it away")
        if stale and not overwrite:
            stale.sort()
            raise DominoError(f"--record-dir {shown}: already holds {plural(len(stale), 'record')} of another run "
                              f"(e.g. {stale[0].name}); add --overwrite to replace them, or choose an empty folder")
        return folder, stale
    except (DominoError, OSError) as exc:
        for new in reversed(created):
            try:
                new.rmdir()
            except OSError:
                pass
        if isinstance(exc, DominoError):
            raise
        raise DominoError(f"--record-dir {shown}: {_os_reason(exc)}") from None


#: For other commands that write records (e.g. ``tournament --record-dir``): the same checks before any work.
prepare_record_dir = _prepare_record_dir


def _os_reason(exc: OSError) -> str:
    reason = exc.strerror or type(exc).__name__
    name = exc.filename
    return f"{reason} ({shorten(str(name), 80) if len(str(name)) > 80 else name})" if name else reason


class _Tally:
    """Running summary of finished matches (flat memory, however many matches)."""

    def __init__(self) -> None:
        self.count = 0
        self.wins: list[int] = []
        self.shared: list[int] = []
        self.score_sums: list[int] = []
        self.rounds_sum = 0
        self.rounds_min = 0
        self.rounds_max = 0

    def add(self, n_rounds: int, winners: list[int], scores: list[int]) -> None:
        if not self.count:
            self.wins = [0] * len(scores)
            self.shared = [0] * len(scores)
            self.score_sums = [0] * len(scores)
            self.rounds_min = self.rounds_max = n_rounds
        self.count += 1
        for side in winners:
            self.wins[side] += 1
            if len(winners) > 1:
                self.shared[side] += 1
        for side, score in enumerate(scores):
            self.score_sums[side] += score
        self.rounds_sum += n_rounds
        self.rounds_min = min(self.rounds_min, n_rounds)
        self.rounds_max = max(self.rounds_max, n_rounds)

    def print(self, partnerships: bool) -> None:
        def side_name(s: int) -> str:
            return f"seats {s} and {s + 2}" if partnerships else f"seat {s}"

        n = self.count
        rows = [[f"side {side} ({side_name(side)})", str(self.wins[side]), str(self.shared[side]),
                 f"{100 * self.wins[side] / n:.1f}%", f"{self.score_sums[side] / n:.1f}"]
                for side in range(len(self.wins))]
        print(_table(["side", "wins", "shared", "win rate", "mean final score"], rows))
        print()
        print(_table(["matches", "rounds/match (mean)", "min", "max", "points/round (all sides)"],
                     [[str(n), f"{self.rounds_sum / n:.2f}", str(self.rounds_min), str(self.rounds_max),
                       f"{sum(self.score_sums) / self.rounds_sum:.2f}"]]))


def _tasks(args: argparse.Namespace, rules: GameRules, policy: str, want_records: bool,
           size: int) -> Iterator[tuple[str, int, bool, str, float, bool, list[int]]]:
    """Chunks of per-match seeds, drawn lazily from the run's seed (the same for any --jobs)."""
    seeds_rng = random.Random(args.seed)
    left = args.matches
    while left:
        take = min(size, left)
        left -= take
        yield (rules.name, args.players, args.partnerships, policy, args.think_ms, want_records,
               [seeds_rng.getrandbits(63) for _ in range(take)])


def cmd_simulate(args: argparse.Namespace) -> int:
    rules = get_game(args.game)
    rules.seating(args.players, args.partnerships)   # fail before any work is done
    policy_name = args.policy
    if policy_name not in _policy_names():
        raise DominoError(f"--policy {shorten(policy_name, 30)}: unknown; choose one of {', '.join(_policy_names())}")
    _policy(policy_name, args.think_ms)              # a bad bot setting fails now, not in a worker

    def name_of(number: int) -> str:
        return record_name(rules, args.players, args.partnerships, policy_name, args.seed, number)

    prefix = name_of(1)[: -len("00001.json")]

    def planned(name: str) -> bool:
        m = re.fullmatch(re.escape(prefix) + r"([0-9]{5,})\.json", name)
        return m is not None and 1 <= int(m.group(1)) <= args.matches and name == name_of(int(m.group(1)))

    record_dir: Path | None = None
    if args.record_dir is not None:
        record_dir, stale = _prepare_record_dir(args.record_dir, planned, args.overwrite)
        for old in stale:
            old.unlink()
    jobs = min(args.jobs, args.matches)
    size = max(1, min(50, args.matches // (4 * jobs))) if jobs > 1 else 1

    from tqdm import tqdm

    from .record import write_record

    tally = _Tally()
    interrupted = False
    failed: OSError | None = None
    bar = tqdm(total=args.matches, desc=f"{rules.title} matches", unit="match", disable=args.quiet, file=sys.stderr)
    try:
        for n_rounds, winners, scores, record in _results(_tasks(args, rules, policy_name, record_dir is not None,
                                                                 size), jobs):
            with _DeferredInterrupt():
                if record_dir is not None:
                    write_record(record, record_dir / name_of(tally.count + 1))
                tally.add(n_rounds, winners, scores)
            bar.update(1)
    except KeyboardInterrupt:
        interrupted = True
    except OSError as exc:                  # e.g. the disk is full: keep what is complete, say so
        failed = exc
    finally:
        bar.close()
    if tally.count:
        tally.print(args.partnerships)
    if record_dir is not None:
        print(f"\n{plural(tally.count, 'record')} written to {record_dir}/")
    if failed is not None:
        report(f"--record-dir: writing record {tally.count + 1} failed: {_os_reason(failed)}; "
               f"{plural(tally.count, 'complete record')} kept")
        return EXIT_USAGE
    if interrupted:
        report(f"interrupted after {tally.count:,} of {plural(args.matches, 'match', 'matches')}"
               f"{'; the summary above covers those' if tally.count else ''}")
        return EXIT_INTERRUPTED
    return EXIT_OK


# -- check ---------------------------------------------------------------------------

def cmd_check(args: argparse.Namespace) -> int:
    from .checking import run_check, sample_text

    if args.sample:
        sys.stdout.write(sample_text())
        return 0
    if args.fix or args.dry_run or args.overwrite:
        from .doccheck import fix_command
        if not args.fix:
            raise DominoError("--dry-run and --overwrite go with --fix")
        return fix_command(args.files, dry_run=args.dry_run, overwrite=args.overwrite)
    return run_check(args.files)


# -- main -----------------------------------------------------------------------------

_GAMES_HELP = "the game: " + " or ".join(GAMES)


def add_seating_arguments(p: argparse.ArgumentParser, partnerships: str = "seats 0+2 against 1+3") -> None:
    """``--game``, ``--players`` and ``--partnerships``, the same for every command that deals."""
    p.add_argument("--game", required=True, choices=list(GAMES), metavar="GAME", help=_GAMES_HELP + " (required)")
    p.add_argument("--players", required=True, type=_int_arg(1, 99), metavar="N",
                   help="number of players; the game decides which counts it allows (required)")
    p.add_argument("--partnerships", action="store_true",
                   help=f"play in two partnerships, {partnerships} (default: everyone for themselves)")

_MAIN_EPILOG = """examples (copy them as they are; the quotes keep the shell away from [ ] and |):
  dominolab layout --game horse-race '[1|4]' '[1|1]@[1|4].low' '[4|4]@[1|4].high'
  dominolab simulate --game horse-race --players 2 --matches 10 --record-dir records
  dominolab replay records/*.json
  dominolab check

'dominolab COMMAND --help' explains a command and all its options.
exit codes: 0 ok, 1 a check or replay found a rule violation, 2 bad input, 130 interrupted."""


def _wrap(text: str) -> str:
    import textwrap

    return textwrap.fill(text, 78)


def _help(parser: argparse.ArgumentParser) -> Callable[[argparse.Namespace], int]:
    def show(args: argparse.Namespace) -> int:
        parser.print_help()
        return EXIT_OK
    return show


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="dominolab", description="Rules engine for Horse Race and Fives and Threes.",
                     epilog=_MAIN_EPILOG, formatter_class=_RawFormatter)
    parser.add_argument("--version", action="version", version=f"dominolab {__version__}")
    parser.set_defaults(func=_help(parser))
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", title="commands", parser_class=_Parser)

    p = sub.add_parser("layout", help="place tiles and print each step (text or --json)",
                       description="Place tiles in order and print, for each placement, what it scores.",
                       epilog="example: dominolab layout --game horse-race '[1|4]' '[1|1]@[1|4].low'\n"
                              "         dominolab layout --game horse-race --json '[5|5] [2|5]@[5|5].A'",
                       formatter_class=_RawFormatter)
    p.add_argument("--game", required=True, choices=list(GAMES), metavar="GAME", help=_GAMES_HELP + " (required)")
    p.add_argument("--json", action="store_true",
                   help="print one JSON array (the interchange contract) instead of text (default: text)")
    p.add_argument("--lang", default="de", choices=LANGUAGES, metavar="LANG",
                   help=f"language of the step texts: {', '.join(LANGUAGES)} (default: de)")
    p.add_argument("placements", nargs="+", metavar="PLACEMENT",
                   help="placements in the order played, quoted for the shell: the opening tile alone, "
                        "then TILE@TILE.POINT, e.g. '[1|4]' '[1|1]@[1|4].low'")
    p.add_argument("--svg", metavar="FILE", help="also write the picture of the final layout as SVG (default: no picture)")
    p.add_argument("--png", metavar="FILE", help="also write the picture of the final layout as PNG, needs Matplotlib "
                                                   "(default: no picture)")
    p.set_defaults(func=cmd_layout)

    p = sub.add_parser("replay", help="re-play dominolab.record/1 files and check every field",
                       description=_wrap("Re-play each record through the engine and check every field. "
                                   "Prints one line per file; exit 0 when all are consistent, 1 when one "
                                   "breaks a rule, 2 when one cannot be read."),
                       epilog="example: dominolab replay records/*.json\n"
                              "         cat game.json | dominolab replay -",
                       formatter_class=_RawFormatter)
    p.add_argument("records", nargs="+", metavar="RECORD",
                   help="record files (.json, at most 16 MiB each); '-' reads one record from standard input")
    p.add_argument("--svg", metavar="DIR", help="write one SVG per round end of each consistent record into DIR "
                                                "(round-01.svg, ...; with several records prefixed by the file name; "
                                                "default: no pictures)")
    p.set_defaults(func=cmd_replay)

    p = sub.add_parser("simulate", help="play seeded matches between bots, optionally writing records",
                       description=_wrap("Play whole matches with every seat using the same policy and print a "
                                   "summary per side. The same seed gives the same matches, also with --jobs. "
                                   "Ctrl-C stops after the last finished match and prints its summary."),
                       epilog="example: dominolab simulate --game fives-and-threes --players 4 --partnerships "
                              "--matches 100 --seed 1 --record-dir records",
                       formatter_class=_RawFormatter)
    add_seating_arguments(p)
    p.add_argument("--matches", type=_int_arg(1, 10_000_000), default=1, metavar="M",
                   help="number of matches, 1 to 10,000,000 (default: 1)")
    p.add_argument("--seed", type=_int_arg(0, 2**63 - 1), default=0, metavar="S",
                   help="seed of the whole run, 0 to 2**63-1 (default: 0)")
    policies = _policy_names()
    p.add_argument("--policy", choices=policies, default="random", metavar="POLICY",
                   help=f"how every seat chooses its moves: {', '.join(policies)} (default: random)")
    p.add_argument("--think", dest="think_ms", type=_positive_float(60_000), default=50.0, metavar="MS",
                   help="thinking budget of the strong policy per move: fixed work calibrated to milliseconds, "
                        "above 0 and at most 60,000, as in 'dominolab tournament' (default: 50)")
    p.add_argument("--jobs", type=_int_arg(1, 256), default=1, metavar="J",
                   help="worker processes; results are the same as with 1 (default: 1)")
    p.add_argument("--record-dir", metavar="DIR",
                   help="write one record per match into this folder, named GAME-SEATING-POLICY-seedS-NNNNN.json "
                        "(default: write no records)")
    p.add_argument("--overwrite", action="store_true",
                   help="replace records of another run in --record-dir (default: refuse to mix runs)")
    p.add_argument("--quiet", action="store_true", help="no progress bar (default: a bar on stderr)")
    p.set_defaults(func=cmd_simulate)

    from .checking import SAMPLE_HINT
    p = sub.add_parser("check", help="check example files, rule documents or records (default: the catalogue)",
                       epilog=SAMPLE_HINT)
    p.add_argument("files", nargs="*", metavar="FILE",
                   help=".toml example files, .txt/.md rule documents (every worked step block), .json records")
    p.add_argument("--sample", action="store_true", help="print an annotated sample example file and exit")
    p.add_argument("--fix", action="store_true",
                   help="rule documents: rewrite the numbers, tiles and points of wrong worked step blocks to what "
                        "the engine computes (never prose); shows a unified diff, keeps DOC.orig")
    p.add_argument("--dry-run", action="store_true", help="with --fix: only show the diff, write nothing")
    p.add_argument("--overwrite", action="store_true", help="with --fix: replace an existing DOC.orig")
    p.set_defaults(func=cmd_check)

    p = sub.add_parser("coverage", help="prove the rule tests: apply every mutant and run its statement's tests",
                       description=_wrap("Run the tests marked @pytest.mark.rule unchanged, then apply every "
                                   "mutant named in rules_coverage.toml in a fresh process and run the tests "
                                   "of the statements naming it. Prints progress on stderr and "
                                   "'N statements, N mutants caught'; exit 1 when a mutant survives. The "
                                   "result is stored under _build/rule-coverage/ for these sources."))
    p.add_argument("--jobs", type=_int_arg(1, 64), default=None, metavar="J",
                   help="mutant runs in parallel (default: the cores, at most 4)")
    p.add_argument("--fresh", action="store_true", help="run again even when a result for these sources is stored")
    p.add_argument("--mutant", action="append", default=[], metavar="SPEC",
                   help="run only this mutant (repeatable; the result is not stored)")
    p.set_defaults(func=lambda a: __import__("dominolab.mutants", fromlist=["cmd_coverage"]).cmd_coverage(
        a.jobs, a.fresh, only=a.mutant))

    from .tournament import add_parser as add_tournament_parser  # helper B's subcommand
    add_tournament_parser(sub)
    from .play import add_parser as add_play_parser  # helper B's subcommand
    add_play_parser(sub)
    return parser


def _silence_stdout() -> None:
    """After a closed pipe (``dominolab ... | head -1``): send further output nowhere."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):  # no real stdout (e.g. captured in tests)
        pass


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit code (never raises for user errors).

    This is the one place that turns :class:`DominoError`, :class:`OSError`,
    ``KeyboardInterrupt`` and ``BrokenPipeError`` into one error line and an
    exit code, for every subcommand.
    """
    try:
        args = build_parser().parse_args(None if argv is None else [str(a) for a in argv])
        return int(args.func(args))
    except _ParserExit as exc:
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
        report(_os_reason(exc))
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
