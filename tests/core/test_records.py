"""Game records (``dominolab.record/1``): writing, replaying, and rejecting corruptions.

Every record the engine writes must (a) follow the contract's structure, (b) be
accepted by ``replay`` and (c) be accepted by the independent reference model.
Every corruption must be rejected with a :class:`RecordError` naming the first
wrong event: ``round N``, ``event K`` and the field where there is one.
"""

from __future__ import annotations

import copy
import functools
import json
import re

import pytest

from reference import FT, HR, SEATINGS, play_match, ref_check_record, seating_id
from dominolab.core.engine import Match, greedy_policy, random_policy
from dominolab.core.errors import RecordError
from dominolab.core.record import load_record, match_to_record, replay, write_record

SEEDS = (1, 2, 3)


@functools.lru_cache(maxsize=None)
def _record_json(game, players, partnerships, seed, policy="random") -> str:
    pol = random_policy if policy == "random" else greedy_policy
    return json.dumps(match_to_record(play_match((game, players, partnerships), seed, pol)))


def record_for(spec, seed=1, policy="random") -> dict:
    """A fresh (mutable) copy of the record of a whole seeded match."""
    return json.loads(_record_json(*spec, seed, policy))


def spec_params():
    return pytest.mark.parametrize("spec", SEATINGS, ids=[seating_id(s) for s in SEATINGS])


def rejected(record) -> str:
    with pytest.raises(RecordError) as info:
        replay(record)
    message = str(info.value)
    assert "\n" not in message
    return message


def assert_names(message: str, round_no: int | None = None, event: int | None = None, field: str | None = None):
    if round_no is not None:
        assert re.search(rf"\bround {round_no}\b", message), message
    if event is not None:
        assert re.search(rf"\bevent {event}\b", message), message
    if field is not None:
        assert field in message, message


def events_of(record, kind):
    """(round number, event index, event) for every event of a type."""
    return [(r["number"], k, e) for r in record["rounds"] for k, e in enumerate(r["events"]) if e["type"] == kind]


# -- valid records ------------------------------------------------------------------------


@spec_params()
@pytest.mark.parametrize("seed", SEEDS)
def test_records_replay_and_follow_the_contract(spec, seed):
    game, players, partnerships = spec
    record = record_for(spec, seed)
    n_sides = 2 if partnerships else players
    assert record["format"] == "dominolab.record/1"
    assert (record["game"], record["players"], record["partnerships"], record["target"]) == (
        game, players, partnerships, 61)
    assert len(record["scores"]) == n_sides
    assert record["winners"] and all(0 <= w < n_sides for w in record["winners"])
    for i, r in enumerate(record["rounds"]):
        assert r["number"] == i + 1
        assert r["end"] in ("domino", "blocked", "target")
        assert len(r["hands"]) == players
        for e in r["events"]:
            assert e["type"] in ("play", "draw", "pass", "settle")
            if e["type"] == "settle":
                assert game == HR, "settlements are Horse Race only"
            if e["type"] == "draw":
                assert game == HR, "Fives and Threes never draws"
    # json round trip, the engine's replay and the reference model
    assert json.loads(json.dumps(record)) == record
    match = replay(record)
    assert match.scores == record["scores"]
    assert sorted(match.winners) == sorted(record["winners"])
    assert [match_to_record(match)["rounds"][i]["events"] for i in range(len(record["rounds"]))] == \
        [r["events"] for r in record["rounds"]]
    ref_check_record(record)


@spec_params()
def test_greedy_records_replay(spec):
    record = record_for(spec, 4, "greedy")
    replay(record)
    ref_check_record(record)


def test_write_and_load_record(tmp_path):
    match = play_match((HR, 3, False), 8)
    path = tmp_path / "m.json"
    write_record(match, path)
    record = load_record(path)
    assert record == json.loads(json.dumps(match_to_record(match)))
    assert replay(record).scores == match.scores


