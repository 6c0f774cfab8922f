"""Levels, resumable tournaments and tournaments on a Dask cluster."""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

import pytest

from dominolab.cli import main
from dominolab.core.errors import DominoError
from dominolab.play.levels import make_bot
from dominolab.play.levels import LEVELS, make_level_bot, resolve
from dominolab.play.tournament import run_tournament


def test_levels_run_from_beginner_to_expert():
    assert len(LEVELS) >= 4
    assert [lv.number for lv in LEVELS] == list(range(1, len(LEVELS) + 1))
    assert LEVELS[0].bot == "random" and LEVELS[-1].bot == "expert"
    assert len({lv.name for lv in LEVELS}) == len({lv.german.lower() for lv in LEVELS}) == len(LEVELS)
    for lv in LEVELS:
        assert resolve(str(lv.number)) == resolve(lv.name) == resolve(lv.german.upper()) == lv
        bot = make_level_bot(lv.name)
        assert bot.name == lv.bot
        if lv.think_ms:
            assert repr(bot) == repr(make_bot(lv.bot, think_ms=lv.think_ms))
    # the strong bot at the page's budget is a name, not a rated level (issue 30: not apart from the expert)
    from dominolab.play.levels import UNRATED

    assert [(lv.number, lv.name) for lv in UNRATED] == [(0, "strong")]
    assert resolve("stark") == resolve("strong") == UNRATED[0] and resolve("strong").label == "strong"
    assert "strong" not in {lv.name for lv in LEVELS} and resolve("stark@50").label == "strong@50"


def test_a_budget_overrides_the_levels_own():
    assert resolve("expert@200").think_ms == 200 and resolve("expert@200").label == "expert@200"
    assert resolve("4", think_ms=100).think_ms == 100 and resolve("4").label == "expert"
    assert resolve("greedy", think_ms=25).think_ms == 0          # greedy never thinks
    for bad in ("clever", "expert@x", "expert@0", "5", "0", "Meisterin", "expert-100", "strong@-3"):
        with pytest.raises(DominoError):
            resolve(bad)


def test_tournaments_take_levels_and_label_them():
    t = run_tournament("fives-and-threes", 2, False, ["1", "gierig"], matches=2, seed=1)
    assert t.bots == ("random", "greedy")
    t = run_tournament("fives-and-threes", 2, False, ["strong@1", "strong@2"], matches=2, seed=1)
    assert [r.bot for r in t.results] == ["strong@1", "strong@2"]
    assert t.to_json()["budgets"] == {"strong@1": 1.0, "strong@2": 2.0}


def test_an_interrupted_run_resumes_from_its_results_file(tmp_path):
    path = tmp_path / "results.jsonl"
    kwargs = dict(matches=6, seed=4)
    fresh = run_tournament("horse-race", 2, False, ["greedy", "random"], **kwargs)
    run_tournament("horse-race", 2, False, ["greedy", "random"], matches=3, seed=4, results_file=path)
    lines = path.read_text().splitlines()
    assert len(lines) == 4 and json.loads(lines[0])["format"] == "dominolab.tournament-results/1"
    path.write_text("\n".join(lines[:3]) + "\n" + lines[3][:20])        # the last match cut short
    seen = []
    resumed = run_tournament("horse-race", 2, False, ["greedy", "random"], results_file=path,
                             progress=seen.append, **kwargs)
    assert resumed.matches == fresh.matches
    assert seen[0] == 2 and sum(seen) == 6
    assert len(path.read_text().splitlines()) == 1 + 2 + 1 + 4       # header, kept, cut line, new
    before = path.read_text()
    with pytest.raises(DominoError, match="another tournament"):
        run_tournament("horse-race", 2, False, ["greedy", "random"], matches=6, seed=5, results_file=path)
    assert path.read_text() == before


@pytest.mark.slow
def test_an_unreachable_scheduler_is_a_one_line_error_within_seconds(capsys):
    pytest.importorskip("distributed")
    start = time.monotonic()
    code = main(["tournament", "--game", "horse-race", "--players", "2", "--bots", "greedy,random",
                 "--matches", "2", "--scheduler", "tcp://127.0.0.1:9", "--quiet"])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "cannot reach the Dask scheduler" in err
    assert time.monotonic() - start < 30


