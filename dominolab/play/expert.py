"""The expert bot: turn-aware play-outs, racing between close moves, exact endgames.

A :class:`~dominolab.play.search.SearchBot`: it decides from a
:class:`~dominolab.core.view.SeatView` alone, like the other bots (:mod:`dominolab.play.bots`),
and spends a fixed amount of work per decision. Its contract:

* **Hidden hands.** Every sampled deal gives the tiles the seat cannot see to the other hands
  and the stock so that every pass, knock and draw the view shows is respected
  (:class:`~dominolab.play.search.DealSampler` with :data:`SAMPLE_ORDER`: the most constrained
  hidden slot is filled first, with a random tile among those it may hold). Deals are not
  weighted by the opponents' earlier choices unless ``INFER_KEEP`` is below 1 (screened in issue 30:
  no measurable gain, so it is off).
* **Play-outs that know the turn** (:func:`policy_move`). Inside a sampled deal every seat
  plays: among the moves that score most now (as the engine books them: nothing for a play
  past an exact target), doubles and heavy tiles are shed first (more so when the round may
  soon be settled); a move that reaches the match target wins outright; a last tile is
  valued with what the engine books for it (:meth:`Round.gain_trusted
  <dominolab.core.engine.Round.gain_trusted>`, the domino bonus included).
* **Whole turns at the root.** Where a move from hand keeps the turn (a double, or a scoring
  tile in Horse Race), the candidates are the *lines* of that move and each follow-up of the
  same turn (``TURN_LINES``, at most ``MAX_LINES``), and the move is worth its best line.
  Which follow-ups exist depends only on the seat's hand and the layout, so every sampled
  deal has the same lines.
* **Racing** (:meth:`ExpertBot.choose`). All candidate lines are played on the *same*
  sampled deals with the same play-out random stream (common random numbers), in batches of
  ``BATCH``; after each batch a line whose paired difference to the leader is more than
  ``RACE_Z`` standard errors below zero is dropped.
* **Short play-outs where hands count nothing.** Without a pip settlement a play-out stops
  after ``PLAYOUT_HORIZON`` moves and is valued by the points scored until there; with one
  (Horse Race) play-outs run to the end of the round.
* **Exact endgames.** When no tile can be drawn and at most ``EXACT_TILES`` tiles are left in
  all hands, each sampled deal is solved exactly (every side maximises its own score
  difference, on copies of the engine's round, :meth:`Round.copy
  <dominolab.core.engine.Round.copy>`), unless the tree exceeds ``EXACT_NODES`` nodes.
* **The value of an outcome** is the side's gain minus the best other side's gain, where
  every side's gain includes ``win_bonus * BONUS_FACTOR`` (:data:`~dominolab.play.search.WIN_BONUS`)
  for winning the match, minus it for losing it; the engine books the round, so the
  settlement and the 61 of either game count as the rules count them.
* **Deals weighted by the opponents' plays** (``INFER_KEEP``, off): see :class:`_Inference`.

Work is counted in *steps*: moves pushed in play-outs and nodes of exact search;
``think_ms`` buys ``think_ms * STEPS_PER_MS`` steps. The same view and rng give the same
decision on any machine, under any load. :meth:`ExpertBot.evaluate` values every legal move
on the same sampled deals (none dropped), with its standard error. Measurements behind the
constants: ``tools/bench/README.md`` ("The expert bot's design").

>>> import random
>>> from dominolab.core.engine import Match
>>> from dominolab.core.view import view_of
>>> rnd = Match('horse-race', players=2, seed=1).new_round()
>>> bot = ExpertBot(think_ms=5)
>>> bot.choose(view_of(rnd, rnd.to_move), random.Random(0)) in rnd.legal_moves()
True
"""

from __future__ import annotations

import math
import random
from operator import mul, sub
from typing import Protocol, cast

from dominolab.core.engine import DOMINO, TARGET, Move, Round
from dominolab.core.layout import Placement
from dominolab.core.tiles import Tile
from dominolab.core.view import SeatView, check_turn
from dominolab.play.search import (WIN_BONUS, DealSampler, Hint, MoveValue, SampleOrder, best_other, hint_of,
                                   mean_parts, playout_parts)

