"""Browser test of every page of the built book, as a learner sees it (issue 16).

Every page is opened at 1280 x 800 and at 390 x 844 (a phone, device scale 2),
in the light and in the dark theme, offline (every request to another host is
aborted).  On each it checks:

* the page does not scroll sideways (wide drawings and tables scroll inside
  their own box);
* every visible control (button, link, input, slider, fold) has an accessible
  name;
* at 390 px no text inside a drawing renders smaller than 9 CSS px;
* on the rule chapters, the glossary and the exercise pages: no code input is
  visible (code cells are folded or removed), and the visible reader text,
  the exercises' questions included, holds no English words (beyond an
  allow-list of names) and no Python values (``[0, 2]``, ``{15: 15}``,
  ``None``, ``True``, ``Traceback``, ``Error:``);
* on every reader page (those and the example matches): no seat numbered from
  0 (``Sitz 0``) anywhere in the page, its folded step texts and drawings
  included; readers see players as people (``du``, ``links``) or numbered from 1.

The exercises' every text (questions, feedback, explanations, hints; most of it
shown only after an answer) is checked without a browser as well.

Screenshots of every page at both widths (light theme, whole page; dark theme,
first screen) go to ``_build/screenshots/pages/``.

Needs what tests/browser/test_browser.py needs (a built book, Debian chromium,
playwright); skipped without them unless DOMINOLAB_BROWSER_TEST=1.
"""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from tools.browserkit import APP_FOLDERS, BUILD, CHROMIUM, REQUIRED, built, chromium, missing, serve

SHOTS = BUILD.parent / "screenshots" / "pages"

#: The rule chapters: written for learners (German reader text, no code shown).
RULE_CHAPTERS = {"book/hr-grundlagen.html", "book/hr-spinner.html", "book/hr-wertung.html",
                 "book/hr-abrechnung.html", "book/ft-grundlagen.html", "book/ft-wertung.html",
                 "index.html", "book/intro.html", "book/schnellstart.html", "book/begriffe.html",
                 # the lessons: the exercise overview and the puzzles (the rule chapters carry their own lessons)
                 "book/uebungen.html", "book/aufgaben-puzzles.html"}

#: Every page a learner reads: seats never appear as 0-based numbers there.
READER_PAGES = RULE_CHAPTERS | {"book/beispielpartien.html", "book/spielen.html"}

#: A seat numbered from 0 as readers must never see it (records and the CLI keep it; reader pages do not).
SEAT_NUMBER = re.compile(r"\b(Sitz|Sitze|Seat|Seats|seat|seats) \d|\bSeite 0\b|\bPartnerschaft 0\b")

#: The play page: its controls and texts come from book/_widgetjs/play/*.js and
#: dominolab/webapi/; they are checked once the engine runs (the game, its log and its moves).
PLAY_PAGE = "book/spielen.html"

VIEWPORTS = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
MIN_DRAWING_TEXT_PX = 9.0

#: Names that stay English (game and product names) - never flagged.
ALLOWED = {"horse", "race", "fives", "and", "threes", "spinner", "spinners", "pyodide", "pagat", "cribbage",
           "dominolab", "jupyter", "python", "myst", "markdown", "jupytext", "notebook", "notebooks"}
#: Words that mark English reader text (none of them is a German word).
ENGLISH = {"the", "of", "is", "are", "with", "not", "only", "after", "both", "must", "can", "this", "that",
           "which", "layout", "tile", "tiles", "seat", "seats", "stock", "draw", "pass", "high", "low",
           "error", "occupied", "placement", "opens", "side", "none", "true", "false", "field",
           "score", "scores", "points", "player", "players", "match", "engine", "round", "step", "steps",
           "show", "hide", "toggle", "cell", "input", "output", "credit", "target", "raw", "per", "hand_sizes"}
PYTHON_VALUES = [
    (re.compile(r"\[\s*-?\d+\s*,\s*-?\d+"), "a Python list"),
    (re.compile(r"\{\s*['\"]?[\w\[\]|.]+['\"]?\s*:\s*[^}]*\}"), "a Python dict"),
    (re.compile(r"\bTraceback\b"), "a traceback"),
    (re.compile(r"\b(\w*Error|Illegal\w+|\w*Exception):"), "an error class"),
    (re.compile(r"\b(None|True|False)\b"), "a Python constant"),
    (re.compile(r"\b[a-z]+_[a-z_]+\b"), "an identifier"),
]

