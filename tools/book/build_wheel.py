"""Build the pure-Python ``dominolab`` wheel for the in-browser engine.

The book's play page loads this wheel into Pyodide (``pyodide.unpackArchive``).
It is written with the standard library (``zipfile``), so the build needs
neither network nor a build backend, takes well under a second and gives the
same bytes for the same sources (fixed timestamps, sorted entries).

Output (default ``book/_widgetjs/pyodide/``, gitignored, served as
``_static/pyodide/``):

  dominolab-VERSION-py3-none-any.whl
  dominolab-wheel.json   {"wheel": file name, "size": bytes, "sha256": hex}

The play worker fetches the wheel as ``NAME?sha256=PREFIX`` (a new address for
every new wheel, so a browser never uses a stale cached one), and
``tools/book/make_snapshot.mjs`` records the sha256 in the snapshot's manifest; a
snapshot made for another wheel is not used.

Only what the browser needs goes in: the package's Python modules and its
data files (examples TOML, interpretations TOML, py.typed).  Modules that need
Matplotlib or ipywidgets are included too (the package stays whole); the page
never imports them.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import os
import sys
import tomllib
import zipfile
from pathlib import Path

from tools import ROOT, Parser
PACKAGE = ROOT / "dominolab"
DEST = ROOT / "book" / "_widgetjs" / "pyodide"
MANIFEST = "dominolab-wheel.json"
DATA_SUFFIXES = (".py", ".toml", ".typed")
# 1980-01-01, the earliest time a zip entry can carry: reproducible bytes.
FIXED_TIME = (1980, 1, 1, 0, 0, 0)


def project_version() -> str:
    with open(ROOT / "pyproject.toml", "rb") as fh:
        return str(tomllib.load(fh)["project"]["version"])


def package_files() -> list[Path]:
    files = []
    for path in sorted(PACKAGE.rglob("*")):
        if not path.is_file() or "__pycache__" in path.parts:
            continue
        if path.name.endswith(DATA_SUFFIXES):
            files.append(path)
    return files


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def build(dest: Path) -> Path:
    version = project_version()
    dist_info = f"dominolab-{version}.dist-info"
    entries: list[tuple[str, bytes]] = []
    for path in package_files():
        entries.append((path.relative_to(ROOT).as_posix(), path.read_bytes()))
    metadata = (f"Metadata-Version: 2.1\nName: dominolab\nVersion: {version}\n"
                "Summary: dominolab engine for the in-browser play page\n").encode()
    wheel_meta = ("Wheel-Version: 1.0\nGenerator: dominolab tools/book/build_wheel.py\n"
                  "Root-Is-Purelib: true\nTag: py3-none-any\n").encode()
    entries.append((f"{dist_info}/METADATA", metadata))
    entries.append((f"{dist_info}/WHEEL", wheel_meta))
    entries.append((f"{dist_info}/top_level.txt", b"dominolab\n"))
    record = "\n".join(_record_line(n, d) for n, d in entries) + f"\n{dist_info}/RECORD,,\n"
    entries.append((f"{dist_info}/RECORD", record.encode()))

    dest.mkdir(parents=True, exist_ok=True)
    name = f"dominolab-{version}-py3-none-any.whl"
    tmp = dest / f".{name}.{os.getpid()}.tmp"
    with zipfile.ZipFile(tmp, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for entry_name, data in entries:
            info = zipfile.ZipInfo(entry_name, FIXED_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, data)
    data = tmp.read_bytes()
    os.replace(tmp, dest / name)    # atomic: a concurrent build never copies half a wheel
    manifest = {"wheel": name, "size": len(data), "sha256": hashlib.sha256(data).hexdigest()}
    mtmp = dest / f".{MANIFEST}.{os.getpid()}.tmp"
    mtmp.write_text(json.dumps(manifest) + "\n", encoding="utf-8")
    os.replace(mtmp, dest / MANIFEST)
    for old in dest.glob("dominolab-*.whl"):
        if old.name != name:
            old.unlink()
    return dest / name


def main(argv: list[str] | None = None) -> int:
    parser = Parser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--dest", type=Path, default=DEST, help="output folder (default: %(default)s)")
    args = parser.parse_args(argv)
    try:
        wheel = build(args.dest)
    except OSError as exc:
        print(f"error: cannot build the dominolab wheel: {exc}", file=sys.stderr)
        return 1
    print(f"dominolab wheel built: {wheel} ({wheel.stat().st_size:,} bytes)")
    return 0
