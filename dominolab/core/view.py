"""What one seat may know about a round: :class:`SeatView`.

A :class:`SeatView` is built by :func:`view_of` from a :class:`~dominolab.core.engine.Round`
and holds only what the seat can see at the table:

* its own hand (in the order the seat holds it) and, when it has just drawn a
  tile that must be played at once, that tile;
* the layout (its placements, in the order played);
* every public event: plays with what they scored, that a seat drew (the tile
  only for the seat's own draws, or once the drawn tile is played), passes and
  knocks, settlements;
* the hand sizes, the stock size and the scores.

Opponents (:mod:`dominolab.play.bots`) decide from a view alone. The view also tells
what the hidden tiles may be: :meth:`SeatView.unseen` lists them and
:meth:`SeatView.slot_constraints` turns every pass, knock and draw into the pips
an opponent's hand is known not to hold. :meth:`SeatView.world` builds a full
:class:`Round` from one guess at the hidden tiles, for a bot to play out.

>>> from dominolab.core.engine import Match
>>> rnd = Match('fives-and-threes', players=2, seed=3).new_round()
>>> v = view_of(rnd, 1)
>>> len(v.hand), v.hand_sizes, len(v.unseen())
(7, (7, 7), 21)
>>> v.legal_moves() == rnd.legal_moves() if rnd.to_move == 1 else True
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import NamedTuple

from dominolab.core.engine import DrawEvent, Move, PassEvent, PlayEvent, PlaySource, Round, SettleEvent, legal_moves_of
from dominolab.core._check import need_int
from dominolab.core.errors import IllegalMove, WrongType
from dominolab.core.history import layout_of, layout_steps
from dominolab.core.layout import Layout, Placement
from dominolab.core.rules import GameRules
from dominolab.core.seating import Seating
from dominolab.core.tiles import ALL_TILES, Tile


class SeenDraw(NamedTuple):
    """A draw as a seat sees it: ``tile`` is ``None`` when the seat cannot know it."""

    seat: int
    tile: Tile | None


ViewEvent = PlayEvent | SeenDraw | PassEvent | SettleEvent


@dataclass(frozen=True)
class SeatView:
    """Everything one seat may know about a round (immutable)."""

    rules: GameRules
    seating: Seating
    seat: int                               #: the seat whose view this is
    number: int                             #: round number in the match
    opener: int                             #: the seat that opened the round
    hand: tuple[Tile, ...]                  #: the seat's own tiles, in its order
    placements: tuple[Placement, ...]       #: the layout, in the order played
    to_move: int                            #: the seat to move
    pending: Tile | None                    #: own drawn tile that must be played now (else None)
    hand_sizes: tuple[int, ...]             #: tiles held by every seat
    stock_left: int                         #: tiles left to draw (0 in games without drawing)
    scores: tuple[int, ...]                 #: match score per side
    events: tuple[ViewEvent, ...]           #: the public events of the round so far
    end: str | None                         #: why the round ended, or None while it runs

    # -- derived questions ---------------------------------------------------
    @property
    def side(self) -> int:
        return self.seating.side_of(self.seat)

    @property
    def over(self) -> bool:
        return self.end is not None

    def layout(self) -> Layout:
        """A fresh :class:`Layout` of the table (the caller may change it)."""
        return layout_of(self.rules.spinners, self.placements)

    def legal_moves(self) -> list[Move]:
        """The legal moves of this seat, in the engine's order (empty when it is not to move).

        Legality depends only on the seat's own hand, the layout and whether the stock
        is empty, so the view asks the engine's one rule (:func:`legal_moves_of`) directly.
        """
        if self.end is not None or self.to_move != self.seat:
            return []
        return legal_moves_of(self.layout(), self.hand, self.pending, not self.rules.drawing or not self.stock_left)

    def filler_deal(self) -> tuple[list[list[Tile]], list[Tile]]:
        """Some deal consistent with the hand and stock sizes (the unseen tiles in order).

        Legality depends only on the seat's own hand, the layout and whether the
        stock is empty, so any filler gives the same legal moves.
        """
        rest = list(self.unseen())
        hands: list[list[Tile]] = []
        for s, size in enumerate(self.hand_sizes):
            if s == self.seat:
                hands.append(list(self.hand))
            else:
                hands.append(rest[:size])
                del rest[:size]
        if self.rules.drawing:
            return hands, rest[:self.stock_left]
        return hands, rest

    def unseen(self) -> tuple[Tile, ...]:
        """Tiles this seat cannot see: other hands, the stock and tiles out of play (sorted)."""
        seen = set(self.hand)
        seen.update(p.tile for p in self.placements)
        return tuple(t for t in ALL_TILES if t not in seen)

    def slot_constraints(self) -> dict[int, tuple[int, ...]]:
        """For every other seat, one pip mask per hidden tile it holds.

        Bit ``p`` set in a slot's mask means: that tile shows no ``p``. A pass, a
        knock or a draw says the seat held no tile matching the open ends at that
        moment (a kept drawn tile did not match them either). Tiles drawn later
        escape the older constraints; since the view does not tell which tiles
        were played from hand, the slots are taken oldest first: for an event
        followed by ``k`` hidden draws of the seat, all but the ``k`` newest
        slots carry its mask. Every deal the seat could really hold satisfies
        these masks.
        """
        n = self.seating.players
        # per seat: (mask at the event, hidden draws after it) collected in order
        marks: list[list[list[int]]] = [[] for _ in range(n)]
        for index, (event, layout) in enumerate(zip(self.events, layout_steps(self.rules.spinners, self.events))):
            if isinstance(event, PassEvent):
                marks[event.seat].append([layout.open_mask, 0])
            elif isinstance(event, SeenDraw):
                seat = event.seat
                last = index + 1 == len(self.events)
                nxt = None if last else self.events[index + 1]
                played_at_once = (isinstance(nxt, PlayEvent) and nxt.seat == seat and nxt.source is PlaySource.DRAWN)
                if not played_at_once:          # the tile stays hidden in the seat's hand
                    for mark in marks[seat]:
                        mark[1] += 1
                # The hand before the draw did not match; a kept tile did not match either,
                # but a draw not yet followed by anything may be a tile about to be played.
                marks[seat].append([layout.open_mask, 1 if last else 0])
        out: dict[int, tuple[int, ...]] = {}
        for seat in range(n):
            if seat == self.seat:
                continue
            size = self.hand_sizes[seat]
            slots = [0] * size
            for mask, later in marks[seat]:
                for i in range(max(0, size - later)):
                    slots[i] |= mask
            out[seat] = tuple(slots)
        return out

    def world(self, hands: list[list[Tile]], stock: list[Tile], *, layout: Layout | None = None,
              checked: bool = True) -> Round:
        """A full round for this position, given a guess at every hand and the stock.

        ``hands[self.seat]`` must be the seat's own hand. The new round has no
        past events; its scores are a copy of the view's. ``layout`` (a copy of
        :meth:`layout` the round may change) saves rebuilding it; ``checked=False``
        skips the engine's argument checks, for deals built from the view itself.
        """
        if layout is None:
            layout = self.layout()
        pending = self.pending if self.to_move == self.seat else None
        if not checked:
            return Round.trusted(self.rules, self.seating, hands, stock, self.to_move, self.scores, self.number,
                                 layout=layout, opener=self.opener, pending=pending)
        rnd = Round(self.rules, self.seating, hands, stock, self.to_move, list(self.scores), self.number,
                    layout=layout if self.placements else None)
        rnd.opener = self.opener
        rnd.pending = pending
        return rnd


def view_of(rnd: Round, seat: int) -> SeatView:
    """The view of ``rnd`` that ``seat`` has: its own tiles and every public event.

    A ``rnd`` that is not a :class:`Round`, or a ``seat`` that is not a seat of it
    (``True`` is not seat 1), is a one-line :class:`~dominolab.core.errors.DominoError`.
    """
    if not isinstance(rnd, Round):
        raise WrongType(f"view_of needs a Round, not {type(rnd).__name__}")
    need_int(seat, "seat", 0, rnd.seating.players - 1)
    events: list[ViewEvent] = []
    raw = rnd.events
    for index, event in enumerate(raw):
        if isinstance(event, DrawEvent):
            shown: Tile | None = None
            if event.seat == seat:
                shown = event.tile
            else:
                nxt = raw[index + 1] if index + 1 < len(raw) else None
                if isinstance(nxt, PlayEvent) and nxt.seat == event.seat and nxt.source is PlaySource.DRAWN:
                    shown = event.tile          # the drawn tile was played at once: public
            events.append(SeenDraw(event.seat, shown))
        else:
            events.append(event)
    own_turn = rnd.to_move == seat
    return SeatView(
        rules=rnd.rules,
        seating=rnd.seating,
        seat=seat,
        number=rnd.number,
        opener=rnd.opener,
        hand=tuple(rnd.hands[seat]),
        placements=tuple(rnd.layout.placements),
        to_move=rnd.to_move,
        pending=rnd.pending if own_turn else None,
        hand_sizes=tuple(len(h) for h in rnd.hands),
        stock_left=rnd.stock_left if rnd.rules.drawing else 0,
        scores=tuple(rnd.scores),
        events=tuple(events),
        end=rnd.end,
    )


def check_turn(view: object, rng: object) -> SeatView:
    """The view, if its seat is to move in a round still being played: what every bot checks before it
    chooses (one-line errors otherwise)."""
    if not isinstance(view, SeatView):
        raise WrongType(f"a bot chooses from a SeatView (dominolab.core.view.view_of), not {type(view).__name__}")
    if not isinstance(rng, random.Random):
        raise WrongType(f"a bot needs a random.Random for its choices, not {type(rng).__name__}")
    if view.end is not None:
        raise IllegalMove(f"round {view.number} is over ({view.end}): seat {view.seat} has nothing to choose",
                          code="round-over", details={"number": view.number})
    if view.to_move != view.seat:
        raise IllegalMove(f"seat {view.seat} is not to move (seat {view.to_move} is): nothing to choose",
                          code="not-your-turn", details={"seat": view.seat})
    return view