@pytest.mark.slow
def test_a_tournament_on_a_local_dask_cluster_equals_the_serial_run(tmp_path):
    pytest.importorskip("distributed")
    kwargs = dict(matches=6, seed=11, think_ms=1)
    bots = ["strong", "greedy"]
    serial = run_tournament("fives-and-threes", 2, False, bots, jobs=1, **kwargs)
    seen = []
    on_dask = run_tournament("fives-and-threes", 2, False, bots, jobs=2, scheduler="local",
                             progress=seen.append, results_file=tmp_path / "r.jsonl", **kwargs)
    assert on_dask.matches == serial.matches
    assert on_dask.to_json() == serial.to_json()
    assert sum(seen) == 6


@pytest.mark.slow
def test_a_worker_lost_mid_run_costs_a_retry_not_a_wrong_table():
    """A worker process killed while it plays: its chunk runs again elsewhere, and the table equals the serial one."""
    import os
    import signal

    distributed = pytest.importorskip("distributed")
    kwargs = dict(matches=16, seed=12, think_ms=3)
    bots = ["strong", "greedy"]
    serial = run_tournament("fives-and-threes", 2, False, bots, jobs=1, **kwargs)
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0")
    killed: list[int] = []
    held: list[str] = []                    # the chunks the killed worker had not finished

    def kill_one_worker(_: int) -> None:
        if killed:
            return
        # after the first finished chunk: a worker that still holds unfinished chunks is killed
        for address, state in list(cluster.scheduler.workers.items()):
            if state.processing:
                nanny = next(n for n in cluster.workers.values() if n.worker_address == address)
                held.extend(str(task.key) for task in state.processing)
                pid = nanny.process.process.pid
                os.kill(pid, signal.SIGKILL)
                killed.append(pid)
                return

    try:
        on_dask = run_tournament("fives-and-threes", 2, False, bots, jobs=2, scheduler=cluster.scheduler_address,
                                 progress=kill_one_worker, **kwargs)
    finally:
        cluster.close()
    # a worker died holding unfinished chunks, so those chunks ran again on the other worker:
    # otherwise the table could not have every match
    assert killed and held
    assert on_dask.matches == serial.matches and on_dask.to_json() == serial.to_json()


def test_bradley_terry_recovers_known_ratings():
    """Results drawn from known ratings (adjacent and non-adjacent pairs) give those ratings back."""
    import random as rnd

    from dominolab.play.ratings import bradley_terry, expected_score

    true = [0.0, 300.0, 450.0, 700.0]
    rng = rnd.Random(5)
    results = []
    for i, j in [(0, 1), (1, 2), (2, 3), (0, 2), (1, 3)]:
        p = expected_score(true[i], true[j])
        wins = sum(rng.random() < p for _ in range(2000))
        results.append((i, j, wins, 2000 - wins))
    fit = bradley_terry(4, results, anchor=0)
    for r, (lo, hi), t in zip(fit.ratings, fit.ci95, true):
        assert lo - 1e-9 <= t <= hi + 1e-9 and abs(r - t) < 40
    assert fit.ratings[0] == 0 and fit.stderr[0] == 0 and all(s > 0 for s in fit.stderr[1:])


def test_a_pair_won_every_time_still_gets_a_finite_gap():
    from dominolab.play.ratings import bradley_terry

    fit = bradley_terry(2, [(0, 1, 0, 30)], anchor=0, anchor_rating=1000)
    assert 1200 < fit.ratings[1] < 3000 and fit.ci95[1][0] > 1000


