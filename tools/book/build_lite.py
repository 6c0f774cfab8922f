"""Every chapter a notebook: the downloads and the live notebooks (JupyterLite), after the book.

Runs after the Sphinx build (python -m tools build), before the site is pruned:

1. **Downloads**: each page of ``dominolab.book.notebook.NOTEBOOK_PAGES`` as a plain notebook,
   ``<html>/notebooks/PAGE.ipynb``, made from the executed page myst-nb left in
   ``<build>/jupyter_execute/book/`` (its glued values written in, links to the site's pages
   relative to ``notebooks/``, build-only cells left out; no outputs).
2. **Live**: JupyterLite (jupyterlite-core and the Pyodide kernel, versions pinned in
   pyproject.toml's ``book`` extra) built from ``book/_lite/`` into ``<html>/lite/`` with the same
   notebooks as contents (the words of the links without the links: see Links.plain).  The kernel
   uses the play page's Pyodide core in ``_static/pyodide/`` (tools/book/fetch_pyodide.py; nothing is
   copied); ``lite/pyodide/`` holds only the pure-Python wheels the kernel loads at start, at the
   versions of Pyodide's own lock file (downloaded from PyPI with pip, cached in
   ``<build>/lite-cache/``), comm and ipywidgets (pinned below), the kernel's bundled wheels, the
   dominolab wheel (tools/book/build_wheel.py) and a lock file that names exactly these.

Both editions (dominolab.book.notebook.EDITION_FOLDERS): the English downloads are in
``<html>/en/notebooks/``, made from the English build's executed pages (``<build>/en/jupyter_execute``)
with the page's catalogue (book/locales) applied to the Markdown; the one live app holds both, the
English under ``en/`` of its files.

Nothing here loads on a book page: the pages link to ``notebooks/`` and ``lite/`` only.

Usage: tools/book/build_lite.py BUILD_DIR     (the folder holding html/ and jupyter_execute/)
       tools/book/build_lite.py BUILD_DIR --no-live   (downloads only)
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import posixpath
import re
import shutil
import subprocess
import sys
import tempfile
import time
import zlib
from pathlib import Path
from typing import Any

from tools import ROOT, Parser, ToolError, read_limited, swap_in

from dominolab.book.notebook import (DOWNLOAD_FOLDER, EDITION_FOLDERS, LIVE_FOLDER, NOTEBOOK_PAGES,
                                     Links, export, title_of)

LITE_CONFIG = ROOT / "book" / "_lite"
PYODIDE_DIR = ROOT / "book" / "_widgetjs" / "pyodide"
#: Packages the kernel needs besides Pyodide's lock closure, pinned (pure-Python wheels from PyPI).
EXTRA_WHEELS = {"comm": "0.2.3", "ipywidgets": "8.1.9"}
#: Packages of Pyodide's lock whose closure the kernel loads at its start.
LOCK_ROOTS = ("micropip", "ipython", "jedi")
#: The labextensions the live app needs (everything else of the environment stays out).
EXTENSIONS = ("@jupyterlite/pyodide-kernel-extension", "@jupyter-widgets/jupyterlab-manager")
KERNEL_WHEELS = ("piplite", "ipykernel", "pyodide_kernel")

#: A note under each notebook's title, where it comes from (in the edition's language, for the reader).
DOWNLOAD_NOTE = {
    "de": ("*Notebook zum Kapitel „{title}“ aus dem dominolab-Buch. Es läuft in Jupyter mit "
           "dominolab und dessen Zusatz „notebook“ (ipywidgets, Matplotlib). Die Links führen zu den "
           "Seiten des Buchs, wenn das Notebook in dessen Ordner „notebooks“ liegt.*"),
    "en": ("*Notebook of the chapter “{title}” of the dominolab book. It runs in Jupyter with dominolab "
           "and its extra “notebook” (ipywidgets, Matplotlib). The links lead to the book's pages when "
           "the notebook sits in the book's folder “notebooks”.*"),
}
LIVE_NOTE = {
    "de": ("*Live-Notebook zum Kapitel „{title}“: Python läuft hier im Browser. Jede Zelle lässt "
           "sich ändern und neu ausführen; nichts wird gespeichert, was den Browser verlässt.*"),
    "en": ("*Live notebook of the chapter “{title}”: Python runs here in the browser. Every cell can be "
           "changed and run again; nothing is stored that leaves the browser.*"),
}
#: Where a translated edition's catalogues are (one per page, as Sphinx reads them).
LOCALES = ROOT / "book" / "locales"


class LiteError(ToolError):
    """Building the notebooks failed, or the build they are made from is damaged: one line for the user,
    exit 2 (``python -m tools``)."""


def norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


# -- the notebooks ---------------------------------------------------------------------------------

def site_links(html: Path, prefix: str, plain: bool) -> Links:
    from sphinx.util.inventory import InventoryFile

    path = html / "objects.inv"
    if not _present(path):
        raise LiteError(f"no built site in {html} (no objects.inv): build the book first")
    data = read_limited(path, "inventory")
    try:
        inv = InventoryFile.load(io.BytesIO(data), "", posixpath.join)
    except (ValueError, zlib.error) as exc:    # UnicodeDecodeError is a ValueError
        raise LiteError(f"{path} is not a Sphinx inventory ({' '.join(str(exc).split())[:80]})") from None
    if not inv.get("std:doc"):
        raise LiteError(f"{path} is not the inventory of a built book (no pages)")
    return Links(
        docs={k: (v[2], v[3]) for k, v in inv["std:doc"].items()},
        labels={k.lower(): (v[2], v[3]) for k, v in inv.get("std:label", {}).items()},
        terms={k.lower(): v[2] for k, v in inv.get("std:term", {}).items()},
        prefix=prefix, plain=plain)


def _present(path: Path) -> bool:
    """There is something at ``path`` (a dangling or odd link too: reading it then says what is wrong)."""
    return path.exists() or path.is_symlink()


def read_json(path: Path, what: str) -> Any:
    """A JSON file of the build (at most READ_LIMIT, a regular file, UTF-8), or a LiteError naming it."""
    try:
        return json.loads(read_limited(path, what).decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise LiteError(f"the {what} {path} is not UTF-8 (byte {exc.start})") from None
    except ValueError as exc:      # json.JSONDecodeError, RecursionError is not one: see below
        raise LiteError(f"the {what} {path} is not JSON ({' '.join(str(exc).split())[:80]})") from None
    except RecursionError:
        raise LiteError(f"the {what} {path} is nested too deeply to be a {what}") from None


def _check_notebook(notebook: Any, path: Path) -> None:
    """An executed page as myst-nb writes it: a mapping whose cells are mappings with a type and a source."""
    cells = notebook.get("cells") if isinstance(notebook, dict) else None
    if not isinstance(cells, list):
        raise LiteError(f"{path} is not a notebook (no list of cells)")
    for number, cell in enumerate(cells, 1):
        source = cell.get("source", "") if isinstance(cell, dict) else None
        if not (isinstance(cell, dict) and isinstance(cell.get("cell_type"), str)
                and (isinstance(source, str) or isinstance(source, list) and all(isinstance(x, str) for x in source))):
            raise LiteError(f"{path} is not a notebook (cell {number} has no type or no text)")


def _check_glue(values: Any, path: Path) -> None:
    """myst-nb's glued values: name -> {"data": {mime type: value}, ...}."""
    if not (isinstance(values, dict)
            and all(isinstance(v, dict) and isinstance(v.get("data"), dict) for v in values.values())):
        raise LiteError(f"{path} is not a file of glued values (name -> {{\"data\": ...}})")


