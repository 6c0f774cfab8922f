"""One computation of what a move scores: Round.preview against what the engine books.

Every legal move of every decision (first two rounds of a match, 30 seeds, every
seating of both games) is played for real on a copy of the round; the preview's
play part must be the play event's ``scored`` and its settlement part the
credits of the ``settle`` event that follows (none when none follows).
"""

from __future__ import annotations

import copy
import random

import pytest

from reference import SEATINGS, seating_id
from dominolab.core.engine import (DRAW, PASS, BLOCKED, DOMINO, TARGET, Match, MovePreview, PlayEvent, Round,
                                   SettleEvent, greedy_policy, position, random_policy)
from dominolab.core.errors import DominoError, IllegalMove
from dominolab.core.layout import Placement

SEEDS = range(30)


def _compare(rnd: Round) -> tuple[int, int]:
    """(moves compared, differences) over every legal move of ``rnd`` now."""
    compared = differences = 0
    for move in rnd.legal_moves():
        preview = rnd.preview(move)
        trial = copy.deepcopy(rnd)
        seat = trial.to_move
        events = trial.push(move)
        compared += 1
        assert isinstance(preview, MovePreview) and preview.move == move and preview.seat == seat
        if move is DRAW:
            # a draw reveals a hidden tile: the preview predicts nothing
            ok = preview.play == 0 and preview.end is None and preview.settlement is None
        elif move is PASS:
            ok = (preview.play == 0 and preview.settlement is None and not events[1:]
                  and preview.end is None and not trial.over)
        else:
            play = events[0]
            assert isinstance(play, PlayEvent)
            settle = [e for e in events[1:] if isinstance(e, SettleEvent)]
            want_settlement = settle[0].credits if settle else ()
            stays = not trial.over and trial.to_move == seat
            ok = (preview.play == play.scored and preview.credit == play.credit and preview.bonus == play.bonus
                  and preview.end_sum == play.sum and preview.void == (play.scored != play.credit + play.bonus)
                  and preview.settlement_credits == want_settlement and preview.end == trial.end
                  and preview.stays == stays and rnd.gain(move) == preview.play
                  and rnd.gain_trusted(move) == preview.play
                  and (preview.settlement is None or preview.settlement == trial.settlement))
        differences += not ok
    return compared, differences


@pytest.mark.slow
@pytest.mark.parametrize("spec", SEATINGS, ids=[seating_id(s) for s in SEATINGS])
def test_preview_is_what_the_engine_books(spec):
    compared = differences = 0
    ends = set()
    for seed in SEEDS:
        match = Match(*spec, seed=seed)
        rng = random.Random(seed)
        for _ in range(2):
            if match.over:
                break
            rnd = match.new_round()
            while not rnd.over:
                c, d = _compare(rnd)
                compared += c
                differences += d
                rnd.push(random_policy(rnd, rng) if rng.random() < 0.5 else greedy_policy(rnd, rng))
            ends.add(rnd.end)
            match.end_round()
    assert compared > 1000
    assert differences == 0
    assert DOMINO in ends


def test_preview_names_settlement_and_target_separately():
    # seat 0 plays out: the play scores its credit, the settlement its own credits
    rnd = position("horse-race", 2, layout="[1|4]", hands=[["[1|1]"], ["[3|5]", "[6|6]"]], stock=[],
                   scores=[0, 0])
    preview = rnd.preview("[1|1]@[1|4].low")
    assert preview.end == DOMINO and preview.settlement is not None
    assert preview.settlement.credits == (4, 0)       # 20 pips of seat 1 -> 20 -> 4
    assert preview.total == preview.play + 4
    events = rnd.apply("[1|1]@[1|4].low")
    assert events[0].scored == preview.play and events[-1].credits == (4, 0)


def test_preview_of_an_exact_target_is_void():
    rnd = position("fives-and-threes", 2, layout="[0|5]", hands=[["[5|5]", "[0|1]"], ["[2|3]"]],
                   scores=[60, 0])
    preview = rnd.preview("[5|5]@[0|5].high")
    assert preview.credit > 1 and preview.void and preview.play == 0 and preview.end is None


def test_preview_checks_its_move():
    rnd = Match("horse-race", 2, seed=1).new_round()
    with pytest.raises(DominoError):
        rnd.preview("[9|9]")
    with pytest.raises(IllegalMove):
        rnd.preview("[6|6]@[0|0].A")
    with pytest.raises(IllegalMove):
        rnd.preview(PASS)
    assert rnd.preview(rnd.legal_moves()[0]).end_sum is not None


def test_greedy_takes_the_bonus_into_account():
    # both plays give the same end-sum credit; only one finishes the hand (domino bonus)
    rnd = position("fives-and-threes", 2, layout="[0|5]", hands=[["[0|0]"], ["[5|6]", "[2|2]"]], to_move=1)
    moves = rnd.legal_moves()
    assert all(isinstance(m, Placement) for m in moves)
    gains = {str(m): rnd.gain(m) for m in moves}
    best = max(gains.values())
    assert str(greedy_policy(rnd, random.Random(0))) in [m for m, g in gains.items() if g == best]
