"""The JSON API of the play page (dominolab.webapi), exercised natively.

The browser test drives the same functions inside Pyodide; here they are
checked directly: URL parameters, whole rounds through ``call``, undo, hints,
records and their replay, the one-line errors, and the try-it box.
"""

from __future__ import annotations

import json
import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dominolab import webapi
from dominolab.cli import main as cli_main
from dominolab.core.record import loads_record, replay
from dominolab.core.rules import GAMES

SEATINGS = [(g.name, s.players, s.partnerships) for g in GAMES.values() for s in g.hand_sizes]


def call(method: str, **args):
    out = json.loads(webapi.call(method, json.dumps(args)))
    assert set(out) in ({"ok", "result"}, {"ok", "error", "error_de", "error_text"})
    if not out["ok"]:
        assert_german(out["error_de"])
    return out


#: English words that must not reach a reader in the page's German error sentences.
ENGLISH = re.compile(r"\b(the|is|not|no|of|and|a|to|record|error|expected|found|legal|move|round|seat|"
                     r"session|start|one|first|your|turn|key|missing|field|event|consistent)\b")


def assert_german(text: str) -> None:
    """One German line: no English word (issue 16), no Python value."""
    assert text and "\n" not in text and len(text) <= 400, text
    assert not ENGLISH.search(text.replace("dominolab.record/1", "")), text
    assert "'" not in text and "Error" not in text and "None" not in text, text


def ok(method: str, **args):
    out = call(method, **args)
    assert out["ok"], out
    return out["result"]


def error(method: str, **args) -> str:
    out = call(method, **args)
    assert out["ok"] is False, out
    message = out["error"]
    assert "\n" not in message and 0 < len(message) <= 300
    return message


def params(game, players, partnerships, seed, bots="greedy", seat=0):
    return {"game": game, "players": str(players), "partnerships": "1" if partnerships else "0",
            "seed": str(seed), "bots": bots, "seat": str(seat)}


def run_bots(sid: str, state):
    while state["state"] == "waiting":
        state = ok("bot", id=sid)
    return state


def play_round(sid: str, state, rng: random.Random):
    """Play random legal moves for the person (bots for the others) until the round ends."""
    for _ in range(500):
        state = run_bots(sid, state)
        if state["state"] != "your-turn":
            return state
        assert state["moves"], "your turn without a legal move"
        state = ok("play", id=sid, move=rng.choice(state["moves"])["move"])
    raise AssertionError("round did not end")


# -- URL parameters -------------------------------------------------------------------

def test_defaults_fill_what_the_url_leaves_out():
    p = webapi.parse_params({"seed": "7"})
    first = next(iter(GAMES["horse-race"].hand_sizes))
    assert (p["game"], p["players"], p["partnerships"], p["seat"], p["seed"]) == (
        "horse-race", first.players, first.partnerships, 0, 7)
    assert p["bots"] == [webapi.DEFAULT_BOT] * (first.players - 1)
    assert webapi.parse_params({})["seed"] >= 0


@pytest.mark.parametrize("bad, names", [
    ({"game": "chess"}, "'game'"),
    ({"players": "5"}, "'players'"),
    ({"players": "zwei"}, "'players'"),
    ({"game": "fives-and-threes", "players": "4"}, "'players'/'partnerships'"),
    ({"partnerships": "vielleicht"}, "'partnerships'"),
    ({"seat": "2", "players": "2"}, "'seat'"),
    ({"bots": "grandmaster"}, "'bots'"),
    ({"bots": "greedy,greedy", "players": "2"}, "'bots'"),
    ({"seed": "-1"}, "'seed'"),
    ({"seed": "x" * 10_000}, "'seed'"),
])
def test_bad_url_parameters_are_named_in_one_line(bad, names):
    message = error("new", id="bad", params=bad)
    assert names in message
    assert len(message) <= 300


