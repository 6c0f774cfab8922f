"""Two editions in one site (issue 31): the German at the root, the English in en/ (tools/book/editions.py).

Read on the built site (``_build/html``, or DOMINOLAB_BOOK_HTML); skipped when no book with both
editions is built - unless DOMINOLAB_BROWSER_TEST=1, then it fails, like the other built-site tests.

* both editions have the same pages, each with the right ``<html lang>``;
* every page names both editions (``hreflang`` de, en, x-default) and the links lead to the same
  page of each, both ways; the header's language link is there, named in its own language;
* the English edition keeps no copy of a root ``_static/`` file, and every ``_static`` reference of
  its pages resolves; each edition stays within its size budget (tools/bench/sizes.py).
"""

from __future__ import annotations

import posixpath
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tools.bench import sizes
from tools.browserkit import BUILD, REQUIRED, ROOT

EN = BUILD / "en"
SKIP_DIRS = ("_static", "_images", "lite", "notebooks", "_sources", "en")


def _need_site() -> None:
    if not (BUILD / "book" / "intro.html").is_file() or not (EN / "book" / "intro.html").is_file():
        reason = f"no book with both editions at {BUILD} (run python -m tools build first)"
        if REQUIRED:
            pytest.fail(reason)
        pytest.skip(reason)


def pages(edition: Path) -> list[str]:
    out = []
    for path in edition.rglob("*.html"):
        rel = path.relative_to(edition).as_posix()
        if rel.split("/", 1)[0] in SKIP_DIRS or rel == "index.html":
            continue
        out.append(rel)
    return sorted(out)


class Head(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.lang: str | None = None
        self.alternates: dict[str, str] = {}
        self.language_links: list[dict[str, str | None]] = []
        self.refs: list[str] = []
        self._in_language_link = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "html":
            self.lang = a.get("lang")
        if tag == "link" and a.get("rel") == "alternate" and a.get("hreflang"):
            self.alternates[str(a["hreflang"])] = str(a.get("href"))
        if tag == "a" and "dominolab-language" in (a.get("class") or "").split():
            self.language_links.append({**a, "text": ""})
            self._in_language_link = True
        for key in ("href", "src"):
            value = a.get(key)
            if value and "_static/" in value and "://" not in value:
                self.refs.append(value)

    def handle_data(self, data: str) -> None:
        if self._in_language_link:
            self.language_links[-1]["text"] = (self.language_links[-1]["text"] or "") + data

    def handle_endtag(self, tag: str) -> None:
        if tag == "a":
            self._in_language_link = False


def parse(path: Path) -> Head:
    head = Head()
    head.feed(path.read_text(encoding="utf-8"))
    return head


def resolve(page: Path, href: str) -> Path:
    return Path(posixpath.normpath((page.parent / href.split("#")[0].split("?")[0]).as_posix()))


def test_both_editions_have_the_same_pages_in_their_language() -> None:
    _need_site()
    german, english = pages(BUILD), pages(EN)
    assert german == english
    assert "book/hr-wertung.html" in english
    for rel in german:
        assert parse(BUILD / rel).lang == "de", rel
        assert parse(EN / rel).lang == "en", rel


@pytest.mark.parametrize("edition, code, other, name", [("", "de", "en", "English"), ("en", "en", "de", "Deutsch")])
def test_every_page_names_its_counterpart_both_ways(edition: str, code: str, other: str, name: str) -> None:
    _need_site()
    base = BUILD / edition if edition else BUILD
    other_base = EN if code == "de" else BUILD
    for rel in pages(base):
        page = base / rel
        head = parse(page)
        assert set(head.alternates) == {"de", "en", "x-default"}, rel
        assert resolve(page, head.alternates[code]) == page, rel
        assert resolve(page, head.alternates[other]) == other_base / rel, rel
        assert resolve(page, head.alternates["x-default"]) == BUILD / rel, rel
        # the visible language link: the other edition's same page, named in that language
        links = head.language_links
        assert len(links) == 1, f"{rel}: {len(links)} language links"
        link = links[0]
        assert (link["text"] or "").strip() == name and link.get("lang") == other and link.get("hreflang") == other
        assert resolve(page, str(link["href"])) == other_base / rel, rel


def test_the_start_pages_offer_the_other_language() -> None:
    _need_site()
    german = (BUILD / "book" / "intro.html").read_text(encoding="utf-8")
    english = (EN / "book" / "intro.html").read_text(encoding="utf-8")
    assert re.search(r'class="dominolab-language-offer"><strong><a href="\.\./en/book/intro\.html" '
                     r'hreflang="en" lang="en">Read this book in English</a>', german)
    assert re.search(r'class="dominolab-language-offer"><strong><a href="\.\./\.\./book/intro\.html" '
                     r'hreflang="de" lang="de">Dieses Buch auf Deutsch lesen</a>', english)


def test_the_english_edition_shares_the_root_static_files() -> None:
    _need_site()
    own, shared = EN / "_static", BUILD / "_static"
    copies = [p.relative_to(own).as_posix() for p in own.rglob("*") if p.is_file()
              and (shared / p.relative_to(own)).is_file()
              and (shared / p.relative_to(own)).read_bytes() == p.read_bytes()]
    assert copies == [], f"en/_static/ copies of the root's files: {copies[:10]}"
    assert (own / "documentation_options.js").is_file()   # per language
    missing = []
    for path in EN.rglob("*.html"):
        for ref in parse(path).refs:
            if not resolve(path, ref).is_file():
                missing.append(f"{path.relative_to(BUILD)}: {ref}")
    assert missing == [], missing[:20]
    # a script that adds "_static/..." to the page's root reaches the site's root
    for path in EN.rglob("*.html"):
        text = path.read_text(encoding="utf-8")
        assert 'r + "_static/' not in text, path


def test_each_edition_within_its_budget() -> None:
    _need_site()
    measured = sizes.measure(BUILD)
    assert measured.english > 0
    assert sizes.failures(measured) == [], sizes.report(measured)
