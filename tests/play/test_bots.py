"""The bots: random and greedy on views equal the engine policies; the strong bot searches sensibly."""

from __future__ import annotations

import random

import pytest

from reference import SEATINGS, seating_id
from dominolab.play.bots import (GreedyBot, StrongBot, _Sampler, end_sum_after, immediate_score)
from dominolab.play.levels import BOTS, make_bot
from dominolab.core.engine import PASS, Match, greedy_policy, position, random_policy
from dominolab.core.errors import DominoError
from dominolab.core.layout import Placement
from dominolab.core.view import view_of


def play_with_bot(game, players, partnerships, seed, bot, policy_rng_offset=1_000_003):
    """A whole match with ``bot`` in every seat, rng as Match.play uses it."""
    match = Match(game, players, partnerships, seed=seed)
    rng = random.Random(seed + policy_rng_offset)
    while not match.over:
        rnd = match.new_round()
        while rnd.end is None:
            rnd.push(bot.choose(view_of(rnd, rnd.to_move), rng))
        match.end_round()
    return match


@pytest.mark.parametrize("spec", SEATINGS, ids=seating_id)
@pytest.mark.parametrize("name,policy", [("random", random_policy), ("greedy", greedy_policy)])
def test_view_bots_play_exactly_like_the_engine_policies(spec, name, policy):
    game, players, partnerships = spec
    for seed in range(8):
        expected = Match(game, players, partnerships, seed=seed).play(policy)
        got = play_with_bot(game, players, partnerships, seed, make_bot(name))
        assert got.scores == expected.scores
        assert [r.events for r in got.rounds] == [r.events for r in expected.rounds]


@pytest.mark.parametrize("spec", SEATINGS, ids=seating_id)
def test_end_sum_after_matches_a_real_placement(spec):
    game, players, partnerships = spec
    for seed in range(15):
        match = Match(game, players, partnerships, seed=seed)
        rnd = match.new_round()
        rng = random.Random(seed)
        while not rnd.over:
            for move in rnd.legal_moves():
                if isinstance(move, Placement):
                    trial = rnd.layout.copy()
                    trial.place_unchecked(move.tile, move.at)
                    assert end_sum_after(rnd.layout, move.tile, move.at) == trial.end_sum
            rnd.push(random_policy(rnd, rng))


def test_immediate_score_counts_the_bonus_and_voids_beyond_an_exact_target():
    # Fives and Threes: 58 points, two moves - one scores 8 (void: 66 > 61), one scores 3 (exactly 61).
    rnd = position("fives-and-threes", 2, layout="[2|3]", hands=[["[3|6]", "[2|6]", "[0|0]"], ["[4|4]"]],
                   scores=[58, 0])
    scores = {str(m): immediate_score(rnd, m) for m in rnd.legal_moves()}
    assert scores == {"[3|6]@[2|3].high": 0, "[2|6]@[2|3].low": 3}
    # the last tile of a side scores its credit plus the domino bonus
    last = position("fives-and-threes", 2, layout="[2|3]", hands=[["[3|4]"], ["[4|4]"]])
    (move,) = last.legal_moves()
    assert immediate_score(last, move) == last.rules.credit(6) + last.rules.domino_bonus


def test_greedy_and_strong_hit_the_exact_target_where_the_raw_credit_overshoots():
    # 60 points: [0|2] makes the ends 2 + 1 = 3 (1 point, exactly 61); [0|5] makes 5 + 1 = 6
    # (2 points, 62: void). The raw credit favours [0|5]; what the engine would book (Round.gain,
    # which greedy ranks by) is 1 for [0|2] and 0 for [0|5].
    rnd = position("fives-and-threes", 2, layout="[0|1]", hands=[["[0|2]", "[0|5]", "[3|3]"], ["[4|4]", "[6|6]"]],
                   scores=[60, 0])
    view = view_of(rnd, 0)
    winning = Placement.parse("[0|2]@[0|1].low")
    overshoot = Placement.parse("[0|5]@[0|1].low")
    assert set(rnd.legal_moves()) == {winning, overshoot}
    assert rnd.rules.credit(end_sum_after(rnd.layout, overshoot.tile, overshoot.at)) == 2
    assert rnd.gain(overshoot) == 0 and rnd.gain(winning) == 1 and rnd.preview(overshoot).void
    assert make_bot("greedy").choose(view, random.Random(1)) == winning
    assert make_bot("strong", think_ms=5).choose(view, random.Random(1)) == winning
    hint = StrongBot(5).hint(view, random.Random(1))
    assert hint.move == winning and hint.value > 0