#: The expert's version: raised whenever its decisions on the same view and rng change on purpose (the
#: committed ratings record the version they were played with; a test replays their expert matches only
#: while it is the same).
EXPERT_VERSION = 1

#: Work steps (moves pushed in play-outs, nodes of exact search) per millisecond of thinking: calibrated
#: so that a decision costs about as much CPU as the strong bot's at the same budget (``python -m tools ladder
#: leveltiming``).
STEPS_PER_MS = 180.0

#: Deals per racing batch, and the deals every move gets before it may be dropped.
BATCH = 8

#: A move is dropped when its mean paired difference to the leader is this many standard errors below zero.
RACE_Z = 2.5

#: Exact search instead of play-outs when no tile can be drawn and at most this many tiles are in the hands.
EXACT_TILES = 6
#: Nodes one exact search may visit; a larger tree switches the decision back to play-outs.
EXACT_NODES = 3000

#: How the expert samples deals: a random fitting tile per slot, the rest shuffled; 50 attempts before
#: the constraints are relaxed.
SAMPLE_ORDER = SampleOrder(attempts=50, shuffle_first=False)

#: Play-out tie-breaks: value per pip of a tile shed (more when a settlement is near), and per double shed.
HEAVY_WEIGHT = 0.02
HEAVY_WEIGHT_LATE = 0.1
DOUBLE_WEIGHT = 0.3
#: A reached match target in a play-out's move choice (dominates every score).
TARGET_VALUE = 1000.0
#: Whole turns at the root: a move that keeps the turn is valued by its best follow-up move of the same turn
#: (each line of moves played on the same deals), up to this many moves per line (1: single moves only).
TURN_LINES = 2
#: At most this many lines per decision; more keep the root to single moves.
MAX_LINES = 40

#: Moves a play-out runs where the tiles left in hand count nothing at the end of a round (no pip
#: settlement); the play-out is then valued by the points scored until there (see the module text).
PLAYOUT_HORIZON = 4

#: What the opponents' plays reveal: a sampled deal in which another seat, at one of its earlier plays from
#: hand, held a tile that would have scored more than the play it made is kept with probability
#: ``INFER_KEEP`` per such play (1: deals are not weighted by the plays); ``INFER_TRIES`` deals are tried
#: before the one with fewest such plays is taken.
INFER_KEEP = 1.0
INFER_TRIES = 8

#: The match bonus of a play-out that wins the match, times this (``win_bonus`` of :class:`ExpertBot`): the
#: winners' gain rises and every other side's falls by ``win_bonus * BONUS_FACTOR``, so a won match swings
#: a play-out's value by 4 * 20 points (the strong bot's: 2 * 20). Screened in issue 30 (Horse Race, 5 ms,
#: tools/bench/README.md): 2.5 lost matches against 1.0; 0.5 won more on one seed range and fewer on the
#: next, so it stays 1.0.
BONUS_FACTOR = 1.0


# -- the play-out policy ------------------------------------------------------------------

class _Game:
    """What the play-out policy reads of the rules and seating (looked up once per decision)."""

    __slots__ = ("credit", "target", "side_of", "settle")

    def __init__(self, view: SeatView):
        rules = view.rules
        self.credit = [rules.credit(s) for s in range(28 * 12 + 1)]
        self.target = rules.target
        seating = view.seating
        self.side_of = tuple(seating.side_of(s) for s in range(seating.players))
        self.settle = rules.pip_settlement


def _shed_value(points: int, tile: Tile, weight: float) -> float:
    """A play's points with the play-out tie-breaks: heavy tiles (``weight`` per pip) and doubles shed first."""
    value = float(points) + weight * tile.pips
    if tile.is_double:
        value += DOUBLE_WEIGHT
    return value


class _Stream:
    """The numbers of ``random.Random(seed).random()`` in order, drawn once and replayed.

    Every line of a sampled deal plays out with the same stream (common random numbers).
    Seeding a generator costs more than a short play-out's other work per line, so a deal
    seeds one and each line reads it through a :class:`_Replay` of its own.
    """

    __slots__ = ("source", "drawn")

    def __init__(self, seed: int):
        self.source = random.Random(seed).random
        self.drawn: list[float] = []


