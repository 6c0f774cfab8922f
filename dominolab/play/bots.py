"""Opponents that decide from a :class:`~dominolab.core.view.SeatView` alone.

Three bots, by name (:data:`BOTS`, :func:`make_bot`; the one registry of
player names, :data:`POLICIES` and :func:`policy` included):

``random``
    a uniformly random legal move (the same choices as
    :func:`dominolab.core.engine.random_policy` for the same rng);
``greedy``
    the play that adds most to its side right now (:meth:`Round.gain
    <dominolab.core.engine.Round.gain>`: credit, domino bonus, nothing beyond an
    exact target), ties at random (the same choices as
    :func:`dominolab.core.engine.greedy_policy`);
``strong``
    determinized Monte-Carlo search: it samples deals of the tiles it cannot
    see that agree with everything the view says (passes, knocks and draws tell
    which pips a hand lacks, see :meth:`SeatView.slot_constraints`), plays every
    legal move in each sampled deal and finishes the round with fast greedy
    play-outs, and takes the move with the best mean outcome for its side (score
    difference to the best other side, plus a bonus for winning the match).

Thinking is measured in work, not in wall-clock time, so a bot's decisions
depend only on the view and its rng (never on machine load, and ``--jobs``
cannot change results): ``think_ms`` milliseconds buy
``think_ms * ROLLOUTS_PER_MS`` play-outs, a constant calibrated on the
development machine (``benchmarks/ladder.py --calibrate`` measures it again).

>>> import random
>>> from dominolab.core.engine import Match
>>> from dominolab.core.view import view_of
>>> rnd = Match('horse-race', players=2, seed=1).new_round()
>>> bot = make_bot('strong', think_ms=5)
>>> bot.choose(view_of(rnd, rnd.to_move), random.Random(0)) in rnd.legal_moves()
True
"""

from __future__ import annotations

import random
from typing import Mapping, NamedTuple, Protocol

from dominolab.core._check import describe
from dominolab.core.engine import DRAW, PASS, Move, Policy, Round, greedy_policy, random_policy
from dominolab.core.errors import DominoError, IllegalMove, InvalidArgument, WrongType, shorten
from dominolab.core.layout import AttachmentPoint, Layout, Placement
from dominolab.core.tiles import Tile
from dominolab.core.view import SeatView, check_turn, view_of
from dominolab.play.expert import ExpertBot

#: Play-outs per millisecond of thinking (CPU time of one core of the development
#: machine, measured with ``benchmarks/ladder.py --calibrate``).
ROLLOUTS_PER_MS = 15.0

#: Value of winning the match inside a play-out, in game points of score difference.
WIN_BONUS = 20.0

#: Most milliseconds of thinking a strong bot accepts (``--think`` of every command, :func:`make_bot`).
MAX_THINK_MS = 60_000

#: Attempts at a deal that satisfies every slot constraint before they are relaxed.
SAMPLE_ATTEMPTS = 20


class Hint(NamedTuple):
    """The strong bot's advice: a move, its expected value and why."""

    move: Move
    value: float
    reason: str


class Bot(Protocol):
    """Anything that picks a legal move for the seat of a view."""

    name: str

    def choose(self, view: SeatView, rng: random.Random) -> Move: ...


# -- what a placement scores (asked of the engine's one computation) -----------------

def end_sum_after(layout: Layout, tile: Tile, at: AttachmentPoint | None) -> int:
    """The end sum ``layout`` would show after placing ``tile`` at ``at`` (layout unchanged)."""
    return layout.end_sum_after(tile, at)


def immediate_score(rnd: Round, move: Move) -> int:
    """What a legal move would add to the mover's side right now (:meth:`Round.gain_trusted`,
    the play part of :meth:`Round.preview`; a settlement that follows is not counted)."""
    return rnd.gain_trusted(move)


# -- the simple bots ----------------------------------------------------------------

def check_think(think_ms: object) -> float:
    """``think_ms`` if it is a number of milliseconds above 0 and at most :data:`MAX_THINK_MS`."""
    if (isinstance(think_ms, bool) or not isinstance(think_ms, (int, float))
            or not 0 < think_ms <= MAX_THINK_MS):
        shown = describe(think_ms) if isinstance(think_ms, (int, float)) else type(think_ms).__name__
        raise InvalidArgument(f"thinking time must be milliseconds above 0 and at most {MAX_THINK_MS:,}, "
                              f"not {shown}")
    return float(think_ms)


