"""Mutants of the turn: legal moves, staying on turn, drawing, passing, the turn order, a block."""

from __future__ import annotations

import dataclasses
from typing import Any, Callable

from dominolab.verify.mutants.registry import patch, wrap, wrap_everywhere


# -- patches: turns, staying on turn, drawing, passing ----------------------------------------

def after_play(adjust: Callable[[Any, int, Any], None]) -> None:
    """Wrap Round.push: after a play that leaves the round running, ``adjust(round, seat, event)``."""
    from dominolab.core.engine import PlayEvent, Round
    from dominolab.core.layout import Placement

    def make(orig: Any) -> Any:
        def push(self: Any, move: Any) -> Any:
            seat = self.to_move
            events = orig(self, move)
            if (isinstance(move, Placement) and events and isinstance(events[0], PlayEvent)
                    and self.end is None):
                adjust(self, seat, events[0])
            return events
        return push
    wrap(Round, "push", make)


def side_out(rnd: Any, seat: int, left: int) -> bool:
    """Whether a play that leaves ``left`` tiles in the hand of ``seat`` empties its side (the last tile)."""
    return not left and (not rnd.rules.partners_play_out or not any(
        rnd.hands[s] for s in rnd.seating.seats_of(rnd.seating.side_of(seat)) if s != seat))


def judge_output(change: Callable[..., Any]) -> None:
    """Wrap ``Round._judge``, the one computation of a play's outcome (``bonus, scored, stays, end``):
    ``change(round, *its arguments, outcome)`` returns the outcome to use instead."""
    from dominolab.core.engine import Round

    def make(orig: Any) -> Any:
        def judge(self: Any, *args: Any) -> Any:
            return change(self, *args, orig(self, *args))
        return judge
    wrap(Round, "_judge", make)


def judge_stays(stays: Callable[..., bool]) -> None:
    """Wrap ``Round._judge`` so that ``stays(round, seat, tile, source, credit, left, stays)`` decides
    whether the mover moves again (while the round goes on)."""
    def change(rnd: Any, seat: int, tile: Any, source: Any, credit: int, left: int, counts: int, held: Any,
               outcome: Any) -> Any:
        bonus, scored, stay, end = outcome
        if end is not None and end != "blocked":
            return outcome
        return bonus, scored, bool(stays(rnd, seat, tile, source, credit, left, stay)), end
    judge_output(change)


def judge_input(credit: Callable[..., int]) -> None:
    """Wrap ``Round._judge`` so that it judges the play with the credit ``credit(round, seat, tile, source,
    credit, left, counts, held)`` instead of the end sum's."""
    from dominolab.core.engine import Round

    def make(orig: Any) -> Any:
        def judge(self: Any, seat: int, tile: Any, source: Any, points: int, left: int, counts: int,
                  held: Any) -> Any:
            return orig(self, seat, tile, source, credit(self, seat, tile, source, points, left, counts, held), left,
                        counts, held)
        return judge
    wrap(Round, "_judge", make)


@patch("counter-clockwise", "dominolab.core.engine:Round._next_seat")
def _counter_clockwise() -> None:
    """The turn passes counter-clockwise (to the previous seat that holds tiles)."""
    from dominolab.core.engine import Round

    def next_seat(self: Any, seat: int) -> int:
        n = self.seating.players
        nxt = (seat - 1) % n
        while not self.hands[nxt] and nxt != seat:
            nxt = (nxt - 1) % n
        return int(nxt)
    Round._next_seat = next_seat  # type: ignore[method-assign]

    def adjust(rnd: Any, seat: int, event: Any) -> None:
        if rnd.to_move == (seat + 1) % rnd.seating.players and rnd.to_move != seat:
            rnd.to_move = rnd._next_seat(seat)
    after_play(adjust)


@patch("empty-seat-not-skipped", "dominolab.core.engine:Round._next_seat")
def _no_skip() -> None:
    """A seat whose hand is empty still gets the turn (and can only pass)."""
    from dominolab.core.engine import Round
    Round._next_seat = lambda self, seat: (seat + 1) % self.seating.players  # type: ignore[method-assign]


@patch("empty-partner-not-skipped-after-ordinary-play", "dominolab.core.engine:Round.push")
def _empty_partner_not_skipped() -> None:
    """After an ordinary (non-scoring) play the turn goes to the next seat even when its hand is empty (the seat of a partner who played out then has to knock)."""
    def adjust(rnd: Any, seat: int, ev: Any) -> None:
        if not ev.credit and rnd.to_move != seat:
            rnd.to_move = (seat + 1) % rnd.seating.players
    after_play(adjust)