def test_the_ratings_page_helpers_read_a_ratings_file():
    from dominolab.pictures import charts

    data = {"format": "dominolab.ratings/1", "levels": [
        {"number": lv.number, "name": lv.name, "german": lv.german, "bot": lv.bot, "think_ms": lv.think_ms}
        for lv in LEVELS],
        "seatings": [{"key": "horse-race-2i", "game": "horse-race", "players": 2, "partnerships": False,
                      "page_default": True, "pairs": [],
                      "ratings": [{"level": 1, "rating": 500.0, "ci95": [400.0, 600.0]},
                                  {"level": 2, "rating": 1000.0, "ci95": [1000.0, 1000.0]}]
                      + [{"level": n, "rating": None, "ci95": None} for n in range(3, len(LEVELS) + 1)]}]}
    table = charts.ratings_table_html(data)
    assert "<td>1 – zufällig</td><td>–</td><td>500 (400 – 600)</td>" in table and "(Spielseite)" in table
    rows = charts.rating_rows(data, "horse-race-2i")
    assert [r.rating for r in rows[:3]] == [500.0, 1000.0, None]
    # the confirming runs: the published one (code and seeds of one commit), an older code's on its seeds beside it
    run = {"code_commit": "a" * 40, "seed_commit": "a" * 40, "made": "2026-12-05 12:00 UTC", "results": [
        {"name": "hr-equal-work", "game": "horse-race", "a_bot": "expert", "a_ms": 25.0, "b_bot": "strong",
         "b_ms": 25.0, "matches": 2000, "share": 0.531, "ci95": [0.509, 0.553], "claim": "lower>0.52", "holds": False},
        {"name": "ft-quarter-work", "game": "fives-and-threes", "a_bot": "expert", "a_ms": 5.0, "b_bot": "strong",
         "b_ms": 20.0, "matches": 2000, "share": 0.47, "ci95": [0.448, 0.492], "claim": "upper>=0.5",
         "holds": False}]}
    older = {"code_commit": "b" * 40, "seed_commit": "a" * 40, "made": "2026-12-05 13:00 UTC",
             "results": [dict(run["results"][0], share=0.49, ci95=[0.468, 0.512])]}
    assert charts.confirm_rows(data) == [] and charts.published_confirm(data) == (None, [])
    data["confirm"] = {"runs": [older, run]}
    rows = [{k: v.replace("\u00a0", " ") for k, v in r.items()} for r in charts.confirm_rows(data)]
    assert [r["pair"] for r in rows] == ["Expertin (25 ms) gegen stark (25 ms)", "Expertin (5 ms) gegen stark (20 ms)",
                                          "Expertin (25 ms) gegen stark (25 ms), ältere Fassung (Commit bbbbbbb)"]
    assert rows[0]["share"] == "53,1 % von 2000 Partien (50,9 % – 55,3 %)"
    assert (rows[0]["claim"], rows[0]["verdict"]) == ("untere Grenze über 52 %", "nicht gezeigt")
    assert "stärker, aber der verlangte Vorsprung" in rows[0]["sentence"]
    assert "messbar schwächer" in rows[1]["sentence"] and rows[1]["claim"] == "obere Grenze mindestens 50 %"
    assert "schließt 50 % ein" in rows[2]["sentence"]
    assert [r["older"] for r in rows] == ["", "", "b" * 40]
    table = charts.confirm_table_html(data, lang="en").replace("\u00a0", " ")
    assert "<td>lower bound above 52 %</td><td>not shown</td>" in table and "older version (commit bbbbbbb)" in table
    del run["results"][1]["matches"]
    with pytest.raises(ValueError, match="confirming run in 'confirm' is malformed.*matches"):
        charts.confirm_rows(data)
    # time per decision: native CPU from "timing", the page's Pyodide from "page_timing" ("–" where unmeasured)
    data["timing"] = {"horse-race": {"expert": {"decisions": 9, "cpu_ms_mean": 35.14, "cpu_ms_p95": 56.8},
                                     "strong": {"decisions": 9, "cpu_ms_mean": 41.0, "cpu_ms_p95": 60.0}}}
    timing = charts.timing_table_html(data).replace("\u00a0", " ")
    assert "<th>Horse Race, nativ</th><th>Horse Race, Spielseite</th>" in timing
    assert "<td>4 – Expertin</td><td>35 / 57 ms</td><td>–</td>" in timing and "stark" not in timing  # levels only
    data["page_timing"] = {"levels": [{"level": 4, "game": "horse-race", "n": 30, "median_ms": 150.0,
                                       "p95_ms": 300.0, "cpu_median_ms": 99.8, "cpu_p95_ms": 139.4}]}
    timing = charts.timing_table_html(data).replace("\u00a0", " ")
    assert "<td>4 – Expertin</td><td>35 / 57 ms</td><td>100 / 139 ms</td>" in timing
    assert "<td>1 – zufällig</td><td>–</td><td>–</td>" in timing