def test_every_seating_the_documents_allow_can_be_chosen():
    offered = {(g["name"], s["players"], s["partnerships"]) for g in webapi.catalog()["games"] for s in g["seatings"]}
    assert offered == set(SEATINGS)
    for game, players, partnerships in SEATINGS:
        state = ok("new", id="all", params=params(game, players, partnerships, 1, seat=players - 1))
        assert state["params"]["players"] == players and state["seat"] == players - 1
        assert len(state["hands"]) == players


def test_the_same_seed_deals_the_same_hands():
    a = ok("new", id="a", params=params("horse-race", 3, False, 11))
    b = ok("new", id="b", params=params("horse-race", 3, False, 11))
    c = ok("new", id="c", params=params("horse-race", 3, False, 12))
    assert a["hand"] == b["hand"] and a["events"] == b["events"]
    assert (a["hand"], a["events"]) != (c["hand"], c["events"])


# -- playing --------------------------------------------------------------------------------

@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seating=st.sampled_from(SEATINGS), seed=st.integers(0, 10_000), choice=st.randoms(use_true_random=False))
def test_a_round_played_through_the_api_gives_a_record_that_replays(seating, seed, choice):
    game, players, partnerships = seating
    state = ok("new", id="p", params=params(game, players, partnerships, seed, seat=seed % players))
    state = play_round("p", state, choice)
    assert state["state"] in ("round-over", "match-over")
    assert state["end_text"] and state["moves"] == []
    record = ok("record", id="p")
    data = loads_record(record["text"], record["filename"])
    match = replay(data)
    assert list(match.scores) == state["scores"]
    assert len(data["rounds"][0]["events"]) == len(state["events"])
    plays = [e for e in state["events"] if e["type"] == "play"]
    assert plays and all(e["lines"][0] == f"Angelegt: {e['move'].split('@')[0]}" for e in plays)
    settles = [e for e in data["rounds"][0]["events"] if e["type"] == "settle"]
    if settles:     # drawn and explained from the engine's settlement
        assert state["settlement"]["credits"] == settles[0]["credits"]
        assert state["settlement"]["svg"].lstrip().startswith("<svg")
    else:
        assert state["settlement"] is None
    opened = ok("open_record", id="r", text=record["text"], name=record["filename"])
    assert opened["ok"] and opened["frames"] == len(state["events"])


def test_each_move_button_says_what_the_engine_then_scores():
    state = run_bots("s", ok("new", id="s", params=params("fives-and-threes", 2, False, 5)))
    side = state["my_side"]
    for move in state["moves"]:
        ok("new", id="s2", params=state["params"])
        before = run_bots("s2", ok("state", id="s2"))["scores"][side]
        after = ok("play", id="s2", move=move["move"])["scores"][side]
        assert after - before == move["points"], move


def test_an_illegal_move_is_refused_and_changes_nothing():
    state = run_bots("i", ok("new", id="i", params=params("horse-race", 2, False, 7)))
    legal = {m["move"] for m in state["moves"]}
    assert "[6|6]@[9|9].low" not in legal
    message = error("play", id="i", move="[6|6]@[9|9].low")
    assert "not legal" in message
    assert error("play", id="i", move="x" * 5000).count("x") < 100
    assert ok("state", id="i") == state


def test_undo_returns_to_the_position_before_your_move():
    state = run_bots("u", ok("new", id="u", params=params("horse-race", 4, True, 9)))
    assert not state["can_undo"] and "nothing to undo" in error("undo", id="u")
    before = {k: v for k, v in state.items() if k != "message"}
    moved = run_bots("u", ok("play", id="u", move=state["moves"][-1]["move"]))
    assert moved["can_undo"]
    back = ok("undo", id="u")
    assert {k: v for k, v in back.items() if k != "message"} == before
    assert back["message"]