@patch("opening-needs-a-double", "dominolab.core.engine:Round.legal_moves")
def _opening_double() -> None:
    """A round may only be opened with a double when the opener holds one."""
    from dominolab.core.engine import Round

    def make(orig: Any) -> Any:
        def legal_moves(self: Any) -> Any:
            moves = orig(self)
            if not self.layout.placements and any(m.tile.is_double for m in moves):
                return [m for m in moves if m.tile.is_double]
            return moves
        return legal_moves
    wrap(Round, "legal_moves", make)


@patch("opening-scores-nothing", "dominolab.core.engine:Round._judge")
def _opening_nothing() -> None:
    """The opening tile is not scored."""
    # the tile judged is the opening one: the layout holds no other (push judges it placed, preview not yet)
    judge_input(lambda rnd, seat, tile, source, credit, left, counts, held:
                 0 if len(rnd.layout.placements) + (held is not None) == 1 else credit)


@patch("last-tile-scores-nothing", "dominolab.core.engine:Round._judge")
def _last_nothing() -> None:
    """The tile that empties the hand is not scored (only the round ends)."""
    judge_input(lambda rnd, seat, tile, source, credit, left, counts, held:
                 0 if side_out(rnd, seat, left) else credit)


@patch("no-stay-after-double", "dominolab.core.engine:Round._judge")
def _no_stay_double() -> None:
    """A double from the hand that scores nothing ends the turn."""
    judge_stays(lambda rnd, seat, tile, source, credit, left, stays: stays and not (tile.is_double and not credit))


@patch("no-stay-after-scoring-tile", "dominolab.core.engine:Round._judge")
def _no_stay_scoring() -> None:
    """A scoring tile from the hand that is not a double ends the turn."""
    judge_stays(lambda rnd, seat, tile, source, credit, left, stays: stays and not (credit and not tile.is_double))


@patch("ordinary-tile-keeps-turn", "dominolab.core.engine:Round._judge")
def _ordinary_keeps() -> None:
    """An ordinary tile from the hand that scores nothing lets the player continue."""
    judge_stays(lambda rnd, seat, tile, source, credit, left, stays:
                 stays or (source == "hand" and not tile.is_double and not credit and left > 0))


@patch("scoring-double-two-continuations", "dominolab.core.engine:Round.push")
def _two_continuations() -> None:
    """A scoring double saves a second continuation: the next turn-ending hand tile does not end the turn."""
    saved: dict[int, int] = {}

    def adjust(rnd: Any, seat: int, ev: Any) -> None:
        if ev.source == "hand" and ev.tile.is_double and ev.credit:
            saved[id(rnd)] = seat
        elif saved.get(id(rnd)) == seat and rnd.to_move != seat and rnd.hands[seat]:
            del saved[id(rnd)]
            rnd.to_move = seat
    after_play(adjust)


@patch("drawn-tile-counts-as-from-hand", "dominolab.core.engine:Round.push")
def _drawn_as_hand() -> None:
    """A drawn tile played at once counts as played from the hand (a double or a scoring one lets the player continue)."""
    from dominolab.core.engine import Round

    def make(orig: Any) -> Any:
        def push(self: Any, move: Any) -> Any:
            if self.pending is not None and move is not None and not isinstance(move, str):
                self.pending = None
            return orig(self, move)
        return push
    wrap(Round, "push", make)


def _nothing_to_draw(rnd: Any) -> bool:
    return not rnd.rules.drawing or not rnd.stock_left


def _staying(rnd: Any) -> bool:
    from dominolab.core.engine import PlayEvent
    last = rnd.events[-1] if rnd.events else None
    return isinstance(last, PlayEvent) and last.seat == rnd.to_move and rnd.pending is None


@patch("continuing-player-may-stop", "dominolab.core.engine:Round.legal_moves")
def _may_stop() -> None:
    """A player who stays on turn may pass instead of continuing."""
    from dominolab.core.engine import PASS, Round

    def make(orig: Any) -> Any:
        def legal_moves(self: Any) -> Any:
            moves = orig(self)
            if moves and PASS not in moves and _staying(self):
                return [*moves, PASS]
            return moves
        return legal_moves
    wrap(Round, "legal_moves", make)


@patch("continuing-player-without-tile-passes", "dominolab.core.engine:Round.legal_moves")
def _continuing_passes() -> None:
    """A player who stays on turn without a playable tile passes instead of drawing."""
    from dominolab.core.engine import DRAW, PASS, Round

    def make(orig: Any) -> Any:
        def legal_moves(self: Any) -> Any:
            moves = orig(self)
            return [PASS] if moves == [DRAW] and _staying(self) else moves
        return legal_moves
    wrap(Round, "legal_moves", make)


