"""History as a value: positions after every event, and rounds rebuilt from them."""

from __future__ import annotations

import random

import pytest

from reference import SEATINGS, seating_id
from dominolab.core.engine import DRAW, PASS, DrawEvent, Match, PassEvent, PlayEvent, SettleEvent, random_policy
from dominolab.core.errors import DominoError, IllegalMove
from dominolab.core.history import layout_steps, positions
from dominolab.core.layout import Layout, Placement
from dominolab.core.tiles import ALL_TILES


def _move(event):
    if isinstance(event, PlayEvent):
        return Placement(event.tile, event.at)
    return DRAW if isinstance(event, DrawEvent) else PASS


@pytest.mark.parametrize("spec", SEATINGS, ids=[seating_id(s) for s in SEATINGS])
def test_positions_follow_every_event_and_rebuild_playable_rounds(spec):
    for seed in range(4):
        match = Match(*spec, seed=seed).play(random_policy, max_rounds=2)
        steps = positions(match)
        assert len(steps) == sum(len(r.events) + 1 for r in match.rounds)
        for rnd in match.rounds:
            mine = positions(rnd)
            assert mine[0].event == -1 and mine[0].scores == rnd.start_scores and mine[0].to_move == rnd.opener
            assert [p.event for p in mine] == list(range(-1, len(rnd.events)))
            plays = [Placement(e.tile, e.at) for e in rnd.events if isinstance(e, PlayEvent)]
            for k, pos in enumerate(mine):
                done = rnd.events[:pos.event + 1]
                n_plays = sum(isinstance(e, PlayEvent) for e in done)
                assert pos.layout == Layout.from_placements(plays[:n_plays], rnd.rules.spinners)
                every = [t for h in pos.hands for t in h] + list(pos.stock) + pos.layout.tiles
                assert sorted(every) == sorted(ALL_TILES)
                if pos.to_move is None:
                    assert k >= len(mine) - 2 and rnd.over and pos.end == rnd.end
                    with pytest.raises(IllegalMove):
                        pos.round()
                    continue
                # the position is a round: the rest of the events come out again from it
                live = pos.round()
                for event in rnd.events[pos.event + 1:]:
                    if not isinstance(event, SettleEvent):
                        live.apply(_move(event))
                assert live.events == rnd.events[pos.event + 1:]
                assert live.scores == rnd.scores and live.end == rnd.end
            last = mine[-1]
            assert last.hands == tuple(map(tuple, rnd.hands)) and last.scores == tuple(rnd.scores)
            assert last.layout == rnd.layout and last.end == rnd.end


def test_a_position_is_a_copy():
    match = Match("horse-race", 2, seed=4).play(random_policy, max_rounds=1)
    rnd = match.rounds[0]
    first = positions(rnd)[3]
    live = first.round()
    rng = random.Random(1)
    while not live.over:
        live.push(random_policy(live, rng))
    again = positions(rnd)[3]
    assert again.layout == first.layout and again.hands == first.hands


def test_layout_steps_place_only_plays():
    match = Match("fives-and-threes", 3, seed=2).play(random_policy, max_rounds=1)
    rnd = match.rounds[0]
    sizes = [len(layout) for layout in layout_steps(rnd.rules.spinners, rnd.events)]
    assert sizes == [sum(isinstance(e, PlayEvent) for e in rnd.events[:k + 1]) for k in range(len(rnd.events))]


def test_positions_refuse_other_things():
    with pytest.raises(DominoError):
        positions("a round")  # type: ignore[arg-type]