def translations(language: str, page: str) -> dict[str, str]:
    """The page's catalogue (German MyST -> translated MyST), translated messages only."""
    if language == "de":
        return {}
    from tools.translations import read_catalogue

    path = LOCALES / language / "LC_MESSAGES" / "book" / f"{page}.po"
    if not _present(path):
        return {}
    catalogue = read_catalogue(path)     # a damaged catalogue: one line naming file and line
    return {str(m.id): str(m.string) for m in catalogue
            if m.id and m.string and not m.fuzzy and isinstance(m.id, str) and isinstance(m.string, str)}


def edition_build(build: Path, language: str) -> Path:
    """The build folder of an edition (its jupyter_execute/): the German's is BUILD itself."""
    return build / EDITION_FOLDERS[language].rstrip("/") if EDITION_FOLDERS[language] else build


def make_notebooks(build: Path, html: Path, *, live: bool, language: str = "de") -> dict[str, str]:
    """The notebooks of one edition, file name -> text: ``build`` holds its jupyter_execute/, ``html`` is its
    site root. Everything is read and checked before anything is written (:func:`write_notebooks`)."""
    executed = edition_build(build, language) / "jupyter_execute" / "book"
    links = site_links(html, "../", plain=live)
    made = {}
    for page in NOTEBOOK_PAGES:
        source = executed / f"{page}.ipynb"
        if not _present(source):
            raise LiteError(f"{source} is missing: build the book first")
        notebook = read_json(source, "executed page")
        _check_notebook(notebook, source)
        glue_file = executed / f"{page}.glue.json"
        values = read_json(glue_file, "glue file") if _present(glue_file) else {}
        _check_glue(values, glue_file)
        words = translations(language, page)
        try:
            title = title_of(notebook)
        except ValueError:
            raise LiteError(f"{source} is not a page of the book (no title)") from None
        note = (LIVE_NOTE if live else DOWNLOAD_NOTE)[language].format(title=words.get(title, title))
        kernel = ({"name": "python", "display_name": "Python (Pyodide)", "language": "python"}
                  if live else None)
        try:
            out = export(notebook, values, links, title_note=note, kernel=kernel, live=live, language=language,
                         translations=words)
        except (KeyError, ValueError) as exc:
            raise LiteError(f"{page}: {exc}") from None
        except SyntaxError as exc:
            raise LiteError(f"{source}: a code cell is not Python ({exc.msg}, line {exc.lineno})") from None
        # compact JSON (9 KB less over the nine): the downloads count toward the 8 MB site budget
        made[f"{page}.ipynb"] = json.dumps(out, ensure_ascii=False, separators=(",", ":")) + "\n"
    return made