class _Replay:
    """One reader of a :class:`_Stream`: ``random()`` gives the stream's numbers from the first."""

    __slots__ = ("stream", "next")

    def __init__(self, stream: _Stream):
        self.stream = stream
        self.next = 0

    def random(self) -> float:
        drawn = self.stream.drawn
        k = self.next
        self.next = k + 1
        if k == len(drawn):
            drawn.append(self.stream.source())
        return drawn[k]


class _Random(Protocol):
    def random(self) -> float: ...


def policy_move(g: _Game, rnd: Round, rng: _Random) -> Move:
    """The play-out policy: the move with the best value (see the module text), ties at random.

    A play is worth what the engine books for it (:meth:`Round.gain_trusted
    <dominolab.core.engine.Round.gain_trusted>`: credit, the domino bonus of a last tile,
    nothing past an exact target); reaching the match target ranks above everything, and
    the tie-breaks shed heavy tiles and doubles first (:func:`_shed_value`). A last tile is
    the same tile in every move, so its tie-breaks rank nothing.
    """
    moves = rnd.legal_moves()
    if len(moves) == 1 or not isinstance(moves[0], Placement):
        return moves[0]
    seat = rnd.to_move
    side = g.side_of[seat]
    score = rnd.scores[side]
    hands = rnd.hands
    # a round still running has no empty hand (going out ends it)
    late = g.settle and min(map(len, hands)) <= 2
    best: list[Move] = []
    best_value = -math.inf
    weight = HEAVY_WEIGHT_LATE if late else HEAVY_WEIGHT
    target = g.target
    # the hot path: a tile that is not the last books its accepted credit - what gain_trusted books for it
    # at less than half the cost (tests/play/test_expert_hot_path.py holds the two equal over random positions)
    last = len(hands[seat]) == 1
    gain = rnd.gain_trusted
    accepted = rnd.accepted
    credit = g.credit
    after = rnd.layout.end_sum_after
    for move in cast(list[Placement], moves):          # a placement first means only placements
        tile = move.tile
        points = gain(move) if last else accepted(side, credit[after(tile, move.at)])
        v = (TARGET_VALUE + points if points and score + points >= target
             else _shed_value(points, tile, weight))
        if v > best_value:
            best, best_value = [move], v
        elif v == best_value:
            best.append(move)
    return best[0] if len(best) == 1 else best[int(rng.random() * len(best))]


def _gains(rnd: Round, start: tuple[int, ...], win_bonus: float) -> list[float]:
    """Score gain of every side since ``start``, plus ``win_bonus`` for the match's winners (minus for
    every other side once the match is won)."""
    gains = [float(now - before) for now, before in zip(rnd.scores, start)]
    winners = rnd.match_winners
    if winners:
        for side in range(len(gains)):
            gains[side] += win_bonus if side in winners else -win_bonus
    return gains


def _value(gains: list[float], side: int) -> float:
    """The value of an outcome for ``side``: its gain minus the best other side's gain."""
    return gains[side] - max(g for s, g in enumerate(gains) if s != side)


class _Counter:
    __slots__ = ("steps", "limit")

    def __init__(self) -> None:
        self.steps = 0
        self.limit = 0


class _TooBig(Exception):
    """An exact search grew beyond ``EXACT_NODES``."""


def _exact(g: _Game, rnd: Round, start: tuple[int, ...], counter: _Counter,
           win_bonus: float) -> tuple[list[float], Round]:
    """Gains of every side under exact play of a determinized round (each side maximises its own value),
    and the round at the end of the line that gives them (its events are the line's)."""
    if rnd.end is not None:
        return _gains(rnd, start, win_bonus), rnd
    moves = rnd.legal_moves()
    side = g.side_of[rnd.to_move]
    best: tuple[list[float], Round] | None = None
    best_value = -math.inf
    for move in moves:
        child = rnd.copy()
        child.push(move)
        counter.steps += 1
        if counter.steps > counter.limit:
            raise _TooBig
        found = _exact(g, child, start, counter, win_bonus)
        v = _value(found[0], side)
        if v > best_value:
            best, best_value = found, v
    assert best is not None
    return best


# -- what the other seats' plays reveal --------------------------------------------------------

