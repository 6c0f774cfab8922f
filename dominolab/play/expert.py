"""The expert bot: turn-aware play-outs, racing between close moves, exact endgames.

It decides from a :class:`~dominolab.core.view.SeatView` alone, like the other bots
(:mod:`dominolab.play.bots`), and spends a fixed amount of work per decision:

* **Hidden hands.** Every sampled deal gives the tiles the seat cannot see to the
  other hands and the stock so that every pass, knock and draw the view shows is
  respected (:meth:`SeatView.slot_constraints`): the most constrained hidden tile
  is filled first, with a tile drawn at random among those it may be. Weighting
  deals by the opponents' earlier choices is not done: measured on Fives and
  Threes it raised the share of an opponent's true tiles in a sampled hand only
  from 24.0 % to 25.7 % (issue 19), less than the play-outs it would cost.
* **Play-outs that know the turn.** Inside a sampled deal every seat plays whole
  turns: among the moves that score most now, doubles and heavy tiles are shed
  first (more so when the round may soon be settled); a move that reaches the
  match target wins outright, and a move that would pass an exact target counts
  nothing (the engine voids it). The policy can also value a move that keeps the
  turn with the best continuation it opens (``POLICY_DEPTH`` moves deep); as a
  player that look-ahead beats greedy play by 3.1 points per pair of Horse Race
  deals, but inside the search it made decisions worse (1.4 points per deal pair
  behind the strong bot at equal work, against parity without it, 300–600 paired
  deals each, ``benchmarks/README.md``), so it is off (``POLICY_DEPTH = 0``).
* **Whole turns at the root.** Where a move from hand keeps the turn (a double,
  or a scoring tile in Horse Race), the candidates are the *lines* of that move
  and each follow-up of the same turn (``TURN_LINES``), and the move is worth its
  best line: a play-out policy deciding the follow-up would undervalue every
  move that leaves a choice. Which follow-ups exist depends only on the seat's
  hand and the layout, so every sampled deal has the same lines.
* **Racing.** All candidate lines are played on the *same* sampled deals with the
  same play-out random stream (common random numbers), in batches. After each
  batch a line whose paired difference to the current leader is clearly negative
  (``RACE_Z`` standard errors) is dropped, so the budget goes to the lines that
  are close.
* **Short play-outs where hands count nothing.** Where the rules settle no pips at
  the end of a round (no ``pip_settlement``: what stays in hand is worth nothing),
  a play-out stops after ``PLAYOUT_HORIZON`` moves and is valued by the points
  scored until there. The moves right after a decision are what tells candidates
  apart; the rest of a random play-out adds mostly noise, and every deal costs a
  few steps instead of a whole round. Measured in Fives and Threes at a quarter
  of the strong bot's work: see ``benchmarks/README.md``. Where pips are settled
  (Horse Race), the hands at the end decide a large part of a round's value, so
  play-outs run to the end.
* **Exact endgames.** When no tile can be drawn and at most ``EXACT_TILES`` tiles
  are left in all hands, each sampled deal is solved exactly (every side
  maximises its own score difference) instead of played out.
* **The match situation.** A play-out runs the real engine to the end of the
  round, so the settlement and the 61 of Horse Race and the exact 61 of Fives and
  Threes are counted as the rules count them; the value of an outcome is the
  side's gain minus the best other side's gain, plus ``WIN_BONUS`` for winning the
  match (minus for losing it).

Work is counted in *steps*: moves pushed in play-outs and nodes of exact
search. ``think_ms`` buys ``think_ms * STEPS_PER_MS`` steps, a constant calibrated
so that a decision costs on average about as much CPU as the strong bot's with
the same ``think_ms`` (``benchmarks/ladder.py leveltiming`` measures both; a
decision the racing settles early costs less). The same view and rng give the
same decision on any machine, under any load.

:meth:`ExpertBot.evaluate` is the evaluation mode for hints, reviews and
puzzles: every legal move is scored on the same sampled deals (none dropped),
with its expected value and standard error.

>>> import random
>>> from dominolab.core.engine import Match
>>> from dominolab.core.view import view_of
>>> rnd = Match('horse-race', players=2, seed=1).new_round()
>>> bot = ExpertBot(think_ms=5)
>>> bot.choose(view_of(rnd, rnd.to_move), random.Random(0)) in rnd.legal_moves()
True
"""

from __future__ import annotations

import copy
import math
import random
from typing import NamedTuple, Protocol, cast

from dominolab.core.engine import DRAW, PASS, Move, Round
from dominolab.core.errors import DominoError
from dominolab.core.layout import Layout, Placement
from dominolab.core.tiles import Tile
from dominolab.core.view import SeatView, check_turn

