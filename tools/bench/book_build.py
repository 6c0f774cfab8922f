"""Time a clean build of the book.

Builds into a fresh temporary folder (``--in-tree``: removes ``_build/`` -
the HTML and the jupyter-cache - and builds there) with
python -m tools build, then prints the wall-clock seconds and the sizes
(tools/bench/sizes.py).  The widget JavaScript in book/_widgetjs/lib/ is kept
(it is not part of the build folder); pass --with-fetch to delete it too and
include the npm download. ``BOOK_JOBS=1`` times the serial build.

    .venv/bin/python -m tools bench book-build [--with-fetch] [--in-tree] [--quiet]
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tools import ROOT, Parser


def main(argv: list[str] | None = None) -> int:
    parser = Parser(description=__doc__.splitlines()[0])
    parser.add_argument("--with-fetch", action="store_true",
                        help="also delete the fetched widget JS and time the npm download")
    parser.add_argument("--quiet", action="store_true", help="hide the build output")
    parser.add_argument("--in-tree", action="store_true", help="build into _build/ (deleted first)")
    args = parser.parse_args(argv)

    if args.in_tree:
        out_dir = ROOT
        shutil.rmtree(ROOT / "_build", ignore_errors=True)
        extra: list[str] = []
    else:
        out_dir = Path(tempfile.mkdtemp(prefix="dominolab-book-"))
        extra = ["--path-output", str(out_dir)]
    if args.with_fetch:
        shutil.rmtree(ROOT / "book" / "_widgetjs" / "lib", ignore_errors=True)

    env = dict(os.environ)
    env.setdefault("PYTHON", sys.executable)
    out = subprocess.DEVNULL if args.quiet else None
    start = time.perf_counter()
    result = subprocess.run([sys.executable, "-m", "tools", "build", *extra],
                            cwd=ROOT, env=env, stdout=out, stderr=out)
    seconds = time.perf_counter() - start
    if result.returncode != 0:
        print(f"book build FAILED (exit {result.returncode}) after {seconds:.1f} s")
        return result.returncode
    what = "clean book build incl. widget JS fetch" if args.with_fetch else "clean book build"
    print(f"{what}: {seconds:.1f} s (BOOK_JOBS={os.environ.get('BOOK_JOBS', 'all cores, up to 4')}; goal: <= 40 s)")
    from tools.bench import sizes

    print(sizes.report(sizes.measure(out_dir / "_build" / "html")))
    if not args.in_tree:
        shutil.rmtree(out_dir, ignore_errors=True)
    return 0