def test_page_timing_is_kept_for_the_ratings_file(tmp_path, monkeypatch):
    """page_levels.py --save writes its figures where ladder.py rate reads them; an unwritable place is
    one line and leaves nothing behind."""
    from tools.bench import page_levels
    from tools.ladder import protocol as ladder

    monkeypatch.setattr(ladder, "CACHE", tmp_path / "cache")
    figures = {"levels": [{"level": 5, "game": "horse-race", "n": 3, "median_ms": 80.0, "p95_ms": 140.0}]}
    page_levels.save(figures)
    assert json.loads((tmp_path / "cache" / "levels" / "page_timing.json").read_text()) == figures
    blocked = tmp_path / "file"
    blocked.write_text("")
    monkeypatch.setattr(ladder, "CACHE", blocked)            # a file where the folder should be
    with pytest.raises(SystemExit, match="^error: cannot keep the figures in .*file/levels"):
        page_levels.save(figures)


def test_play_offers_the_levels_by_number_and_german_name(monkeypatch, capsys):
    import io
    import sys

    from dominolab.play.terminal import Session

    s = Session("fives-and-threes", 2, False, bots=["2"], seed=1, write=lambda _: None)
    assert [b.name for b in s.bots.values()] == ["greedy"]
    s = Session("horse-race", 3, False, bots=["zufällig", "expert@3"], seed=1, write=lambda _: None)
    assert [b.name for b in s.bots.values()] == ["random", "expert"]
    assert s.bots[2].budget == make_bot("expert", think_ms=3).budget
    monkeypatch.setattr(sys, "stdin", io.StringIO("q\n"))
    assert main(["play", "--game", "fives-and-threes", "--players", "2", "--bots", "gierig", "--seed", "2"]) == 0
    monkeypatch.setattr(sys, "stdin", io.StringIO("q\n"))
    assert main(["play", "--game", "fives-and-threes", "--players", "2", "--bots", "klug"]) == 2
    assert "unknown bot 'klug'" in capsys.readouterr().err


def test_the_tournament_command_resumes_from_its_results_file(tmp_path, capsys):
    path = tmp_path / "r.jsonl"
    args = ["tournament", "--game", "horse-race", "--players", "2", "--bots", "2,zufällig", "--seed", "3",
            "--json", "--results", str(path)]
    assert main(args + ["--matches", "4"]) == 0
    first = json.loads(capsys.readouterr().out)
    assert [r["bot"] for r in first["results"]] == ["greedy", "random"]
    assert main(args + ["--matches", "6"]) == 0
    more = json.loads(capsys.readouterr().out)
    assert more["matches"] == 6 and len(path.read_text().splitlines()) == 7
    assert main(args + ["--matches", "6", "--seed", "4"]) == 2
    assert "another tournament" in capsys.readouterr().err


def _ladder_module():
    from tools.ladder import runs

    return runs


def test_a_match_duel_shared_by_processes_gives_the_figures_of_one(tmp_path):
    """python -m tools ladder confirm --jobs 2: the seeds of one duel are played by two processes; the log
    holds every seed once and the figures are those of a single process."""
    ladder = _ladder_module()
    one = ladder.match_duel("horse-race", "greedy", 5.0, "random", 5.0, 5, seed=11, log=tmp_path / "one.jsonl")
    log = tmp_path / "two.jsonl"
    log.write_text(json.dumps({"i": 2, "a_wins": 2.0, "rounds": 9, "cpu_s": 0.0}) + "\n")   # seed 2 was done
    two = ladder.match_duel("horse-race", "greedy", 5.0, "random", 5.0, 5, seed=11, log=log, jobs=2)
    rows = [json.loads(x) for x in log.read_text().splitlines()]
    assert sorted(r["i"] for r in rows) == [0, 1, 2, 3, 4]          # seed 2 not played again
    mine = {r["i"]: r for r in rows}
    theirs = {json.loads(x)["i"]: json.loads(x) for x in (tmp_path / "one.jsonl").read_text().splitlines()}
    for i in (0, 1, 3, 4):
        assert (mine[i]["a_wins"], mine[i]["rounds"]) == (theirs[i]["a_wins"], theirs[i]["rounds"])
    strip = ("cpu_s", "a_match_wins", "share", "ci95", "rounds")
    assert {k: v for k, v in two.items() if k not in strip} == {k: v for k, v in one.items() if k not in strip}
    assert two["a_match_wins"] == one["a_match_wins"] - theirs[2]["a_wins"] + 2.0


