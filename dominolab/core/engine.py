"""The engine: rounds and matches of any game described by :class:`GameRules`.

A :class:`Round` is the mutable owner of one deal: hands, stock, layout, whose
turn it is, and the events so far. Moves are values - :class:`Placement`,
:data:`DRAW`, :data:`PASS` - and :meth:`Round.legal_moves` is the single source
of legality. :meth:`Round.apply` checks a move and leaves the state untouched
when it is illegal; :meth:`Round.push` is the trusted path for moves taken
from :meth:`Round.legal_moves` (like python-chess's ``push`` beside
``push_san``). What a move would score is computed once, by
:meth:`Round.preview` (a :class:`MovePreview`: the play's own points, and
separately the settlement that would follow); the engine books a play with the
same steps, and bots, hints and the play page ask it instead of guessing.

A :class:`Match` deals rounds with seeded randomness, picks openers by the
game's rules (or by lot) and keeps the score per side until a side reaches the
target. The scores belong to the round that books them: ``Match.scores``
reads them from the current round.

>>> m = Match('horse-race', players=2, seed=7)
>>> r = m.new_round()
>>> len(r.hands[0]), len(r.stock)
(7, 14)
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass
from functools import lru_cache, partial
from itertools import islice, starmap
from operator import attrgetter
from typing import Callable, Iterable, Sequence

from dominolab.core._check import describe, need_int, need_sequence, plural
# the events are value types of their own module; the engine makes them (and re-exports them)
from dominolab.core.events import DrawEvent, Event, PassEvent, PlayEvent, PlaySource, SettleEvent
from dominolab.core.errors import (IllegalMove, InvalidArgument, MoveBoundError, NotationError, Reason, WrongType,
                                   shorten)
from dominolab.core.layout import AttachmentPoint, Layout, Placement
from dominolab.core.moves import DRAW, PASS, DrawMove, Move, PassMove, format_move, parse_move
from dominolab.core.rules import GameRules, OpenerRule, get_game
from dominolab.core.scoring import EndReason, Settlement, settle_trusted, settlement_arguments
from dominolab.core.seating import Seating
from dominolab.core.tiles import ALL_TILES, Tile

__all__ = [
    "DRAW", "PASS", "DrawEvent", "DrawMove", "EndReason", "Event", "Match", "Move", "MovePreview", "Outcome",
    "PassEvent", "PassMove", "PlayEvent", "PlaySource", "Policy", "Round", "SettleEvent", "format_move",
    "best_plays", "book_settlement", "greedy_policy", "legal_moves_of", "lot", "parse_move", "position", "random_policy",
]


#: ``_new_event(PlayEvent, fields)`` builds an event without the Python-level ``__new__`` (hot path).
_new_event = tuple.__new__

# End reasons of a round (older names; the values compare equal to the record strings).
DOMINO = EndReason.DOMINO
BLOCKED = EndReason.BLOCKED
TARGET = EndReason.TARGET
HAND = PlaySource.HAND
DRAWN = PlaySource.DRAWN


@dataclass(frozen=True)
class Outcome:
    """How a round ended.

    ``winners`` are the round's winning sides where the game has them: the
    settlement's winners in Horse Race, the side that played out in Fives and
    Threes (a blocked Fives and Threes round has none), the side that reached
    the target when the round ended there. ``match_winners`` are the sides that
    won the match with this round (empty if the match goes on); ``settlement``
    is the Horse Race settlement (``None`` when the round was not settled).
    """

    reason: EndReason
    winners: tuple[int, ...]
    match_winners: tuple[int, ...]
    settlement: Settlement | None = None


def _outcome(reason: EndReason, winners: tuple[int, ...], match_winners: tuple[int, ...],
             settlement: Settlement | None) -> Outcome:
    """``Outcome(...)`` without the frozen dataclass ``__init__`` (the engine ends every round)."""
    out = _new_object(Outcome)
    d = out.__dict__
    d["reason"] = reason
    d["winners"] = winners
    d["match_winners"] = match_winners
    d["settlement"] = settlement
    return out


_new_object = object.__new__
_PIPS = attrgetter("pips")
#: The two outcomes of a play that books nothing and ends nothing (shared: the common case).
_GOES_ON: tuple[int, int, bool, EndReason | None] = (0, 0, False, None)
_STAYS: tuple[int, int, bool, EndReason | None] = (0, 0, True, None)


@dataclass(frozen=True)
class MovePreview:
    """What a move would score, as the engine books it (:meth:`Round.preview`).

    The play part: ``end_sum`` after a play (``None`` for a draw or a pass),
    its ``credit``, the domino ``bonus`` when the play finishes the mover's
    side, and ``play`` - what the play itself adds to the mover's ``side``
    (``credit + bonus``, or 0 when it would pass an exact target: ``void``).
    ``play`` is the ``scored`` of the play event the move makes.

    The settlement part: ``settlement``, the :class:`Settlement` that would
    follow the play (a domino or a block ending a Horse Race round), else
    ``None``; ``booked`` (and :attr:`settlement_credits`) the credits per side of
    the ``settle`` event - the settlement's own, except where an exact target
    voids a credit that would pass it.
    ``stays`` is true when the mover moves again, ``end`` how the round ends
    with this move (``None`` while it goes on). A draw reveals a hidden tile, so
    its preview predicts nothing: no points, no end, no settlement.
    """

    move: Move
    seat: int
    side: int
    end_sum: int | None
    credit: int
    bonus: int
    play: int
    void: bool
    stays: bool
    end: EndReason | None
    settlement: Settlement | None
    booked: tuple[int, ...] = ()    #: what the settlement books per side (after an exact target's void)

    @property
    def settlement_credits(self) -> tuple[int, ...]:
        """Points per side the following settlement adds (empty when none follows): the ``credits``
        of its ``settle`` event (under an exact target a credit that would pass it is 0)."""
        return () if self.settlement is None else self.booked

    @property
    def total(self) -> int:
        """What the move adds to the mover's side, the settlement included."""
        credits = self.settlement_credits
        return self.play + (credits[self.side] if credits else 0)


_CREDIT_CACHE: dict[tuple[int, ...], list[int]] = {}


def _credit_table(rules: GameRules) -> list[int]:
    table = _CREDIT_CACHE.get(rules.divisors)
    if table is None:
        # 28 tiles can never expose more than 28 * 12 pips at their ends.
        table = _CREDIT_CACHE[rules.divisors] = [rules.credit(s) for s in range(28 * 12 + 1)]
    return table


@lru_cache(maxsize=None)
def _seat_tables(seating: Seating) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """Side of every seat, and the seats of every side."""
    return (tuple(seating.side_of(s) for s in range(seating.players)),
            tuple(seating.seats_of(side) for side in range(seating.n_sides)))