def write_notebooks(dest: Path, made: dict[str, str]) -> list[Path]:
    """The folder ``dest`` holding exactly the notebooks ``made``, swapped in complete (a failure or Ctrl-C
    leaves the old folder)."""
    def fill(new: Path) -> None:
        new.mkdir(parents=True)
        for name, text in made.items():
            (new / name).write_text(text, encoding="utf-8")

    swap_in(dest, fill)
    return [dest / name for name in made]


# -- the kernel's packages -------------------------------------------------------------------------

def pip_download(name: str, version: str, cache: Path) -> Path:
    """The pure-Python wheel NAME==VERSION from PyPI (cached)."""
    stem = "[-_.]".join(re.escape(part) for part in norm(name).split("-"))
    pattern = re.compile(rf"^{stem}-{re.escape(version)}-.*\.whl$", re.IGNORECASE)
    found = [p for p in cache.glob("*.whl") if pattern.match(p.name)]
    if found:
        return found[0]
    cmd = [sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check", "--no-deps",
           "--only-binary=:all:", "--python-version", "3.14", "--platform", "any", "--dest", str(cache),
           f"{name}=={version}"]
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    found = [p for p in cache.glob("*.whl") if pattern.match(p.name)]
    if proc.returncode != 0 or not found:
        lines = [ln for ln in proc.stderr.splitlines() if ln.strip() and "is ignored" not in ln]
        raise LiteError(f"pip download {name}=={version} failed: {lines[-1] if lines else proc.returncode}")
    return found[0]