@pytest.mark.parametrize("content,what", [
    (None, "no such file"),
    ("{not json", "JSON"),
    ("[1, 2]", "object"),
])
def test_load_record_rejects_missing_and_corrupt_files(tmp_path, content, what):
    path = tmp_path / "r.json"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    with pytest.raises(RecordError) as info:
        load_record(path)
    assert what in str(info.value)


@spec_params()
def test_in_progress_record_is_accepted(spec):
    record = record_for(spec, 2)
    last = record["rounds"][-1]
    events = last["events"]
    k = len(events) // 2
    while k > 0 and events[k]["type"] == "settle":
        k -= 1
    kept = events[:k]
    last["events"] = kept
    last["end"] = None
    record["winners"] = []
    with_scores = [e for r in record["rounds"] for e in r["events"] if "scores" in e]
    record["scores"] = with_scores[-1]["scores"] if with_scores else [0] * len(record["scores"])
    match = replay(record)
    assert not match.over and list(match.winners) == []
    assert match.scores == record["scores"]
    ref_check_record(record)
    # an empty last round is in progress too
    last["events"] = []
    prior = [e for r in record["rounds"][:-1] for e in r["events"] if "scores" in e]
    record["scores"] = prior[-1]["scores"] if prior else [0] * len(record["scores"])
    replay(record)


@spec_params()
def test_record_of_a_match_in_progress_from_the_engine(spec):
    match = Match(*spec, seed=21)
    rnd = match.new_round()
    for _ in range(7):
        if rnd.over:
            break
        rnd.push(rnd.legal_moves()[-1])
    record = match_to_record(match)
    assert record["winners"] == []
    if not rnd.over:
        assert record["rounds"][-1]["end"] is None
    replay(json.loads(json.dumps(record)))
    ref_check_record(record)


# -- corruptions --------------------------------------------------------------------------


def first_play(record, with_index_at_least=1):
    for n, k, e in events_of(record, "play"):
        if k >= with_index_at_least:
            return n, k, e
    raise AssertionError("no play event")


@spec_params()
@pytest.mark.parametrize("field,change", [
    ("sum", lambda v: v + 1),
    ("credit", lambda v: v + 1),
    ("scored", lambda v: v + 1),
    ("bonus", lambda v: v + 1),
    ("scores", lambda v: [v[0] + 1] + v[1:]),
    ("source", lambda v: "drawn" if v == "hand" else "hand"),
])
def test_changed_play_field_is_named(spec, field, change):
    record = record_for(spec)
    n, k, event = first_play(record, 2)
    event[field] = change(event[field])
    assert_names(rejected(record), n, k, field)


@spec_params()
def test_changed_seat_is_named(spec):
    record = record_for(spec)
    n, k, event = first_play(record, 1)
    event["seat"] = (event["seat"] + 1) % spec[1]
    assert_names(rejected(record), n, k, "seat")


@spec_params()
def test_illegal_tile_is_rejected(spec):
    record = record_for(spec)
    n, k, event = first_play(record, 1)
    opening = record["rounds"][n - 1]["events"][0]["tile"]      # already on the table
    event["tile"] = opening
    message = rejected(record)
    assert_names(message, n, k)
    assert "illegal" in message


@spec_params()
def test_play_at_an_occupied_point_is_rejected(spec):
    record = record_for(spec)
    rnd = record["rounds"][0]
    plays = [(k, e) for k, e in enumerate(rnd["events"]) if e["type"] == "play" and e["at"]]
    (_, first), (k2, second) = plays[0], plays[1]
    second["at"] = first["at"]
    assert_names(rejected(record), 1, k2)


@spec_params()
def test_dropped_first_event_is_named(spec):
    record = record_for(spec)
    del record["rounds"][0]["events"][0]
    assert_names(rejected(record), 1, 0)


def first_draw(spec):
    """A record of ``spec`` that has a draw event, and its first draw (round, index, event)."""
    for seed in range(1, 30):
        record = record_for(spec, seed)
        draws = events_of(record, "draw")
        if draws:
            return record, draws[0]
    raise AssertionError(f"no record of {spec} with a draw in 29 seeds")


