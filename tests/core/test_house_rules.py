"""House rules: the table rule as a value, game descriptions from TOML files, their records,
the ``--rules`` option of every command that names a game, and the page's API.

Bad description files are checked table-driven at the end, in the style of
``test_bad_inputs.py``: one clean error line naming the file and the key, exit 2,
nothing written.
"""

from __future__ import annotations

import io
import json
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from reference import DOC_RULES, FT, HR, REF_RULES, REGISTRY, RefLayout, ref_check_record
from dominolab.cli import main
from dominolab.core.engine import Match, greedy_policy, random_policy
from dominolab.core.errors import IllegalPlacement, RecordFormatError, RulesError, WrongType
from dominolab.core.gamefile import (KEYS, SAMPLES_DIR, equal_apart_from_name, load_rules, loads_rules,
                                     registered_games, rules_from_data, rules_to_data, rules_to_toml, sample_files)
from dominolab.core.layout import Layout
from dominolab.core.record import load_record, loads_record, match_to_record, parse_record, replay
from dominolab.core.rules import FIVES_AND_THREES, GAMES, HORSE_RACE, GameRules, SpinnerRule
from dominolab.text.steptext import description, step_lines
from clikit import assert_clean_error, snapshot

MUGGINS = REGISTRY["muggins"]
HR121 = REGISTRY["horse-race-121"]


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


# -- the table rule as a value ---------------------------------------------------------------

def test_the_built_in_games_keep_their_table_rules() -> None:
    assert HORSE_RACE.spinners is SpinnerRule.EVERY_DOUBLE and FIVES_AND_THREES.spinners is SpinnerRule.NONE
    assert MUGGINS.spinners is SpinnerRule.FIRST_DOUBLE
    # a rule is true when some double spins; True/False still name every double / none
    assert HORSE_RACE.spinners and MUGGINS.spinners and not FIVES_AND_THREES.spinners
    assert Layout(True) == Layout(SpinnerRule.EVERY_DOUBLE) and Layout(False) == Layout("none")
    assert replace(HORSE_RACE, spinners=True) == HORSE_RACE


FIRST = "[1|4] [1|1]@[1|4].low [4|4]@[1|4].high [1|2]@[1|1].B [3|4]@[4|4].B"


def test_only_the_first_double_spins() -> None:
    layout = Layout.from_notation(FIRST, "first-double")
    assert layout.spinner_tiles() == [layout.tiles[1]]            # [1|1], not [4|4]
    arms = [str(p) for p in layout.open_points() if p.side.is_arm]
    assert arms == ["[1|1].armA", "[1|1].armB"]
    before = str(layout)
    with pytest.raises(IllegalPlacement, match=r"only the first double played is a spinner.*\[4\|4\]"):
        layout.place("[4|5]@[4|4].armA")
    assert str(layout) == before
    # every double spins in Horse Race: [4|4] opens its arms too
    every = Layout.from_notation(FIRST, True)
    assert [str(p) for p in every.open_points() if p.side.is_arm] == arms + ["[4|4].armA", "[4|4].armB"]
    # the end sums agree: unopened arms count nothing
    assert layout.end_sum == every.end_sum == RefLayout.from_text(FIRST, "first-double").end_sum()


def test_an_opening_double_is_the_first_double() -> None:
    layout = Layout.from_notation("[5|5] [2|5]@[5|5].A [3|5]@[5|5].B", "first-double")
    assert [str(p) for p in layout.open_points() if p.side.is_arm] == ["[5|5].armA", "[5|5].armB"]
    layout.place("[5|6]@[5|5].armA")
    layout.place("[6|6]@[5|6].high")
    layout.place("[2|6]@[6|6].B")
    assert layout.spinner_tiles() == [layout.tiles[0]]
    assert not any(p.tile == layout.tiles[4] and p.side.is_arm for p in layout.open_points())


