"""The learner's path carries no developer material (issue 32, point 2).

The learner's pages - the start page, Schnellstart, Begriffe, the rule chapters with their lessons,
Übungen, the puzzles, Vergleich and the play page - are read in the BUILT book (_build/html, or
$DOMINOLAB_BOOK_HTML) and must show, outside a folded "Für Entwickler" part (class
``dominolab-dev``) at most:

* no code cell, not even a folded one (input area, code block);
* no identifier or field name (``hand_sizes``, ``GameRules``, ``dotted.names``, ``fetch_pyodide.py``),
  no move in the command notation (``[4|4]@[1|4].high``; the tile pictures are left out);
* no Python value (``[0, 2]``, ``{15: 15}``, ``None``, ``Traceback``);
* no file format (TOML, JSON, ``.py``) and no developer tooling (micropip, kernels, WebAssembly, ...);
* no command line (``dominolab check``, ``python``, ``pip``, ``--rules``);
* no interpretation id (``Auslegung e``, ``Auslegungen d und ze``, ``e-los``): a decision is named
  in words and links to the page Auslegungen;
* no English sentence: one with three or more English function words and no German one (game names
  and the glossary's terms are exempt).

Two ways of reading: the static HTML of each page (every word of it, folded boxes and step texts
included; skipped when the book is not built), and - with a browser - what a learner sees once the
page's scripts ran (the lessons, the play page's game), together with every console error or
warning while the page loads (DOMINOLAB_BROWSER_TEST=1; Debian chromium under playwright).
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest

from tools.browserkit import BUILD, CHROMIUM, REQUIRED, ROOT, built, chromium, missing, serve
from langkit import ArticleReader, english_sentences, german_sentences

#: The pages a learner walks through (issue 32, point 2).
LEARNER_PAGES = ("book/intro.html", "book/schnellstart.html", "book/begriffe.html",
                 "book/hr-grundlagen.html", "book/hr-spinner.html", "book/hr-wertung.html",
                 "book/hr-abrechnung.html", "book/ft-grundlagen.html", "book/ft-wertung.html",
                 "book/uebungen.html", "book/aufgaben-puzzles.html", "book/vergleich.html",
                 "book/spielen.html")

#: The one place on a learner's page where developer material may stand: a folded box of this class.
DEV_CLASS = "dominolab-dev"

# -- what a learner must not see -------------------------------------------------------------

PATTERNS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b"), "an identifier"),
    (re.compile(r"\b[a-z_][a-z0-9_]+(?:\.[a-z_][a-z0-9_]+)+\b"), "a dotted name"),
    # (JavaScript: what the browser needs to run the play page and the lessons, a word a learner may read)
    (re.compile(r"\b[a-z]+[A-Z][A-Za-z0-9]*\b|\b(?!JavaScript\b)[A-Z][a-z0-9]+[A-Z][A-Za-z0-9]*\b"),
     "a camel-case name"),
    (re.compile(r"\]@\[|\]\.(?:high|low|A|B|armA|armB)\b"), "a move in command notation"),
    (re.compile(r"\[\s*-?\d+\s*,\s*-?\d+"), "a Python list"),
    (re.compile(r"\{\s*['\"]?[\w\-]+['\"]?\s*:"), "a Python dict"),
    (re.compile(r"\b(?:None|True|False|Traceback)\b|\b(?:\w*Error|Illegal\w+|\w*Exception):"), "a Python value"),
    (re.compile(r"\b(?:TOML|JSON|YAML|CSV)\b|\.(?:py|toml|json|js|whl|ipynb)\b", re.IGNORECASE), "a file format"),
    (re.compile(r"\b(?:micropip|pyodide|kernel|webassembly|wasm|npm|cdn|jupyter|jupytext|sphinx|myst|wheel)\b",
                re.IGNORECASE), "developer tooling"),
    # ("pip" alone is the English glossary's word for a tile's dots: only the command counts)
    (re.compile(r"\bdominolab [a-z-]|\bpython3?\b|\bpip3? (?:install|download|show|list)\b|(?<![\w-])--[a-z]"),
     "a command line"),
    (re.compile(r"\bAuslegung(?:en)? (?!(?:zu|im|in|an|am|um|ob|so|da|es|ab)\b)[a-z]{1,2}\b"),
     "an interpretation id"),
    (re.compile(r"\bInterpretations? (?!(?:of|in|on|at|is|to|as|by|an|or|if|it|so|no|be|do|up|we|a)\b)[a-z]{1,2}\b"),
     "an interpretation id"),
]

#: The two editions: the German at the site's root, the English in en/ (issue 31).
EDITIONS = {"de": "", "en": "en/"}


def _interpretation_ids() -> list[str]:
    from dominolab.verify.interpretations import interpretations

    return sorted({it.id for it in interpretations()})


def developer_material(text: str, ids: list[str] | None = None, lang: str = "de") -> list[str]:
    """Every kind of developer material in ``text``, each with its first example; a sentence of the other
    language than ``lang`` counts too."""
    found = []
    for pattern, what in PATTERNS:
        m = pattern.search(text)
        if m:
            start = max(0, m.start() - 30)
            found.append(f"{what}: {m.group(0)!r} in {' '.join(text[start:m.end() + 30].split())!r}")
    for it in ids if ids is not None else _interpretation_ids():
        if re.search(rf"(?<![\w-]){re.escape(it)}(?![\w-])", text):
            found.append(f"an interpretation id: {it!r}")
    if lang == "de":
        found += [f"an English sentence: {s!r}" for s in english_sentences(text)]
    else:
        found += [f"a German sentence: {s!r}" for s in german_sentences(text)]
    return found


def test_the_checks_can_fail():
    """Each kind of developer material is found; the learner's German is not."""
    ids = ["e-los", "zd-partnerschaft-erste-leere-hand"]
    bad = {
        "Feld hand_sizes": "identifier",
        "die Datei dominolab/interpretations.toml": "file format",
        "siehe core.engine.lot": "dotted name",
        "ein GameRules-Datensatz": "camel-case",
        "als Uint8Array": "camel-case",
        "mit pyodide.unpackArchive": "camel-case",
        "kurz [4|4]@[1|4].high": "command notation",
        "Punktestand [0, 2]": "Python list",
        "{15: 15, 16: 15}": "Python dict",
        "Wert None": "Python value",
        "IllegalPlacement: nein": "Python value",
        "Die Aufgaben stehen in TOML-Dateien": "file format",
        "das Skript fetch_pyodide.py": "identifier",
        "lädt micropip": "developer tooling",
        "ohne Kernel": "developer tooling",
        "`dominolab check meine.toml`": "command line",
        "pip install jupytext": "command line",
        "und --rules DATEI spielt sie": "command line",
        "Auslegung e": "interpretation id",
        "Auslegungen d und ze": "interpretation id",
        "siehe e-los": "interpretation id",
        "The layout is empty and the tile does not fit.": "English sentence",
    }
    for text, kind in bad.items():
        found = developer_material(text, ids)
        assert any(kind in f for f in found), (text, found)
    good = ("Du legst [4|4] an [1|4], Ende mit der 4; das bringt 1 Anzeigepunkt. "
            "Horse Race und Fives and Threes: zwei Spiele. All Fives (Muggins) ist eine Hausregel. "
            "Auslegung: das Los um die Eröffnung. Eine Auslegung zu dieser Frage steht unter Auslegungen. "
            "Zu zweit erhält jeder 7 Steine, z. B. [6|6]. Spinner, Talon und Längsseite B. "
            "Punktestand 0 : 2. Das ist in Horse Race to 121 anders. Dafür ist JavaScript nötig.")
    assert developer_material(good, ids) == []
    # the English edition: a German sentence and an English interpretation id are found, its English is not
    for text, kind in {"Du legst den Stein an die 4.": "German sentence", "see Interpretation e": "interpretation id",
                       "the field hand_sizes": "identifier"}.items():
        found = developer_material(text, ids, lang="en")
        assert any(kind in f for f in found), (text, found)
    assert developer_material("You play [4|4] against [1|4], end with the 4: that scores 1 display point. "
                              "An interpretation of this question is on the Interpretations page.", ids, lang="en") == []


