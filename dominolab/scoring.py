"""Pure scoring functions: credits for an end sum, rounding, settlements.

Nothing here keeps state; the engine and the examples call these with plain
numbers, so every rule of counting can be tested on its own.

>>> credit_for_sum(15, (5,)), credit_for_sum(15, (3, 5)), credit_for_sum(0, (5,))
(3, 8, 0)
>>> round_to_five(17), round_to_five(18), round_to_five(22)
(15, 20, 20)
"""

from __future__ import annotations

from typing import Sequence


def credit_for_sum(end_sum: int, divisors: Sequence[int]) -> int:
    """Points an end sum scores: for each divisor that divides a positive sum, sum/divisor.

    Horse Race uses ``(5,)`` (display points = raw points / 5), Fives and Threes
    ``(3, 5)`` (threes and fives, both parts added).
    """
    if end_sum <= 0:
        return 0
    total = 0
    for d in divisors:
        if end_sum % d == 0:
            total += end_sum // d
    return total


def round_to_five(pips: int, unit: int = 5) -> int:
    """Nearest multiple of ``unit`` (five); remainders 1-2 round down, 3-4 round up."""
    rest = pips % unit
    return pips - rest if 2 * rest < unit else pips + unit - rest


def pip_credit(pips: int, unit: int = 5) -> int:
    """Game points for opponents' pips: rounded to the unit (five raw points), then divided by it."""
    return round_to_five(pips, unit) // unit


def settle(pips_by_seat: Sequence[int], side_of_seat: Sequence[int], n_sides: int,
           domino_seat: int | None, unit: int = 5) -> tuple[list[int], list[int]]:
    """Settle a Horse Race round; return (winning sides, credit per side).

    ``domino_seat`` is the seat that played its last tile, or ``None`` for a
    block. On a domino the winner's side gets the rounded pips of every seat
    not on its side (a partner's pips are not counted). On a block the sides'
    pip sums are compared; every tied lowest side is a winner and gets the full
    rounded pips of every seat not on its side, tied winners included.
    """
    side_pips = [0] * n_sides
    for seat, pips in enumerate(pips_by_seat):
        side_pips[side_of_seat[seat]] += pips
    if domino_seat is not None:
        winners = [side_of_seat[domino_seat]]
    else:
        lowest = min(side_pips)
        winners = [side for side, pips in enumerate(side_pips) if pips == lowest]
    total = sum(side_pips)
    credits = [0] * n_sides
    for side in winners:
        credits[side] = pip_credit(total - side_pips[side], unit)
    return winners, credits
