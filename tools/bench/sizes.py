"""Sizes of the built book: stepper frames, pages and the whole site.

Reads a built HTML folder (default ``_build/html``) and prints

* stepper frames: how many, median and largest size in KB (a frame is the
  picture markup ``<div class="dominolab-frame">`` in the value of one
  widget - the step's text that may follow it is not counted; the frames
  live in the widget state JSON of each page),
* the heaviest pages (HTML file size in MB),
* each edition in MB, not counting the in-browser Python runtime
  (``_static/pyodide/``) and the live notebooks (``lite/``), which are
  reported beside it: the German (the site without ``en/``) and the English
  (``en/`` and the root's ``_static/`` and ``sw.js`` that its pages share - less the root's static
  files that only German pages name, such as Sphinx's German search stemmer); a shared file named
  ``*.<lang>.js`` (the lessons' pools and tile pictures) counts in its language's edition only.

With ``--check`` it also exits 1 when a goal is missed (median frame
<= 6 KB, no page over 2 MB, each edition <= 8 MB).

    .venv/bin/python -m tools bench sizes [BUILD_HTML_DIR] [--check] [--top N]
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
from dataclasses import dataclass
from pathlib import Path

from tools import ROOT, Parser

#: Folders of the build that do not count toward the site budget: the play page's Python runtime and
#: the live notebooks (JupyterLite, tools/book/build_lite.py), each reported beside it.
EXCLUDED = ("_static/pyodide", "lite")
#: The English edition's folder (tools/book/editions.py): counted as its own edition, with the root's
#: files its pages share (:data:`SHARED`).
ENGLISH = "en"
SHARED = ("_static", "sw.js")
#: A shared file named ``*.<lang>.js`` is loaded by that language's pages only (the lessons' pools and tile
#: pictures, tools/book/build_lesson_pools.py): it counts in that edition alone.
_EDITION_FILE = re.compile(r"\.(?P<lang>[a-z]{2})\.js$")

MEDIAN_FRAME_KB = 6.0
PAGE_MB = 2.0
SITE_MB = 8.0

_STATE = re.compile(
    r'<script type="application/vnd\.jupyter\.widget-state\+json">(.*?)</script>', re.DOTALL)
_FRAME_MARK = 'class="dominolab-frame"'
_TEXT_MARK = '<div class="dominolab-text"'
KB = 1000
MB = 1000 * 1000


@dataclass(frozen=True)
class Sizes:
    frames: tuple[int, ...]              # bytes per stepper frame (UTF-8)
    pages: tuple[tuple[str, int], ...]   # (page, bytes), heaviest first
    site: int                            # bytes of the German edition, without EXCLUDED
    apart: tuple[tuple[str, int], ...] = ()   # (excluded folder, bytes)
    english: int = 0                     # bytes of the English edition (en/ + SHARED), 0: not built

    @property
    def median_frame(self) -> float:
        return statistics.median(self.frames) if self.frames else 0.0

    @property
    def max_frame(self) -> int:
        return max(self.frames, default=0)


def _excluded(rel: str) -> bool:
    return any(rel == e or rel.startswith(e + "/") for e in EXCLUDED)


def frames_of(html: str) -> list[int]:
    """Byte sizes of the stepper frames in one page's widget state."""
    out: list[int] = []
    for block in _STATE.findall(html):
        try:
            state = json.loads(block)
        except json.JSONDecodeError:
            continue
        for model in state.get("state", {}).values():
            value = model.get("state", {}).get("value")
            if isinstance(value, str) and _FRAME_MARK in value:
                # the frame is the picture; a step's text may follow it in the same widget
                picture = value.split(_TEXT_MARK, 1)[0]
                out.append(len(picture.encode("utf-8")))
    return out