def test_the_hint_is_a_legal_move_and_only_on_your_turn():
    state = ok("new", id="h", params=params("horse-race", 2, False, 3, bots="random"))
    if state["state"] == "waiting":
        assert "your turn" in error("hint", id="h")
    state = run_bots("h", state)
    hint = ok("hint", id="h")
    assert hint["move"] in {m["move"] for m in state["moves"]}
    # the tip writes the move as readers see it (the move button's words), never the notation
    # (this pinned the notation before issue 16: "würde [1|2]@[2|2].high spielen")
    button = next(m for m in state["moves"] if m["move"] == hint["move"])
    assert hint["move_text"] == button["text"] and hint["move_text"] in hint["text"]
    assert "@" not in hint["text"] and ".high" not in hint["text"] and ".low" not in hint["text"]
    assert ok("state", id="h")["hint"] == hint["move"]                # the tip holds until a move ...
    after = ok("play", id="h", move=hint["move"])
    assert after["hint"] is None                                       # ... and any move clears it


def test_a_bad_url_parameter_is_left_out_and_the_good_ones_kept():
    got = ok("params", params={"seat": "7", "bots": "strong", "seed": "3"}, keep_good=True)
    assert got["bots"] == ["strong"] and got["seat"] == 0 and got["seed"] == 3
    assert len(got["ignored"]) == 1 and "„seat“" in got["ignored"][0] and "ignoriert" in got["ignored"][0]
    got = ok("params", params={"game": "chess", "players": "3", "bots": "random,greedy"}, keep_good=True)
    assert got["game"] == "horse-race" and got["players"] == 3 and got["bots"] == ["random", "greedy"]
    assert ok("params", params={"seed": "5"}, keep_good=True)["ignored"] == []
    state = ok("new", id="k", params=got)                  # the page starts the match with them
    assert state["params"]["bots"] == "random,greedy"
    assert "'seat'" in error("params", params={"seat": "7"})   # without keep_good: refused as before


def test_a_whole_match_with_next_round():
    state = ok("new", id="m", params=params("horse-race", 2, False, 21))
    assert "still being played" in error("next_round", id="m")
    rng = random.Random(0)
    rounds = 0
    while True:
        state = play_round("m", state, rng)
        rounds += 1
        if state["state"] == "match-over":
            break
        assert state["state"] == "round-over"
        state = ok("next_round", id="m")
        assert state["round"] == rounds + 1
    assert state["winners"] and max(state["scores"]) >= GAMES["horse-race"].target
    assert "match is over" in error("next_round", id="m")
    replay(loads_record(ok("record", id="m")["text"]))


# -- records opened in the page -------------------------------------------------------------

@pytest.mark.parametrize("corrupt", [
    pytest.param(lambda ev: ev[0].update(sum=ev[0]["sum"] + 1), id="against-the-rules"),
    pytest.param(lambda ev: ev[-1].update(colour="blue"), id="wrong-shape"),
])
def test_a_corrupted_record_is_named_as_replay_names_it(corrupt, tmp_path, capsys):
    state = play_round("c", ok("new", id="c", params=params("horse-race", 3, False, 4)), random.Random(1))
    assert state["state"] in ("round-over", "match-over")
    data = json.loads(ok("record", id="c")["text"])
    corrupt(data["rounds"][0]["events"])
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert cli_main(["replay", str(path)]) in (1, 2)
    cli_line = capsys.readouterr().err.strip().removeprefix("dominolab: error: ")
    opened = call("open_record", id="c2", text=path.read_text(encoding="utf-8"), name="bad.json")
    # refused by call itself (not ok:true wrapping ok:false), in replay's words and in German
    assert opened["ok"] is False and opened["error"] == cli_line.replace(str(path), "bad.json")
    assert opened["error_de"].startswith("„bad.json“ ")


def test_an_unreadable_record_is_named_too():
    broken = call("open_record", id="c2", text="{", name="bad.json")
    assert broken["ok"] is False and broken["error"].startswith("bad.json: not JSON")
    assert "no record session" in error("record_frame", id="c2", index=0)


def test_a_good_record_steps_event_by_event():
    play_round("g", ok("new", id="g", params=params("fives-and-threes", 3, False, 8)), random.Random(2))
    record = ok("record", id="g")
    opened = ok("open_record", id="g2", text=record["text"], name="g.json")
    frames = [ok("record_frame", id="g2", index=i) for i in range(opened["frames"])]
    assert [f["index"] for f in frames] == list(range(opened["frames"]))
    layouts = [f["layout"] for f in frames]
    assert all(b.startswith(a) for a, b in zip(layouts, layouts[1:]))   # the layout only grows
    assert ok("record_frame", id="g2", index=10_000)["index"] == opened["frames"] - 1


