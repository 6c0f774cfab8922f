"""The tools' entry point keeps the command line's discipline (issue 40 point 4, issue 42 "data loss in
tools"): bad input is one line on stderr and exit 2, Ctrl-C is exit 130 without a traceback, and a failed
run leaves committed data and a built site byte for byte as they were."""

from __future__ import annotations

import hashlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RATINGS = ROOT / "dominolab" / "data" / "ratings.json"
LADDER = ROOT / "dominolab" / "data" / "ladder.json"


def tools(*args: str, cache: Path | None = None, **kw: object) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    if cache is not None:
        env["DOMINOLAB_LADDER_CACHE"] = str(cache)
    return subprocess.run([sys.executable, "-m", "tools", *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=300, **kw)  # type: ignore[call-overload]


def one_line_error(done: subprocess.CompletedProcess[str], *words: str) -> None:
    assert done.returncode == 2, (done.returncode, done.stdout, done.stderr)
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "error: " in lines[0] and "Traceback" not in done.stderr, done.stderr
    for word in words:
        assert word in lines[0], lines[0]


def tree(folder: Path) -> dict[str, str]:
    """Every file under ``folder`` with the hash of its bytes (and every folder, as "dir")."""
    out = {}
    for path in sorted(folder.rglob("*")):
        rel = path.relative_to(folder).as_posix()
        out[rel] = "dir" if path.is_dir() else hashlib.sha256(path.read_bytes()).hexdigest()
    return out


# -- the entry point ---------------------------------------------------------------------------

def test_the_entry_point_lists_its_tools_and_refuses_an_unknown_one():
    listed = tools()
    assert listed.returncode == 0
    for name in ("build", "publish", "translations", "editions", "ladder", "bench"):
        assert f"\n  {name} " in listed.stdout
    one_line_error(tools("nosuch"), "unknown tool 'nosuch'")
    benches = tools("bench")
    assert benches.returncode == 0 and "  matches " in benches.stdout and "  sizes " in benches.stdout
    one_line_error(tools("bench", "nosuch"), "unknown measurement")
    helped = tools("ladder", "--help")
    assert helped.returncode == 0 and "rate" in helped.stdout and "confirm-estimate" in helped.stdout


@pytest.mark.parametrize("args, needle", [
    (["--frob"], "tools: error: unknown option '--frob': name a tool first"),
    ([""], "tools: error: unknown tool ''"),
    (["x" * 5000], "(5,000 characters)"),
    (["\x1b]0;pwned\x07"], "unknown tool '\\x1b]0;pwned\\x07'"),
    (["publish", "--frob", "out"], "tools publish: error: unrecognized arguments: --frob"),
])
def test_the_entry_point_refuses_hostile_names_and_options_in_one_line(args, needle):
    done = tools(*args)
    one_line_error(done, needle)
    assert "\x1b" not in done.stderr and len(done.stderr) <= 301


@pytest.mark.parametrize("args", [[], ["--help"], ["publish", "--help"], ["bench"]])
def test_the_entry_point_with_stdout_closed_says_so_instead_of_exit_0(args):
    """``python -m tools >&-`` printed its list into nothing and exited 0; now: one line, exit 2."""
    done = subprocess.run(["sh", "-c", 'exec "$0" -m tools "$@" >&-', sys.executable, *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    one_line_error(done, "cannot write the output: standard output is closed")


def test_the_entry_point_into_a_closed_pipe_is_quiet():
    done = subprocess.run(["sh", "-c", '"$0" -m tools | head -c 1 >/dev/null', sys.executable], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stderr == "", done.stderr


def test_ctrl_c_while_the_entry_point_starts_is_one_line(tmp_path):
    """SIGINT while ``python -m tools`` imports a tool (after the package's first lines): exit 130, one line, no
    traceback. A stand-in tool whose import sleeps makes the moment certain; ``-m tools`` after the ``-c`` script
    is what the package reads (``sys.orig_argv``) to know that it was started as the entry point."""
    slow = tmp_path / "slowtool.py"
    slow.write_text("import time\ntime.sleep(30)\ndef main(argv):\n    return 0\n", encoding="utf-8")
    script = ("import sys, runpy, tools.__main__ as m; "
              "m.TOOLS['slow'] = m.Tool('slowtool', 'x'); sys.argv = ['tools', 'slow']; sys.exit(m.main())")
    env = dict(os.environ, PYTHONPATH=f"{ROOT}{os.pathsep}{tmp_path}")
    proc = subprocess.Popen([sys.executable, "-c", script, "-m", "tools"], cwd=tmp_path, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    time.sleep(3)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130 and err.strip() == "tools: interrupted" and out == "", (proc.returncode, err)


# -- the ladder: the committed ratings and ladder stay as they were ----------------------------

def test_ladder_rate_without_results_refuses_and_leaves_the_committed_ratings(tmp_path):
    before = RATINGS.read_bytes()
    for extra in ([], ["--legacy-seed"], ["--per-pair", "4"]):
        one_line_error(tools("ladder", "rate", *extra, cache=tmp_path), "rated pairs (first",
                       "is unchanged")
    for bad in ("-1", "0", "x"):
        one_line_error(tools("ladder", "rate", "--per-pair", bad, cache=tmp_path), "--per-pair")
    assert RATINGS.read_bytes() == before
    assert not list(RATINGS.parent.glob(".ratings.json.*")) and not RATINGS.with_suffix(".tmp").exists()


def test_ladder_rate_refuses_an_incomplete_rating_in_place_of_the_committed_one(tmp_path):
    """Results of every rated pair, but fewer matches than the full ladder: not written over the committed
    ratings; written to another file on request. A runs' log that is not JSON is one line too."""
    from tools.ladder import protocol

    folder = tmp_path / "levels"
    folder.mkdir()
    # the committed first match of every pair, as its results file (a header line, then one match)
    data = json.loads(RATINGS.read_text())
    for (game, players, partnerships), seating in zip(protocol.RATED, data["seatings"], strict=True):
        for pair in seating["pairs"]:
            path = folder / f"{protocol.level_task_id(game, players, partnerships, pair['a'], pair['b'])}.jsonl"
            path.write_text(json.dumps({"header": True}) + "\n" + json.dumps(pair["first_match"]) + "\n")
    before = RATINGS.read_bytes()
    one_line_error(tools("ladder", "rate", "--legacy-seed", cache=tmp_path), "fewer than 400 matches",
                   "stays as it is")
    assert RATINGS.read_bytes() == before
    elsewhere = tmp_path / "ratings-try.json"
    done = tools("ladder", "rate", "--legacy-seed", "--ratings-out", str(elsewhere), cache=tmp_path)
    assert done.returncode == 0, done.stderr
    assert json.loads(elsewhere.read_text())["complete"] is False
    (folder / "runs.jsonl").write_text("{not json\n")
    one_line_error(tools("ladder", "rate", "--legacy-seed", "--ratings-out", str(elsewhere), cache=tmp_path),
                   "line 1", "runs.jsonl")
    assert RATINGS.read_bytes() == before


def test_the_ladder_refuses_bad_numbers_missing_inputs_and_files_that_are_not_json(tmp_path):
    before = LADDER.read_bytes()
    for args in (["run", "--jobs", "0"], ["levels", "--jobs", "-1"], ["timing", "--matches", "0"],
                 ["levels", "--per-pair", "0"], ["nosuch"]):
        one_line_error(tools("ladder", *args, cache=tmp_path))
    one_line_error(tools("ladder", "assemble", "--legacy-seed", cache=tmp_path), "no finished tasks", "unchanged")
    assert LADDER.read_bytes() == before
    one_line_error(tools("ladder", "estimate", cache=tmp_path), "no level timings")
    broken = tmp_path / "ladder.json"
    broken.write_text("{ not json")
    one_line_error(tools("ladder", "markdown", "--out", str(broken), cache=tmp_path), "not JSON")
    (tmp_path / "levels").mkdir()
    (tmp_path / "levels" / "duels.json").write_text("[1, 2")
    one_line_error(tools("ladder", "duels", cache=tmp_path), "not JSON")


def test_an_output_that_cannot_be_written_is_one_line():
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "tools", "ladder", "protocol"], cwd=ROOT, stdout=full,
                              stderr=subprocess.PIPE, text=True, timeout=120)
    assert done.returncode == 2 and "Exception ignored" not in done.stderr and "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1, done.stderr


def test_ctrl_c_ends_a_ladder_run_with_130_and_no_traceback(tmp_path):
    env = dict(os.environ, DOMINOLAB_LADDER_CACHE=str(tmp_path))
    proc = subprocess.Popen([sys.executable, "-m", "tools", "ladder", "levels", "--legacy-seed", "--jobs", "1"],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        deadline = time.monotonic() + 120
        while "running" not in proc.stdout.readline():     # the first pair is being played
            assert time.monotonic() < deadline and proc.poll() is None
        time.sleep(0.5)
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 130, err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err and "interrupted" in err


# -- the editions: a built site is never left half-changed -------------------------------------

def _site(build: Path, english: bool = True) -> Path:
    """A small built site: the German at html/, an English edition at html/en/ sharing a static file."""
    html = build / "html"
    files = {"index.html": "<p>Start</p>", "_static/shared.js": "// the same in both",
             "_static/de-only.js": "// German"}
    if english:
        files |= {"en/index.html": '<script src="_static/shared.js"></script><p>Start (en)</p>',
                  "en/_static/shared.js": "// the same in both", "en/_static/documentation_options.js": "// en"}
    for rel, text in files.items():
        (html / rel).parent.mkdir(parents=True, exist_ok=True)
        (html / rel).write_text(text, encoding="utf-8")
    return html


def test_editions_place_without_an_english_build_leaves_the_site(tmp_path):
    build = tmp_path / "_build"
    html = _site(build)
    before = tree(html)
    one_line_error(tools("editions", "place", str(build)), "no built en edition")
    assert tree(html) == before                     # the English edition already in the site is still there
    (build / "en" / "html").mkdir(parents=True)     # a folder, but no built edition in it
    one_line_error(tools("editions", "place", str(build)), "no built en edition")
    assert tree(html) == before
    one_line_error(tools("editions", "place", str(tmp_path / "nosuch")), "no built en edition")


def test_editions_place_swaps_in_a_complete_edition(tmp_path):
    build = tmp_path / "_build"
    html = _site(build)
    (build / "en" / "html").mkdir(parents=True)
    (build / "en" / "html" / "index.html").write_text("<p>new</p>", encoding="utf-8")
    done = tools("editions", "place", str(build))
    assert done.returncode == 0, done.stderr
    assert tree(html / "en") == {"index.html": hashlib.sha256(b"<p>new</p>").hexdigest()}
    assert sorted(p.name for p in html.iterdir()) == ["_static", "en", "index.html"]   # nothing left beside


def test_editions_share_refuses_a_damaged_site_and_leaves_it(tmp_path):
    html = _site(tmp_path / "_build", english=False)
    before = tree(html)
    one_line_error(tools("editions", "share", str(html)), "no en/ edition")
    assert tree(html) == before
    html = _site(tmp_path / "other")
    (html / "en" / "page.html").write_bytes(b"\xff\xfe not a page")
    before = tree(html)
    one_line_error(tools("editions", "share", str(html)), "not a page")
    assert tree(html) == before                     # the twin in en/_static/ was not dropped
    (html / "en" / "page.html").unlink()
    done = tools("editions", "share", str(html))
    assert done.returncode == 0, done.stderr
    assert not (html / "en" / "_static" / "shared.js").exists()
    assert '<script src="../_static/shared.js">' in (html / "en" / "index.html").read_text(encoding="utf-8")
    assert sorted(p.name for p in html.iterdir()) == ["_static", "en", "index.html"]


@pytest.mark.parametrize("jobs", ["0", "-1", "two"])
def test_editions_refuse_a_bad_number_of_jobs(tmp_path, jobs):
    one_line_error(tools("editions", "build", str(tmp_path), "--jobs", jobs), "--jobs")
    assert list(tmp_path.iterdir()) == []


# -- the translations and publishing -----------------------------------------------------------

def test_translations_refuse_a_config_that_is_not_yaml(tmp_path):
    (tmp_path / "book").mkdir()
    (tmp_path / "_toc.yml").write_text("format: jb-book\nroot: index\n")
    (tmp_path / "_config.yml").write_text("title: [unclosed\n")
    one_line_error(tools("translations", "check", "--source", str(tmp_path)), "is not YAML")
    (tmp_path / "_config.yml").write_text("just a line\n")
    one_line_error(tools("translations", "update", "--source", str(tmp_path)), "not a Jupyter Book configuration")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["_config.yml", "_toc.yml", "book"]


def test_make_publish_hands_a_dest_that_looks_like_an_option_to_the_tool_as_dest():
    """The Makefile passes DEST after ``--``: ``DEST=--help`` reaches the publish tool as DEST, never as its
    --help (which printed help and exited 0); the tool refuses it in one line (tests/tools/test_publish.py)."""
    plan = subprocess.run(["make", "-n", "--no-print-directory", "publish", "DEST=--help"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60).stdout
    assert '-m tools publish -- "--help"' in plan


def test_every_tool_explains_itself_without_doing_its_work(tmp_path):
    from tools.__main__ import TOOLS
    from tools.bench import BENCHES

    calls = [[name] for name in TOOLS if name not in ("bench", "typecheck")] + [["bench", name] for name in BENCHES]
    for call in calls:
        done = subprocess.run([sys.executable, "-m", "tools", *call, "--help"], cwd=tmp_path, capture_output=True,
                              text=True, timeout=120, env=dict(os.environ, PYTHONPATH=str(ROOT)))
        assert done.returncode == 0 and done.stdout.startswith("usage: "), (call, done.stdout[:200], done.stderr)
    assert list(tmp_path.iterdir()) == []


def test_ctrl_c_at_the_terminal_ends_a_run_with_pool_processes_without_tracebacks(tmp_path):
    """Ctrl-C at a terminal reaches the whole process group: the pool processes of ``ladder duels --jobs 2``
    stop silently and the tool ends with 130; the duels' file is not written half."""
    env = dict(os.environ, DOMINOLAB_LADDER_CACHE=str(tmp_path))
    proc = subprocess.Popen([sys.executable, "-m", "tools", "ladder", "duels", "--jobs", "2"], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while not list((tmp_path / "levels").glob("*.jsonl")):     # the duels are being played
            assert time.monotonic() < deadline and proc.poll() is None, proc.communicate()
            time.sleep(0.2)
        time.sleep(1)
        os.killpg(proc.pid, signal.SIGINT)
        _, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode == 130, err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    assert not (tmp_path / "levels" / "duels.json").exists()
