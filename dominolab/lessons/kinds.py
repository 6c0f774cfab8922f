"""The kinds of exercise: a str-valued enum whose values are what exercise files write (``kind = "..."``).

Members compare, hash and print as their strings, so exercise data, versions and pages are the same as
with the bare strings, while code names a kind once (a misspelt member is an error at import, a
misspelt string was a silently different kind).

>>> ExerciseKind("best-move") is ExerciseKind.BEST_MOVE, f"{ExerciseKind.BEST_MOVE}"
(True, 'best-move')
"""

from __future__ import annotations

import enum

__all__ = ["ExerciseKind"]


class ExerciseKind(enum.StrEnum):
    """What an exercise asks, in the order files and pages list the kinds."""

    PLACE_TO_GOAL = "place-to-goal"            #: lay a tile that reaches a goal (points, a sum, the most)
    WHERE_MAY_IT_GO = "where-may-it-go"        #: every attachment point one tile fits
    WHAT_DOES_IT_SCORE = "what-does-it-score"  #: the end sum and credit of one placement
    WHAT_HAPPENS_NEXT = "what-happens-next"    #: what the turn does after a move (a token)
    SETTLE_THE_ROUND = "settle-the-round"      #: the settlement of a finished round
    BEST_MOVE = "best-move"                    #: a puzzle: the move the expert finds best
