"""The search-bot protocol: what every bot that values moves by sampling hidden deals offers.

A search bot (:class:`SearchBot`: the strong bot of :mod:`dominolab.play.bots`, the
expert of :mod:`dominolab.play.expert`) decides from a :class:`~dominolab.core.view.SeatView`
alone and answers three questions, all deterministic in the view and the rng:

* :meth:`~SearchBot.choose` - the move it plays;
* :meth:`~SearchBot.evaluate` - every legal move as a :class:`MoveValue`, best first (ties in
  the order of the legal moves), each valued on the same sampled deals; one legal move is
  valued 0 on no deals;
* :meth:`~SearchBot.hint` - a :class:`Hint`: the best move of :meth:`~SearchBot.evaluate`,
  its value and a short reason (:func:`hint_of`).

What the bots share lives here: the result types, the deal sampler (:class:`DealSampler`,
each bot with its own :class:`SampleOrder`) and the match bonus (:data:`WIN_BONUS`, which
each bot adds to a play-out's value in its own way). A move's value is the mean of its
play-outs' values; a later split of that value into named parts belongs beside
:attr:`MoveValue.value` (one field per part, filled where moves are evaluated).
"""

from __future__ import annotations

import random
from typing import NamedTuple, Protocol

from dominolab.core.errors import DominoError
from dominolab.core.moves import DRAW, PASS, Move
from dominolab.core.tiles import Tile
from dominolab.core.view import SeatView

#: Value of winning the match inside a play-out, in game points of score difference (both search bots).
WIN_BONUS = 20.0


class MoveValue(NamedTuple):
    """One legal move as a search bot values it: mean play-out value, its standard error, deals played."""

    move: Move
    value: float
    stderr: float
    deals: int


class Hint(NamedTuple):
    """A search bot's advice: a move, its expected value and why."""

    move: Move
    value: float
    reason: str


class SearchBot(Protocol):
    """A bot that values every legal move on sampled deals of the tiles its seat cannot see."""

    name: str
    think_ms: float

    def choose(self, view: SeatView, rng: random.Random) -> Move: ...

    def evaluate(self, view: SeatView, rng: random.Random) -> list[MoveValue]: ...

    def hint(self, view: SeatView, rng: random.Random) -> Hint: ...


# -- sampling the hidden tiles ------------------------------------------------------------

class SampleOrder(NamedTuple):
    """How a :class:`DealSampler` draws: the bots draw differently, and a bot's decisions depend on it."""

    attempts: int           #: tries at a deal meeting every slot constraint before they are relaxed
    shuffle_first: bool     #: shuffle the pool, then fill each slot with its first fitting tile (else: a
    #: random fitting tile per slot, then the rest shuffled)


class DealSampler:
    """Deals of the tiles a seat cannot see that agree with everything its view shows.

    Every pass, knock and draw the view shows is respected (:meth:`SeatView.slot_constraints`): the
    most constrained hidden slot is filled first, with a tile that may be there. After ``order.attempts``
    failed tries the constraints are relaxed (a deal is then always found).
    """

    def __init__(self, view: SeatView, order: SampleOrder):
        self.view = view
        self.order = order
        self.pool = list(view.unseen())
        slots = [(mask, seat) for seat, masks in view.slot_constraints().items() for mask in masks]
        # most constrained slots first: fewest tiles that may fill them
        slots.sort(key=lambda ms: (sum(1 for t in self.pool if not t.mask & ms[0]), ms[1]))
        self.slots = slots
        self.players = view.seating.players

    def sample(self, rng: random.Random) -> tuple[list[list[Tile]], list[Tile]]:
        """Hands of every seat (the view's own hand for its seat) and the stock, in draw order."""
        view = self.view
        attempts, shuffle_first = self.order
        for attempt in range(attempts + 1):
            relaxed = attempt == attempts
            pool = self.pool[:]
            if shuffle_first:
                rng.shuffle(pool)
            hands: list[list[Tile]] = [[] for _ in range(self.players)]
            ok = True
            for mask, seat in self.slots:
                if shuffle_first:
                    for i, tile in enumerate(pool):
                        if relaxed or not tile.mask & mask:
                            hands[seat].append(pool.pop(i))
                            break
                    else:
                        ok = False
                        break
                else:
                    fitting = [i for i, t in enumerate(pool) if relaxed or not t.mask & mask]
                    if not fitting:
                        ok = False
                        break
                    hands[seat].append(pool.pop(fitting[int(rng.random() * len(fitting))]))
            if ok:
                if not shuffle_first:
                    rng.shuffle(pool)
                hands[view.seat] = list(view.hand)
                stock = pool[:view.stock_left] if view.rules.drawing else pool
                return hands, stock
        raise AssertionError("unreachable: the relaxed deal always succeeds")  # pragma: no cover


# -- hints ----------------------------------------------------------------------------------

def forced_reason(move: Move) -> str:
    """Why the only legal move is played."""
    return ("no tile fits, so drawing is the only move" if move is DRAW else
            "no tile fits and nothing can be drawn, so passing is the only move" if move is PASS else
            "it is the only legal move")


def hint_of(view: SeatView, scored: list[MoveValue], until: str) -> Hint:
    """The hint of an evaluation (best first): its best move, value and reason.

    ``until`` says how far the play-outs valued the outcome (``"the round ends"``).
    """
    if not scored:
        raise DominoError(f"seat {view.seat} is not to move, so there is nothing to hint")
    if len(scored) == 1:
        return Hint(scored[0].move, 0.0, forced_reason(scored[0].move))
    best, runner = scored[0], scored[1]
    now = view.world(*view.filler_deal(), checked=False).gain_trusted(best.move)
    reason = (f"scores {now} now; over {best.deals} sampled deals of the unseen tiles {until} "
              f"{best.value:+.1f} points against the best other side on average "
              f"(next best {runner.move}: {runner.value:+.1f})")
    return Hint(best.move, best.value, reason)
