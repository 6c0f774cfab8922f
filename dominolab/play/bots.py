"""Opponents that decide from a :class:`~dominolab.core.view.SeatView` alone.

Three bots (the expert, the fourth, is :mod:`dominolab.play.expert`); they are named,
built and listed by the one registry of player names, :mod:`dominolab.play.levels`
(:data:`~dominolab.play.levels.LEVELS`, :func:`~dominolab.play.levels.make_bot`):

``random``
    a uniformly random legal move (the same choices as
    :func:`dominolab.core.engine.random_policy` for the same rng);
``greedy``
    the play that adds most to its side right now (:meth:`Round.gain
    <dominolab.core.engine.Round.gain>`: credit, domino bonus, nothing beyond an
    exact target), ties at random (the same choices as
    :func:`dominolab.core.engine.greedy_policy`);
``strong``
    determinized Monte-Carlo search, a :class:`~dominolab.play.search.SearchBot`: it
    samples deals of the tiles it cannot see that agree with everything the view says
    (passes, knocks and draws tell which pips a hand lacks, see
    :meth:`SeatView.slot_constraints`), plays every legal move in each sampled deal and
    finishes the round with fast greedy play-outs, and takes the move with the best mean
    outcome for its side (score difference to the best other side, plus
    :data:`~dominolab.play.search.WIN_BONUS` for winning the match).

Thinking is measured in work, not in wall-clock time, so a bot's decisions
depend only on the view and its rng (never on machine load, and ``--jobs``
cannot change results): ``think_ms`` milliseconds buy
``think_ms * ROLLOUTS_PER_MS`` play-outs, a constant calibrated on the
development machine (``python -m tools ladder calibrate`` measures it again).

>>> import random
>>> from dominolab.core.engine import Match
>>> from dominolab.core.view import view_of
>>> from dominolab.play.levels import make_bot
>>> rnd = Match('horse-race', players=2, seed=1).new_round()
>>> bot = make_bot('strong', think_ms=5)
>>> bot.choose(view_of(rnd, rnd.to_move), random.Random(0)) in rnd.legal_moves()
True
"""

from __future__ import annotations

import random
from typing import Protocol

from dominolab.core._check import describe
from dominolab.core.engine import Move, Round, best_plays, greedy_policy
from dominolab.core.errors import InvalidArgument
from dominolab.core.layout import AttachmentPoint, Layout, Placement
from dominolab.core.tiles import Tile
from dominolab.core.view import SeatView, check_turn
from dominolab.play.search import (WIN_BONUS, DealSampler, Hint, MoveValue, SampleOrder, best_other, hint_of,
                                   mean_parts, playout_parts)

#: Play-outs per millisecond of thinking (CPU time of one core of the development
#: machine, measured with ``python -m tools ladder calibrate``).
ROLLOUTS_PER_MS = 15.0

#: Most milliseconds of thinking a strong bot accepts (``--think`` of every command, :func:`make_bot`).
MAX_THINK_MS = 60_000

#: How the strong bot samples deals: the pool shuffled, each slot filled with its first fitting tile;
#: 20 attempts before the constraints are relaxed.
SAMPLE_ORDER = SampleOrder(attempts=20, shuffle_first=True)


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
    """Fast play-out policy: the best immediate score (void scores count nothing), ties at random.

    The ranking of :func:`~dominolab.core.engine.greedy_policy` (one function,
    :func:`~dominolab.core.engine.best_plays`), but a unique best play draws no random number
    (``greedy_policy`` draws one for every play): the play-outs' random streams, and with them the
    strong bot's decisions on the committed ladder seeds, depend on that.
    """
    moves = rnd.legal_moves()
    if len(moves) == 1 or not isinstance(moves[0], Placement):
        return moves[0]
    best = best_plays(rnd, moves)
    return best[0] if len(best) == 1 else best[int(rng.random() * len(best))]