@pytest.mark.parametrize("rule", list(SpinnerRule))
def test_layout_repr_is_valid_python_for_every_rule(rule: SpinnerRule) -> None:
    layout = Layout.from_notation("[5|5] [2|5]@[5|5].A [3|5]@[5|5].B [5|6]@[5|5].armA"
                                  if rule else "[5|5] [2|5]@[5|5].A", rule)
    again = eval(repr(layout), {"Layout": Layout})
    assert again == layout and again.spinners is rule


def test_a_wrong_table_rule_is_one_clear_error() -> None:
    with pytest.raises(WrongType, match="spinners"):
        Layout("some-doubles")
    with pytest.raises(RulesError, match="spinners"):
        replace(HORSE_RACE, spinners="some-doubles")


# -- the reference model reads the descriptions ---------------------------------------------

@pytest.mark.parametrize("game", [HR, FT])
def test_the_reference_switches_of_the_built_in_games_are_the_documents(game: str) -> None:
    doc = dict(DOC_RULES[game])
    # max_rounds is no rule of the documents but dominolab's limit (interpretation zi-rundengrenze)
    ref = {k: v for k, v in REF_RULES[game].items() if k not in ("name", "max_rounds")}
    assert ref == doc


# -- descriptions as TOML --------------------------------------------------------------------