class _Inference:
    """Per other seat, the tiles that would have scored more than one of its earlier plays from hand.

    Read from the view alone: for every play from hand of another seat that has drawn no hidden tile
    since (its whole hand then is its hand now plus the tiles it played since), the unseen tiles that
    fitted somewhere at that moment for more credit than the play booked. A deal giving such a tile to
    that seat makes the play a choice against the points; :meth:`misses` counts these plays.
    """

    __slots__ = ("checks",)

    def __init__(self, view: SeatView):
        from dominolab.core.engine import PlayEvent, PlaySource
        from dominolab.core.history import layout_steps
        from dominolab.core.view import SeenDraw

        rules = view.rules
        unseen = view.unseen()
        self.checks: list[tuple[int, frozenset[Tile]]] = []
        events = view.events
        before = None
        hidden_later = [0] * view.seating.players      # hidden draws of each seat after the event
        for ev in events:
            if isinstance(ev, SeenDraw) and ev.tile is None:
                hidden_later[ev.seat] += 1
        for ev, after in zip(events, layout_steps(rules.spinners, events)):
            if isinstance(ev, SeenDraw) and ev.tile is None:
                hidden_later[ev.seat] -= 1
            if (isinstance(ev, PlayEvent) and ev.seat != view.seat and ev.source is PlaySource.HAND
                    and not hidden_later[ev.seat] and view.hand_sizes[ev.seat]):
                better = []
                for tile in unseen:
                    if before is None:
                        credits = [rules.credit(tile.pips)]
                    else:
                        credits = [rules.credit(before.end_sum_after(tile, at)) for at in before.points_for(tile)]
                    if credits and max(credits) > ev.credit:
                        better.append(tile)
                if better:
                    self.checks.append((ev.seat, frozenset(better)))
            before = after.copy()

    def misses(self, hands: list[list[Tile]]) -> int:
        """How many earlier plays of the deal's other seats passed over a tile that scored more."""
        return sum(1 for seat, better in self.checks if not better.isdisjoint(hands[seat]))


def _sample(sampler: DealSampler, inference: _Inference | None,
            rng: random.Random) -> tuple[list[list[Tile]], list[Tile]]:
    """A sampled deal, kept with probability ``INFER_KEEP ** misses`` (see :class:`_Inference`)."""
    if inference is None or not inference.checks:
        return sampler.sample(rng)
    best: tuple[int, tuple[list[list[Tile]], list[Tile]]] | None = None
    for _ in range(INFER_TRIES):
        deal = sampler.sample(rng)
        miss = inference.misses(deal[0])
        if not miss or rng.random() < INFER_KEEP ** miss:
            return deal
        if best is None or miss < best[0]:
            best = (miss, deal)
    assert best is not None
    return best[1]


# -- the bot --------------------------------------------------------------------------------

