"""The book's chapters as plain Jupyter notebooks (download, and live in JupyterLite).

A chapter page is a MyST notebook that Jupyter Book executes; myst-nb writes the
executed notebook and its glued values next to the build
(``_build/jupyter_execute/book/PAGE.ipynb`` and ``PAGE.glue.json``).
:func:`export` turns such a notebook into one that runs in any Jupyter with only
this package and ipywidgets installed (the ``notebook`` extra):

* MyST-only markup becomes plain Markdown: ``{glue:}`` values are written in,
  ``{term}``, ``{doc}`` and ``{ref}`` become links to the site (see
  :class:`Links`), admonitions become block quotes with a bold title, label
  lines ``(name)=`` and MyST comments are dropped;
* cells that exist only for the book's build are left out: checks
  (``assert``), glue-only cells, and the lessons' exercise boxes (they need the
  page's own scripts);
* ``from myst_nb import glue`` becomes the stand-in :func:`glue` from here;
* a first cell shows the drawings' stylesheet (:func:`setup`), which the book
  has in its site stylesheet; outputs, widget state and build metadata go.

The page set is :data:`NOTEBOOK_PAGES`; ``tools/book/build_lite.py`` writes the
downloads and the JupyterLite copies.  Standard library only (``json``, ``re``,
``ast``), so the export needs neither myst-nb nor nbformat.
"""

from __future__ import annotations

import ast
import html
import re
from dataclasses import dataclass
from typing import Any, Mapping

from dominolab.text.words import WORDS

__all__ = ["NOTEBOOK_PAGES", "LIVE_FOLDER", "DOWNLOAD_FOLDER", "EDITION_FOLDERS", "link_line", "Links", "export", "glue",
           "setup", "markdown", "is_build_only", "translate_markdown"]

#: The pages offered as notebooks (document names under book/): the rule chapters, the quick start,
#: the example matches and the example format.
NOTEBOOK_PAGES: tuple[str, ...] = (
    "schnellstart", "hr-grundlagen", "hr-spinner", "hr-wertung", "hr-abrechnung",
    "ft-grundlagen", "ft-wertung", "beispielpartien", "beispielformat",
)

#: The one folder of the built site that holds the live notebooks (JupyterLite and its wheels). It is
#: not a page of the book: exempt from the learner's-path checks (tests/browser/test_learner_pages.py reads
#: only the pages _toc.yml lists) and not precached for offline reading; nothing of it loads until a
#: reader follows a page's "Als Live-Notebook öffnen" link.
LIVE_FOLDER = "lite"
#: The folder of the downloadable notebooks (counted in the site's budget).
DOWNLOAD_FOLDER = "notebooks"

#: The editions of the book: language -> its folder in the site (the German at the root; the others
#: built by tools/book/editions.py). An edition's downloads are in ``<folder>notebooks/``; its live
#: notebooks are in the one JupyterLite app at the root, under ``<folder>`` of its files.
EDITION_FOLDERS: Mapping[str, str] = {"de": "", "en": "en/"}

#: Names whose calls make a cell an exercise box of the book's lessons (they need the page's scripts).
_BOOK_ONLY_CALLS = frozenset({"lesson_html", "teaches_html"})

#: Book helpers that need Matplotlib, which the live notebooks' Pyodide does not have (only pure-Python
#: wheels are served; Matplotlib would need Pyodide's full distribution): their cells become a note there.
LIVE_UNAVAILABLE = frozenset({"score_chart"})
#: The note in their place (dominolab.text.words; the German edition's, the English edition's is
#: ``WORDS["en"]``'s).
LIVE_UNAVAILABLE_NOTE = WORDS["de"].book.notebook_no_chart

_GLUE_IMPORT = re.compile(r"^from myst_nb import glue\s*$", re.MULTILINE)
_STAND_IN_IMPORT = "from dominolab.book.notebook import glue"


def glue(name: str, value: Any, display: bool = True) -> Any:
    """Stand-in for myst-nb's ``glue`` in an exported notebook: shows the value when asked, stores nothing.

    The glued values are already written into the notebook's text; the calls stay so that a
    reader sees where each number comes from.
    """
    if display:
        from IPython.display import display as show

        show(value)  # type: ignore[no-untyped-call]
    return None


#: What the book's site stylesheet does for drawings and steppers, for a notebook that has no site:
#: the drawings' colours (the same rules the package embeds in standalone pictures) and one step
#: text at a time under a stepper.
_NOTEBOOK_CSS = (
    ".dominolab-stepper .dominolab-texts>.dominolab-text{display:none}"
    ".dominolab-stepper .dominolab-texts>.dominolab-text.is-current{display:block}"
    ".dominolab-frame svg{max-width:100%;height:auto}"
    "table.dominolab-table{border-collapse:collapse}"
    "table.dominolab-table td,table.dominolab-table th{border:1px solid #ccc;padding:.2em .5em}"
)