#: What the hot path reads of a game and a seating: players, side of every seat, seats of
#: every side, credit per end sum, stay_on_turn, drawing, target, domino_bonus, target_exact,
#: partners_play_out.
_Context = tuple[int, tuple[int, ...], tuple[tuple[int, ...], ...], list[int], bool, bool, int, int, bool, bool]


def _context(rules: GameRules, seating: Seating) -> _Context:
    side, seats_of_side = _seat_tables(seating)
    return (seating.players, side, seats_of_side, _credit_table(rules), rules.stay_on_turn, rules.drawing,
            rules.target, rules.domino_bonus, rules.target_exact, rules.partners_play_out)


def _game_with_seating(rules: GameRules | str, seating: Seating) -> GameRules:
    """The game ``rules`` names, once ``seating`` is checked to be one of its seatings (one-line errors)."""
    rules = get_game(rules)
    if not isinstance(seating, Seating):
        raise WrongType(f"seating must be a Seating (see GameRules.seating), not "
                        f"{type(seating).__name__} {describe(seating)}")
    if seating not in rules.hand_sizes:
        rules.seating(seating.players, seating.partnerships)   # raises SeatingError
    return rules


def _check_scores(rules: GameRules, seating: Seating, scores: object) -> None:
    """Side scores before a round (or its settlement): a list of one integer per side, none at the target."""
    if isinstance(scores, (str, bytes)) or not isinstance(scores, (list, tuple)):
        raise WrongType(f"scores must be a list of integers, not {type(scores).__name__} {describe(scores)}")
    if len(scores) != seating.n_sides:
        raise InvalidArgument(f"scores: {plural(len(scores), 'value')} for {plural(seating.n_sides, 'side')}")
    for side, score in enumerate(scores):
        need_int(score, f"score of side {side}", 0, rules.target)
        if rules.reaches_target(score):
            raise InvalidArgument(f"scores: side {side} already reached the target of {rules.target} "
                                  f"({score}); no round is played")


