"""Pure scoring functions: credits for an end sum, rounding, settlements.

Nothing here keeps state; the engine and the examples call these with plain
numbers, so every rule of counting can be tested on its own. A Horse Race
settlement is computed in exactly one place, :func:`settle_round`, as a
:class:`Settlement` value that the engine stores on the round and drawings,
book pages and examples read.

>>> credit_for_sum(15, (5,)), credit_for_sum(15, (3, 5)), credit_for_sum(0, (5,))
(3, 8, 0)
>>> round_to_five(17), round_to_five(18), round_to_five(22)
(15, 20, 20)
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Sequence

from dominolab.core._check import describe, need_int, need_sequence
from dominolab.core.errors import InvalidArgument, WrongType
from dominolab.core.seating import Seating

__all__ = ["EndReason", "Settlement", "credit_for_sum", "credit_trusted", "pip_credit", "round_to_five", "settle_round",
           "settle_trusted", "settlement_arguments"]


class EndReason(enum.StrEnum):
    """Why a round ended; the values are the record strings (``end`` of a round)."""

    DOMINO = "domino"      #: a player (a partnership) played out
    BLOCKED = "blocked"    #: nobody who holds tiles can play, nothing left to draw
    TARGET = "target"      #: a side reached the match target during the round


def _check_divisors(divisors: object) -> tuple[int, ...]:
    items = need_sequence(divisors, "divisors", limit=20)
    if not items:
        raise InvalidArgument("divisors must name at least one divisor")
    for d in items:
        need_int(d, "a divisor", 1, 1000)
    return tuple(items)


def credit_trusted(end_sum: int, divisors: Sequence[int]) -> int:
    """:func:`credit_for_sum` without the argument check (trusted: a sum from 0 to 336 and
    positive divisors); :meth:`GameRules.credit <dominolab.core.rules.GameRules.credit>` uses it."""
    if end_sum <= 0:
        return 0
    total = 0
    for d in divisors:
        if end_sum % d == 0:
            total += end_sum // d
    return total


def credit_for_sum(end_sum: int, divisors: Sequence[int]) -> int:
    """Points an end sum scores: for each divisor that divides a positive sum, sum/divisor.

    Horse Race uses ``(5,)`` (display points = raw points / 5), Fives and Threes
    ``(3, 5)`` (threes and fives, both parts added).
    """
    need_int(end_sum, "end sum", 0, 28 * 12)
    return credit_trusted(end_sum, _check_divisors(divisors))


def _round(pips: int, unit: int) -> int:
    rest = pips % unit
    return pips - rest if 2 * rest < unit else pips + unit - rest


def round_to_five(pips: int, unit: int = 5) -> int:
    """Nearest multiple of ``unit`` (five); remainders 1-2 round down, 3-4 round up."""
    need_int(pips, "pips", 0, 28 * 12)
    need_int(unit, "unit", 1, 1000)
    return _round(pips, unit)


def pip_credit(pips: int, unit: int = 5) -> int:
    """Game points for opponents' pips: rounded to the unit (five raw points), then divided by it."""
    return round_to_five(pips, unit) // unit


@dataclass(frozen=True)
class Settlement:
    """How a Horse Race round is settled, every intermediate number included.

    Per seat: ``pips`` (remaining pips). Per side: ``side_pips`` (the seats' pips
    added), ``collected`` (raw pips of every seat not on the side, for winning
    sides; 0 otherwise), ``rounded`` (``collected`` rounded to the ``unit``) and
    ``credits`` (``rounded / unit`` game points). ``winners`` are the winning
    sides: the side of ``domino_seat`` after a domino, every tied lowest side
    after a block.
    """

    reason: EndReason
    domino_seat: int | None
    pips: tuple[int, ...]
    side_pips: tuple[int, ...]
    winners: tuple[int, ...]
    collected: tuple[int, ...]
    rounded: tuple[int, ...]
    credits: tuple[int, ...]
    unit: int


