"""A move's value in named parts (issue 28, point 1): exact bookkeeping of the search bots' own play-outs.

The parts (:data:`dominolab.play.search.PARTS`) are read from the engine's events of every play-out;
they sum to the value in every play-out and on average, the bots' values and decisions are what they
were before the parts existed (``tests/data/move-parts-reference.json``, made with the code before them),
and the rounded parts of ``review --json`` sum exactly to the rounded value.
"""

from __future__ import annotations

import hashlib
import json
import math
import random
from pathlib import Path

import pytest

from reference import SEATINGS
from test_view import played_round
from dominolab.core.engine import Match, PlayEvent, SettleEvent, parse_move, position, random_policy
from dominolab.core.record import load_record
from dominolab.core.view import view_of
from dominolab.play import expert
from dominolab.play.bots import StrongBot
from dominolab.play.expert import EXACT_TILES, ExpertBot
from dominolab.play.review import Review, _decisions, match_of_record, rounded_parts
from dominolab.play.search import PARTS, WIN_BONUS, MoveValue, best_other, playout_parts

pytestmark = pytest.mark.slow          # every golden record and sampled decisions searched

HERE = Path(__file__).resolve().parents[1]
GOLDEN = sorted((HERE / "golden").glob("*.record.json"))
REFERENCE = HERE / "data" / "move-parts-reference.json"
NOW, TURN, REPLIES, LATER_OWN, LATER_OTHER, SETTLEMENT, BONUS = range(len(PARTS))


def bots() -> list[StrongBot | ExpertBot]:
    return [StrongBot(3), ExpertBot(4)]


def check_parts(bot: StrongBot | ExpertBot, view, state: tuple) -> list[MoveValue]:
    """Evaluate ``view`` with the rng in ``state`` and check every move's parts against its value."""
    rng = random.Random()
    if isinstance(bot, ExpertBot):
        # racing (the advisor's mode): a move dropped early is valued against the leader on the shared deals,
        # its parts shifted alike, so they still sum to its value; the others are plain means of their deals
        rng.setstate(state)
        raced = bot.evaluate(view, rng)
        most = max((mv.deals for mv in raced), default=0)
        for mv in raced:
            assert tuple(mv.parts) == PARTS and abs(sum(mv.parts.values()) - mv.value) <= 1e-9, mv
            if mv.deals == most and mv.deals:
                assert abs(sum(map(sum, mv.deal_parts)) / mv.deals - mv.value) <= 1e-9
    rng.setstate(state)
    # every move on every deal: the expert's full evaluation, the strong bot's only one
    scored = bot.evaluate(view, rng, race=False) if isinstance(bot, ExpertBot) else bot.evaluate(view, rng)
    for mv in scored:
        assert tuple(mv.parts) == PARTS
        assert abs(sum(mv.parts.values()) - mv.value) <= 1e-9, mv
        assert len(mv.deal_parts) == mv.deals
        sums = [sum(row) for row in mv.deal_parts]
        if mv.deals:
            mean = sum(sums) / mv.deals
            assert abs(mean - mv.value) <= 1e-9
            for j, name in enumerate(PARTS):
                assert abs(sum(row[j] for row in mv.deal_parts) / mv.deals - mv.parts[name]) <= 1e-9
        else:                                       # a forced move: value 0 on no deals, every part 0
            assert mv.value == 0 and all(v == 0 for v in mv.parts.values())
        if mv.deals > 1:
            var = sum((s - mean) ** 2 for s in sums) / (mv.deals - 1)
            assert math.isclose(math.sqrt(var / mv.deals), mv.stderr, rel_tol=1e-6, abs_tol=1e-9)
        for row in mv.deal_parts:
            # what the mover's side books is +, the best other side's -, each part only one kind
            assert row[NOW] >= 0 and row[TURN] >= 0 and row[LATER_OWN] >= 0
            assert row[REPLIES] <= 0 and row[LATER_OTHER] <= 0
            assert all(v == int(v) for v in row[:BONUS])          # points are whole
            bonus = bot.win_bonus
            # the expert counts the winners' bonus and the losers' (each win_bonus * BONUS_FACTOR, issue 30)
            won = 2 * bonus * expert.BONUS_FACTOR
            assert row[BONUS] in ((0.0, bonus, -bonus) if bot.name == "strong" else (0.0, won, -won))
        cents = rounded_parts(mv.parts, mv.value)
        assert sum(round(c * 100) for c in cents.values()) == round(round(mv.value, 2) * 100)
        assert all(abs(cents[k] - mv.parts[k]) < 0.07 for k in PARTS)     # at most len(PARTS) hundredths moved
    return scored


def expert_deals_agree(bot: ExpertBot, view, state: tuple) -> None:
    """The expert's per-deal part vectors sum to its per-deal values (deal k the same deal for every move)."""
    moves = view.legal_moves()
    if len(moves) < 2:
        return
    rng = random.Random()
    rng.setstate(state)
    parts: list = []
    values = bot._root_values(view, rng, moves, race=False, parts=parts)
    for vals, rows in zip(values, parts):
        assert len(vals) == len(rows)
        for v, row in zip(vals, rows):
            assert abs(sum(row) - v) <= 1e-9