class _Style(str):
    def _repr_html_(self) -> str:
        return str(self)


def setup() -> Any:
    """The stylesheet of the book's drawings, as the value of a notebook cell (run it first)."""
    from dominolab.pictures.svg import STYLE

    return _Style(f"<style>{STYLE}{_NOTEBOOK_CSS}</style>")


def link_line(docname: str, seconds: int, language: str = "de") -> str:
    """The small line at a chapter's end: download the page's notebook, or open it live (HTML).

    ``docname`` is the page's document name (``book/hr-spinner``); the links are relative to it.
    ``seconds`` is the wait until the live notebook runs, as measured (tools/bench/lite_load.py;
    the book's configuration holds it: ``dominolab_live_start_seconds`` in _config.yml).
    ``language`` is the edition's (:data:`EDITION_FOLDERS`): its words, its downloads, and its
    notebooks in the shared live app.
    """
    page = docname.rsplit("/", 1)[-1]
    up = "../" * docname.count("/")
    folder = EDITION_FOLDERS[language]
    site = up + "../" * folder.count("/")
    words = WORDS[language].book
    download = (f'<a href="{up}{DOWNLOAD_FOLDER}/{page}.ipynb" download>'
                f'{html.escape(words.notebook_download)}</a>')
    live = (f'<a href="{site}{LIVE_FOLDER}/notebooks/index.html?path={folder}{page}.ipynb" target="_blank" '
            f'rel="noopener">{html.escape(words.notebook_live)}</a>')
    text = html.escape(words.notebook_line).replace("{download}", download).replace("{live}", live)
    return f'<p class="dominolab-notebook-links"><small>{text.replace("{seconds}", str(seconds))}</small></p>'


# -- links ----------------------------------------------------------------------------------------

@dataclass
class Links:
    """Where ``{doc}``, ``{ref}`` and ``{term}`` point.

    ``docs`` maps a document name (``book/hr-spinner``) to (site URI, title); ``labels`` a label to
    (site URI with anchor, title); ``terms`` a lower-cased glossary term to its site URI.  URIs are
    relative to the site's root; ``prefix`` is the way from the notebook's place to that root
    (``../`` for ``notebooks/PAGE.ipynb``).  With ``plain`` the words stay and the links go: in
    JupyterLite a relative link is taken for a file of the notebook's own folder (and fails), and the
    live notebook cannot know the site's address; the reader's chapter page stays open in its tab.
    """

    docs: Mapping[str, tuple[str, str]]
    labels: Mapping[str, tuple[str, str]]
    terms: Mapping[str, str]
    prefix: str = "../"
    plain: bool = False

    def _link(self, text: str, uri: str) -> str:
        return text if self.plain else f"[{text}]({self.prefix}{uri})"

    def doc(self, target: str, text: str | None) -> str:
        name = target if target.startswith("book/") else f"book/{target}"
        uri, title = self.docs[name]
        return self._link(text or title, uri)

    def ref(self, target: str, text: str | None) -> str:
        uri, title = self.labels[target.lower()]
        return self._link(text or title, uri)

    def term(self, target: str, text: str) -> str:
        return self._link(text, self.terms[target.lower()])


_ROLE = re.compile(r"\{(?P<role>doc|ref|term|glue:|glue:md|glue:text|de|en)\}`(?P<body>[^`]*)`")
_TITLED = re.compile(r"^(?P<text>.*?)\s*<(?P<target>[^<>]+)>$", re.DOTALL)
_LABEL_LINE = re.compile(r"^\([A-Za-z0-9_.:-]+\)=\s*$")
_FENCE_OPEN = re.compile(r"^(?P<fence>:{3,}|`{3,})\{(?P<name>[a-z-]+)\}\s*(?P<arg>.*)$")


def _glued(name: str, values: Mapping[str, Any], md: bool) -> str:
    try:
        data = values[name]["data"]
    except KeyError:
        raise KeyError(f"no glued value {name!r}") from None
    if md and "text/markdown" in data:
        return str(data["text/markdown"]).strip()
    text = str(data.get("text/plain", ""))
    return text