# -- the static HTML ---------------------------------------------------------------------------

#: Elements whose text a learner never reads as text: drawings (tile pictures), scripts, styles,
#: heading links; and the folded developer part.
_SKIP_TAGS = {"script", "style", "svg", "template", "noscript"}


class _Article(ArticleReader):
    """The text of a page's article (``article.bd-article``), without drawings, scripts, the folded
    developer part and quotations marked as another language than the page's (``<html lang>``: the
    documents' German step texts on an English page), and the code cells and code blocks it holds."""

    def __init__(self) -> None:
        super().__init__()
        self.code: list[str] = []

    def skips(self, tag: str, attrs: dict[str, str | None], classes: set[str]) -> bool:
        return (tag in _SKIP_TAGS or DEV_CLASS in classes or "headerlink" in classes
                or self.other_language(attrs))

    def kept(self, tag: str, attrs: list[tuple[str, str | None]], classes: set[str]) -> None:
        if "cell_input" in classes or tag == "pre" or any(c.startswith("highlight-") for c in classes):
            self.code.append(f"<{tag} class={' '.join(sorted(classes))!r}>")


def read_article(html: str) -> tuple[str, list[str]]:
    parser = _Article()
    parser.feed(html)
    return " ".join(parser.text), parser.code


def _built(path: str, lang: str = "de") -> str:
    page = BUILD / EDITIONS[lang] / path
    if not page.is_file():
        pytest.skip(f"no built {lang} edition at {page.parent} (run python -m tools build first)")
    return page.read_text(encoding="utf-8")


