"""Every valid game description plays matches that end (issue 27, point 1).

* A Hypothesis strategy over all valid descriptions (every :class:`GameRules` field varied
  within its validation) plays random and greedy matches: every round ends within
  :meth:`GameRules.move_bound` moves, every match within ``max_rounds`` rounds (won by the
  highest score when the limit ends it), the record replays and the independent reference
  model (``reference``) agrees with it - the settlement void under an exact target and the
  round limit included.
* The exact-target rule for settlement credits (interpretation ``zh-abrechnung-exaktes-ziel``)
  and the round limit (``zi-rundengrenze``) on hand-made positions, in records and in files.
* A third game, Horse Race with an exact target and its pip settlement
  (``tests/data/exact-horse-race.toml``), plays 200 matches through ``dominolab simulate``:
  all end, all replay.
"""

from __future__ import annotations

import json
from pathlib import Path
from types import MappingProxyType
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from reference import ref_check_record
from dominolab.core.engine import PASS, DrawEvent, Match, PassEvent, PlayEvent, Round, greedy_policy, random_policy
from dominolab.core.errors import MoveBoundError, RecordError, RecordFormatError, RulesError
from dominolab.core.gamefile import load_rules, loads_rules, rules_to_data, rules_to_toml
from dominolab.core.record import match_to_record, replay
from dominolab.core.rules import (DEFAULT_MAX_ROUNDS, FIVES_AND_THREES, GAMES, HORSE_RACE, GameRules, OpenerRule,
                                  Seating, SpinnerRule)
from dominolab.core.tiles import ALL_TILES

EXACT_FILE = Path(__file__).resolve().parents[1] / "data" / "exact-horse-race.toml"
WORDS = MappingProxyType({"de": ("Punkt", "Punkte"), "en": ("point", "points")})
SEATINGS = [Seating(2), Seating(3), Seating(4), Seating(5), Seating(6), Seating(4, True)]


def moves_of(rnd: Round) -> int:
    """The moves of a round: its play, draw and pass events (a settlement is no move)."""
    return sum(1 for e in rnd.events if isinstance(e, (PlayEvent, DrawEvent, PassEvent)))


