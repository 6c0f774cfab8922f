"""Golden matches: stored seeded records of every seating, replayed and re-played.

An engine change that alters any deal, move or event fails here with the first
difference (round, event, field, stored against now). If the change is meant,
regenerate with ``python -m dominolab.verify.golden regen`` and commit tests/golden/.
"""

from __future__ import annotations

import copy
import json

import pytest

from reference import SEATINGS
from pathlib import Path

from dominolab.verify.golden import GOLDEN, compare, dumps, first_difference
from dominolab.core.record import load_record, replay

DEFAULT_DIR = Path(__file__).resolve().parents[1] / "golden"
IDS = [g.filename.removesuffix(".record.json") for g in GOLDEN]


def test_every_seating_has_golden_matches_and_no_file_is_stray():
    assert {(g.game, g.players, g.partnerships) for g in GOLDEN} == {tuple(s) for s in SEATINGS}
    assert sorted(p.name for p in DEFAULT_DIR.glob("*.record.json")) == sorted(g.filename for g in GOLDEN)


@pytest.mark.parametrize("golden", GOLDEN, ids=IDS)
def test_stored_record_replays_and_the_engine_still_plays_it(golden):
    path = DEFAULT_DIR / golden.filename
    stored = load_record(path)
    match = replay(stored)
    assert match.winners == tuple(stored["winners"]) and len(match.rounds) == len(stored["rounds"])
    diff = first_difference(stored, golden.play())
    assert diff is None, f"{golden.filename}: {diff} (if intended: python -m dominolab.verify.golden regen)"
    assert path.read_text(encoding="utf-8") == dumps(stored)


def test_first_difference_names_round_event_and_field():
    stored = json.loads((DEFAULT_DIR / GOLDEN[0].filename).read_text(encoding="utf-8"))
    changed = copy.deepcopy(stored)
    event = next(i for i, e in enumerate(changed["rounds"][1]["events"]) if e["type"] == "play")
    changed["rounds"][1]["events"][event]["sum"] += 1
    old = stored["rounds"][1]["events"][event]["sum"]
    assert first_difference(stored, changed) == f"round 2, event {event + 1}, field sum: stored {old}, now {old + 1}"
    shorter = copy.deepcopy(stored)
    del shorter["rounds"][-1]
    assert first_difference(stored, shorter) == f"{len(stored['rounds'])} rounds stored, {len(stored['rounds']) - 1} now"
    assert first_difference(stored, copy.deepcopy(stored)) is None


def test_compare_reports_a_changed_file_by_name(tmp_path):
    for g in GOLDEN:
        (tmp_path / g.filename).write_text((DEFAULT_DIR / g.filename).read_text(encoding="utf-8"), encoding="utf-8")
    assert compare(tmp_path) == []
    path = tmp_path / GOLDEN[3].filename
    record = json.loads(path.read_text(encoding="utf-8"))
    record["rounds"][0]["opener"] = (record["rounds"][0]["opener"] + 1) % record["players"]
    path.write_text(dumps(record), encoding="utf-8")
    (tmp_path / GOLDEN[5].filename).unlink()
    problems = compare(tmp_path)
    assert len(problems) == 2
    assert problems[0].startswith(f"{GOLDEN[3].filename}: round 1, field opener: stored ")
    assert problems[1] == f"{GOLDEN[5].filename}: missing (run: python -m dominolab.verify.golden regen)"


def test_dominolab_check_replays_records(tmp_path, capsys):
    from dominolab.cli import main

    good = DEFAULT_DIR / GOLDEN[0].filename
    assert main(["check", str(good)]) == 0
    assert "1 passed, 0 failed" in capsys.readouterr().out
    record = json.loads(good.read_text(encoding="utf-8"))
    play = next(e for e in record["rounds"][0]["events"] if e["type"] == "play")
    play["sum"] += 1
    bad = tmp_path / "bad.record.json"
    bad.write_text(json.dumps(record), encoding="utf-8")
    assert main(["check", str(bad)]) == 1
    out = capsys.readouterr().out
    assert "0 passed, 1 failed" in out and f"FAIL {bad}: " in out