@pytest.mark.parametrize("name", list(registered_games()))
def test_printing_and_loading_a_description_gives_the_same_game(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    rules = registered_games()[name]
    code, out, err = run(["rules", name], capsys)
    assert code == 0, err
    loaded = loads_rules(out, "<stdout>")
    assert equal_apart_from_name(loaded, rules)
    assert loaded.name == (f"{name}-house" if name in GAMES else name)
    assert loaded.name not in GAMES
    assert loads_rules(rules_to_toml(rules, name="x1")) == replace(rules, name="x1")
    assert rules_from_data(json.loads(json.dumps(rules_to_data(replace(rules, name="x2")))), "json") \
        == replace(rules, name="x2")


def test_the_printed_description_names_every_field() -> None:
    text = rules_to_toml(HORSE_RACE, name="mine")
    for key in KEYS:
        assert f"{key} =" in text or f"[[{key}]]" in text or f"[{key}]" in text, key


def test_the_samples_are_shipped_and_say_what_they_are() -> None:
    assert sorted(p.name for p in sample_files()) == ["horse-race-121.toml", "muggins.toml"]
    assert (MUGGINS.spinners, MUGGINS.divisors, MUGGINS.raw_per_point, MUGGINS.drawing) == \
        (SpinnerRule.FIRST_DOUBLE, (5,), 5, True)
    assert (HR121.target, HR121.stay_on_turn) == (121, False)
    assert equal_apart_from_name(replace(HR121, target=61, stay_on_turn=True, title=HORSE_RACE.title,
                                         sections=HORSE_RACE.sections), HORSE_RACE)
    pyproject = (Path(__file__).resolve().parents[2] / "pyproject.toml").read_text(encoding="utf-8")
    assert '"games/*.toml"' in pyproject
    # a bare sample name finds the shipped file; an existing file of that name wins
    assert load_rules("muggins") == load_rules("muggins.toml") == load_rules(SAMPLES_DIR / "muggins.toml")


def test_an_existing_file_is_preferred_to_a_sample(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    Path("muggins.toml").write_text(rules_to_toml(MUGGINS, name="my-muggins"), encoding="utf-8")
    assert load_rules("muggins.toml").name == "my-muggins"


# -- records of house rules ------------------------------------------------------------------

def muggins_record(seed: int = 2, players: int = 4, partnerships: bool = True) -> dict:
    return json.loads(json.dumps(match_to_record(Match(MUGGINS, players, partnerships, seed=seed)
                                                 .play(greedy_policy))))


def test_a_house_rules_record_carries_its_name_and_description() -> None:
    record = muggins_record()
    assert list(record)[:3] == ["format", "game", "rules"]
    assert record["game"] == "muggins" and record["target"] == MUGGINS.target
    # every key, but max_rounds only when it differs from its default (records stay as they were)
    assert record["rules"] == rules_to_data(MUGGINS) and set(record["rules"]) == set(KEYS) - {"max_rounds"}
    match = replay(record)                               # no file needed
    assert match.rules == MUGGINS and match_to_record(match) == record
    assert parse_record(record).rules == MUGGINS
    ref_check_record(record)                             # the reference model agrees


def test_built_in_records_have_no_rules_key() -> None:
    record = match_to_record(Match(HR, 2, seed=1).play(random_policy))
    assert "rules" not in record and list(record)[:2] == ["format", "game"]


def test_a_changed_built_in_game_is_not_recorded_under_its_name() -> None:
    match = Match(replace(HORSE_RACE, target=21), 2, seed=1).play(random_policy)
    with pytest.raises(Exception, match="name of its own"):
        match_to_record(match)


def _drop_rules(r: dict) -> None:
    del r["rules"]


BAD_RECORDS = [
    ("reader-knows-only-built-ins", _drop_rules, ("game", "unknown game 'muggins'")),
    ("built-in-name-with-rules", lambda r: r.update(game="horse-race", rules={**r["rules"], "name": "horse-race"}),
     ("built-in game",)),
    ("names-differ", lambda r: r["rules"].update(name="other"), ("rules", "name", "other", "muggins")),
    ("rules-not-object", lambda r: r.update(rules=[1, 2]), ("rules", "table")),
    ("rules-unknown-key", lambda r: r["rules"].update(spiners="none"), ("rules", "spiners", "did you mean 'spinners'")),
    ("rules-wrong-type", lambda r: r["rules"].update(target="61"), ("rules", "target")),
    ("rules-missing-key", lambda r: r["rules"].pop("divisors"), ("rules", "divisors", "missing")),
]


@pytest.mark.parametrize("mutate,needles", [c[1:] for c in BAD_RECORDS], ids=[c[0] for c in BAD_RECORDS])
def test_bad_house_rules_records(mutate, needles, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = muggins_record()
    mutate(record)
    with pytest.raises(RecordFormatError) as info:
        replay(record)
    for needle in needles:
        assert needle in str(info.value)
    path = tmp_path / "case.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    before = snapshot(tmp_path)
    code, out, err = run(["replay", str(path)], capsys)
    assert_clean_error(code, out, err, 2, needles[:1])
    assert snapshot(tmp_path) == before


def test_a_record_whose_description_was_changed_is_caught_by_the_replay() -> None:
    record = muggins_record()
    record["rules"]["target"] = 30
    record["target"] = 30
    with pytest.raises(Exception):                       # a score or the end no longer fits the rules
        replay(record)


def test_replay_with_rules_demands_that_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "m.json"
    path.write_text(json.dumps(muggins_record()), encoding="utf-8")
    code, out, err = run(["replay", "--rules", "muggins.toml", str(path)], capsys)
    assert code == 0 and "All Fives (Muggins)" in out, err
    code, out, err = run(["replay", "--rules", "horse-race-121.toml", str(path)], capsys)
    assert_clean_error(code, out, err, 1, ("game", "horse-race-121", "muggins"))
    changed = tmp_path / "changed.toml"
    changed.write_text(rules_to_toml(replace(MUGGINS, target=71)), encoding="utf-8")
    code, out, err = run(["replay", "--rules", str(changed), str(path)], capsys)
    assert_clean_error(code, out, err, 1, ("differs", "target"))
    code, out, err = run(["check", "--rules", "muggins", str(path)], capsys)
    assert code == 0 and "1 passed, 0 failed" in out, out + err


# -- the commands of the done-when ----------------------------------------------------------

@pytest.mark.slow
def test_simulate_200_muggins_matches_and_replay_their_records(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = run(["simulate", "--rules", "muggins.toml", "--players", "4", "--matches", "200",
                          "--record-dir", "rec", "--quiet"], capsys)
    assert code == 0, err
    files = sorted(Path("rec").glob("*.json"))
    assert len(files) == 200 and files[0].name == "muggins-4i-random-seed0-00001.json"
    code, out, err = run(["replay", *map(str, files)], capsys)
    assert code == 0, err
    assert "200 of 200 records consistent" in out and "All Fives (Muggins)" in out
    for path in files[:5]:
        ref_check_record(load_record(path))


@pytest.mark.parametrize("sample", ["muggins.toml", "horse-race-121.toml"])
def test_tournament_with_a_sample(sample: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = run(["tournament", "--rules", sample, "--players", "2", "--bots", "greedy,random",
                          "--matches", "4", "--quiet", "--record-dir", "t"], capsys)
    assert code == 0, err
    assert load_rules(sample).title in out
    for path in sorted(Path("t").glob("*.json")):
        assert replay(load_record(path)).rules == load_rules(sample)
    code, out, err = run(["tournament", "--rules", sample, "--players", "4", "--partnerships",
                          "--bots", "greedy", "--matches", "2", "--json", "--jobs", "2"], capsys)
    assert code == 0, err
    assert json.loads(out)["game"] == load_rules(sample).name


@pytest.mark.parametrize("sample,players", [("muggins.toml", 2), ("horse-race-121.toml", 3)])
def test_scripted_play_with_a_sample(sample: str, players: int, tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    record = tmp_path / "match.json"
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 4000))
    code, out, err = run(["play", "--rules", sample, "--players", str(players), "--seed", "5", "--bots", "greedy",
                          "--think", "2", "--lang", "en", "--record", str(record)], capsys)
    assert code == 0, err
    assert "The match is won by" in out
    rules = load_rules(sample)
    match = replay(load_record(record))
    assert match.over and match.rules == rules
    one, many = rules.point_words["en"]
    assert f" {many})" in out or f" {one})" in out            # the step texts use the file's point words


def test_layout_with_muggins_uses_the_files_words(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["layout", "--rules", "muggins", *FIRST.split()], capsys)
    assert code == 0, err
    assert "(2 Fünfer)" in out and "Anzeigepunkt" not in out
    assert out.splitlines()[-1].split("Spinner: ")[1].startswith("[1|1].")   # only the first double
    code, out, err = run(["layout", "--rules", "muggins", "--json", *FIRST.split()], capsys)
    assert code == 0 and json.loads(out)[-1]["points"] == MUGGINS.credit(json.loads(out)[-1]["sum"])


def test_a_muggins_round_is_described_with_the_files_words() -> None:
    rnd = Match(MUGGINS, 2, seed=8).new_round()
    while not rnd.over:
        rnd.push(greedy_policy(rnd, __import__("random").Random(1)))
    text = description(rnd.layout, rnd.rules, "de")
    assert "Fünfer" in text and "Anzeigepunkt" not in text
    from dominolab.pictures.picture import layout_picture, round_picture

    # a drawing is described in the reader's words without a credit (issue 32), so no point word of
    # any game - least of all Horse Race's - slips into a house-rules game's picture
    desc = layout_picture(rnd.layout, rules=MUGGINS).desc
    assert desc == layout_picture(rnd.layout).desc and f"Endsumme: " in desc
    assert "Anzeigepunkt" not in round_picture(rnd).desc and "Spielpunkt" not in round_picture(rnd).desc


# -- the page's API ---------------------------------------------------------------------------

def test_the_page_api_takes_a_description() -> None:
    from dominolab.webapi import call

    data = rules_to_data(MUGGINS)
    out = json.loads(call("new", json.dumps({"id": "h", "params": {"rules": data, "players": "2", "seed": "4"}})))
    assert out["ok"], out
    assert out["result"]["title"] == MUGGINS.title and out["result"]["params"]["rules"] == data
    out = json.loads(call("params", json.dumps({"params": {"rules": data, "game": "horse-race"}})))
    assert not out["ok"] and "not both" in out["error"]
    bad = {**data, "target": 0}
    out = json.loads(call("new", json.dumps({"id": "h2", "params": {"rules": bad}})))
    assert not out["ok"] and "target" in out["error"]
    out = json.loads(call("tryit_new", json.dumps({"id": "t", "rules": data, "layout": FIRST})))
    assert out["ok"] and "Fünfer" in " ".join(out["result"]["lines"])
    record = muggins_record(players=2, partnerships=False)
    out = json.loads(call("open_record", json.dumps({"id": "r", "text": json.dumps(record)})))
    assert out["ok"] and out["result"]["ok"], out


# -- bad description files, table-driven -----------------------------------------------------

GOOD = rules_to_toml(MUGGINS, name="house")


def _set(key: str, value: str) -> str:
    """GOOD with one top-level line replaced (``key = value``)."""
    lines = [f"{key} = {value}" if line.startswith(f"{key} =") else line for line in GOOD.splitlines()]
    assert lines != GOOD.splitlines(), key
    return "\n".join(lines) + "\n"


def _hands(*tables: str) -> str:
    head = GOOD.split("[[hand_sizes]]")[0]
    words = GOOD[GOOD.index("# what one game point"):]
    return head + "".join(f"[[hand_sizes]]\n{t}\n\n" for t in tables) + words


def _hands_value(value: str) -> str:
    """GOOD with ``hand_sizes = VALUE`` instead of its tables."""
    return (GOOD.split("[[hand_sizes]]")[0] + f"hand_sizes = {value}\n\n"
            + GOOD[GOOD.index("# what one game point"):])


def _without(key: str) -> str:
    return "\n".join(line for line in GOOD.splitlines() if not line.startswith(f"{key} =")) + "\n"


BAD_FILES: list[tuple[str, str | bytes | None, tuple[str, ...]]] = [
    ("missing", None, ("no such file",)),
    ("empty", "", ("key name", "missing")),
    ("not-toml", "name = ", ("not TOML",)),
    ("not-utf8", b"name = \"\xff\"", ("not UTF-8",)),
    ("too-large", "# " + "x" * 300_000, ("larger than",)),
    ("unknown-key", "targte = 3\n" + GOOD, ("key targte", "did you mean 'target'")),
    ("unknown-key-far", GOOD.replace("target = 61", "target = 61\ncolour = 1"), ("key colour", "allowed")),
    ("missing-key", _without("drawing"), ("key drawing", "missing")),
    ("built-in-name", _set("name", '"horse-race"'), ("key name", "built-in", "horse-race-house")),
    ("bad-name", _set("name", '"My Game"'), ("key name", "lowercase")),
    ("name-number", _set("name", "7"), ("key name", "text")),
    ("title-empty", _set("title", '""'), ("key title",)),
    ("bool-as-string", _set("drawing", '"yes"'), ("key drawing", "true or false")),
    ("bool-as-int", _set("stay_on_turn", "1"), ("key stay_on_turn", "true or false")),
    ("spinners-bool", _set("spinners", "true"), ("key spinners", "first-double")),
    ("spinners-unknown", _set("spinners", '"first-doubles"'), ("key spinners", "did you mean 'first-double'")),
    ("divisors-empty", _set("divisors", "[]"), ("key divisors", "at least one")),
    ("divisor-one", _set("divisors", "[1]"), ("key divisors[1]", "2 to 12")),
    ("divisor-twice", _set("divisors", "[5, 5]"), ("key divisors", "twice")),
    ("divisor-float", _set("divisors", "[5.0]"), ("key divisors[1]", "whole number")),
    ("target-zero", _set("target", "0"), ("key target", "1 to 10,000")),
    ("target-float", _set("target", "61.0"), ("key target", "whole number")),
    ("target-huge", _set("target", "99999999999999999999"), ("key target", "1 to 10,000")),
    ("raw-per-point", _set("raw_per_point", "0"), ("key raw_per_point",)),
    ("opener-unknown", _set("opener_after_block", '"loser"'), ("key opener_after_block", "last-player")),
    ("hands-not-array", _hands_value("5"), ("key hand_sizes", "array")),
    ("hands-empty", _hands_value("[]"), ("key hand_sizes", "at least one")),
    ("hands-not-tables", _hands_value("[7, 5]"), ("key hand_sizes[1]", "table")),
    ("seating-too-many-tiles", _hands("players = 5\nhand = 6"), ("key hand_sizes[1].hand", "cannot be dealt")),
    ("seating-one-player", _hands("players = 1\nhand = 7"), ("key hand_sizes[1].players", "2 to 6")),
    ("seating-odd-partners", _hands("players = 3\npartnerships = true\nhand = 5"),
     ("key hand_sizes[1].partnerships", "4 players")),
    ("seating-twice", _hands("players = 2\nhand = 7", "players = 2\nhand = 6"), ("key hand_sizes[2]", "twice")),
    ("seating-unknown-key", _hands("players = 2\nhands = 7"), ("key hand_sizes[1].hands", "did you mean 'hand'")),
    ("seating-no-hand", _hands("players = 2"), ("key hand_sizes[1].hand", "missing")),
    ("hand-zero", _hands("players = 2\nhand = 0"), ("key hand_sizes[1].hand", "1 to 28")),
    ("words-missing-language", GOOD.replace('en = ["five", "fives"]', ""), ("key point_words.en", "missing")),
    ("words-one-form", GOOD.replace('en = ["five", "fives"]', 'en = ["five"]'), ("key point_words.en", "two words")),
    ("words-extra-language", GOOD + 'fr = ["cinq", "cinq"]\n', ("key point_words.fr", "unknown key")),
]


def _file(tmp: Path, content: str | bytes | None) -> str:
    if content is None:
        return "nothing-here.toml"
    path = tmp / "house.toml"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return "house.toml"


@pytest.mark.parametrize("content,needles", [c[1:] for c in BAD_FILES], ids=[c[0] for c in BAD_FILES])
@pytest.mark.parametrize("command", ["simulate", "layout", "rules-api"])
def test_bad_description_files(command: str, content, needles: tuple[str, ...], tmp_path: Path,
                               monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    name = _file(tmp_path, content)
    if command == "rules-api":
        with pytest.raises(RulesError) as info:
            load_rules(name)
        message = str(info.value)
        assert message.startswith(f"{name}: ") and "\n" not in message
        for needle in needles:
            assert needle in message, (needle, message)
        return
    before = snapshot(tmp_path)
    argv = (["simulate", "--rules", name, "--players", "2", "--matches", "1", "--record-dir", "out", "--quiet"]
            if command == "simulate" else ["layout", "--rules", name, "[1|4]"])
    code, out, err = run(argv, capsys)
    assert_clean_error(code, out, err, 2, (name,) + needles)
    assert out == "" and snapshot(tmp_path) == before


@pytest.mark.parametrize("path,needles", [("/dev/zero", ("/dev/zero", "larger than")),
                                          (".", ("is a directory",))])
def test_device_and_folder_as_description(path: str, needles: tuple[str, ...],
                                          capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["simulate", "--rules", path, "--players", "2", "--quiet"], capsys)
    assert_clean_error(code, out, err, 2, needles)


BAD_OPTIONS = [
    ("both", ["simulate", "--game", HR, "--rules", "muggins.toml", "--players", "2", "--quiet"],
     ("--game", "--rules", "not both")),
    ("neither", ["simulate", "--players", "2", "--quiet"], ("--game", "--rules")),
    ("layout-both", ["layout", "--game", HR, "--rules", "muggins", "[1|4]"], ("not both",)),
    ("tournament-neither", ["tournament", "--players", "2", "--bots", "greedy", "--quiet"], ("--rules",)),
    ("play-both", ["play", "--game", FT, "--rules", "muggins", "--players", "2"], ("not both",)),
    ("replay-both", ["replay", "--game", HR, "--rules", "muggins", "x.json"], ("not both",)),
    ("check-both", ["check", "--game", HR, "--rules", "muggins", "x.json"], ("not both",)),
    ("seating-not-in-file", ["simulate", "--rules", "muggins", "--players", "3", "--partnerships", "--quiet"],
     ("3",)),
    ("rules-unknown-game", ["rules", "muggin"], ("muggin", "horse-race")),
    ("rules-built-in-name", ["rules", HR, "--name", FT], ("--name", "built-in")),
    ("rules-bad-name", ["rules", HR, "--name", "Big Race"], ("--name", "lowercase")),
]


@pytest.mark.parametrize("argv,needles", [c[1:] for c in BAD_OPTIONS], ids=[c[0] for c in BAD_OPTIONS])
def test_bad_game_options(argv: list[str], needles: tuple[str, ...], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                          capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    before = snapshot(tmp_path)
    code, out, err = run(argv, capsys)
    assert_clean_error(code, out, err, 2, needles)
    assert out == "" and snapshot(tmp_path) == before


def test_a_description_with_its_own_rules_plays_through() -> None:
    """A description changed in every switch still plays whole matches the reference model accepts."""
    odd = replace(FIVES_AND_THREES, name="odd", spinners=SpinnerRule.FIRST_DOUBLE, divisors=(4,), domino_bonus=2,
                  target=31, opener_after_domino="last-player")
    rules = loads_rules(rules_to_toml(odd))
    assert rules == odd
    for seed in range(3):
        record = json.loads(json.dumps(match_to_record(Match(rules, 3, seed=seed).play(random_policy))))
        ref_check_record(record)
        assert replay(loads_record(json.dumps(record))).scores == record["scores"]


def test_simulate_in_worker_processes_writes_the_same_house_records(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    for jobs, folder in (("1", "one"), ("2", "two")):
        code, out, err = run(["simulate", "--rules", "horse-race-121", "--players", "3", "--matches", "4", "--seed",
                              "3", "--jobs", jobs, "--record-dir", folder, "--quiet"], capsys)
        assert code == 0, err
    one = sorted(Path("one").iterdir())
    assert [p.name for p in one] == [p.name for p in sorted(Path("two").iterdir())] and len(one) == 4
    assert all(p.read_bytes() == (Path("two") / p.name).read_bytes() for p in one)
    assert json.loads(one[0].read_text(encoding="utf-8"))["rules"]["target"] == 121


def test_a_too_large_description_names_its_limit_in_readable_units(tmp_path: Path) -> None:
    from dominolab.core.gamefile import MAX_BYTES
    big = tmp_path / "big.toml"
    big.write_text("# " + "x" * MAX_BYTES + "\n", encoding="utf-8")
    with pytest.raises(RulesError) as caught:
        load_rules(big)
    assert f"{MAX_BYTES:,} bytes (256 KiB)" in str(caught.value), str(caught.value)


@pytest.mark.parametrize("value, words, expected", [
    (True, "toml", "a boolean (true)"), (7, "toml", "an integer (7)"), ("x", "toml", "a text 'x'"),
    ({}, "toml", "a table"), ("x", "json", "a string 'x'"), ({}, "json", "an object"), (None, "json", "null"),
    (list(range(1000)), "json", "an array of 1,000 items"), ([1], "toml", "an array of 1 item"),
])
def test_one_describer_names_values_in_each_formats_words(value: object, words: str, expected: str) -> None:
    from dominolab.core._check import JSON_WORDS, TOML_WORDS, value_kind
    assert value_kind(value, TOML_WORDS if words == "toml" else JSON_WORDS) == expected