def test_the_static_reading_sees_code_and_skips_drawings_and_the_developer_fold():
    html = ("<html><body><nav>hand_sizes</nav><article class='bd-article'><p>Ein Stein.</p>"
            "<svg><text>[4|4]@[1|4].high</text></svg>"
            "<div class='cell docutils container'><div class='cell_input docutils container'><pre>x = 1</pre></div></div>"
            "<details class='dominolab-dev'><summary>Für Entwickler</summary><p>GameRules.hand_sizes</p></details>"
            "<p>Noch ein Satz<br>mit Umbruch.</p></article><footer>pip install</footer></body></html>")
    text, code = read_article(html)
    assert "Ein Stein." in text and "Noch ein Satz" in text
    assert "hand_sizes" not in text and "@" not in text and "pip" not in text
    quoted, _ = read_article("<html lang='en'><body><article class='bd-article'><p>You play. "
                             "<q lang='de'>Gutschrift für das Anlegen</q> <span lang='en'>Credit</span></p></article>")
    assert "You play." in quoted and "Credit" in quoted and "Gutschrift" not in quoted
    assert code and "cell_input" in code[0]


@pytest.mark.parametrize("lang", EDITIONS)
@pytest.mark.parametrize("path", LEARNER_PAGES)
def test_learner_page_has_no_developer_material(path, lang):
    text, code = read_article(_built(path, lang))
    assert text.strip(), f"{lang} {path}: no article text found"
    problems = ([f"a code cell or code block: {code[:3]}"] if code else []) + developer_material(text, lang=lang)
    assert not problems, f"{lang} {path}:\n" + "\n".join(problems)


def test_developer_material_has_a_place_in_the_reference_part():
    """What left the learner's pages is still in the book: the exercise file format beside the
    example format, the play page's technique on Technik (both in _toc.yml's last part)."""
    toc = ROOT / "_toc.yml"
    exercise_format = _built("book/aufgabenformat.html")
    technik = _built("book/technik.html")
    assert "data-exercise" in exercise_format and "dominolab check" in exercise_format
    assert "micropip" in technik and "seed" in technik and "hand_sizes" in technik
    last_part = toc.read_text(encoding="utf-8").rsplit("- caption:", 1)[1]
    for page in ("beispielformat", "aufgabenformat", "technik"):
        assert f"book/{page}\n" in last_part, page


