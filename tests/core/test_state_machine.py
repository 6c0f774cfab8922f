"""Whole matches of every seating as a Hypothesis state machine.

Every move the engine makes is checked against the independent reference model
of reference.py (legal moves as a set, and every produced event field by field);
illegal moves are tried and must change nothing; at the end the record replays.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import Phase, settings, strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from reference import (ALL_REF_TILES, REF_RULES, SEATINGS, TARGET, RefRound, ref_check_record,
                      round_snapshot, spec_view, t_parse, valid_sides)
from dominolab.core.engine import DRAW, PASS, Match
from dominolab.core.errors import IllegalMove
from dominolab.core.layout import AttachmentPoint, Placement, Side
from dominolab.core.record import event_to_json, match_to_record, replay
from dominolab.core.tiles import Tile

pytestmark = pytest.mark.slow          # whole matches of every seating, step by step

_SIDES = {s.notation: s for s in Side}


def engine_placement(tile, point) -> Placement:
    t = Tile(*tile)
    if point is None:
        return Placement(t, None)
    return Placement(t, AttachmentPoint(Tile(*point[0]), _SIDES[point[1]]))


class MatchMachine(RuleBasedStateMachine):
    """One match, move by move, against the reference model."""

    @initialize(spec=st.sampled_from(SEATINGS), seed=st.integers(0, 2**32 - 1))
    def start(self, spec, seed):
        self.game, self.players, self.partnerships = spec
        self.r = REF_RULES[self.game]         # the rule switches of the reference model
        self.match = Match(self.game, self.players, self.partnerships, seed=seed)
        self.n_sides = 2 if self.partnerships else self.players
        self.last_scores = [0] * self.n_sides
        self.running = [0] * self.n_sides
        self.first_61 = None
        self.target_event_seen = False
        self._begin_round(first=True)

    # -- helpers ------------------------------------------------------------------

    def _begin_round(self, first=False):
        prev = None if first else self.match.rounds[-1]
        rnd = self.match.new_round()
        # openers fixed by the rules
        if prev is not None:
            rule = self.r["opener_after_domino" if prev.end == "domino" else "opener_after_block"]
            if rule == "next-seat":
                assert rnd.opener == (prev.opener + 1) % self.players
            elif rule == "last-player":
                last_play = [e for e in prev.events if type(e).__name__ == "PlayEvent"][-1]
                assert rnd.opener == last_play.seat
        assert 0 <= rnd.opener < self.players
        assert rnd.to_move == rnd.opener
        self.rnd = rnd
        self.ref = RefRound(self.game, self.players, self.partnerships,
                            [[t_parse(str(t)) for t in h] for h in rnd.hands],
                            [t_parse(str(t)) for t in rnd.stock], rnd.opener, list(self.match.scores))

    def _engine_moves(self) -> set[str]:
        return {str(m) for m in self.rnd.legal_moves()}

    def _push(self, move):
        assert self._engine_moves() == self.ref.legal_moves()
        events = self.rnd.apply(move)
        expected = self.ref.apply(str(move))
        got = [spec_view(event_to_json(e)) for e in events]
        assert got == expected, f"engine {got} != reference {expected}"
        self._check_new_events(got)
        assert (self.rnd.end or None) == self.ref.end
        if self.rnd.end is None:
            assert self.rnd.to_move == self.ref.to_move
            assert (None if self.rnd.pending is None else t_parse(str(self.rnd.pending))) == self.ref.pending
        else:
            assert sorted(self.rnd.match_winners) == sorted(self.ref.match_winners)
            self.match.end_round()
            assert sorted(self.match.winners) == sorted(self.ref.match_winners)

    def _check_new_events(self, events):
        """Each event's scores are the running scores; the match stops at the first event reaching 61."""
        for e in events:
            assert self.first_61 is None, "an event followed the one that reached 61"
            if e["type"] == "play":
                side = e["seat"] % 2 if self.partnerships else e["seat"]
                self.running[side] += e["scored"]
                assert e["bonus"] in (0, self.r["bonus"])
                if self.r["exact"]:              # a scoring event beyond the target is void
                    assert e["scored"] in (0, e["credit"] + e["bonus"])
                else:
                    assert e["scored"] == e["credit"] + e["bonus"]
            elif e["type"] == "settle":
                assert self.r["settle"]
                self.running = [a + b for a, b in zip(self.running, e["credits"])]
            if "scores" in e:
                assert e["scores"] == self.running
                if max(e["scores"]) >= TARGET:
                    self.first_61 = (len(self.match.rounds), len(self.rnd.events))
                    # the match ends right here: a play ends it with "target", a settlement with its reason
                    assert self.rnd.end == ("target" if e["type"] == "play" else e["reason"])
                    winners = [s for s, v in enumerate(e["scores"]) if v >= TARGET]
                    assert sorted(self.rnd.match_winners) == winners

    @property
    def playing(self) -> bool:
        return self.rnd.end is None

    def _after_round(self):
        """The round is over: start the next one, or check that a won match refuses one."""
        if self.match.over:
            before = len(self.match.rounds)
            with pytest.raises(IllegalMove):
                self.match.new_round()
            assert len(self.match.rounds) == before
        else:
            self._begin_round()

    # -- rules ----------------------------------------------------------------------

    @rule(data=st.data())
    def play_one(self, data):
        if not self.playing:
            self._after_round()
            return
        legal = self.rnd.legal_moves()
        self._push(data.draw(st.sampled_from(legal), label="move"))

    @rule(data=st.data(), count=st.integers(1, 60))
    def play_several(self, data, count):
        for _ in range(count):
            if not self.playing:
                if self.match.over:
                    break
                self._after_round()
            legal = self.rnd.legal_moves()
            self._push(legal[data.draw(st.integers(0, len(legal) - 1), label="move index")])

    @rule(data=st.data())
    def try_illegal(self, data):
        if self.playing:               # a new round while one is played
            before = len(self.match.rounds)
            with pytest.raises(IllegalMove):
                self.match.new_round()
            assert len(self.match.rounds) == before
        legal = {str(m) for m in self.rnd.legal_moves()}
        placed = [t_parse(str(t)) for t in self.rnd.layout.tiles]
        anchors = placed or ALL_REF_TILES
        candidates = []
        kind = data.draw(st.sampled_from(["placement", "draw", "pass", "opening", "other-hand"]), label="kind")
        if kind == "placement":
            for _ in range(8):
                tile = data.draw(st.sampled_from(ALL_REF_TILES), label="tile")
                anchor = data.draw(st.sampled_from(anchors), label="anchor")
                side = data.draw(st.sampled_from(valid_sides(anchor)), label="side")
                candidates.append(engine_placement(tile, (anchor, side)))
        elif kind == "draw":
            candidates.append(DRAW)
        elif kind == "pass":
            candidates.append(PASS)
        elif kind == "opening":
            candidates.append(engine_placement(data.draw(st.sampled_from(ALL_REF_TILES), label="tile"), None))
        else:
            others = [t for s, h in enumerate(self.rnd.hands) if s != self.rnd.to_move for t in h]
            if others and self.rnd.layout.placements:
                tile = data.draw(st.sampled_from(others), label="tile")
                for p in self.rnd.layout.points_for(tile) or self.rnd.layout.open_points()[:1]:
                    candidates.append(Placement(tile, p))
        candidates = [m for m in candidates if str(m) not in legal]
        if not candidates:
            return
        move = data.draw(st.sampled_from(candidates), label="illegal move")
        before = round_snapshot(self.rnd)
        scores_before = list(self.match.scores)
        with pytest.raises(IllegalMove):
            self.rnd.apply(move)
        assert round_snapshot(self.rnd) == before
        assert self.match.scores == scores_before
        assert str(move) not in self.ref.legal_moves()

    # -- invariants ------------------------------------------------------------------

    @invariant()
    def tiles_accounted_once(self):
        rnd = self.rnd
        rest = rnd.stock[rnd.stock_pos:]
        if not self.r["drawing"]:
            assert rnd.stock_pos == 0       # undealt tiles stay out of play
        every = [t for h in rnd.hands for t in h] + list(rest) + list(rnd.layout.tiles)
        assert sorted((t.low, t.high) for t in every) == ALL_REF_TILES

    @invariant()
    def scores_never_decrease_and_stay_consistent(self):
        scores = list(self.match.scores)
        assert all(now >= before for now, before in zip(scores, self.last_scores)), (self.last_scores, scores)
        self.last_scores = scores
        assert self.rnd.scores == self.match.scores and self.rnd.scores is not self.match.scores
        if self.r["exact"]:
            assert all(s <= TARGET for s in scores)
        # the running scores kept event by event in _check_new_events are the match's scores
        assert self.running == scores

    @invariant()
    def match_stops_at_the_target(self):
        if self.first_61 is None:
            assert not self.match.over
            assert max(self.match.scores) < TARGET
            return
        # nothing happened after the first event that took a side to 61 or more, and the match ended there
        rounds, events = self.first_61
        assert (len(self.match.rounds), len(self.rnd.events)) == (rounds, events), \
            "an event followed the first one that reached 61"
        assert self.rnd.end is not None and self.match.over

    def teardown(self):
        if not hasattr(self, "match"):
            return
        record = match_to_record(self.match)
        assert json.loads(json.dumps(record)) == record
        replayed = replay(json.loads(json.dumps(record)))
        assert replayed.scores == self.match.scores
        assert list(replayed.winners) == list(self.match.winners)
        ref_check_record(record)


# the profile chosen in conftest.py (ci/dev) sets max_examples; a match needs many steps
# (no explain phase: it re-runs whole matches many times after a failure)
MatchMachine.TestCase.settings = settings(
    stateful_step_count=120,
    phases=[Phase.explicit, Phase.reuse, Phase.generate, Phase.target, Phase.shrink],
)
TestMatches = MatchMachine.TestCase