def measure(build: Path) -> Sizes:
    frames: list[int] = []
    pages: list[tuple[str, int]] = []
    site = english = 0
    for path in sorted(build.rglob("*")):
        if not path.is_file():
            continue
        rel = path.relative_to(build).as_posix()
        if _excluded(rel):
            continue
        size = path.stat().st_size
        in_english = rel.startswith(ENGLISH + "/")
        own = _EDITION_FILE.search(rel)
        if (in_english or rel.split("/", 1)[0] in SHARED) and (own is None or own["lang"] == ENGLISH):
            english += size
        if not in_english and (own is None or own["lang"] == "de"):
            site += size
        if path.suffix == ".html" and not rel.startswith(("_static/", "_sources/")):
            pages.append((rel, size))
            frames += frames_of(path.read_text(encoding="utf-8", errors="replace"))
    pages.sort(key=lambda p: -p[1])
    apart = tuple((e, sum(p.stat().st_size for p in (build / e).rglob("*") if p.is_file()))
                  for e in EXCLUDED if (build / e).is_dir())
    if not (build / ENGLISH / "index.html").is_file():
        english = 0
    else:
        english -= sum((build / rel).stat().st_size for rel in _german_only(build))
    return Sizes(tuple(frames), tuple(pages), site, apart, english)


_REF = re.compile(r'\b(?:href|src)="([^"#?]*_static/[^"#?]*)')


def _static_refs(build: Path, pages: list[Path]) -> set[str]:
    """The root _static/ files the given pages name directly (paths relative to ``build``)."""
    import posixpath

    out = set()
    for page in pages:
        for ref in _REF.findall(page.read_text(encoding="utf-8", errors="replace")):
            if "://" in ref:
                continue
            target = posixpath.normpath(posixpath.join(page.parent.relative_to(build).as_posix(), ref))
            if target.startswith("_static/"):
                out.add(target)
    return out


def _german_only(build: Path) -> set[str]:
    """Root _static/ files that German pages name and no English page does (the English edition
    has its own, e.g. Sphinx's language data, or needs none, e.g. the German stemmer)."""
    german = [p for p in build.rglob("*.html")
              if p.relative_to(build).parts[0] not in (ENGLISH, "lite", "_static")]
    english = list((build / ENGLISH).rglob("*.html"))
    return {rel for rel in _static_refs(build, german) - _static_refs(build, english)
            if (build / rel).is_file() and not _excluded(rel)}


def report(sizes: Sizes, top: int = 5) -> str:
    lines = [
        f"stepper frames: {len(sizes.frames)}, median {sizes.median_frame / KB:.1f} KB, "
        f"max {sizes.max_frame / KB:.1f} KB (goal: median <= {MEDIAN_FRAME_KB:g} KB)",
        f"site: {sizes.site / MB:.2f} MB without {', '.join(EXCLUDED)} (goal: <= {SITE_MB:g} MB)"
        + (f"; English edition: {sizes.english / MB:.2f} MB ({ENGLISH}/ and the shared {', '.join(SHARED)})"
           if sizes.english else ""),
        f"heaviest pages (goal: each <= {PAGE_MB:g} MB):",
    ]
    lines[2:2] = [f"  beside it: {name}/ {size / MB:.2f} MB" for name, size in sizes.apart]
    lines += [f"  {size / MB:6.2f} MB  {name}" for name, size in sizes.pages[:top]]
    return "\n".join(lines)


def failures(sizes: Sizes) -> list[str]:
    out = []
    if sizes.median_frame > MEDIAN_FRAME_KB * KB:
        out.append(f"median frame {sizes.median_frame / KB:.1f} KB > {MEDIAN_FRAME_KB:g} KB")
    out += [f"page {name} {size / MB:.2f} MB > {PAGE_MB:g} MB" for name, size in sizes.pages if size > PAGE_MB * MB]
    if sizes.site > SITE_MB * MB:
        out.append(f"site {sizes.site / MB:.2f} MB > {SITE_MB:g} MB")
    if sizes.english > SITE_MB * MB:
        out.append(f"English edition {sizes.english / MB:.2f} MB > {SITE_MB:g} MB")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = Parser(description=__doc__.splitlines()[0])
    parser.add_argument("build", nargs="?", default=str(ROOT / "_build" / "html"),
                        help="built HTML folder (default: _build/html)")
    parser.add_argument("--check", action="store_true", help="exit 1 when a size goal is missed")
    parser.add_argument("--top", type=int, default=5, help="how many of the heaviest pages to list")
    args = parser.parse_args(argv)
    build = Path(args.build)
    if not (build / "index.html").is_file():
        print(f"sizes: error: no built book in {build}", file=sys.stderr)
        return 2
    sizes = measure(build)
    print(report(sizes, args.top))
    missed = failures(sizes)
    for line in missed:
        print(f"size goal missed: {line}")
    return 1 if (missed and args.check) else 0