class Round:
    """One deal, from the opening tile to a domino, a block or the match target.

    ``scores`` are the side scores before the round; the round keeps its own
    copy and books every point in it (:attr:`scores`, read by its match;
    nobody else writes it). Every argument is
    checked: hands, stock and layout must not repeat a tile, there is one hand
    per seat, the seat to move holds a tile and the round is not already over.
    Tiles may be given as :class:`Tile` values or as notation (``"[1|4]"``),
    the layout as a :class:`Layout` or as notation.
    """

    __slots__ = ("rules", "seating", "number", "opener", "_dealt", "_initial_stock", "_deal_tiles", "_deal_size",
                 "hands", "stock", "stock_pos", "layout", "to_move", "pending", "events", "scores", "start_scores", "end",
                 "last_player", "match_winners", "settlement", "outcome", "_n", "_side", "_seats_of_side",
                 "_credit", "_stay_on_turn", "_draws", "_target", "_bonus", "_exact", "_play_out", "_scores_t",
                 "_stock_out")
    _deal_tiles: list[Tile]     # only for rounds dealt by a match (see _from_deal)
    _deal_size: int

    def __init__(self, rules: GameRules | str, seating: Seating, hands: Sequence[Sequence[Tile | str]],
                 stock: Sequence[Tile | str], opener: int, scores: list[int], number: int = 1,
                 layout: Layout | str | None = None):
        rules = _game_with_seating(rules, seating)
        n = seating.players
        hand_list = need_sequence(hands, "hands", limit=100)
        if len(hand_list) != n:
            raise InvalidArgument(f"hands: {plural(len(hand_list), 'hand')} for {seating} (one per seat)")
        tiles_of_hands = [_tiles(h, f"hand of seat {seat}") for seat, h in enumerate(hand_list)]
        stock_tiles = _tiles(stock, "stock")
        need_int(number, "round number", 1, 1_000_000)
        if isinstance(layout, str):
            layout = Layout.from_notation(layout, rules.spinners) if layout.strip() else None
        if layout is not None:
            if not isinstance(layout, Layout):
                raise WrongType(f"layout must be a Layout or notation, not {type(layout).__name__} {describe(layout)}")
            if layout.spinners != rules.spinners:
                raise InvalidArgument(f"layout: spinners={layout.spinners}, but in {rules.title} spinners={rules.spinners}")
        _no_repeats(tiles_of_hands, stock_tiles, layout.tiles if layout is not None else [])
        need_int(opener, "opener (seat to move)", 0, n - 1)
        _check_scores(rules, seating, scores)
        self._setup(rules, seating, tiles_of_hands, stock_tiles, opener, scores, number, layout)
        problem = self._position_problem()
        if problem:
            raise InvalidArgument(problem)

    def _setup(self, rules: GameRules, seating: Seating, hands: Sequence[Sequence[Tile]],
               stock: Sequence[Tile], opener: int, scores: Sequence[int], number: int,
               layout: Layout | None, context: _Context | None = None) -> None:
        self._dealt: tuple[tuple[Tile, ...], ...] | None = tuple(map(tuple, hands))
        self._initial_stock: tuple[Tile, ...] | None = tuple(stock)
        self._common(rules, seating, list(map(list, hands)), list(stock), opener, scores, number, layout,
                     context or _context(rules, seating))

    def _common(self, rules: GameRules, seating: Seating, hands: list[list[Tile]], stock: list[Tile],
                opener: int, scores: Sequence[int], number: int, layout: Layout | None, context: _Context) -> None:
        self.rules = rules
        self.seating = seating
        self.number = number
        self.opener = opener
        self.hands: list[list[Tile]] = hands
        self.stock: list[Tile] = stock
        self.stock_pos = 0
        self._stock_out = not rules.drawing or not stock   # nothing (more) to draw
        self.layout = layout if layout is not None else Layout.trusted(rules.spinners)
        self.to_move = opener
        self.pending: Tile | None = None
        self.events: list[Event] = []
        #: the side scores as booked by this round (its own list: only the round writes it)
        self.scores = list(scores)
        #: the side scores before the round's first event
        self.start_scores: tuple[int, ...] = tuple(scores)
        self._scores_t = self.start_scores   # the scores as recorded in events (refreshed when they change)
        self.end: EndReason | None = None
        self.last_player: int | None = None
        self.match_winners: tuple[int, ...] = ()
        #: the Horse Race settlement once the round is settled (else ``None``): what the pips are
        #: worth; the ``settle`` event holds what was booked (an exact target voids a credit past it)
        self.settlement: Settlement | None = None
        #: how the round ended (``None`` while it runs)
        self.outcome: Outcome | None = None
        # trusted lookups for the hot path
        (self._n, self._side, self._seats_of_side, self._credit, self._stay_on_turn, self._draws,
         self._target, self._bonus, self._exact, self._play_out) = context

    @classmethod
    def trusted(cls, rules: GameRules, seating: Seating, hands: Sequence[Sequence[Tile]],
                stock: Sequence[Tile], to_move: int, scores: Sequence[int], number: int = 1, *,
                layout: Layout | None = None, opener: int | None = None, pending: Tile | None = None) -> "Round":
        """A round built from a position without any check (the fast path beside the constructor).

        Trusted, like :meth:`push`: the caller guarantees what the constructor checks -
        ``rules`` a :class:`GameRules`, ``seating`` one of its seatings, one hand per seat,
        every tile at most once in hands, stock and ``layout``, scores below the target,
        and a position that is not over; ``pending`` a tile of the hand of ``to_move``
        it drew and must play. Hands and stock are copied; ``layout`` is taken as it is
        (the round changes it). Bots' play-outs and positions rebuilt from a history
        use it; anything else should call the checked constructor, which raises only
        :class:`~dominolab.core.errors.DominoError`.
        """
        rnd = cls._trusted(rules, seating, hands, stock, to_move, scores, number, _context(rules, seating))
        if layout is not None:
            rnd.layout = layout
        if opener is not None:
            rnd.opener = opener
        rnd.pending = pending
        return rnd

    @classmethod
    def _trusted(cls, rules: GameRules, seating: Seating, hands: Sequence[Sequence[Tile]],
                 stock: Sequence[Tile], opener: int, scores: Sequence[int], number: int,
                 context: _Context) -> "Round":
        rnd = cls.__new__(cls)
        rnd._setup(rules, seating, hands, stock, opener, scores, number, None, context)
        return rnd

    @classmethod
    def _from_deal(cls, rules: GameRules, seating: Seating, tiles: list[Tile], size: int, opener: int,
                   scores: Sequence[int], number: int, context: _Context) -> "Round":
        """A round from a match's shuffled tiles: hands of ``size`` tiles in seat order, then the stock.

        The round owns ``tiles`` (never changed); ``dealt`` and ``initial_stock`` are read from it
        when asked for.
        """
        rnd = cls.__new__(cls)
        dealt = size * seating.players
        rnd._dealt = None
        rnd._initial_stock = None
        rnd._deal_tiles = tiles
        rnd._deal_size = size
        rnd._common(rules, seating, [tiles[i:i + size] for i in range(0, dealt, size)], tiles[dealt:], opener,
                    scores, number, None, context)
        return rnd

    @property
    def dealt(self) -> tuple[tuple[Tile, ...], ...]:
        """The hands as dealt, per seat."""
        dealt = self._dealt
        if dealt is None:
            tiles, size = self._deal_tiles, self._deal_size
            dealt = self._dealt = tuple(tuple(tiles[i:i + size]) for i in range(0, size * self._n, size))
        return dealt

    @property
    def initial_stock(self) -> tuple[Tile, ...]:
        """The stock as dealt (in Fives and Threes: the tiles out of play)."""
        stock = self._initial_stock
        if stock is None:
            stock = self._initial_stock = tuple(self._deal_tiles[self._deal_size * self._n:])
        return stock

    def _position_problem(self) -> str | None:
        """Why this position cannot be played on (already over, or nobody to move), else ``None``."""
        hands = self.hands
        if not self.layout.placements:
            if not hands[self.to_move]:
                return f"seat {self.to_move} opens the round but holds no tile"
            return None
        for side, seats in enumerate(self._seats_of_side):
            empty = [s for s in seats if not hands[s]]
            if empty and (not self.rules.partners_play_out or len(empty) == len(seats)):
                return f"the round is already over: seat {empty[0]} holds no tile"
        if not hands[self.to_move]:
            return f"seat {self.to_move} is to move but holds no tile"
        return None   # a blocked position is accepted (its only move is a pass)

    # -- queries ------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.end is not None

    @property
    def stock_left(self) -> int:
        return len(self.stock) - self.stock_pos

    def pips_left(self) -> list[int]:
        return [sum(t.pips for t in hand) for hand in self.hands]

    def can_play(self, seat: int) -> bool:
        need_int(seat, "seat", 0, self._n - 1)
        if not self.layout.placements:
            return bool(self.hands[seat])
        counts = self.layout.open_counts
        return any(t.fields & counts for t in self.hands[seat])

    def legal_moves(self) -> list[Move]:
        """Every legal move of the seat to move: plays, else a draw, else a pass.

        Plays come in the order of the hand, and for each tile in the order the
        free points were opened; this order is part of the seeded results.
        """
        if self.end is not None:
            return []
        return legal_moves_of(self.layout, self.hands[self.to_move], self.pending, self._stock_out)

    def is_blocked(self, counts: int | None = None, held: Tile | None = None) -> bool:
        """True when nobody who still holds tiles can play and no tile can be drawn.

        The one test of a block. By default it asks about the round as it stands; the engine
        also asks it about a play not yet made (:meth:`_judge` for :meth:`preview`): ``counts``
        the layout's :attr:`~dominolab.core.layout.Layout.open_counts` after the play, ``held``
        the tile being played while it is still in the hand (it does not count).
        """
        if not self._stock_out:
            return False
        if counts is None:
            counts = self.layout.open_counts
        if not counts:
            return False
        for hand in self.hands:
            for tile in hand:
                if tile.fields & counts and tile is not held:
                    return False
        return True

    # -- moves --------------------------------------------------------------
    def apply(self, move: Move | str) -> list[Event]:
        """Checked move: raise :class:`IllegalMove` (state unchanged) or play it.

        ``move`` is a move value or its notation (``"draw"``, ``"pass"``, ``"[1|1]@[1|4].low"``).
        """
        return self.push(self._checked(move))

    def _checked(self, move: Move | str) -> Move:
        """The move value of ``move`` if it is legal now; else a one-line error (state unchanged)."""
        if isinstance(move, str):
            move = parse_move(move)
        elif isinstance(move, Placement):
            tile, at = move
            if not isinstance(tile, Tile) or not (at is None or isinstance(at, AttachmentPoint)):
                raise WrongType(f"not a placement: {describe(move)} (a Placement holds a Tile and an "
                                f"AttachmentPoint or None)")
        elif not isinstance(move, (DrawMove, PassMove)):
            raise WrongType(f"not a move: {type(move).__name__} {describe(move)} "
                            f"(use a Placement, DRAW, PASS or move notation)")
        if self.end is not None:
            raise IllegalMove(f"{format_move(move)}: round {self.number} is over ({self.end})", code="round-over",
                              details={"move": format_move(move), "number": self.number, "end": str(self.end)})
        legal = self.legal_moves()
        if move not in legal:
            reason = self._why_illegal(move, legal)
            raise IllegalMove(f"{format_move(move)}: {reason.text}", code=reason.code,
                              details={"move": format_move(move), **reason.details})
        return move

    def _why_illegal(self, move: Move, legal: list[Move]) -> Reason:
        """Why a move is not among ``legal`` (the reason only; callers name the move)."""
        seat = self.to_move
        if isinstance(move, Placement):
            if self.pending is not None and move.tile is not self.pending:
                return Reason("must-play-drawn", f"seat {seat} drew {self.pending} and must play it at once",
                              {"seat": seat, "tile": str(self.pending)})
            if move.tile not in self.hands[seat]:
                return Reason("not-in-hand", f"seat {seat} (to move) does not hold {move.tile}",
                              {"seat": seat, "tile": str(move.tile)})
            problem = self.layout.reason(move)
            return problem if problem is not None else Reason("not-legal-now", "not legal now")
        if isinstance(move, DrawMove):
            if not self.rules.drawing:
                return Reason("no-drawing", f"{self.rules.title} has no drawing (undealt tiles stay out of play)",
                              {"game": self.rules.title})
            if legal and isinstance(legal[0], Placement):
                return Reason("must-play-not-draw", f"seat {seat} can play and must not draw", {"seat": seat})
            return Reason("stock-empty", "the stock is empty")
        if isinstance(move, PassMove):
            if legal and isinstance(legal[0], Placement):
                return Reason("must-play-not-pass", f"seat {seat} can play and must not pass", {"seat": seat})
            return Reason("must-draw-first", f"seat {seat} must draw first", {"seat": seat})
        return Reason("not-a-move", f"not a move: {describe(move)}")

    def copy(self) -> "Round":
        """An independent copy of the round as it stands (hands, stock, layout, events, scores).

        Play-outs push moves on a copy; the original is never changed."""
        new = copy.copy(self)
        new.hands = [list(hand) for hand in self.hands]
        new.stock = list(self.stock)
        new.layout = self.layout.copy()
        new.events = list(self.events)
        new.scores = list(self.scores)
        return new

    def push(self, move: Move) -> list[Event]:
        """Trusted path: play a move known to be legal; return the new events.

        What a play books and what follows it is decided by :meth:`_judge`, the one
        computation of a play's outcome (also behind :meth:`preview` and :meth:`gain`).
        """
        events = self.events
        if move is DRAW or move is PASS:
            start = len(events)
            if move is DRAW:
                self._draw()
            else:
                self._pass()
            return events[start:]
        tile, at = move  # type: ignore[misc]
        seat = self.to_move
        if self.pending is None:
            source = HAND
        else:
            source = DRAWN
            self.pending = None
        hand = self.hands[seat]
        if hand[-1] is tile:             # often: the last tile, or the one just drawn
            hand.pop()
        else:
            hand.remove(tile)
        layout = self.layout
        end_sum = layout.place_trusted(move)  # type: ignore[arg-type]
        credit = self._credit[end_sum]
        bonus, scored, stays, end = self._judge(seat, tile, source, credit, len(hand), layout.open_counts, None)
        if scored:
            scores = self.scores
            scores[self._side[seat]] += scored
            self._scores_t = tuple(scores)
        # void: judged and not booked (the same statement as the preview's void)
        event = _new_event(PlayEvent, (seat, tile, at, source, end_sum, credit, bonus, scored, self._scores_t,
                                       scored != credit + bonus))
        events.append(event)
        if end is None:
            if not stays:
                nxt = seat + 1
                if nxt == self._n:
                    nxt = 0
                self.to_move = nxt if self.hands[nxt] else self._next_seat(seat)
            return [event]
        start = len(events) - 1
        if end is TARGET:
            self._reach_target(seat, self._side[seat])
        elif end is DOMINO:
            self.last_player = seat
            self._finish(DOMINO, seat)
        else:
            if not stays:
                self.to_move = self._next_seat(seat)
            self._finish(BLOCKED, None)
        return events[start:]

    def _judge(self, seat: int, tile: Tile, source: PlaySource, credit: int, left: int, counts: int,
               held: Tile | None) -> tuple[int, int, bool, EndReason | None]:
        """The outcome of one play: ``(bonus, scored, stays, end)`` - the one place that decides it.

        Arguments describe the play of ``tile`` by ``seat``: its ``source`` (:data:`HAND`, or
        :data:`DRAWN` for a tile just drawn), the ``credit`` of the end sum after it, ``left`` the
        tiles left in the seat's hand after it (the side is out when none are left - where partners
        play out, when the partners' hands are empty too), ``counts`` the :attr:`Layout.open_counts
        <dominolab.core.layout.Layout.open_counts>` after the play (0: do not ask about a block), and
        ``held`` a tile still in a hand that is the one being played (``None`` once it left the hand).

        * ``bonus``: the domino bonus when the play empties the side, else 0.
        * ``scored``: what the play books for the mover's side, ``credit + bonus`` as one scoring
          event, or 0 where the target must be hit exactly and it would pass it (the void).
        * ``end``: :data:`TARGET` when ``scored`` reaches the target (before anything else, also on
          the last tile), else :data:`DOMINO` when the side is out, else :data:`BLOCKED` when the
          stock is out and no tile in any hand fits ``counts`` (:meth:`is_blocked`), else ``None``
          (the round goes on).
        * ``stays``: the mover moves again - a tile from the hand that is a double or scores, in a
          game with ``stay_on_turn`` (never after a target or a domino).

        :meth:`push` books a play with it; :meth:`preview` and :meth:`gain_trusted` ask it for a
        play not yet made. A bot's play-out uses it through these: it pushes trusted moves on a
        :meth:`copy` (the one bookkeeping), ranks moves with :meth:`gain_trusted`, or reads
        :meth:`preview` (``stays``, ``end``, the booked settlement) - no bot restates a rule.
        """
        side_out = not left and (not self._play_out or self._partners_out(seat))   # the last tile
        if not credit and not side_out:        # books nothing; the side goes on (the common case)
            stays = source is HAND and tile.is_double and self._stay_on_turn
            if self._stock_out and counts and self.is_blocked(counts, held):
                return 0, 0, stays, BLOCKED
            return _STAYS if stays else _GOES_ON
        if side_out:
            bonus = self._bonus
            points = credit + bonus
        else:
            bonus = 0
            points = credit
        if points:
            side = self._side[seat]
            points = self.accepted(side, points)       # 0: void, it would pass an exact target
            if points and self.scores[side] + points >= self._target:
                return bonus, points, False, TARGET
        if side_out:
            return bonus, points, False, DOMINO
        stays = source is HAND and self._stay_on_turn      # the tile scores
        if self._stock_out and counts and self.is_blocked(counts, held):
            return bonus, points, stays, BLOCKED
        return bonus, points, stays, None

    def _pass(self) -> None:
        """A pass: the turn moves on.

        A round ends at the first blocked moment (after a play or a draw), and a pass changes
        nothing but the turn; so only a position built already blocked (its first move is a
        pass) is blocked here, and that pass ends it. Passes never run longer than
        ``players - 1`` in a row (the proof of :meth:`GameRules.move_bound`); if they do, the
        engine raises :class:`~dominolab.core.errors.MoveBoundError` instead of running on.
        """
        seat = self.to_move
        events = self.events
        events.append(_new_event(PassEvent, (seat,)))
        self.to_move = self._next_seat(seat)
        n = len(events)
        if n == 1:
            if self.is_blocked():
                self._finish(BLOCKED, None)
        elif type(events[-2]) is PassEvent and n >= self._n and all(
                [type(e) is PassEvent for e in events[n - self._n:]]):
            raise MoveBoundError(f"round {self.number}: {self._n} passes in a row with {self._n} players; "
                                 f"the round cannot end (an engine bug)")

    def _draw(self) -> None:
        seat = self.to_move
        tile = self.stock[self.stock_pos]
        self.stock_pos += 1
        self.hands[seat].append(tile)
        self.events.append(_new_event(DrawEvent, (seat, tile)))
        if self.stock_pos == len(self.stock):
            self._stock_out = True
        if tile.fields & self.layout.open_counts:
            self.pending = tile          # must be played at once; ends the turn
        elif self.is_blocked():
            self._finish(BLOCKED, None)

    def _partners_out(self, seat: int) -> bool:
        """True when every other seat on the side of ``seat`` holds no tile."""
        hands = self.hands
        return not any(hands[s] for s in self._seats_of_side[self._side[seat]] if s != seat)

    def accepted(self, side: int, points: int, score: int | None = None) -> int:
        """What one scoring event of ``points`` adds to ``side``: all of it, or - where the
        target must be hit exactly - nothing when it would pass the target (no partial credit).

        ``score`` is the side's score before the event (default: its score now). The one
        statement of the void: plays (:meth:`_judge`) and settlement credits
        (:meth:`_settle`) are booked through it."""
        if self._exact and (self.scores[side] if score is None else score) + points > self._target:
            return 0
        return points

    # -- what a move scores: the one computation ------------------------------------
    def gain_trusted(self, move: Move) -> int:
        """:meth:`gain` without the check (trusted: ``move`` is one of :meth:`legal_moves`).

        The bots' play-outs rank moves with it; it is the play part of :meth:`preview`
        (:meth:`_judge` without the question of a block).
        """
        if move is DRAW or move is PASS:
            return 0
        tile, at = move  # type: ignore[misc]
        seat = self.to_move
        credit = self._credit[self.layout.end_sum_after(tile, at)]
        return self._judge(seat, tile, HAND if self.pending is None else DRAWN, credit, len(self.hands[seat]) - 1, 0,
                           tile)[1]

    def gain(self, move: Move | str) -> int:
        """What ``move`` (a legal move or its notation) would add to the mover's side now: the
        credit of the new end sum plus the domino bonus when it finishes the side, as the engine
        would book it (a settlement that follows is not counted: see :meth:`preview`). The round
        is not changed; an illegal move is a one-line :class:`IllegalMove`."""
        return self.gain_trusted(self._checked(move))

    def preview(self, move: Move | str) -> MovePreview:
        """What ``move`` would score, as the engine would book it (see :class:`MovePreview`).

        ``move`` is a legal move or its notation; an illegal one is a one-line
        :class:`IllegalMove`. The round is not changed. The play part equals the ``scored``
        of the play event the move makes, the settlement part the ``credits`` of the
        ``settle`` event that follows it (a test holds all three together).
        """
        move = self._checked(move)
        seat = self.to_move
        side = self._side[seat]
        if not isinstance(move, Placement):
            return _preview(move, seat, side, None, 0, 0, 0, False, False, None, None, ())
        tile, at = move
        layout = self.layout
        counts = 0
        if self._stock_out:
            after = layout.copy()
            after.place_trusted(move)
            counts = after.open_counts
        end_sum = layout.end_sum_after(tile, at)
        credit = self._credit[end_sum]
        bonus, play, stays, end = self._judge(seat, tile, HAND if self.pending is None else DRAWN, credit,
                                              len(self.hands[seat]) - 1, counts, tile)
        settled: Settlement | None = None
        booked: tuple[int, ...] = ()
        if (end is DOMINO or end is BLOCKED) and self.rules.pip_settlement:
            pips = [sum(map(_PIPS, hand)) for hand in self.hands]
            pips[seat] -= tile.pips
            scores = list(self.scores)
            scores[side] += play
            settled, booked = self._settle(pips, seat if end is DOMINO else None, scores)
        return _preview(move, seat, side, end_sum, credit, bonus, play, play != credit + bonus,
                        stays and end is None, end, settled, booked)

    def _reach_target(self, seat: int, side: int) -> None:
        self.last_player = seat
        self.end = TARGET
        self.match_winners = (side,)
        self.outcome = _outcome(TARGET, (side,), (side,), None)

    def _next_seat(self, seat: int) -> int:
        """The next seat clockwise that still holds tiles."""
        hands = self.hands
        n = self._n
        nxt = (seat + 1) % n
        while not hands[nxt] and nxt != seat:
            nxt = (nxt + 1) % n
        return nxt

    def _settle(self, pips: list[int], domino_seat: int | None,
                scores: Sequence[int]) -> tuple[Settlement, tuple[int, ...]]:
        """The settlement booking: the :class:`Settlement` of ``pips`` per seat and ``domino_seat`` (``None``: a
        block), and what its ``settle`` event books per side from ``scores`` - under an exact target nothing for
        a credit past it (:meth:`accepted`; ``zh-abrechnung-exaktes-ziel``). For :meth:`_finish`, :meth:`preview`."""
        s = settle_trusted(pips, self._side, self.seating.n_sides, domino_seat, self.rules.raw_per_point)
        if not self._exact:
            return s, s.credits
        accepted = self.accepted
        return s, tuple([accepted(side, credit, score) for side, (credit, score) in enumerate(zip(s.credits, scores))])

    def _finish(self, reason: EndReason, domino_seat: int | None) -> None:
        self.end = reason
        if reason is BLOCKED:
            # the seat that played the last tile (a description may let it open the next round)
            for event in reversed(self.events):
                if type(event) is PlayEvent:
                    self.last_player = event.seat
                    break
        rules = self.rules
        if not rules.pip_settlement:
            winners = (self._side[domino_seat],) if domino_seat is not None else ()
            self.outcome = _outcome(reason, winners, (), None)
            return
        pips = [sum(map(_PIPS, hand)) for hand in self.hands]
        scores = self.scores
        s, credits = self._settle(pips, domino_seat, scores)
        self.settlement = s
        for side, credit in enumerate(credits):
            scores[side] += credit
        self._scores_t = tuple(scores)
        self.events.append(_new_event(SettleEvent, (reason, s.winners, s.pips, credits, self._scores_t)))
        self.match_winners = rules.sides_at_target_trusted(scores)
        self.outcome = _outcome(reason, s.winners, self.match_winners, s)

    def __repr__(self) -> str:
        return (f"<Round {self.number} of {self.rules.title}: {len(self.layout)} tiles on the table, "
                f"seat {self.to_move} to move{', ' + self.end if self.end else ''}>")

    def _repr_svg_(self) -> str | None:
        from dominolab.core.display import svg_of

        return svg_of(self)