#: Work steps (moves pushed in play-outs, nodes of exact search) per millisecond of thinking: equal CPU
#: with the strong bot at the same budget (140 until the play-outs got cheaper and left the expert a
#: quarter below it; benchmarks/README.md, "Rated ladder").
STEPS_PER_MS = 180.0

#: Value of winning the match inside a play-out, in game points of score difference.
WIN_BONUS = 20.0

#: Deals per racing batch, and the deals every move gets before it may be dropped.
BATCH = 8

#: A move is dropped when its mean paired difference to the leader is this many standard errors below zero.
RACE_Z = 2.5

#: Exact search instead of play-outs when no tile can be drawn and at most this many tiles are in the hands.
EXACT_TILES = 6
#: Nodes one exact search may visit; a larger tree switches the decision back to play-outs.
EXACT_NODES = 3000

#: Attempts at a deal that satisfies every slot constraint before they are relaxed.
SAMPLE_ATTEMPTS = 50

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

#: Moves of the same turn the play-out policy looks ahead after a move that keeps the turn
#: (0: none; see the module text for why).
POLICY_DEPTH = 0

#: Moves a play-out runs where the tiles left in hand count nothing at the end of a round (no pip
#: settlement); the play-out is then valued by the points scored until there (see the module text).
PLAYOUT_HORIZON = 4


class MoveValue(NamedTuple):
    """One move of :meth:`ExpertBot.evaluate`: its mean value, standard error and deals played."""

    move: Move
    value: float
    stderr: float
    deals: int


class Hint(NamedTuple):
    """The expert's advice: a move, its expected value and why."""

    move: Move
    value: float
    reason: str


# -- sampling the hidden tiles ------------------------------------------------------------

class DealSampler:
    """Deals of the tiles a seat cannot see that agree with everything its view shows."""

    def __init__(self, view: SeatView):
        self.view = view
        self.pool = list(view.unseen())
        slots = [(mask, seat) for seat, masks in view.slot_constraints().items() for mask in masks]
        slots.sort(key=lambda ms: (sum(1 for t in self.pool if not t.mask & ms[0]), ms[1]))
        self.slots = slots
        self.players = view.seating.players

    def sample(self, rng: random.Random) -> tuple[list[list[Tile]], list[Tile]]:
        """Hands of every seat (the view's own hand for its seat) and the stock, in draw order."""
        view = self.view
        for attempt in range(SAMPLE_ATTEMPTS + 1):
            relaxed = attempt == SAMPLE_ATTEMPTS
            pool = self.pool[:]
            hands: list[list[Tile]] = [[] for _ in range(self.players)]
            ok = True
            for mask, seat in self.slots:
                fitting = [i for i, t in enumerate(pool) if relaxed or not t.mask & mask]
                if not fitting:
                    ok = False
                    break
                hands[seat].append(pool.pop(fitting[int(rng.random() * len(fitting))]))
            if ok:
                rng.shuffle(pool)
                hands[view.seat] = list(view.hand)
                stock = pool[:view.stock_left] if view.rules.drawing else pool
                return hands, stock
        raise AssertionError("unreachable: the relaxed deal always succeeds")  # pragma: no cover


# -- the play-out policy ------------------------------------------------------------------

def _legal_plays(layout: Layout, hand: list[Tile]) -> list[Placement]:
    """The placements of ``hand`` on a non-empty ``layout`` (engine order)."""
    counts = layout.open_counts
    tables = layout.open.values()
    out = []
    for tile in hand:
        if tile.fields & counts:
            for fits in tables:
                if tile in fits:
                    out.append(fits[tile])
    return out


class _Game:
    """What the play-out policy reads of the rules and seating (looked up once per decision)."""

    __slots__ = ("credit", "stay", "target", "exact", "bonus", "play_out", "side_of", "seats_of", "heavy",
                 "n_sides", "settle")

    def __init__(self, view: SeatView):
        rules = view.rules
        self.credit = [rules.credit(s) for s in range(28 * 12 + 1)]
        self.stay = rules.stay_on_turn
        self.target = rules.target
        self.exact = rules.target_exact
        self.bonus = rules.domino_bonus
        self.play_out = rules.partners_play_out
        seating = view.seating
        self.side_of = tuple(seating.side_of(s) for s in range(seating.players))
        self.seats_of = tuple(seating.seats_of(side) for side in range(seating.n_sides))
        self.n_sides = seating.n_sides
        self.settle = rules.pip_settlement


def _accepted(g: _Game, score: int, points: int) -> int:
    if g.exact and score + points > g.target:
        return 0
    return points


def _shed_value(points: int, tile: Tile, weight: float) -> float:
    """A play's points with the play-out tie-breaks: heavy tiles (``weight`` per pip) and doubles shed first."""
    value = float(points) + weight * tile.pips
    if tile.is_double:
        value += DOUBLE_WEIGHT
    return value


