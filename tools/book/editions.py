"""The book's English edition: built from the same sources, placed beside the German (issue 31).

Jupyter Book 1.x's command line has no language switch, so the English edition is built here with
Jupyter Book's own Sphinx call (``jupyter_book.sphinx.build_sphinx``, the configuration of
_config.yml and _toc.yml) and these overrides: ``language=en``, the catalogues of ``book/locales``
(one per page, ``gettext_compact=False``), strict (``-W -n --keep-going`` as for the German) and
the English values of ``dominolab_editions.en`` in _config.yml (search field, fold hints, ...).
The cells run with ``DOMINOLAB_BOOK_LANG=en`` (``dominolab.book.book_lang()``), so step texts,
narration and pictures' labels come from the engine in English.

Commands (python -m tools build runs them in this order):

``build BUILD``
    the English edition into ``BUILD/en/html`` (executed pages in ``BUILD/en/jupyter_execute``,
    doctrees in ``BUILD/en/.doctrees``), every page executed.
``place BUILD``
    moves it to ``BUILD/html/en/``.
``share HTML``
    one ``_static/`` for both: every file of ``HTML/en/_static/`` that is byte-identical to the
    root's ``_static/`` is dropped and the English pages' references to it (``href``/``src``, the
    search page's scripts) point at the root's copy. What differs per language stays in
    ``en/_static/`` (``documentation_options.js``, Sphinx's translations).

    python -m tools editions build|place|share DIR [--jobs N]

``place`` and ``share`` refuse a missing build or site in one line (exit 2) and change the site only by
swapping in a complete new folder: a failed or interrupted run leaves the site as it was.
"""

from __future__ import annotations

import argparse
import filecmp
import os
import posixpath
import re
import shutil
import stat
import sys
from pathlib import Path
from typing import Any

from tools import ROOT, Parser, ToolError, positive_int, read_limited, swap_in
#: The editions besides the German at the root: language -> folder in the site.
EDITIONS = {"en": "en"}
STATIC = "_static"


def overrides(language: str) -> dict[str, Any]:
    """The Sphinx settings of one edition on top of _config.yml's."""
    import yaml

    config = yaml.safe_load((ROOT / "_config.yml").read_text(encoding="utf-8"))
    own = (((config.get("sphinx") or {}).get("config") or {}).get("dominolab_editions") or {}).get(language, {})
    return {
        "external_toc_path": (ROOT / "_toc.yml").as_posix(),
        "latex_individualpages": False,
        "nitpicky": True,
        "language": language,
        "locale_dirs": ["book/locales"],
        "gettext_compact": False,
        **own,
    }


def build(build_dir: Path, language: str, jobs: int) -> int:
    """Build one translated edition into BUILD/<lang>/html (strict, every page executed)."""
    import jupyter_book.sphinx

    out = build_dir / EDITIONS[language]
    html = out / "html"
    if html.exists():
        shutil.rmtree(html)
    os.environ["DOMINOLAB_BOOK_LANG"] = language
    result = jupyter_book.sphinx.build_sphinx(
        ROOT, html, use_external_toc=True, noconfig=True, path_config=str(ROOT / "_config.yml"),
        confoverrides=overrides(language), doctreedir=out / ".doctrees", force_all=True, builder="html",
        warningiserror=True, keep_going=True, jobs=jobs)
    # compiled catalogues are build output (.gitignore); leave the sources as they were
    for mo in (ROOT / "book" / "locales").rglob("*.mo"):
        mo.unlink()
    if isinstance(result, BaseException):
        print(f"editions: the {language} edition failed: {result}", file=sys.stderr)
        return 1
    return int(result or 0)


def place(build_dir: Path, language: str) -> Path:
    """Move the built edition into the site: BUILD/html/<folder>/.

    Refused (ToolError, nothing touched) without a built edition or a built site; the edition already in
    the site is replaced only once the new one is beside it, and comes back if the swap fails."""
    source = build_dir / EDITIONS[language] / "html"
    site = build_dir / "html"
    target = site / EDITIONS[language]
    if not (source / "index.html").is_file():
        raise ToolError(f"no built {language} edition in {source} (python -m tools editions build {build_dir})")
    if not (site / "index.html").is_file():
        raise ToolError(f"no built site in {site} to place the {language} edition into")
    # a failure or Ctrl-C moves the built edition back where it was
    swap_in(target, lambda new: shutil.move(str(source), str(new)), undo=lambda new: os.rename(new, source))
    return target


_REFERENCE = re.compile(r'(?P<attr>\b(?:href|src)=")(?P<url>[^"#?]*_static/[^"#?]*)(?P<rest>[^"]*")')


