"""The expert bot: decisions from the seat's view only, fixed work, an evaluation of every move."""

from __future__ import annotations

import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from reference import SEATINGS, seating_id
from test_view import played_round, reshuffled
from dominolab.core.engine import Round, parse_move, position
from dominolab.core.rules import get_game
from dominolab.core.view import view_of
from dominolab.play import expert
from dominolab.play.levels import BOTS, make_bot
from dominolab.play.expert import EXACT_TILES, SAMPLE_ORDER, ExpertBot
from dominolab.play.search import DealSampler


def seed_8001_round_8() -> Round:
    """The Horse Race position of issue 19 (seed 8001, round 8, seat 0 to move at 51-32), with its history."""
    rules = get_game("horse-race")
    hands = [["[4|5]", "[0|6]", "[1|1]", "[4|4]", "[1|3]", "[6|6]", "[2|5]"],
             ["[1|5]", "[3|5]", "[4|6]", "[1|2]", "[1|4]", "[0|4]", "[2|2]"]]
    stock = ["[1|6]", "[2|4]", "[5|5]", "[0|2]", "[2|6]", "[3|3]", "[0|5]", "[0|3]", "[3|4]", "[0|1]", "[5|6]",
             "[2|3]", "[3|6]", "[0|0]"]
    rnd = Round(rules, rules.seating(2), hands, stock, 0, [50, 32], 8)
    for move in ["[1|1]", "[1|3]@[1|1].A", "draw", "[1|6]@[1|1].B", "[1|4]@[1|1].armA", "[6|6]@[1|6].high"]:
        rnd.apply(move)
    return rnd


def test_expert_is_a_named_bot():
    assert "expert" in BOTS
    bot = make_bot("expert", think_ms=7)
    assert isinstance(bot, ExpertBot) and bot.name == "expert" and bot.budget == ExpertBot(7).budget


@settings(max_examples=40)
@given(spec=st.sampled_from(SEATINGS), seed=st.integers(0, 10_000), steps=st.integers(0, 40),
       shuffle=st.randoms(use_true_random=False), decision_seed=st.integers(0, 2 ** 32))
def test_reshuffling_unseen_tiles_never_changes_the_experts_decision(spec, seed, steps, shuffle, decision_seed):
    game, players, partnerships = spec
    rnd, moves = played_round(game, players, partnerships, seed, steps)
    assume(not rnd.over)
    seat = rnd.to_move
    other = reshuffled(rnd, moves, seat, shuffle)
    assume(other is not None and not other.over and other.to_move == seat)
    view = view_of(rnd, seat)
    assert view_of(other, seat) == view
    bot = make_bot("expert", think_ms=3)
    assert bot.choose(view, random.Random(decision_seed)) == \
        bot.choose(view_of(other, seat), random.Random(decision_seed))
    assert bot.evaluate(view, random.Random(decision_seed)) == \
        bot.evaluate(view_of(other, seat), random.Random(decision_seed))


def test_exact_endgames_also_never_see_hidden_tiles():
    """Positions with few tiles left (exact search) differ in hidden hands yet get the same decision."""
    checked = 0
    for seed in range(200):
        rnd, moves = played_round("fives-and-threes", 2, False, seed, steps=11)
        if rnd.over or sum(len(h) for h in rnd.hands) > EXACT_TILES:
            continue
        seat = rnd.to_move
        other = reshuffled(rnd, moves, seat, random.Random(seed))
        if other is None or other.over or other.to_move != seat or other.hands == rnd.hands:
            continue
        bot = ExpertBot(think_ms=2)
        assert bot.choose(view_of(rnd, seat), random.Random(seed)) == \
            bot.choose(view_of(other, seat), random.Random(seed))
        checked += 1
    assert checked >= 5


@pytest.mark.parametrize("spec", SEATINGS, ids=seating_id)
def test_expert_moves_are_legal_and_repeatable(spec):
    game, players, partnerships = spec
    bot = make_bot("expert", think_ms=2)
    for seed in range(3):
        rnd, _ = played_round(game, players, partnerships, seed, steps=3 * seed)
        if rnd.over:
            continue
        view = view_of(rnd, rnd.to_move)
        move = bot.choose(view, random.Random(seed))
        assert move in rnd.legal_moves()
        assert bot.choose(view, random.Random(seed)) == move


