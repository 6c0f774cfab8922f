"""The confirming protocol of python -m tools ladder (issue 30): seeds nobody picks, sizes fixed before the
run, the protocol stored beside the figures, and screening kept off the confirming seeds."""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from tools.bench import expert_screen
from tools.ladder import protocol, publishing
from tools.ladder import runs as ladder_runs

ROOT = Path(__file__).resolve().parents[2]
COMMIT = "0123456789abcdef0123456789abcdef01234567"
OTHER = "fedcba9876543210fedcba9876543210fedcba98"


@pytest.fixture(scope="module")
def ladder() -> ModuleType:
    return protocol


def test_seeds_are_a_hash_of_commit_family_and_duel(ladder):
    expected = int.from_bytes(hashlib.sha256(f"dominolab:{COMMIT}:confirm:hr-equal-work".encode()).digest()[:5], "big")
    assert ladder.derive_seed(COMMIT, "confirm", "hr-equal-work") == expected
    seeds = {ladder.derive_seed(c, f, n) for c in (COMMIT, OTHER) for f in ("screen", "confirm")
             for n in ("hr-equal-work", "ft-quarter-work")}
    assert len(seeds) == 8 and all(0 <= s < 2 ** ladder.SEED_BITS for s in seeds)
    for commit, family in (("abc123", "confirm"), (COMMIT.upper(), "confirm"), (COMMIT, "tuning")):
        with pytest.raises(ValueError):
            ladder.derive_seed(commit, family, "hr-equal-work")


def test_the_protocol_fixes_the_sizes_the_issue_asks_for(ladder):
    by_name = {d.name: d for d in ladder.CONFIRM}
    equal = by_name["hr-equal-work"]
    assert (equal.game, equal.a, equal.a_ms, equal.b, equal.b_ms) == ("horse-race", "expert", 25.0, "strong", 25.0)
    assert 2 * equal.seeds >= 2000 and equal.claim == "lower>0.52"
    four = by_name["hr-four-times-work"]
    assert four.a == four.b == "expert" and four.a_ms == 4 * four.b_ms and four.claim == "lower>0.5"
    quarter = by_name["ft-quarter-work"]
    assert quarter.game == "fives-and-threes" and quarter.b_ms == 4 * quarter.a_ms and quarter.claim == "upper>=0.5"
    record = ladder.protocol_record(COMMIT, OTHER)
    assert record["code_commit"] == COMMIT and record["seed_commit"] == OTHER
    assert set(record["families"]) == {"screen", "confirm"} and "sha256" in record["seed_derivation"]
    assert "tools ladder confirm" in record["command"]
    for row, duel in zip(record["duels"], ladder.CONFIRM):
        assert row["matches"] == 2 * duel.seeds and row["first_seed"] == ladder.derive_seed(OTHER, "confirm", duel.name)
    json.dumps(record)                                      # storable as it is


def test_a_claim_reads_the_interval(ladder):
    equal, _, quarter = ladder.CONFIRM
    assert equal.holds([0.521, 0.6]) and not equal.holds([0.52, 0.6])
    assert quarter.holds([0.45, 0.5]) and not quarter.holds([0.40, 0.499])


def test_the_cpu_estimate_adds_up_decisions_times_cost(ladder):
    timing = {"horse-race": {"strong": {"cpu_ms_mean": 50.0}, "expert": {"cpu_ms_mean": 25.0},
                             "expert-100": {"cpu_ms_mean": 100.0}},
              "fives-and-threes": {"strong": {"cpu_ms_mean": 25.0}, "expert": {"cpu_ms_mean": 25.0}}}
    hours = ladder.confirm_cpu_hours(timing)
    equal = ladder.CONFIRM[0]
    assert hours[equal.name] == round(2 * equal.seeds * ladder.DECISIONS_PER_MATCH["horse-race"] * 75.0 / 3.6e6, 2)
    assert hours["total"] == round(sum(hours[d.name] for d in ladder.CONFIRM), 2)
    with pytest.raises(ValueError, match="leveltiming"):
        ladder.confirm_cpu_hours({"horse-race": {}})