def _turn_value(g: _Game, rnd: Round, layout: Layout, hand: list[Tile], move: Placement, score: int,
                from_hand: bool, depth: int, late: bool) -> float:
    """Points of ``move`` plus the best continuation it opens when it keeps the turn (``depth`` more moves)."""
    tile = move.tile
    credit = g.credit[layout.end_sum_after(tile, move.at)]
    last = len(hand) == 1
    if last and (not g.play_out or not any(rnd.hands[s] for s in g.seats_of[g.side_of[rnd.to_move]]
                                            if s != rnd.to_move)):
        points = _accepted(g, score, credit + g.bonus)
        value = points + (TARGET_VALUE if score + points >= g.target else 0.0)
        return value + 5.0                      # the domino ends the round: settlement for us
    points = _accepted(g, score, credit)
    if points and score + points >= g.target:
        return TARGET_VALUE + points
    value = _shed_value(points, tile, HEAVY_WEIGHT_LATE if late else HEAVY_WEIGHT)
    if depth and g.stay and from_hand and (tile.is_double or credit) and not last:
        after = layout.copy()
        after.place_unchecked(tile, move.at)
        rest = hand[:]
        rest.remove(tile)
        follow = _legal_plays(after, rest)
        if follow:
            value += max(_turn_value(g, rnd, after, rest, m, score + points, True, depth - 1, late)
                         for m in follow)
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
    """The play-out policy: the move with the best turn value (see the module text), ties at random."""
    moves = rnd.legal_moves()
    if len(moves) == 1 or not isinstance(moves[0], Placement):
        return moves[0]
    seat = rnd.to_move
    hand = rnd.hands[seat]
    layout = rnd.layout
    score = rnd.scores[g.side_of[seat]]
    from_hand = rnd.pending is None
    late = g.settle and min(len(h) for h in rnd.hands if h) <= 2
    best: list[Move] = []
    best_value = -math.inf
    if POLICY_DEPTH or len(hand) == 1:
        for move in moves:
            assert isinstance(move, Placement)
            v = _turn_value(g, rnd, layout, hand, move, score, from_hand, POLICY_DEPTH, late)
            if v > best_value:
                best, best_value = [move], v
            elif v == best_value:
                best.append(move)
    else:
        # _turn_value without look-ahead and with more than one tile in hand (the hot path): the same
        # two steps, _accepted and _shed_value, without its per-move branches
        credit = g.credit
        after = layout.end_sum_after
        weight = HEAVY_WEIGHT_LATE if late else HEAVY_WEIGHT
        target = g.target
        for move in cast(list[Placement], moves):          # a placement first means only placements
            tile = move.tile
            points = _accepted(g, score, credit[after(tile, move.at)])
            v = (TARGET_VALUE + points if points and score + points >= target
                 else _shed_value(points, tile, weight))
            if v > best_value:
                best, best_value = [move], v
            elif v == best_value:
                best.append(move)
    return best[0] if len(best) == 1 else best[int(rng.random() * len(best))]


def _gains(rnd: Round, start: tuple[int, ...]) -> list[float]:
    """Score gain of every side since ``start``, with the match bonus for winners."""
    gains = [float(now - before) for now, before in zip(rnd.scores, start)]
    winners = rnd.match_winners
    if winners:
        for side in range(len(gains)):
            gains[side] += WIN_BONUS if side in winners else -WIN_BONUS
    return gains


def _value(gains: list[float], side: int) -> float:
    return gains[side] - max(g for s, g in enumerate(gains) if s != side)


def _clone(rnd: Round) -> Round:
    """An independent copy of a round for search (events are not copied: search never reads them)."""
    new = copy.copy(rnd)
    new.hands = [h[:] for h in rnd.hands]
    new.layout = rnd.layout.copy()
    new.events = []
    new.scores = rnd.scores[:]
    return new


class _Counter:
    __slots__ = ("steps", "limit")

    def __init__(self) -> None:
        self.steps = 0
        self.limit = 0


class _TooBig(Exception):
    """An exact search grew beyond ``EXACT_NODES``."""


def _exact(g: _Game, rnd: Round, start: tuple[int, ...], counter: _Counter) -> list[float]:
    """Gains of every side under exact play of a determinized round (each side maximises its own value)."""
    if rnd.end is not None:
        return _gains(rnd, start)
    moves = rnd.legal_moves()
    side = g.side_of[rnd.to_move]
    best: list[float] | None = None
    best_value = -math.inf
    for move in moves:
        child = _clone(rnd)
        child.push(move)
        counter.steps += 1
        if counter.steps > counter.limit:
            raise _TooBig
        gains = _exact(g, child, start, counter)
        v = _value(gains, side)
        if v > best_value:
            best, best_value = gains, v
    assert best is not None
    return best


# -- the bot --------------------------------------------------------------------------------

