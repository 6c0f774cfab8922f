"""The ``dominolab`` command line, called in-process through ``dominolab.cli.main``."""

from __future__ import annotations

import json
import re

import pytest

from reference import (FT, HR, SEATINGS, RefLayout, move_parse, p_str, play_match, ref_check_record, ref_credit,
                      seating_id)
from dominolab import cli
from dominolab.verify.examples import catalogue, setup_placements, steps
from dominolab.core.record import load_record, match_to_record, replay


def run(argv, capsys):
    """Run the CLI; return (exit code, stdout, stderr).  ``main`` returns the code, even for usage errors."""
    code = cli.main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def assert_one_line_error(code, out, err):
    assert code not in (0, None), (code, out, err)
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("dominolab: error:"), err
    assert "Traceback" not in err and "Traceback" not in out


# -- layout ---------------------------------------------------------------------------------

LAYOUT_EXAMPLES = [e for e in catalogue(game=HR, kind="layout")
                   if any("description" in s for s in e.data.get("step", []))]


@pytest.mark.parametrize("example", LAYOUT_EXAMPLES, ids=[e.id for e in LAYOUT_EXAMPLES])
def test_layout_text_is_the_documents_three_lines_per_step(example, capsys):
    before = [str(p) for p in setup_placements(example)]
    _, example_steps = steps(example)
    plays = [str(s.placement) for s in example_steps]
    code, out, err = run(["layout", "--game", HR, *before, *plays], capsys)
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert len(lines) == 3 * (len(before) + len(plays))
    for i, step in enumerate(example_steps):
        got = lines[3 * (len(before) + i): 3 * (len(before) + i) + 3]
        assert got[0] == f"Angelegt: {step.placement.tile}"
        if "text" in step.expect:
            assert got[1] == step.expect["text"]
        if "description" in step.expect:
            assert got[2] == step.expect["description"]
        assert got[2].startswith(got[1] + " Steine: ")


def test_layout_json_matches_the_contract_example(capsys):
    code, out, err = run(["layout", "--game", HR, "--json", "[1|4]", "[1|1]@[1|4].low", "[4|4]@[1|4].high"],
                         capsys)
    assert code == 0 and err == ""
    data = json.loads(out)
    assert isinstance(data, list) and len(data) == 3
    # the object printed in notation-and-records.md for the [4|4] step
    assert data[2] == {
        "placed": "[4|4]",
        "contributions": [{"tile": "[1|1]", "point": "B", "value": 2}, {"tile": "[4|4]", "point": "B", "value": 8}],
        "sum": 10, "points": 2,
        "open": [{"tile": "[1|1]", "point": "B", "pips": 1}, {"tile": "[4|4]", "point": "B", "pips": 4}],
    }
    assert data[0]["placed"] == "[1|4]" and data[0]["sum"] == 5 and data[0]["points"] == 1


@pytest.mark.parametrize("game,layout", [
    (HR, "[5|5] [2|5]@[5|5].A [3|5]@[5|5].B [4|5]@[5|5].armA [4|4]@[4|5].low [1|4]@[4|4].B [1|1]@[1|4].low "
         "[1|6]@[1|1].B [0|1]@[1|1].armB"),
    (FT, "[3|6] [6|6]@[3|6].high [2|6]@[6|6].B [2|2]@[2|6].low [0|3]@[3|6].low"),
])
def test_layout_json_against_the_reference_model(game, layout, capsys):
    code, out, _ = run(["layout", "--game", game, "--json", *layout.split()], capsys)
    assert code == 0
    data = json.loads(out)
    ref = RefLayout(game == HR)
    for item, text in zip(data, layout.split()):
        _, tile, at = move_parse(text)
        ref.place(tile, at)
        assert item["placed"] == text.split("@")[0]
        assert [(c["tile"] + "." + c["point"], c["value"]) for c in item["contributions"]] == \
            [(p_str(p), v) for p, v in ref.contributions()]
        assert item["sum"] == ref.end_sum()
        assert item["points"] == ref_credit(game, ref.end_sum())
        assert [(o["tile"] + "." + o["point"], o["pips"]) for o in item["open"]] == \
            [(p_str(p), (p[0][1] if p[1] == "high" else p[0][0])) for p in ref.open_points()]


def test_layout_english(capsys):
    code, out, err = run(["layout", "--game", HR, "--lang", "en", "[1|4]", "[1|1]@[1|4].low", "[4|4]@[1|4].high"],
                         capsys)
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert len(lines) == 9
    assert lines[6] == "Played: [4|4]"
    assert re.fullmatch(r"[A-Z][a-z ]+: 2 \+ 8 = 10\. [A-Z][a-z ]+: 10 raw points \(2 display points\)\.", lines[7]), \
        lines[7]
    assert lines[8].startswith(lines[7] + " ")
    for word in ("Angelegt", "Gewertete", "Steine", "Linienseite", "Anzeigepunkt", "Rohpunkt"):
        assert word not in out
    # the English words follow the English glossary (issue 31): one word per thing
    assert lines[7].startswith("End values: 2 + 8 = 10. Credit for the play: ")
    assert "(long side A)" in lines[8] and "Free attachment points: " in lines[8]
    from dominolab.text.glossary import retired_hits
    assert not retired_hits(out, True, lang="en"), retired_hits(out, True, lang="en")


