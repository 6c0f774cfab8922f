"""The review of a game (``dominolab review``, :mod:`dominolab.play.review`, the page's review methods).

Every decision of a seat is rated by the advisor's evaluation of ALL its legal moves on the same
sampled deals; the figures are the same twice, the same through the page API as through the command
line, and a record ``replay`` refuses is refused in the same words.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from dominolab import cli, webapi
from dominolab.play import levels
from dominolab.core.engine import DRAW, PASS, Match, PlayEvent, SettleEvent, greedy_policy
from dominolab.core.history import positions
from dominolab.core.layout import Placement
from dominolab.core.record import event_to_json, load_record, match_to_record
from dominolab.play.review import (FORMAT, LABELS, REVIEW_THINK_MS, THRESHOLDS, Review, label_of,
                                   match_of_record, moves_before)
from dominolab.play.session import position_rng

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "golden"
#: two short golden matches (a Fives and Threes pair and a Horse Race partnership game)
SHORT = ("fives-and-threes-2i-greedy-seed2.record.json", "horse-race-4p-greedy-seed2.record.json")
THINK = 5.0      # a small budget keeps the tests quick; the figures are just as deterministic


def golden(name: str) -> Match:
    return match_of_record(load_record(GOLDEN / name), name)


def cli_json(argv: list[str], capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    code = cli.main(["review", *argv, "--json", "--quiet"])
    out, err = capsys.readouterr()
    assert code == 0, err
    data: dict[str, Any] = json.loads(out)
    return data


def api(method: str, args: dict[str, Any]) -> Any:
    out = json.loads(webapi.call(method, json.dumps(args)))
    assert out["ok"], out
    return out["result"]


def api_error(method: str, args: dict[str, Any]) -> str:
    out = json.loads(webapi.call(method, json.dumps(args)))
    assert out["ok"] is False, out
    error: str = out["error"]
    assert "\n" not in error and len(error) <= 300
    return error


# -- the figures -----------------------------------------------------------------------------

def test_same_figures_twice() -> None:
    match = golden(SHORT[0])
    first = Review(match, [1], think_ms=THINK).to_json()
    second = Review(golden(SHORT[0]), [1], think_ms=THINK).to_json()
    assert first == second
    assert first["format"] == FORMAT and first["level"] == levels.resolve(levels.ADVISOR).name and first["think_ms"] == THINK


def test_a_larger_budget_samples_more_deals() -> None:
    match = golden(SHORT[0])
    small = Review(match, [0], think_ms=THINK)
    large = Review(match, [0], think_ms=4 * THINK)
    k = next(i for i in range(len(small.decisions)) if not small.rate(i)["forced"])
    assert large.rate(k)["deals"] > small.rate(k)["deals"] > 0


def test_the_search_draws_from_the_position() -> None:
    """The rng of a decision is position_rng with purpose "review" and no seed: a fixed string of the
    round number, the event index and the seat (so terminal and Pyodide draw the same numbers)."""
    match = golden(SHORT[0])
    review = Review(match, [0], think_ms=THINK)
    for d in review.decisions[:8]:
        number = match.rounds[d.round].number
        key = f"dominolab.play:review:None:{number}:{d.event}:{d.seat}"
        assert d.rng_state == random.Random(key).getstate()
    # and position_rng makes that string from a round at that point
    m = Match("horse-race", 2, seed=1)
    rnd = m.new_round()
    assert (position_rng(None, rnd, rnd.to_move, "review").getstate()
            == random.Random(f"dominolab.play:review:None:1:0:{rnd.to_move}").getstate())


@pytest.mark.parametrize("name", SHORT)
def test_every_legal_move_is_evaluated_and_losses_are_sound(name: str) -> None:
    match = golden(name)
    review = Review(match, think_ms=THINK)
    assert review.seats == list(range(match.seating.players))
    rows = review.rows()
    moves = [e for rnd in match.rounds for e in rnd.events if not isinstance(e, SettleEvent)]
    assert len(rows) == len(moves)           # every move of every seat is a decision
    steps = {r: positions(rnd) for r, rnd in enumerate(match.rounds)}
    for d, row in zip(review.decisions, rows):
        here = steps[d.round][d.event]       # the table just before the event
        live = here.round()
        # the rebuilt view is the table of the history
        assert list(d.view.hand) == list(here.hands[d.seat]) and d.view.scores == here.scores
        assert d.view.layout().placements == here.layout.placements
        legal = [str(m) for m in live.legal_moves()]
        assert sorted(x["move"] for x in row["moves"]) == sorted(legal)     # no move dropped
        assert row["played"] in legal and row["best"] in legal
        values = {x["move"]: x["value"] for x in row["moves"]}
        assert row["value_best"] == max(values.values()) == values[row["best"]]
        assert row["value_played"] == values[row["played"]]
        assert row["loss"] >= 0 and row["loss"] == pytest.approx(row["value_best"] - row["value_played"], abs=0.011)
        assert row["label"] == label_of(row["loss"])
        if row["best"] == row["played"]:
            assert row["loss"] == 0
        assert row["forced"] == (len(legal) == 1)
        assert row["deals"] > 0 or row["forced"]
        event = match.rounds[d.round].events[d.event]
        assert row["seat"] == event.seat == d.seat


def test_forced_moves_are_listed_with_no_loss_and_not_counted() -> None:
    review = Review(golden(SHORT[0]), [0], think_ms=THINK)
    out = review.to_json()
    forced = [row for row in out["decisions"] if row["forced"]]
    assert forced, "the golden match has forced moves"
    for row in forced:
        assert len(row["moves"]) == 1 and row["loss"] == 0 and row["label"] == "none" and row["deals"] == 0
        assert row["best"] == row["played"]
    s = out["summary"]
    chosen = [row for row in out["decisions"] if not row["forced"]]
    assert s["forced"] == len(forced) and s["decisions"] == len(chosen)
    assert s["labels"] == {label: sum(1 for r in chosen if r["label"] == label) for label in LABELS}
    assert s["average_loss"] == round(sum(r["loss"] for r in chosen) / len(chosen), 2)
    assert sum(r["decisions"] for r in out["rounds"]) == s["decisions"]
    assert sum(r["forced"] for r in out["rounds"]) == s["forced"]


def test_labels_follow_the_thresholds() -> None:
    assert [label_of(x) for x in (0, 0.99, 1, 2.99, 3, 5.99, 6, 40)] == [
        "none", "none", "inaccuracy", "inaccuracy", "mistake", "mistake", "blunder", "blunder"]
    assert [label for label, _ in THRESHOLDS] == list(reversed(LABELS[1:]))


def test_draws_and_passes_are_decisions() -> None:
    """Horse Race draws from the stock; every draw of the seat is rated (forced when nothing fits)."""
    match = golden("horse-race-2i-greedy-seed2.record.json")
    review = Review(match, [0], think_ms=THINK)
    kinds = {d.move is DRAW for d in review.decisions}
    assert kinds == {True, False}
    row = review.rate(next(d.ordinal for d in review.decisions if d.move is DRAW))
    assert row["played"] == "draw" and row["forced"]


def test_a_planted_bad_move_gets_a_positive_loss() -> None:
    """Replace a scoring play of a real record by the legal move that scores least, play the round on
    greedily, and the review of the new record rates that decision with a loss."""
    source = golden(SHORT[0])
    review = Review(source, [0], think_ms=THINK)
    plant = None
    for d in review.decisions:
        rnd = positions(source.rounds[d.round])[d.event].round()
        gains = {m: rnd.gain(m) for m in rnd.legal_moves() if isinstance(m, Placement)}
        if gains and gains.get(d.move, 0) >= 3 and min(gains.values()) == 0:
            plant = d, min(gains, key=lambda m: gains[m])
            break
    assert plant is not None, "the golden match has a scoring play with a pointless alternative"
    d, worse = plant
    match = Match(source.rules, source.seating.players, source.seating.partnerships, seed=9)
    for r in range(d.round + 1):
        old = source.rounds[r]
        rnd = match.new_round([list(h) for h in old.dealt], list(old.initial_stock), old.opener)
        if r < d.round:
            for move in moves_before(source, r, len(old.events))[len(moves_before(source, r, 0)):]:
                rnd.apply(move)
            match.end_round()
    for move in moves_before(source, d.round, d.event)[len(moves_before(source, d.round, 0)):]:
        rnd.apply(move)
    rnd.apply(worse)
    rng = random.Random(1)
    while not rnd.over:
        rnd.apply(greedy_policy(rnd, rng))
    match.end_round()
    record = match_to_record(match)
    planted = Review(match_of_record(record, "planted"), [0], think_ms=25)
    row = next(planted.rate(x.ordinal) for x in planted.decisions if (x.round, x.event) == (d.round, d.event))
    assert row["played"] == str(worse) and row["played"] != row["best"]
    assert row["loss"] > 0


def test_a_match_in_progress_is_reviewed_as_far_as_it_goes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    match = Match("fives-and-threes", 3, seed=11)
    rnd = match.new_round()
    rng = random.Random(2)
    for _ in range(7):
        rnd.apply(greedy_policy(rnd, rng))
    assert not rnd.over
    path = tmp_path / "open.json"
    path.write_text(json.dumps(match_to_record(match)))
    assert cli.main(["replay", str(path)]) == 0
    capsys.readouterr()
    out = cli_json([str(path), "--think", "2"], capsys)
    assert len(out["decisions"]) == 7
    assert [r["event"] for r in out["decisions"]] == list(range(7))
    assert out["summary"]["decisions"] + out["summary"]["forced"] == 7


# -- the command line and the page give the same figures --------------------------------------

@pytest.mark.parametrize("name,seat", [(SHORT[0], 0), (SHORT[1], None)])
def test_the_page_gives_the_cli_figures(name: str, seat: int | None, capsys: pytest.CaptureFixture[str]) -> None:
    path = GOLDEN / name
    argv = [str(path), "--think", str(THINK)] + ([] if seat is None else ["--seat", str(seat)])
    out = cli_json(argv, capsys)
    assert out["format"] == "dominolab.review/1" and out["level"] == levels.resolve(levels.ADVISOR).name and out["think_ms"] == THINK
    webapi.REVIEWS.clear()
    args: dict[str, Any] = {"record": path.read_text(), "think_ms": THINK} | ({} if seat is None else {"seat": seat})
    plan = api("review_plan", args)
    for key in ("format", "level", "think_ms", "game", "seats"):
        assert plan[key] == out[key]
    assert plan["count"] == len(out["decisions"])
    assert [(p["decision"], p["round"], p["event"], p["seat"], p["notation"]) for p in plan["decisions"]] == [
        (d["decision"], d["round"], d["event"], d["seat"], d["played"]) for d in out["decisions"]]
    for k in range(plan["count"]):
        row = api("review_rate", args | {"decision": k})
        assert row.pop("played_text") and row.pop("best_text")
        assert row == out["decisions"][k]
    summary = api("review_summary", args)
    assert summary["rounds"] == out["rounds"] and summary["summary"] == out["summary"]
    assert summary["format"] == FORMAT


def test_the_summary_rates_missing_rows_itself() -> None:
    webapi.REVIEWS.clear()
    text = (GOLDEN / SHORT[0]).read_text()
    summary = api("review_summary", {"record": text, "seat": 1, "think_ms": THINK})
    expected = Review(golden(SHORT[0]), [1], think_ms=THINK).summary()
    assert summary["summary"] == expected["summary"] and summary["rounds"] == expected["rounds"]


def test_a_play_session_is_reviewed_for_the_person_and_continued_from_a_decision() -> None:
    api("new", {"id": "rv", "params": {"game": "horse-race", "players": "2", "seed": "5", "seat": "1"}})
    for _ in range(200):
        state = api("state", {"id": "rv"})
        if state["state"] == "waiting":
            api("bot", {"id": "rv"})
        elif state["state"] == "your-turn":
            api("play", {"id": "rv", "move": state["moves"][-1]["move"]})
        else:
            break
    plan = api("review_plan", {"sid": "rv", "think_ms": THINK})
    assert plan["seats"] == [1] and plan["count"] > 3
    record = api("record", {"id": "rv"})["text"]
    # the session's review is the review of its record (no seed enters the figures)
    for k in (0, plan["count"] - 1):
        assert (api("review_rate", {"sid": "rv", "think_ms": THINK, "decision": k})
                == api("review_rate", {"record": record, "seat": 1, "think_ms": THINK, "decision": k}))
    k = plan["count"] - 2
    row = api("review_rate", {"sid": "rv", "think_ms": THINK, "decision": k})
    state = api("continue_from", {"sid": "rv", "think_ms": THINK, "decision": k, "id": "rv2"})
    assert state["state"] == "your-turn" and state["seat"] == 1
    assert state["round"] == plan["decisions"][k]["round"] + 1
    assert sorted(m["move"] for m in state["moves"]) == sorted(x["move"] for x in row["moves"])
    # playing the move played again gives the record's next events
    api("play", {"id": "rv2", "move": row["played"]})
    original = json.loads(record)["rounds"][row["round"]]["events"]
    replayed = webapi.SESSIONS["rv2"].match.rounds[row["round"]].events
    assert event_to_json(replayed[row["event"]]) == original[row["event"]]


def test_continue_from_a_record_keeps_its_deal() -> None:
    text = (GOLDEN / SHORT[1]).read_text()
    match = golden(SHORT[1])
    plan = api("review_plan", {"record": text, "seat": 2, "think_ms": THINK})
    k = 5
    d = plan["decisions"][k]
    state = api("continue_from", {"record": text, "seat": 2, "think_ms": THINK, "decision": k, "id": "rv3",
                                  "bots": "random"})
    here = positions(match.rounds[d["round"]])[d["event"]]
    assert state["hand"] == [str(t) for t in here.hands[2]]
    assert state["scores"] == list(here.scores) and state["seat"] == 2
    assert d["notation"] in [m["move"] for m in state["moves"]]


@pytest.mark.parametrize("args,needle", [
    ({}, "give 'sid'"),
    ({"sid": "nobody"}, "no play or record session"),
    ({"record": "{"}, "record"),
    ({"record": 5}, "give 'sid'"),
    ({"record": "@", "sid": "x"}, "not both"),
    ({"seat": 7}, "no seat 7"),
    ({"seat": True}, "no seat True"),
    ({"seat": "0"}, "no seat '0'"),
    ({"think_ms": 0}, "think_ms"),
    ({"think_ms": "fast"}, "think_ms"),
    ({"think_ms": 1e9}, "think_ms"),
    ({"decision": -1}, "decision"),
    ({"decision": 10_000}, "decision"),
    ({"decision": "3"}, "decision"),
])
def test_page_review_refusals_are_one_line(args: dict[str, Any], needle: str) -> None:
    base: dict[str, Any] = {"record": (GOLDEN / SHORT[0]).read_text(), "think_ms": THINK, "decision": 0}
    if "sid" in args:
        base.pop("record")
    if args.get("record") == 5 or args == {}:
        base.pop("record", None)
    method = "review_rate"
    error = api_error(method, base | args)
    assert needle in error, error


def test_the_page_refuses_a_bad_record_in_replay_words(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads((GOLDEN / SHORT[0]).read_text())
    data["rounds"][0]["events"][1]["scored"] += 1
    path = tmp_path / "record"
    path.write_text(json.dumps(data))
    assert cli.main(["replay", str(path)]) == 1
    _, err = capsys.readouterr()
    error = api_error("review_plan", {"record": path.read_text(), "name": str(path)})
    assert err.strip() == f"dominolab: error: {error}"


# -- refusals on the command line -----------------------------------------------------------------

def _bad_records(d: Path) -> dict[str, Path]:
    good = json.loads((GOLDEN / SHORT[0]).read_text())
    cases: dict[str, Any] = {
        "not-json": "{\"format\": ",
        "not-an-object": "[1, 2]",
        "wrong-format": json.dumps(good | {"format": "dominolab.record/9"}),
        "missing-key": json.dumps({k: v for k, v in good.items() if k != "rounds"}),
        "wrong-type": json.dumps(good | {"players": "two"}),
        "unknown-game": json.dumps(good | {"game": "chess"}),
    }
    scored = json.loads(json.dumps(good))
    scored["rounds"][0]["events"][1]["scored"] += 1
    cases["wrong-score"] = json.dumps(scored)
    illegal = json.loads(json.dumps(good))
    illegal["rounds"][0]["events"][1]["tile"] = "[6|6]"
    cases["illegal-play"] = json.dumps(illegal)
    out = {}
    for name, text in cases.items():
        path = d / f"{name}.json"
        path.write_text(text)
        out[name] = path
    out["missing"] = d / "missing.json"
    out["folder"] = d
    return out


def test_review_refuses_what_replay_refuses_in_the_same_words(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    for name, path in _bad_records(tmp_path).items():
        replay_code = cli.main(["replay", str(path)])
        _, replay_err = capsys.readouterr()
        review_code = cli.main(["review", str(path)])
        out, review_err = capsys.readouterr()
        assert replay_code in (1, 2), name
        assert (review_code, review_err) == (replay_code, replay_err), name
        assert out == "" and len(review_err.splitlines()) == 1


def _run(argv: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "dominolab", "review", *argv], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=120)


GOOD = str(GOLDEN / SHORT[0])

BAD_INPUT = [
    ("missing-file", ["nowhere.json"], "no such file"),
    ("folder", ["."], "is a directory"),
    ("dev-zero-link", ["zero.json"], "larger than"),
    ("bad-json", ["bad.json"], "JSON"),
    ("wrong-format", ["wrong.json"], "format"),
    ("empty-file", ["empty.json"], ""),
    ("seat-minus-one", [GOOD, "--seat", "-1"], "--seat"),
    ("seat-nine", [GOOD, "--seat", "9"], "no seat 9"),
    ("seat-abc", [GOOD, "--seat", "abc"], "--seat"),
    ("seat-true", [GOOD, "--seat", "True"], "--seat"),
    ("seat-float", [GOOD, "--seat", "1.0"], "--seat"),
    ("think-zero", [GOOD, "--think", "0"], "--think"),
    ("think-negative", [GOOD, "--think", "-1"], "--think"),
    ("think-nan", [GOOD, "--think", "nan"], "--think"),
    ("think-1e400", [GOOD, "--think", "1e400"], "--think"),
    ("think-huge", [GOOD, "--think", "99999999"], "--think"),
    ("think-inf", [GOOD, "--think", "inf"], "--think"),
    ("no-record", [], "RECORD"),
    ("two-records", [GOOD, GOOD], "unrecognized"),
]


@pytest.fixture(scope="module")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> Path:
    d = tmp_path_factory.mktemp("review-bad")
    (d / "zero.json").symlink_to("/dev/zero")
    (d / "bad.json").write_text("{\"format\": \"dominolab.record/1\", ")
    (d / "wrong.json").write_text(json.dumps(json.loads(Path(GOOD).read_text()) | {"format": "dominolab.record/9"}))
    (d / "empty.json").write_text("")
    return d


@pytest.mark.parametrize("argv,needle", [c[1:] for c in BAD_INPUT], ids=[c[0] for c in BAD_INPUT])
def test_review_bad_input(argv: list[str], needle: str, scratch: Path) -> None:
    before = sorted(p.name for p in scratch.iterdir())
    result = _run(argv, scratch)
    lines = result.stderr.splitlines()
    assert result.returncode == 2, (result.returncode, result.stderr)
    assert len(lines) == 1 and lines[0].startswith("dominolab: error: ") and len(lines[0]) <= 300, result.stderr
    assert "Traceback" not in result.stderr + result.stdout and result.stdout == ""
    assert needle in lines[0], lines[0]
    assert sorted(p.name for p in scratch.iterdir()) == before


def test_review_text_output_names_level_budget_and_labels(capsys: pytest.CaptureFixture[str]) -> None:
    code = cli.main(["review", GOOD, "--seat", "0", "--think", str(THINK), "--quiet"])
    out, err = capsys.readouterr()
    assert code == 0 and err == ""
    words = " ".join(out.split())
    advising = levels.resolve(levels.ADVISOR)
    assert f"level {advising.number} {advising.name}, 5 ms per decision" in words
    assert "inaccuracy from 1, mistake from 3, blunder from 6" in words
    rows = Review(golden(SHORT[0]), [0], think_ms=THINK).rows()
    assert sum(1 for line in out.splitlines() if line.split()[:1] and line.split()[0].isdigit()
               and len(line.split()) >= 9 and line.split()[4] in {r["played"] for r in rows}) == len(rows)


def test_progress_goes_to_stderr_on_long_reviews(tmp_path: Path) -> None:
    result = _run([GOOD, "--think", "1", "--json"], tmp_path)
    assert result.returncode == 0
    assert "decision" in result.stderr and json.loads(result.stdout)["format"] == FORMAT


def test_the_default_budget_is_the_advisors() -> None:
    assert REVIEW_THINK_MS == levels.ADVISOR_REVIEW_MS
    plan = api("review_plan", {"record": (GOLDEN / SHORT[0]).read_text(), "seat": 0})
    assert plan["think_ms"] == REVIEW_THINK_MS
    level = levels.advisor(review=True).level
    assert (plan["level"], plan["level_number"], plan["level_label"]) == (level.name, level.number, level.label)
    assert level.think_ms == REVIEW_THINK_MS and level.name == levels.resolve(levels.ADVISOR).name
    assert plan["words"]["level"].startswith(f"bewertet von der Stufe „{levels.resolve(levels.ADVISOR).german}“")


def test_passes_are_rated_as_moves() -> None:
    match = golden(SHORT[0])
    review = Review(match, think_ms=THINK)
    assert any(d.move is PASS for d in review.decisions)
    assert all(isinstance(match.rounds[d.round].events[d.event], PlayEvent) == isinstance(d.move, Placement)
               for d in review.decisions)


@pytest.mark.parametrize("name", ["strong", "expert"])
def test_the_advisor_rates_whether_it_is_a_strong_or_an_expert_level(name: str, monkeypatch: pytest.MonkeyPatch,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """The review asks the one advisor (dominolab.play.levels.ADVISOR); switched to the expert it rates
    with the expert's search, names it, and its figures are as deterministic as the strong level's."""
    monkeypatch.setattr(levels, "ADVISOR", name)
    first, again = Review(golden(SHORT[0]), [0], think_ms=THINK), Review(golden(SHORT[0]), [0], think_ms=THINK)
    assert first.advisor.bot.name == name
    rows = [first.rate(k) for k in range(4)]
    assert rows == [again.rate(k) for k in range(4)]
    for row in rows:
        values = [m["value"] for m in row["moves"]]
        assert values == sorted(values, reverse=True) and row["value_best"] == values[0]
        assert row["loss"] == max(0.0, round(row["value_best"] - row["value_played"], 2))
        assert row["forced"] or row["deals"] >= 1
    head = first.head()
    assert (head["level"], head["level_label"]) == (levels.resolve(name).name, f"{name}@{THINK:g}")
    assert cli.main(["review", GOOD, "--seat", "0", "--think", str(THINK), "--quiet"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert f"level {levels.resolve(name).number} {name}, {THINK:g} ms per decision" in text