def test_a_match_duel_resumes_from_its_log_and_gives_the_same_result(tmp_path, monkeypatch):
    """python -m tools ladder duels: every match seed is played with both seatings and logged; a second
    run plays only what is missing (a line cut short counts as missing) and gives the same figures."""
    ladder = _ladder_module()
    log = tmp_path / "duel.jsonl"
    full = ladder.match_duel("horse-race", "greedy", 5.0, "random", 5.0, 4, seed=7, log=log)
    assert full["matches"] == 8 and full["unit"] == "matches" and full["rounds"] >= 8
    assert 0 <= full["a_match_wins"] <= 8 and full["share"] == round(full["a_match_wins"] / 8, 4)
    lines = log.read_text().splitlines()
    assert [json.loads(x)["i"] for x in lines] == [0, 1, 2, 3]
    # an interruption while seed 3 was written: its line is cut; only seed 3 is played again
    log.write_text("\n".join(lines[:3]) + "\n" + lines[3][:10])
    played = []
    import dominolab.play.tournament as tournament

    original = tournament.play_match

    def counting(rules, players, partnerships, bots, seed, **kw):
        played.append(seed)
        return original(rules, players, partnerships, bots, seed, **kw)

    monkeypatch.setattr(tournament, "play_match", counting)
    again = ladder.match_duel("horse-race", "greedy", 5.0, "random", 5.0, 4, seed=7, log=log)
    assert played == [10, 10]
    assert {k: v for k, v in again.items() if k != "cpu_s"} == {k: v for k, v in full.items() if k != "cpu_s"}


def test_a_round_duel_resumes_from_its_log_and_gives_the_same_result(tmp_path, monkeypatch):
    """python -m tools ladder duels, the rounds: every deal is logged; a second run plays only the missing deals."""
    ladder = _ladder_module()
    log = tmp_path / "duel.jsonl"
    full = ladder.duel("fives-and-threes", "greedy", 5.0, "random", 5.0, 3, seed=11, log=log)
    assert full["rounds"] == 6 and full["unit"] == "rounds" and 0 <= full["a_round_wins"] <= 6
    lines = log.read_text().splitlines()
    assert [json.loads(x)["d"] for x in lines] == [0, 1, 2]
    log.write_text("\n".join(lines[:2]) + "\n" + lines[2][:7])      # cut while deal 2 was written
    played: list[int] = []
    original = ladder._duel_round

    def counting(game, bots, seed):
        played.append(seed)
        return original(game, bots, seed)

    monkeypatch.setattr(ladder, "_duel_round", counting)
    again = ladder.duel("fives-and-threes", "greedy", 5.0, "random", 5.0, 3, seed=11, log=log)
    assert played == [13, 13]
    assert {k: v for k, v in again.items() if k != "cpu_s"} == {k: v for k, v in full.items() if k != "cpu_s"}


@pytest.mark.slow
def test_the_expert_screen_plays_base_and_variant_on_the_same_deals(tmp_path):
    """tools/bench/expert_screen.py: the base is the expert as it stands (what a duel of the package gives),
    played once per seed range; a bad --set is a one-line error with exit code 2."""
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "DOMINOLAB_LADDER_CACHE": str(tmp_path)}

    def screen(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "tools", "bench", "expert-screen", *args], capture_output=True, text=True, env=env,
                              cwd=root, timeout=300)

    for bad in (["--set", "NOPE=1"], ["--set", "BATCH=x"], ["--set", "RACE_Z=inf"], []):
        done = screen(*bad, "--deals", "2")
        assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
        assert len(done.stderr.strip().splitlines()) == 1 and "error" in done.stderr, done.stderr
    done = screen("--set", "TURN_LINES=1", "--ms", "2", "--deals", "4", "--seed", "300", "--jobs", "2")
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout.strip().splitlines()[-1])
    assert out["changes"] == {"TURN_LINES": 1} and out["seeds"] == [300, 303]
    ladder = _ladder_module()
    direct = ladder.duel("horse-race", "expert", 2.0, "strong", 2.0, 4, seed=300)
    assert out["base"]["mean"] == round(direct["mean_diff_per_deal_pair"], 3)
    base_logs = sorted((tmp_path / "screens").glob("*-base-*.jsonl"))
    assert len(base_logs) == 2
    stamps = [p.stat().st_mtime_ns for p in base_logs]
    again = screen("--set", "RACE_Z=1.5", "--ms", "2", "--deals", "4", "--seed", "300", "--jobs", "2")
    assert again.returncode == 0, again.stderr
    assert json.loads(again.stdout.strip().splitlines()[-1])["base"] == out["base"]
    assert [p.stat().st_mtime_ns for p in base_logs] == stamps        # the base was not played again


