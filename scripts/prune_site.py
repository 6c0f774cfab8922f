#!/usr/bin/env python3
"""Remove what readers of the built book never load (run after the build).

* source maps (``*.map``) of the theme's scripts and styles, and the
  ``sourceMappingURL`` comments that point at them,
* the theme's message catalogues (``_static/locales``: used while building),
* TrueType copies of the Font Awesome fonts (every browser the book supports
  takes the WOFF2 files listed first),
* the theme's Font Awesome SVG-replacement script (1.5 MB): the theme's
  stylesheet already draws every icon from the WOFF2 web fonts, so the script
  is replaced by a one-line stub (it also replaced the widgets' own icons).

    python scripts/prune_site.py [BUILD_HTML_DIR]
"""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STUB = ("/* dominolab: the theme draws its icons from the Font Awesome web fonts in its stylesheet; "
        "the SVG-replacement script is left out of the published book (scripts/prune_site.py). */\n")
_MAP_COMMENT = re.compile(rb"\n?//# sourceMappingURL=[^\n]*\.map\s*$|\n?/\*# sourceMappingURL=[^\n]*\.map \*/\s*$")


def prune(build: Path) -> int:
    static = build / "_static"
    removed = 0
    for path in list(static.rglob("*.map")):
        removed += path.stat().st_size
        path.unlink()
    for path in list(static.rglob("*.js")) + list(static.rglob("*.css")):
        if "pyodide" in path.relative_to(static).parts:
            continue
        data = path.read_bytes()
        cut = _MAP_COMMENT.sub(b"\n", data)
        if cut != data:
            path.write_bytes(cut)
    locales = static / "locales"
    if locales.is_dir():
        removed += sum(p.stat().st_size for p in locales.rglob("*") if p.is_file())
        shutil.rmtree(locales)
    for path in list((static / "vendor").rglob("*.ttf")) if (static / "vendor").is_dir() else []:
        if path.with_suffix(".woff2").exists():
            removed += path.stat().st_size
            path.unlink()
    fontawesome = static / "scripts" / "fontawesome.js"
    if fontawesome.is_file() and fontawesome.stat().st_size > len(STUB):
        removed += fontawesome.stat().st_size - len(STUB)
        fontawesome.write_text(STUB, encoding="utf-8")
    return removed


def main(argv: list[str]) -> int:
    build = Path(argv[0]) if argv else ROOT / "_build" / "html"
    if not (build / "index.html").is_file():
        print(f"prune_site: error: no built book in {build}", file=sys.stderr)
        return 2
    removed = prune(build)
    print(f"pruned {removed / 1e6:.2f} MB the readers never load")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
