"""Sphinx extension: every page names the book's web app manifest and theme colour, and loads the
script that registers the service worker (book/_widgetjs/offline.js; the worker itself and its
list of files are written after the build by tools/book/offline_site.py).

Loaded via ``sphinx: local_extensions`` in _config.yml.
"""

from __future__ import annotations

from typing import Any

#: The manifest's theme_color (book/_widgetjs/manifest.webmanifest): the favicon's outline colour.
THEME_COLOUR = "#1f2a44"


def _head(app: Any, pagename: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
    pathto = context.get("pathto")
    if pathto is None:
        return
    manifest = pathto("_static/manifest.webmanifest", 1)
    context["metatags"] = context.get("metatags", "") + (
        f'\n<link rel="manifest" href="{manifest}">'
        f'\n<meta name="theme-color" content="{THEME_COLOUR}">'
        '\n<meta name="mobile-web-app-capable" content="yes">')


def setup(app: Any) -> dict[str, Any]:
    app.add_js_file("offline.js")
    app.connect("html-page-context", _head)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