def test_sampled_deals_respect_the_view():
    for seed in range(30):
        rnd, _ = played_round("horse-race", 3, False, seed, steps=15)
        if rnd.over:
            continue
        view = view_of(rnd, rnd.to_move)
        sampler = DealSampler(view, SAMPLE_ORDER)
        constraints = view.slot_constraints()
        for k in range(5):
            hands, stock = sampler.sample(random.Random(k))
            assert hands[view.seat] == list(view.hand)
            assert sorted(t for h in hands for t in h if t not in view.hand) + sorted(stock) != []
            assert [len(h) for h in hands] == list(view.hand_sizes)
            assert len(stock) == view.stock_left
            assert sorted([t for s, h in enumerate(hands) if s != view.seat for t in h] + stock) == \
                sorted(view.unseen()) or not view.rules.drawing
            for other, masks in constraints.items():
                # a consistent deal exists (the real one), so the sampler never needs to relax here
                assert all(not tile.mask & mask for tile, mask in zip(hands[other], masks)), (seed, k)


def test_evaluation_scores_every_move_on_the_same_deals():
    rnd = seed_8001_round_8()
    view = view_of(rnd, 0)
    scored = ExpertBot(think_ms=20).evaluate(view, random.Random(1), race=False)
    assert {mv.move for mv in scored} == set(view.legal_moves())
    assert len({mv.deals for mv in scored}) == 1 and scored[0].deals > 10
    assert [mv.value for mv in scored] == sorted((mv.value for mv in scored), reverse=True)
    assert all(mv.stderr > 0 for mv in scored)


def _racing_positions(n: int = 12) -> list:
    """Horse Race positions with three or more legal moves, from greedy self-play."""
    out = []
    for seed in range(40):
        rnd, _ = played_round("horse-race", 2, False, seed, 2)
        view = view_of(rnd, rnd.to_move)
        if rnd.end is None and len(view.legal_moves()) >= 3:
            out.append(view)
        if len(out) == n:
            break
    return out


def test_a_racing_evaluation_keeps_every_move_and_recommends_the_move_it_plays():
    """The advisor's mode (issue 30): the expert races as when it plays, so its best move is the move it
    plays; a move dropped early keeps a value (the leader's minus its shortfall on the shared deals, which
    are the first deals of the leader's), below the leader's; its parts still sum to its value."""
    bot = ExpertBot(think_ms=25)
    dropped = 0
    for k, view in enumerate(_racing_positions()):
        scored = bot.evaluate(view, random.Random(k))
        assert {mv.move for mv in scored} == set(view.legal_moves())
        assert scored[0].move == bot.choose(view, random.Random(k))
        assert [mv.value for mv in scored] == sorted((mv.value for mv in scored), reverse=True)
        lead = scored[0]
        for mv in scored[1:]:
            assert 1 <= mv.deals <= lead.deals
            assert abs(sum(mv.parts.values()) - mv.value) < 1e-6
            if mv.deals < lead.deals:
                dropped += 1
                assert mv.value < lead.value
                own = [sum(r) for r in mv.deal_parts]
                leader = [sum(r) for r in lead.deal_parts]
                gap = sum(a - b for a, b in zip(leader, own)) / mv.deals       # on the shared (first) deals
                assert abs(mv.value - (sum(leader) / lead.deals - gap)) < 1e-6
    assert dropped >= 5


def test_fixed_work_more_thinking_means_more_deals():
    view = view_of(seed_8001_round_8(), 0)
    small = ExpertBot(think_ms=10).evaluate(view, random.Random(1), race=False)
    large = ExpertBot(think_ms=40).evaluate(view, random.Random(1), race=False)
    assert 3 * small[0].deals <= large[0].deals <= 5 * small[0].deals