def test_dropped_draw_is_named():
    record, (n, k, _) = first_draw((HR, 2, False))
    del record["rounds"][n - 1]["events"][k]
    assert_names(rejected(record), n, k)


@pytest.mark.parametrize("spec", [s for s in SEATINGS if s[0] == HR], ids=seating_id)
def test_dropped_settlement_is_named(spec):
    record = record_for(spec)
    for r in record["rounds"]:
        if r["events"][-1]["type"] == "settle":
            k = len(r["events"]) - 1
            del r["events"][k]
            message = rejected(record)
            assert_names(message, r["number"], k)
            assert "settle" in message
            return
    pytest.fail("no settlement in the record")


@spec_params()
def test_dropped_last_play_of_a_finished_round(spec):
    record = record_for(spec)
    r = record["rounds"][0]
    while r["events"][-1]["type"] == "settle":
        r["events"].pop()
    r["events"].pop()
    message = rejected(record)
    assert_names(message, 1)


@spec_params()
@pytest.mark.parametrize("where", ["first", "last"])
def test_event_after_the_end_is_rejected(spec, where):
    record = record_for(spec)
    r = record["rounds"][0 if where == "first" else -1]
    k = len(r["events"])
    r["events"].append({"type": "pass", "seat": 0})
    message = rejected(record)
    assert_names(message, r["number"], k)


@spec_params()
def test_duplicate_tile_in_hands_is_rejected(spec):
    record = record_for(spec)
    r = record["rounds"][0]
    r["hands"][1][0] = r["hands"][0][0]
    message = rejected(record)
    assert_names(message, 1, field="hands")
    assert r["hands"][0][0] in message


@spec_params()
def test_wrong_hand_size_is_rejected(spec):
    record = record_for(spec)
    r = record["rounds"][0]
    r["stock"].append(r["hands"][0].pop())
    assert_names(rejected(record), 1, field="hands")


@spec_params()
def test_changed_opener_where_the_rules_fix_it(spec):
    game = spec[0]
    for seed in range(1, 40):
        record = record_for(spec, seed)
        rounds = record["rounds"]
        fixed = [i for i in range(1, len(rounds)) if game == FT or rounds[i - 1]["end"] == "domino"]
        if fixed:
            break
    else:
        pytest.fail("no round with a fixed opener")
    i = fixed[0]
    rounds[i]["opener"] = (rounds[i]["opener"] + 1) % spec[1]
    assert_names(rejected(record), i + 1, field="opener")


@spec_params()
def test_changed_end_is_named(spec):
    record = record_for(spec)
    r = record["rounds"][0]
    r["end"] = {"domino": "blocked", "blocked": "domino", "target": "domino"}[r["end"]]
    assert_names(rejected(record), 1, field="end")


@spec_params()
def test_changed_final_winners_and_scores_are_named(spec):
    record = record_for(spec)
    n_sides = len(record["scores"])
    bad = copy.deepcopy(record)
    bad["winners"] = [(record["winners"][0] + 1) % n_sides]
    assert_names(rejected(bad), field="winners")
    bad = copy.deepcopy(record)
    bad["winners"] = []
    assert_names(rejected(bad), field="winners")
    bad = copy.deepcopy(record)
    bad["scores"][0] += 1
    assert_names(rejected(bad), field="scores")


@pytest.mark.parametrize("spec", [s for s in SEATINGS if s[0] == HR], ids=seating_id)
@pytest.mark.parametrize("field", ["credits", "winners", "pips", "scores", "reason"])
def test_changed_settlement_field_is_named(spec, field):
    record = record_for(spec)
    n, k, event = events_of(record, "settle")[0]
    if field == "reason":
        event[field] = "blocked" if event[field] == "domino" else "domino"
    elif field == "winners":
        event[field] = [w for w in range(len(event["credits"])) if w not in event[field]][:1] or []
    else:
        event[field] = [v + 1 for v in event[field]]
    assert_names(rejected(record), n, k, field)