#: What the start page offers first, in each edition's words.
OFFERS = {"de": ("Lernen", "Üben", "Spielen"), "en": ("Learn", "Practi", "Play")}


@pytest.mark.parametrize("lang", EDITIONS)
def test_start_page_offers_learning_practising_and_playing_first(lang):
    """The start page's first lines say what a learner can do - learn, practise, play - with the play
    page one click away, and it does not repeat itself."""
    text, _ = read_article(_built("book/intro.html", lang))
    opening = " ".join(text.split())[:700]
    for word in OFFERS[lang]:
        assert word in opening, (word, opening)
    html = _built("book/intro.html", lang)
    first_links = re.findall(r'href="([^"#]*)', html.split('bd-article', 1)[1])[:8]
    assert "spielen.html" in first_links, first_links
    assert "fünf Minuten: eine erste Runde in fünf Minuten" not in " ".join(text.split())


@pytest.mark.parametrize("lang", EDITIONS)
@pytest.mark.parametrize("path", [p for p in LEARNER_PAGES if p not in ("book/intro.html", "book/spielen.html")])
def test_every_chapter_ends_with_a_way_on(path, lang):
    """The last paragraph of the article links on, to another page of the book: the next chapter, a
    lesson or a game."""
    html = _built(path, lang)
    article = html.split('class="bd-article"', 1)[1].split("</article>", 1)[0]
    paragraphs = re.findall(r"<p>(.*?)</p>", article, flags=re.S)
    assert paragraphs, path
    last = paragraphs[-1]
    links = re.findall(r'<a class="reference internal" href="([^"#]+\.html)', last)
    assert links, f"{path}: its last paragraph links nowhere: {last[:200]!r}"


# -- in the browser: what the scripts write, and the console ------------------------------------

#: Console messages from third-party code that could not be fixed: (page pattern, message pattern, where it
#: comes from), named here so that a new one still fails. Empty: ajv's "strict mode: use allowUnionTypes"
#: warning is gone (tools/book/fetch_widget_js.py patches the ajv construction in embed-amd.js), the
#: favicon request is answered (book/_widgetjs/favicon.svg).
KNOWN_CONSOLE: list[tuple[str, str, str]] = []

SHOWN = "(el => el.checkVisibility ? el.checkVisibility({checkVisibilityCSS: true}) : el.getClientRects().length > 0)"

#: The text a learner sees in the article after the scripts ran, without drawings and the developer
#: fold: every shown text node, one after the other with a space between elements' texts.
VISIBLE_TEXT_JS = """() => {
  const article = document.querySelector('article.bd-article') || document.body;
  const walker = document.createTreeWalker(article, NodeFilter.SHOW_TEXT);
  const out = [];
  const lang = (el) => ((el.closest('[lang]') || document.documentElement).lang || 'de').split('-')[0];
  const own = lang(document.documentElement);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || el.closest('svg, script, style, template, .headerlink, .DEV') || !SHOWN(el)) continue;
    if (lang(el) !== own) continue;   // a quotation marked as the other language (the documents' step texts)
    out.push(node.textContent);
  }
  return out.join(' ');
}""".replace("SHOWN(", SHOWN + "(").replace(".DEV", "." + DEV_CLASS)

VISIBLE_CODE_JS = ("() => Array.from(document.querySelectorAll('article .cell_input, article pre, article div[class*=highlight-]'))"
                   ".filter(e => !e.closest('.DEV')).map(e => e.className)").replace(".DEV", "." + DEV_CLASS)

VIEWPORTS = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}

#: Every page of the built book: the ones _toc.yml lists (the reference part too).
ALL_PAGES = tuple(["book/intro.html"] + [f"{m}.html" for m in re.findall(r"file: (book/[\w-]+)",
                                                                      (ROOT / "_toc.yml").read_text(encoding="utf-8"))])