def book_settlement(rules: GameRules | str, seating: Seating, pips_by_seat: Sequence[int],
                    domino_seat: int | None, scores: Sequence[int]) -> tuple[Settlement, tuple[int, ...]]:
    """A round's settlement as the engine books it (:meth:`Round._settle`), from checked arguments (a bad one
    is a one-line :class:`~dominolab.core.errors.DominoError`): the :class:`Settlement` and the credits booked
    per side (under an exact target a credit that would pass it books nothing)."""
    rules = _game_with_seating(rules, seating)
    pips = settlement_arguments(pips_by_seat, seating, domino_seat, rules.raw_per_point)
    _check_scores(rules, seating, scores)
    before = list(scores)
    rnd = Round._trusted(rules, seating, [()] * seating.players, (), 0, before, 1, _context(rules, seating))
    return rnd._settle(pips, domino_seat, before)


def _preview(move: Move, seat: int, side: int, end_sum: int | None, credit: int, bonus: int, play: int,
             void: bool, stays: bool, end: EndReason | None, settlement: Settlement | None,
             booked: tuple[int, ...]) -> MovePreview:
    return MovePreview(move, seat, side, end_sum, credit, bonus, play, void, stays, end, settlement, booked)


def legal_moves_of(layout: Layout, hand: Sequence[Tile], pending: Tile | None, stock_out: bool) -> list[Move]:
    """The legal moves of a seat holding ``hand`` (the one rule of legality; trusted arguments).

    ``pending`` is a tile the seat drew and must play at once, ``stock_out`` whether
    nothing can be drawn (always true in games without drawing). Plays come in the
    order of the hand, and for each tile in the order the free points were opened;
    this order is part of the seeded results. :meth:`Round.legal_moves` and a
    seat's view (:meth:`dominolab.core.view.SeatView.legal_moves`) both ask it.
    """
    if pending is not None:
        return [fits[pending] for fits in layout.open.values() if pending in fits]
    counts = layout.open_counts
    if not counts:                   # only an empty layout has no free point
        return [_OPENING_MOVE[t] for t in hand]
    tables = layout.open.values()
    moves: list[Move] = []
    for tile in hand:
        if tile.fields & counts:
            for fits in tables:
                if tile in fits:
                    moves.append(fits[tile])
    if moves:
        return moves
    return [PASS] if stock_out else [DRAW]