def test_changed_draw_tile_is_named():
    record, (n, k, event) = first_draw((HR, 3, False))
    r = record["rounds"][n - 1]
    event["tile"] = r["hands"][0][0]
    assert_names(rejected(record), n, k, "tile")


@spec_params()
def test_a_draw_in_place_of_a_play_is_rejected(spec):
    record = record_for(spec)
    n, k, event = first_play(record, 1)
    record["rounds"][n - 1]["events"][k] = {"type": "draw", "seat": event["seat"], "tile": "[0|0]"}
    assert_names(rejected(record), n, k)


@pytest.mark.parametrize("field,value", [
    ("format", "dominolab.record/2"),
    ("target", 60),
    ("players", 5),
    ("game", "muggins"),
])
def test_bad_header_is_rejected(field, value):
    record = record_for((FT, 3, False))
    record[field] = value
    message = rejected(record)
    assert field in message or str(value) in message


def test_round_after_the_match_is_won_is_rejected():
    record = record_for((HR, 2, False))
    extra = copy.deepcopy(record["rounds"][0])
    extra["number"] = len(record["rounds"]) + 1
    record["rounds"].append(extra)
    assert_names(rejected(record), extra["number"])


def test_renumbered_round_is_named():
    record = record_for((FT, 2, False))
    record["rounds"][0]["number"] = 2
    assert_names(rejected(record), 1, field="number")


# -- the strict reader: typed values first, replay second -------------------------------------

from dominolab.core.errors import RecordFormatError  # noqa: E402
from dominolab.core.record import (DrawRecord, PassRecord, PlayRecord, Record, SettleRecord, loads_record,  # noqa: E402
                              parse_record)
from dominolab.core.tiles import Tile  # noqa: E402


@spec_params()
def test_parse_record_gives_typed_values_that_replay_alike(spec):
    record = record_for(spec, 2)
    typed = parse_record(record)
    assert isinstance(typed, Record) and typed.players == record["players"]
    kinds = {PlayRecord: "play", DrawRecord: "draw", PassRecord: "pass", SettleRecord: "settle"}
    events = [e for r in typed.rounds for e in r.events]
    assert [kinds[type(e)] for e in events] == [e["type"] for r in record["rounds"] for e in r["events"]]
    assert [e.to_json() for e in events] == [e for r in record["rounds"] for e in r["events"]]
    assert all(isinstance(t, Tile) for r in typed.rounds for hand in r.hands for t in hand)
    assert replay(typed).scores == replay(record).scores == record["scores"]
    assert parse_record(typed) is typed


@pytest.mark.parametrize("value", [True, 1.0, "1", None, [1]], ids=["true", "float", "string", "null", "list"])
def test_a_round_number_of_another_type_is_never_equal(value):
    record = record_for((HR, 2, False))
    record["rounds"][0]["number"] = value
    with pytest.raises(RecordFormatError) as info:
        replay(record)
    assert str(info.value).startswith("rounds[0].number: expected an integer")


def test_the_reader_round_trips_what_the_writer_writes(tmp_path):
    match = play_match((FT, 4, True), 3)
    path = tmp_path / "m.json"
    write_record(match, path)
    raw = path.read_bytes()
    assert loads_record(raw) == loads_record(raw.decode()) == load_record(path) == match_to_record(match)
    assert loads_record(b"\xef\xbb\xbf" + raw) == load_record(path)       # a UTF-8 byte order mark is fine


def test_record_errors_are_classified():
    record = record_for((HR, 3, False))
    record["rounds"][0]["events"][0]["sum"] += 1
    with pytest.raises(RecordError) as info:
        replay(record)
    assert not isinstance(info.value, RecordFormatError)                # a rule violation
    record["rounds"][0]["events"][0]["sum"] = "ten"
    with pytest.raises(RecordFormatError):                              # a malformed record
        replay(record)
