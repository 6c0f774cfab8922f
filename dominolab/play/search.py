"""The search-bot protocol: what every bot that values moves by sampling hidden deals offers.

A search bot (:class:`SearchBot`: the strong bot of :mod:`dominolab.play.bots`, the
expert of :mod:`dominolab.play.expert`) decides from a :class:`~dominolab.core.view.SeatView`
alone and answers three questions, all deterministic in the view and the rng:

* :meth:`~SearchBot.choose` - the move it plays;
* :meth:`~SearchBot.evaluate` - every legal move as a :class:`MoveValue`, best first (ties in
  the order of the legal moves), each valued on the same sampled deals (a racing search stops a
  clearly worse move early: it is valued on the first of those deals); one legal move is valued 0
  on no deals;
* :meth:`~SearchBot.hint` - a :class:`Hint`: the best move of :meth:`~SearchBot.evaluate`,
  its value and a short reason (:func:`hint_of`).

What the bots share lives here: the result types, the deal sampler (:class:`DealSampler`,
each bot with its own :class:`SampleOrder`), the match bonus (:data:`WIN_BONUS`, which
each bot adds to a play-out's value in its own way) and the split of a value into named
parts (:data:`PARTS`, :func:`playout_parts`). A move's value is the mean of its play-outs'
values.

**Parts.** :meth:`~SearchBot.evaluate` also splits every move's value, over the same
play-outs, into the parts of :data:`PARTS` (:attr:`MoveValue.parts`, the means;
:attr:`MoveValue.deal_parts`, one vector per sampled deal). They are bookkeeping of the
engine's own events (:attr:`Round.events <dominolab.core.engine.Round.events>`), never a
second computation of a score: in each play-out, a booked score event counts ``+`` when it
goes to the mover's side, ``-`` when it goes to the play-out's *best other side* (the side
whose gain the value subtracts: the first side with the largest gain, as the bot counts
gains), 0 for any third side; the match bonus is the bot's own term. By when an event
happens (:func:`playout_parts`):

``now``
    the move itself (the play event of the placement; a draw or pass books nothing);
``turn``
    the rest of the mover's turn: every later event of the mover's seat before another seat
    acts (a double or a scoring tile in Horse Race that keeps the turn, a drawn tile played);
``replies``
    the best other side's points from the first event of another seat until the mover's seat
    acts again (``-``);
``later_own``
    the mover's side's points after the mover's turn, its partner's included (also those
    booked while the others reply);
``later_other``
    the best other side's points from the mover's next turn on (``-``);
``settlement``
    the settlement at the round's end (its booked credits: ``+`` mover's side, ``-`` best
    other side);
``bonus``
    the match bonus as the bot adds it (strong: ``+-WIN_BONUS``; expert: the bonus of the
    mover's side minus that of the best other side).

The parts of a play-out sum to its value exactly (the points are integers), so the mean parts
sum to the mean value within rounding of floating point. A play voided past an exact target
books nothing and so is in no part.
"""

from __future__ import annotations

import random
from types import MappingProxyType
from typing import Any, Iterable, Iterator, Mapping, NamedTuple, Protocol, Sequence

from dominolab.core.engine import PlayEvent, SettleEvent
from dominolab.core.errors import DominoError
from dominolab.core.moves import DRAW, PASS, Move
from dominolab.core.tiles import Tile
from dominolab.core.view import SeatView

#: Value of winning the match inside a play-out, in game points of score difference (both search bots).
WIN_BONUS = 20.0


#: The parts of a move's value, in the order of :attr:`MoveValue.deal_parts` (see the module text);
#: the names are the keys of :attr:`MoveValue.parts` and of a review's JSON.
PARTS: tuple[str, ...] = ("now", "turn", "replies", "later_own", "later_other", "settlement", "bonus")

#: No parts (a :class:`MoveValue` built without them).
NO_PARTS: Mapping[str, float] = MappingProxyType({})


class MoveValue(NamedTuple):
    """One legal move as a search bot values it: mean play-out value, its standard error, deals played.

    ``parts`` (filled by :meth:`SearchBot.evaluate`) splits ``value`` into the named parts of
    :data:`PARTS` (their means over the deals; they sum to ``value``); ``deal_parts`` holds the
    part vectors (in :data:`PARTS` order) of every deal, deal ``k`` the same sampled deal for
    every move of one evaluation.
    """

    move: Move
    value: float
    stderr: float
    deals: int
    parts: Mapping[str, float] = NO_PARTS
    deal_parts: tuple[tuple[float, ...], ...] = ()


