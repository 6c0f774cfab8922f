"""The mutants of dominolab/verify/mutants.py and the command that proves the rule tests with them.

The long test runs ``dominolab coverage`` once (every mutant, each in its own
process); when a result for exactly these sources is stored already (a previous
run, e.g. the one the book build reads) the command reuses it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from dominolab.verify.mutants import (PATCHES, MutantError, _caught, _resolve, cache_dir, crash_only, parse,
                                     reached, result_ok, sources_hash, summary_line)
from dominolab.verify.rules_coverage import statements

ROOT = Path(__file__).resolve().parents[2]
AUDITED = ["patch:first-side-only-at-target", "patch:seat-0-opens-after-block", "patch:void-removed-mid-round",
           "patch:last-tile-at-target-still-settled"]


def _run(*args: str, timeout: float = 600) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    return subprocess.run([sys.executable, "-m", "dominolab", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=timeout, env=env, check=False)


@pytest.fixture(scope="module")
def stored():
    """The stored result for these sources: ``dominolab coverage`` runs the mutants only when none is stored."""
    proc = _run("coverage", timeout=900)
    path = cache_dir(ROOT) / f"{sources_hash(ROOT)}.json"
    assert path.exists(), proc.stdout + proc.stderr[-2000:]
    return proc, json.loads(path.read_text(encoding="utf-8"))


@pytest.mark.slow
def test_every_mutant_is_caught_by_its_statements_tests(stored):
    proc, stored = stored
    n = len(statements())
    mutants = len({spec for s in statements() for spec in s.mutants})
    assert proc.returncode == 0, proc.stdout + proc.stderr[-2000:]
    assert proc.stdout.strip().splitlines()[-1] == f"{n} statements, {mutants} mutants caught"
    assert stored["complete"] and result_ok(stored)
    by_spec = {spec: (sid, m) for sid, s in stored["statements"].items() for spec, m in s["mutants"].items()}
    for spec in AUDITED:                            # the four changes an audit once got past every rule test
        sid, m = by_spec[spec]
        assert m["caught"] and m["failed"], (spec, sid)
    # the unequal shared win is tried through the engine
    failed = stored["statements"]["hr.target.shared-in-settlement"]["mutants"]["patch:first-side-only-at-target"]
    assert any("different_scores" in node for node in failed["failed"])


@pytest.mark.slow
def test_every_patch_is_live_where_its_statements_tests_run(stored):
    """A patch must change the function it names, and the statement's tests must call the changed
    function: a patch of a function the engine no longer calls cannot pass as caught."""
    _, stored = stored
    patches_seen = set()
    for sid, entry in stored["statements"].items():
        for spec, m in entry["mutants"].items():
            if spec.startswith("patch:"):
                patches_seen.add(spec.removeprefix("patch:"))
                assert m["reached"], (sid, spec, m["target"])
                assert not m["crash_only"], (sid, spec, m["failed_by"])    # caught by a difference, not a crash
    assert patches_seen == set(PATCHES)             # every registered patch is named and was run


def test_every_patch_target_exists():
    for p in PATCHES.values():
        _resolve(p.target)                          # raises for a target that is gone


_DEAD_PATCH = '''
import dataclasses, json, sys
from pathlib import Path
from dominolab.verify import mutants

@mutants.patch("dead-first-winner-only", "dominolab.core.scoring:settle_round")
def dead():
    """The checked settlement keeps only its first winner; the engine never calls it (it settles with
    settle_trusted)."""
    from dominolab.core import scoring
    mutants.wrap_everywhere(scoring, "settle_round", lambda orig: lambda *a, **k: (
        lambda s: dataclasses.replace(s, winners=s.winners[:1]))(orig(*a, **k)))

@mutants.patch("wrong-target", "dominolab.core.rules:GameRules.sides_at_target_trusted")
def wrong():
    """Claims to change the engine's test of the winners but changes the checked settlement."""
    dead()

