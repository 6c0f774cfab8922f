"""The core imports with the standard library alone (it must also run inside Pyodide).

Each check runs in a fresh interpreter whose import system refuses tqdm,
Matplotlib, ipywidgets, IPython and NumPy (a meta-path finder that raises
ImportError for them), so a top-level import of any of them anywhere in the
core fails here.  The same subprocess then exercises the browser API once, so
"imports" also means "works".
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow          # each check starts a fresh interpreter

ROOT = Path(__file__).resolve().parents[2]

#: What the in-browser engine needs at the least (named, so a rename is noticed).
REQUIRED_CORE = [
    "dominolab", "dominolab.core.tiles", "dominolab.core.layout", "dominolab.core.rules", "dominolab.core.scoring",
    "dominolab.core.moves", "dominolab.core.engine", "dominolab.text.steptext", "dominolab.core.errors",
    "dominolab.core.record", "dominolab.core.view", "dominolab.play.bots", "dominolab.pictures.picture", "dominolab.pictures.svg",
    "dominolab.text.narrate", "dominolab.pictures.tryit", "dominolab.webapi", "dominolab.verify.examples",
    "dominolab.verify.interpretations",
]
#: The outer ring, which may need third-party packages: Matplotlib drawings and
#: charts, widgets, book pages, the CLI (and its tqdm progress), the pytest plugin.
OUTER_RING = {"drawing", "charts", "widgets", "book", "cli", "__main__", "tournament", "pytest_plugin"}
BLOCKED = ["tqdm", "matplotlib", "ipywidgets", "IPython", "numpy", "PIL"]


def _all_core_modules() -> list[str]:
    """Every module of the package outside the outer ring (new modules are core by default)."""
    found = set(REQUIRED_CORE)
    for path in sorted((ROOT / "dominolab").rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        if not set(parts[1:]) & OUTER_RING:
            found.add(".".join(parts))
    return sorted(found)


CORE_MODULES = _all_core_modules()

_BLOCKER = """
import importlib.abc, sys
BLOCKED = {blocked!r}
class Block(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in BLOCKED:
            raise ImportError(f"blocked third-party import: {{name}}")
        return None
sys.meta_path.insert(0, Block())
for name in list(sys.modules):
    if name.split(".")[0] in BLOCKED:
        del sys.modules[name]
"""


def _run(code: str) -> subprocess.CompletedProcess[str]:
    script = _BLOCKER.format(blocked=BLOCKED) + textwrap.dedent(code)
    return subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, timeout=120)


def test_the_blocker_blocks():
    """The check can fail: a blocked package really cannot be imported."""
    done = _run("import tqdm\n")
    assert done.returncode != 0 and "blocked third-party import: tqdm" in done.stderr


@pytest.mark.parametrize("module", CORE_MODULES)
def test_core_module_imports_with_stdlib_only(module):
    done = _run(f"""
        import importlib, sys
        importlib.import_module({module!r})
        leaked = sorted(n for n in sys.modules if n.split('.')[0] in BLOCKED)
        assert not leaked, leaked
    """)
    assert done.returncode == 0, done.stderr.strip().splitlines()[-1:] or done.stdout


def test_browser_api_plays_with_stdlib_only():
    """The JSON API of the play page starts a match, draws it and answers a bot move without extras."""
    done = _run("""
        import json
        from dominolab import webapi
        out = json.loads(webapi.call("new", json.dumps({"id": "x", "params": {"players": "2", "seed": "7"}})))
        assert out["ok"], out
        state = out["result"]
        assert state["score_svg"].lstrip().startswith("<svg")
        while state["state"] == "waiting":
            state = json.loads(webapi.call("bot", '{"id": "x"}'))["result"]
        assert state["state"] == "your-turn" and state["moves"]
        state = json.loads(webapi.call("play", json.dumps({"id": "x", "move": state["moves"][0]["move"]})))["result"]
        assert state["layout_svg"].lstrip().startswith("<svg")
    """)
    assert done.returncode == 0, done.stderr


def test_notebook_pictures_need_no_matplotlib():
    """A bare tile, layout or round at the end of a cell draws itself with the light writer."""
    done = _run("""
        import sys
        from dominolab import Layout, Match, Tile
        rnd = Match("horse-race", 2, seed=1).new_round()
        rnd.push(rnd.legal_moves()[0])
        for thing in (Tile(1, 4), Layout.from_notation("[1|4] [1|1]@[1|4].low", spinners=True), rnd):
            svg = thing._repr_svg_()
            assert svg.lstrip().startswith("<svg") and 'role="img"' in svg, type(thing)
        assert "dominolab.pictures.drawing" not in sys.modules
    """)
    assert done.returncode == 0, done.stderr
