"""The examples catalogue against the engine, the reference model and the rule documents."""

from __future__ import annotations

import itertools
import re

import pytest

from reference import (ALL_REF_TILES, FT_DOC, HR, HR_DOC, RefLayout, RefRound, is_double, move_parse, p_str,
                      ref_credit, require_document, round5, t_parse, t_str)
from dominolab.verify.examples import catalogue, position_of, run, run_all, settlement_of, steps

EXAMPLES = catalogue()
IDS = [e.id for e in EXAMPLES]


def doc_lines(path):
    return require_document(path).read_text(encoding="utf-8").splitlines()


def doc_steps(lines):
    """(tile, text, description) for every worked step the document prints."""
    out = []
    for i, line in enumerate(lines):
        if line.startswith("Angelegt: "):
            out.append((line[len("Angelegt: "):], lines[i + 1], lines[i + 2]))
    return out


def catalogue_steps():
    """(example, step) for every layout step of the catalogue."""
    out = []
    for ex in catalogue(kind="layout"):
        _, all_steps = steps(ex)
        out += [(ex, s) for s in all_steps]
    return out


# -- every example passes ------------------------------------------------------------------


def test_catalogue_ids_are_unique_and_both_games_are_covered():
    assert len(IDS) == len(set(IDS))
    assert {e.game.name for e in EXAMPLES} == {"horse-race", "fives-and-threes"}
    assert {e.kind for e in EXAMPLES} == {"layout", "credit", "settlement", "move"}


@pytest.mark.parametrize("example", EXAMPLES, ids=IDS)
def test_example_passes(example):
    results = run(example)
    assert results
    failed = [r for r in results if not r.ok]
    assert not failed, [(r.example, r.detail) for r in failed]


def test_run_all_covers_every_example():
    results = run_all()
    assert all(r.ok for r in results)
    assert {r.example.split(" ")[0] for r in results} == set(IDS)


@pytest.mark.parametrize("example", EXAMPLES, ids=IDS)
def test_example_section_is_a_heading_of_its_document(example):
    lines = doc_lines(HR_DOC if example.game.name == HR else FT_DOC)
    assert example.section in [line.strip() for line in lines]


# -- the catalogue's expectations agree with the reference model -------------------------------


@pytest.mark.parametrize("example", [e for e in EXAMPLES if e.kind == "layout"],
                         ids=[e.id for e in EXAMPLES if e.kind == "layout"])
def test_layout_example_expectations_agree_with_reference(example):
    start, all_steps = steps(example)
    ref = RefLayout(example.game.spinners)
    for p in start.placements:
        _, tile, at = move_parse(str(p))
        ref.place(tile, at)
    for step in all_steps:
        _, tile, at = move_parse(str(step.placement))
        ref.place(tile, at)
        exp = step.expect
        if "sum" in exp:
            assert exp["sum"] == ref.end_sum()
        if "points" in exp:
            assert exp["points"] == ref_credit(example.game.name, ref.end_sum())
        by_tile = {}
        for point, value in ref.contributions():
            by_tile[t_str(point[0])] = by_tile.get(t_str(point[0]), 0) + value
        for tile_text, value in exp.get("contributions", {}).items():
            assert by_tile.get(tile_text) == value
        for tile_text in exp.get("not_scored", []):
            assert tile_text not in by_tile
        for point in exp.get("open_includes", []):
            assert point in {p_str(p) for p in ref.open_points()}
        if "text" in exp:
            numbers = [int(n) for n in re.findall(r"\d+", exp["text"].split(".")[0])]
            assert numbers[:-1] == [v for _, v in ref.contributions()] and numbers[-1] == ref.end_sum()


@pytest.mark.parametrize("example", [e for e in EXAMPLES if e.kind == "credit"],
                         ids=[e.id for e in EXAMPLES if e.kind == "credit"])
def test_credit_example_agrees_with_reference(example):
    assert example.data["points"] == ref_credit(example.game.name, example.data["sum"])


@pytest.mark.parametrize("example", [e for e in EXAMPLES if e.kind == "settlement"],
                         ids=[e.id for e in EXAMPLES if e.kind == "settlement"])