def lock_closure(lock: dict[str, Any], roots: tuple[str, ...]) -> list[str]:
    packages = {norm(k): k for k in lock["packages"]}
    seen: list[str] = []

    def visit(name: str) -> None:
        key = packages.get(norm(name))
        if key is None:
            raise LiteError(f"Pyodide's lock file has no package {name!r}")
        if key in seen:
            return
        seen.append(key)
        for dep in lock["packages"][key]["depends"]:
            visit(dep)

    for root in roots:
        visit(root)
    return seen


def labextension_dir(name: str) -> Path:
    from jupyter_core.paths import jupyter_path

    for base in jupyter_path("labextensions"):
        candidate = Path(base) / name
        if (candidate / "package.json").is_file():
            return candidate
    raise LiteError(f"the JupyterLab extension {name} is not installed (pip install '.[book]')")


def kernel_wheels() -> list[Path]:
    pypi = labextension_dir(EXTENSIONS[0]) / "static" / "pypi"
    wheels = []
    for stem in KERNEL_WHEELS:
        found = sorted(pypi.glob(f"{stem}-*-py3-none-any.whl"))
        if not found:
            raise LiteError(f"the Pyodide kernel's wheel {stem} is missing in {pypi}")
        wheels.append(found[-1])
    return wheels


def wheel_entry(path: Path, name: str, version: str, imports: list[str], depends: list[str]) -> dict[str, Any]:
    return {"name": name, "version": version, "file_name": path.name, "install_dir": "site",
            "sha256": sha256(path), "package_type": "package", "imports": imports, "depends": depends,
            "unvendored_tests": False, "shared_library": False}


def kernel_packages(dest: Path, cache: Path) -> dict[str, Any]:
    """Copy the kernel's wheels into DEST and return the lock file that names them."""
    lock = json.loads((PYODIDE_DIR / "pyodide-lock.json").read_text(encoding="utf-8"))
    dest.mkdir(parents=True, exist_ok=True)
    cache.mkdir(parents=True, exist_ok=True)
    packages: dict[str, Any] = {}
    for key in lock_closure(lock, LOCK_ROOTS):
        entry = dict(lock["packages"][key])
        wheel = pip_download(entry["name"], entry["version"], cache)
        # the same version as Pyodide's own build of it (its CDN file is repacked: another checksum)
        shutil.copyfile(wheel, dest / wheel.name)
        entry.update(file_name=wheel.name, sha256=sha256(wheel))
        packages[key] = entry
    extras = {
        "comm": (["comm"], []),
        "ipywidgets": (["ipywidgets"], ["comm", "ipython", "traitlets"]),
    }
    for name, version in EXTRA_WHEELS.items():
        wheel = pip_download(name, version, cache)
        shutil.copyfile(wheel, dest / wheel.name)
        imports, depends = extras[name]
        packages[name] = wheel_entry(dest / wheel.name, name, version, imports, depends)
    kernel_deps = {"piplite": ["micropip"], "ipykernel": ["comm", "ipython"],
                   "pyodide_kernel": ["ipykernel", "comm", "ipython", "piplite"]}
    for wheel in kernel_wheels():
        stem, version = wheel.name.split("-")[:2]
        shutil.copyfile(wheel, dest / wheel.name)
        packages[norm(stem)] = wheel_entry(dest / wheel.name, norm(stem), version, [stem], kernel_deps[stem])
    manifest = json.loads((PYODIDE_DIR / "dominolab-wheel.json").read_text(encoding="utf-8"))
    ours = PYODIDE_DIR / manifest["wheel"]
    shutil.copyfile(ours, dest / ours.name)
    packages["dominolab"] = wheel_entry(dest / ours.name, "dominolab", ours.name.split("-")[1], ["dominolab"],
                                        [])
    return {"info": lock["info"], "packages": packages}


