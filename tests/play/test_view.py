"""What a seat may know: SeatView holds no hidden tile, and hidden tiles never change a decision."""

from __future__ import annotations

import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from reference import SEATINGS, seating_id
from dominolab.play.levels import make_bot
from dominolab.core.engine import DRAW, DrawEvent, Match, PlayEvent, Round, random_policy
from dominolab.core.layout import Placement
from dominolab.core.tiles import ALL_TILES
from dominolab.core.view import SeenDraw, view_of


def played_round(game: str, players: int, partnerships: bool, seed: int, steps: int) -> tuple[Round, list]:
    """Round 1 of a seeded match after ``steps`` random moves (fewer if it ends sooner), and the moves."""
    match = Match(game, players, partnerships, seed=seed)
    rnd = match.new_round()
    rng = random.Random(seed)
    moves = []
    for _ in range(steps):
        if rnd.over:
            break
        move = random_policy(rnd, rng)
        moves.append(move)
        rnd.push(move)
    return rnd, moves


def tiles_in(view) -> set:
    out = set(view.hand) | {p.tile for p in view.placements}
    for p in view.placements:
        if p.at is not None:
            out.add(p.at.tile)
    for e in view.events:
        if isinstance(e, PlayEvent):
            out.add(e.tile)
        elif isinstance(e, SeenDraw) and e.tile is not None:
            out.add(e.tile)
    return out


@pytest.mark.parametrize("spec", SEATINGS, ids=seating_id)
def test_view_holds_no_hidden_tile(spec):
    game, players, partnerships = spec
    for seed in range(25):
        rnd, _ = played_round(game, players, partnerships, seed, steps=seed % 17 + 1)
        for seat in range(players):
            view = view_of(rnd, seat)
            own_draws = {e.tile for e in rnd.events if isinstance(e, DrawEvent) and e.seat == seat}
            visible = set(rnd.layout.tiles) | set(rnd.dealt[seat]) | own_draws
            assert tiles_in(view) <= visible
            assert view.hand == tuple(rnd.hands[seat])
            assert set(view.unseen()) == set(ALL_TILES) - set(rnd.hands[seat]) - set(rnd.layout.tiles)
            hidden_draws = [e for e in view.events if isinstance(e, SeenDraw) and e.tile is None]
            assert all(e.seat != seat for e in hidden_draws)


@pytest.mark.parametrize("spec", SEATINGS, ids=seating_id)
def test_view_legal_moves_are_the_engines(spec):
    game, players, partnerships = spec
    for seed in range(40):
        rnd, _ = played_round(game, players, partnerships, seed, steps=seed % 23)
        if rnd.over:
            continue
        view = view_of(rnd, rnd.to_move)
        assert view.legal_moves() == rnd.legal_moves()
        other = (rnd.to_move + 1) % players
        assert view_of(rnd, other).legal_moves() == []


def test_a_drawn_tile_is_public_only_once_played():
    # Horse Race, 2 players: play until someone has drawn.
    for seed in range(200):
        rnd, _ = played_round("horse-race", 2, False, seed, steps=60)
        draws = [(i, e) for i, e in enumerate(rnd.events) if isinstance(e, DrawEvent)]
        kept = [(i, e) for i, e in draws
                if not (i + 1 < len(rnd.events) and isinstance(rnd.events[i + 1], PlayEvent)
                        and rnd.events[i + 1].source == "drawn")]
        played = [(i, e) for i, e in draws if (i, e) not in kept]
        if kept and played:
            break
    else:
        pytest.fail("no seed with both kept and played draws")
    for i, e in kept:
        assert view_of(rnd, e.seat).events[i] == SeenDraw(e.seat, e.tile)
        assert view_of(rnd, 1 - e.seat).events[i] == SeenDraw(e.seat, None)
    for i, e in played:
        assert view_of(rnd, 1 - e.seat).events[i] == SeenDraw(e.seat, e.tile)


@pytest.mark.parametrize("spec", SEATINGS, ids=seating_id)
def test_true_hands_satisfy_the_slot_constraints(spec):
    """Every opponent's real hand, oldest tile first, fits the masks the view derives."""
    game, players, partnerships = spec
    for seed in range(40):
        rnd, _ = played_round(game, players, partnerships, seed, steps=10 + seed % 30)
        for seat in range(players):
            constraints = view_of(rnd, seat).slot_constraints()
            for other, masks in constraints.items():
                acquired = {t: -1 for t in rnd.dealt[other]}
                for i, e in enumerate(rnd.events):
                    if isinstance(e, DrawEvent) and e.seat == other:
                        acquired[e.tile] = i
                hand = sorted(rnd.hands[other], key=lambda t: acquired[t])
                assert len(masks) == len(hand)
                for mask, tile in zip(masks, hand):
                    assert not tile.mask & mask, (seed, seat, other, tile, mask)