def test_a_confirming_run_is_reproducible_and_stored_beside_the_ratings(ladder, tmp_path, monkeypatch):
    tiny = (ladder.ConfirmDuel("hr-equal-work", "horse-race", "greedy", 5.0, "random", 5.0, 2, "lower>0.52"),)
    monkeypatch.setattr(ladder, "CONFIRM", tiny)
    first = ladder_runs.run_confirm(COMMIT, COMMIT, folder=tmp_path / "a")
    again = ladder_runs.run_confirm(COMMIT, COMMIT, folder=tmp_path / "b")
    strip = [{k: v for k, v in r.items() if k != "cpu_s"} for r in first["results"]]
    assert strip == [{k: v for k, v in r.items() if k != "cpu_s"} for r in again["results"]]
    result = first["results"][0]
    assert result["seed"] == ladder.derive_seed(COMMIT, "confirm", "hr-equal-work") and result["matches"] == 4
    assert result["holds"] == tiny[0].holds(result["ci95"])
    before = ladder_runs.run_confirm(OTHER, COMMIT, folder=tmp_path / "c")       # another code on the same seeds
    assert before["results"][0]["seed"] == result["seed"]
    ratings = tmp_path / "ratings.json"
    ratings.write_text(json.dumps({"format": "dominolab.ratings/1", "levels": [1]}))
    publishing.store_confirm(first, ratings)
    publishing.store_confirm(before, ratings)
    data = publishing.store_confirm(again, ratings)              # the same commits again: replaced, not added
    assert data["format"] == "dominolab.ratings/1" and data["levels"] == [1]
    runs = json.loads(ratings.read_text())["confirm"]["runs"]
    assert [(r["code_commit"], r["seed_commit"]) for r in runs] == [(OTHER, COMMIT), (COMMIT, COMMIT)]


def test_a_changed_checkout_is_not_confirmed(ladder, monkeypatch):
    monkeypatch.setattr(ladder, "tree_is_clean", lambda: False)
    monkeypatch.setattr(ladder, "full_commit", lambda ref="HEAD": COMMIT)
    args = argparse.Namespace(seed_commit=None, allow_dirty=False, jobs=1, only=None, ratings_out="unused")
    with pytest.raises(SystemExit, match="commit first"):
        ladder_runs.cmd_confirm(args)


def test_screening_never_takes_the_confirm_seeds(ladder, tmp_path):
    screen = expert_screen
    head = ladder.full_commit()
    own = screen.screen_seed(head, "horse-race", "rounds")
    assert own == ladder.derive_seed(head, "screen", "horse-race-rounds")
    assert screen.refused(own, own + 999, [head]) is None
    name, lo, hi = ladder.confirm_ranges(head)[0]
    assert name in (screen.refused(hi, hi + 5, [head]) or "")
    env = {**os.environ, "DOMINOLAB_LADDER_CACHE": str(tmp_path)}
    for extra in (["--seed", str(lo - 1)], ["--family", "confirm"]):
        done = subprocess.run([sys.executable, "-m", "tools", "bench", "expert-screen", "--set", "RACE_Z=2",
                               "--deals", "4", *extra], capture_output=True, text=True, env=env, cwd=ROOT, timeout=120)
        assert done.returncode == 2 and "confirm" in done.stderr and "Traceback" not in done.stderr, done.stderr
    assert not (tmp_path / "screens").exists() or not any((tmp_path / "screens").iterdir())