_new = object.__new__


def settle_trusted(pips_by_seat: Sequence[int], side_of_seat: Sequence[int], n_sides: int,
                   domino_seat: int | None, unit: int) -> Settlement:
    """The one computation of a settlement, from trusted arguments (no check).

    The engine settles every round and previews settlements with it; the caller
    guarantees pips per seat, the side of every seat, sides numbered from 0 and a
    positive unit. The checked path beside it is :func:`settle_round`.
    """
    side_pips = [0] * n_sides
    for seat, pips in enumerate(pips_by_seat):
        side_pips[side_of_seat[seat]] += pips
    if domino_seat is not None:
        winners: tuple[int, ...] = (side_of_seat[domino_seat],)
    else:
        lowest = min(side_pips)
        winners = tuple([side for side, pips in enumerate(side_pips) if pips == lowest])
    total = sum(side_pips)
    collected = [0] * n_sides
    rounded = [0] * n_sides
    credits = [0] * n_sides
    for side in winners:
        collected[side] = raw = total - side_pips[side]
        rounded[side] = r = _round(raw, unit)
        credits[side] = r // unit
    # Settlement(...) without the frozen dataclass __init__ (the engine settles every round)
    s = _new(Settlement)
    d = s.__dict__
    d["reason"] = EndReason.DOMINO if domino_seat is not None else EndReason.BLOCKED
    d["domino_seat"] = domino_seat
    d["pips"] = tuple(pips_by_seat)
    d["side_pips"] = tuple(side_pips)
    d["winners"] = winners
    d["collected"] = tuple(collected)
    d["rounded"] = tuple(rounded)
    d["credits"] = tuple(credits)
    d["unit"] = unit
    return s


def settle_round(pips_by_seat: Sequence[int], seating: Seating, domino_seat: int | None,
                 unit: int = 5) -> Settlement:
    """Settle a Horse Race round.

    ``domino_seat`` is the seat that played its last tile, or ``None`` for a
    block. On a domino the winner's side gets the rounded pips of every seat
    not on its side (a partner's pips are not counted). On a block the sides'
    pip sums are compared; every tied lowest side is a winner and gets the full
    rounded pips of every seat not on its side, tied winners included.

    >>> from dominolab.core.seating import Seating
    >>> s = settle_round([0, 9, 7, 8], Seating(4, True), domino_seat=0)
    >>> s.winners, s.collected, s.rounded, s.credits
    ((0,), (17, 0), (15, 0), (3, 0))
    """
    pips = settlement_arguments(pips_by_seat, seating, domino_seat, unit)
    side_of = [seating.side_of(s) for s in range(seating.players)]
    return settle_trusted(pips, side_of, seating.n_sides, domino_seat, unit)


def settlement_arguments(pips_by_seat: Sequence[int], seating: Seating, domino_seat: int | None,
                         unit: int) -> list[int]:
    """Check the arguments of a settlement (for :func:`settle_round` and the engine's checked
    :func:`~dominolab.core.engine.book_settlement`); return the pips per seat as a list."""
    if not isinstance(seating, Seating):
        raise WrongType(f"seating must be a Seating, not {type(seating).__name__} {describe(seating)}")
    pips = need_sequence(pips_by_seat, "pips_by_seat", limit=seating.players)
    if len(pips) != seating.players:
        raise InvalidArgument(f"pips_by_seat: {len(pips)} values for {seating}")
    for seat, value in enumerate(pips):
        need_int(value, f"pips of seat {seat}", 0, 28 * 6)
    if domino_seat is not None:
        need_int(domino_seat, "domino_seat", 0, seating.players - 1)
        if pips[domino_seat]:
            raise InvalidArgument(f"domino_seat {domino_seat} still holds {pips[domino_seat]} pips")
    need_int(unit, "unit", 1, 1000)
    return list(pips)
