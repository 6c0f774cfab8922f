"""Tournaments between bots: seat-rotated matches with win rates and 95 % intervals.

How a tournament is played (these choices are also listed on the book page
*Spielstärke*):

* Every bot plays a **side**: in partnerships both partners of a side are the
  same bot. With ``k`` bots, match ``i`` gives side ``s`` the bot
  ``bots[(s + i) % k]``, so sides are rotated every match; the ``k`` matches of
  one rotation share the same deal seed (duplicate style: each bot gets every
  seat of the same deals).
* Every match has its own seed, derived from the tournament seed and the match
  index alone, and the bots decide from their view and their own per-seat rng
  (:mod:`dominolab.play.bots`), so a match's result never depends on the other
  matches: ``jobs`` workers give exactly the results of a serial run.
* A bot wins a match when a side it plays is among the match winners. Horse
  Race can have several winners in one settlement (every side at 61 or more);
  each of their bots is credited with a win and the match counts as *shared*,
  so win rates can add up to more than one.
* The 95 % interval of a win rate is the Wilson score interval.

>>> t = run_tournament('fives-and-threes', 2, False, ['greedy', 'random'], matches=4, seed=1)
>>> [r.bot for r in t.results], sum(r.matches for r in t.results)
(['greedy', 'random'], 8)
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, fields, replace
from itertools import islice
from pathlib import Path
from typing import Any, Callable, Collection, Generator, Iterable, Iterator, Sequence

from dominolab.core._check import need_bool, need_int
from dominolab.play.bots import Bot, check_think
from dominolab.play.levels import make_level_bot, resolve
from dominolab.play.pool import ordered_results
from dominolab.core.engine import Match
from dominolab.core.errors import DominoError, InvalidArgument, WrongType, shorten
from dominolab.core.rules import GAMES, GameRules, get_game
from dominolab.core.view import view_of


#: Upper bounds of a run (the same for ``simulate``, ``tournament`` and the Python API).
MAX_MATCHES = 100_000_000
MAX_JOBS = 256
MAX_SEED = 2**63 - 1


def wilson(wins: float, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """Wilson score interval of a proportion (95 % by default).

    >>> [round(x, 3) for x in wilson(60, 100)]
    [0.502, 0.691]
    """
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    lo = 0.0 if wins <= 0 else max(0.0, centre - half)
    hi = 1.0 if wins >= n else min(1.0, centre + half)
    return (lo, hi)


def match_seed(seed: int, index: int) -> int:
    """The deal seed of match ``index`` of a tournament with ``seed`` (independent of all others)."""
    return random.Random(f"dominolab.tournament:{seed}:{index}").getrandbits(63)


@dataclass(frozen=True)
class MatchResult:
    """One match of a tournament."""

    index: int
    seed: int
    bots: tuple[str, ...]          #: bot of every side
    winners: tuple[int, ...]       #: winning sides
    scores: tuple[int, ...]        #: final score per side
    rounds: int
    first_opener_side: int         #: side of the seat that opened round 1
    round_points: tuple[int, ...]  #: points all sides scored in each round
    opener_round_wins: int         #: rounds in which the opener's side scored most (alone)
    record: dict[str, Any] | None  #: the dominolab.record/1 object, when asked for


@dataclass(frozen=True)
class BotResult:
    """Wins of one bot over a tournament."""

    bot: str
    matches: int
    wins: int
    shared: int
    win_rate: float
    ci95: tuple[float, float]

    def to_json(self) -> dict[str, Any]:
        return {"bot": self.bot, "matches": self.matches, "wins": self.wins, "shared": self.shared,
                "win_rate": self.win_rate, "ci95": [self.ci95[0], self.ci95[1]]}


class Standings:
    """The running summary of finished matches: wins per bot, rounds, points (flat memory).

    What :class:`Tournament` reports is read from here, so a streamed run
    (:func:`iter_matches`, ``dominolab tournament``) and a kept one give the same table.
    """

    def __init__(self, bots: Sequence[str]):
        self.bots = tuple(dict.fromkeys(bots))
        self.matches = 0
        self.rounds = 0
        self.points = 0
        self.played = dict.fromkeys(self.bots, 0)
        self.won = dict.fromkeys(self.bots, 0)
        self.shared = dict.fromkeys(self.bots, 0)

    def add(self, m: MatchResult) -> None:
        self.matches += 1
        self.rounds += m.rounds
        self.points += sum(m.round_points)
        winners = {m.bots[s] for s in m.winners}
        for name in set(m.bots):
            self.played[name] += 1
            if name in winners:
                self.won[name] += 1
                if len(winners) > 1:
                    self.shared[name] += 1

    def results(self) -> list[BotResult]:
        """One entry per distinct bot, in the order first named."""
        out = []
        for name in self.bots:
            played, won = self.played[name], self.won[name]
            rate = won / played if played else 0.0
            out.append(BotResult(name, played, won, self.shared[name], rate, wilson(won, played)))
        return out


@dataclass(frozen=True)
class Tournament:
    """The results of :func:`run_tournament` (or, with :attr:`standings`, of a streamed run)."""

    game: str
    players: int
    partnerships: bool
    bots: tuple[str, ...]
    seed: int
    think_ms: float | None                     #: the budget overriding every level's, or None
    matches: tuple[MatchResult, ...]
    variant: tuple[tuple[str, Any], ...] = ()  #: rule fields changed from the named game
    title: str = ""                            #: the game's display name (default: the built-in game's)
    summary: Standings | None = None           #: the summary of a streamed run (then ``matches`` is empty)

    @property
    def standings(self) -> Standings:
        if self.summary is not None:
            return self.summary
        table = Standings(self.bots)
        for m in self.matches:
            table.add(m)
        return table

    @property
    def results(self) -> list[BotResult]:
        """One entry per distinct bot, in the order first named."""
        return self.standings.results()

    def to_json(self) -> dict[str, Any]:
        table = self.standings
        return {
            "game": self.game, "players": self.players, "partnerships": self.partnerships,
            "bots": list(self.bots), "matches": table.matches, "seed": self.seed, "think_ms": self.think_ms,
            "budgets": {name: resolve(name, self.think_ms).think_ms for name in dict.fromkeys(self.bots)},
            "results": [r.to_json() for r in table.results()],
            **({"variant": dict(self.variant)} if self.variant else {}),
            "rounds_per_match": table.rounds / max(1, table.matches),
            "points_per_round": table.points / max(1, table.rounds),
        }


def play_match(rules: GameRules, players: int, partnerships: bool, side_bots: Sequence[Bot],
               seed: int, *, index: int = 0, keep_record: bool = False,
               labels: Sequence[str] | None = None) -> MatchResult:
    """Play one whole match; ``side_bots[s]`` plays every seat of side ``s`` (named ``labels[s]``)."""
    match = Match(rules, players, partnerships, seed=seed)
    seating = match.seating
    rngs = [random.Random(f"dominolab.bot:{seed}:{seat}") for seat in range(players)]
    seat_bots = [side_bots[seating.side_of(s)] for s in range(players)]
    round_points: list[int] = []
    opener_wins = 0
    first_opener_side = -1
    while not match.over:
        rnd = match.new_round()
        if first_opener_side < 0:
            first_opener_side = seating.side_of(rnd.opener)
        before = list(match.scores)
        push = rnd.push
        while rnd.end is None:
            seat = rnd.to_move
            push(seat_bots[seat].choose(view_of(rnd, seat), rngs[seat]))
        match.end_round()
        gains = [a - b for a, b in zip(match.scores, before)]
        round_points.append(sum(gains))
        opener_side = seating.side_of(rnd.opener)
        if all(gains[opener_side] > g for s, g in enumerate(gains) if s != opener_side):
            opener_wins += 1
    record = None
    if keep_record:
        from dominolab.core.record import match_to_record

        record = match_to_record(match)
    names = tuple(labels) if labels is not None else tuple(b.name for b in side_bots)
    return MatchResult(index, seed, names, tuple(match.winners), tuple(match.scores),
                       len(match.rounds), first_opener_side, tuple(round_points), opener_wins, record)


def _side_bots(names: Sequence[str], n_sides: int, index: int) -> list[str]:
    k = len(names)
    return [names[(s + index) % k] for s in range(n_sides)]


def _variant(rules: GameRules) -> tuple[tuple[str, Any], ...]:
    """The fields in which ``rules`` differs from the built-in game of its name (picklable; none for house rules)."""
    if rules.name not in GAMES:
        return ()
    base = get_game(rules.name)
    return tuple((f.name, getattr(rules, f.name)) for f in fields(rules)
                 if getattr(rules, f.name) != getattr(base, f.name))


ChunkTask = tuple["str | GameRules", tuple[tuple[str, Any], ...], int, bool, tuple[str, ...], int, "float | None",
                  bool, Sequence[int]]


def _iter_chunk(args: ChunkTask) -> Iterator[MatchResult]:
    game, changes, players, partnerships, names, seed, think_ms, keep, indices = args
    rules = replace(get_game(game), **dict(changes)) if changes else get_game(game)
    n_sides = rules.seating(players, partnerships).n_sides
    bots = {name: make_level_bot(name, think_ms) for name in names}
    k = len(names)
    for i in indices:
        labels = _side_bots(names, n_sides, i)
        side_bots = [bots[n] for n in labels]
        yield play_match(rules, players, partnerships, side_bots, match_seed(seed, i // k), index=i,
                         keep_record=keep, labels=labels)


def play_chunk(args: ChunkTask) -> list[MatchResult]:
    """Play the matches of one chunk of a tournament (a pure function of its arguments, for any worker)."""
    return list(_iter_chunk(args))


def check_bots(names: Sequence[str], n_sides: int) -> tuple[str, ...]:
    """Validate bots (levels: number, name or NAME@MS) for a seating with ``n_sides`` sides; their labels."""
    if isinstance(names, (str, bytes)) or not isinstance(names, Iterable):
        raise WrongType(f"bots must be a list of bot names, not {type(names).__name__}")
    given = tuple(islice(names, 101))
    for name in given:
        if not isinstance(name, str):
            raise InvalidArgument(f"unknown bot {type(name).__name__}; a bot is a level name or number")
    names = tuple(resolve(name).label for name in given)
    if not names:
        raise InvalidArgument("name at least one bot")
    if len(names) > n_sides:
        raise InvalidArgument(f"{len(names)} bots named but only {n_sides} sides play; name at most {n_sides}")
    return names


def _bounded(value: object, what: str, low: int, high: int) -> int:
    need_int(value, what)
    assert isinstance(value, int)
    if not low <= value <= high:
        shown = f"{value:,}" if abs(value) < 10**30 else "a number of {:,} bits".format(value.bit_length())
        raise InvalidArgument(f"{what} must be at least {low:,} and at most {high:,}, not {shown}")
    return value


def _checked(game: str | GameRules, players: int, partnerships: bool, bots: Sequence[str], matches: int, seed: int,
             think_ms: float | None, jobs: int, keep_records: bool) -> tuple[GameRules, tuple[str, ...], float | None]:
    rules = get_game(game)
    seating = rules.seating(players, partnerships)
    names = check_bots(bots, seating.n_sides)
    _bounded(matches, "the number of matches", 1, MAX_MATCHES)
    _bounded(jobs, "the number of jobs", 1, MAX_JOBS)
    _bounded(seed, "the seed", 0, MAX_SEED)
    if think_ms is not None:
        check_think(think_ms)
        think_ms = float(think_ms)
    need_bool(keep_records, "keep_records")
    return rules, names, think_ms


def iter_matches(game: str | GameRules, players: int, partnerships: bool, bots: Sequence[str], *,
                 matches: int, seed: int, think_ms: float | None = None, jobs: int = 1,
                 keep_records: bool = False, scheduler: str | None = None,
                 skip: Collection[int] = ()) -> Generator[MatchResult, None, None]:
    """The matches of a tournament one by one as they finish (see the module text).

    ``bots`` are levels (:func:`dominolab.play.levels.resolve`); ``think_ms``, when
    given, overrides every level's budget. Streamed: the plan is drawn lazily and
    only a few chunks are in flight, so memory stays flat in ``matches``; closing
    the generator (or Ctrl-C) stops the workers at once. Matches come in order from
    ``jobs`` worker processes; with ``scheduler`` (``"local"`` or the address of a
    Dask scheduler, :mod:`dominolab.play.cluster`) they run on Dask and come as they
    finish. Matches whose index is in ``skip`` (already finished, e.g. read from a
    results file) are not played. Everything is checked before the first match: a
    one-line :class:`~dominolab.core.errors.DominoError` otherwise.
    """
    rules, names, think_ms = _checked(game, players, partnerships, bots, matches, seed, think_ms, jobs,
                                      keep_records)
    tasks = _tasks(rules, players, partnerships, names, matches, seed, think_ms, jobs, keep_records, skip)
    if scheduler is not None:
        from dominolab.play.cluster import dask_results

        return dask_results(play_chunk, tasks, scheduler, jobs)
    return ordered_results(play_chunk, tasks, min(jobs, matches))


def _tasks(rules: GameRules, players: int, partnerships: bool, names: tuple[str, ...], matches: int, seed: int,
           think_ms: float | None, jobs: int, keep_records: bool, skip: Collection[int]) -> Iterator[ChunkTask]:
    """The chunks of a tournament, drawn lazily (never the whole plan)."""
    jobs = min(jobs, matches)
    chunk = max(1, min(len(names) * 2, math.ceil(matches / (jobs * 8))))
    changes = _variant(rules)
    sent: str | GameRules = rules.name if rules.name in GAMES else rules   # house rules travel whole
    for start in range(0, matches, chunk):
        indices: Sequence[int] = range(start, min(start + chunk, matches))
        if skip:
            indices = [i for i in indices if i not in skip]
            if not indices:
                continue
        yield (sent, changes, players, partnerships, names, seed, think_ms, keep_records, indices)


def run_tournament(game: str | GameRules, players: int, partnerships: bool, bots: Sequence[str], *,
                   matches: int, seed: int, think_ms: float | None = None, jobs: int = 1,
                   keep_records: bool = False, progress: Callable[[int], None] | None = None,
                   scheduler: str | None = None, results_file: str | Path | None = None) -> Tournament:
    """Play ``matches`` seat-rotated matches between ``bots`` (see the module text) and keep them all.

    ``jobs`` worker processes share the matches, or a Dask cluster with
    ``scheduler`` (:func:`iter_matches`); either way the results are exactly those
    of a serial run. ``results_file`` (JSON lines) receives every finished match as
    it finishes; matches already in it (same tournament, same seeds) are not played
    again. ``progress(n)`` is called as matches finish (also for those read from the
    file). For long runs without a file use :func:`iter_matches` and a
    :class:`Standings` (memory flat).
    """
    rules, names, think_ms = _checked(game, players, partnerships, bots, matches, seed, think_ms, jobs,
                                      keep_records)
    done: dict[int, MatchResult] = {}
    writer = None
    if results_file is not None:
        done, writer = open_results(results_file, results_header(rules, players, partnerships, names, seed,
                                                                        think_ms, keep_records), matches)
        if progress and done:
            progress(len(done))
    results: list[MatchResult] = list(done.values())
    try:
        for m in iter_matches(rules, players, partnerships, names, matches=matches, seed=seed, think_ms=think_ms,
                              jobs=jobs, keep_records=keep_records, scheduler=scheduler, skip=done.keys()):
            results.append(m)
            if writer is not None:
                writer([m])
            if progress:
                progress(1)
    finally:
        if writer is not None:
            writer(None)
    results.sort(key=lambda m: m.index)
    if [m.index for m in results] != list(range(matches)):  # pragma: no cover - a broken backend
        raise DominoError("the matches of the tournament did not all come back; run it again to resume")
    return tournament_of(rules, players, partnerships, names, seed, think_ms, tuple(results))


def tournament_of(rules: GameRules, players: int, partnerships: bool, bots: tuple[str, ...], seed: int,
                  think_ms: float | None, matches: tuple[MatchResult, ...] = (),
                  summary: Standings | None = None) -> Tournament:
    """A :class:`Tournament` of finished matches (or of a streamed run's :class:`Standings`)."""
    return Tournament(rules.name, players, partnerships, bots, seed, think_ms, matches, _variant(rules),
                      rules.title, summary)


# -- the results file: finished matches, one JSON object a line ---------------------------

#: First line of a results file: what tournament its matches belong to.
RESULTS_FORMAT = "dominolab.tournament-results/1"
_RESULTS_HEAD = b'{"format": "dominolab.tournament-results/1"'


def results_header(rules: GameRules, players: int, partnerships: bool, names: Sequence[str], seed: int,
                   think_ms: float | None, keep_records: bool) -> dict[str, Any]:
    """The first line of a results file: what tournament its matches belong to."""
    return {"format": RESULTS_FORMAT, "game": rules.name, "variant": [[k, repr(v)] for k, v in _variant(rules)],
            "players": players, "partnerships": partnerships, "bots": list(names), "seed": seed,
            "think_ms": think_ms, "records": keep_records}


def match_to_json(m: MatchResult) -> dict[str, Any]:
    """A finished match as a JSON object (one line of a results file)."""
    return {"index": m.index, "seed": m.seed, "bots": list(m.bots), "winners": list(m.winners),
            "scores": list(m.scores), "rounds": m.rounds, "first_opener_side": m.first_opener_side,
            "round_points": list(m.round_points), "opener_round_wins": m.opener_round_wins, "record": m.record}


def match_from_json(data: dict[str, Any]) -> MatchResult:
    return MatchResult(int(data["index"]), int(data["seed"]), tuple(data["bots"]), tuple(data["winners"]),
                       tuple(data["scores"]), int(data["rounds"]), int(data["first_opener_side"]),
                       tuple(data["round_points"]), int(data["opener_round_wins"]), data["record"])


def open_results(path: str | Path, header: dict[str, Any], matches: int
                 ) -> tuple[dict[int, MatchResult], Callable[[list[MatchResult] | None], None]]:
    """The matches already in a results file (checked against ``header``) and a writer for new ones.

    A file of another tournament is a one-line error (left unchanged); a last
    line cut short by an interruption is ignored. The writer appends and
    flushes every part (``None`` closes the file).
    """
    import json

    from dominolab.core.userfiles import check_output

    # never a folder, device or pipe, an empty name or a missing folder; an existing file only if it is
    # (or may become) a results file: empty, or starting with a results header
    path = check_output(path, option="--results", ours=lambda head: not head.strip() or head.startswith(_RESULTS_HEAD))
    done: dict[int, MatchResult] = {}
    text = ""
    if path.exists():
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise DominoError(f"results file {path}: cannot read it: {exc}") from None
    lines = text.splitlines()
    if lines:
        try:
            first = json.loads(lines[0])
        except ValueError:
            first = None
        if first != header:
            raise DominoError(f"results file {path} belongs to another tournament (other game, bots, seed, budget "
                              f"or records); use another file or remove it")
        for line in lines[1:]:
            try:
                m = match_from_json(json.loads(line))
            except (ValueError, KeyError, TypeError):
                continue                    # a line cut short by an interruption
            if 0 <= m.index < matches and m.seed == match_seed(header["seed"], m.index // len(header["bots"])):
                done[m.index] = m
    try:
        out = path.open("w" if not lines else "a", encoding="utf-8")
    except OSError as exc:
        raise DominoError(f"results file {path}: cannot write: {exc.strerror or exc}") from None
    if not lines:
        out.write(json.dumps(header) + "\n")
    elif not text.endswith("\n"):
        out.write("\n")
    out.flush()

    def write(part: list[MatchResult] | None) -> None:
        if part is None:
            out.close()
            return
        for m in part:
            out.write(json.dumps(match_to_json(m)) + "\n")
        out.flush()

    return done, write


def format_table(t: Tournament) -> str:
    """The plain-text result table of a tournament."""
    rows = [[r.bot, str(r.matches), str(r.wins), str(r.shared), f"{100 * r.win_rate:.1f}%",
             f"[{100 * r.ci95[0]:.1f}%, {100 * r.ci95[1]:.1f}%]"] for r in t.results]
    headers = ["bot", "matches", "wins", "shared", "win rate", "95% interval"]
    widths = [max(len(x) for x in col) for col in zip(headers, *rows)]

    def line(cells: Sequence[str]) -> str:
        return "  ".join(c.ljust(w) for c, w in zip(cells, widths)).rstrip()

    data = t.to_json()
    seating = f"{t.players} players" + (" in partnerships" if t.partnerships else "")
    budgets = ", ".join(f"{name} {ms:g} ms" for name, ms in data["budgets"].items() if ms)
    head = (f"{t.title or get_game(t.game).title}, {seating}: {t.standings.matches} matches, seed {t.seed}"
            + (f", think {budgets}" if budgets else ""))
    tail = (f"{data['rounds_per_match']:.2f} rounds per match, {data['points_per_round']:.2f} points per round "
            f"(all sides)")
    return "\n".join([head, "", line(headers), line(["-" * w for w in widths])] + [line(r) for r in rows]
                     + ["", tail])
