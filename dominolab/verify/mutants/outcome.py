"""Mutants of a play's outcome at the target and of the match's winners."""

from __future__ import annotations

import sys
from typing import Any, Sequence

from dominolab.verify.mutants.registry import patch, wrap
from dominolab.verify.mutants.turns import judge_output, side_out


@patch("first-side-only-at-target", "dominolab.core.rules:GameRules.sides_at_target_trusted")
def _first_side_only() -> None:
    """When several sides reach the target in one settlement, only the first side (by seat) is kept."""
    from dominolab.core.rules import GameRules
    wrap(GameRules, "sides_at_target_trusted", lambda orig: lambda self, scores: orig(self, scores)[:1])


@patch("highest-score-only-at-target", "dominolab.core.rules:GameRules.sides_at_target_trusted")
def _highest_only() -> None:
    """Of the sides that reach the target together, only those with the highest final score win."""
    from dominolab.core.rules import GameRules

    def make(orig: Any) -> Any:
        def sides(self: Any, scores: Sequence[int]) -> tuple[int, ...]:
            found = orig(self, scores)
            best = max((scores[s] for s in found), default=0)
            return tuple(s for s in found if scores[s] == best)
        return sides
    wrap(GameRules, "sides_at_target_trusted", make)


@patch("tie-at-target-broken-by-seat", "dominolab.core.rules:GameRules.sides_at_target_trusted")
def _tie_by_seat() -> None:
    """Sides reaching the target with the same score: the lower seat alone wins."""
    from dominolab.core.rules import GameRules

    def make(orig: Any) -> Any:
        def sides(self: Any, scores: Sequence[int]) -> tuple[int, ...]:
            out: list[int] = []
            for s in orig(self, scores):
                if all(scores[o] != scores[s] for o in out):
                    out.append(s)
            return tuple(out)
        return sides
    wrap(GameRules, "sides_at_target_trusted", make)

# -- patches: the target -------------------------------------------------------------------

@patch("void-removed-mid-round", "dominolab.core.engine:Round._judge")
def _void_mid_round() -> None:
    """Fives and Threes: a scoring play in mid-round that would pass 61 is booked anyway (the void only applies to the last tile)."""
    from dominolab.core.engine import Round

    def make(orig: Any) -> Any:
        def judge(self: Any, seat: int, tile: Any, source: Any, credit: int, left: int, *rest: Any) -> Any:
            if side_out(self, seat, left):
                return orig(self, seat, tile, source, credit, left, *rest)
            exact, self._exact = self._exact, False       # what Round.accepted reads
            try:
                return orig(self, seat, tile, source, credit, left, *rest)
            finally:
                self._exact = exact
        return judge
    wrap(Round, "_judge", make)


@patch("partial-credit-up-to-target", "dominolab.core.engine:Round.accepted")
def _partial_credit() -> None:
    """Fives and Threes: an event that would pass 61 books as much as still fits (no whole-event void)."""
    from dominolab.core.engine import Round

    def make(orig: Any) -> Any:
        def accepted(self: Any, side: int, points: int, score: int | None = None) -> int:
            booked = int(orig(self, side, points, score))
            if points and not booked:                   # the void: book what still fits instead
                return int(self.rules.target - (self.scores[side] if score is None else score))
            return booked
        return accepted
    wrap(Round, "accepted", make)


@patch("bonus-checked-separately", "dominolab.core.engine:Round._judge")
def _bonus_separately() -> None:
    """Fives and Threes: credit and domino bonus of the last tile are checked against 61 one after the other."""
    from dominolab.core.engine import Round

    def make(orig: Any) -> Any:
        def judge(self: Any, seat: int, tile: Any, source: Any, credit: int, left: int, *rest: Any) -> Any:
            if not (self.rules.target_exact and side_out(self, seat, left)):
                return orig(self, seat, tile, source, credit, left, *rest)
            accepted = Round.accepted
            side = self.seating.side_of(seat)
            first = accepted(self, side, credit)
            both = first + accepted(self, side, self.rules.domino_bonus, self.scores[side] + first)
            Round.accepted = lambda rnd, side, points, score=None: both  # type: ignore[method-assign,assignment]
            try:
                return orig(self, seat, tile, source, credit, left, *rest)
            finally:
                Round.accepted = accepted  # type: ignore[method-assign]
        return judge
    wrap(Round, "_judge", make)