def test_a_knock_constrains_the_knocking_hand():
    for seed in range(300):
        rnd = Match("fives-and-threes", 2, seed=seed).new_round()
        rng = random.Random(seed)
        while not rnd.over and not (rnd.events and type(rnd.events[-1]).__name__ == "PassEvent"):
            rnd.push(random_policy(rnd, rng))
        if not rnd.over:
            break
    else:
        pytest.fail("no knock in 300 seeds")
    knocker = rnd.events[-1].seat
    open_mask = rnd.layout.open_mask
    masks = view_of(rnd, 1 - knocker).slot_constraints()[knocker]
    assert len(masks) == len(rnd.hands[knocker])
    assert all(m & open_mask == open_mask for m in masks)


def reshuffled(rnd: Round, moves: list, seat: int, rng: random.Random) -> Round | None:
    """The same round dealt with the tiles ``seat`` cannot see permuted; None if the moves no longer fit."""
    unseen = set(view_of(rnd, seat).unseen())
    hands = [list(h) for h in rnd.dealt]
    stock = list(rnd.initial_stock)
    slots = [(s, i) for s in range(len(hands)) if s != seat for i, t in enumerate(hands[s]) if t in unseen]
    slots += [(-1, i) for i, t in enumerate(stock) if t in unseen]
    tiles = [hands[s][i] if s >= 0 else stock[i] for s, i in slots]
    rng.shuffle(tiles)
    for (s, i), t in zip(slots, tiles):
        if s >= 0:
            hands[s][i] = t
        else:
            stock[i] = t
    copy = Round(rnd.rules, rnd.seating, hands, stock, rnd.opener, [0] * rnd.seating.n_sides)
    for move in moves:
        if move not in copy.legal_moves():
            return None
        copy.push(move)
    return copy


@settings(max_examples=60)
@given(spec=st.sampled_from(SEATINGS), seed=st.integers(0, 10_000), steps=st.integers(0, 30),
       shuffle=st.randoms(use_true_random=False), decision_seed=st.integers(0, 2 ** 32))
def test_reshuffling_unseen_tiles_never_changes_a_decision(spec, seed, steps, shuffle, decision_seed):
    game, players, partnerships = spec
    rnd, moves = played_round(game, players, partnerships, seed, steps)
    assume(not rnd.over)
    seat = rnd.to_move
    other = reshuffled(rnd, moves, seat, shuffle)
    assume(other is not None and not other.over and other.to_move == seat)
    view = view_of(rnd, seat)
    assert view_of(other, seat) == view
    for name in ("random", "greedy", "strong"):
        bot = make_bot(name, think_ms=2)
        assert bot.choose(view, random.Random(decision_seed)) == \
            bot.choose(view_of(other, seat), random.Random(decision_seed))


def test_reshuffle_really_changes_hidden_hands():
    """The property above is not vacuous: the reshuffled rounds differ in what the seat cannot see."""
    changed = 0
    for seed in range(30):
        rnd, moves = played_round("horse-race", 3, False, seed, steps=6)
        if rnd.over:
            continue
        other = reshuffled(rnd, moves, rnd.to_move, random.Random(seed))
        if other is not None and other.hands != rnd.hands:
            changed += 1
    assert changed >= 10


def test_world_rebuilds_the_position():
    rnd, _ = played_round("horse-race", 2, False, 11, steps=7)
    assert not rnd.over
    view = view_of(rnd, rnd.to_move)
    world = view.world([list(h) for h in rnd.hands], rnd.stock[rnd.stock_pos:])
    assert world.legal_moves() == rnd.legal_moves()
    assert world.layout == rnd.layout and world.scores == rnd.scores and world.to_move == rnd.to_move
    assert world.scores is not rnd.scores


def test_pending_drawn_tile_is_in_the_view():
    for seed in range(300):
        match = Match("horse-race", 2, seed=seed)
        rnd = match.new_round()
        rng = random.Random(seed)
        while not rnd.over and rnd.pending is None:
            rnd.push(random_policy(rnd, rng))
        if rnd.pending is not None:
            break
    else:
        pytest.fail("no pending tile in 300 seeds")
    view = view_of(rnd, rnd.to_move)
    assert view.pending is rnd.pending
    assert all(isinstance(m, Placement) and m.tile is rnd.pending for m in view.legal_moves())
    assert view_of(rnd, 1 - rnd.to_move).pending is None
    assert DRAW not in view.legal_moves()