@patch("draw-allowed-when-able", "dominolab.core.engine:Round.legal_moves")
def _draw_when_able() -> None:
    """A player who can play may draw instead."""
    from dominolab.core.engine import DRAW, Round
    from dominolab.core.layout import Placement

    def make(orig: Any) -> Any:
        def legal_moves(self: Any) -> Any:
            moves = orig(self)
            if moves and isinstance(moves[0], Placement) and self.layout.placements and not _nothing_to_draw(self) \
                    and self.pending is None:
                return [*moves, DRAW]
            return moves
        return legal_moves
    wrap(Round, "legal_moves", make)


@patch("draw-stops-after-one-tile", "dominolab.core.engine:Round._draw")
def _one_draw() -> None:
    """A player draws one tile per turn; an unplayable one ends the turn."""
    from dominolab.core.engine import Round

    def make(orig: Any) -> Any:
        def draw(self: Any) -> None:
            seat = self.to_move
            orig(self)
            if self.pending is None and self.end is None:
                self.to_move = self._next_seat(seat)
        return draw
    wrap(Round, "_draw", make)


@patch("drawn-tile-may-be-kept", "dominolab.core.engine:Round.legal_moves")
def _drawn_kept() -> None:
    """A playable drawn tile need not be played at once: the player may keep it and draw on (or pass)."""
    from dominolab.core.engine import DRAW, PASS, Round

    def make(orig: Any) -> Any:
        def legal_moves(self: Any) -> Any:
            moves = orig(self)
            if self.pending is not None and self.end is None:
                return [*moves, PASS if _nothing_to_draw(self) else DRAW]
            return moves
        return legal_moves
    wrap(Round, "legal_moves", make)

    def make_push(orig: Any) -> Any:
        def push(self: Any, move: Any) -> Any:
            if move is DRAW or move is PASS:
                self.pending = None
            return orig(self, move)
        return push
    wrap(Round, "push", make_push)


@patch("drawn-tile-offered-one-point", "dominolab.core.engine:legal_moves_of")
def _drawn_one_point() -> None:
    """A drawn tile that fits two free points is offered at the first of them only."""
    from dominolab.core import engine
    wrap_everywhere(engine, "legal_moves_of", lambda orig: lambda layout, hand, pending, stock_out:
                    orig(layout, hand, pending, stock_out)[:1 if pending is not None else None])


@patch("pass-allowed-when-able", "dominolab.core.engine:Round.legal_moves")
def _pass_when_able() -> None:
    """A player who can play may pass (knock) instead."""
    from dominolab.core.engine import PASS, Round
    from dominolab.core.layout import Placement

    def make(orig: Any) -> Any:
        def legal_moves(self: Any) -> Any:
            moves = orig(self)
            if moves and isinstance(moves[0], Placement) and self.layout.placements and self.pending is None:
                return [*moves, PASS]
            return moves
        return legal_moves
    wrap(Round, "legal_moves", make)


@patch("last-stock-tile-protected", "dominolab.core.engine:Round.legal_moves")
def _last_protected() -> None:
    """The last tile of the stock is protected: it cannot be drawn (the player passes instead)."""
    from dominolab.core.engine import DRAW, PASS, Round
    wrap(Round, "legal_moves", lambda orig: lambda self: (
        lambda m: [PASS] if m == [DRAW] and self.stock_left <= 1 else m)(orig(self)))


@patch("pass-with-stock", "dominolab.core.engine:Round.legal_moves")
def _pass_with_stock() -> None:
    """A player who cannot play passes even when the stock still holds tiles."""
    from dominolab.core.engine import DRAW, PASS, Round
    wrap(Round, "legal_moves", lambda orig: lambda self: (lambda m: [PASS] if m == [DRAW] else m)(orig(self)))


@patch("pass-keeps-turn", "dominolab.core.engine:Round.push")
def _pass_keeps() -> None:
    """Knocking (passing) does not hand the turn on."""
    from dominolab.core.engine import PASS, Round

    def make(orig: Any) -> Any:
        def push(self: Any, move: Any) -> Any:
            seat = self.to_move
            events = orig(self, move)
            if move is PASS:
                self.to_move = seat
            return events
        return push
    wrap(Round, "push", make)


@patch("no-block-detection", "dominolab.core.engine:Round.is_blocked")
def _no_block() -> None:
    """A round is never recognised as blocked."""
    from dominolab.core.engine import Round
    wrap(Round, "is_blocked", lambda orig: lambda self, counts=None, held=None: False)