# The visible reader text of the article: rendering-aware (innerText skips
# folded <details> and hidden stepper texts), without code.
# Rendered and not hidden: also false inside a closed <details> (whose content
# Chromium skips with content-visibility) and for visibility: hidden step texts.
SHOWN = "(el => el.checkVisibility ? el.checkVisibility({checkVisibilityCSS: true}) : el.getClientRects().length > 0)"

READER_TEXT_JS = """() => {
  const article = document.querySelector('article.bd-article') || document.body;
  const copy = article.cloneNode(true);
  // innerText of a detached clone is not rendering-aware: mark hidden parts in the live tree first
  const live = Array.from(article.querySelectorAll('*'));
  const clones = Array.from(copy.querySelectorAll('*'));
  const pageLang = (document.documentElement.lang || 'de').split('-')[0];
  live.forEach((el, i) => {
    // a quotation in the other language (lang="de" on an English page: the documents' own steps) is allowed
    const own = el.closest('[lang]');
    const quoted = own && own !== document.documentElement && own.getAttribute('lang').split('-')[0] !== pageLang;
    const hidden = !SHOWN(el) || quoted;
    // .dominolab-tryit-web: the "Probier es aus" box is written by book/_widgetjs/play/tryit.js,
    // which belongs to the play page's work (issue 14); its words are checked there.
    // (the reference for exercise authors, file keys and TOML, left the exercise page for book/aufgabenformat.md)
    if (hidden || el.matches('code, pre, kbd, .cell_input, .headerlink, .dominolab-steps, .dominolab-tryit-web')) {
      clones[i].setAttribute('data-drop', '1');
    }
  });
  copy.querySelectorAll('[data-drop]').forEach(el => el.remove());
  return copy.textContent;
}"""

OVERFLOW_JS = """(width) => ({scroll: document.documentElement.scrollWidth, inner: window.innerWidth,
  widest: Array.from(document.querySelectorAll('body *')).filter(e => {
      const r = e.getBoundingClientRect(); return r.width > 0 && r.right > width + 1;
    }).filter(e => !e.closest('.dominolab-frame, .dominolab-scroll, table.dominolab-table, .bd-sidebar-primary, '
                               + '.bd-sidebar-secondary, pre, .highlight, .table-wrapper, .bd-header, .search-button__wrapper'))
    .slice(0, 5).map(e => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right))})"""

DRAWING_TEXT_JS = """(minPx) => {
  const small = [];
  for (const t of document.querySelectorAll('svg.dl text')) {
    if (!SHOWN(t)) continue;
    const svg = t.ownerSVGElement;
    const ctm = t.getScreenCTM();
    if (!svg || !ctm) continue;
    const px = parseFloat(getComputedStyle(t).fontSize) * Math.hypot(ctm.a, ctm.b);
    if (px < minPx - 0.05) small.push(t.textContent.slice(0, 30) + ' ' + px.toFixed(1) + 'px');
  }
  return small.slice(0, 8);
}"""

VISIBLE_CODE_JS = """() => Array.from(document.querySelectorAll('.cell_input, div.highlight-ipython3'))
  .filter(e => SHOWN(e)).map(e => e.textContent.trim().slice(0, 40))"""

UNNAMED_JS = """() => {
  const name = el => {
    if (el.getAttribute('aria-label')) return el.getAttribute('aria-label');
    const by = el.getAttribute('aria-labelledby');
    if (by) return by.split(/\\s+/).map(id => (document.getElementById(id) || {}).textContent || '').join(' ');
    if (el.labels && el.labels.length) return Array.from(el.labels).map(l => l.textContent).join(' ');
    const own = (el.textContent || '').trim() || el.getAttribute('title') || el.getAttribute('alt')
                || (el.querySelector('img[alt]') || {}).alt || el.getAttribute('placeholder') || '';
    return own;
  };
  const out = [];
  for (const el of document.querySelectorAll('button, a[href], input, select, textarea, summary, [role=slider], [role=button]')) {
    if (!SHOWN(el)) continue;
    if (el.type === 'hidden') continue;
    if (!String(name(el)).trim()) out.push(el.outerHTML.slice(0, 120));
  }
  return out.slice(0, 8);
}"""