_NO_ARGS = ((),) * len(ALL_TILES)

#: The opening placement of every tile (shared values; placements are immutable).
_OPENING_MOVE: dict[Tile, Placement] = {t: Placement(t, None) for t in ALL_TILES}


def _tiles(items: object, what: str) -> list[Tile]:
    """Tiles from Tile values or their notation, for an argument named ``what``."""
    out = []
    for item in need_sequence(items, what, limit=len(ALL_TILES)):
        if isinstance(item, Tile):
            out.append(item)
        elif isinstance(item, str):
            try:
                out.append(Tile.parse(item))
            except NotationError as exc:
                raise NotationError(f"{what}: {exc}") from None
        else:
            raise WrongType(f"{what}: not a tile: {type(item).__name__} {describe(item)}")
    return out


def _no_repeats(hands: Sequence[Sequence[Tile]], stock: Sequence[Tile], layout: Sequence[Tile]) -> None:
    """Raise :class:`InvalidArgument` naming the first tile given twice in hands, stock and layout."""
    where: dict[Tile, str] = {}
    places = [(f"the hand of seat {seat}", hand) for seat, hand in enumerate(hands)]
    places += [("the stock", stock), ("the layout", layout)]
    for name, tiles in places:
        for tile in tiles:
            if tile in where:
                first = where[tile]
                also = "twice in " + name if first == name else f"in {first} and in {name}"
                raise InvalidArgument(f"{tile} appears {also}; every tile exists once")
            where[tile] = name