def _roles(text: str, links: Links, values: Mapping[str, Any]) -> str:
    def replace(match: re.Match[str]) -> str:
        role, body = match["role"], match["body"]
        if role.startswith("glue"):
            return _glued(body.strip(), values, md=role == "glue:md")
        if role in ("de", "en"):   # a quotation in the other language (book/_ext: <span lang=...>)
            return f'<span lang="{role}">{body}</span>'
        titled = _TITLED.match(body)
        text, target = (titled["text"], titled["target"]) if titled else (None, body)
        if role == "doc":
            return links.doc(target.strip(), text)
        if role == "ref":
            return links.ref(target.strip(), text)
        return links.term(target.strip(), text or target)

    return _ROLE.sub(replace, text)


def markdown(source: str, links: Links, values: Mapping[str, Any]) -> str:
    """A MyST Markdown cell as plain (CommonMark) Markdown."""
    out: list[str] = []
    lines = source.split("\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        if _LABEL_LINE.match(line) or line.startswith("% ") or line == "%":
            i += 1
            continue
        opened = _FENCE_OPEN.match(line)
        if opened and opened["name"] in {"admonition", "note", "tip", "hint", "important", "warning",
                                         "attention", "caution", "seealso"}:
            fence = opened["fence"]
            title = opened["arg"].strip() if opened["name"] == "admonition" else opened["name"].capitalize()
            body: list[str] = []
            i += 1
            while i < len(lines) and lines[i].strip() != fence:
                if not lines[i].startswith(":") or body:   # options (":class: ...") before the body
                    body.append(lines[i])
                i += 1
            i += 1   # the closing fence
            inner = markdown("\n".join(body).strip("\n"), links, values)
            out.append(f"> **{_roles(title, links, values)}**")
            out.append(">")
            out.extend(f"> {b}".rstrip() for b in inner.split("\n"))
            continue
        if opened:
            raise ValueError(f"no plain-Markdown form for the directive {opened['name']!r}")
        out.append(line)
        i += 1
    text = "\n".join(out)
    text = _roles(text, links, values)
    if "{" in text and re.search(r"\{[a-z:-]+\}`", text):
        raise ValueError(f"MyST markup left in a Markdown cell: {re.search(r'.{0,40}[{][a-z:-]+[}]`.{0,40}', text)}")
    return text.strip("\n")


# -- code cells -----------------------------------------------------------------------------------

def _calls(node: ast.AST) -> set[str]:
    names = set()
    for sub in ast.walk(node):
        if isinstance(sub, ast.Call):
            func = sub.func
            if isinstance(func, ast.Name):
                names.add(func.id)
            elif isinstance(func, ast.Attribute):
                names.add(func.attr)
    return names


def _check_only(stmt: ast.stmt) -> bool:
    """True for a statement that only checks (``assert``) or glues (``glue(...)``), also in loops."""
    if isinstance(stmt, (ast.Assert, ast.Pass)):
        return True
    if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call):
        return isinstance(stmt.value.func, ast.Name) and stmt.value.func.id == "glue"
    if isinstance(stmt, ast.For):
        return all(_check_only(s) for s in stmt.body) and not stmt.orelse
    return False


def is_build_only(source: str) -> bool:
    """True for a code cell that exists only for the book's build.

    Such cells check the page's claims (``assert``), glue values that the exported text already
    carries, or show the lessons' exercise boxes, which need the page's own scripts.
    """
    tree = ast.parse(source)
    if _calls(tree) & _BOOK_ONLY_CALLS:
        return True
    body = [s for s in tree.body
            if not (isinstance(s, ast.ImportFrom) and s.module == "myst_nb")]
    return all(_check_only(s) for s in body)


def _cell_source(cell: Mapping[str, Any]) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else str(source)


_SETUP_SOURCE = "from dominolab.book.notebook import setup\nsetup()"