# -- the values and decisions are unchanged ------------------------------------------------------

def test_values_and_decisions_are_those_before_the_parts():
    """Every evaluated value (to the last bit, with its standard error) and every choice on a fixed set of
    decisions of the golden records equals what the code before the parts computed."""
    reference = json.loads(REFERENCE.read_text())
    seen = {}
    for path in GOLDEN:
        match = match_of_record(load_record(path), path.name)
        decisions = _decisions(match, [0])[::4]
        for bot in bots():
            digest = hashlib.sha256()
            chosen = []
            for d in decisions:
                rng = random.Random()
                rng.setstate(d.rng_state)
                # the expert's full evaluation (every move on every deal), as before racing became its default
                scored = bot.evaluate(d.view, rng, race=False) if isinstance(bot, ExpertBot) else bot.evaluate(d.view, rng)
                for x in scored:
                    digest.update(f"{x.move} {x.value.hex()} {x.stderr.hex()} {x.deals};".encode())
                rng.setstate(d.rng_state)
                chosen.append(str(bot.choose(d.view, rng)))
            seen[f"{path.name.removesuffix('.record.json')}/{bot.name}"] = [digest.hexdigest()[:16], " ".join(chosen)]
    assert seen == reference


# -- the parts sum to the value ------------------------------------------------------------------

@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.name.removesuffix(".record.json"))
def test_parts_sum_to_the_value_on_the_golden_records(path: Path):
    match = match_of_record(load_record(path), path.name)
    decisions = [d for d in _decisions(match, range(match.seating.players)) if len(d.view.legal_moves()) > 1]
    assert decisions
    for d in decisions[::3]:
        for bot in bots():
            check_parts(bot, d.view, d.rng_state)


def sampled_views(game: str, count: int):
    """``count`` decisions with a choice of ``game``: round 1 of seeded matches after random moves, every seating."""
    specs = [s for s in SEATINGS if s[0] == game]
    k = 0
    seed = 0
    while k < count:
        spec = specs[seed % len(specs)]
        rnd, _ = played_round(*spec, seed=seed, steps=seed % 37)
        seed += 1
        if rnd.over or len(rnd.legal_moves()) < 2:
            continue
        k += 1
        yield view_of(rnd, rnd.to_move), random.Random(seed).getstate()


@pytest.mark.parametrize("game", ["horse-race", "fives-and-threes"])
def test_parts_sum_to_the_value_on_200_sampled_decisions(game: str):
    for view, state in sampled_views(game, 200):
        for bot in bots():
            check_parts(bot, view, state)
        expert_deals_agree(ExpertBot(4), view, state)


def endgames(game: str, count: int):
    """Positions of ``game`` where the expert searches exactly: no tile to draw, few tiles in the hands."""
    found = 0
    for seed in range(10_000):
        match = Match(game, 2 + seed % 3 if game == "horse-race" else 2, seed=seed)
        rnd = match.new_round()
        rng = random.Random(seed)
        while not rnd.over:
            if ((not rnd.rules.drawing or rnd.stock_left == 0) and sum(map(len, rnd.hands)) <= EXACT_TILES
                    and len(rnd.legal_moves()) > 1):
                yield view_of(rnd, rnd.to_move), random.Random(seed).getstate()
                found += 1
                break
            rnd.push(random_policy(rnd, rng))
        if found == count:
            return


@pytest.mark.parametrize("game", ["horse-race", "fives-and-threes"])
def test_parts_of_the_exact_search_are_those_of_its_line(game: str, monkeypatch: pytest.MonkeyPatch):
    """Where the expert solves the end of the round exactly, the parts are those of the line it returns."""
    calls = []
    exact = expert._exact

    def counted(*args):
        calls.append(1)
        return exact(*args)

    monkeypatch.setattr(expert, "_exact", counted)
    views = list(endgames(game, 8))
    assert len(views) == 8
    for view, state in views:
        before = len(calls)
        check_parts(ExpertBot(4), view, state)
        assert len(calls) > before             # the exact search ran
        expert_deals_agree(ExpertBot(4), view, state)


# -- a part lands where it should ------------------------------------------------------------------

def test_a_double_that_keeps_the_turn_books_its_follow_up_in_turn():
    """[1|1] scores nothing and keeps the turn; [2|3] after it scores 1 in the same turn."""
    rnd = position("horse-race", 2, layout="[1|2]", hands=[["[1|1]", "[2|3]", "[6|6]"], ["[0|0]", "[0|4]"]],
                   stock=[])
    double = parse_move("[1|1]@[1|2].low")
    assert rnd.preview(double).play == 0 and rnd.preview(double).stays
    world = rnd.copy()
    world.push(double)
    follow = parse_move("[2|3]@[1|2].high")
    assert world.preview(follow).play == 1
    view = view_of(rnd, 0)
    for bot in bots():
        scored = {mv.move: mv for mv in check_parts(bot, view, random.Random(5).getstate())}
        for row in scored[double].deal_parts:
            assert row[NOW] == 0 and row[TURN] >= 1
        assert scored[double].parts["now"] == 0 and scored[double].parts["turn"] >= 1