targets = Path(sys.argv[2])
targets.write_text(json.dumps([sys.argv[3]]))
sys.exit(mutants._child_main("patch:" + sys.argv[1], sys.argv[4], str(targets)))
'''


@pytest.mark.parametrize("name,changed", [("dead-first-winner-only", True), ("wrong-target", False)])
def test_a_patch_of_a_function_the_engine_does_not_call_is_not_caught(tmp_path, name, changed):
    """The check cannot be fooled: a patch of the checked ``settle_round`` (the engine settles with
    ``settle_trusted``) is never called by the shared-win test, so it is neither reached nor caught; a
    patch that names one target and changes another is not reached either."""
    report = tmp_path / "report.json"
    node = ("tests/verify/test_rules_coverage.py::"
            "test_sides_reaching_the_target_in_one_settlement_share_the_win_with_different_scores")
    proc = subprocess.run([sys.executable, "-c", _DEAD_PATCH, name, str(tmp_path / "t.json"), node, str(report)],
                          cwd=ROOT, capture_output=True, text=True, check=False, timeout=300,
                          env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    res = {"outcomes": json.loads(report.read_text()),
           "reach": json.loads((tmp_path / "report.json.reach.json").read_text())}
    assert res["reach"]["changed"] is changed
    assert res["reach"]["calls"] == 0 or not changed
    assert not reached(res, "hr.target.shared-in-settlement")
    assert not _caught(res, "hr.target.shared-in-settlement")[0]        # the test passes: the rule is intact


def test_a_mutant_caught_only_by_crashes_is_flagged():
    run = {"outcomes": {"a": {"t1": "failed", "t2": "failed"}},
           "reach": {"changed": True, "callable": True, "calls": 2, "per_test": {"t1": 1, "t2": 1},
                     "errors": {"t1": "AttributeError", "t2": "KeyError"}}}
    assert crash_only(run, "a") and reached(run, "a")
    run["reach"]["errors"]["t2"] = "AssertionError"
    assert not crash_only(run, "a")


@pytest.mark.parametrize("spec,words", [
    ("junk", "write 'field:GAME.FIELD=VALUE' or 'patch:NAME'"),
    ("field:chess.target=1", "no game 'chess'"),
    ("field:horse-race.colour=1", "GameRules has no field 'colour'"),
    ("field:horse-race.target=61", "already has target = 61"),
    ("field:horse-race.target", "is 'field:GAME.FIELD=VALUE'"),
    ("field:horse-race.target=[", "is not a TOML value"),
    ("patch:no-such-patch", "no patch named 'no-such-patch'"),
])
def test_a_bad_mutant_is_one_line(spec, words):
    with pytest.raises(MutantError) as info:
        parse(spec)
    assert words in str(info.value) and "\n" not in str(info.value)


def test_the_command_refuses_a_bad_mutant_in_one_line():
    proc = _run("coverage", "--mutant", "patch:no-such-patch", timeout=120)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.strip().count("\n") == 0 and "no patch named" in proc.stderr


def test_the_command_refuses_a_file_to_leave_out_that_holds_no_rule_tests():
    for name in ("tests/no_such_test.py", "tests/conftest.py", "../outside.py"):
        proc = _run("coverage", "--leave-out", name, timeout=120)
        assert proc.returncode == 2 and proc.stdout == "", name
        assert proc.stderr.strip().count("\n") == 0 and "not a test file with rule-marked tests" in proc.stderr


def test_leaving_out_the_tests_written_for_the_audit_lets_its_mutant_survive():
    """The audit of the former benchmarks/rule_gaps.py, now ``dominolab coverage --leave-out``: the drawn tile that skips
    a seat (one of the twenty rule_gaps patches) is caught only by tests/verify/test_rules_catch.py."""
    spec = "patch:drawn-play-skips-a-seat"
    proc = _run("coverage", "--mutant", spec, "--leave-out", "tests/verify/test_rules_catch.py", timeout=900)
    assert proc.returncode == 1, proc.stdout + proc.stderr[-2000:]
    assert f"SURVIVED hr.turns.clockwise: {spec}" in proc.stdout
    assert proc.stdout.strip().splitlines()[-1].endswith(f"0 of 1 mutants caught; survived: {spec}")
    assert "left out: tests/verify/test_rules_catch.py" in proc.stderr


def test_a_field_mutant_changes_the_registered_game_in_place():
    code = ("from dominolab.verify import mutants; from dominolab.core import engine;"
            "from dominolab.core.rules import GAMES, HORSE_RACE;"
            "m = mutants.apply('field:horse-race.stay_on_turn=false');"
            "assert GAMES['horse-race'] is HORSE_RACE and HORSE_RACE.stay_on_turn is False;"
            "r = engine.position('horse-race', 2, layout='[1|4]', hands=[['[1|1]', '[2|6]'], ['[3|5]']]);"
            "r.apply('[1|1]@[1|4].low'); assert r.to_move == 1; print(m.description)")
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=False,
                          env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "Horse Race: stay_on_turn = False instead of True"


def test_every_patch_is_described_and_names_its_target():
    for p in PATCHES.values():
        assert p.description.endswith(".") and ":" in p.target and p.target.startswith("dominolab."), p.name
        assert p.de.endswith(".") and p.de != p.description, p.name          # the book shows the German line
    assert parse("field:horse-race.target=62").de == "Horse Race: Feld target = 62 statt 61."


def test_summary_and_verdicts():
    result = {"statements": {"a": {"passed": True, "mutants": {"x": {"caught": True}}},
                             "b": {"passed": True, "mutants": {"y": {"caught": False}}}},
              "mutants": 2, "caught": 1, "survivors": ["y"]}
    assert summary_line(result) == "2 statements, 1 of 2 mutants caught; survived: y"
    assert not result_ok(result)
    result.update(caught=2, survivors=[])
    result["statements"]["b"]["mutants"]["y"]["caught"] = True
    assert summary_line(result) == "2 statements, 2 mutants caught" and result_ok(result)
    # a run counts as catching a mutant only by a failing test of that statement
    run = {"outcomes": {"a": {"t1": "passed", "t2": "failed"}, "b": {"t3": "passed"}}}
    assert _caught(run, "a") == (True, ["t2"]) and _caught(run, "b") == (False, [])
    assert not _caught({"timeout": True}, "b")[0] and not _caught({"error": "x", "outcomes": {}}, "a")[0]