def test_layout_fives_and_threes_uses_game_points(capsys):
    code, out, _ = run(["layout", "--game", FT, "[3|6]", "[6|6]@[3|6].high"], capsys)
    assert code == 0
    lines = out.splitlines()
    assert lines[3] == "Angelegt: [6|6]"
    assert lines[4] == "Gewertete Beiträge: 3 + 12 = 15. Gutschrift für das Anlegen: 8 Spielpunkte."
    assert "Rohpunkt" not in out and "Anzeigepunkt" not in out


@pytest.mark.parametrize("argv,needle", [
    (["layout", "--game", HR, "[7|1]"], "[7|1]"),
    (["layout", "--game", HR, "[1|4]", "[1|]"], "[1|]"),
    (["layout", "--game", HR, "1-4"], "1-4"),
    (["layout", "--game", HR, "--json", "[1|4]", "[1|1]@[1|4].up"], "up"),
    (["layout", "--game", HR, "[1|4]", "[2|3]@[1|4].low"], "[2|3]"),
    (["layout", "--game", HR, "--json", "[1|4]", "[2|3]@[1|4].low"], "[2|3]"),
    (["layout", "--game", FT, "[1|1]", "[1|2]@[1|1].A", "[1|3]@[1|1].B", "[1|5]@[1|1].armA"], "[1|5]"),
    (["layout", "--game", HR, "[1|4]", "[1|4]@[1|4].low"], "[1|4]"),
    (["layout", "--game", "muggins", "[1|4]"], "muggins"),
    (["layout", "--game", HR], ""),
    (["simulate", "--game", FT, "--players", "4", "--quiet"], "4"),
    (["simulate", "--game", HR, "--players", "5", "--quiet"], "5"),
    (["simulate", "--game", FT, "--players", "1", "--quiet"], "1"),
    (["simulate", "--game", HR, "--players", "2", "--partnerships", "--quiet"], "2"),
    (["simulate", "--game", "muggins", "--players", "2"], "muggins"),
    (["simulate", "--game", HR, "--players", "2", "--matches", "0", "--quiet"], "0"),
    (["layout", "--game", HR, " "], ""),
    (["replay"], ""),
    (["frobnicate"], "frobnicate"),
])
def test_user_errors_are_one_line_without_traceback(argv, needle, capsys):
    code, out, err = run(argv, capsys)
    assert_one_line_error(code, out, err)
    assert needle in err
    if argv[0] == "layout":
        assert out == ""          # nothing half written