def test_greedy_bot_takes_the_largest_gain():
    rnd = position("horse-race", 2, layout="[0|5]", hands=[["[5|5]", "[0|1]", "[2|3]"], ["[2|2]"]],
                   stock=["[3|3]"])
    view = view_of(rnd, 0)
    gains = {m: rnd.gain(m) for m in rnd.legal_moves()}
    best = max(gains.values())
    assert len(set(gains.values())) > 1
    for seed in range(10):
        assert gains[GreedyBot().choose(view, random.Random(seed))] == best


@pytest.mark.parametrize("spec", SEATINGS, ids=seating_id)
def test_strong_bot_moves_are_legal_and_repeatable(spec):
    game, players, partnerships = spec
    bot = make_bot("strong", think_ms=3)
    match = Match(game, players, partnerships, seed=5)
    rnd = match.new_round()
    rng = random.Random(5)
    for _ in range(12):
        if rnd.over:
            break
        view = view_of(rnd, rnd.to_move)
        move = bot.choose(view, random.Random(99))
        assert move in rnd.legal_moves()
        assert bot.choose(view, random.Random(99)) == move
        hint = bot.hint(view, random.Random(99))
        assert hint.move == move and hint.reason
        rnd.push(random_policy(rnd, rng) if rng.random() < 0.5 else move)


@pytest.mark.parametrize("spec", SEATINGS, ids=seating_id)
def test_sampled_deals_agree_with_the_view(spec):
    game, players, partnerships = spec
    for seed in range(20):
        match = Match(game, players, partnerships, seed=seed)
        rnd = match.new_round()
        rng = random.Random(seed)
        for _ in range(seed % 25):
            if rnd.over:
                break
            rnd.push(random_policy(rnd, rng))
        if rnd.over:
            continue
        view = view_of(rnd, rnd.to_move)
        constraints = view.slot_constraints()
        sampler = _Sampler(view)
        for k in range(5):
            hands, stock = sampler.sample(random.Random(k))
            assert hands[view.seat] == list(view.hand)
            assert [len(h) for h in hands] == list(view.hand_sizes)
            if rnd.rules.drawing:
                assert len(stock) == view.stock_left
            dealt = [t for s, h in enumerate(hands) if s != view.seat for t in h] + stock
            assert set(dealt) <= set(view.unseen())
            if rnd.rules.drawing:      # other hands and the stock are exactly the unseen tiles
                assert sorted(dealt) == sorted(view.unseen())
            assert len(set(dealt)) == len(dealt)
            for seat, masks in constraints.items():
                # some assignment of the sampled tiles to the slots respects every mask
                free = list(hands[seat])
                for mask in sorted(masks, key=lambda m: -bin(m).count("1")):
                    fits = [t for t in free if not t.mask & mask]
                    assert fits, (seed, seat, masks, hands[seat])
                    free.remove(fits[0])


def test_single_move_needs_no_thought():
    rnd = position("fives-and-threes", 2, layout="[2|3]", hands=[["[5|5]"], ["[4|4]"]])
    view = view_of(rnd, 0)
    assert rnd.legal_moves() == [PASS]
    assert StrongBot(50).choose(view, random.Random(0)) is PASS
    assert "only" in StrongBot(50).hint(view, random.Random(0)).reason


def test_make_bot_rejects_bad_names_and_budgets():
    assert set(BOTS) == {"random", "greedy", "strong", "expert"}
    with pytest.raises(DominoError, match="unknown bot 'clever'"):
        make_bot("clever")
    for bad in (0, -5, float("nan"), True):
        with pytest.raises(DominoError, match="thinking time"):
            make_bot("strong", think_ms=bad)
    assert StrongBot(10).rollouts < StrongBot(100).rollouts


def test_hint_needs_the_seat_to_move():
    rnd = position("horse-race", 2, layout="[1|4]", hands=[["[1|1]"], ["[3|5]"]], stock=["[0|0]"])
    with pytest.raises(DominoError, match="not to move"):
        StrongBot(5).hint(view_of(rnd, 1), random.Random(0))