def test_settlement_example_agrees_with_reference(example):
    data = example.data
    partnerships = data.get("partnerships", False)
    hands = [[t_parse(t) for t in h] for h in data["hands"]]
    pips = [sum(a + b for a, b in h) for h in hands]
    side = (lambda s: s % 2) if partnerships else (lambda s: s)
    n_sides = 2 if partnerships else data["players"]
    side_pips = [sum(p for s, p in enumerate(pips) if side(s) == x) for x in range(n_sides)]
    if data["reason"] == "domino":
        winners = [side(data["domino_seat"])]
    else:
        winners = [x for x in range(n_sides) if side_pips[x] == min(side_pips)]
    credits = [round5(sum(side_pips) - side_pips[x]) // 5 if x in winners else 0 for x in range(n_sides)]
    assert data["expect_winners"] == winners
    assert data["expect_credits"] == credits
    got = settlement_of(example)
    assert list(got["winners"]) == winners and list(got["credits"]) == credits


def exact_house_rule():
    """A house rule from dominolab/games/ made exact: All Fives (Muggins) to exactly 61, pips settled."""
    from dominolab.core.gamefile import SAMPLES_DIR, loads_rules

    text = (SAMPLES_DIR / "muggins.toml").read_text(encoding="utf-8")
    assert "target_exact = false" in text and "pip_settlement = true" in text
    return loads_rules(text.replace("target_exact = false", "target_exact = true")
                       .replace('name = "muggins"', 'name = "muggins-exact"'))


def test_an_exact_target_voids_a_settlement_example_as_it_voids_play():
    """A settlement that would carry a side past an exact target books nothing, in the examples as in
    play (interpretation zh-abrechnung-exaktes-ziel): seat 0 at 60 plays out against 17 pips (3 points,
    63 > 61). Computed apart from the engine's booking, the example said 63; play books 60."""
    from dominolab.core.engine import SettleEvent, position
    from dominolab.verify.examples import Example

    rules = exact_house_rule()
    assert rules.target_exact and rules.pip_settlement and rules.target == 61
    data = {"players": 2, "reason": "domino", "domino_seat": 0, "hands": [[], ["[5|6]", "[2|4]"]],
            "scores_before": [60, 10], "expect_credits": [0, 0], "expect_scores": [60, 10],
            "expect_match_winners": []}
    example = Example("muggins-exact-void", "settlement", rules, "", "", data)
    # the same end in play: seat 0 lays its last tile for no points (end sum 2 + 4 = 6), then the settlement
    rnd = position(rules, 2, layout="[1|4]", hands=[["[1|2]"], ["[5|6]", "[2|4]"]], scores=[60, 10])
    rnd.apply("[1|2]@[1|4].low")
    settle = rnd.events[-1]
    assert isinstance(settle, SettleEvent) and rnd.settlement is not None and rnd.settlement.credits == (3, 0)
    got = settlement_of(example)
    assert got["settlement"].credits == (3, 0)              # what the pips are worth ...
    assert got["credits"] == list(settle.credits) == [0, 0]  # ... and what is booked: void
    assert got["scores"] == rnd.scores == [60, 10]
    assert got["match_winners"] == list(rnd.match_winners) == []
    assert all(r.ok for r in run(example)), run(example)
    # one point fewer is exact: 58 + 3 = 61 is booked and wins, in both
    data["scores_before"] = [58, 10]
    rnd = position(rules, 2, layout="[1|4]", hands=[["[1|2]"], ["[5|6]", "[2|4]"]], scores=[58, 10])
    rnd.apply("[1|2]@[1|4].low")
    got = settlement_of(example)
    assert got["credits"] == list(rnd.events[-1].credits) == [3, 0]
    assert got["scores"] == rnd.scores == [61, 10] and got["match_winners"] == list(rnd.match_winners) == [0]


@pytest.mark.parametrize("example", [e for e in EXAMPLES if e.kind == "move"],
                         ids=[e.id for e in EXAMPLES if e.kind == "move"])
def test_move_example_agrees_with_reference(example):
    data = example.data
    rnd = position_of(example)
    layout = RefLayout.from_text(data.get("layout", ""), example.game.spinners)
    ref = RefRound(example.game.name, data["players"], data.get("partnerships", False),
                   [[t_parse(t) for t in h] for h in data["hands"]], [t_parse(t) for t in data.get("stock", [])],
                   data["to_move"], data.get("scores") or [0] * len(rnd.scores), layout)
    assert {str(m) for m in rnd.legal_moves()} == ref.legal_moves()
    (event, *_) = ref.apply(data["play"])
    event = dict(event, end=ref.end, match_winners=ref.match_winners)
    for key, value in data["expect"].items():
        assert event[key] == value, key


# -- the rule documents are fully covered ---------------------------------------------------------


def test_every_worked_step_of_the_horse_race_document_is_in_the_catalogue():
    lines = doc_lines(HR_DOC)
    in_doc = doc_steps(lines)
    assert len(in_doc) >= 10
    in_cat = {(str(s.placement.tile), s.expect.get("text"), s.expect.get("description"))
              for ex, s in catalogue_steps() if ex.game.name == HR}
    for triple in in_doc:
        assert triple in in_cat, f"document step not in the catalogue: {triple[0]}: {triple[1]}"
    # and every exact text of the catalogue is printed by the document
    for ex, s in catalogue_steps():
        if ex.game.name == HR and "description" in s.expect:
            assert (str(s.placement.tile), s.expect["text"], s.expect["description"]) in set(in_doc), ex.id


def test_every_step_text_line_of_the_document_is_a_catalogue_text():
    lines = doc_lines(HR_DOC)
    texts = {s.expect.get("text") for _, s in catalogue_steps()} | {s.expect.get("description")
                                                                  for _, s in catalogue_steps()}
    step_lines = [line for line in lines if line.startswith("Gewertete Beiträge:")]
    assert step_lines
    for line in step_lines:
        assert line in texts, line


def _tiles_of(description: str) -> list[str]:
    m = re.search(r"Steine: (.*?)\. Spinner:", description)
    return m.group(1).split(", ")


def test_skipped_step_is_present_and_flagged():
    lines = doc_lines(HR_DOC)
    in_doc = doc_steps(lines)
    skipped = []
    seen: list[list[str]] = []
    for tile, _, description in in_doc:
        tiles = _tiles_of(description)
        assert tiles[-1] == tile
        prefixes = [p for p in seen if tiles[:len(p)] == p]
        if prefixes:
            best = max(prefixes, key=len)
            gap = tiles[len(best):-1]
            for missing in gap:
                # the document names how the missing tile was joined in a later connection
                m = re.search(r"\[(\d)\|(\d)\] \((Ende mit größerer Augenzahl|Ende mit kleinerer Augenzahl|"
                              r"Linienseite A|Linienseite B|Seitenarm A|Seitenarm B)\) – "
                              + re.escape(missing), description)
                assert m, missing
                side = {"Ende mit größerer Augenzahl": "high", "Ende mit kleinerer Augenzahl": "low",
                        "Linienseite A": "A", "Linienseite B": "B", "Seitenarm A": "armA",
                        "Seitenarm B": "armB"}[m.group(3)]
                skipped.append(f"{missing}@[{m.group(1)}|{m.group(2)}].{side}")
        seen.append(tiles)
    assert skipped == ["[5|5]@[1|5].high"]
    flagged = [(ex, s) for ex, s in catalogue_steps() if s.skipped_in_document]
    assert [str(s.placement) for _, s in flagged] == skipped
    for ex, s in flagged:
        assert s.expect.get("reconstructed")
        assert "text" not in s.expect and "description" not in s.expect
        # its sum follows from the rules: 2 + 3 + 10 = 15
        assert s.expect["sum"] == s.layout.end_sum == 15
        assert str(s.placement.tile) not in {t for t, _, _ in in_doc}


def test_opening_example_numbers_from_the_document_and_unique_reconstruction():
    lines = doc_lines(HR_DOC)
    sentence = next(line for line in lines if line.startswith("Beispiel: Eine Eröffnung hat Endsumme"))
    numbers = [int(n) for n in re.findall(r"\d+", sentence)]
    assert numbers == [10, 12, 5, 9]
    (ex,) = [e for e in EXAMPLES if e.id == "hr-eroeffnung-10"]
    _, all_steps = steps(ex)
    assert [s.layout.end_sum for s in all_steps] == numbers
    assert ex.reconstructed
    # brute force with the reference model: the tiles are the only ones that give these sums
    # (opening double; one line side; the other line side; a side arm)
    openings = [t for t in ALL_REF_TILES if is_double(t) and 2 * t[0] == numbers[0]]
    assert openings == [(5, 5)]
    found = set()
    for a, b, c in itertools.permutations([t for t in ALL_REF_TILES if 5 in t and t != (5, 5)], 3):
        lay = RefLayout(True, [((5, 5), None)])
        if ((5, 5), "A") not in lay.fits(a):
            continue
        lay.place(a, ((5, 5), "A"))
        if lay.end_sum() != numbers[1]:
            continue
        lay.place(b, ((5, 5), "B"))
        if lay.end_sum() != numbers[2]:
            continue
        lay.place(c, ((5, 5), "armA"))
        if lay.end_sum() == numbers[3]:
            found.add((a, b, c))
    assert found == {((2, 5), (3, 5), (4, 5))}
    assert [str(s.placement.tile) for s in all_steps] == ["[5|5]", "[2|5]", "[3|5]", "[4|5]"]


def test_document_credit_examples():
    text = "\n".join(doc_lines(HR_DOC))
    assert "5 bringt 1 Punkt, 10 bringt 2 und 15 bringt 3" in text
    for s, p in [(5, 1), (10, 2), (15, 3), (0, 0)]:
        assert any(e.data.get("sum") == s and e.data.get("points") == p for e in catalogue(game=HR, kind="credit"))
    ft = "\n".join(doc_lines(FT_DOC))
    assert "Summe 15 bringt somit 5 Punkte für die Dreier und 3 für die Fünfer, insgesamt 8 Punkte" in ft
    assert any(e.data.get("sum") == 15 and e.data.get("points") == 8
               for e in catalogue(game="fives-and-threes", kind="credit"))


# -- strict example files ------------------------------------------------------------------

import subprocess  # noqa: E402
import sys  # noqa: E402

from dominolab.cli import main  # noqa: E402
from dominolab.core.errors import ExampleError  # noqa: E402
from dominolab.verify.examples import SAMPLE_FILE, load_examples  # noqa: E402

GOOD = '''
[[example]]
id = "lay"
kind = "layout"
game = "horse-race"
[[example.step]]
play = "[1|4]"
sum = 5
[[example.step]]
play = "[1|1]@[1|4].low"
open_includes = ["[1|1].B"]
contributions = {"[1|4]" = 4}

[[example]]
id = "set"
kind = "settlement"
game = "horse-race"
players = 4
partnerships = true
reason = "domino"
domino_seat = 0
hands = [[], ["[3|6]"], ["[1|6]"], ["[2|6]"]]
expect_winners = [0]
expect_credits = [3, 0]

[[example]]
id = "mov"
kind = "move"
game = "horse-race"
players = 2
layout = "[1|4]"
hands = [["[1|6]"], ["[2|3]"]]
to_move = 0
play = "[1|6]@[1|4].low"
expect = {sum = 10}

[[example]]
id = "cre"
kind = "credit"
game = "fives-and-threes"
sum = 15
points = 8
'''

#: (edit of GOOD, example id named, key named, words of the message)
BAD = [
    (('sum = 15', 'suum = 15'), "cre", "suum", "did you mean 'sum'"),
    (('expect_winners', 'expect_winner'), "set", "expect_winner", "did you mean 'expect_winners'"),
    (('expect_winners = [0]\nexpect_credits = [3, 0]', 'expect_winers = [0]'), "set", "expect_winers", "unknown key"),
    (('expect = {sum = 10}', ''), "mov", "expect", "missing"),
    (('expect = {sum = 10}', 'expect = {}'), "mov", "expect", "expects nothing"),
    (('expect = {sum = 10}', 'expect = {summ = 10}'), "mov", "expect.summ", "did you mean 'sum'"),
    (('open_includes = ["[1|1].B"]', 'not_scored = "[1|4]"'), "lay", "step[2].not_scored", "must be an array"),
    (('reason = "domino"', 'reason = "rain"'), "set", "reason", "unknown reason"),
    (('domino_seat = 0\n', ''), "set", "domino_seat", "needs the seat"),
    (('domino_seat = 0', 'domino_seat = 7'), "set", "domino_seat", "out of range"),
    (('hands = [[], ["[3|6]"], ["[1|6]"], ["[2|6]"]]', 'hands = [[], ["[3|6]"], ["[3|6]"], ["[3|6]"]]'),
     "set", "hands[2]", "more than once"),
    (('hands = [[], ["[3|6]"], ["[1|6]"], ["[2|6]"]]', 'hands = [[], ["[3|6]"], ["[1|6]"]]'),
     "set", "hands", "needs 4 hands"),
    (('hands = [[], ["[3|6]"], ["[1|6]"], ["[2|6]"]]', 'hands = [[], ["[3|6]", "[0|0]", "[0|1]", "[0|2]", "[0|3]", "[0|4]"], ["[1|6]"], ["[2|6]"]]'),
     "set", "hands[1]", "deals 5 per hand"),
    (('hands = [[], ["[3|6]"]', 'hands = [["[0|0]"], ["[3|6]"]'), "set", "hands", "still holds"),
    (('contributions = {"[1|4]" = 4}', 'contributions = 5'), "lay", "step[2].contributions", "must be a table"),
    (('to_move = 0', 'to_move = 2'), "mov", "to_move", "out of range"),
    (('to_move = 0', 'to_move = "0"'), "mov", "to_move", "must be an integer"),
    (('sum = 5\n', ''), "lay", "step[1]", "expects nothing"),
    (('layout = "[1|4]"', 'layout = "[1|6]"'), "mov", "hands[0]", "more than once"),
    (('kind = "credit"', 'kind = "credits"'), "cre", "kind", "did you mean 'credit'"),
    (('game = "fives-and-threes"', 'game = "fives"'), "cre", "game", "unknown game"),
    (('expect_credits = [3, 0]', 'expect_credits = [3, 0, 0]'), "set", "expect_credits", "one per side"),
    (('players = 2', 'players = 5'), "mov", "players", ""),
    (('partnerships = true', 'partnerships = "yes"'), "set", "partnerships", "true or false"),
    (('play = "[1|6]@[1|4].low"', 'play = "[1|6]@[1|4].lo"'), "mov", "play", "unknown attachment point"),
]


@pytest.mark.parametrize("edit,example_id,key,words", BAD, ids=[b[2] + ":" + b[3][:20] for b in BAD])
def test_bad_example_files_are_one_line_errors(tmp_path, edit, example_id, key, words):
    old, new = edit
    assert GOOD.count(old) >= 1
    path = tmp_path / "mine.dominolab.toml"
    path.write_text(GOOD.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(ExampleError) as err:
        load_examples([path])
    message = str(err.value)
    assert "\n" not in message and len(message) <= 300
    assert message.startswith(f"{path}: example '{example_id}': key {key}: "), message
    assert words in message


def test_the_good_file_passes(tmp_path):
    path = tmp_path / "mine.dominolab.toml"
    path.write_text(GOOD, encoding="utf-8")
    results = run_all(load_examples([path]))
    assert len(results) == 5 and all(r.ok for r in results)


def test_continues_cycle_and_unknown_target(tmp_path):
    cycle = "".join(f'''
[[example]]
id = "{a}"
kind = "layout"
game = "horse-race"
continues = "{b}"
[[example.step]]
play = "[6|6]@[6|6].A"
sum = 1
''' for a, b in (("x", "y"), ("y", "x")))
    path = tmp_path / "c.toml"
    path.write_text(cycle, encoding="utf-8")
    with pytest.raises(ExampleError, match=r"key continues: cycle: x -> y -> x"):
        load_examples([path])
    path.write_text(cycle.replace('continues = "x"', 'continues = "hr-endsume"'), encoding="utf-8")
    with pytest.raises(ExampleError, match=r"key continues: no example with id 'hr-endsume'; did you mean 'hr-endsumme'"):
        load_examples([path])


def test_a_wrong_expectation_fails_and_the_cli_exits_1(tmp_path, capsys):
    path = tmp_path / "mine.dominolab.toml"
    path.write_text(GOOD.replace("sum = 5", "sum = 6"), encoding="utf-8")
    assert main(["check", str(path)]) == 1
    out = capsys.readouterr().out
    assert "4 passed, 1 failed" in out and "sum: expected 6, got 5" in out


def test_cli_bad_file_is_one_line_exit_2_before_anything_runs(tmp_path):
    good = tmp_path / "a.toml"
    good.write_text(GOOD, encoding="utf-8")
    bad = tmp_path / "b.toml"
    bad.write_text(GOOD.replace('id = "', 'id = "b-').replace("suum", "x").replace("sum = 15", "suum = 15"),
                   encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "dominolab", "check", str(good), str(bad)],
                          capture_output=True, text=True)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr == f"dominolab: error: {bad}: example 'b-cre': key suum: unknown key; did you mean 'sum'?\n"


def test_sample_file_is_valid_passes_and_is_printed_by_check_sample(capsys):
    results = run_all(load_examples([SAMPLE_FILE]))
    assert results and all(r.ok for r in results)
    assert main(["check", "--sample"]) == 0
    assert capsys.readouterr().out == SAMPLE_FILE.read_text(encoding="utf-8")


def test_catalogue_files_pass_the_strict_schema():
    from dominolab.verify.examples import CATALOGUE_FILES

    assert len(load_examples(CATALOGUE_FILES, with_catalogue=False)) == len(EXAMPLES)


@pytest.mark.parametrize("old,new,words", [
    ("points = 8", "points = 9", "points for sum 15: expected 9, got 8"),
    ("expect_credits = [3, 0]", "expect_credits = [2, 0]", "credits: expected [2, 0], got [3, 0]"),
    ("expect = {sum = 10}", "expect = {sum = 11}", "sum: expected 11, got 10"),
    ('contributions = {"[1|4]" = 4}', 'contributions = {"[1|4]" = 5}', "contribution of [1|4]: expected 5, got 4"),
])
def test_every_kind_of_failure_says_what_differs(tmp_path, old, new, words):
    path = tmp_path / "mine.dominolab.toml"
    path.write_text(GOOD.replace(old, new), encoding="utf-8")
    failed = [r for r in run_all(load_examples([path])) if not r.ok]
    assert len(failed) == 1 and words in failed[0].detail


# -- a user's example ids are their own namespace ------------------------------------------------

_SHADOW = '''
[[example]]
id = "hr-endsumme"
kind = "layout"
game = "horse-race"
setup = "[5|5]"
[[example.step]]
play = "[0|5]@[5|5].A"
sum = 10
[[example]]
id = "mine-next"
kind = "layout"
game = "horse-race"
continues = "hr-endsumme"
[[example.step]]
play = "[0|0]@[0|5].low"
sum = 10
[[example]]
id = "mine-cat"
kind = "layout"
game = "horse-race"
continues = "hr-doppel-ende"
[[example.step]]
play = "[4|6]@[4|4].armA"
sum = 11
'''


def test_a_users_id_shadows_the_catalogue_only_inside_the_users_files(tmp_path):
    """A user's file may reuse a catalogue id (here hr-endsumme): its own examples continue the user's
    example, and a catalogue example it continues (hr-doppel-ende, which continues the catalogue's
    hr-endsumme) keeps its own chain. Before, the catalogue's chain was checked against the user's
    example and the error blamed the catalogue's file."""
    from dominolab.verify.examples import load_examples

    path = tmp_path / "mine.dominolab.toml"
    path.write_text(_SHADOW, encoding="utf-8")
    pool = load_examples([path])
    from dominolab.verify.examples import catalogue_examples

    everything = list(pool) + list(catalogue_examples())
    outcome = {ex.id: run(ex, everything) for ex in pool}
    assert all(all(row.ok for row in rows) for rows in outcome.values()), outcome
    layout_before, _ = steps(pool[1], everything)
    assert str(layout_before) == "[5|5] [0|5]@[5|5].A"
    catalogue_chain, _ = steps(pool[2], everything)
    assert str(catalogue_chain).startswith("[1|4] [1|1]@[1|4].low [4|4]@[1|4].high")