def test_a_horse_race_round_end_books_the_settlement_in_settlement():
    """Playing out ends the round: the play is ``now``, the settlement's credits are ``settlement``."""
    rnd = position("horse-race", 2, layout="[1|2]", hands=[["[2|6]"], ["[5|5]", "[4|6]", "[3|4]"]], stock=[],
                   scores=[10, 12])
    move = parse_move("[2|6]@[1|2].high")
    preview = rnd.preview(move)
    assert preview.settlement is not None
    # the bookkeeping itself, on the real deal
    world = rnd.copy()
    world.push(move)
    assert [type(e) for e in world.events] == [PlayEvent, SettleEvent]
    gains = [a - b for a, b in zip(world.scores, rnd.scores)]
    row = playout_parts(world.events, 0, 0, best_other(gains, 0), [0, 1], 0.0)
    credits = preview.settlement_credits
    assert row[NOW] == preview.play and row[SETTLEMENT] == credits[0] - credits[1] > 0
    assert sum(row) == gains[0] - gains[1]
    # the bots: every deal of the move ends the round here
    view = view_of(rnd, 0)
    for bot in bots():
        scored = {mv.move: mv for mv in check_parts(bot, view, random.Random(3).getstate())}
        for row in scored[move].deal_parts:
            assert row[NOW] == preview.play and row[SETTLEMENT] > 0
            assert row[TURN] == row[REPLIES] == row[LATER_OWN] == row[LATER_OTHER] == 0


def test_a_play_past_the_exact_61_books_nothing_and_reaching_it_books_the_bonus():
    """At 59 in Fives and Threes a play worth 3 is void (``now`` 0); one worth 2 wins the match (``bonus``)."""
    rnd = position("fives-and-threes", 2, layout="[2|3]", hands=[["[3|4]", "[2|6]", "[1|1]"], ["[0|0]", "[0|5]"]],
                   scores=[59, 40])
    moves = {str(m): rnd.preview(m) for m in rnd.legal_moves()}
    void = [m for m, p in moves.items() if p.void]
    wins = [m for m, p in moves.items() if p.play and rnd.scores[0] + p.play == 61]
    assert void and wins
    view = view_of(rnd, 0)
    for bot in bots():
        scored = {str(mv.move): mv for mv in check_parts(bot, view, random.Random(9).getstate())}
        for m in void:
            assert all(row[NOW] == 0 for row in scored[m].deal_parts)
        for m in wins:
            bonus = WIN_BONUS if bot.name == "strong" else 2 * WIN_BONUS
            assert all(row[NOW] == 2 and row[BONUS] == bonus for row in scored[m].deal_parts)


def test_partner_points_are_the_movers_side():
    """In a partnership game the partner's points count for the mover (``later_own``), never against."""
    for view, state in sampled_views("fives-and-threes", 40):
        if not view.seating.partnerships:
            continue
        scored = check_parts(StrongBot(3), view, state)
        assert any(mv.parts["later_own"] > 0 for mv in scored)


# -- the JSON ----------------------------------------------------------------------------------------

def test_review_json_gives_every_move_its_rounded_parts():
    path = next(p for p in GOLDEN if p.name.startswith("horse-race-2i"))
    review = Review(match_of_record(load_record(path), path.name), [0], think_ms=3)
    rows = review.rows()
    assert rows
    for row in rows[:30]:
        for move in row["moves"]:
            assert list(move["parts"]) == list(PARTS)
            assert sum(round(v * 100) for v in move["parts"].values()) == round(move["value"] * 100)
        if row["forced"]:
            assert all(v == 0 for v in row["moves"][0]["parts"].values())


@pytest.mark.parametrize("parts, value", [
    ({"now": 1 / 3, "turn": 1 / 3, "replies": 1 / 3}, 1.0),
    ({"now": 0.005, "replies": -0.005}, 0.0),
    ({"now": 2.675, "turn": -1.125, "later_own": 0.004, "bonus": -20.0}, 2.675 - 1.125 + 0.004 - 20.0),
    ({p: -0.019 for p in PARTS}, -0.019 * 7),
])
def test_rounded_parts_sum_exactly_to_the_rounded_value(parts, value):
    cents = rounded_parts(parts, value)
    assert sum(round(c * 100) for c in cents.values()) == round(round(value, 2) * 100)
    assert all(abs(cents[k] - parts.get(k, 0.0)) < 0.02 for k in PARTS)


def test_the_reference_part_names_every_part_in_order():
    """book/notation.md's table of the parts lists :data:`PARTS`, in order."""
    text = (HERE.parent / "book" / "notation.md").read_text()
    section = text[text.index("#### Die Teile eines Werts"):]
    section = section[:section.index("\n\n", section.index("| Teil |"))]
    names = [line.split("`")[1] for line in section.splitlines() if line.startswith("| `")]
    assert tuple(names) == PARTS
