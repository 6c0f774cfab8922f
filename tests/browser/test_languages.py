"""Each edition speaks its own language, on every page (issue 31, point 3).

The built site holds the German edition at its root and the English one in ``en/``. Every page of
either (the reference part too) is read as static HTML - the article's text, the names and
descriptions of its pictures, the labels of its controls - and must not show a sentence of the
other language, except

* inside an element that says so (``lang="de"`` on an English page: the rule documents' own step
  texts, quoted as the specification; ``lang="en"`` on a German page);
* in code: code blocks, inline code, keyboard keys (the reference part's commands and formats);
* the names of the games (and of the house rules the comparison shows).

The detectors are ``tests/langkit.py``'s. Skipped when the book (or its English edition) is not
built.
"""

from __future__ import annotations

import re

import pytest

from tools.browserkit import BUILD, ROOT
from langkit import NAMES, ArticleReader, english_sentences, german_sentences

#: Every page of the book: the ones _toc.yml lists, the start page first.
PAGES = tuple(["book/intro.html"] + [f"{m}.html" for m in re.findall(r"file: (book/[\w-]+)",
                                                                      (ROOT / "_toc.yml").read_text(encoding="utf-8"))])
EDITIONS = {"de": "", "en": "en/"}

#: Elements whose text is not prose of the page's language: code, scripts, styles, heading links.
_CODE = {"pre", "code", "kbd", "samp", "script", "style", "template", "noscript"}
#: Attributes a reader meets as text (a screen reader reads them, a mouse shows titles).
_SPOKEN = ("alt", "aria-label", "title", "placeholder", "aria-description")


class _Prose(ArticleReader):
    """The article's text in the page's language: without code and without elements marked as another
    language; the spoken attributes of its elements as separate pieces; SVG titles, descriptions and labels
    included."""

    def skips(self, tag: str, attrs: dict[str, str | None], classes: set[str]) -> bool:
        other = (attrs.get("lang") or self.lang).split("-")[0] != self.lang
        return tag in _CODE or other or "headerlink" in classes

    def kept(self, tag: str, attrs: list[tuple[str, str | None]], classes: set[str]) -> None:
        for name, value in attrs:
            if name in _SPOKEN and value:
                self.text.append("\n" + value + "\n")


def prose(html: str, lang: str) -> str:
    parser = _Prose(lang)
    parser.feed(html)
    return " ".join(parser.text)


def test_the_detectors_can_fail_and_pass():
    assert german_sentences("The tile fits. Der Stein passt an die 4.") == ["Der Stein passt an die 4"]
    assert german_sentences("You draw from the Talon") and german_sentences("Das ist nicht so")
    assert german_sentences("Play the tile, the round is over. Horse Race and Fives and Threes.") == []
    assert english_sentences("Der Stein passt. The tile does not fit at this end.") == [
        "The tile does not fit at this end"]
    assert english_sentences("Horse Race und Fives and Threes sind zwei Spiele. Spinner, Talon.") == []


def test_the_reading_skips_code_and_marked_quotations_and_reads_labels():
    html = ("<html lang='en'><body><nav>Menü</nav><article class='bd-article'>"
            "<p>Play a tile. <span lang='de'>Gewertete Beiträge: 2 + 8 = 10.</span></p>"
            "<pre>dominolab layout --lang de</pre><code>Stein</code>"
            "<button aria-label='Zurück'>◀</button><svg><title>Die Auslage</title></svg>"
            "<p>Last line.</p></article><footer>Fußzeile</footer></body></html>")
    text = prose(html, "en")
    assert "Play a tile." in text and "Last line." in text and "Zurück" in text and "Die Auslage" in text
    assert "Beiträge" not in text and "Stein" not in text and "Menü" not in text and "Fußzeile" not in text


def _page(lang: str, path: str) -> str:
    page = BUILD / EDITIONS[lang] / path
    if not page.is_file():
        pytest.skip(f"no built {lang} edition at {page.parent} (run python -m tools build first)")
    return page.read_text(encoding="utf-8")


@pytest.mark.parametrize("path", PAGES)
def test_english_page_shows_no_german(path):
    text = prose(_page("en", path), "en")
    assert text.strip(), f"en/{path}: no article text"
    found = german_sentences(text)
    assert not found, f"en/{path}: German outside a lang=\"de\" quotation:\n" + "\n".join(found[:15])


@pytest.mark.parametrize("path", PAGES)
def test_german_page_shows_no_english(path):
    text = prose(_page("de", path), "de")
    assert text.strip(), f"{path}: no article text"
    found = english_sentences(text)
    assert not found, f"{path}: English outside code or a lang=\"en\" element:\n" + "\n".join(found[:15])


def test_the_table_of_contents_speaks_each_editions_language():
    """The sidebar's part captions (from _toc.yml, translated through the start page's catalogue): an English
    page shows the English ones, the German page the German ones; only the game names are the same."""
    caption = re.compile(r'caption-text">([^<]*)')
    german = caption.findall(_page("de", "book/hr-wertung.html"))
    english = caption.findall(_page("en", "book/hr-wertung.html"))
    assert len(german) == len(english) >= 4
    different = [(d, e) for d, e in zip(german, english) if d != e]
    assert {d for d, e in zip(german, english) if d == e} <= set(NAMES), (german, english)
    assert len(different) >= 3 and not any(german_sentences(e) for _, e in different), different
