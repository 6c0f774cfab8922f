"""Fetch the JavaScript that renders ipywidgets in the static book.

Downloads, with ``npm pack`` from the npm registry,
  * @jupyter-widgets/html-manager (the embed bundle for ipywidgets 8.1.x) and
  * requirejs (the AMD loader the embed bundle needs),
and extracts the files the book loads into ``book/_widgetjs/lib/`` (gitignored;
Sphinx copies it to ``_build/html/_static/lib/`` through ``html_static_path``):

  lib/require.js
  lib/embed-amd.js
  lib/@jupyter-widgets/*.woff2                    (icon fonts, see FONT_DIRS)
  lib/@jupyter-widgets/html-manager/dist/*.woff2
  lib/VERSIONS.txt      (what was fetched; also the "already done" marker)

embed-amd.js is patched after the download (see EMBED_PATCH): the JSON-schema checker ajv it
bundles is built with ``allowUnionTypes``, so that compiling the widget-state schema (whose
buffer path items are "string or number") no longer logs a "strict mode: use allowUnionTypes"
warning in every reader's console.  The patch applies only to the file whose SHA-256 is known;
another upstream version fails loudly here until the patch is checked against it.  A lib/ folder
fetched before the patch existed is patched in place (no download).

Idempotent: when VERSIONS.txt matches the wanted versions and all files are
there, nothing is downloaded.  ``--force`` fetches again.

Versions can be overridden with the environment variables
HTML_MANAGER_VERSION and REQUIREJS_VERSION.
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
DEST = ROOT / "book" / "_widgetjs" / "lib"

# ipywidgets 8.1.x pairs with @jupyter-widgets/html-manager 1.0.x.
HTML_MANAGER_VERSION = os.environ.get("HTML_MANAGER_VERSION", "1.0.15")
REQUIREJS_VERSION = os.environ.get("REQUIREJS_VERSION", "2.3.8")

# embed-amd.js defines named AMD modules ("@jupyter-widgets/controls",
# "@jupyter-widgets/html-manager/dist/libembed-amd", ...).  Each bundle sets
# its webpack public path to the folder of its *module URL* (require.js
# baseUrl + module id), and the icon-font URLs in the bundled CSS are relative
# to that.  With baseUrl = _static/lib/ (widget-setup.js) the fonts are
# requested from these two folders below lib/, so the woff2 files go there.
# (Browsers take the woff2 source first; woff/ttf/eot/svg are never loaded.)
FONT_DIRS = ("@jupyter-widgets", "@jupyter-widgets/html-manager/dist")

# The two constructions of ajv that check the widget state (`new Ajv()` minified: the html-manager
# module and libembed each build one), before and after the patch, with the checksums of the
# whole file before and after.
EMBED_PATCHES = (
    (b"gt=new(ht());gt.compile(At)", b"gt=new(ht())({allowUnionTypes:!0});gt.compile(At)"),
    (b"k=new(w()),E=k.compile(y)", b"k=new(w())({allowUnionTypes:!0}),E=k.compile(y)"),
)
EMBED_SHA256 = {
    "1.0.15": ("ca87dff57c70ffb2658794fde0eab0e27e5f5472a1f5df7ab2b08e1039fc4b72",
               "ff470e70a50a57dae9235c54716e68c347fb67dc1ccf0cd223cdf51b3f4dc639"),
}
PATCH_MARK = "patched: embed-amd.js ajv allowUnionTypes (2)\n"


def wanted_versions() -> str:
    return (
        f"@jupyter-widgets/html-manager@{HTML_MANAGER_VERSION}\n"
        f"requirejs@{REQUIREJS_VERSION}\n"
    ) + PATCH_MARK


def patch_embed(path: Path, version: str = HTML_MANAGER_VERSION) -> bool:
    """Patch embed-amd.js in place (see the module docstring); True if it changed.

    Exits with an error when the file is neither the known original nor the known patched file."""
    import hashlib

    known = EMBED_SHA256.get(version)
    if known is None:
        sys.exit(f"error: no checked patch of embed-amd.js for html-manager {version}: look for the ajv "
                 f"constructions (EMBED_PATCHES) in the new file, then add its checksums to EMBED_SHA256")
    data = path.read_bytes()
    digest = hashlib.sha256(data).hexdigest()
    if digest == known[1]:
        return False
    if digest != known[0] or any(data.count(original) != 1 for original, _ in EMBED_PATCHES):
        sys.exit(f"error: {path} (html-manager {version}) is not the file the patch was made for "
                 f"(sha256 {digest}); fetch it again with --force")
    patched = data
    for original, replacement in EMBED_PATCHES:
        patched = patched.replace(original, replacement)
    if hashlib.sha256(patched).hexdigest() != known[1]:
        sys.exit(f"error: patching {path} did not give the expected file")
    path.write_bytes(patched)
    return True


def is_complete(dest: Path) -> bool:
    marker = dest / "VERSIONS.txt"
    if marker.is_file() and marker.read_text() + PATCH_MARK == wanted_versions() \
            and (dest / "embed-amd.js").is_file():
        # fetched before the patch existed: patch in place, no download
        patch_embed(dest / "embed-amd.js")
        marker.write_text(wanted_versions())
    if not marker.is_file() or marker.read_text() != wanted_versions():
        return False
    needed = [dest / "require.js", dest / "embed-amd.js"]
    if (dest / "embed-amd.js").is_file():
        patch_embed(dest / "embed-amd.js")      # the known file, patched (or an error)
    return all(p.is_file() and p.stat().st_size > 0 for p in needed) and all(
        any((dest / d).glob("*.woff2")) for d in FONT_DIRS
    )


def check_ipywidgets() -> None:
    """Warn when the installed ipywidgets is not the 8.1 line this pairs with."""
    try:
        from importlib.metadata import PackageNotFoundError, version
    except ImportError:  # pragma: no cover
        return
    try:
        installed = version("ipywidgets")
    except PackageNotFoundError:
        return
    if not installed.startswith("8.1."):
        print(
            f"warning: ipywidgets {installed} is installed; "
            f"html-manager {HTML_MANAGER_VERSION} is meant for ipywidgets 8.1.x",
            file=sys.stderr,
        )


def npm_pack(spec: str, workdir: Path) -> Path:
    npm = shutil.which("npm")
    if npm is None:
        sys.exit("error: npm is not on PATH (needed to fetch the widget JavaScript)")
    out = subprocess.run(
        [npm, "pack", spec, "--json", "--pack-destination", str(workdir)],
        cwd=workdir,
        check=True,
        stdout=subprocess.PIPE,
        text=True,
    ).stdout
    info = json.loads(out)
    return workdir / str(info[0]["filename"])


def extract(tgz: Path, members: dict[str, str], dest: Path) -> None:
    """Copy tar members (path inside the tarball -> file name in dest)."""
    with tarfile.open(tgz) as tar:
        for inner, name in members.items():
            fileobj = tar.extractfile(inner)
            if fileobj is None:
                sys.exit(f"error: {inner} missing in {tgz.name}")
            (dest / name).write_bytes(fileobj.read())


def woff2_members(tgz: Path) -> dict[str, str]:
    with tarfile.open(tgz) as tar:
        return {
            m.name: Path(m.name).name
            for m in tar.getmembers()
            if m.isfile()
            and m.name.startswith("package/dist/")
            and m.name.endswith(".woff2")
        }


def fetch(dest: Path) -> None:
    with tempfile.TemporaryDirectory(prefix="widgetjs-") as tmp:
        work = Path(tmp)
        manager = npm_pack(f"@jupyter-widgets/html-manager@{HTML_MANAGER_VERSION}", work)
        requirejs = npm_pack(f"requirejs@{REQUIREJS_VERSION}", work)

        staging = work / "lib"
        staging.mkdir()
        extract(requirejs, {"package/require.js": "require.js"}, staging)
        extract(manager, {"package/dist/embed-amd.js": "embed-amd.js"}, staging)
        patch_embed(staging / "embed-amd.js")
        fonts = woff2_members(manager)
        if not fonts:
            sys.exit("error: no woff2 fonts found in the html-manager package")
        for font_dir in FONT_DIRS:
            (staging / font_dir).mkdir(parents=True)
            extract(manager, fonts, staging / font_dir)
        (staging / "VERSIONS.txt").write_text(wanted_versions())

        # Replace the destination only once everything is there.
        if dest.exists():
            shutil.rmtree(dest)
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copytree(staging, dest)


def main(argv: list[str] | None = None) -> int:
    parser = Parser(description=__doc__.splitlines()[0])
    parser.add_argument("--force", action="store_true", help="fetch even if present")
    parser.add_argument("--dest", type=Path, default=DEST, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)

    check_ipywidgets()
    if not args.force and is_complete(args.dest):
        print(f"widget JS already present in {args.dest}")
        return 0
    fetch(args.dest)
    names = sorted(p.relative_to(args.dest).as_posix()
                   for p in args.dest.rglob("*") if p.is_file())
    print(f"widget JS fetched into {args.dest}: {', '.join(names)}")
    return 0
