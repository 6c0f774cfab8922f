"""Small Sphinx extension for the dominolab book (loaded via _config.yml).

Declares sphinx-multitoc-numbering safe for parallel reading (it is; see
below), so that the build can run the notebooks in parallel. Works around a
Sphinx 7.x duplicate-script problem: an inline script that an
extension adds after the builder is initialised (sphinx-thebe and
sphinx-togglebutton do so) is stored once with filename ``None`` and once more
with filename ``''`` (HTML builder, ``prepare_writing``).  The two do not
compare equal, so every page got the inline script twice and sphinx-thebe's
``const THEBE_JS_URL`` declaration raised a SyntaxError in the browser.

With ``language: de`` Sphinx and the themes translate most of their words; the
few the themes write in English whatever the language (navigation labels,
sidebar toggles, myst-nb's fold) are put into German in every written page
(:data:`THEME_WORDS`), so every fold, toggle and button speaks German.
"""

from __future__ import annotations


def _key(js):
    filename = getattr(js, "filename", js)
    attributes = getattr(js, "attributes", {}) or {}
    return (filename or "", tuple(sorted((k, str(v)) for k, v in attributes.items())))


def _dedupe_scripts(app, pagename, templatename, context, doctree):
    scripts = context.get("script_files")
    if not isinstance(scripts, list):
        return
    seen = set()
    unique = []
    for js in scripts:
        key = _key(js)
        if key in seen:
            continue
        seen.add(key)
        unique.append(js)
    # In place: Sphinx restores this list from its own backup for every page.
    scripts[:] = unique


#: Extensions that do not say whether they may read pages in parallel, but may:
#: sphinx-multitoc-numbering only replaces the section numbering, which Sphinx
#: runs once in the main process after all pages are read; sphinx-jupyterbook-
#: latex only adds node types and transforms that act for LaTeX builders
#: (this book is built as HTML).
_PARALLEL_READ_SAFE = ("sphinx_multitoc_numbering", "sphinx_jupyterbook_latex")


def _allow_parallel_read(app):
    for name in _PARALLEL_READ_SAFE:
        ext = app.extensions.get(name)
        if ext is not None and ext.parallel_read_safe is None:
            ext.parallel_read_safe = True


#: Theme words that stay English under ``language: de`` (pydata-sphinx-theme, sphinx-book-theme,
#: myst-nb, Sphinx's heading links), as they appear in the written HTML, and their German.
THEME_WORDS = {
    'aria-label="Main"': 'aria-label="Hauptnavigation"',
    'aria-label="Page"': 'aria-label="Inhalt dieser Seite"',
    '"Toggle hidden content"': '"Verborgenen Inhalt ein- oder ausblenden"',
    '"Toggle primary sidebar"': '"Navigation ein- oder ausblenden"',
    '"Toggle secondary sidebar"': '"Inhalt dieser Seite ein- oder ausblenden"',
    '"Toggle navigation"': '"Navigation ein- oder ausblenden"',
    '"Link to this heading"': '"Link zu dieser Überschrift"',
    '"Link to this definition"': '"Link zu dieser Definition"',
    '"Link to this term"': '"Link zu diesem Begriff"',
    '"Link to this equation"': '"Link zu dieser Formel"',
    '"Link to this table"': '"Link zu dieser Tabelle"',
    '"Link to this image"': '"Link zu diesem Bild"',
    '"Link to this code"': '"Link zu diesem Code"',
    '"Search this book..."': '"Im Buch suchen …"',
    '"Download this page"': '"Diese Seite herunterladen"',
    '"Back to top"': '"Zurück zum Anfang"',
    '"Skip to main content"': '"Zum Hauptinhalt springen"',
}


def _german_theme_words(app, exception):
    """Put the theme's remaining English words into German in every written page."""
    if exception is not None or app.builder.format != "html":
        return
    from pathlib import Path
    for page in Path(app.outdir).rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        new = text
        for english, german in THEME_WORDS.items():
            new = new.replace(english, german)
        if new != text:
            page.write_text(new, encoding="utf-8")


def _notebook_links(app, doctree, docname):
    """The small line at the end of a chapter that is also a notebook: download it, or open it live
    (dominolab.book.notebook; scripts/build_lite.py writes both). Plain links: nothing of the live
    notebooks loads before a reader follows one."""
    from docutils import nodes
    from dominolab.book.notebook import NOTEBOOK_PAGES, link_line

    if docname.rsplit("/", 1)[-1] not in NOTEBOOK_PAGES or not docname.startswith("book/"):
        return
    sections = [n for n in doctree.children if isinstance(n, nodes.section)]
    line = link_line(docname, app.config.dominolab_live_start_seconds)
    (sections[-1] if sections else doctree).append(nodes.raw("", line, format="html"))


def setup(app):
    # the chapters' notebooks: a link line at each such chapter's end
    app.connect("doctree-resolved", _notebook_links)
    # the wait the link line states (benchmarks/lite_load.py measures it)
    app.add_config_value("dominolab_live_start_seconds", 15, "html", int)
    # the theme's last English words, after every page is written
    app.connect("build-finished", _german_theme_words)
    # scripts/build-book.sh reads the pages (and runs their notebooks) in parallel
    app.connect("builder-inited", _allow_parallel_read)
    # Run after the other html-page-context handlers (myst-nb adds its
    # per-page widget scripts there).
    app.connect("html-page-context", _dedupe_scripts, priority=900)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
