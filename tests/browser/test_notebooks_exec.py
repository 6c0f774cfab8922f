"""Every downloadable notebook runs top to bottom in a plain Jupyter (issue 29, point 1).

A fresh venv holds only the site's own wheel (``_static/pyodide/dominolab-*.whl``, the one the
live notebooks load), its dependencies and the ``notebook`` extra of pyproject.toml (from PyPI),
and a kernel spec of its own; nbclient (of the test's environment) runs each notebook of
``<site>/notebooks/`` with that kernel in an empty folder and fails on the first error.

The venv is cached per wheel and extra under ``_build/notebook-venv/<hash>/`` (CI pays once per
wheel; a fresh clone creates it here).  Skipped when the book is not built.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import tomllib
import venv
from pathlib import Path

import pytest

from tools.browserkit import BUILD, ROOT
from dominolab.book.notebook import DOWNLOAD_FOLDER, NOTEBOOK_PAGES

KERNEL = "dominolab-notebook-test"
CELL_TIMEOUT_S = 120
#: The example-format page shows files and checks, no drawing.
WITHOUT_PICTURES = {"beispielformat"}


def _requirements() -> tuple[list[str], list[str]]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return list(project["dependencies"]), list(project["optional-dependencies"]["notebook"])


def _site_wheel() -> Path:
    wheels = sorted((BUILD / "_static" / "pyodide").glob("dominolab-*-py3-none-any.whl"))
    if not wheels:
        pytest.skip(f"no built book with its wheel at {BUILD} (run python -m tools build first)")
    return wheels[-1]


@pytest.fixture(scope="module")
def notebook_venv() -> Path:
    wheel = _site_wheel()
    base, extra = _requirements()
    key = hashlib.sha256(wheel.read_bytes() + json.dumps([base, extra]).encode()).hexdigest()[:16]
    home = ROOT / "_build" / "notebook-venv" / key
    python = home / "bin" / "python"
    marker = home / ".ready"
    if not marker.is_file():
        venv.EnvBuilder(with_pip=True, clear=True).create(home)
        pip = [str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--no-input"]
        for args in ([str(wheel)], base + extra):
            proc = subprocess.run(pip + args, capture_output=True, text=True, timeout=900)
            if proc.returncode != 0:
                pytest.fail(f"pip install {' '.join(args)} failed:\n{proc.stderr[-2000:]}", pytrace=False)
        proc = subprocess.run([str(python), "-m", "ipykernel", "install", "--prefix", str(home), "--name", KERNEL,
                               "--display-name", "dominolab (test)"], capture_output=True, text=True, timeout=120)
        assert proc.returncode == 0, proc.stderr
        marker.write_text(f"{wheel.name}\n", encoding="utf-8")
    # the venv holds the wheel and the extra, nothing of the repository
    check = subprocess.run([str(python), "-c", "import dominolab, ipywidgets; print(dominolab.__file__)"],
                           capture_output=True, text=True, cwd="/", env={"PATH": os.environ.get("PATH", "")})
    assert check.returncode == 0, check.stderr
    assert str(home) in check.stdout and str(ROOT / "dominolab") not in check.stdout, check.stdout
    return home


@pytest.mark.parametrize("page", NOTEBOOK_PAGES)
def test_downloadable_notebook_runs_in_a_fresh_venv(notebook_venv, page, tmp_path, monkeypatch):
    import nbformat
    from nbclient import NotebookClient

    path = BUILD / DOWNLOAD_FOLDER / f"{page}.ipynb"
    assert path.is_file(), f"{path} missing"
    notebook = nbformat.read(path, as_version=4)
    nbformat.validate(notebook)
    # the kernel of the fresh venv only; nothing of this checkout on its path
    monkeypatch.setenv("JUPYTER_PATH", str(notebook_venv / "share" / "jupyter"))
    monkeypatch.delenv("PYTHONPATH", raising=False)
    monkeypatch.setenv("MPLBACKEND", "Agg")
    client = NotebookClient(notebook, kernel_name=KERNEL, timeout=CELL_TIMEOUT_S,
                            resources={"metadata": {"path": str(tmp_path)}})
    client.execute()
    code = [c for c in notebook.cells if c.cell_type == "code"]
    assert code and all(c.execution_count for c in code)
    errors = [o for c in code for o in c.outputs if o.output_type == "error"]
    assert not errors, errors[:1]
    # the drawings' stylesheet comes first, then the chapter's pictures or steppers
    assert "<style>" in code[0].outputs[0]["data"]["text/html"]
    shown = json.dumps([c.outputs for c in code])
    if page not in WITHOUT_PICTURES:
        assert "<svg" in shown or "application/vnd.jupyter.widget-view+json" in shown, page