def lot(rng: random.Random, candidates: Iterable[int]) -> int:
    """Draw lots: every candidate throws a die; the highest wins, ties throw again."""
    if not callable(getattr(rng, "randint", None)):
        raise WrongType(f"lot needs a random.Random (anything with randint), not {type(rng).__name__} "
                        f"{describe(rng)}")
    candidates = list(candidates)
    if not candidates:
        raise InvalidArgument("lot: no candidates to draw among")
    while len(candidates) > 1:
        throws = [rng.randint(1, 6) for _ in candidates]
        best = max(throws)
        candidates = [c for c, t in zip(candidates, throws) if t == best]
    return candidates[0]


Policy = Callable[[Round, random.Random], Move]

#: (id of the rules, players, partnerships) -> (rules, seating, hand size, hot-path context)
_MATCH_SETUPS: dict[tuple[int, int, bool], tuple[GameRules, Seating, int, _Context]] = {}


#: Most moves :meth:`Match.follow` takes (a whole match is a few thousand at most).
MAX_FOLLOW = 100_000


class Match:
    """A whole match: rounds until a side reaches the game's target.

    Every match ends: a round ends within :meth:`GameRules.move_bound` moves, and a match
    that has played ``rules.max_rounds`` rounds without a side at the target ends there,
    won by the side(s) with the highest score (:attr:`round_limit_reached`; interpretation
    ``zi-rundengrenze``) - far beyond any real match, for descriptions whose rounds may
    book nothing (an exact target voids every credit that would pass it).
    """

    def __init__(self, game: str | GameRules, players: int, partnerships: bool = False,
                 seed: int | None = None):
        rules = self.rules = get_game(game)
        key = (id(rules), players, partnerships)
        setup = _MATCH_SETUPS.get(key) if type(players) is int and type(partnerships) is bool else None
        if setup is None or setup[0] is not rules:
            seating = rules.seating(players, partnerships)           # checks the arguments
            size = rules.hand_sizes[seating]
            setup = (rules, seating, size, _context(rules, seating))
            if len(_MATCH_SETUPS) < 64:
                _MATCH_SETUPS[key] = setup
        _, self.seating, self._hand_size, self._context = setup
        self._n_dealt = self._hand_size * self.seating.players
        if seed is not None:
            need_int(seed, "seed")
        self.seed = seed
        self.rng = random.Random(seed)
        self._no_scores = (0,) * self.seating.n_sides
        self.rounds: list[Round] = []
        self.winners: tuple[int, ...] = ()
        #: the match ended at the game's round limit (``GameRules.max_rounds``) without a side at
        #: the target; its winners are then the sides with the highest score
        self.round_limit_reached = False

    @property
    def over(self) -> bool:
        return bool(self.winners)

    @property
    def scores(self) -> list[int]:
        """The side scores: what the rounds booked (a copy of the current round's scores)."""
        rounds = self.rounds
        return list(rounds[-1].scores if rounds else self._no_scores)

    @property
    def current(self) -> Round | None:
        return self.rounds[-1] if self.rounds else None

    def _shuffled(self) -> list[Tile]:
        """The 28 tiles shuffled by the match's rng (hands are dealt from the front, in seat order)."""
        # Uniform: one random key per tile, drawn in the order of ALL_TILES, tiles sorted by key.
        # (The key function is next(...) on a stream of rng.random() values; all C-level.)
        return sorted(ALL_TILES, key=partial(next, starmap(self.rng.random, _NO_ARGS)))

    def deal(self) -> tuple[list[list[Tile]], list[Tile]]:
        """Shuffle the 28 tiles and deal them (seeded); return hands and stock."""
        tiles = self._shuffled()
        size = self._hand_size
        dealt = self._n_dealt
        return [tiles[i:i + size] for i in range(0, dealt, size)], tiles[dealt:]

    def _opener(self) -> int:
        """The next round's opener: fixed by the rules, else drawn by lot."""
        opener = self.next_opener()
        return lot(self.rng, range(self.seating.players)) if opener is None else opener

    def next_opener(self) -> int | None:
        """The opener the rules fix for the next round, or ``None`` when it is drawn by lot."""
        if not self.rounds:
            return None
        last = self.rounds[-1]
        rule = self.rules.opener_after_domino if last.end == DOMINO else self.rules.opener_after_block
        if rule is OpenerRule.LAST_PLAYER:
            return last.last_player
        if rule is OpenerRule.NEXT_SEAT:
            return (last.opener + 1) % self.seating.players
        return None  # OpenerRule.LOT

    def new_round(self, hands: Sequence[Sequence[Tile | str]] | None = None,
                  stock: Sequence[Tile | str] | None = None, opener: int | None = None) -> Round:
        """Start the next round (dealt by the match's rng unless hands and stock are given).

        Given hands must be one per seat with the game's hand size, and hands
        and stock together the 28 tiles, each once; ``opener`` a seat.
        """
        scores = self.scores
        if self.winners or (self.rounds and self.rounds[-1].match_winners) or self.rules.sides_at_target_trusted(scores):
            raise IllegalMove(f"the match is over: the target of {self.rules.target} was reached "
                              f"(scores {scores})", code="match-over",
                              details={"target": self.rules.target, "scores": str(scores)})
        if self.rounds and not self.rounds[-1].over:
            raise IllegalMove(f"round {self.rounds[-1].number} is still being played", code="round-in-play",
                              details={"number": self.rounds[-1].number})
        n = self.seating.players
        if opener is not None:
            need_int(opener, "opener", 0, n - 1)
        if hands is None:
            if stock is not None:
                raise InvalidArgument("stock given without hands: give both, or neither to deal")
            tiles = self._shuffled()
            if opener is None:
                opener = self._opener()
            rnd = Round._from_deal(self.rules, self.seating, tiles, self._hand_size, opener, scores,
                                   len(self.rounds) + 1, self._context)
        else:
            dealt_hands, dealt_stock = self._check_deal(hands, stock)
            if opener is None:
                opener = self._opener()
            rnd = Round._trusted(self.rules, self.seating, dealt_hands, dealt_stock, opener, scores,
                                 len(self.rounds) + 1, self._context)
        self.rounds.append(rnd)
        return rnd

    def _check_deal(self, hands: Sequence[Sequence[Tile | str]],
                    stock: Sequence[Tile | str] | None) -> tuple[list[list[Tile]], list[Tile]]:
        seating, rules = self.seating, self.rules
        n = seating.players
        hand_list = need_sequence(hands, "hands", limit=100)
        if len(hand_list) != n:
            raise InvalidArgument(f"hands: {plural(len(hand_list), 'hand')} for {seating} (one per seat)")
        size = rules.hand_sizes[seating]
        tiles = [_tiles(h, f"hand of seat {seat}") for seat, h in enumerate(hand_list)]
        for seat, hand in enumerate(tiles):
            if len(hand) != size:
                raise InvalidArgument(f"hand of seat {seat}: {plural(len(hand), 'tile')}, but {rules.title} "
                                      f"with {seating} deals {plural(size, 'tile')} each")
        if stock is None:
            raise InvalidArgument("hands given without stock: give the undealt tiles too "
                                  "(hands and stock together are the 28 tiles)")
        stock_tiles = _tiles(stock, "stock")
        _no_repeats(tiles, stock_tiles, [])
        missing = len(ALL_TILES) - n * size - len(stock_tiles)
        if missing:
            raise InvalidArgument(f"stock: {plural(len(stock_tiles), 'tile')}, but hands and stock together "
                                  f"must be the {len(ALL_TILES)} tiles ({plural(len(ALL_TILES) - n * size, 'tile')} "
                                  f"in the stock)")
        return tiles, stock_tiles

    def end_round(self) -> None:
        """Take the finished round's outcome into the match."""
        if not self.rounds:
            raise IllegalMove("no round has been played yet", code="no-round-yet")
        rnd = self.rounds[-1]
        if not rnd.over:
            raise IllegalMove(f"round {rnd.number} is still being played", code="round-in-play",
                              details={"number": rnd.number})
        if rnd.match_winners:
            self.winners = rnd.match_winners
        elif len(self.rounds) >= self.rules.max_rounds:
            # the round limit (interpretation zi-rundengrenze): the highest score wins
            scores = rnd.scores
            best = max(scores)
            self.winners = tuple([side for side, score in enumerate(scores) if score == best])
            self.round_limit_reached = True

    def play(self, policy: Policy, max_rounds: int | None = None) -> "Match":
        """Play rounds with ``policy(round, rng) -> move`` until the match is won.

        Every match ends (a side reaches the target, or the game's round limit
        ``rules.max_rounds`` decides it); ``max_rounds`` here only stops early, leaving
        the match unfinished after that many rounds."""
        if not callable(policy):
            raise WrongType(f"policy must be a function (round, rng) -> move, not {type(policy).__name__}")
        if max_rounds is not None:
            need_int(max_rounds, "max_rounds", 0)
        rng = random.Random(None if self.seed is None else self.seed + 1_000_003)
        while not self.over and (max_rounds is None or len(self.rounds) < max_rounds):
            rnd = self.new_round()
            push = rnd.push
            while rnd.end is None:
                push(policy(rnd, rng))
            self.end_round()
        return self

    def follow(self, moves: Iterable[Move | str]) -> list[int]:
        """Play ``moves`` in order (checked), dealing each next round when one ends.

        Returns the seat that made each move. A match rebuilt this way from the
        same seed and moves is the match that made them (undo, replays of a session).
        The round the last move finished is left for :meth:`end_round`, as after any move.

        All or nothing: a wrong type, bad notation, an illegal move or more than
        :data:`MAX_FOLLOW` moves (an endless iterator) raises a one-line
        :class:`~dominolab.core.errors.DominoError` and leaves the match exactly as it was -
        no round dealt, the random state not advanced, no move of the list applied.
        """
        if isinstance(moves, (str, bytes)) or not isinstance(moves, Iterable):
            raise WrongType(f"moves must be a sequence of moves, not {type(moves).__name__} {describe(moves)}")
        items = list(islice(moves, MAX_FOLLOW + 1))
        if len(items) > MAX_FOLLOW:
            raise InvalidArgument(f"moves: more than {MAX_FOLLOW:,} moves (no match is that long; "
                                  f"an endless iterator?)")
        checked: list[Move] = []
        for number, move in enumerate(items, 1):
            if isinstance(move, str):
                try:
                    move = parse_move(move)
                except NotationError as exc:
                    raise NotationError(f"move {number}: {exc}") from None
            elif not isinstance(move, (Placement, DrawMove, PassMove)):
                raise WrongType(f"move {number}: not a move: {type(move).__name__} {describe(move)} "
                                f"(use a Placement, DRAW, PASS or move notation)")
            checked.append(move)
        current = self.current
        if current is not None and not current.over and checked:
            # the round in play would be changed in place: try the moves on a copy first
            shadow = copy.copy(self)
            shadow.rng = random.Random()
            shadow.rng.setstate(self.rng.getstate())
            shadow.rounds = self.rounds[:-1] + [current.copy()]
            shadow._follow(checked)
        rounds, winners, state = len(self.rounds), self.winners, self.rng.getstate()
        limit = self.round_limit_reached
        try:
            return self._follow(checked)
        except BaseException:       # nothing of a failed replay stays: rounds, winners, random state
            del self.rounds[rounds:]
            self.winners = winners
            self.round_limit_reached = limit
            self.rng.setstate(state)
            raise

    def _follow(self, moves: list[Move]) -> list[int]:
        seats: list[int] = []
        for number, move in enumerate(moves, 1):
            rnd = self.current
            if rnd is None or rnd.over:
                if rnd is not None:
                    self.end_round()
                rnd = self.new_round()
            seats.append(rnd.to_move)
            try:
                rnd.apply(move)
            except IllegalMove as exc:
                raise IllegalMove(f"move {number}: {exc}", code=exc.code, details=exc.details) from None
        return seats

    def __repr__(self) -> str:
        return (f"<Match of {self.rules.title}, {self.seating}: {plural(len(self.rounds), 'round')}, "
                f"scores {self.scores}{', won by ' + str(list(self.winners)) if self.winners else ''}>")