class Hint(NamedTuple):
    """A search bot's advice: a move, its expected value and why; ``scored`` is the evaluation it comes
    from (best first, with the parts: what :func:`dominolab.play.reasons.hint_sentence` reads)."""

    move: Move
    value: float
    reason: str
    scored: tuple[MoveValue, ...] = ()


class SearchBot(Protocol):
    """A bot that values every legal move on sampled deals of the tiles its seat cannot see."""

    name: str
    think_ms: float

    def choose(self, view: SeatView, rng: random.Random) -> Move: ...

    def evaluate(self, view: SeatView, rng: random.Random) -> list[MoveValue]: ...

    def hint(self, view: SeatView, rng: random.Random) -> Hint: ...


# -- a value in parts ------------------------------------------------------------------------

def best_other(gains: Sequence[float], side: int) -> int:
    """The best other side of a play-out: the first side other than ``side`` with the largest gain."""
    best = -1
    for s, g in enumerate(gains):
        if s != side and (best < 0 or g > gains[best]):
            best = s
    return best


def playout_parts(events: Iterable[Any], seat: int, side: int, other: int, side_of: Sequence[int],
                  bonus: float) -> list[float]:
    """The parts (:data:`PARTS` order) of one play-out, from its booked ``events``.

    ``events`` are the round's events (:data:`~dominolab.core.engine.Event`, read by index: the hot
    path of every evaluated play-out) from the evaluated move on (its first event is the move's
    own), ``seat`` and ``side`` the mover's, ``other`` the play-out's best other side
    (:func:`best_other`), ``side_of`` the side of every seat, ``bonus`` the match-bonus part as
    the bot counts it. Every point is read from the engine's booking: a play event's ``scored``,
    a settle event's ``credits``.
    """
    now = turn = replies = later_own = later_other = settlement = 0
    events = iter(events)
    for ev in events:                   # the move itself
        if type(ev) is PlayEvent:
            now = ev[7]                  # scored
        break
    who = seat
    for ev in events:                   # the rest of the mover's turn
        t = type(ev)
        if t is SettleEvent:
            settlement += ev[3][side] - ev[3][other]         # credits
            continue
        who = ev[0]                      # the seat of a play, draw or pass
        if who != seat:
            break
        if t is PlayEvent:
            turn += ev[7]
    else:
        return [float(now), float(turn), 0.0, 0.0, 0.0, float(settlement), bonus]
    ev_first = ev                        # the first event of another seat: the replies begin
    replying = True
    for ev in _chain(ev_first, events):
        t = type(ev)
        if t is SettleEvent:
            settlement += ev[3][side] - ev[3][other]
            continue
        who = ev[0]
        if replying and who == seat:
            replying = False             # the mover's next turn: later
        if t is not PlayEvent:
            continue
        scored = ev[7]
        if scored:
            s = side_of[who]
            if s == side:
                later_own += scored
            elif s == other:
                if replying:
                    replies -= scored
                else:
                    later_other -= scored
    return [float(now), float(turn), float(replies), float(later_own), float(later_other), float(settlement), bonus]


def _chain(first: Any, rest: Iterator[Any]) -> Iterator[Any]:
    yield first
    yield from rest


def mean_parts(rows: Sequence[Sequence[float]]) -> Mapping[str, float]:
    """The mean of part vectors (one per deal) by name; all 0 for no deals."""
    n = len(rows)
    if not n:
        return dict.fromkeys(PARTS, 0.0)
    return {name: sum(r[j] for r in rows) / n for j, name in enumerate(PARTS)}


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
        return Hint(scored[0].move, 0.0, forced_reason(scored[0].move), tuple(scored))
    best, runner = scored[0], scored[1]
    now = view.world(*view.filler_deal(), checked=False).gain_trusted(best.move)
    reason = (f"scores {now} now; over {best.deals} sampled deals of the unseen tiles {until} "
              f"{best.value:+.1f} points against the best other side on average "
              f"(next best {runner.move}: {runner.value:+.1f})")
    return Hint(best.move, best.value, reason, tuple(scored))
