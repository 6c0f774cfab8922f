"""Render the book's app icons (book/_widgetjs/icons/dominolab-192.png, -512.png) from its favicon.

The web app manifest (book/_widgetjs/manifest.webmanifest) names them; the favicon
(book/_widgetjs/favicon.svg) is the one drawing, these are its renderings on the theme colour.
Run by hand after the favicon changes (the PNGs are committed; needs Debian chromium and playwright):

    .venv/bin/python -m tools icons
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from tools import ROOT, Parser
WIDGETJS = ROOT / "book" / "_widgetjs"
#: The manifest's theme_color: the favicon's outline colour.
BACKGROUND = "#1f2a44"
SIZES = (192, 512)


def main(argv: list[str]) -> int:
    Parser(description=(__doc__ or "").splitlines()[0]).parse_args(argv)
    from playwright.sync_api import sync_playwright

    svg = (WIDGETJS / "favicon.svg").read_text(encoding="utf-8")
    out = WIDGETJS / "icons"
    out.mkdir(exist_ok=True)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"),
                                     args=["--headless", "--no-sandbox", "--disable-gpu"])
        for size in SIZES:
            page = browser.new_page(viewport={"width": size, "height": size})
            # the tile fills 80 % of the icon's height (room for a round mask on a phone's home screen)
            page.set_content(f'<body style="margin:0;background:{BACKGROUND};display:grid;place-items:center;'
                             f'width:{size}px;height:{size}px">'
                             f'<div style="width:{size * 0.8}px;height:{size * 0.8}px">{svg}</div></body>')
            page.eval_on_selector("svg", "s => { s.style.width = '100%'; s.style.height = '100%'; }")
            page.screenshot(path=str(out / f"dominolab-{size}.png"))
            page.close()
        browser.close()
    for size in SIZES:
        print(f"wrote {out / f'dominolab-{size}.png'}")
    return 0