class RandomBot:
    """A uniformly random legal move."""

    name = "random"

    def choose(self, view: SeatView, rng: random.Random) -> Move:
        moves = check_turn(view, rng).legal_moves()
        return moves[0] if len(moves) == 1 else moves[int(rng.random() * len(moves))]

    def __repr__(self) -> str:
        return "make_bot('random')"


class GreedyBot:
    """The play that scores most now (ties at random); draw or pass otherwise."""

    name = "greedy"

    def choose(self, view: SeatView, rng: random.Random) -> Move:
        moves = check_turn(view, rng).legal_moves()
        if len(moves) == 1 or not isinstance(moves[0], Placement):
            return moves[0]
        # What a play adds depends only on the layout, the seat's hand, the hand sizes and the
        # scores, so any deal of the unseen tiles gives the engine's own greedy choice.
        return greedy_policy(view.world(*view.filler_deal(), checked=False), rng)

    def __repr__(self) -> str:
        return "make_bot('greedy')"


# -- the strong bot -------------------------------------------------------------------

def _rollout_move(rnd: Round, rng: random.Random) -> Move:
    """Fast play-out policy: the best immediate score (void scores count nothing), ties at random."""
    moves = rnd.legal_moves()
    if len(moves) == 1 or not isinstance(moves[0], Placement):
        return moves[0]
    best: list[Move] = []
    best_score = -1
    gain = rnd.gain_trusted
    for move in moves:
        s = gain(move)
        if s > best_score:
            best, best_score = [move], s
        elif s == best_score:
            best.append(move)
    return best[0] if len(best) == 1 else best[int(rng.random() * len(best))]


def _outcome_value(rnd: Round, start: tuple[int, ...], side: int) -> float:
    """Score gain of ``side`` minus the best gain of any other side, plus the match bonus."""
    gains = [now - before for now, before in zip(rnd.scores, start)]
    others = max(g for s, g in enumerate(gains) if s != side)
    value = float(gains[side] - others)
    winners = rnd.match_winners
    if winners:
        value += WIN_BONUS if side in winners else -WIN_BONUS
    return value


class _Sampler:
    """Deals of the unseen tiles that agree with the view's constraints."""

    def __init__(self, view: SeatView):
        self.view = view
        self.pool = list(view.unseen())
        slots = [(mask, seat) for seat, masks in view.slot_constraints().items() for mask in masks]
        # most constrained slots first: fewest tiles that may fill them
        slots.sort(key=lambda ms: (sum(1 for t in self.pool if not t.mask & ms[0]), ms[1]))
        self.slots = slots
        self.players = view.seating.players

    def sample(self, rng: random.Random) -> tuple[list[list[Tile]], list[Tile]]:
        view = self.view
        for attempt in range(SAMPLE_ATTEMPTS + 1):
            relaxed = attempt == SAMPLE_ATTEMPTS
            pool = self.pool[:]
            rng.shuffle(pool)
            hands: list[list[Tile]] = [[] for _ in range(self.players)]
            ok = True
            for mask, seat in self.slots:
                for i, tile in enumerate(pool):
                    if relaxed or not tile.mask & mask:
                        hands[seat].append(pool.pop(i))
                        break
                else:
                    ok = False
                    break
            if ok:
                hands[view.seat] = list(view.hand)
                stock = pool[:view.stock_left] if view.rules.drawing else pool
                return hands, stock
        raise AssertionError("unreachable: the relaxed deal always succeeds")  # pragma: no cover


