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
  (:mod:`dominolab.bots`), so a match's result never depends on the other
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
from typing import Any, Callable, Generator, Iterable, Iterator, Sequence

from dominolab.core._check import need_bool, need_int
from dominolab.play.bots import BOTS, Bot, check_think, make_bot
from dominolab.play.pool import ordered_results
from dominolab.core.engine import Match
from dominolab.core.errors import InvalidArgument, WrongType, shorten
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
    think_ms: float
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
            "results": [r.to_json() for r in table.results()],
            **({"variant": dict(self.variant)} if self.variant else {}),
            "rounds_per_match": table.rounds / max(1, table.matches),
            "points_per_round": table.points / max(1, table.rounds),
        }


def play_match(rules: GameRules, players: int, partnerships: bool, side_bots: Sequence[Bot],
               seed: int, *, index: int = 0, keep_record: bool = False) -> MatchResult:
    """Play one whole match; ``side_bots[s]`` plays every seat of side ``s``."""
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
    return MatchResult(index, seed, tuple(b.name for b in side_bots), tuple(match.winners), tuple(match.scores),
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


def _play_chunk(args: tuple[str | GameRules, tuple[tuple[str, Any], ...], int, bool, tuple[str, ...], int, float,
                            bool, Sequence[int]]) -> Iterator[MatchResult]:
    game, changes, players, partnerships, names, seed, think_ms, keep, indices = args
    rules = replace(get_game(game), **dict(changes)) if changes else get_game(game)
    n_sides = rules.seating(players, partnerships).n_sides
    bots = {name: make_bot(name, think_ms=think_ms) for name in names}
    k = len(names)
    for i in indices:
        side_bots = [bots[n] for n in _side_bots(names, n_sides, i)]
        yield play_match(rules, players, partnerships, side_bots, match_seed(seed, i // k), index=i, keep_record=keep)


def check_bots(names: Sequence[str], n_sides: int) -> tuple[str, ...]:
    """Validate a list of bot names for a seating with ``n_sides`` sides."""
    if isinstance(names, (str, bytes)) or not isinstance(names, Iterable):
        raise WrongType(f"bots must be a list of bot names, not {type(names).__name__}")
    names = tuple(islice(names, 101))
    for name in names:
        if not isinstance(name, str) or name not in BOTS:
            shown = shorten(name, 40) if isinstance(name, str) else type(name).__name__
            raise InvalidArgument(f"unknown bot {shown}; choose from: {', '.join(BOTS)}")
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


def iter_matches(game: str | GameRules, players: int, partnerships: bool, bots: Sequence[str], *,
                 matches: int, seed: int, think_ms: float = 50, jobs: int = 1,
                 keep_records: bool = False) -> Generator[MatchResult, None, None]:
    """The matches of a tournament one by one, in order, as they finish (see the module text).

    Streamed: the plan is drawn lazily and only a few chunks are in flight, so memory
    stays flat in ``matches``; closing the generator (or Ctrl-C) stops the workers at
    once. Everything is checked before the first match: a one-line
    :class:`~dominolab.errors.DominoError` otherwise.
    """
    rules = get_game(game)
    seating = rules.seating(players, partnerships)
    names = check_bots(bots, seating.n_sides)
    _bounded(matches, "the number of matches", 1, MAX_MATCHES)
    _bounded(jobs, "the number of jobs", 1, MAX_JOBS)
    _bounded(seed, "the seed", 0, MAX_SEED)
    check_think(think_ms)
    need_bool(keep_records, "keep_records")
    return _stream(rules, players, partnerships, names, matches, seed, think_ms, jobs, keep_records)


def _stream(rules: GameRules, players: int, partnerships: bool, names: tuple[str, ...], matches: int, seed: int,
            think_ms: float, jobs: int, keep_records: bool) -> Generator[MatchResult, None, None]:
    jobs = min(jobs, matches)
    chunk = max(1, min(len(names) * 2, math.ceil(matches / (jobs * 8))))
    changes = _variant(rules)
    sent: str | GameRules = rules.name if rules.name in GAMES else rules   # house rules travel whole
    tasks = ((sent, changes, players, partnerships, names, seed, think_ms, keep_records,
              range(start, min(start + chunk, matches))) for start in range(0, matches, chunk))
    return ordered_results(_play_chunk, tasks, jobs)


def run_tournament(game: str | GameRules, players: int, partnerships: bool, bots: Sequence[str], *,
                   matches: int, seed: int, think_ms: float = 50, jobs: int = 1, keep_records: bool = False,
                   progress: Callable[[int], None] | None = None) -> Tournament:
    """Play ``matches`` seat-rotated matches between ``bots`` (see the module text) and keep them all.

    ``jobs`` worker processes share the matches; the results are exactly those
    of a serial run. ``progress(n)`` is called as matches finish. For long runs
    use :func:`iter_matches` and a :class:`Standings` (memory flat).
    """
    rules = get_game(game)
    results: list[MatchResult] = []
    for m in iter_matches(rules, players, partnerships, bots, matches=matches, seed=seed, think_ms=think_ms,
                          jobs=jobs, keep_records=keep_records):
        results.append(m)
        if progress:
            progress(1)
    return tournament_of(rules, players, partnerships, tuple(bots), seed, think_ms, tuple(results))


def tournament_of(rules: GameRules, players: int, partnerships: bool, bots: tuple[str, ...], seed: int,
                  think_ms: float, matches: tuple[MatchResult, ...] = (),
                  summary: Standings | None = None) -> Tournament:
    """A :class:`Tournament` of finished matches (or of a streamed run's :class:`Standings`)."""
    return Tournament(rules.name, players, partnerships, bots, seed, think_ms, matches, _variant(rules),
                      rules.title, summary)


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
    head = (f"{t.title or get_game(t.game).title}, {seating}: {t.standings.matches} matches, seed {t.seed}, "
            f"think {t.think_ms:g} ms")
    tail = (f"{data['rounds_per_match']:.2f} rounds per match, {data['points_per_round']:.2f} points per round "
            f"(all sides)")
    return "\n".join([head, "", line(headers), line(["-" * w for w in widths])] + [line(r) for r in rows]
                     + ["", tail])
