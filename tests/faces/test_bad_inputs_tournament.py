"""Bad input to ``dominolab tournament`` (and the run options it shares), issue 18.

Surface: ``dominolab tournament`` (``dominolab/cli/tournament.py`` over
``dominolab/play/tournament.py`` and the worker pool ``dominolab/play/pool.py``), and the
options ``--matches``, ``--seed``, ``--think``, ``--jobs`` that ``simulate``, ``tournament``
and ``play`` share: one bound and one help text each, on every command.

Every case runs ``python -m dominolab`` in a subprocess with a user's shell environment
(``PYTHONUNBUFFERED`` removed) in a scratch folder: exit 2, one ``dominolab: error:`` line of
at most 300 characters naming the option, no traceback, the folder unchanged. Big runs
stream: ``--matches 100000000`` starts at once with flat memory, and Ctrl-C with ``--jobs 2``
ends within a few seconds with exit 130 and the summary of the finished matches.
"""

from __future__ import annotations

import json
import os
import re
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest
from clikit import cli_env, run_dominolab, tree_snapshot

pytestmark = pytest.mark.slow          # each case starts python -m dominolab (about a second)

ROOT = Path(__file__).resolve().parents[2]
T = ["tournament", "--game", "fives-and-threes", "--players", "2", "--bots", "greedy,random", "--quiet"]


def _run(args: list[str], cwd: Path) -> subprocess.CompletedProcess[bytes]:
    return run_dominolab(args, cwd, stdin=subprocess.DEVNULL)


_snapshot = tree_snapshot


def _one_line(done: subprocess.CompletedProcess[bytes], needles: tuple[str, ...]) -> str:
    err = done.stderr.decode()
    assert done.returncode == 2, (done.returncode, err, done.stdout[-300:])
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("dominolab: error: ") and len(lines[0]) <= 300, err
    assert "Traceback" not in err
    for needle in needles:
        assert needle in lines[0], (needle, lines[0])
    return lines[0]


CASES: list[tuple[str, list[str], tuple[str, ...]]] = [
    ("matches-zero", ["--matches", "0"], ("--matches", "100,000,000")),
    ("matches-negative", ["--matches", "-1"], ("--matches",)),
    ("matches-above-bound", ["--matches", "100000001"], ("--matches", "100,000,000")),
    ("matches-10-to-12", ["--matches", "1000000000000"], ("--matches",)),
    ("matches-5000-digits", ["--matches", "9" * 5000], ("--matches", "characters")),
    ("matches-exponent", ["--matches", "1e3"], ("--matches",)),
    ("matches-float", ["--matches", "2.0"], ("--matches",)),
    ("matches-empty", ["--matches", ""], ("--matches",)),
    ("matches-superscript", ["--matches", "²"], ("--matches",)),
    ("matches-arabic", ["--matches", "٣"], ("--matches",)),
    ("jobs-zero", ["--jobs", "0"], ("--jobs", "256")),
    ("jobs-above-bound", ["--jobs", "257"], ("--jobs", "256")),
    ("jobs-100000", ["--jobs", "100000"], ("--jobs",)),
    ("jobs-negative", ["--jobs", "-2"], ("--jobs",)),
    ("jobs-superscript", ["--jobs", "²"], ("--jobs",)),
    ("jobs-5000-digits", ["--jobs", "9" * 5000], ("--jobs", "characters")),
    ("think-1e12", ["--think", "1e12"], ("--think", "60,000")),
    ("think-1e308", ["--think", "1e308"], ("--think", "60,000")),
    ("think-above-bound", ["--think", "60000.5"], ("--think", "60,000")),
    ("think-zero", ["--think", "0"], ("--think",)),
    ("think-negative", ["--think", "-3"], ("--think",)),
    ("think-nan", ["--think", "nan"], ("--think",)),
    ("think-inf", ["--think", "inf"], ("--think",)),
    ("think-5000-digits", ["--think", "9" * 5000], ("--think", "characters")),
    ("seed-negative", ["--seed", "-1"], ("--seed",)),
    ("seed-2-to-63", ["--seed", str(2**63)], ("--seed",)),
    ("seed-5000-digits", ["--seed", "1" * 5000], ("--seed", "characters")),
    ("seed-exponent", ["--seed", "1e3"], ("--seed",)),
    ("seed-superscript", ["--seed", "³"], ("--seed",)),
    ("record-dir-empty", ["--record-dir", ""], ("--record-dir", "empty")),
    ("record-dir-is-file", ["--record-dir", "notes.txt"], ("notes.txt", "not a folder")),
    ("record-dir-below-file", ["--record-dir", "notes.txt/sub"], ("not a folder",)),
    ("record-dir-name-too-long", ["--record-dir", "n" * 5000], ("--record-dir",)),
    ("record-dir-other-run", ["--record-dir", "old"], ("another run", "--overwrite")),
]