@patch("target-ignored-mid-round", "dominolab.core.engine:Round._judge")
def _target_mid_round() -> None:
    """Reaching the target with a play in mid-round does not end the match there (play goes on)."""
    from dominolab.core.engine import TARGET, Round

    def make(orig: Any) -> Any:
        def judge(self: Any, seat: int, tile: Any, source: Any, credit: int, left: int, *rest: Any) -> Any:
            outcome = orig(self, seat, tile, source, credit, left, *rest)
            if outcome[3] is TARGET and not side_out(self, seat, left):
                # judged again as if the target were out of reach: the same points, the round goes on
                target, self._target = self._target, sys.maxsize
                try:
                    outcome = orig(self, seat, tile, source, credit, left, *rest)
                finally:
                    self._target = target
            return outcome
        return judge
    wrap(Round, "_judge", make)


@patch("last-tile-at-target-still-settled", "dominolab.core.engine:Round._judge")
def _last_tile_settled() -> None:
    """Horse Race: a last tile that reaches 61 is still followed by the round's settlement."""
    from dominolab.core.engine import DOMINO, TARGET

    def change(rnd: Any, seat: int, tile: Any, source: Any, credit: int, left: int, counts: int, held: Any,
               outcome: Any) -> Any:
        bonus, scored, stays, end = outcome
        if end is TARGET and rnd.rules.pip_settlement and side_out(rnd, seat, left):
            return bonus, scored, stays, DOMINO        # the domino is settled as if the target were not reached
        return outcome
    judge_output(change)


@patch("scores-recorded-late", "dominolab.core.engine:Round.push")
def _scores_late() -> None:
    """A scoring play records the score as it was before the play (the record lags behind)."""
    from dominolab.core.engine import PlayEvent, Round

    def make(orig: Any) -> Any:
        def push(self: Any, move: Any) -> Any:
            before = tuple(self.scores)
            n = len(self.events)
            events = orig(self, move)
            if events and type(events[0]) is PlayEvent and events[0].scored:
                self.events[n] = events[0] = events[0]._replace(scores=before)
            return events
        return push
    wrap(Round, "push", make)


@patch("winner-gets-margin-credit", "dominolab.core.engine:Match.end_round")
def _margin_credit() -> None:
    """The match winner gets an extra credit of its lead over the next side (a tournament difference)."""
    from dominolab.core.engine import Match

    def make(orig: Any) -> Any:
        def end_round(self: Any) -> None:
            orig(self)
            scores = self.rounds[-1].scores          # Match.scores is a copy of the last round's
            if self.winners and len(scores) > 1:
                others = [s for i, s in enumerate(scores) if i not in self.winners]
                lead = max(scores) - max(others, default=0)
                for w in self.winners:
                    scores[w] += lead
        return end_round
    wrap(Match, "end_round", make)


@patch("result-names-first-winner-only", "dominolab.core.engine:Match.end_round")
def _first_winner_only() -> None:
    """The match result names only the first of several simultaneous winners."""
    from dominolab.core.engine import Match

    def make(orig: Any) -> Any:
        def end_round(self: Any) -> None:
            orig(self)
            self.winners = tuple(self.winners[:1])
        return end_round
    wrap(Match, "end_round", make)


@patch("block-before-target", "dominolab.core.engine:Round._judge")
def _block_before_target() -> None:
    """Horse Race: a play that both reaches 61 and blocks the round is settled as a block first (the settlement's credits are booked and every side at the target then shares the win)."""
    from dominolab.core.engine import BLOCKED, TARGET

    def change(rnd: Any, seat: int, tile: Any, source: Any, credit: int, left: int, counts: int, held: Any,
               outcome: Any) -> Any:
        bonus, scored, stays, end = outcome
        if end is TARGET and rnd.rules.pip_settlement and counts and rnd.is_blocked(counts, held):
            return bonus, scored, False, BLOCKED
        return outcome
    judge_output(change)