# -- the try-it box and the entry point -------------------------------------------------------

def test_try_it_places_only_legal_tiles():
    state = ok("tryit_new", id="t", game="horse-race", layout="[1|4] [1|1]@[1|4].low")
    option = next(o for o in state["options"] if o["tile"] == "[4|4]")
    assert [m["move"] for m in option["moves"] if m["legal"]] == ["[4|4]@[1|4].high"]
    after = ok("tryit_place", id="t", move="[4|4]@[1|4].high")
    assert after["layout"].endswith("[4|4]@[1|4].high") and after["lines"][0] == "Angelegt: [4|4]"
    assert "occupied" in error("tryit_place", id="t", move="[4|5]@[1|4].high")
    assert "opened already" in error("tryit_place", id="t", move="[5|5]")
    assert ok("tryit_reset", id="t")["layout"] == "[1|4] [1|1]@[1|4].low"


def test_the_entry_point_answers_every_request_with_one_json_object():
    assert "unknown method" in error("no_such_method")
    out = json.loads(webapi.call("new", "[1, 2]"))
    assert out["ok"] is False and "JSON object" in out["error"]
    out = json.loads(webapi.call("new", "{not json"))
    assert out["ok"] is False and "\n" not in out["error"]
    assert "no play session" in error("state", id="never-started")


def test_try_it_offers_every_free_point_with_its_score_or_the_reason_it_is_refused():
    """Issue 15: the box says why a placement is refused and what an allowed one scores - both from
    the engine (the end sum's credit; the reason code's German sentence), for every tile not on the table."""
    import json as _json

    from dominolab import webapi
    from dominolab.core.layout import Layout
    from dominolab.core.rules import HORSE_RACE

    reply = _json.loads(webapi.call("tryit_new", _json.dumps({"id": "t15", "game": "horse-race",
                                                               "layout": "[1|4] [1|1]@[1|4].low"})))
    assert reply["ok"], reply
    layout = Layout.from_notation("[1|4] [1|1]@[1|4].low", HORSE_RACE.spinners)
    options = {o["tile"]: o for o in reply["result"]["options"]}
    assert "[1|4]" not in options and len(options) == 26
    for tile, option in options.items():
        assert [m["point"] for m in option["moves"]] == [str(p) for p in layout.open_points()]
        for m in option["moves"]:
            reason = layout.problem(m["move"])
            assert m["legal"] is (reason is None)
            if m["legal"]:
                after = layout.copy()
                after.place(m["move"])
                assert m["points"] == HORSE_RACE.credit(after.end_sum)
            else:
                assert m["why"].startswith("Nicht erlaubt: ") and m["points"] is None
        assert option["fits"] is any(m["legal"] for m in option["moves"])
    assert options["[4|4]"]["moves"][-1]["label"] == "[1|4], Ende mit der 4 – bringt 2 Anzeigepunkte"


# -- events told from the person's chair ----------------------------------------------------

@pytest.mark.parametrize("game,players,partnerships", SEATINGS)
def test_every_event_is_told_once_with_why_the_same_seat_moves_again(game, players, partnerships):
    """One entry per event of the round in the record, its index its place; a seat that moves twice
    in a row is told why; the person is "Du", the others are named from the person's chair."""
    for seed in (1, 2, 3):
        seat = seed % players
        state = ok("new", id="ev", params=params(game, players, partnerships, seed, seat=seat))
        state = play_round("ev", state, random.Random(seed))
        record = json.loads(ok("record", id="ev")["text"])
        events = state["events"]
        assert [e["index"] for e in events] == list(range(len(record["rounds"][-1]["events"])))
        names = {"Du", "Links", "Gegenüber", "Rechts"}
        assert set(state["names"]) <= names and state["names"][seat] == "Du"
        for e, nxt in zip(events, events[1:] + [None]):
            again = nxt is not None and e["seat"] is not None and nxt.get("seat") == e["seat"]
            assert bool(e["why"]) == again, (e, nxt)
            if e["seat"] is not None:
                assert e["text"].startswith("Du " if e["seat"] == seat else state["names"][e["seat"]] + " ")
            assert "Sitz" not in e["text"]