def test_the_rated_pairs_take_the_commits_seed_unless_told_the_old_one(ladder, monkeypatch, tmp_path):
    monkeypatch.setattr(ladder, "CACHE", tmp_path)
    monkeypatch.setattr(ladder, "full_commit", lambda ref="HEAD": COMMIT if ref == "HEAD" else OTHER)
    plain = argparse.Namespace(legacy_seed=False, seed_commit=None)
    assert ladder.levels_seed(plain) == (ladder.derive_seed(COMMIT, "confirm", "levels"),
                                         tmp_path / "levels" / f"seeds-{COMMIT[:12]}")
    other = argparse.Namespace(legacy_seed=False, seed_commit="v1")
    assert ladder.levels_seed(other)[0] == ladder.derive_seed(OTHER, "confirm", "levels")
    assert ladder.levels_seed(argparse.Namespace(legacy_seed=True, seed_commit=None)) == (1, tmp_path / "levels")


def test_the_ladder_and_the_levels_take_their_seeds_from_the_commit(ladder):
    """Issue 30: the bot ladder (run/assemble) and the rated levels play on seeds of the commit measured, each
    in a folder of its own; --legacy-seed reads the fixed seed 1 of before."""
    import argparse

    head = ladder.full_commit()
    args = argparse.Namespace(legacy_seed=False, seed_commit=None)
    seed, folder = ladder.ladder_seed(args)
    assert seed == ladder.derive_seed(head, "confirm", "ladder") and folder.name == f"seeds-{head[:12]}"
    level_seed, level_folder = ladder.levels_seed(args)
    assert level_seed == ladder.derive_seed(head, "confirm", "levels") != seed and level_folder != folder
    assert ladder.ladder_seed(argparse.Namespace(legacy_seed=True, seed_commit=None)) == (ladder.SEED, ladder.CACHE)
    other = ladder.ladder_seed(argparse.Namespace(legacy_seed=False, seed_commit=head[:10]))
    assert other == (seed, folder)                  # a short id names the same commit


def test_the_published_confirming_run_is_the_protocol_and_its_figures_add_up(ladder):
    """ratings.json's published confirming run (code and seeds of one commit) holds the duels of CONFIRM as
    fixed today, their seeds derived from that commit, and figures that add up: share = wins / matches, the
    Wilson interval of them, and the verdict of the claim on that interval. It was played with the expert of
    today (the commit's EXPERT_VERSION is this one) - else the page would publish another bot's figures."""
    from dominolab.pictures.charts import load_ratings, published_confirm
    from dominolab.play.expert import EXPERT_VERSION
    from dominolab.play.tournament import wilson

    data = load_ratings()
    assert data is not None
    run, _ = published_confirm(data)
    assert run is not None and run["code_commit"] == run["seed_commit"]
    commit = run["code_commit"]
    assert run["duels"] == ladder.protocol_record(commit, commit)["duels"]
    for duel, result in zip(ladder.CONFIRM, run["results"], strict=True):
        assert result["name"] == duel.name and result["matches"] == 2 * duel.seeds
        assert result["seed"] == ladder.derive_seed(commit, "confirm", duel.name)
        assert (result["a_bot"], result["a_ms"], result["b_bot"], result["b_ms"]) == (duel.a, duel.a_ms, duel.b, duel.b_ms)
        assert result["share"] == round(result["a_match_wins"] / result["matches"], 4)
        lo, hi = wilson(result["a_match_wins"], result["matches"])
        assert result["ci95"] == [round(lo, 4), round(hi, 4)]
        assert result["holds"] == duel.holds(result["ci95"])
    # the expert measured is today's: its version at the measured commit is the one in the tree
    try:
        source = subprocess.run(["git", "show", f"{commit}:dominolab/play/expert.py"], cwd=ROOT, capture_output=True,
                                text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("the measured commit is not in this clone's history")
    assert f"\nEXPERT_VERSION = {EXPERT_VERSION}\n" in source


def test_an_unknown_seed_commit_is_one_line():
    for step in ("protocol", "run", "levels", "confirm"):
        done = subprocess.run([sys.executable, "-m", "tools", "ladder", step, "--seed-commit", "nosuch"],
                              cwd=ROOT, capture_output=True, text=True, timeout=120)
        assert done.returncode == 2 and done.stdout == ""
        assert done.stderr.strip() == "tools ladder: error: git does not know the commit 'nosuch' here", done.stderr
