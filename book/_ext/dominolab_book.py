"""Small Sphinx extension for the dominolab book (loaded via _config.yml).

Declares sphinx-multitoc-numbering safe for parallel reading (it is; see
below), so that the build can run the notebooks in parallel. Works around a
Sphinx 7.x duplicate-script problem: an inline script that an
extension adds after the builder is initialised (sphinx-thebe and
sphinx-togglebutton do so) is stored once with filename ``None`` and once more
with filename ``''`` (HTML builder, ``prepare_writing``).  The two do not
compare equal, so every page got the inline script twice and sphinx-thebe's
``const THEBE_JS_URL`` declaration raised a SyntaxError in the browser.
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


def setup(app):
    # scripts/build-book.sh reads the pages (and runs their notebooks) in parallel
    app.connect("builder-inited", _allow_parallel_read)
    # Run after the other html-page-context handlers (myst-nb adds its
    # per-page widget scripts there).
    app.connect("html-page-context", _dedupe_scripts, priority=900)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