#: Nothing on a page is wider than its box (issue 32, point 1): every table, figure, drawing, code
#: block and picture of the article lies inside the nearest box that clips or scrolls. At a laptop's
#: width nothing may scroll; on a phone a box may scroll, but only with its cue (.dl-scrollbox: an
#: edge fade and a visible scrollbar; or a .dl-scrollcue line under it).
OVERFLOW_JS = """(laptop) => {
  const article = document.querySelector('article.bd-article');
  const problems = [];
  const name = (e) => e.tagName.toLowerCase() + (e.classList.length ? '.' + Array.from(e.classList).slice(0, 2).join('.') : '');
  for (const e of article.querySelectorAll('table, figure, svg, pre, img')) {
    if (!e.getClientRects().length || e.closest('button')) continue;
    if (e.tagName.toLowerCase() === 'svg' && e.parentElement.closest('svg')) continue;
    const r = e.getBoundingClientRect();
    if (r.width < 1) continue;
    const own = getComputedStyle(e).overflowX !== 'visible' && e.scrollWidth > e.clientWidth + 1;
    let c = e.parentElement;
    while (c && c !== article && getComputedStyle(c).overflowX === 'visible') c = c.parentElement;
    const cr = c.getBoundingClientRect();
    const out = r.right > cr.right + 1 || r.left < cr.left - 1;
    if (!own && !out) continue;
    const box = own ? e : c;
    const what = `${name(e)} ${Math.round(own ? e.scrollWidth : r.width)} px in a ${Math.round(own ? e.clientWidth : cr.width)} px box`;
    const scrolls = box !== article && getComputedStyle(box).overflowX !== 'visible';
    const cue = box.classList.contains('dl-scrollbox') ||
      (box.nextElementSibling && box.nextElementSibling.classList.contains('dl-scrollcue'));
    if (laptop) problems.push(`${what}: wider than its box at a laptop's width`);
    else if (!scrolls) problems.push(`${what}: cut off`);
    else if (!cue) problems.push(`${what}: scrolls without a visible cue`);
  }
  const page = document.documentElement.scrollWidth;
  if (page > window.innerWidth + 1) problems.push(`the page is ${page} px wide in a ${window.innerWidth} px window`);
  return problems;
}"""


def _missing() -> str | None:
    """Why the browser checks cannot run here (they run only with DOMINOLAB_BROWSER_TEST=1)."""
    if not REQUIRED:
        return "set DOMINOLAB_BROWSER_TEST=1 to run the browser tests"
    return missing(built("book/intro.html"))

def _watch_requests(page, base: str, found: list[str]) -> None:
    """Requests to another host are aborted and named; a response of 400 or more is named."""
    host = urlsplit(base).hostname

    def route(r):
        if urlsplit(r.request.url).hostname == host:
            r.continue_()
        else:
            found.append(f"request to another host: {r.request.url}")
            r.abort()

    page.route("**/*", route)
    page.on("response", lambda resp: found.append(f"HTTP {resp.status}: {resp.url}") if resp.status >= 400 else None)


def _known(path: str, message: str) -> bool:
    return any(re.search(p, path) and re.search(m, message) for p, m, _ in KNOWN_CONSOLE)