def _outcome_value(rnd: Round, start: tuple[int, ...], side: int, win_bonus: float) -> float:
    """Score gain of ``side`` minus the best gain of any other side, plus ``win_bonus`` for winning the
    match (minus for losing it): the value of one play-out."""
    gains = [now - before for now, before in zip(rnd.scores, start)]
    others = max(g for s, g in enumerate(gains) if s != side)
    value = float(gains[side] - others)
    winners = rnd.match_winners
    if winners:
        value += win_bonus if side in winners else -win_bonus
    return value


def _Sampler(view: SeatView) -> DealSampler:
    """The strong bot's deal sampler (:data:`SAMPLE_ORDER`)."""
    return DealSampler(view, SAMPLE_ORDER)


class StrongBot:
    """Determinized Monte-Carlo search over the moves of the view (see the module text).

    ``think_ms`` buys ``think_ms * ROLLOUTS_PER_MS`` play-outs, shared evenly among the legal moves
    (every move on the same deals); ``win_bonus`` is the match bonus of a play-out's value.
    """

    name = "strong"

    def __init__(self, think_ms: float = 50, win_bonus: float = WIN_BONUS):
        check_think(think_ms)
        self.think_ms = think_ms
        self.win_bonus = win_bonus
        self.rollouts = max(1, round(think_ms * ROLLOUTS_PER_MS))

    def __repr__(self) -> str:
        return f"make_bot('strong', think_ms={self.think_ms!r})"

    def _search(self, view: SeatView, rng: random.Random, parts: list[list[list[float]]] | None = None
                ) -> tuple[list[Move], list[float], list[float], int]:
        """Every legal move with the sum and the sum of squares of its play-out values, and the deals.

        With ``parts`` (a list, filled here: per move, the part vector of every deal,
        :func:`~dominolab.play.search.playout_parts`) the play-outs are also split into parts; the
        play-outs, the values and the random numbers drawn are the same either way.
        """
        moves = check_turn(view, rng).legal_moves()
        if len(moves) <= 1:
            return moves, [0.0] * len(moves), [0.0] * len(moves), 0
        deals = max(1, self.rollouts // len(moves))
        sampler = DealSampler(view, SAMPLE_ORDER)
        base = view.layout()
        side = view.side
        start = view.scores
        bonus = self.win_bonus
        totals = [0.0] * len(moves)
        squares = [0.0] * len(moves)
        if parts is not None:
            parts[:] = [[] for _ in moves]
            seat = view.seat
            side_of = [view.seating.side_of(s) for s in range(view.seating.players)]
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
                value = _outcome_value(world, start, side, bonus)
                totals[i] += value
                squares[i] += value * value
                if parts is not None:
                    gains = [now - before for now, before in zip(world.scores, start)]
                    winners = world.match_winners
                    won = (bonus if side in winners else -bonus) if winners else 0.0
                    parts[i].append(playout_parts(world.events, seat, side, best_other(gains, side), side_of, won))
        return moves, totals, squares, deals

    def evaluate(self, view: SeatView, rng: random.Random) -> list[MoveValue]:
        """Every legal move with its mean play-out value on the same deals, best first (ties in legal order),
        and its value in parts (:data:`~dominolab.play.search.PARTS`)."""
        parts: list[list[list[float]]] = []
        moves, totals, squares, deals = self._search(view, rng, parts)
        out = []
        for i, (move, total, square) in enumerate(zip(moves, totals, squares)):
            mean = total / deals if deals else 0.0
            var = max(0.0, (square - deals * mean * mean) / (deals - 1)) if deals > 1 else 0.0
            rows = parts[i] if parts else []
            out.append(MoveValue(move, mean, (var / deals) ** 0.5 if deals else 0.0, deals, mean_parts(rows),
                                 tuple(map(tuple, rows))))
        return sorted(out, key=lambda mv: -mv.value)        # stable: ties keep the legal order

    def choose(self, view: SeatView, rng: random.Random) -> Move:
        moves, totals, _, deals = self._search(view, rng)
        if len(moves) == 1:
            return moves[0]
        values = [t / deals for t in totals]
        return moves[max(range(len(moves)), key=values.__getitem__)]

    def hint(self, view: SeatView, rng: random.Random) -> Hint:
        """The move :meth:`choose` would make with this rng, its value and a short reason."""
        return hint_of(view, self.evaluate(view, rng), "the round ends")