def test_a_round_without_pip_settlement_says_who_went_out_and_that_pips_count_nothing():
    seen = set()
    for seed in range(1, 40):
        state = ok("new", id="ft", params=params("fives-and-threes", 2, False, seed))
        state = play_round("ft", state, random.Random(seed))
        summary = " ".join(state["summary"])
        assert "zählen in Fives and Threes nichts" in summary
        last = next(e for e in reversed(state["events"]) if e["type"] == "play")
        if not summary.startswith("Niemand"):
            seen.add("out")
            assert " ausgespielt: Dafür bekomm" in summary, summary    # "bekommst du" / "bekommt gegenüber"
            assert "Ausspielpunkt" in last["text"] or last["credit"] >= 1
        else:
            seen.add("blocked")
            assert "gesperrt" in summary
        if seen == {"out", "blocked"}:
            break
    assert "out" in seen
    hr = play_round("hr", ok("new", id="hr", params=params("horse-race", 2, False, 3)), random.Random(3))
    assert hr["summary"] == [] and hr["settlement"] is not None     # Horse Race: the settlement tells it


def test_the_position_before_a_reviewed_decision_is_drawn():
    state = play_round("rp", ok("new", id="rp", params=params("horse-race", 2, False, 7)), random.Random(7))
    text = ok("record", id="rp")["text"]
    first = ok("record_position", text=text, round=0, event=0)
    assert first["layout"] == "" and first["svg"] == ""
    later = ok("record_position", text=text, round=0, event=3)
    assert len(later["layout"].split()) == 3 and later["svg"].startswith("<svg")
    assert "no round index 5" in error("record_position", text=text, round=5, event=0)
    assert state["events"]


# -- the levels (issue 19): offered, named in German, each with its own budget ---------------------

def test_the_catalog_offers_every_level_in_german():
    from dominolab.play.levels import LEVELS

    cat = ok("catalog")
    offered = cat["levels"]
    assert [x["number"] for x in offered] == [lv.number for lv in LEVELS]
    assert [x["name"] for x in offered] == [lv.name for lv in LEVELS]
    for x, lv in zip(offered, LEVELS):
        assert x["label"] == f"{lv.number} – {lv.german}" and x["think_ms"] == lv.think_ms
        assert_german(x["about"])
        assert x["about"] not in {y["about"] for y in offered if y is not x}      # each level its own words
    assert cat["default_bot"] in {x["name"] for x in offered}
    assert cat["advisor"] in {x["german"] for x in offered} and cat["advisor"] in cat["words"]["hint_thinking"]
    assert "bots" not in cat


@pytest.mark.parametrize("given,expected", [
    ("4", "expert"), ("stark", "strong"), ("STARK", "strong"), ("strong", "strong"), ("Expertin", None),
    ("1,expert", "random,expert"), ("strong@100", "strong@100"), ("4@100", "expert@100"), ("2@100", "greedy"),
])
def test_url_parameters_name_levels_by_number_or_name(given, expected):
    from dominolab.play.levels import LEVELS

    expected = expected or LEVELS[-1].name
    got = ok("params", params={"game": "horse-race", "players": "3" if "," in given else "2", "bots": given,
                               "seed": "1"})
    assert ",".join(got["bots"]) == expected          # each named by its level's label: the choice field's value
    state = ok("new", id="lv", params=got)
    assert state["params"]["bots"] == expected
    session = webapi.SESSIONS["lv"].session
    for level, (seat, bot) in zip(expected.split(","), sorted(session.bots.items())):
        assert session.levels[seat].label == level
        # each level thinks with its own budget (the table's, or the URL's @MS), not a page-wide one
        assert getattr(bot, "think_ms", 0) == session.levels[seat].think_ms or not session.levels[seat].think_ms
    labels = [h["bot_label"] for h in state["hands"] if h["bot"]]
    # a level with its number; the strong bot, no rated level, by its name alone
    assert all(re.fullmatch(r"(\d – )?\S+( \(\d+ ms\))?", label) for label in labels), labels
    assert all(_german_name(label) for label in labels)


