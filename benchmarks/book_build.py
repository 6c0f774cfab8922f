#!/usr/bin/env python3
"""Time a clean build of the book.

Removes _build/ (the HTML and the jupyter-cache), then runs
scripts/build-book.sh and prints the wall-clock seconds.  The widget
JavaScript in book/_widgetjs/lib/ is kept (it is not part of _build/);
pass --with-fetch to delete it too and include the npm download.

    .venv/bin/python benchmarks/book_build.py [--with-fetch] [--quiet]
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--with-fetch", action="store_true",
                        help="also delete the fetched widget JS and time the npm download")
    parser.add_argument("--quiet", action="store_true", help="hide the build output")
    args = parser.parse_args(argv)

    shutil.rmtree(ROOT / "_build", ignore_errors=True)
    if args.with_fetch:
        shutil.rmtree(ROOT / "book" / "_widgetjs" / "lib", ignore_errors=True)

    env = dict(os.environ)
    env.setdefault("PYTHON", sys.executable)
    out = subprocess.DEVNULL if args.quiet else None
    start = time.perf_counter()
    result = subprocess.run(["bash", str(ROOT / "scripts" / "build-book.sh")],
                            cwd=ROOT, env=env, stdout=out, stderr=out)
    seconds = time.perf_counter() - start
    if result.returncode != 0:
        print(f"book build FAILED (exit {result.returncode}) after {seconds:.1f} s")
        return result.returncode
    what = "clean book build incl. widget JS fetch" if args.with_fetch else "clean book build"
    print(f"{what}: {seconds:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