@st.composite
def descriptions(draw: Any) -> tuple[GameRules, Seating]:
    """Any valid description (every field varied within validation) and one of its seatings."""
    seats = draw(st.lists(st.sampled_from(SEATINGS), min_size=1, max_size=3, unique=True))
    sizes = {s: draw(st.integers(1, len(ALL_TILES) // s.players)) for s in seats}
    target = draw(st.one_of(st.integers(1, 15), st.integers(16, 150), st.integers(151, 10_000)))
    rules = GameRules(
        name="any-game", title="Any game", hand_sizes=MappingProxyType(sizes),
        drawing=draw(st.booleans()), spinners=draw(st.sampled_from(list(SpinnerRule))),
        divisors=tuple(draw(st.lists(st.integers(2, 12), min_size=1, max_size=3, unique=True))),
        raw_per_point=draw(st.integers(1, 12)), stay_on_turn=draw(st.booleans()),
        partners_play_out=draw(st.booleans()),
        domino_bonus=draw(st.one_of(st.integers(0, 3), st.integers(4, 1000))),
        pip_settlement=draw(st.booleans()), target=target, target_exact=draw(st.booleans()),
        opener_after_domino=draw(st.sampled_from(list(OpenerRule))),
        opener_after_block=draw(st.sampled_from(list(OpenerRule))),
        point_words=WORDS,
        # small limits so that unreachable targets (10,000 points) still end quickly; the default
        # limit is tried by the file test below
        max_rounds=draw(st.integers(1, 25)))
    return rules, seats[0]


def check_match(match: Match) -> None:
    rules, seating = match.rules, match.seating
    bound = rules.move_bound(seating)
    assert match.over and len(match.rounds) <= rules.max_rounds
    for rnd in match.rounds:
        assert rnd.over
        assert moves_of(rnd) <= bound, (rnd.number, moves_of(rnd), bound)
        assert all(0 <= score <= rules.target or not rules.target_exact for score in rnd.scores)
    if match.round_limit_reached:
        assert len(match.rounds) == rules.max_rounds and not match.rounds[-1].match_winners
        best = max(match.scores)
        assert match.winners == tuple(i for i, s in enumerate(match.scores) if s == best)
    else:
        assert match.winners == match.rounds[-1].match_winners
    record = match_to_record(match)
    assert ("round_limit" in record) == match.round_limit_reached
    assert match_to_record(replay(json.loads(json.dumps(record)))) == record
    ref_check_record(record)                 # the reference model: same settlement rule, same limit


@pytest.mark.slow
@pytest.mark.rule("ft.target.event-void-beyond-61", "ft.target.exactly-61")
@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(descriptions(), st.integers(0, 2**32 - 1))
def test_every_valid_description_plays_matches_that_end(game: tuple[GameRules, Seating], seed: int) -> None:
    rules, seating = game
    for policy in (random_policy, greedy_policy):
        check_match(Match(rules, seating.players, seating.partnerships, seed=seed).play(policy))


# -- the move bound ----------------------------------------------------------------------------

def test_the_move_bound_of_the_built_in_games() -> None:
    # (dealt + stock) * players + stock
    assert HORSE_RACE.move_bound(Seating(2)) == 28 * 2 + 14
    assert HORSE_RACE.move_bound(Seating(4, True)) == 28 * 4 + 8
    assert FIVES_AND_THREES.move_bound(Seating(3)) == 15 * 3


@pytest.mark.parametrize("game", list(GAMES))
def test_real_rounds_stay_within_the_move_bound(game: str) -> None:
    rules = GAMES[game]
    for seating in rules.hand_sizes:
        bound = rules.move_bound(seating)
        for seed in range(15):
            for policy in (random_policy, greedy_policy):
                match = Match(rules, seating.players, seating.partnerships, seed=seed).play(policy)
                assert max(moves_of(r) for r in match.rounds) <= bound


def test_a_position_built_blocked_ends_with_its_first_pass() -> None:
    # nobody can play on [6|6] and nothing can be drawn: the only move is a pass, and it ends the round
    rnd = Round("fives-and-threes", Seating(2), [["[0|1]"], ["[1|2]"]], [], 0, [0, 0], layout="[6|6]")
    assert rnd.legal_moves() == [PASS]
    rnd.push(PASS)
    assert rnd.end == "blocked" and [type(e) for e in rnd.events] == [PassEvent]


def test_passes_that_run_past_the_bound_are_an_engine_error_not_an_endless_round(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # with the block test broken on purpose, a blocked position would pass for ever: the engine stops it
    monkeypatch.setattr(Round, "is_blocked", lambda self, counts=None, held=None: False)
    rnd = Round("fives-and-threes", Seating(2), [["[0|1]"], ["[1|2]"]], [], 0, [0, 0], layout="[6|6]")
    rnd.push(PASS)                                   # players - 1 = 1 pass in a row: allowed
    with pytest.raises(MoveBoundError, match="2 passes in a row"):
        rnd.push(PASS)


# -- the settlement under an exact target ----------------------------------------------------

EXACT_HR = GameRules(**{**{f: getattr(HORSE_RACE, f) for f in HORSE_RACE.__dataclass_fields__},
                        "name": "exact-race", "target_exact": True})


def domino_round(scores: list[int]) -> Round:
    """Seat 0 plays out [1|4] on [4|4] (end sum 9: no credit); seat 1 keeps 12 pips, a settlement credit of 2."""
    return Round(EXACT_HR, Seating(2), [["[1|4]"], ["[6|6]"]], [], 0, scores, layout="[4|4]")


@pytest.mark.rule("ft.target.event-void-beyond-61")
def test_a_settlement_credit_past_an_exact_target_is_void_for_that_side() -> None:
    rnd = domino_round([60, 50])
    move = rnd.legal_moves()[0]
    preview = rnd.preview(move)
    rnd.push(move)
    settle = rnd.events[-1]
    assert rnd.settlement is not None and rnd.settlement.credits == (2, 0)   # what the pips are worth
    assert settle.credits == (0, 0) and rnd.scores == [60, 50]            # 60 + 2 would pass 61: void
    assert preview.settlement_credits == (0, 0) and preview.total == 0
    assert rnd.match_winners == ()


@pytest.mark.rule("ft.target.exactly-61")
def test_a_settlement_landing_exactly_on_the_target_wins() -> None:
    rnd = domino_round([59, 50])
    rnd.push(rnd.legal_moves()[0])
    assert rnd.events[-1].credits == (2, 0) and rnd.scores == [61, 50] and rnd.match_winners == (0,)


def test_no_settlement_carries_a_side_past_an_exact_target() -> None:
    for seed in range(30):
        match = Match(EXACT_HR, 2, seed=seed).play(random_policy)
        assert max(match.scores) <= EXACT_HR.target
        assert match.round_limit_reached or EXACT_HR.target in match.scores


# -- the round limit ---------------------------------------------------------------------------

LIMITED = GameRules(**{**{f: getattr(HORSE_RACE, f) for f in HORSE_RACE.__dataclass_fields__},
                       "name": "endless-race", "target": 10_000, "max_rounds": 3})


def test_the_round_limit_ends_a_match_with_the_highest_score() -> None:
    match = Match(LIMITED, 3, seed=5).play(random_policy)
    assert len(match.rounds) == 3 and match.round_limit_reached
    assert match.winners == tuple(i for i, s in enumerate(match.scores) if s == max(match.scores))
    record = match_to_record(match)
    assert list(record)[-1] == "round_limit" and record["round_limit"] == 3
    assert record["rules"]["max_rounds"] == 3
    again = replay(record)
    assert again.round_limit_reached and again.winners == match.winners
    ref_check_record(record)


def test_replay_checks_the_round_limit_key() -> None:
    record = match_to_record(Match(LIMITED, 2, seed=1).play(random_policy))
    missing = {k: v for k, v in record.items() if k != "round_limit"}
    with pytest.raises(RecordError, match="round_limit"):
        replay(missing)
    with pytest.raises(RecordError, match="round_limit"):
        replay({**record, "round_limit": 4})
    with pytest.raises(RecordFormatError, match="round_limit"):
        replay({**record, "round_limit": "3"})
    normal = match_to_record(Match("horse-race", 2, seed=1).play(random_policy))
    assert "round_limit" not in normal
    with pytest.raises(RecordError, match="round_limit"):
        replay({**normal, "round_limit": DEFAULT_MAX_ROUNDS})


def test_the_description_file_reads_and_writes_max_rounds() -> None:
    text = rules_to_toml(LIMITED)
    assert "max_rounds = 3" in text and loads_rules(text).max_rounds == 3
    default = loads_rules(rules_to_toml(HORSE_RACE, name="mine").replace("max_rounds = 1000", ""))
    assert default.max_rounds == DEFAULT_MAX_ROUNDS
    assert "max_rounds" not in rules_to_data(default)      # records of such games stay as they were
    for bad in ("0", "100001", "true", '"many"'):
        with pytest.raises(RulesError, match="max_rounds"):
            loads_rules(text.replace("max_rounds = 3", f"max_rounds = {bad}"))
    with pytest.raises(RulesError, match="max_rounds"):
        GameRules(**{**{f: getattr(HORSE_RACE, f) for f in HORSE_RACE.__dataclass_fields__}, "max_rounds": 0})


# -- the third game through the command line ------------------------------------------------------

@pytest.mark.slow
def test_an_exact_target_with_a_pip_settlement_plays_200_matches_that_end_and_replay(tmp_path: Path) -> None:
    from dominolab.cli import main

    rules = load_rules(EXACT_FILE)
    assert rules.target_exact and rules.pip_settlement and rules.max_rounds == DEFAULT_MAX_ROUNDS
    out = tmp_path / "records"
    code = main(["simulate", "--rules", str(EXACT_FILE), "--players", "4", "--matches", "200", "--seed", "1",
                 "--record-dir", str(out)])
    assert code == 0
    files = sorted(out.glob("*.json"))
    assert len(files) == 200
    for i, path in enumerate(files):
        record = json.loads(path.read_text())
        match = replay(record)
        assert match.over and match_to_record(match) == record
        check_bound = rules.move_bound(match.seating)
        assert all(moves_of(r) <= check_bound for r in match.rounds)
        assert max(record["scores"]) <= rules.target
        if i < 10:
            ref_check_record(record)