def export(notebook: Mapping[str, Any], values: Mapping[str, Any], links: Links, *, title_note: str,
           kernel: Mapping[str, str] | None = None, live: bool = False, language: str = "de",
           translations: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The plain notebook of an executed book page (nbformat 4 as a dict; no outputs).

    ``values`` are the page's glued values (myst-nb's ``PAGE.glue.json``), ``title_note`` a
    Markdown line put under the first heading (where the notebook comes from), ``kernel`` the
    kernelspec to declare (default ``python3``).  In a ``live`` copy, cells that need what the
    browser's Python lacks (:data:`LIVE_UNAVAILABLE`) become a note. A translated edition
    (``language``) gives the page's ``translations`` (German MyST -> translated MyST, the catalogue's
    messages: :func:`translate_markdown`): the executed page holds the German source.
    """
    cells: list[dict[str, Any]] = []
    for cell in notebook["cells"]:
        source = _cell_source(cell)
        if cell["cell_type"] == "markdown":
            if translations:
                source = translate_markdown(source, translations)
            text = markdown(source, links, values)
            if text.strip():
                cells.append({"cell_type": "markdown", "metadata": {}, "source": text})
        elif cell["cell_type"] == "code":
            if is_build_only(source):
                continue
            if live and _calls(ast.parse(source)) & LIVE_UNAVAILABLE:
                note = LIVE_UNAVAILABLE_NOTE if language == "de" else WORDS[language].book.notebook_no_chart
                cells.append({"cell_type": "markdown", "metadata": {}, "source": note})
                continue
            source = _GLUE_IMPORT.sub(_STAND_IN_IMPORT, source)
            cells.append({"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [],
                          "source": source.strip("\n")})
    if not cells or cells[0]["cell_type"] != "markdown":
        raise ValueError("a book page starts with its title")
    first = cells[0]
    first["source"] = f"{first['source']}\n\n{title_note}"
    cells.insert(1, {"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [],
                     "source": _SETUP_SOURCE})
    for number, cell in enumerate(cells):
        cell["id"] = f"c{number:03d}"
    spec = dict(kernel or {"name": "python3", "display_name": "Python 3", "language": "python"})
    return {
        "cells": cells,
        "metadata": {"kernelspec": spec, "language_info": {"name": "python"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }


# -- translated editions --------------------------------------------------------------------------

_HEADING = re.compile(r"^(?P<mark>#{1,6}\s+)(?P<text>.*)$")
_ITEM = re.compile(r"^(?P<mark>\s*(?:[-*+]|\d+[.)])\s+)(?P<text>.*)$")
_ROW = re.compile(r"^\s*\|.*\|\s*$")
_RULE = re.compile(r"^\s*\|?\s*:?-{3,}")
_BARE_FENCE = re.compile(r"^(`{3,}|~{3,})(?![`~{])")
_CLOSE = re.compile(r"^(:{3,}|`{3,})\s*$")


def translate_markdown(source: str, translations: Mapping[str, str]) -> str:
    """A MyST Markdown cell with each of its messages translated.

    A message is what Sphinx's catalogues hold (book/locales): a paragraph, a heading, a list item,
    a table cell, an admonition's title - its source lines joined by single spaces. A message
    without translation stays as it is (as in the built edition). Plain code fences stay untouched.
    """
    def tr(text: str) -> str:
        return translations.get(text.strip()) or text

    out: list[str] = []
    block: list[str] = []
    prefix = ""

    def flush() -> None:
        nonlocal block, prefix
        if block:
            found = translations.get(" ".join(line.strip() for line in block))
            out.append(prefix + found if found else "\n".join([prefix + block[0]] + block[1:]))
        block, prefix = [], ""

    lines = source.split("\n")
    directives: list[str] = []   # the fences of the directives open here ({admonition}, ...)
    i = 0
    while i < len(lines):
        line = lines[i]
        opened = _FENCE_OPEN.match(line)
        closing = bool(directives) and line.strip() == directives[-1]
        bare = None if closing else _BARE_FENCE.match(line.strip())
        heading, item = _HEADING.match(line), _ITEM.match(line)
        if opened:
            directives.append(opened["fence"])
        elif closing:
            directives.pop()
        if bare:   # plain code: as it is, up to its closing fence
            flush()
            out.append(line)
            i += 1
            while i < len(lines) and not lines[i].strip().startswith(bare.group(1)):
                out.append(lines[i])
                i += 1
            if i < len(lines):
                out.append(lines[i])
        elif (not line.strip() or _LABEL_LINE.match(line) or line.startswith("%") or line.lstrip().startswith(":")
              or opened or _RULE.match(line) or _CLOSE.match(line.strip())):
            flush()
            if opened and opened["arg"].strip():
                line = line[: len(line) - len(opened["arg"])] + tr(opened["arg"])
            out.append(line)
        elif heading:
            flush()
            out.append(heading["mark"] + tr(heading["text"]))
        elif _ROW.match(line):
            flush()
            cells = line.strip().strip("|").split("|")
            out.append("| " + " | ".join(tr(c.strip()) for c in cells) + " |")
        elif item:
            flush()
            prefix, block = item["mark"], [item["text"]]
        else:
            block.append(line)
        i += 1
    flush()
    return "\n".join(out)


def title_of(notebook: Mapping[str, Any]) -> str:
    """The page's title (its first heading), as plain text."""
    for cell in notebook["cells"]:
        if cell["cell_type"] == "markdown":
            for line in _cell_source(cell).split("\n"):
                if line.startswith("# "):
                    return html.unescape(line[2:].strip())
    raise ValueError("no title")