READER_TEXT_JS, DRAWING_TEXT_JS, VISIBLE_CODE_JS, UNNAMED_JS = (
    js.replace("SHOWN(", SHOWN + "(") for js in (READER_TEXT_JS, DRAWING_TEXT_JS, VISIBLE_CODE_JS, UNNAMED_JS))


def _pages() -> list[str]:
    if not BUILD.is_dir():
        return []
    skip = {"genindex.html", "search.html"}
    return sorted(p.relative_to(BUILD).as_posix() for p in BUILD.rglob("*.html")
                  if p.relative_to(BUILD).parts[0] not in {"_static", "_sources", "_images", *APP_FOLDERS}
                  and p.name not in skip and not _redirect(p))


def _redirect(path: Path) -> bool:
    """A stub that only forwards to another page (the site's index.html forwards to book/intro.html, which is
    tested itself): opening it navigates away while the checks run."""
    head = path.read_text(encoding="utf-8", errors="replace")[:2000]
    return 'http-equiv="Refresh"' in head and "<body" not in head


def _missing() -> str | None:
    return missing(built())

PAGES = _pages()


def english_words(text: str) -> list[str]:
    words = re.findall(r"[A-Za-z_]+", text)
    return sorted({w for w in words if w.lower() in ENGLISH and w.lower() not in ALLOWED})


def python_values(text: str) -> list[str]:
    found = []
    for pattern, what in PYTHON_VALUES:
        m = pattern.search(text)
        if m:
            found.append(f"{what}: {m.group(0)!r}")
    return found


#: "1 Steine", "1 Augen": a generated number with the plural of its noun (German says 1 Stein, 1 Auge, 1 Punkt).
ONE_PLURAL = re.compile(r"(?<![\d,.])1 (Steine|Steinen|Augen|Punkte|Punkten|Runden|Rohpunkte|Anzeigepunkte|Spielpunkte|"
                        r"Stellen|Anlegestellen|Ereignisse|Wertungen|Züge|Gegneraugen)\b")


#: Words that mark German reader text on a page of the English edition (en/...): umlauts, ß, the German
#: opening quote and frequent German words; quoted document steps (lang="de") are not in the reader text.
GERMAN = re.compile(r"[äöüÄÖÜß„]|\b(der|die|das|und|nicht|ist|ein|eine|mit|auf|Stein|Steine|Runde|Spieler|Zug|"
                    r"du|dein|deine|Partie|Auslage|Anlegestelle|Tipp|Aufgabe|Punkte|Regelmaschine|Abrechnung)\b")


def german_words(text: str) -> list[str]:
    return sorted({m.group(0) for m in GERMAN.finditer(text)})


def edition(path: str) -> tuple[str, str]:
    """The edition of a page (``de``; ``en`` for the English one under en/) and the page's German path."""
    return ("en", path.removeprefix("en/")) if path.startswith("en/") else ("de", path)


def one_plurals(text: str) -> list[str]:
    return sorted({m.group(0) for m in ONE_PLURAL.finditer(text)})


def seat_numbers(text: str) -> list[str]:
    return sorted({m.group(0) for m in SEAT_NUMBER.finditer(text)})


def test_reader_text_checks_can_fail():
    assert seat_numbers("Du bist Sitz 0. Sitze 0 und 2, Seite 0") == ["Seite 0", "Sitz 0", "Sitze 0"]
    assert seat_numbers("Spieler 1 und Spieler 3; links; die Sitzordnung; ein leerer Sitz") == []
    assert one_plurals("1 Steine, 1 Augen; 21 Steine, 1 Stein, 2,1 Punkte") == ["1 Augen", "1 Steine"]
    assert english_words("Die Runde endet. The layout is empty.") == ["The", "is", "layout"]
    assert english_words("Horse Race und Fives and Threes mit Spinner") == []
    assert german_words("Your turn. Wähle einen Stein.") == ["Stein", "ä"] and not german_words("Choose a tile.")
    assert edition("en/book/spielen.html") == ("en", PLAY_PAGE) and edition(PLAY_PAGE) == ("de", PLAY_PAGE)
    assert python_values("Punktestand: [0, 2]") and python_values("{15: 15, 16: 15}")
    assert python_values("IllegalPlacement: no") and python_values("Wert None")
    assert python_values("Feld hand_sizes") and not python_values("Punktestand 0 : 2, Stein [1|4]")