def test_expert_hits_the_exact_target_where_greedy_overshoots():
    rnd = position("fives-and-threes", 2, layout="[2|3]", hands=[["[3|6]", "[2|6]", "[0|0]"], ["[4|4]"]],
                   scores=[58, 0])
    view = view_of(rnd, 0)
    assert str(make_bot("expert", think_ms=5).choose(view, random.Random(1))) == "[2|6]@[2|3].low"


def test_hint_names_the_best_move_of_the_evaluation():
    view = view_of(seed_8001_round_8(), 0)
    bot = ExpertBot(think_ms=10)
    hint = bot.hint(view, random.Random(2))
    assert hint.move == bot.evaluate(view, random.Random(2))[0].move
    assert "sampled deals" in hint.reason


def _play_out_lengths(monkeypatch, game: str, seed: int) -> list[int]:
    """Moves of every play-out of one expert evaluation early in a round of ``game``."""
    rnd, _ = played_round(game, 2, False, seed, 2)
    view = view_of(rnd, rnd.to_move)
    lengths: list[int] = []
    real = expert.policy_move

    def counting(g, world, rng):
        if not lengths or world is not counting.world:
            counting.world = world
            lengths.append(0)
        lengths[-1] += 1
        return real(g, world, rng)

    counting.world = None
    monkeypatch.setattr(expert, "policy_move", counting)
    ExpertBot(think_ms=5).evaluate(view, random.Random(seed), race=False)
    return lengths


def test_play_outs_stop_at_the_horizon_only_where_hands_count_nothing(monkeypatch):
    """Fives and Threes settles no pips: its play-outs stop after PLAYOUT_HORIZON moves. Horse Race settles
    the pips left in hand: its play-outs run to the end of the round, far beyond the horizon."""
    short = _play_out_lengths(monkeypatch, "fives-and-threes", 3)
    assert len(short) > 20 and max(short) == expert.PLAYOUT_HORIZON
    full = _play_out_lengths(monkeypatch, "horse-race", 3)
    assert len(full) > 20 and max(full) > 3 * expert.PLAYOUT_HORIZON
    monkeypatch.setattr(expert, "PLAYOUT_HORIZON", 2)
    assert max(_play_out_lengths(monkeypatch, "fives-and-threes", 3)) == 2


@pytest.mark.parametrize("game", ["horse-race", "fives-and-threes"])
def test_what_the_opponents_plays_reveal_never_rules_out_the_true_deal_of_greedy_players(game, monkeypatch):
    """The inference switch (``INFER_KEEP``, issue 30): a deal is suspect when another seat passed over an
    unseen tile that would have scored more. Greedy opponents never do, so their true hands are never suspect,
    while the suspect tiles are real (some deals of the unseen tiles are suspect); with ``INFER_KEEP`` 0 a
    sampled deal is never more suspect than the first try, and is that try when it is not suspect."""
    from dominolab.core.engine import greedy_policy

    checked = suspect = 0
    for seed in range(6):
        rnd = Round(get_game(game), get_game(game).seating(2), *_deal(seed), 0, [0, 0], 1)
        rng = random.Random(seed)
        while rnd.end is None:
            view = view_of(rnd, rnd.to_move)
            inference = expert._Inference(view)
            if inference.checks:
                checked += 1
                assert inference.misses([list(h) for h in rnd.hands]) == 0
                sampler = DealSampler(view, SAMPLE_ORDER)
                deals = [sampler.sample(random.Random(k)) for k in range(20)]
                suspect += any(inference.misses(h) for h, _ in deals)
                monkeypatch.setattr(expert, "INFER_KEEP", 0.0)
                first = sampler.sample(random.Random(1))
                picked = expert._sample(sampler, inference, random.Random(1))
                assert inference.misses(picked[0]) <= inference.misses(first[0])
                if not inference.misses(first[0]):
                    assert picked == first
                monkeypatch.setattr(expert, "INFER_KEEP", 1.0)
            rnd.push(greedy_policy(rnd, rng))
    assert checked > 5 and suspect > 0


def _deal(seed: int) -> tuple[list[list[str]], list[str]]:
    from dominolab.core.tiles import ALL_TILES

    tiles = [str(t) for t in ALL_TILES]
    random.Random(seed).shuffle(tiles)
    return [tiles[:7], tiles[7:14]], tiles[14:]