@patch("blocked-round-rewards-last-player", "dominolab.core.engine:Round._finish")
def _block_bonus() -> None:
    """A blocked Fives and Threes round gives the side of the last player the domino bonus and the round."""
    from dominolab.core.engine import PlayEvent, Round

    def make(orig: Any) -> Any:
        def finish(self: Any, reason: Any, domino_seat: Any) -> None:
            orig(self, reason, domino_seat)
            if reason == "blocked" and not self.rules.pip_settlement:
                last = next(e for e in reversed(self.events) if isinstance(e, PlayEvent))
                side = self.seating.side_of(last.seat)
                self.scores[side] += self.rules.domino_bonus
                self.outcome = dataclasses.replace(self.outcome, winners=(side,))
        return finish
    wrap(Round, "_finish", make)


# -- patches written for the audit of issue 27 (once benchmarks/rule_gaps.py) -----------------

@patch("one-point-tile-ends-turn", "dominolab.core.engine:Round.push")
def _one_point_ends() -> None:
    """A tile from the hand that scores only 1 point (and is no double) ends the turn."""
    def adjust(rnd: Any, seat: int, ev: Any) -> None:
        if ev.source == "hand" and ev.credit == 1 and not ev.tile.is_double and rnd.to_move == seat:
            rnd.to_move = rnd._next_seat(seat)
    after_play(adjust)


@patch("drawn-double-continues", "dominolab.core.engine:Round.push")
def _drawn_double() -> None:
    """A drawn double played at once lets the player continue (a drawn scoring tile still ends the turn)."""
    def adjust(rnd: Any, seat: int, ev: Any) -> None:
        if ev.source == "drawn" and ev.tile.is_double and rnd.hands[seat]:
            rnd.to_move = seat
    after_play(adjust)


@patch("continuing-without-tile-loses-turn", "dominolab.core.engine:Round.push")
def _continuing_loses() -> None:
    """A player who stays on turn but has no playable tile loses the turn (no draw)."""
    from dominolab.core.layout import Placement

    def adjust(rnd: Any, seat: int, ev: Any) -> None:
        if rnd.to_move == seat and rnd.pending is None and not isinstance(rnd.legal_moves()[0], Placement):
            rnd.to_move = rnd._next_seat(seat)
    after_play(adjust)


@patch("knock-skips-a-seat", "dominolab.core.engine:Round.push")
def _knock_skips() -> None:
    """With three players in a game without drawing, a knock passes the turn two seats on (the next seat
    is skipped; with four, two seats that cannot play would hand the turn to each other for ever)."""
    from dominolab.core.engine import PASS, Round

    def make(orig: Any) -> Any:
        def push(self: Any, move: Any) -> Any:
            events = orig(self, move)
            if move is PASS and self.end is None and not self.rules.drawing and self.seating.players == 3:
                self.to_move = self._next_seat(self.to_move)
            return events
        return push
    wrap(Round, "push", make)


@patch("drawn-play-skips-a-seat", "dominolab.core.engine:Round.push")
def _drawn_skips() -> None:
    """After a drawn tile is played the turn skips the next seat."""
    def adjust(rnd: Any, seat: int, ev: Any) -> None:
        if ev.source == "drawn" and rnd.seating.players > 2 and rnd.to_move != seat:
            rnd.to_move = rnd._next_seat(rnd.to_move)
    after_play(adjust)


@patch("ft-no-double-opening", "dominolab.core.engine:Round.legal_moves")
def _no_double_opening() -> None:
    """In Fives and Threes the opener may not open with a double while holding another tile."""
    from dominolab.core.engine import Round

    def make(orig: Any) -> Any:
        def legal_moves(self: Any) -> Any:
            moves = orig(self)
            if not self.layout.placements and not self.rules.spinners:
                return [m for m in moves if not m.tile.is_double] or moves
            return moves
        return legal_moves
    wrap(Round, "legal_moves", make)


@patch("blocked-ft-names-lighter-side", "dominolab.core.engine:Round._finish")
def _ft_block_winner() -> None:
    """A blocked Fives and Threes round names the side with fewer remaining pips as its winner (no points)."""
    from dominolab.core.engine import Round

    def make(orig: Any) -> Any:
        def finish(self: Any, reason: Any, domino_seat: Any) -> None:
            orig(self, reason, domino_seat)
            if reason == "blocked" and not self.rules.pip_settlement and not self.outcome.winners:
                side_pips = [0] * self.seating.n_sides
                for seat, pips in enumerate(self.pips_left()):
                    side_pips[self.seating.side_of(seat)] += pips
                self.outcome = dataclasses.replace(self.outcome, winners=(side_pips.index(min(side_pips)),))
        return finish
    wrap(Round, "_finish", make)