class ExpertBot:
    """Racing Monte-Carlo search with turn-aware play-outs and exact endgames (see the module text)."""

    name = "expert"

    def __init__(self, think_ms: float = 50):
        self.think_ms = think_ms
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
            follow = world.legal_moves() if world.end is None and world.to_move == view.seat else []
            if len(follow) > 1:
                out.extend((move, f) for f in follow)
            else:
                out.append((move,))
        return out if len(out) <= MAX_LINES else lines

    def _run(self, view: SeatView, rng: random.Random, moves: list[tuple[Move, ...]],
             race: bool) -> list[list[float]]:
        """Per line, its value on every deal it was played on (deal k is the same deal for every line)."""
        g = _Game(view)
        sampler = DealSampler(view)
        base = view.layout()
        side = view.side
        start = view.scores
        exact = (not view.rules.drawing or view.stock_left == 0) and sum(view.hand_sizes) <= EXACT_TILES
        horizon = math.inf if view.rules.pip_settlement else PLAYOUT_HORIZON
        counter = _Counter()
        alive = list(range(len(moves)))
        values: list[list[float]] = [[] for _ in moves]
        budget = self.budget
        while counter.steps < budget and len(alive) > (1 if race else 0):
            for _ in range(BATCH):
                hands, stock = sampler.sample(rng)
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
                            gains = _exact(g, world, start, counter)
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
                        gains = _gains(world, start)
                    values[i].append(_value(gains, side))
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
            diffs = [a - b for a, b in zip(lead, values[i])]
            n = len(diffs)
            if n < BATCH:
                keep.append(i)
                continue
            mean = sum(diffs) / n
            var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
            if mean - RACE_Z * math.sqrt(var / n) > 0:
                continue                    # clearly worse than the leader: dropped
            keep.append(i)
        return keep

    def _root_values(self, view: SeatView, rng: random.Random, moves: list[Move],
                     race: bool) -> list[list[float]]:
        """Per legal move, the values of its best line (see :meth:`_lines`) on the deals it was played on."""
        lines = self._lines(view, moves)
        values = self._run(view, rng, lines, race)
        best: dict[Move, list[float]] = {}
        for line, vals in zip(lines, values):
            if not vals:
                continue
            have = best.get(line[0])
            if have is None or (len(vals), sum(vals) / len(vals)) > (len(have), sum(have) / len(have)):
                best[line[0]] = vals
        return [best.get(m, []) for m in moves]

    def choose(self, view: SeatView, rng: random.Random) -> Move:
        moves = check_turn(view, rng).legal_moves()
        if len(moves) == 1:
            return moves[0]
        values = self._root_values(view, rng, moves, race=True)
        best = max(range(len(moves)),
                   key=lambda i: (len(values[i]), sum(values[i]) / len(values[i]) if values[i] else -math.inf, -i))
        return moves[best]

    def evaluate(self, view: SeatView, rng: random.Random) -> list[MoveValue]:
        """Every legal move with its mean value, on the same sampled deals (none dropped), best first.

        A move that keeps the turn is valued by its best follow-up on the same turn."""
        moves = check_turn(view, rng).legal_moves()
        if len(moves) <= 1:
            return [MoveValue(m, 0.0, 0.0, 0) for m in moves]
        values = self._root_values(view, rng, moves, race=False)
        out = []
        for move, vals in zip(moves, values):
            n = len(vals)
            mean = sum(vals) / n
            var = sum((v - mean) ** 2 for v in vals) / (n - 1) if n > 1 else 0.0
            out.append(MoveValue(move, mean, math.sqrt(var / n), n))
        return sorted(out, key=lambda mv: -mv.value)

    def hint(self, view: SeatView, rng: random.Random) -> Hint:
        """The best move of :meth:`evaluate`, its value and a short reason."""
        scored = self.evaluate(view, rng)
        if not scored:
            raise DominoError(f"seat {view.seat} is not to move, so there is nothing to hint")
        if len(scored) == 1:
            move = scored[0].move
            why = ("no tile fits, so drawing is the only move" if move is DRAW else
                   "no tile fits and nothing can be drawn, so passing is the only move" if move is PASS else
                   "it is the only legal move")
            return Hint(move, 0.0, why)
        best, runner = scored[0], scored[1]
        layout = view.layout()
        move = best.move
        now = (view.rules.credit(layout.end_sum_after(move.tile, move.at))
               if isinstance(move, Placement) else 0)
        until = ("the round ends" if view.rules.pip_settlement else
                 f"the next {PLAYOUT_HORIZON} moves (the rest of the round once few tiles are left) end")
        reason = (f"scores {now} now; over {best.deals} sampled deals of the unseen tiles {until} "
                  f"{best.value:+.1f} points against the best other side on average "
                  f"(next best {runner.move}: {runner.value:+.1f})")
        return Hint(move, best.value, reason)