@pytest.mark.parametrize("lang", EDITIONS)
@pytest.mark.parametrize("viewport", list(VIEWPORTS))
@pytest.mark.parametrize("path", LEARNER_PAGES)
def test_learner_page_as_seen_in_the_browser(site, path, viewport, lang):
    """Once the page's scripts ran (lessons written, the play page's engine loaded): no code and no
    developer material in what the learner sees, and no console error or warning while it loads."""
    base, browser = site
    context = browser.new_context(viewport=VIEWPORTS[viewport], device_scale_factor=2 if viewport == "phone" else 1,
                                  is_mobile=viewport == "phone", has_touch=viewport == "phone")
    page = context.new_page()
    console: list[str] = []
    page.on("console", lambda m: console.append(f"{m.type}: {m.text}") if m.type in ("error", "warning") else None)
    page.on("pageerror", lambda e: console.append(f"pageerror: {e}"))
    _watch_requests(page, base, console)
    problems: list[str] = []
    try:
        if not (BUILD / EDITIONS[lang] / path).is_file():
            pytest.fail(f"no built {lang} edition of {path}", pytrace=False)
        page.goto(base + EDITIONS[lang] + path, wait_until="load")
        if page.locator(".dl-lesson, .dl-lesson-map").count():
            page.wait_for_selector("html[data-lessons-ready] [data-exercise], html[data-lessons-ready] .dl-map-entry",
                                   timeout=20_000)
        if path == "book/spielen.html":
            page.wait_for_selector("#dominolab-play:is([data-state=your-turn],[data-state=round-over],"
                                   "[data-state=match-over])", timeout=90_000)
        page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
        page.wait_for_timeout(300)
        page.wait_for_selector("html[data-tables-ready]", state="attached", timeout=10_000)
        page.wait_for_timeout(200)
        problems += [f"not whole: {p}" for p in page.evaluate(OVERFLOW_JS, viewport == "desktop")]
        code = page.evaluate(VISIBLE_CODE_JS)
        if code:
            problems.append(f"code on the page: {code[:3]}")
        problems += developer_material(page.evaluate(VISIBLE_TEXT_JS), lang=lang)
        unexpected = [m for m in console if not _known(path, m)]
        if unexpected:
            problems.append(f"console errors or warnings: {unexpected[:5]}")
    finally:
        context.close()
    assert not problems, f"{lang} {path} at {viewport}:\n" + "\n".join(problems)


def test_every_page_lists_the_whole_book():
    assert len(ALL_PAGES) == len(set(ALL_PAGES)) >= 20
    assert set(LEARNER_PAGES) <= set(ALL_PAGES) and "book/technik.html" in ALL_PAGES


@pytest.mark.parametrize("lang", EDITIONS)
@pytest.mark.parametrize("path", ALL_PAGES)
def test_every_page_of_the_book_loads_without_a_console_message_or_a_missing_file(site, path, lang):
    """Every page of the book, the reference part too, at a laptop's width: no console error or
    warning, no request that finds nothing (the favicon included), none to another host, and nothing
    wider than its box (on the reference pages: or scrolling in it with the cue)."""
    base, browser = site
    context = browser.new_context(viewport=VIEWPORTS["desktop"])
    page = context.new_page()
    found: list[str] = []
    page.on("console", lambda m: found.append(f"{m.type}: {m.text}") if m.type in ("error", "warning") else None)
    page.on("pageerror", lambda e: found.append(f"pageerror: {e}"))
    _watch_requests(page, base, found)
    try:
        if not (BUILD / EDITIONS[lang] / path).is_file():
            pytest.fail(f"no built {lang} edition of {path}", pytrace=False)
        page.goto(base + EDITIONS[lang] + path, wait_until="load")
        if path == "book/spielen.html":
            page.wait_for_selector("#dominolab-play:is([data-state=your-turn],[data-state=round-over],"
                                   "[data-state=match-over])", timeout=90_000)
        page.wait_for_selector("html[data-tables-ready]", state="attached", timeout=10_000)
        page.wait_for_timeout(300)
        icon = page.evaluate("() => { const l = document.querySelector('link[rel~=icon]'); return l && l.href; }")
        # the learner's pages: nothing scrolls at this width; the reference part's code blocks and
        # tables may scroll in their boxes, with the cue
        found += [f"not whole: {p}" for p in page.evaluate(OVERFLOW_JS, path in LEARNER_PAGES)]
    finally:
        context.close()
    assert icon and icon.endswith(".svg"), f"{lang} {path}: no icon named in the page ({icon!r})"
    unexpected = [m for m in found if not _known(path, m)]
    assert not unexpected, f"{lang} {path}:\n" + "\n".join(unexpected[:10])