def share(html: Path, folder: str) -> tuple[int, int]:
    """Drop the edition's copies of the root's static files; point its pages at the root's.

    The work is done on a copy of the edition beside it, which replaces the edition when complete: a
    failure leaves the site as it was. Returns (files dropped, bytes dropped)."""
    if not (html / folder / "index.html").is_file():
        raise ToolError(f"no {folder}/ edition in the built site {html} (python -m tools editions place)")
    if not (html / STATIC).is_dir():
        raise ToolError(f"no {STATIC}/ in the built site {html}")
    _refuse_special_files(html / folder)
    counts: list[tuple[int, int]] = []
    swap_in(html / folder, lambda copy: counts.append(_share(html, folder, copy)))
    return counts[0]


def _share(html: Path, folder: str, edition: Path) -> tuple[int, int]:
    """:func:`share` on ``edition``, a copy of ``html/folder`` at the same depth."""
    shutil.copytree(html / folder, edition, symlinks=True)
    own, shared = edition / STATIC, html / STATIC
    dropped = size = 0
    for path in sorted(own.rglob("*")):
        if not path.is_file():
            continue
        twin = shared / path.relative_to(own)
        if twin.is_file() and filecmp.cmp(path, twin, shallow=False):
            size += path.stat().st_size
            path.unlink()
            dropped += 1
    for folder_path in sorted((p for p in own.rglob("*") if p.is_dir()), key=lambda p: -len(p.parts)):
        if not any(folder_path.iterdir()):
            folder_path.rmdir()
    up = "../" * len(Path(folder).parts)
    for page in edition.rglob("*.html"):
        where = html / folder / page.relative_to(edition)
        try:   # at most READ_LIMIT, a regular file: a page linked to /dev/zero or a FIFO is refused
            text = read_limited(page, "page").decode("utf-8")
        except UnicodeDecodeError:
            raise ToolError(f"{where} is not a page (not UTF-8)") from None
        except ToolError as err:
            raise ToolError(str(err).replace(str(page), str(where))) from None
        new = _REFERENCE.sub(lambda m: _shared_reference(m, page, html, edition), text)
        # scripts that add "_static/..." to the page's content_root (the edition's root), e.g. the
        # try-it boxes' loader (dominolab.book.tryit): one folder further up, to the site's root
        new = _SCRIPT_PATH.sub(lambda m: m.group(0) if (own / m["path"]).exists() or not (shared / m["path"]).exists()
                               else f'{m["head"]}{up}{STATIC}/{m["path"]}', new)
        if new != text:
            page.unlink()       # a page linked elsewhere becomes a file of the copy: the link's target stays
            page.write_text(new, encoding="utf-8")
    return dropped, size


def _refuse_special_files(folder: Path) -> None:
    """A site holds files, folders and links: a pipe, a device or a socket in it is damage (copying it would
    hang or fail half-way), refused in one line before anything is copied."""
    for path in folder.rglob("*"):
        mode = path.lstat().st_mode
        if not (stat.S_ISREG(mode) or stat.S_ISDIR(mode) or stat.S_ISLNK(mode)):
            raise ToolError(f"{path} is not a file of a built site (a pipe, device or socket)")


_SCRIPT_PATH = re.compile(r'(?P<head>\+\s*\\?["\'])_static/(?P<path>[^"\'\\?#]+)')


def _shared_reference(match: re.Match[str], page: Path, html: Path, edition: Path) -> str:
    url = match["url"]
    if "://" in url or url.startswith(("/", "data:")):
        return match.group(0)
    target = Path(posixpath.normpath((page.parent / url).as_posix()))
    try:
        rel = target.relative_to(edition / STATIC)
    except ValueError:
        return match.group(0)
    if target.exists() or not (html / STATIC / rel).exists():
        return match.group(0)
    new = posixpath.relpath((html / STATIC / rel).as_posix(), page.parent.as_posix())
    return f'{match["attr"]}{new}{match["rest"]}'


def main(argv: list[str] | None = None) -> int:
    parser = Parser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("command", choices=("build", "place", "share"))
    parser.add_argument("dir", type=Path, help="the build folder (build, place) or the built site (share)")
    parser.add_argument("--jobs", type=positive_int, default=1, help="parallel page readers (build)")
    args = parser.parse_args(argv)
    target = args.dir.resolve()
    for language, folder in EDITIONS.items():
        if args.command == "build":
            status = build(target, language, args.jobs)
            if status:
                return status
        elif args.command == "place":
            print(f"editions: {language} edition in {place(target, language)}")
        else:
            dropped, size = share(target, folder)
            print(f"editions: {folder}/ uses the root's {STATIC}/ ({dropped} copies, {size / 1e6:.2f} MB left out)")
    return 0