def _german_name(label: str) -> bool:
    from dominolab.play.levels import LEVELS, UNRATED

    return label.split(" – ")[-1].split(" (")[0] in {lv.german for lv in LEVELS + UNRATED}


@pytest.mark.parametrize("given", ["7", "0", "grandmaster", "strong@0", "strong@x", "stark@", "@50"])
def test_an_unknown_level_is_refused_and_left_out(given):
    assert "'bots'" in error("params", params={"bots": given})
    got = ok("params", params={"bots": given, "seed": "2"}, keep_good=True)
    assert got["bots"] == [webapi.DEFAULT_BOT] and len(got["ignored"]) == 1 and "„bots“" in got["ignored"][0]


def test_the_hint_names_the_advising_level_in_german():
    from dominolab.play import levels

    state = run_bots("ha", ok("new", id="ha", params=params("horse-race", 2, False, 3, bots="random")))
    assert state["state"] == "your-turn"
    hint = ok("hint", id="ha")
    adviser = levels.advisor().level
    assert hint["bot"] == adviser.label and hint["text"].startswith(f"Tipp: {hint['move_text']} – ")
    assert hint["how"].startswith(f"Stufe „{adviser.german}“ mit {adviser.think_ms:g} ms")     # folded on the page
    assert webapi.SESSIONS["ha"].session.advisor.level.think_ms == levels.ADVISOR_HINT_MS


def test_the_advisor_is_named_in_one_place(monkeypatch):
    """The advisor is named in one place: switched to another search bot, hints and reviews follow."""
    from dominolab.play import levels
    from dominolab.play.bots import StrongBot

    monkeypatch.setattr(levels, "ADVISOR", "stark")
    monkeypatch.setattr(levels, "ADVISOR_HINT_MS", 3.0)
    state = run_bots("hx", ok("new", id="hx", params=params("fives-and-threes", 2, False, 5, bots="greedy")))
    hint = ok("hint", id="hx")
    top = levels.UNRATED[0]
    assert isinstance(webapi.SESSIONS["hx"].session.advisor.bot, StrongBot)
    assert hint["bot"] == f"{top.name}@3" and hint["text"].startswith("Tipp: ")
    assert hint["how"].startswith(f"Stufe „{top.german}“ mit 3 ms")
    assert hint["move"] in {m["move"] for m in state["moves"]}
    assert ok("catalog")["advisor"] == top.german
    ok("play", id="hx", move=hint["move"])
    plan = ok("review_plan", sid="hx", think_ms=3)
    assert (plan["level"], plan["level_number"], plan["level_label"]) == (top.name, top.number, f"{top.name}@3")
    assert f"„{top.german}“" in plan["words"]["level"]
    row = ok("review_rate", sid="hx", think_ms=3, decision=0)
    assert row["played"] == hint["move"] and row["deals"] >= 1 or row["forced"]
    values = [m["value"] for m in row["moves"]]
    assert values == sorted(values, reverse=True) and row["value_best"] == values[0]


def test_continue_from_keeps_the_levels_of_the_game():
    state = ok("new", id="cf", params=params("horse-race", 3, False, 6, bots="stark,1@7"))
    assert state["params"]["bots"] == "strong,random"       # a level without thinking keeps no budget
    state = run_bots("cf", state)
    ok("play", id="cf", move=state["moves"][0]["move"])
    after = ok("continue_from", sid="cf", think_ms=2, decision=0, id="cf2")
    assert after["params"]["bots"] == "strong,random"
    assert [h["bot_label"] for h in after["hands"] if h["bot"]] == ["stark", "1 – zufällig"]
