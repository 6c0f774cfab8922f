"""The page's engine is the native engine: the same calls give the same answers in Pyodide.

The play page runs :func:`dominolab.webapi.call` inside Pyodide in the reader's
browser.  ``tools/book/pyodide_call.mjs`` runs the same calls in the same Pyodide
under Node (offline, a wheel built from this tree), and these tests compare the
answers with the native ones: previews, bot replies, hints and, where the page
offers it, the game review (issue 14: "the same record, seat and budget give the
same figures in the terminal and in the page").

Runs with the browser tests (``DOMINOLAB_BROWSER_TEST=1``, set by ``make test``),
after the book build has fetched the Pyodide core into ``book/_widgetjs/pyodide``.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tools.browserkit import REQUIRED, ROOT

PYODIDE = ROOT / "book" / "_widgetjs" / "pyodide"
SCRIPT = ROOT / "tools" / "book" / "pyodide_call.mjs"

pytestmark = pytest.mark.skipif(not REQUIRED, reason="set DOMINOLAB_BROWSER_TEST=1 to run the browser tests")


@pytest.fixture(scope="module")
def pyodide_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The fetched Pyodide core beside a wheel built from this very tree (never a stale one)."""
    if not (PYODIDE / "pyodide.asm.wasm").is_file():
        pytest.fail(f"no Pyodide core in {PYODIDE}: build the book first (tools/book/fetch_pyodide.py)")
    if shutil.which("node") is None:
        pytest.fail("node is not on PATH (the book build needs it too)")
    here = tmp_path_factory.mktemp("pyodide")
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"):
        (here / name).symlink_to(PYODIDE / name)
    built = subprocess.run([sys.executable, "-m", "tools", "wheel", "--dest", str(here)],
                           cwd=ROOT, capture_output=True, text=True, check=False)
    assert built.returncode == 0, built.stderr
    return here


def in_pyodide(pyodide_dir: Path, calls: list[tuple[str, Any]]) -> list[Any]:
    done = subprocess.run(["node", str(SCRIPT), str(pyodide_dir)], input=json.dumps(calls),
                          capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    answers: list[Any] = json.loads(done.stdout)
    return answers


def natively(calls: list[tuple[str, Any]]) -> list[Any]:
    from dominolab import webapi

    webapi.SESSIONS.clear()
    return [json.loads(webapi.call(method, json.dumps(args))) for method, args in calls]


def _play_calls(game: str, players: int, seed: int, moves: int) -> list[tuple[str, Any]]:
    """A session against the strong bot: the person always plays the first legal move, with a hint before."""
    from dominolab import webapi

    webapi.SESSIONS.clear()
    sid = f"{game}-{seed}"
    calls: list[tuple[str, Any]] = [("new", {"id": sid, "params": {"game": game, "players": str(players),
                                                                    "seed": str(seed), "bots": "strong"}})]
    state = json.loads(webapi.call(*_enc(calls[0])))["result"]
    while state["state"] == "waiting":              # the bots before the person's first turn
        calls.append(("bot", {"id": sid}))
        state = json.loads(webapi.call(*_enc(calls[-1])))["result"]
    for _ in range(moves):
        if state["state"] != "your-turn":
            break
        calls.append(("hint", {"id": sid}))
        move = state["moves"][0]["move"]
        calls.append(("play", {"id": sid, "move": move}))
        state = json.loads(webapi.call(*_enc(calls[-1])))["result"]
        while state["state"] == "waiting":          # the bots' turns, one call each as the page makes them
            calls.append(("bot", {"id": sid}))
            state = json.loads(webapi.call(*_enc(calls[-1])))["result"]
    calls.append(("record", {"id": sid}))
    return calls


def _enc(call: tuple[str, Any]) -> tuple[str, str]:
    return call[0], json.dumps(call[1])


@pytest.mark.parametrize("game, players, seed", [("horse-race", 2, 7), ("fives-and-threes", 3, 5)])
def test_a_played_session_gives_the_same_answers_in_pyodide(pyodide_dir: Path, game: str, players: int,
                                                            seed: int) -> None:
    calls = _play_calls(game, players, seed, moves=6)
    assert len(calls) >= 8, "the session should have reached several moves of the person"
    native = natively(calls)
    page = in_pyodide(pyodide_dir, calls)
    assert all(a["ok"] for a in native), [a for a in native if not a["ok"]]
    for (method, _), here, there in zip(calls, native, page):
        assert there == here, f"{method}: the page's engine answered differently"


#: two golden matches whose review the page must give with the command line's figures
REVIEWED = ("fives-and-threes-2i-greedy-seed2.record.json", "horse-race-4p-greedy-seed2.record.json")


@pytest.mark.parametrize("name", REVIEWED)
def test_the_page_reviews_a_record_with_the_command_lines_figures(pyodide_dir: Path, name: str,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """``dominolab review RECORD --seat 0 --json`` equals the page's review in Pyodide, at the page's budget."""
    from dominolab import cli

    path = ROOT / "tests" / "golden" / name
    assert cli.main(["review", str(path), "--seat", "0", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    args = {"record": path.read_text(encoding="utf-8"), "seat": 0}
    calls: list[tuple[str, Any]] = [("review_plan", args)]
    calls += [("review_rate", args | {"decision": k}) for k in range(len(out["decisions"]))]
    calls.append(("review_summary", args))
    page = in_pyodide(pyodide_dir, calls)
    assert all(a["ok"] for a in page), [a["error"] for a in page if not a["ok"]][:3]
    plan, rows, summary = page[0]["result"], [a["result"] for a in page[1:-1]], page[-1]["result"]
    assert (plan["level"], plan["think_ms"], plan["count"]) == (out["level"], out["think_ms"], len(out["decisions"]))
    for row, want in zip(rows, out["decisions"]):
        row.pop("played_text"), row.pop("best_text")
        assert row == want, f"decision {want['decision']}: the page rated it differently"
    assert summary["summary"] == out["summary"] and summary["rounds"] == out["rounds"]