def _open(browser, base: str, path: str, viewport: str, scheme: str):
    context = browser.new_context(viewport=VIEWPORTS[viewport], device_scale_factor=2 if viewport == "phone" else 1,
                                  color_scheme=scheme, is_mobile=viewport == "phone", has_touch=viewport == "phone")
    page = context.new_page()
    page.missing = []          # assets the page asked for and did not get (a pruned font, a lost script)
    page.on("response", lambda r: page.missing.append(urlsplit(r.url).path) if r.status >= 400 else None)
    host = urlsplit(base).hostname
    page.route("**/*", lambda route: route.continue_() if urlsplit(route.request.url).hostname == host
               else route.abort())
    page.goto(base + path, wait_until="load")
    if page.locator("script[type='application/vnd.jupyter.widget-state+json']").count():
        page.wait_for_selector(".dominolab-stepper", state="visible", timeout=20_000)
    if page.locator(".dl-lesson, .dl-lesson-map").count():
        # the lessons are written by book/_widgetjs/lessons/*.js: check what a learner sees, not "loading"
        page.wait_for_selector("html[data-lessons-ready] [data-exercise], html[data-lessons-ready] .dl-map-entry",
                               timeout=20_000)
    page.evaluate("() => document.fonts.ready")
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    page.wait_for_timeout(300)
    return context, page


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("viewport", list(VIEWPORTS))
@pytest.mark.parametrize("path", PAGES or ["index.html"])
def test_page_for_learners(site, path, viewport, scheme):
    base, browser = site
    lang, page_of = edition(path)      # the English edition's pages are checked as their German counterparts
    context, page = _open(browser, base, path, viewport, scheme)
    problems: list[str] = []
    try:
        if scheme == "dark":
            assert page.evaluate("() => document.documentElement.dataset.theme") == "dark"
        # a mobile browser widens its layout viewport to the content (innerWidth grows with it):
        # compare with the device width itself
        width = VIEWPORTS[viewport]["width"]
        size = page.evaluate(OVERFLOW_JS, width)
        if max(size["scroll"], size["inner"]) > width + 1:
            problems.append(f"page scrolls sideways: {size['scroll']} px wide on a {width} px screen; {size['widest']}")
        if page_of == PLAY_PAGE:
            # the game's own controls (hand tiles, moves, log, settings) are there once the engine runs
            page.wait_for_selector("#dominolab-play:is([data-state=your-turn],[data-state=round-over],"
                                   "[data-state=match-over])", timeout=90_000)
        unnamed = page.evaluate(UNNAMED_JS)
        if unnamed:
            problems.append(f"controls without a name: {unnamed}")
        if page.missing:
            problems.append(f"requests that found nothing: {sorted(set(page.missing))}")
        if viewport == "phone":
            small = page.evaluate(DRAWING_TEXT_JS, MIN_DRAWING_TEXT_PX)
            if small:
                problems.append(f"drawing text under {MIN_DRAWING_TEXT_PX} px: {small}")
        if page_of in RULE_CHAPTERS:
            code = page.evaluate(VISIBLE_CODE_JS)
            if code:
                problems.append(f"visible code input: {code}")
        if page_of in RULE_CHAPTERS or page_of == PLAY_PAGE:
            # the play page too: its game (log, moves, tips, summaries) and its prose, once the engine runs;
            # a German page shows no English, an English page no German
            text = page.evaluate(READER_TEXT_JS)
            if lang == "de" and english_words(text):
                problems.append(f"English in reader text: {english_words(text)}")
            if lang == "en" and german_words(text):
                problems.append(f"German in reader text: {german_words(text)}")
            if python_values(text):
                problems.append(f"Python values in reader text: {python_values(text)}")
        if page_of in READER_PAGES:
            # the whole page: folded step texts, drawings and the steppers' widget state (every frame) included
            shown = page.evaluate("() => document.body.textContent") + (BUILD / path).read_text(encoding="utf-8")
            if seat_numbers(shown):
                problems.append(f"seats numbered from 0: {seat_numbers(shown)}")
            if one_plurals(shown):
                problems.append(f"a number 1 with a plural noun: {one_plurals(shown)}")
        SHOTS.mkdir(parents=True, exist_ok=True)
        name = path.replace("/", "_").removesuffix(".html")
        page.screenshot(path=str(SHOTS / f"{name}-{width}-{scheme}.png"), full_page=scheme == "light")
    finally:
        context.close()
    assert not problems, f"{path} at {viewport} ({scheme}):\n" + "\n".join(problems)


