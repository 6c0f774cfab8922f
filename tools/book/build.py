"""Build the book into _build/html (``make book`` runs it): strict, both editions, notebooks, offline.

* fetches the widget JavaScript and the Pyodide core from npm (skipped when already present), builds the
  dominolab wheel, the Pyodide snapshot of the play page (``node tools/book/make_snapshot.mjs``) and the
  lessons' pools;
* executes every notebook (a cell that raises fails the build) and treats Sphinx warnings as errors
  (``-W -n --keep-going``: all warnings are reported, then the build fails), reading the pages in parallel;
* builds the English edition from the same sources into en/ beside the German (``tools editions``) and
  lets it use the root's ``_static/``;
* writes every chapter as a notebook (``tools lite``), leaves out what readers never load (``tools
  prune``), writes the service worker that keeps the book offline (``tools offline``) and prints the
  sizes of frames, pages and site (``tools bench sizes``).

Every step runs as its own process with the interpreter named by ``PYTHON``; the first that fails stops
the build with its exit code. Further options go to ``jupyter-book build`` (e.g. ``--all``,
``--path-output DIR`` -> ``DIR/_build/html``).

Environment: ``PYTHON`` the interpreter with jupyter-book (default: .venv/bin/python of the repository);
``BOOK_JOBS`` parallel page readers (default: the cores, at most 4); ``DOMINOLAB_LIVE=0`` no live
notebooks (the downloads are still written); ``DOMINOLAB_EDITIONS`` the editions to build (default
"de en"; "de" leaves the English out).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

from tools import ROOT, ToolError

#: Runs jupyter-book's command line with Sphinx's parallel reading (its 1.x command line has no option for it).
_JUPYTER_BOOK = """
import sys, functools
import jupyter_book.sphinx
from jupyter_book.cli.main import main
jupyter_book.sphinx.build_sphinx = functools.partial(jupyter_book.sphinx.build_sphinx, jobs=int(sys.argv[1]))
sys.argv = ['jupyter-book'] + sys.argv[2:]
main()
"""


class StepFailed(Exception):
    def __init__(self, what: str, status: int) -> None:
        super().__init__(f"{what} failed (exit {status}); see the messages above")
        self.status = status


def interpreter() -> str:
    """``PYTHON`` (a relative path is taken from where the build was called; the venv's symlink is kept)."""
    python = os.environ.get("PYTHON") or str(ROOT / ".venv" / "bin" / "python")
    if "/" in python and not os.path.isabs(python):
        python = os.path.join(os.getcwd(), python)
    if shutil.which(python) is None:
        raise ToolError(f"Python interpreter {python!r} not found (set PYTHON=...)")
    if subprocess.run([python, "-c", "import jupyter_book"], capture_output=True).returncode:
        raise ToolError(f"jupyter-book is not installed for {python}")
    return python


def output_root(options: list[str]) -> Path:
    """Where jupyter-book writes (its ``--path-output``), else the repository."""
    out = ROOT
    for i, arg in enumerate(options):
        if arg.startswith("--path-output="):
            out = Path(arg.split("=", 1)[1])
        elif arg == "--path-output" and i + 1 < len(options):
            out = Path(options[i + 1])
    return out.resolve()


def main(argv: list[str]) -> int:
    if argv[:1] in (["-h"], ["--help"]):
        print("usage: python -m tools build [jupyter-book build options]\n\n" + (__doc__ or "").strip())
        return 0
    python = interpreter()
    if shutil.which("node") is None:
        raise ToolError("node is not on PATH (needed for the Pyodide snapshot of the play page)")
    env = {**os.environ, "MPLBACKEND": "Agg",
           # the notebooks run with book/ as working directory: the package of the repository, not an install
           "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    jobs = os.environ.get("BOOK_JOBS") or str(min(4, len(os.sched_getaffinity(0))))
    if not jobs.isdigit() or int(jobs) < 1:
        raise ToolError(f"BOOK_JOBS must be a whole number of at least 1, not {jobs!r:.40}")
    editions = (os.environ.get("DOMINOLAB_EDITIONS") or "de en").split()
    live = os.environ.get("DOMINOLAB_LIVE", "1") != "0"
    out = output_root(argv)
    build, html = out / "_build", out / "_build" / "html"

    def step(what: str, *cmd: str, **extra: str) -> None:
        status = subprocess.run(list(cmd), cwd=ROOT, env={**env, **extra}).returncode
        if status:
            raise StepFailed(what, status)

    def tool(name: str, *args: str) -> None:
        step(f"python -m tools {name}", python, "-m", "tools", name, *args)

    try:
        tool("fetch-js")
        tool("fetch-pyodide")
        tool("wheel")
        step("the Pyodide snapshot", "node", str(ROOT / "tools" / "book" / "make_snapshot.mjs"))
        tool("lesson-pools")
        # the English edition of an earlier build is not part of the German build's folder
        shutil.rmtree(html / "en", ignore_errors=True)
        start = time.monotonic()
        step("book build", python, "-c", _JUPYTER_BOOK, jobs, "build", str(ROOT), "--builder", "html",
             "-W", "-n", "--keep-going", *argv, DOMINOLAB_BOOK_LANG="de")
        print(f"German edition built in {time.monotonic() - start:.0f} s", flush=True)
        if "en" in editions:
            start = time.monotonic()
            tool("editions", "build", str(build), "--jobs", jobs)
            tool("editions", "place", str(build))
            print(f"English edition built in {time.monotonic() - start:.0f} s", flush=True)
        tool("lite", str(build), *([] if live else ["--no-live"]))
        tool("prune", str(html))
        if (html / "en").is_dir():
            tool("prune", str(html / "en"))
            tool("editions", "share", str(html))
        # offline after one visit: the list of every file as published (after the pruning)
        tool("offline", str(html))
        print("\nSizes of the built book (python -m tools bench sizes):", flush=True)
        step("sizes", python, "-m", "tools", "bench", "sizes", str(html))
    except StepFailed as err:
        print(f"tools build: error: {err}", file=sys.stderr)
        return err.status
    print(f"\nBook built. Open: {html / 'index.html'}")
    return 0
