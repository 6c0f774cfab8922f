"""The play page, its review, the lessons and the puzzles on the English edition (issue 31, points 2 and 4).

The same walks as the German browser tests (tests/browser/test_browser_play.py, tests/browser/test_browser_lessons.py), on
the English pages (``_build/html/en/...``, the edition built with ``-D language=en`` and
``DOMINOLAB_BOOK_LANG=en``): a round played by hand to its end, the review, a wrong and a right lesson
answer, a puzzle. Each asserts that the page shows no German outside elements marked ``lang="de"``
(quoted document steps) and that the ``data-*`` attributes the tests read are the same as on the German
page. Skipped when the English edition is not built; runs only with DOMINOLAB_BROWSER_TEST=1.
"""

from __future__ import annotations

import re

import pytest

from tools.browserkit import BUILD, REQUIRED
from playkit import _attr, _missing, _wait_ready, Watch  # noqa: F401 - _missing: conftest

pytestmark = pytest.mark.skipif(not REQUIRED, reason="set DOMINOLAB_BROWSER_TEST=1 to run the browser tests")

EN = BUILD / "en"

#: Letters and words that give German away in an English text (whole words, case-sensitive where the
#: English word differs only in case). A German word inside an element with lang="de" is allowed.
GERMAN_LETTERS = re.compile(r"[äöüÄÖÜß„]")
GERMAN_WORDS = re.compile(r"\b(der|die|das|und|nicht|ist|ein|eine|mit|auf|Stein|Steine|Runde|Spieler|Zug|Züge|"
                          r"du|dein|deine|Partie|Auslage|Anlegestelle|Tipp|Lösung|Aufgabe|Fehler|Punkte|"
                          r"Regelmaschine|Abrechnung|Talon|zurück|Weiter|gezogen|klopft|passt)\b")

#: The text of an element without its lang="de" parts (quoted document steps) and without code.
VISIBLE_TEXT = """(root) => {
  if (!root) return "";
  const copy = root.cloneNode(true);
  for (const x of copy.querySelectorAll('[lang="de"], code, script, style, [hidden]')) x.remove();
  return copy.innerText || copy.textContent || "";
}"""
#: Every data-* attribute name inside an element (the automation contract), sorted.
DATA_NAMES = """(root) => {
  const names = new Set();
  for (const el of [root, ...root.querySelectorAll('*')]) {
    for (const a of el.attributes) if (a.name.startsWith('data-')) names.add(a.name);
  }
  return [...names].sort();
}"""


def en_page(name: str) -> str | None:
    """The English counterpart of the German page ``book/NAME.html`` (None when not built)."""
    for path in (EN / "book" / f"{name}.html", EN / f"{name}.html"):
        if path.is_file():
            return path.relative_to(BUILD).as_posix()
    return None


def german_in(text: str) -> list[str]:
    """The German letters and words found in ``text`` (an English page's text)."""
    return sorted(set(GERMAN_LETTERS.findall(text)) | set(GERMAN_WORDS.findall(text)))


def assert_english(page, selector: str) -> None:
    text = page.eval_on_selector(selector, VISIBLE_TEXT)
    found = german_in(text)
    assert not found, f"German in {selector} of the English page: {found}\n{text[:2000]}"


def test_the_german_detector_finds_german_and_passes_english() -> None:
    assert "Zug" in german_in("Du bist am Zug.")
    assert german_in("Wähle einen Stein deiner Hand.")
    assert not german_in("Your turn. Choose a tile of your hand. Round 1 – target 61. Hint: [1|2] to open.")


def _need(name: str) -> str:
    path = en_page(name)
    if path is None:
        pytest.skip(f"the English edition is not built ({EN} has no {name}.html)")
    return path


def _open(browser, url: str, width: int = 1280):
    context = browser.new_context(viewport={"width": width, "height": 900}, accept_downloads=True)
    page = context.new_page()
    watch = Watch(page)
    page.goto(url)
    return context, page, watch


def _play_to_the_end(page) -> list[list[str]]:
    """Play the first move button each turn until the round is over; the data-* names seen at each turn."""
    state = _wait_ready(page, "first turn")
    seen = []
    turns = 0
    while state == "your-turn":
        turns += 1
        assert turns < 80, "the round does not end"
        seen.append(page.eval_on_selector("#dominolab-play", DATA_NAMES))
        before = _attr(page, "data-renders")
        page.locator("#dominolab-play button[data-move]").first.click()
        page.wait_for_function(
            f"() => document.getElementById('dominolab-play').dataset.renders !== '{before}'", timeout=30_000)
        state = _wait_ready(page, f"after move {turns}")
    assert state in ("round-over", "match-over")
    return seen


def test_english_play_page_round_and_review_match_the_german(server, browser) -> None:  # noqa: F811
    english = _need("spielen")
    deal = "game=horse-race&players=2&seed=4&bots=greedy"
    runs = {}
    for lang, path in (("de", "book/spielen.html"), ("en", english)):
        context, page, watch = _open(browser, f"{server}{path}?{deal}")
        try:
            assert page.evaluate("() => document.documentElement.lang").startswith(lang)
            seen = _play_to_the_end(page)
            area = "#dominolab-play"
            if lang == "en":
                assert_english(page, area)
                assert page.inner_text("[data-next-round]:not([hidden]), .dl-primary:not([hidden])").strip()
            # the review: one row per decision, reasons under costly rows
            page.click("[data-analyse]")
            page.wait_for_selector(".dl-review-table tr[data-decision]", timeout=240_000)
            rows = page.locator(".dl-review-table tr[data-decision]").evaluate_all(
                "rs => rs.map(r => [r.dataset.decision, r.dataset.loss])")
            if lang == "en":
                assert_english(page, ".dl-review")
                assert re.search(r"\d+(\.\d)? points?", page.inner_text(".dl-review-table")), "losses in English"
            runs[lang] = {"seen": seen, "rows": rows, "end": page.eval_on_selector(area, DATA_NAMES),
                          "moves": page.locator("[data-log] [data-event]").count()}
            watch.check()
        finally:
            context.close()
    assert runs["en"] == runs["de"], "the English page differs from the German one in its data-* contract"


def test_english_lesson_wrong_then_right(server, browser) -> None:  # noqa: F811
    import test_browser_lessons as lessons

    path = _need("hr-grundlagen")
    context, page, watch = _open(browser, f"{server}{path}", width=390)
    try:
        page.wait_for_selector("html[data-lessons-ready] [data-exercise]", timeout=30_000)
        ids = lessons._ids(page)
        first = next(i for i in ids if i in lessons.ANSWERS)
        said = lessons._wrong(page, first)
        assert said.strip() and not german_in(said), said
        lessons._solve(page, first, keyboard=False)
        ex = page.locator(f'[data-exercise="{first}"]')
        assert ex.get_attribute("data-stars") in ("1", "2")
        assert_english(page, ".dl-lesson")
        watch.check()
    finally:
        context.close()


def test_english_puzzle_answered(server, browser) -> None:  # noqa: F811
    import test_browser_lessons as lessons

    path = _need("aufgaben-puzzles")
    context, page, watch = _open(browser, f"{server}{path}", width=390)
    try:
        page.wait_for_selector("html[data-lessons-ready] [data-exercise]", timeout=30_000)
        ids = lessons._ids(page)
        said = lessons._wrong(page, ids[0])
        assert said.strip() and not german_in(said), said
        lessons._solve(page, ids[0], keyboard=False)
        assert_english(page, ".dl-lesson")
        watch.check()
    finally:
        context.close()