def test_every_exercise_text_speaks_german_to_the_learner():
    """All texts of every exercise (questions, feedback, explanations, hints, labels - most of them shown only
    after an answer, so the page walk above never sees them): no English words beyond the allow-list, no Python
    values, no seat numbered from 0."""
    from dominolab.book.lessons import exercise_data
    from dominolab.lessons.catalogue import lesson_exercises, puzzles

    def texts(value):
        if isinstance(value, str):
            yield value
        elif isinstance(value, dict):
            for key, item in value.items():
                if key not in ("svg", "tile", "value", "point", "key", "id", "version", "kind", "game", "answers",
                               "name"):     # machine values; the other hands' names are added below
                    yield from texts(item)
        elif isinstance(value, (list, tuple)):
            for item in value:
                yield from texts(item)

    problems = []
    exercises = list(lesson_exercises()) + list(puzzles())
    assert len(exercises) > 50
    for ex in exercises:
        data = exercise_data(ex)
        reader = [data.get(k) for k in ("question", "info", "explanation", "hint", "kindWords", "others", "inputs",
                                        "rules", "tokens")]
        reader += [c["feedback"] for c in data["choices"]] + [o["name"] for o in data["others"]]
        text = " ".join(texts(reader))
        # notation inside a move (``[1|4]@[4|4].high``) never reaches a reader; identifiers are not German
        found = english_words(text) + seat_numbers(text) + one_plurals(text) + [v for v in python_values(text) if "identifier" not in v]
        if found:
            problems.append(f"{ex.id}: {found}")
    assert not problems, "\n".join(problems[:20])


#: English words of theme controls (beside ENGLISH): none of them is German.
CONTROL_ENGLISH = ENGLISH | {"toggle", "search", "contents", "download", "back", "top", "skip", "main", "content",
                             "previous", "next", "sidebar", "heading", "copy", "copied", "theme", "light", "dark",
                             "mode", "click", "page", "to", "primary", "secondary", "hidden", "fullscreen", "book",
                             "term", "image", "close", "menu", "results", "system", "version", "banner"}

CONTROL_NAMES_JS = """() => {
  const out = [];
  const els = document.querySelectorAll('button, a[href], input, select, textarea, summary, [role=slider], '
                                        + '[role=button], [aria-label], [title], [placeholder], [data-bs-title]');
  for (const el of els) {
    if (el.closest('article.bd-article .cell_output, svg')) continue;   // page content is checked as reader text
    for (const a of ['aria-label', 'title', 'placeholder', 'data-bs-title']) {
      if (el.getAttribute(a)) out.push(el.getAttribute(a));
    }
    if (el.matches('button, summary, [role=button]')) out.push((el.textContent || '').trim());
  }
  return out;
}"""


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
@pytest.mark.parametrize("path", ["book/hr-grundlagen.html", "book/begriffe.html", "book/uebungen.html",
                                  "book/beispielpartien.html"])
def test_every_control_of_the_theme_speaks_german(site, path, viewport):
    """Every fold, toggle and button - the theme's included (navigation, sidebars, search, colour mode,
    back to top, heading links) - is named in German, also those shown only at the other width."""
    base, browser = site
    context, page = _open(browser, base, path, viewport, "light")
    try:
        names = page.evaluate(CONTROL_NAMES_JS)
    finally:
        context.close()
    english = sorted({n for n in names
                      if {w.lower() for w in re.findall(r"[A-Za-z]+", n)} & CONTROL_ENGLISH
                      and not {w.lower() for w in re.findall(r"[A-Za-z]+", n)} <= ALLOWED})
    assert not english, f"{path} at {viewport}: English control names {english[:10]}"