def test_every_command_reads_the_one_registry_of_names():
    """make_bot, the policies of simulate, tournaments and sessions accept the same names: number, name,
    German name (any case), NAME@MS; a search bot's bare bot name thinks BOT_THINK_MS where bots are played."""
    from dominolab.play.levels import BOT_THINK_MS, file_label, make_bot, policy
    from dominolab.core.engine import greedy_policy

    for spec, bot, ms in (("3", "strong", 5.0), ("strong-5", "strong", 5.0), ("STARK", "strong", 25.0),
                          ("strong", "strong", BOT_THINK_MS), ("expert", "expert", BOT_THINK_MS),
                          ("expert@200", "expert", 200.0), ("4", "expert", 25.0), ("Expertin", "expert", 25.0)):
        made = make_bot(spec)
        assert made.name == bot and made.think_ms == ms, spec     # type: ignore[attr-defined]
    assert make_bot("gierig").name == "greedy" and policy("gierig") is greedy_policy is policy("2")
    assert file_label(resolve("strong@30").label) == "strong-30ms" and file_label("strong") == "strong"


def test_simulate_takes_levels_and_keeps_the_bots_budget(tmp_path, monkeypatch, capsys):
    """simulate --policy strong still thinks 50 ms (the same matches as make_bot('strong')); levels such
    as strong-5 are accepted; record file names hold no @."""
    from dominolab.cli import main

    code = main(["simulate", "--game", "horse-race", "--players", "2", "--policy", "strong-5", "--matches", "1",
                 "--quiet", "--record-dir", str(tmp_path / "a")])
    assert code == 0
    assert [p.name for p in (tmp_path / "a").iterdir()] == ["horse-race-2i-strong-5-seed0-00001.json"]
    code = main(["simulate", "--game", "horse-race", "--players", "2", "--policy", "strong@7", "--matches", "1",
                 "--quiet", "--record-dir", str(tmp_path / "b")])
    assert code == 0
    assert [p.name for p in (tmp_path / "b").iterdir()] == ["horse-race-2i-strong-7ms-seed0-00001.json"]
    capsys.readouterr()
    assert main(["simulate", "--game", "horse-race", "--players", "2", "--policy", "clever", "--quiet"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "unknown bot 'clever'" in err


def test_the_page_names_the_neighbouring_levels_the_ratings_do_not_tell_apart():
    """A level is measurably stronger when its interval's lower bound lies above the rating of the level below;
    where not, the page names the pair (issue 30, point 3); levels without a rating are left out."""
    from dominolab.pictures import charts

    def data(ratings):
        return {"levels": [{"number": lv.number, "name": lv.name, "german": lv.german, "bot": lv.bot,
                            "think_ms": lv.think_ms} for lv in LEVELS],
                "seatings": [{"key": "horse-race-2i", "game": "horse-race", "players": 2, "partnerships": False,
                              "pairs": [], "ratings": [{"level": n, "rating": r, "ci95": ci} for n, r, ci in ratings]}]}

    close = data([(1, 300.0, [200.0, 400.0]), (2, 1000.0, [1000.0, 1000.0]), (3, 1300.0, [1250.0, 1350.0]),
                  (4, 1320.0, [1270.0, 1370.0])])
    assert [(u.number, l.number, apart) for u, l, apart in charts.neighbours_apart(close, "horse-race-2i")] == \
        [(2, 1, True), (3, 2, True), (4, 3, False)]
    text = charts.neighbours_html(close)
    assert "Die Wertungszahlen zeigen nicht, dass <em>Expertin</em> stärker ist als <em>umsichtig</em>." in text
    assert "the ratings do not show that <em>expert</em> is stronger than <em>careful</em>" in \
        charts.neighbours_html(close, "en")
    apart = data([(1, 300.0, [200.0, 400.0]), (2, 1000.0, [1000.0, 1000.0]), (3, 1300.0, [1250.0, 1350.0]),
                  (4, None, None)])
    assert [u.number for u, _, _ in charts.neighbours_apart(apart, "horse-race-2i")] == [2, 3]
    assert "Jede Stufe ist messbar stärker als die darunter." in charts.neighbours_html(apart)