# -- the app ---------------------------------------------------------------------------------------

def build_lite(build: Path, html: Path) -> None:
    out = html / LIVE_FOLDER
    cache = build / "lite-cache"
    with tempfile.TemporaryDirectory(prefix="lite-", dir=build) as tmp:
        work = Path(tmp)
        for item in LITE_CONFIG.iterdir():
            if item.suffix == ".json":
                shutil.copyfile(item, work / item.name)
        contents = work / "contents"
        for language, folder in EDITION_FOLDERS.items():
            if _present(html / folder / "objects.inv"):
                made = make_notebooks(build, html / folder, live=True, language=language)
                (contents / folder).mkdir(parents=True, exist_ok=True)
                for name, text in made.items():
                    (contents / folder / name).write_text(text, encoding="utf-8")
        # the app is made beside lite/ and takes its place when complete: a failed or interrupted build
        # leaves the live notebooks of the last one
        swap_in(out, lambda new: _make_app(new, work, contents, cache))


def _make_app(out: Path, work: Path, contents: Path, cache: Path) -> None:
    """The JupyterLite app into the new folder ``out``: ``work`` holds its configuration, ``contents`` the
    notebooks."""
    cmd = [sys.executable, "-m", "jupyterlite_core", "build", "--lite-dir", str(work),
           "--output-dir", str(out), "--contents", str(contents)]
    cmd += [f"--LiteBuildConfig.federated_extensions={labextension_dir(e)}" for e in EXTENSIONS]
    env = dict(os.environ, JUPYTERLITE_NO_LIBARCHIVE="1")
    proc = subprocess.run(cmd, cwd=work, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                          env=env)
    if proc.returncode != 0:
        print(proc.stdout[-4000:], file=sys.stderr)
        raise LiteError("jupyter lite build failed (its last lines above)")
    # the tab icons (JupyterLite copies them only when it reads the whole environment)
    from importlib.resources import files

    icons = out / "static" / "favicons"
    icons.mkdir(parents=True, exist_ok=True)
    for icon in (files("jupyter_server") / "static" / "favicons").iterdir():
        if icon.name.endswith(".ico"):
            (icons / icon.name).write_bytes(icon.read_bytes())
    lock = kernel_packages(out / "pyodide", cache)
    (out / "pyodide" / "pyodide-lock.json").write_text(json.dumps(lock, indent=1) + "\n", encoding="utf-8")
    # what the build leaves that no reader loads
    for pattern in ("**/*.map", "**/third-party-licenses.json"):
        for path in out.glob(pattern):
            path.unlink()


def main(argv: list[str] | None = None) -> int:
    parser = Parser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("build", type=Path, help="the build folder (holds html/ and jupyter_execute/)")
    parser.add_argument("--no-live", action="store_true", help="write the downloads only")
    args = parser.parse_args(argv)
    build = args.build.resolve()
    html = build / "html"
    start = time.perf_counter()
    if not build.is_dir():
        raise LiteError(f"no build in {build}: build the book first (python -m tools build)")
    editions = {}       # every edition's notebooks made (and its build checked) before one is written
    for language, folder in EDITION_FOLDERS.items():
        site = html / folder
        if language != "de" and not _present(site / "objects.inv"):
            continue   # the edition was not built (python -m tools build, DOMINOLAB_EDITIONS)
        editions[site / DOWNLOAD_FOLDER] = make_notebooks(build, site, live=False, language=language)
    for dest, made in editions.items():
        write_notebooks(dest, made)
        print(f"notebooks: {len(made)} written into {dest}")
    if not args.no_live:
        build_lite(build, html)
        size = sum(p.stat().st_size for p in (html / LIVE_FOLDER).rglob("*") if p.is_file())
        print(f"live notebooks: {html / LIVE_FOLDER} ({size / 1e6:.1f} MB)")
    print(f"notebooks done in {time.perf_counter() - start:.1f} s")
    return 0
