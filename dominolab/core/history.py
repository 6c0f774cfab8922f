"""History as a value: the position after every event of a round or a match.

A played :class:`~dominolab.core.engine.Round` keeps its deal and its events;
:func:`positions` turns them into one :class:`Position` per moment - the deal,
then the table after each event - with the layout, every hand, the stock, the
scores and the seat to move. Book steppers, the play page's event list, the
record viewer and seat views read positions from here instead of replaying
events themselves; :meth:`Position.round` builds a live round from a position
(to play on from there).

>>> from dominolab.core.engine import Match, random_policy
>>> m = Match('horse-race', players=2, seed=3).play(random_policy, max_rounds=1)
>>> steps = positions(m.rounds[0])
>>> steps[0].event, len(steps) == len(m.rounds[0].events) + 1, steps[-1].layout == m.rounds[0].layout
(-1, True, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Iterator, Sequence

from dominolab.core.engine import DrawEvent, Event, Match, PlayEvent, PlaySource, Round, SettleEvent
from dominolab.core.errors import IllegalMove, WrongType
from dominolab.core.layout import Layout, Placement
from dominolab.core.rules import GameRules, SpinnerRule
from dominolab.core.scoring import EndReason
from dominolab.core.seating import Seating
from dominolab.core.tiles import Tile

__all__ = ["Position", "layout_of", "layout_steps", "positions"]


@dataclass(frozen=True)
class Position:
    """The table at one moment of a round (a value; its layout is a copy nobody else holds).

    ``event`` is the index in the round's events of the event that led here
    (``-1`` for the deal), ``last`` that event. ``stock`` are the tiles not yet
    drawn, in order (in a game without drawing: the tiles out of play).
    ``to_move`` is ``None`` once the round is over; ``pending`` a drawn tile that
    must be played now; ``end`` why the round ended, from the event that ended it on.
    """

    rules: GameRules
    seating: Seating
    number: int
    opener: int
    event: int
    last: Event | None
    layout: Layout
    hands: tuple[tuple[Tile, ...], ...]
    stock: tuple[Tile, ...]
    scores: tuple[int, ...]
    to_move: int | None
    pending: Tile | None
    end: EndReason | None

    @property
    def stock_left(self) -> int:
        return len(self.stock)

    @property
    def over(self) -> bool:
        return self.end is not None

    def round(self) -> Round:
        """A live round at this position (no past events): to play on from here.

        Built on the trusted path (:meth:`Round.trusted`): every part comes from a round the
        engine played. A position where the round is over raises :class:`IllegalMove`.
        """
        if self.to_move is None:
            raise IllegalMove(f"round {self.number} is over at event {self.event}; nothing to play on")
        return Round.trusted(self.rules, self.seating, [list(h) for h in self.hands], list(self.stock),
                             self.to_move, self.scores, self.number, layout=self.layout.copy(),
                             opener=self.opener, pending=self.pending)


def layout_steps(spinners: SpinnerRule | bool, events: Iterable[object]) -> Iterator[Layout]:
    """The layout after each event, placing every :class:`PlayEvent` in order.

    Yields one and the same :class:`Layout`, changed after each play (copy it to keep a
    step); other events (draws, passes, settlements, a seat view's draws) leave it as it is.
    """
    layout = Layout.trusted(spinners)
    place = layout.place_trusted
    for event in events:
        if isinstance(event, PlayEvent):
            place(Placement(event.tile, event.at))
        yield layout


def layout_of(spinners: SpinnerRule | bool, placements: Iterable[Placement]) -> Layout:
    """A fresh layout of placements taken from a played layout (trusted: no check)."""
    layout = Layout.trusted(spinners)
    for placement in placements:
        layout.place_trusted(placement)
    return layout


def _round_positions(rnd: Round) -> list[Position]:
    rules, seating = rnd.rules, rnd.seating
    hands = [list(h) for h in rnd.dealt]
    stock: Sequence[Tile] = rnd.initial_stock
    drawn = 0
    scores = rnd.start_scores
    events = rnd.events
    last_index = len(events) - 1

    def at(index: int, event: Event | None, layout: Layout) -> Position:
        nxt = events[index + 1] if index < last_index else None
        if nxt is None:                      # the round as it stands now
            to_move = None if rnd.over else rnd.to_move
            pending = rnd.pending
            end = rnd.end
        elif isinstance(nxt, SettleEvent):  # the round ended with this event; its settlement follows
            to_move, pending, end = None, None, rnd.end
        else:
            to_move = nxt.seat
            pending = nxt.tile if (isinstance(event, DrawEvent) and isinstance(nxt, PlayEvent)
                                   and nxt.source is PlaySource.DRAWN) else None
            end = None
        return Position(rules, seating, rnd.number, rnd.opener, index, event, layout.copy(),
                        tuple(map(tuple, hands)), tuple(stock[drawn:]), scores, to_move, pending, end)

    out = [at(-1, None, Layout(rules.spinners))]
    for index, (event, layout) in enumerate(zip(events, layout_steps(rules.spinners, events))):
        if isinstance(event, PlayEvent):
            hands[event.seat].remove(event.tile)
            scores = event.scores
        elif isinstance(event, DrawEvent):
            hands[event.seat].append(event.tile)
            drawn += 1
        elif isinstance(event, SettleEvent):
            scores = event.scores
        out.append(at(index, event, layout))
    return out


def positions(source: Round | Match) -> list[Position]:
    """Every position of a round (the deal, then after each event), or of every round of a match.

    A record becomes a match with :func:`dominolab.core.record.replay` first.
    """
    if isinstance(source, Round):
        return _round_positions(source)
    if isinstance(source, Match):
        return [p for rnd in source.rounds for p in _round_positions(rnd)]
    raise WrongType(f"positions of a Round or a Match, not {type(source).__name__}")