class StrongBot:
    """Determinized Monte-Carlo search over the moves of the view (see the module text)."""

    name = "strong"

    def __init__(self, think_ms: float = 50):
        check_think(think_ms)
        self.think_ms = think_ms
        self.rollouts = max(1, round(think_ms * ROLLOUTS_PER_MS))

    def __repr__(self) -> str:
        return f"make_bot('strong', think_ms={self.think_ms!r})"

    def evaluate(self, view: SeatView, rng: random.Random) -> tuple[list[Move], list[float], int]:
        """Every legal move with its mean play-out value, and the number of deals sampled."""
        moves = check_turn(view, rng).legal_moves()
        if len(moves) <= 1:
            return moves, [0.0] * len(moves), 0
        deals = max(1, self.rollouts // len(moves))
        sampler = _Sampler(view)
        base = view.layout()
        side = view.side
        start = view.scores
        totals = [0.0] * len(moves)
        for _ in range(deals):
            hands, stock = sampler.sample(rng)
            seed = rng.getrandbits(32)
            for i, move in enumerate(moves):
                world = view.world(hands, stock, layout=base.copy(), checked=False)
                world.push(move)
                play_rng = random.Random(seed)
                push = world.push
                while world.end is None:
                    push(_rollout_move(world, play_rng))
                totals[i] += _outcome_value(world, start, side)
        return moves, [t / deals for t in totals], deals

    def choose(self, view: SeatView, rng: random.Random) -> Move:
        moves, values, _ = self.evaluate(view, rng)
        if len(moves) == 1:
            return moves[0]
        return moves[max(range(len(moves)), key=values.__getitem__)]

    def hint(self, view: SeatView, rng: random.Random) -> Hint:
        """The move :meth:`choose` would make with this rng, its value and a short reason."""
        moves, values, deals = self.evaluate(view, rng)
        if not moves:
            raise DominoError(f"seat {view.seat} is not to move, so there is nothing to hint")
        if len(moves) == 1:
            move = moves[0]
            why = ("no tile fits, so drawing is the only move" if move is DRAW else
                   "no tile fits and nothing can be drawn, so passing is the only move" if move is PASS else
                   "it is the only legal move")
            return Hint(move, 0.0, why)
        order = sorted(range(len(moves)), key=lambda i: -values[i])
        best = order[0]
        move = moves[best]
        now = view.world(*view.filler_deal(), checked=False).gain_trusted(move)
        runner = order[1]
        reason = (f"scores {now} now; over {deals} sampled deals of the unseen tiles the round ends "
                  f"{values[best]:+.1f} points against the best other side on average "
                  f"(next best {moves[runner]}: {values[runner]:+.1f})")
        return Hint(move, values[best], reason)


# -- registry -------------------------------------------------------------------------

BOTS: Mapping[str, str] = {
    "random": "a uniformly random legal move",
    "greedy": "the play that scores most now",
    "strong": "Monte-Carlo search over deals consistent with what the seat has seen",
    "expert": "racing search with turn-aware play-outs and exact endgames (dominolab.play.expert)",
}
"""The bot names and what each does (the one registry of player names)."""

POLICIES: Mapping[str, Policy] = {"random": random_policy, "greedy": greedy_policy}
"""Bots that also exist as engine policies (``policy(round, rng) -> move``, seeing the whole
round): the same choices as the bot of that name for the same rng, without building a view.
Golden matches, ``simulate`` and benchmarks play with them."""


def policy(name: str, *, think_ms: float = 50) -> Policy:
    """A policy ``(round, rng) -> move`` for a player name of :data:`BOTS`.

    The engine's own policy where one exists (:data:`POLICIES`), else the bot
    deciding from the view of the seat to move.
    """
    if name in POLICIES:
        return POLICIES[name]
    bot = make_bot(name, think_ms=think_ms)
    return lambda rnd, rng: bot.choose(view_of(rnd, rnd.to_move), rng)


def make_bot(name: str, *, think_ms: float = 50) -> RandomBot | GreedyBot | StrongBot | ExpertBot:
    """A bot by name; ``think_ms`` (above 0, at most :data:`MAX_THINK_MS`) sets the thinking budget of
    the bots that think (strong, expert)."""
    check_think(think_ms)
    if name == "random":
        return RandomBot()
    if name == "greedy":
        return GreedyBot()
    if name == "strong":
        return StrongBot(think_ms)
    if name == "expert":
        return ExpertBot(think_ms)
    shown = shorten(name, 40) if isinstance(name, str) else type(name).__name__
    raise InvalidArgument(f"unknown bot {shown}; choose one of: {', '.join(BOTS)}")