class ExpertBot:
    """Racing Monte-Carlo search with turn-aware play-outs and exact endgames (see the module text)."""

    name = "expert"

    def __init__(self, think_ms: float = 50, win_bonus: float = WIN_BONUS):
        self.think_ms = think_ms
        self.win_bonus = win_bonus
        self.budget = max(1, round(think_ms * STEPS_PER_MS))

    def __repr__(self) -> str:
        return f"make_bot('expert', think_ms={self.think_ms!r})"

    # -- search ---------------------------------------------------------------------
    @staticmethod
    def _lines(view: SeatView, moves: list[Move]) -> list[tuple[Move, ...]]:
        """The candidate lines: every move, and a move that keeps the turn followed by each follow-up.

        What follows a placement from hand on the same turn depends only on the seat's hand, the
        layout and the scores, all in the view, so any deal of the unseen tiles gives the same lines.
        """
        lines: list[tuple[Move, ...]] = [(m,) for m in moves]
        if TURN_LINES < 2 or not view.rules.stay_on_turn:
            return lines
        out: list[tuple[Move, ...]] = []
        filler = view.filler_deal()
        for move in moves:
            if not isinstance(move, Placement):
                out.append((move,))
                continue
            world = view.world(*filler, checked=False)
            world.push(move)
            out.extend(ExpertBot._grow(world, view.seat, (move,)))
        return out if len(out) <= MAX_LINES else lines

    @staticmethod
    def _grow(world: Round, seat: int, line: tuple[Move, ...]) -> list[tuple[Move, ...]]:
        """``line`` (already pushed on ``world``) and its follow-ups of the same turn, up to ``TURN_LINES`` moves
        (a single follow-up is left to the play-out)."""
        follow = world.legal_moves() if world.end is None and world.to_move == seat else []
        if len(follow) <= 1 or len(line) >= TURN_LINES:
            return [line]
        if len(line) + 1 >= TURN_LINES:
            return [line + (f,) for f in follow]
        out: list[tuple[Move, ...]] = []
        for f in follow:
            child = world.copy()
            child.push(f)
            out.extend(ExpertBot._grow(child, seat, line + (f,)))
        return out

    def _run(self, view: SeatView, rng: random.Random, moves: list[tuple[Move, ...]],
             race: bool, parts: list[list[list[float]]] | None = None) -> list[list[float]]:
        """Per line, its value on every deal it was played on (deal k is the same deal for every line).

        With ``parts`` (a list, filled here: per line, the part vector of every deal,
        :func:`~dominolab.play.search.playout_parts`; for an exact search, of the line it returns)
        the values are also split into parts; the search and its random numbers are the same either way.
        """
        g = _Game(view)
        sampler = DealSampler(view, SAMPLE_ORDER)
        inference = _Inference(view) if INFER_KEEP < 1.0 else None
        bonus = self.win_bonus * BONUS_FACTOR
        base = view.layout()
        side = view.side
        start = view.scores
        exact = (not view.rules.drawing or view.stock_left == 0) and sum(view.hand_sizes) <= EXACT_TILES
        horizon = math.inf if view.rules.pip_settlement else PLAYOUT_HORIZON
        counter = _Counter()
        alive = list(range(len(moves)))
        values: list[list[float]] = [[] for _ in moves]
        budget = self.budget
        if parts is not None:
            parts[:] = [[] for _ in moves]
            seat = view.seat
        while counter.steps < budget and len(alive) > (1 if race else 0):
            for _ in range(BATCH):
                hands, stock = _sample(sampler, inference, rng)
                stream = _Stream(rng.getrandbits(32))
                for i in alive:
                    world = view.world(hands, stock, layout=base.copy(), checked=False)
                    for m in moves[i]:
                        world.push(m)
                    counter.steps += len(moves[i])
                    gains = None
                    if exact:
                        counter.limit = counter.steps + EXACT_NODES
                        try:
                            gains, world = _exact(g, world, start, counter, bonus)
                        except _TooBig:         # too many tiles can go too many places: play out instead
                            exact = False
                            world = view.world(hands, stock, layout=base.copy(), checked=False)
                            for m in moves[i]:
                                world.push(m)
                    if gains is None:
                        play_rng = _Replay(stream)
                        push = world.push
                        steps = 0
                        while world.end is None and steps < horizon:
                            push(policy_move(g, world, play_rng))
                            steps += 1
                        counter.steps += steps
                        gains = _gains(world, start, bonus)
                    values[i].append(_value(gains, side))
                    if parts is not None:
                        other = best_other(gains, side)
                        winners = world.match_winners
                        won = (bonus * ((side in winners) - (other in winners)) * 2.0) if winners else 0.0
                        parts[i].append(playout_parts(world.events, seat, side, other, g.side_of, won))
                if counter.steps >= budget:
                    break
            if race and len(alive) > 1:
                alive = self._survivors(alive, values)
        return values

    @staticmethod
    def _survivors(alive: list[int], values: list[list[float]]) -> list[int]:
        """The moves not clearly worse than the leader on the deals they shared."""
        means = {i: sum(values[i]) / len(values[i]) for i in alive}
        leader = max(alive, key=lambda i: (means[i], -i))
        keep = []
        lead = values[leader]
        for i in alive:
            if i == leader:
                keep.append(i)
                continue
            diffs = list(map(sub, lead, values[i]))
            n = len(diffs)
            if n < BATCH:
                keep.append(i)
                continue
            total = sum(diffs)
            mean = total / n
            var = max(0.0, (sum(map(mul, diffs, diffs)) - total * mean) / (n - 1))
            if mean - RACE_Z * math.sqrt(var / n) > 0:
                continue                    # clearly worse than the leader: dropped
            keep.append(i)
        return keep

    def _root_values(self, view: SeatView, rng: random.Random, moves: list[Move],
                     race: bool, parts: list[list[list[float]]] | None = None) -> list[list[float]]:
        """Per legal move, the values of its best line (see :meth:`_lines`) on the deals it was played on;
        with ``parts`` (a list, filled here) per legal move the part vectors of that line."""
        lines = self._lines(view, moves)
        line_parts: list[list[list[float]]] | None = [] if parts is not None else None
        values = self._run(view, rng, lines, race, line_parts)
        best: dict[Move, int] = {}
        for k, (line, vals) in enumerate(zip(lines, values)):
            if not vals:
                continue
            j = best.get(line[0])
            have = values[j] if j is not None else None
            if have is None or (len(vals), sum(vals) / len(vals)) > (len(have), sum(have) / len(have)):
                best[line[0]] = k
        if parts is not None and line_parts is not None:
            parts[:] = [line_parts[best[m]] if m in best else [] for m in moves]
        return [values[best[m]] if m in best else [] for m in moves]

    def choose(self, view: SeatView, rng: random.Random) -> Move:
        moves = check_turn(view, rng).legal_moves()
        if len(moves) == 1:
            return moves[0]
        return moves[self._pick(self._root_values(view, rng, moves, race=True))]

    def evaluate(self, view: SeatView, rng: random.Random, race: bool = True) -> list[MoveValue]:
        """Every legal move with its mean value and the deals it was valued on, best first.

        A move that keeps the turn is valued by its best follow-up on the same turn. Racing (the default:
        the advisor's mode) plays the moves as :meth:`choose` does and stops where it stops, but keeps every
        move: a move dropped as clearly worse keeps the value of the deals it was played on (the first
        deals of the same sequence as the others'), so a clear decision costs less than the budget. With
        ``race=False`` every move is played on every deal until the budget is spent."""
        moves = check_turn(view, rng).legal_moves()
        if len(moves) <= 1:
            return [MoveValue(m, 0.0, 0.0, 0, mean_parts([])) for m in moves]
        parts: list[list[list[float]]] = []
        values = self._root_values(view, rng, moves, race=race, parts=parts)
        lead = self._pick(values)
        top, top_rows = values[lead], parts[lead]
        out = []
        for move, vals, rows in zip(moves, values, parts):
            n = len(vals)
            if 0 < n < len(top):
                # dropped early: the leader's value minus the paired difference on the deals both were played on
                diffs = list(map(sub, top, vals))
                gap = sum(diffs) / n
                mean = sum(top) / len(top) - gap
                var = sum((d - gap) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
                shift = [a - b for a, b in zip(mean_parts(top_rows).values(), mean_parts(top_rows[:n]).values())]
                named = {k: v + d for (k, v), d in zip(mean_parts(rows).items(), shift)}
            else:
                mean = sum(vals) / n if n else 0.0
                var = sum((v - mean) ** 2 for v in vals) / (n - 1) if n > 1 else 0.0
                named = dict(mean_parts(rows))
            out.append(MoveValue(move, mean, math.sqrt(var / n) if n else 0.0, n, named, tuple(map(tuple, rows))))
        # best first; among equal values the move :meth:`choose` plays, then the legal order
        return [out[i] for i in sorted(range(len(out)), key=lambda i: (-out[i].value, i != lead, i))]

    @staticmethod
    def _pick(values: list[list[float]]) -> int:
        """The move :meth:`choose` plays: most deals (the racing's survivor), then the best mean, then the first."""
        return max(range(len(values)),
                   key=lambda i: (len(values[i]), sum(values[i]) / len(values[i]) if values[i] else -math.inf, -i))

    def hint(self, view: SeatView, rng: random.Random) -> Hint:
        """The best move of :meth:`evaluate`, its value and a short reason."""
        until = ("the round ends" if view.rules.pip_settlement else
                 f"the next {PLAYOUT_HORIZON} moves (the rest of the round once few tiles are left) end")
        return hint_of(view, self.evaluate(view, rng), until)
