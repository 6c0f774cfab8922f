"""Remove what readers of the built book never load (run after the build).

* source maps (``*.map``) of the theme's scripts and styles, and the
  ``sourceMappingURL`` comments that point at them,
* the theme's message catalogues (``_static/locales``: used while building),
* TrueType copies of the Font Awesome fonts (every browser the book supports
  takes the WOFF2 files listed first),
* Sphinx's copies of the search stemmers (``_static/*-stemmer.js``, 26 KB for German): the search
  reads the stemmer from ``language_data.js``, which holds it inline; nothing names the copies,
* the theme's Font Awesome SVG-replacement script (1.5 MB): the theme's
  stylesheet already draws every icon from the WOFF2 web fonts, so the script
  is replaced by a one-line stub (it also replaced the widgets' own icons).

    python -m tools prune [BUILD_HTML_DIR]
"""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path

from tools import ROOT, Parser
STUB = ("/* dominolab: the theme draws its icons from the Font Awesome web fonts in its stylesheet; "
        "the SVG-replacement script is left out of the published book (tools/book/prune_site.py). */\n")
_MAP_COMMENT = re.compile(rb"\n?//# sourceMappingURL=[^\n]*\.map\s*$|\n?/\*# sourceMappingURL=[^\n]*\.map \*/\s*$")


def compact_script(text: str) -> str:
    """A commented, indented script without its comment lines and indentation (line breaks kept,
    so automatic semicolons stay where they were). Only whole comment lines go: a line that
    starts with ``//``, and ``/* ... */`` blocks that start a line - except the first block,
    the licence. Meant for require.js (no template literals, no comment markers in strings
    at the start of a line); 86 KB become about 30 KB."""
    out: list[str] = []
    in_block = kept_licence = False
    for line in text.split("\n"):
        stripped = line.strip()
        if in_block:
            if not kept_licence:
                out.append(stripped)
            if "*/" in stripped:
                in_block = False
                kept_licence = True
            continue
        if stripped.startswith("/*"):
            if not kept_licence:
                out.append(stripped)
                if "*/" in stripped:
                    kept_licence = True
                else:
                    in_block = True
            elif "*/" not in stripped:
                in_block = True
            continue
        if not stripped or stripped.startswith("//"):
            continue
        out.append(stripped)
    return "\n".join(out) + "\n"


def compact_css(text: str) -> str:
    """A stylesheet without comments and indentation (the rules themselves untouched)."""
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return "\n".join(line.strip() for line in text.split("\n") if line.strip()) + "\n"


#: Font Awesome's solid face in @jupyter-widgets/html-manager 1.0.15 (tools/book/fetch_widget_js.py):
#: the only widget font a page loads. Another version names it differently; then nothing is dropped.
WIDGET_SOLID_FACE = "1551f4f60c37af51121f.woff2"


#: Stylesheets and scripts of sphinx-design and thebe: dropped from the site when no page names them.
UNUSED_IF_UNNAMED = ("sphinx-design.min.css", "design-tabs.js", "sphinx-thebe.css", "sphinx-thebe.js")


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
    # Font Awesome's brand and regular faces: the theme's stylesheet names them, but a browser
    # fetches a face only when a page shows one of its icons - none of ours does (checked here).
    pages = [p.read_text(encoding="utf-8", errors="replace") for p in build.rglob("*.html")]
    for face, classes in (("fa-brands-400", ("fa-brands", "fab ")), ("fa-regular-400", ("fa-regular", "far "))):
        if any(c in page for page in pages for c in classes):
            continue
        for path in list(static.rglob(f"{face}.*")):
            removed += path.stat().st_size
            path.unlink()
    # The widget bundle's own icon faces (Font Awesome inside embed-amd.js, one copy per bundle
    # folder): our widgets (the steppers' Play buttons) show only solid icons, so a browser fetches
    # only the solid face (measured on the stepper pages; tests/browser/test_browser_pages.py fails on any
    # font request that finds nothing). The regular and brand faces go.
    widget_fonts = static / "lib" / "@jupyter-widgets"
    if any(widget_fonts.rglob(WIDGET_SOLID_FACE)):
        for path in list(widget_fonts.rglob("*.woff2")):
            if path.name != WIDGET_SOLID_FACE:
                removed += path.stat().st_size
                path.unlink()
    # require.js ships unminified (86 KB of comments and indentation); the stylesheets of Sphinx, its
    # extensions and ours too (comments and indentation only: 14 KB).
    for path, compact in [(static / "lib" / "require.js", compact_script)] + [
            (p, compact_css) for p in sorted(static.glob("*.css")) + sorted(static.glob("styles/*.css"))]:
        if path.is_file():
            before = path.stat().st_size
            path.write_text(compact(path.read_text(encoding="utf-8")), encoding="utf-8")
            removed += before - path.stat().st_size
    # Sphinx copies the search language's stemmer (and its base) into _static beside language_data.js,
    # which holds the same code inline; the copies go unless a page or script names them
    stemmers = sorted(static.glob("*-stemmer.js"))
    if stemmers:
        named = [p.read_text(encoding="utf-8", errors="replace") for p in build.rglob("*")
                 if p.suffix in (".html", ".js") and p.is_file() and p not in stemmers
                 and "pyodide" not in p.relative_to(build).parts and p.name != "sw.js"]
        for path in stemmers:
            if not any(path.name in text for text in named):
                removed += path.stat().st_size
                path.unlink()
    # Assets of extensions no page uses (book/_ext/dominolab_book.py leaves them out of every page that does
    # not): gone when no page names them
    for name in UNUSED_IF_UNNAMED:
        path = static / name
        if path.is_file() and not any(f"_static/{name}" in page for page in pages):
            removed += path.stat().st_size
            path.unlink()
    fontawesome = static / "scripts" / "fontawesome.js"
    if fontawesome.is_file() and fontawesome.stat().st_size > len(STUB):
        removed += fontawesome.stat().st_size - len(STUB)
        fontawesome.write_text(STUB, encoding="utf-8")
    return removed


def main(argv: list[str]) -> int:
    parser = Parser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("build", nargs="?", type=Path, default=ROOT / "_build" / "html", help="the built site")
    build = parser.parse_args(argv).build
    if not (build / "index.html").is_file():
        print(f"prune_site: error: no built book in {build}", file=sys.stderr)
        return 2
    removed = prune(build)
    print(f"pruned {removed / 1e6:.2f} MB the readers never load")
    return 0
