"""The expert's play-out hot path books what the engine books (issue 40, point 3).

:func:`dominolab.play.expert.policy_move` values a placement that is not the mover's last
tile by its accepted credit (``rnd.accepted(side, credit[end sum after])``) instead of asking
:meth:`Round.gain_trusted <dominolab.core.engine.Round.gain_trusted>` (the engine's outcome of a
play, :meth:`Round._judge`), at less than half the cost per move. This file proves the two equal
over random positions of every registered game and seating (the built-in games, the house rules
of ``dominolab/games/``, and an exact-target house rule), with scores near the target so that an
exact target's void is met: the test records what the expert's own code computes for each move
(the values :meth:`Round.accepted` returns inside ``policy_move``) and compares it with
``gain_trusted`` of the same move.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from reference import GAME_SEATINGS, REGISTRY, seating_id
from dominolab.core.engine import Round, random_policy
from dominolab.core.gamefile import SAMPLES_DIR, loads_rules
from dominolab.core.layout import Placement
from dominolab.core.rules import GameRules
from dominolab.core.tiles import ALL_TILES
from dominolab.core.view import view_of
from dominolab.play import expert


def _exact_muggins() -> GameRules:
    text = (SAMPLES_DIR / "muggins.toml").read_text(encoding="utf-8")
    assert "target_exact = false" in text
    return loads_rules(text.replace("target_exact = false", "target_exact = true")
                       .replace('name = "muggins"', 'name = "muggins-exact"'))


GAMES = dict(REGISTRY)
GAMES["muggins-exact"] = _exact_muggins()
SPECS = GAME_SEATINGS + [("muggins-exact", s.players, s.partnerships) for s in GAMES["muggins-exact"].hand_sizes]


def _position(rules: GameRules, players: int, partnerships: bool, seed: int, steps: int, near: int) -> Round:
    """A dealt round with every side ``near`` points or fewer below the target, ``steps`` random moves on."""
    rng = random.Random(seed)
    seating = rules.seating(players, partnerships)
    size = rules.hand_sizes[seating]
    tiles = list(ALL_TILES)
    rng.shuffle(tiles)
    hands = [tiles[i * size:(i + 1) * size] for i in range(players)]
    stock = tiles[players * size:] if rules.drawing else []
    scores = [max(0, rules.target - 1 - rng.randrange(near)) for _ in range(seating.n_sides)]
    rnd = Round(rules, seating, hands, stock, rng.randrange(players), scores)
    for _ in range(steps):
        if rnd.over:
            break
        rnd.apply(random_policy(rnd, rng))
    return rnd


def _expert_points(rnd: Round, monkeypatch: pytest.MonkeyPatch) -> list[int] | None:
    """What ``policy_move`` books for each placement of the mover that is not its last tile, in the order of
    the legal moves (recorded from the expert's own calls of ``Round.accepted``), or ``None`` when the hot
    path does not run (one legal move, no placement, or the last tile: then it calls ``gain_trusted``)."""
    moves = rnd.legal_moves()
    if len(moves) == 1 or not isinstance(moves[0], Placement) or len(rnd.hands[rnd.to_move]) == 1:
        return None
    seen: list[int] = []
    valued: list[int] = []
    real, shed = Round.accepted, expert._shed_value

    def recording(self: Round, side: int, points: int, score: int | None = None) -> int:
        got = real(self, side, points, score)
        seen.append(got)
        return got

    def shed_recording(points: int, tile: object, weight: float) -> float:
        valued.append(points)
        return shed(points, tile, weight)  # type: ignore[arg-type]

    with monkeypatch.context() as m:
        m.setattr(Round, "accepted", recording)
        m.setattr(expert, "_shed_value", shed_recording)
        expert.policy_move(expert._Game(view_of(rnd, rnd.to_move)), rnd, random.Random(0))
    assert len(seen) == len(moves)           # one valuation per legal placement, nothing else asked
    # the points the ranking used: every move that does not reach the target is valued with its points
    score, target = rnd.scores[rnd.seating.side_of(rnd.to_move)], rnd.rules.target
    assert valued == [p for p in seen if not (p and score + p >= target)]
    return seen


@pytest.mark.parametrize("spec", SPECS, ids=[seating_id(s) for s in SPECS])
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2 ** 32), steps=st.integers(0, 30), near=st.integers(1, 30))
def test_the_hot_path_books_what_the_engine_books(spec: tuple[str, int, bool], seed: int, steps: int, near: int,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    game, players, partnerships = spec
    rnd = _position(GAMES[game], players, partnerships, seed, steps, near)
    assume(not rnd.over)
    engine = [rnd.gain_trusted(m) for m in rnd.legal_moves()]    # before the recorder is in place
    got = _expert_points(rnd, monkeypatch)
    assume(got is not None)
    assert got == engine


def test_the_positions_meet_the_void_and_the_target() -> None:
    """The random positions are not blind: among them are plays an exact target voids and plays that
    reach the target, and the recorder sees the expert's values (a wrong value is noticed)."""
    voided = reached = 0
    for seed in range(400):
        rnd = _position(GAMES["fives-and-threes"], 2, False, seed, seed % 12, 12)
        if rnd.over or len(rnd.hands[rnd.to_move]) == 1:
            continue
        side = rnd.seating.side_of(rnd.to_move)
        for move in rnd.legal_moves():
            if not isinstance(move, Placement):
                continue
            credit = rnd.rules.credit(rnd.layout.end_sum_after(move.tile, move.at))
            voided += bool(credit) and rnd.gain_trusted(move) == 0
            reached += bool(credit) and rnd.scores[side] + rnd.gain_trusted(move) == rnd.rules.target
    assert voided and reached


def test_the_recorder_sees_a_changed_hot_path(monkeypatch: pytest.MonkeyPatch) -> None:
    """A hot path that forgot the void (booking the bare credit) would be caught by the comparison."""
    for seed in range(400):
        rnd = _position(GAMES["fives-and-threes"], 2, False, seed, seed % 12, 12)
        if rnd.over:
            continue
        engine = [rnd.gain_trusted(m) for m in rnd.legal_moves()]
        monkeypatch.setattr(Round, "accepted", lambda self, side, points, score=None: points)
        try:
            got = _expert_points(rnd, monkeypatch)
        finally:
            monkeypatch.undo()
        if got is not None and got != engine:
            return
    pytest.fail("no position where the bare credit differs from the engine's booking")
