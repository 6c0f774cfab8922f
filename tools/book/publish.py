"""Write the built book into a folder ready to upload to any static host (``make publish DEST=dir``).

Copies the built site (default ``_build/html``; ``make publish`` builds it first) into DEST, leaving
out hidden build files, adds ``.nojekyll`` (GitHub Pages' branch publishing then serves the
``_static/`` folders) and the mark ``.dominolab-publish`` (the build's version), and checks every
file the service worker lists against its hash. Everything is written into a new folder beside
DEST that replaces DEST only when complete: a failure leaves DEST as it was.

DEST is refused when it is empty, begins with ``-`` (``DEST=--help`` is a mistyped option, not a
folder; ``./--help`` names such a folder), is the repository or one of its parents, the build
itself, a file, or a folder that is neither empty nor an earlier publish folder (one holding
``.dominolab-publish``). Every refusal and failure is one line, exit 2; Ctrl-C exit 130.

    python -m tools publish DEST [--html BUILD_HTML_DIR]
"""

from __future__ import annotations

import argparse
import os
import shutil
import tempfile
from pathlib import Path

from tools.book import offline_site

from tools import ROOT, Parser, shown, stderr_line

MARK = ".dominolab-publish"


class Refused(Exception):
    """DEST or the build cannot be used; the message is the one-line reason."""


def check(build: Path, dest: Path) -> None:
    if not (build / "index.html").is_file():
        raise Refused(f"no built book in {shown(build)} (run make book first)")
    if not (build / offline_site.WORKER).is_file():
        raise Refused(f"the build in {shown(build)} has no {offline_site.WORKER} (built without python -m tools offline)")
    real, root, built = dest.resolve(), ROOT.resolve(), build.resolve()
    if real == root or real in root.parents:
        raise Refused(f"{shown(dest)} is the repository or holds it; name a folder of its own")
    if real == built or built in real.parents or real in built.parents:
        raise Refused(f"{shown(dest)} overlaps the build in {shown(build)}")
    if real.exists() and not real.is_dir():
        raise Refused(f"{shown(dest)} is a file, not a folder")
    if real.is_dir() and any(real.iterdir()) and not (real / MARK).is_file():
        raise Refused(f"{shown(dest)} is not empty and not an earlier publish folder (no {MARK} in it)")


def _ignore(folder: str, names: list[str]) -> list[str]:
    return [n for n in names if n.startswith(".")]


def publish(build: Path, dest: Path) -> dict[str, object]:
    check(build, dest)
    real = dest.resolve()
    made = next((p for p in reversed([real.parent, *real.parent.parents]) if not p.exists()), None)
    try:
        real.parent.mkdir(parents=True, exist_ok=True)
        work = Path(tempfile.mkdtemp(prefix=f".{real.name}.new-", dir=real.parent))
    except BaseException:               # e.g. a name too long: the folders made for DEST go again
        if made is not None:
            shutil.rmtree(made, ignore_errors=True)
        raise
    old = None
    try:
        site = work / "site"
        shutil.copytree(build, site, ignore=_ignore)
        manifest = offline_site.read(site)
        files = manifest["files"]
        assert isinstance(files, dict)
        for rel, wanted in files.items():
            if not (site / rel).is_file() or offline_site.file_hash(site / rel) != wanted:
                raise Refused(f"{shown(build / rel)} changed while it was copied; build again")
        (site / ".nojekyll").write_text("", encoding="utf-8")
        (site / MARK).write_text(f"dominolab book, version {manifest['version']}\n", encoding="utf-8")
        if real.exists():
            old = work / "old"
            os.rename(real, old)
        os.rename(site, real)
        return manifest
    except BaseException:
        if old is not None and not real.exists():
            os.rename(old, real)
        if made is not None and not real.exists():   # nothing published: the folders made for DEST go again
            shutil.rmtree(made, ignore_errors=True)
        raise
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    parser = Parser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("dest", help="the folder to write (created or replaced); a name beginning with '-' is "
                                     "written ./-NAME")
    parser.add_argument("--html", type=Path, default=ROOT / "_build" / "html", help="the built book (default: %(default)s)")
    args = parser.parse_args(argv)
    if not args.dest.strip():            # Path("") would be "." - the current folder
        stderr_line("publish", "no DEST given, or an empty one (make publish DEST=folder)")
        return 2
    if args.dest.startswith("-"):       # DEST=--help: a mistyped option; ./--help names such a folder
        from dominolab.core.errors import shorten

        stderr_line("publish", f"DEST {shorten(args.dest, 40)} begins with '-', like an option; to publish into a "
                               f"folder of that name write ./{shown(args.dest, 40)}")
        return 2
    dest = Path(args.dest)
    try:
        manifest = publish(args.html, dest)
    except Refused as err:
        stderr_line("publish", str(err))
        return 2
    except OSError as err:
        stderr_line("publish", f"{err.strerror or err} ({shown(err.filename or dest)}); {shown(dest)} is unchanged")
        return 2
    files = manifest["files"]
    assert isinstance(files, dict)
    print(f"published {len(files)} files (version {manifest['version']}) to {shown(dest, 1000)}; upload that folder "
          "(README.md, Publishing: what the host must serve)")
    return 0