@pytest.mark.parametrize("extra,needles", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_tournament_bad_options(extra: list[str], needles: tuple[str, ...], tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("mine\n", encoding="utf-8")
    (tmp_path / "old").mkdir()
    (tmp_path / "old" / "horse-race-2i-random-seed7-00001.json").write_text("{}", encoding="utf-8")
    before = _snapshot(tmp_path)
    _one_line(_run(T + extra, tmp_path), needles)
    assert _snapshot(tmp_path) == before


BOTS_CASES: list[tuple[str, list[str], tuple[str, ...]]] = [
    ("bots-empty", ["--bots", ""], ("bot",)),
    ("bots-comma", ["--bots", ","], ("bot",)),
    ("bots-unknown", ["--bots", "greedy,clever"], ("clever",)),
    ("bots-too-many", ["--bots", "greedy,random,strong"], ("3 bots",)),
    ("bots-long", ["--bots", "x" * 5000], ("characters",)),
    ("players-five", ["--players", "5"], ("5 players",)),
    ("players-superscript", ["--players", "²"], ("--players",)),
]


@pytest.mark.parametrize("extra,needles", [c[1:] for c in BOTS_CASES], ids=[c[0] for c in BOTS_CASES])
def test_tournament_bad_seating_and_bots(extra: list[str], needles: tuple[str, ...], tmp_path: Path) -> None:
    base = ["tournament", "--game", "fives-and-threes", "--players", "2", "--bots", "greedy,random", "--quiet"]
    for option in ("--bots", "--players"):
        if option in extra:
            i = base.index(option)
            base = base[:i] + base[i + 2:]
    before = _snapshot(tmp_path)
    _one_line(_run(base + extra, tmp_path), needles)
    assert _snapshot(tmp_path) == before


def test_a_device_node_as_record_dir_is_refused_by_name(tmp_path: Path) -> None:
    node = tmp_path / "full"
    try:
        os.mknod(node, stat.S_IFCHR | 0o666, os.makedev(1, 7))
    except PermissionError:
        pytest.skip("making a device node needs root")
    _one_line(_run(T + ["--matches", "2", "--record-dir", str(node)], tmp_path), ("not a folder",))
    assert stat.S_ISCHR(node.stat().st_mode)


# -- one bound and one help text per option, on every command ---------------------------------------

COMMANDS = {
    "simulate": ["simulate", "--game", "horse-race", "--players", "2", "--quiet"],
    "tournament": ["tournament", "--game", "horse-race", "--players", "2", "--bots", "random", "--quiet"],
    "play": ["play", "--game", "horse-race", "--players", "2", "--bots", "random"],
}
SHARED: list[tuple[str, str, tuple[str, ...]]] = [
    ("--think", "0", ("simulate", "tournament", "play")),
    ("--think", "1e12", ("simulate", "tournament", "play")),
    ("--think", "60001", ("simulate", "tournament", "play")),
    ("--seed", "-1", ("simulate", "tournament", "play")),
    ("--seed", str(2**63), ("simulate", "tournament", "play")),
    ("--matches", "100000001", ("simulate", "tournament")),
    ("--matches", "0", ("simulate", "tournament")),
    ("--jobs", "257", ("simulate", "tournament")),
    ("--jobs", "0", ("simulate", "tournament")),
]


@pytest.mark.parametrize("option,value,commands", SHARED, ids=[f"{o}={v}" for o, v, _ in SHARED])
def test_the_same_option_has_the_same_bound_everywhere(option: str, value: str, commands: tuple[str, ...],
                                                      tmp_path: Path) -> None:
    messages = set()
    for name in commands:
        line = _one_line(_run(COMMANDS[name] + [option, value], tmp_path), (option,))
        messages.add(line.replace(f"dominolab {name} --help", "dominolab COMMAND --help"))
    assert len(messages) == 1, messages


def _help_of(command: str, option: str, cwd: Path) -> str:
    out = _run([command, "--help"], cwd).stdout.decode()
    m = re.search(rf"^  {re.escape(option)} \S+\s+(.*?)(?=^  -|^\S|\Z)", out, re.S | re.M)
    assert m, (command, option)
    return " ".join(m.group(1).split())


@pytest.mark.parametrize("option,commands,bound", [
    ("--think", ("simulate", "tournament", "play"), "60,000"),
    ("--matches", ("simulate", "tournament"), "100,000,000"),
    ("--jobs", ("simulate", "tournament"), "256"),
    ("--seed", ("simulate", "tournament"), "2**63-1"),
    ("--record-dir", ("simulate", "tournament"), "folder"),
])
def test_the_same_option_has_the_same_help_everywhere(option: str, commands: tuple[str, ...], bound: str,
                                                     tmp_path: Path) -> None:
    texts = {re.sub(r" \(default: [^)]*\)", "", _help_of(c, option, tmp_path)) for c in commands}
    assert len(texts) == 1, texts                   # the defaults may differ, nothing else
    assert bound in texts.pop()


# -- big runs stream; Ctrl-C is quick -----------------------------------------------------------------

def _tree_rss_kb(pid: int) -> int:
    """Resident memory of a process and its children (kB), from /proc."""
    total = 0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(") ", 1)[1].split()
            if int(entry.name) != pid and int(fields[1]) != pid:     # fields[1]: the parent
                continue
            for line in (entry / "status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except (OSError, IndexError, ValueError):
            continue
    return total


@pytest.mark.slow
@pytest.mark.parametrize("jobs,record_dir", [("2", False), ("2", True), ("1", False)],
                         ids=["jobs-2", "jobs-2-record-dir", "jobs-1"])
def test_a_hundred_million_matches_stream_and_ctrl_c_is_quick(jobs: str, record_dir: bool, tmp_path: Path) -> None:
    args = T + ["--matches", "100000000", "--jobs", jobs] + (["--record-dir", "runs"] if record_dir else [])
    proc = subprocess.Popen([sys.executable, "-m", "dominolab", *args], cwd=tmp_path, env=cli_env(),
                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True)
    try:
        peak = 0
        deadline = time.time() + 6
        while time.time() < deadline:
            peak = max(peak, _tree_rss_kb(proc.pid))
            time.sleep(0.25)
        started = time.time()
        os.killpg(proc.pid, signal.SIGINT)          # as the terminal sends it: the whole group
        out, err = proc.communicate(timeout=30)
        took = time.time() - started
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    text = err.decode()
    assert proc.returncode == 130, text[-500:]
    assert took < 3, took
    assert peak < 400_000, peak                     # kB: the plan of 10**8 matches is never built
    line = text.strip().splitlines()[-1]
    assert line.startswith("dominolab: error: interrupted after") and "100,000,000" in line, text[-500:]
    finished = int(re.search(r"after ([0-9,]+) of", line).group(1).replace(",", ""))  # type: ignore[union-attr]
    assert finished >= 1, line
    assert f"{finished} matches" in out.decode()    # the summary covers exactly the finished ones
    if record_dir:
        assert len(list((tmp_path / "runs").iterdir())) == finished
    time.sleep(0.3)
    assert _tree_rss_kb(proc.pid) == 0              # no worker left behind


def test_an_interrupted_json_run_prints_the_finished_summary(tmp_path: Path) -> None:
    proc = subprocess.Popen([sys.executable, "-m", "dominolab", *T, "--matches", "100000000", "--json"],
                            cwd=tmp_path, env=cli_env(), stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, start_new_session=True)
    try:
        time.sleep(4)
        os.killpg(proc.pid, signal.SIGINT)
        out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode == 130
    data = json.loads(out)
    assert data["matches"] >= 1 and sum(r["matches"] for r in data["results"]) == 2 * data["matches"]


# -- the results file and the scheduler (issue 19's surfaces, held to the same standard) --------------

def _results_places(d: Path) -> dict[str, str]:
    """Results-file names that must be refused, made by the test itself (never the system's devices)."""
    (d / "folder").mkdir()
    os.mknod(d / "device", stat.S_IFCHR | 0o600, os.makedev(1, 3))
    os.mkfifo(d / "pipe")
    (d / "notes.txt").write_text("my notes\n", encoding="utf-8")
    (d / "other.jsonl").write_text(json.dumps({"format": "dominolab.tournament-results/1", "game": "chess"}) + "\n",
                                   encoding="utf-8")
    return {"folder": "folder", "device": "device", "pipe": "pipe", "empty-name": "", "missing-folder": "nowhere/r.jsonl",
            "not-ours": "notes.txt", "another-tournament": "other.jsonl"}


RESULTS_WORDS = {"folder": "not a regular file", "device": "not a regular file", "pipe": "not a regular file",
                 "empty-name": "give a file name", "missing-folder": "does not exist",
                 "not-ours": "not a file this program wrote", "another-tournament": "another tournament"}


@pytest.mark.parametrize("case", list(RESULTS_WORDS))
def test_a_results_file_that_cannot_be_one_is_refused_and_left_alone(case: str, tmp_path: Path) -> None:
    place = _results_places(tmp_path)[case]
    before = _snapshot(tmp_path)
    done = _run([*T, "--matches", "2", "--results", place], tmp_path)
    _one_line(done, ("--results" if case != "another-tournament" else "results file", RESULTS_WORDS[case]))
    assert _snapshot(tmp_path) == before


def test_a_results_file_resumes_and_gives_the_same_table(tmp_path: Path) -> None:
    first = _run([*T, "--matches", "4", "--json", "--results", "r.jsonl"], tmp_path)
    assert first.returncode == 0, first.stderr.decode()
    lines = (tmp_path / "r.jsonl").read_text(encoding="utf-8").splitlines()
    assert len(lines) == 5                                            # the header and four matches
    (tmp_path / "r.jsonl").write_text("\n".join(lines[:3]) + "\n" + lines[3][:20], encoding="utf-8")   # cut short
    again = _run([*T, "--matches", "4", "--json", "--results", "r.jsonl"], tmp_path)
    assert again.returncode == 0, again.stderr.decode()
    assert json.loads(again.stdout) == json.loads(first.stdout)


@pytest.mark.parametrize("address, words", [("", "give 'local' or the address"),
                                            ("tcp://127.0.0.1:1", "cannot reach the Dask scheduler")])
def test_a_scheduler_that_cannot_serve_is_one_line_within_seconds(address: str, words: str, tmp_path: Path) -> None:
    started = time.monotonic()
    done = _run([*T, "--matches", "2", "--scheduler", address], tmp_path)
    assert time.monotonic() - started < 30
    _one_line(done, ("scheduler", words))