def position(game: str | GameRules, players: int, partnerships: bool = False, *,
             layout: str | Layout = "", hands: Iterable[Iterable[Tile | str]] = (),
             stock: Iterable[Tile | str] = (), to_move: int = 0,
             scores: Iterable[int] | None = None) -> Round:
    """A round position from notation: layout placements, hands and stock as tile texts.

    Tiles not named anywhere are out of play. A tile named twice, a hand count
    that does not fit the seating or a position that is already over raises a
    one-line :class:`~dominolab.core.errors.DominoError`.

    >>> rnd = position('horse-race', 2, layout='[1|4]', hands=[['[1|1]'], ['[3|5]']], stock=['[0|0]'])
    >>> [str(m) for m in rnd.legal_moves()]
    ['[1|1]@[1|4].low']
    """
    rules = get_game(game)
    seating = rules.seating(players, partnerships)
    if not isinstance(layout, (str, Layout)):
        raise WrongType(f"layout must be notation (a string) or a Layout, not {type(layout).__name__} {describe(layout)}")
    hand_list = need_sequence(hands, "hands", limit=100)
    start = [0] * seating.n_sides if scores is None else need_sequence(scores, "scores", limit=100)
    return Round(rules, seating, hand_list, need_sequence(stock, "stock", limit=len(ALL_TILES)), to_move,
                 start, layout=layout)


