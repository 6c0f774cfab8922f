"""Fetch the Pyodide core (Python compiled to WebAssembly) for the play page.

Downloads ``pyodide@VERSION`` with ``npm pack`` from the npm registry (never a
CDN, never a committed binary) and extracts only the files the page loads into
``book/_widgetjs/pyodide/`` (gitignored; Sphinx copies it to
``_build/html/_static/pyodide/`` through ``html_static_path``):

  pyodide.mjs            the loader (ES module, imported by the play worker)
  pyodide.asm.mjs        the Emscripten glue
  pyodide.asm.wasm       CPython 3.14 compiled to WebAssembly
  python_stdlib.zip      the standard library
  pyodide-lock.json      read by the loader at start (names packages; none are fetched)
  PYODIDE_VERSION.txt    what was fetched; also the "already done" marker

Cached: when the marker matches and all files are there nothing is downloaded
(``--force`` fetches again).  The version is pinned below and can be overridden
with the environment variable PYODIDE_VERSION.  The wheel of dominolab itself is
written into the same folder by ``tools/book/build_wheel.py``, and a memory
snapshot of this runtime with the engine imported by ``tools/book/make_snapshot.mjs``
(it is made again when the version here changes).  The play worker compares
PYODIDE_VERSION.txt with the version of the loader the browser has cached and
fetches the runtime again when they differ.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

from tools import ROOT, Parser
DEST = ROOT / "book" / "_widgetjs" / "pyodide"
PYODIDE_VERSION = os.environ.get("PYODIDE_VERSION", "314.0.7")
FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
MARKER = "PYODIDE_VERSION.txt"


class FetchError(Exception):
    """Fetching failed; the message is one line for the user."""


def is_complete(dest: Path) -> bool:
    marker = dest / MARKER
    if not marker.is_file() or marker.read_text().strip() != PYODIDE_VERSION:
        return False
    return all((dest / name).is_file() and (dest / name).stat().st_size > 0 for name in FILES)


def npm_pack(spec: str, workdir: Path) -> Path:
    npm = shutil.which("npm")
    if npm is None:
        raise FetchError("npm is not on PATH (needed to fetch Pyodide from the npm registry)")
    proc = subprocess.run([npm, "pack", spec, "--json", "--pack-destination", str(workdir)],
                          cwd=workdir, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if proc.returncode != 0:
        lines = [ln for ln in proc.stderr.splitlines()
                 if ln.strip() and "complete log" not in ln and "debug-0.log" not in ln]
        last = lines[0].strip()[:200] if lines else f"exit {proc.returncode}"
        raise FetchError(f"npm pack {spec} failed (is the npm registry reachable?): {last}")
    try:
        return workdir / str(json.loads(proc.stdout)[0]["filename"])
    except (ValueError, LookupError) as exc:
        raise FetchError(f"npm pack {spec}: unexpected output ({exc})") from None


def fetch(dest: Path) -> None:
    with tempfile.TemporaryDirectory(prefix="pyodide-") as tmp:
        work = Path(tmp)
        tgz = npm_pack(f"pyodide@{PYODIDE_VERSION}", work)
        staging = work / "pyodide"
        staging.mkdir()
        with tarfile.open(tgz) as tar:
            for name in FILES:
                try:
                    member = tar.extractfile(f"package/{name}")
                except KeyError:
                    member = None
                if member is None:
                    raise FetchError(f"package/{name} is missing in {tgz.name}")
                (staging / name).write_bytes(member.read())
        (staging / MARKER).write_text(PYODIDE_VERSION + "\n")
        dest.mkdir(parents=True, exist_ok=True)
        # Replace file by file (the wheel written by build_wheel.py stays).
        for path in staging.iterdir():
            tmp_target = dest / f".{path.name}.tmp"
            shutil.copyfile(path, tmp_target)
            os.replace(tmp_target, dest / path.name)


def main(argv: list[str] | None = None) -> int:
    parser = Parser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--force", action="store_true", help="fetch even if present")
    parser.add_argument("--dest", type=Path, default=DEST, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if not args.force and is_complete(args.dest):
        print(f"Pyodide {PYODIDE_VERSION} already present in {args.dest}")
        return 0
    try:
        fetch(args.dest)
    except (FetchError, OSError, tarfile.TarError) as exc:
        print(f"error: cannot fetch Pyodide {PYODIDE_VERSION}: {exc}", file=sys.stderr)
        return 1
    size = sum((args.dest / n).stat().st_size for n in FILES)
    print(f"Pyodide {PYODIDE_VERSION} fetched into {args.dest} ({size / 1e6:.1f} MB)")
    return 0