def test_simulate_record_dir_that_is_a_file(tmp_path, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    code, out, err = run(["simulate", "--game", HR, "--players", 2, "--quiet", "--record-dir", blocker], capsys)
    assert_one_line_error(code, out, err)
    assert blocker.read_text(encoding="utf-8") == "x"


def test_replay_missing_and_corrupt_records(tmp_path, capsys):
    assert_one_line_error(*run(["replay", tmp_path / "nope.json"], capsys))
    bad = tmp_path / "bad.json"
    bad.write_text("{oops", encoding="utf-8")
    assert_one_line_error(*run(["replay", bad], capsys))
    arr = tmp_path / "arr.json"
    arr.write_text("[]", encoding="utf-8")
    assert_one_line_error(*run(["replay", arr], capsys))
    record = match_to_record(play_match((HR, 2, False), 5))
    record["rounds"][0]["events"][1]["sum"] += 1
    wrong = tmp_path / "wrong.json"
    wrong.write_text(json.dumps(record), encoding="utf-8")
    code, out, err = run(["replay", wrong], capsys)
    assert_one_line_error(code, out, err)
    assert "round 1" in err and "event 1" in err and "sum" in err


def test_replay_accepts_a_good_record(tmp_path, capsys):
    record = match_to_record(play_match((FT, 4, True), 5))
    path = tmp_path / "good.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    code, out, err = run(["replay", path], capsys)
    assert code == 0 and err == ""
    assert out.strip()


# -- simulate --------------------------------------------------------------------------------


@pytest.mark.parametrize("spec", SEATINGS, ids=seating_id)
def test_simulate_writes_one_replayable_record_per_match(spec, tmp_path, capsys, time_limit):
    game, players, partnerships = spec
    out_dir = tmp_path / "records"
    argv = ["simulate", "--game", game, "--players", players, "--matches", 3, "--seed", 7, "--quiet",
            "--record-dir", out_dir]
    if partnerships:
        argv.append("--partnerships")
    with time_limit(30):
        code, out, err = run(argv, capsys)
    assert code == 0, err
    files = sorted(out_dir.glob("*.json"))
    assert len(files) == 3
    wins = [0] * (2 if partnerships else players)
    for f in files:
        record = load_record(f)
        assert (record["game"], record["players"], record["partnerships"]) == (game, players, partnerships)
        match = replay(record)
        assert match.over
        ref_check_record(record)
        for w in record["winners"]:
            wins[w] += 1
    # the summary table: a header and one row per side, with the win counts of the records
    lines = out.splitlines()
    header = lines[0].split()
    assert "side" in header and "wins" in header
    rows = [line for line in lines[1:] if re.match(r"side \d", line)]
    assert len(rows) == len(wins)
    for side, row in enumerate(rows):
        cells = re.split(r"\s{2,}", row.strip())
        assert cells[0].startswith(f"side {side}")
        assert int(cells[1]) == wins[side]


def test_simulate_is_reproducible(tmp_path, capsys, time_limit):
    a, b = tmp_path / "a", tmp_path / "b"
    for d in (a, b):
        with time_limit(30):
            code, _, _ = run(["simulate", "--game", HR, "--players", 3, "--matches", 2, "--seed", 3, "--quiet",
                          "--record-dir", d], capsys)
        assert code == 0
    assert [f.read_text() for f in sorted(a.glob("*.json"))] == [f.read_text() for f in sorted(b.glob("*.json"))]


# -- check -------------------------------------------------------------------------------------


def test_check_catalogue_passes(capsys):
    code, out, err = run(["check"], capsys)
    assert code == 0, out
    assert "FAIL" not in out


GOOD_TOML = '''
[[example]]
id = "user-credit"
kind = "credit"
game = "fives-and-threes"
section = "Punkte für das Anlegen"
title = "Summe 12: 4 Punkte"
sum = 12
points = 4

[[example]]
id = "user-layout"
kind = "layout"
game = "horse-race"
section = "Test"
title = "Eröffnung [5|5]"
[[example.step]]
play = "[5|5]"
sum = 10
points = 2
'''

WRONG_TOML = '''
[[example]]
id = "user-wrong-credit"
kind = "credit"
game = "horse-race"
section = "Nach jedem Anlegen werten"
title = "10 bringt 3 Punkte (falsch)"
sum = 10
points = 3
'''

WRONG_LAYOUT_TOML = '''
[[example]]
id = "user-wrong-sum"
kind = "layout"
game = "horse-race"
section = "Test"
title = "falsche Summe"
[[example.step]]
play = "[1|4]"
sum = 6
'''


def test_check_user_file_passes(tmp_path, capsys):
    path = tmp_path / "mine.toml"
    path.write_text(GOOD_TOML, encoding="utf-8")
    code, out, err = run(["check", path], capsys)
    assert code == 0, out + err
    assert "user-credit" in out and "user-layout" in out


@pytest.mark.parametrize("content,bad_id", [(WRONG_TOML, "user-wrong-credit"), (WRONG_LAYOUT_TOML, "user-wrong-sum")])
def test_check_user_file_with_wrong_expectation_fails(tmp_path, capsys, content, bad_id):
    path = tmp_path / "mine.toml"
    path.write_text(content, encoding="utf-8")
    code, out, err = run(["check", path], capsys)
    assert code not in (0, None)
    assert bad_id in out and "FAIL" in out
    assert "Traceback" not in out + err


@pytest.mark.parametrize("content", [
    "this is = = not toml",
    "[[example]]\nid = \"x\"\nkind = \"credit\"\n",                                    # missing fields
    "[[example]]\nid = \"x\"\nkind = \"riddle\"\ngame = \"horse-race\"\nsection = \"s\"\ntitle = \"t\"\n",
    "[[example]]\nid = \"x\"\nkind = \"credit\"\ngame = \"muggins\"\nsection = \"s\"\ntitle = \"t\"\n",
    "nothing = 1\n",
    "[[example]]\nid = \"x\"\nkind = \"layout\"\ngame = \"horse-race\"\nsection = \"s\"\ntitle = \"t\"\n"
    "[[example.step]]\nplay = \"[7|1]\"\n",
    "[[example]]\nid = \"x\"\nkind = \"layout\"\ngame = \"horse-race\"\nsection = \"s\"\ntitle = \"t\"\n"
    "setup = \"[1|4]\"\n[[example.step]]\nplay = \"[2|3]@[1|4].low\"\n",
])
def test_check_malformed_user_file_is_one_line(tmp_path, capsys, content):
    path = tmp_path / "bad.toml"
    path.write_text(content, encoding="utf-8")
    assert_one_line_error(*run(["check", path], capsys))


def test_check_missing_user_file_is_one_line(tmp_path, capsys):
    assert_one_line_error(*run(["check", tmp_path / "missing.toml"], capsys))