# -- policies -----------------------------------------------------------------

def random_policy(rnd: Round, rng: random.Random) -> Move:
    """Pick uniformly among the legal moves."""
    moves = rnd.legal_moves()
    n = len(moves)
    return moves[0] if n == 1 else moves[int(rng.random() * n)]


def best_plays(rnd: Round, moves: Sequence[Move]) -> list[Move]:
    """The moves among ``moves`` (legal plays of the seat to move) that add most to the mover's side
    now (:meth:`Round.gain_trusted`: credit, domino bonus, nothing beyond an exact target), in the
    order given: the one ranking of :func:`greedy_policy` and of the bots' fast play-outs."""
    gain = rnd.gain_trusted
    best: list[Move] = []
    best_gain = -1
    for move in moves:
        points = gain(move)
        if points > best_gain:
            best, best_gain = [move], points
        elif points == best_gain:
            best.append(move)
    return best


def greedy_policy(rnd: Round, rng: random.Random) -> Move:
    """Pick the play that adds most to the mover's side now (:func:`best_plays`; ties at random, one
    random number drawn whenever there is a choice of plays); draw or pass otherwise."""
    moves = rnd.legal_moves()
    if len(moves) == 1 or not isinstance(moves[0], Placement):
        return moves[0]
    best = best_plays(rnd, moves)
    return best[int(rng.random() * len(best))]
