"""Make the built book work offline after one visit (run after tools/book/prune_site.py).

Writes ``sw.js`` at the top of the built site: the service worker of book/_widgetjs/sw.js,
preceded by one line - the precache list of this build::

    const PRECACHE = {"version": "<16 hex>", "files": {"<path>": "<sha256, 16 hex>", ...}};

Every file of the site is listed - both editions, the German at the root and the English in en/ -
(pages, _static assets, the lessons, the play page's engine:
Pyodide runtime, memory snapshot, wheel) with a hash of its content; ``version`` is the hash of
the list, so a change to any file makes a new sw.js, which the browser installs into a new cache
and which then deletes the old ones. Left out: sw.js itself, hidden files (.buildinfo, build
stamps), Sphinx's objects.inv of each edition (read by other projects' builds, never by a page) and the JupyterLite
app under ``lite/`` (another build adds it; the worker passes its requests to the network).
The copy Sphinx makes of the template (``_static/sw.js``) is removed. The start page Jupyter Book
writes (``index.html``: one line that forwards to the first chapter) gets the book's icon and manifest,
so no browser asks for ``/favicon.ico`` - outside the book when it is hosted under a sub-path.

    python -m tools offline [BUILD_HTML_DIR]
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

from tools import ROOT, Parser
TEMPLATE = ROOT / "book" / "_widgetjs" / "sw.js"
WORKER = "sw.js"
#: Top-level folders and files that are not cached (the worker passes them to the network).
NOT_CACHED = ("lite", WORKER, "objects.inv")
HASH_CHARS = 16


def file_hash(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()[:HASH_CHARS]


def cached_files(build: Path) -> list[str]:
    """The site's files the worker caches, as paths relative to ``build`` (sorted, '/'-separated)."""
    out = []
    for path in build.rglob("*"):
        if not path.is_file():
            continue
        rel = path.relative_to(build)
        if any(part.startswith(".") for part in rel.parts) or rel.parts[0] in NOT_CACHED or rel.name == "objects.inv":
            continue
        out.append(rel.as_posix())
    return sorted(out)


def precache(build: Path) -> dict[str, object]:
    files = {rel: file_hash(build / rel) for rel in cached_files(build)}
    listing = json.dumps(files, sort_keys=True, separators=(",", ":")).encode()
    return {"version": hashlib.sha256(listing).hexdigest()[:HASH_CHARS], "files": files}


START_HEAD = ('<link rel="icon" href="_static/favicon.svg" type="image/svg+xml">\n'
              '<link rel="manifest" href="_static/manifest.webmanifest">\n')


def name_the_icon(build: Path) -> None:
    """Give the forwarding start pages (the German's and the English edition's in en/) the icon and
    the manifest of the other pages (once)."""
    for start, up in ((build / "index.html", ""), (build / "en" / "index.html", "../")):
        if not start.is_file():
            continue
        text = start.read_text(encoding="utf-8")
        if text.lstrip().startswith("<meta http-equiv=\"Refresh\"") and 'rel="icon"' not in text:
            start.write_text(START_HEAD.replace('href="_static/', f'href="{up}_static/') + text, encoding="utf-8")


def write(build: Path) -> dict[str, object]:
    name_the_icon(build)
    stale = build / "_static" / WORKER
    if stale.is_file():
        stale.unlink()
    manifest = precache(build)
    head = "const PRECACHE = " + json.dumps(manifest, separators=(",", ":")) + ";\n"
    (build / WORKER).write_text(head + TEMPLATE.read_text(encoding="utf-8"), encoding="utf-8")
    return manifest


def read(build: Path) -> dict[str, object]:
    """The precache list of a built site's sw.js (its first line)."""
    first = (build / WORKER).read_text(encoding="utf-8").split("\n", 1)[0]
    prefix, suffix = "const PRECACHE = ", ";"
    if not (first.startswith(prefix) and first.endswith(suffix)):
        raise ValueError(f"{build / WORKER} does not start with the precache list")
    data: dict[str, object] = json.loads(first[len(prefix):-len(suffix)])
    return data


def main(argv: list[str]) -> int:
    parser = Parser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("build", nargs="?", type=Path, default=ROOT / "_build" / "html", help="the built site")
    build = parser.parse_args(argv).build
    if not (build / "index.html").is_file():
        print(f"offline_site: error: no built book in {build}", file=sys.stderr)
        return 2
    manifest = write(build)
    files = manifest["files"]
    assert isinstance(files, dict)
    total = sum((build / rel).stat().st_size for rel in files)
    print(f"offline: sw.js lists {len(files)} files, {total / 1e6:.1f} MB (version {manifest['version']})")
    return 0
