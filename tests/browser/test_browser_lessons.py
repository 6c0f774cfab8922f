"""Browser test of the lessons: the static pages alone, no kernel, no in-browser Python.

Needs a built book (python -m tools build -> _build/html, or $DOMINOLAB_BOOK_HTML), Debian
chromium and playwright; runs only with DOMINOLAB_BROWSER_TEST=1. The built HTML is served on
127.0.0.1 and every request to another host is aborted; one test opens the pages from file://.

Per game it solves one whole lesson by clicks on the drawing and again by keyboard alone (Tab,
Enter, Space, digits), gives one wrong answer per kind and checks the German reason, checks the
stars, reloads to find the progress kept, and resets it (per lesson and on the map). The right
answers come from the engine (dominolab.lessons), not from the page.
"""

from __future__ import annotations

import os
import re
import shutil
import time
from urllib.parse import urlsplit

import pytest

from tools.browserkit import BUILD, CHROMIUM, REQUIRED, chromium, missing, serve

from dominolab.lessons.catalogue import exercise_json, lesson, puzzles
from dominolab.lessons.pools import pool
from dominolab.lessons.pools import POOL_KINDS

pytestmark = pytest.mark.skipif(not REQUIRED, reason="set DOMINOLAB_BROWSER_TEST=1 to run the browser tests")

LESSONS = {"horse-race": "hr-spinner", "fives-and-threes": "ft-wertung"}
USABLE_MS = 5_000        # generous bound on a loaded machine; tools/bench/lessons_timing.py states the figures
FEEDBACK_MS = 1_000


def _answers() -> dict[str, dict]:
    out = {}
    for chapter in ("hr-grundlagen", "hr-spinner", "hr-wertung", "hr-abrechnung", "ft-grundlagen", "ft-wertung"):
        for ex in lesson(chapter)[1]:
            out[ex.id] = exercise_json(ex)
    for ex in puzzles():
        out[ex.id] = exercise_json(ex)
    for game in ("horse-race", "fives-and-threes"):
        for kind in POOL_KINDS:
            for ex in pool(game, kind):
                out[ex.id] = exercise_json(ex)
    return out


ANSWERS = _answers() if REQUIRED else {}


def _missing() -> str | None:
    return missing((BUILD / "book" / "uebungen.html",
                    f"no built lessons at {BUILD / 'book'} (run python -m tools build first)"), need_playwright=False)

class Watch:
    def __init__(self, page):
        self.errors: list[str] = []
        page.route("**/*", self._route)
        page.on("pageerror", lambda exc: self.errors.append(f"pageerror: {exc}"))
        page.on("response", lambda r: self.errors.append(f"HTTP {r.status}: {r.url}") if r.status >= 400 else None)

    def _route(self, route):
        url = urlsplit(route.request.url)
        if url.scheme == "file" or url.hostname == "127.0.0.1":
            route.continue_()
        else:
            self.errors.append(f"asked another host: {route.request.url}")
            route.abort()

    def check(self):
        assert not self.errors, "\n".join(self.errors)


def _open(browser, url: str, width: int = 390):
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    watch = Watch(page)
    start = time.monotonic()
    page.goto(url)
    page.wait_for_selector("html[data-lessons-ready] [data-exercise], html[data-lessons-ready] .dl-map-entry",
                           timeout=USABLE_MS * 6)
    return context, page, watch, (time.monotonic() - start) * 1000


def _ids(page) -> list[str]:
    return page.eval_on_selector_all("[data-exercise]", "els => els.map(e => e.dataset.exercise)")


def _feedback(ex) -> str:
    return ex.locator("[data-feedback]").inner_text()


# -- answering, by mouse and by keyboard ----------------------------------------------------------

def _tab_to(page, selector: str, limit: int = 400) -> None:
    """Press Tab until the focused element matches ``selector`` (keyboard only, no clicks)."""
    for _ in range(limit):
        if page.evaluate("s => !!document.activeElement && document.activeElement.matches(s)", selector):
            return
        page.keyboard.press("Tab")
    pytest.fail(f"Tab never reached {selector}", pytrace=False)


def _solve(page, ex_id: str, keyboard: bool) -> None:
    entry = ANSWERS[ex_id]
    ex = page.locator(f'[data-exercise="{ex_id}"]')
    scope = f'[data-exercise="{ex_id}"] '
    answers = entry["answers"]
    kind = entry["kind"]

    def press(selector: str) -> None:
        if keyboard:
            _tab_to(page, scope + selector)
            page.keyboard.press("Enter")
        else:
            ex.locator(selector).click()

    if kind in ("place-to-goal", "best-move"):
        tile, point = answers[0].split("@")
        press(f'[data-tile="{tile}"]')
        press(f'[data-point="{point}"]')
    elif kind == "where-may-it-go":
        for a in answers:
            point = a.split("@")[1]
            if keyboard:
                _tab_to(page, scope + f'[data-point="{point}"]')
                page.keyboard.press("Space")
            else:
                ex.locator(f'[data-point="{point}"]').click()
        press("[data-check]")
    elif kind in ("what-does-it-score", "settle-the-round"):
        for name, value in answers.items():
            if keyboard:
                _tab_to(page, scope + f'[data-answer-input="{name}"]')
                page.keyboard.type(str(value))
            else:
                ex.locator(f'[data-answer-input="{name}"]').fill(str(value))
        if keyboard:
            page.keyboard.press("Enter")
        else:
            ex.locator("[data-check]").click()
    else:
        press(f'[data-answer="{answers[0]}"]')
    assert ex.get_attribute("data-state") == "solved", f"{ex_id}: {_feedback(ex)}"


def _wrong(page, ex_id: str) -> str:
    """One wrong answer of the exercise's kind; return the German feedback."""
    entry = ANSWERS[ex_id]
    ex = page.locator(f'[data-exercise="{ex_id}"]')
    kind = entry["kind"]
    if kind in ("place-to-goal", "best-move"):
        hand = ex.locator("[data-tile]").evaluate_all("els => els.map(e => e.dataset.tile)")
        points = ex.locator("circle[data-point]").evaluate_all("els => els.map(e => e.dataset.point)")
        wrong = next(f"{t}@{p}" for t in hand for p in points if f"{t}@{p}" not in entry["answers"])
        tile, point = wrong.split("@")
        ex.locator(f'[data-tile="{tile}"]').click()
        ex.locator(f'[data-point="{point}"]').click()
    elif kind == "where-may-it-go":
        points = ex.locator("circle[data-point]").evaluate_all("els => els.map(e => e.dataset.point)")
        wrong = next(p for p in points if f"{entry['tile']}@{p}" not in entry["answers"])
        ex.locator(f'[data-point="{wrong}"]').click()
        ex.locator("[data-check]").click()
        ex.locator(f'[data-point="{wrong}"]').click()         # take it back for the right answer later
    elif kind in ("what-does-it-score", "settle-the-round"):
        for name, value in entry["answers"].items():
            ex.locator(f'[data-answer-input="{name}"]').fill(str(value + 1))
        ex.locator("[data-check]").click()
    else:
        token = next(t for t in ("continue", "turn-passes", "draw", "play-drawn", "pass", "round-ends")
                     if t != entry["answers"][0])
        ex.locator(f'[data-answer="{token}"]').click()
    assert ex.get_attribute("data-state") == "open"
    return _feedback(ex)


GERMAN_REASON = {
    "place-to-goal": r"Nicht richtig\. (Nicht erlaubt: (Die Augen passen nicht|.*schon belegt)|Erlaubt, aber nicht das Ziel: "
                     r".* ergibt die Endsumme \d+( und bringt|\.))",   # a sum goal names only the sum
    "best-move": r"Nicht richtig\. (Nicht erlaubt: |Erlaubt, aber schwächer)",
    "where-may-it-go": r"Nicht jede gewählte Stelle passt:.*(Die Augen passen nicht|Seitenarm|schon belegt)",
    "what-does-it-score": (r"Nicht richtig\. Prüfe „Endsumme“ \(zu hoch\); „Punkte für das Anlegen“ \(zu hoch\)\. "
                           r"So wird „Endsumme“ gerechnet: .+\. So wird „Punkte für das Anlegen“ gerechnet: "
                           r".*geteilt durch .+\.\s+Versuche es noch einmal"),
    "settle-the-round": r"Nicht richtig\. Prüfe „Punkte: .*“ \(zu hoch\).*\. So wird „Punkte: .*“ gerechnet: .+\.\s+Versuche es noch einmal",
    "what-happens-next": r"Nein, nicht „.*“\. \w.+\.\s+Versuche es noch einmal",   # and why: the rule it breaks
}


def _lesson_url(server: str, chapter: str) -> str:
    return f"{server}book/{chapter}.html"


@pytest.mark.parametrize("game", list(LESSONS))
def test_solve_a_lesson_by_clicks_and_by_keyboard(browser, server, game: str) -> None:
    chapter = LESSONS[game]
    context, page, watch, usable_ms = _open(browser, _lesson_url(server, chapter))
    try:
        print(f"\n{chapter}: lesson usable after {usable_ms:.0f} ms")
        assert usable_ms < USABLE_MS * 6
        section = page.locator(f'.dl-lesson[data-lesson="{chapter}"]')
        section.locator("[data-reset-lesson]").click()
        ids = [i for i in _ids(page) if not i.startswith("pool-")]
        assert ids == [ex.id for ex in lesson(chapter)[1]]
        # tap targets on the drawing are at least 24 CSS px on a 390 px phone
        for box in page.eval_on_selector_all(".dl-hit", "els => els.map(e => e.getBoundingClientRect().width)"):
            assert box >= 24
        # 1. clicks on the drawing: every exercise first try, 3 stars each
        for ex_id in ids:
            _solve(page, ex_id, keyboard=False)
            assert page.get_attribute(f'[data-exercise="{ex_id}"]', "data-stars") == "3"
        assert f"{3 * len(ids)} von {3 * len(ids)} Sternen" in section.locator("[data-lesson-progress]").inner_text()
        # 2. reload: the progress is kept
        page.reload()
        page.wait_for_selector("html[data-lessons-ready] [data-exercise]")
        assert [page.get_attribute(f'[data-exercise="{i}"]', "data-state") for i in ids] == ["solved"] * len(ids)
        # 3. reset, then the keyboard alone (the page may apply the reset a moment after the click returns)
        section.locator("[data-reset-lesson]").click()
        page.wait_for_function("ids => ids.every(i => document.querySelector(`[data-exercise='${i}']`)"
                               ".getAttribute('data-state') === 'open')", arg=ids, timeout=10_000)
        assert [page.get_attribute(f'[data-exercise="{i}"]', "data-state") for i in ids] == ["open"] * len(ids)
        page.locator("body").click(position={"x": 1, "y": 1})
        for ex_id in ids:
            _solve(page, ex_id, keyboard=True)
        # 4. one wrong answer per kind, with the German reason; the right answer then gets 2 stars;
        #    a hint costs a star too; "Lösung zeigen" gives none
        section.locator("[data-reset-lesson]").click()
        seen: set[str] = set()
        for ex_id in ids:
            kind = ANSWERS[ex_id]["kind"]
            if kind in seen:
                continue
            seen.add(kind)
            start = time.monotonic()
            text = _wrong(page, ex_id)
            feedback_ms = (time.monotonic() - start) * 1000
            assert re.search(GERMAN_REASON[kind], text, re.S), f"{ex_id}: {text}"
            _solve(page, ex_id, keyboard=False)
            assert page.get_attribute(f'[data-exercise="{ex_id}"]', "data-stars") == "2"
            print(f"{ex_id} ({kind}): feedback after {feedback_ms:.0f} ms (playwright round trip)")
        rest = [i for i in ids if page.get_attribute(f'[data-exercise="{i}"]', "data-state") == "open"]
        page.locator(f'[data-exercise="{rest[0]}"] [data-hint]').click()
        assert page.locator(f'[data-exercise="{rest[0]}"] .dl-hint-text').inner_text().startswith("Tipp: ")
        _solve(page, rest[0], keyboard=False)
        assert page.get_attribute(f'[data-exercise="{rest[0]}"]', "data-stars") == "2"
        page.locator(f'[data-exercise="{rest[1]}"] [data-reveal]').click()
        assert page.get_attribute(f'[data-exercise="{rest[1]}"]', "data-state") == "revealed"
        assert page.get_attribute(f'[data-exercise="{rest[1]}"]', "data-stars") == "0"
        # 5. "Neue Aufgabe" replaces the element with another exercise of the same kind
        first = ids[0]
        kind = ANSWERS[first]["kind"]
        page.locator(f'[data-exercise="{first}"] [data-new]').click()
        page.wait_for_selector(f'[data-exercise="{first}"]', state="detached")
        new_ids = _ids(page)
        assert first not in new_ids and new_ids[0].startswith("pool-") and ANSWERS[new_ids[0]]["kind"] == kind
        _solve(page, new_ids[0], keyboard=False)
        # 6. the map shows the stars, reload keeps them, reset all clears them
        page.goto(f"{server}book/uebungen.html")
        page.wait_for_selector(".dl-map-entry")
        stars = int(page.get_attribute(f'[data-map-lesson="{chapter}"]', "data-map-stars"))
        assert stars > 0
        page.reload()
        page.wait_for_selector(".dl-map-entry")
        assert int(page.get_attribute(f'[data-map-lesson="{chapter}"]', "data-map-stars")) == stars
        page.locator("[data-reset-all]").click()
        assert page.get_attribute(f'[data-map-lesson="{chapter}"]', "data-map-stars") == "0"
        watch.check()
    finally:
        context.close()


def test_puzzles_page_answers_by_clicks(browser, server) -> None:
    context, page, watch, _ = _open(browser, f"{server}book/aufgaben-puzzles.html")
    try:
        ids = _ids(page)
        assert len(ids) >= 30
        text = _wrong(page, ids[0])
        assert re.search(GERMAN_REASON["best-move"], text), text
        _solve(page, ids[0], keyboard=False)
        # the best move explained by its reasons and parts; how it was computed folded (issue 28, point 4)
        ex = page.locator(f'[data-exercise="{ids[0]}"]')
        said = _feedback(ex)
        assert "Bester Zug: " in said and "setzt sich so zusammen" in said and "Stichproben" not in said, said
        fold = ex.locator("details.dl-puzzle-how")
        assert fold.count() == 1 and fold.locator("summary").inner_text() == "Wie gerechnet?"
        assert not fold.locator("p").is_visible()
        fold.locator("summary").click()
        assert re.match(r"Stufe „stark“ mit 1000 ms Denkzeit über \d+ zufällige", fold.locator("p").inner_text())
        _solve(page, ids[1], keyboard=True)
        # "Lösung zeigen": the same explanation and the same fold
        third = page.locator(f'[data-exercise="{ids[2]}"]')
        third.locator("[data-reveal]").click()
        assert "Bester Zug: " in _feedback(third) and third.locator("details.dl-puzzle-how").count() == 1
        watch.check()
    finally:
        context.close()


def test_blocked_storage_still_works_and_says_so(browser, server) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 900})
    context.add_init_script("Object.defineProperty(window, 'localStorage', {get() {"
                            "throw new DOMException('blocked', 'SecurityError'); }});")
    page = context.new_page()
    watch = Watch(page)
    try:
        page.goto(_lesson_url(server, "ft-grundlagen"))
        page.wait_for_selector("html[data-lessons-ready] [data-exercise]")
        assert "nicht behalten" in page.locator(".dl-storage-note").inner_text()
        first = _ids(page)[0]
        _solve(page, first, keyboard=False)
        assert page.get_attribute(f'[data-exercise="{first}"]', "data-stars") == "3"
        # the theme's own scripts read localStorage too and fail loudly; only those errors are expected
        watch.errors = [e for e in watch.errors if e != "pageerror: blocked"]
        watch.check()
    finally:
        context.close()


def test_from_file_url_and_in_the_dark_theme(browser) -> None:
    url = (BUILD / "book" / "hr-grundlagen.html").as_uri()
    context, page, watch, usable_ms = _open(browser, url)
    try:
        first = _ids(page)[0]
        _solve(page, first, keyboard=False)
        page.reload()
        page.wait_for_selector("html[data-lessons-ready] [data-exercise]")
        assert page.get_attribute(f'[data-exercise="{first}"]', "data-state") == "solved"
        light = page.eval_on_selector(".dl-stars", "e => getComputedStyle(e).color")
        page.evaluate("document.documentElement.dataset.theme = 'dark'")
        dark = page.eval_on_selector(".dl-stars", "e => getComputedStyle(e).color")
        assert light != dark
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 400, f"the page scrolls sideways on a 390 px phone ({width} px)"
        watch.check()
    finally:
        context.close()


# -- stars that mean something: no answer given away, none earned after "Lösung zeigen" -----------

_TILE = re.compile(r"\[\d\|\d\]")


def _numbers(text: str) -> set[str]:
    return set(re.findall(r"\d+", _TILE.sub(" ", text)))


def _first_of_kind(kinds: tuple[str, ...]) -> tuple[str, str]:
    for chapter in ("hr-grundlagen", "hr-spinner", "hr-wertung", "hr-abrechnung", "ft-grundlagen", "ft-wertung"):
        for ex in lesson(chapter)[1]:
            if ex.kind in kinds:
                return chapter, ex.id
    raise AssertionError(f"no lesson has an exercise of {kinds}")


@pytest.mark.parametrize("kind", ["what-does-it-score", "settle-the-round", "what-happens-next"])
def test_a_wrong_answer_gives_nothing_away_and_a_shown_solution_earns_no_star(browser, server, kind: str) -> None:
    """A wrong answer says what is wrong, not what is right (no number of the solution; in "Was passiert
    jetzt?" no number at all); "Lösung zeigen" earns no star, also when the shown answer is typed in."""
    chapter, ex_id = _first_of_kind((kind,))
    context, page, watch, _ = _open(browser, _lesson_url(server, chapter), width=1280)
    try:
        section = page.locator(f'.dl-lesson[data-lesson="{chapter}"]')
        section.locator("[data-reset-lesson]").click()
        page.wait_for_function("i => document.querySelector(`[data-exercise='${i}']`).dataset.state === 'open'",
                               arg=ex_id, timeout=10_000)
        ex = page.locator(f'[data-exercise="{ex_id}"]')
        answers = ANSWERS[ex_id]["answers"]
        # a wrong answer: what is wrong, not what is right
        text = _wrong(page, ex_id)
        if kind == "what-happens-next":
            assert not _numbers(text), f"{ex_id}: a number in the wrong-answer feedback: {text}"
        else:
            right = {str(v) for v in answers.values()}
            assert "zu hoch" in text and not (_numbers(text) & right), f"{ex_id}: the answer is given away: {text}"
        # the solution only on request, and then no star ...
        ex.locator("[data-reveal]").click()
        assert ex.get_attribute("data-state") == "revealed" and ex.get_attribute("data-stars") == "0"
        assert "keine Sterne" in _feedback(ex)
        if kind == "what-happens-next":
            watch.check()
            return
        # ... also when the learner types the shown answer in
        for name, value in answers.items():
            ex.locator(f'[data-answer-input="{name}"]').fill(str(value))
        ex.locator("[data-check]").click()
        assert ex.get_attribute("data-state") == "revealed" and ex.get_attribute("data-stars") == "0"
        assert "keine Sterne" in _feedback(ex) and "★" not in ex.locator(".dl-stars").inner_text()
        assert "0 von " in section.locator("[data-lesson-progress]").inner_text()
        page.reload()
        page.wait_for_selector("html[data-lessons-ready] [data-exercise]")
        assert page.get_attribute(f'[data-exercise="{ex_id}"]', "data-stars") == "0"
        # the page says how stars are earned, next to the progress line
        rule = page.locator(f'.dl-lesson[data-lesson="{chapter}"] .dl-stars-rule').inner_text()
        assert "Sterne" in rule and "Lösung zeigen" in rule, rule
        watch.check()
    finally:
        context.close()


def test_no_selection_prompt_after_the_answer(browser, server) -> None:
    chapter, ex_id = _first_of_kind(("place-to-goal",))
    context, page, watch, _ = _open(browser, _lesson_url(server, chapter), width=1280)
    try:
        page.locator(f'.dl-lesson[data-lesson="{chapter}"] [data-reset-lesson]').click()
        page.wait_for_function("i => document.querySelector(`[data-exercise='${i}']`).dataset.state === 'open'",
                               arg=ex_id, timeout=10_000)
        ex = page.locator(f'[data-exercise="{ex_id}"]')
        tile, point = ANSWERS[ex_id]["answers"][0].split("@")
        ex.locator(f'[data-tile="{tile}"]').click()
        assert "Gewählt" in ex.locator(".dl-status").inner_text()
        ex.locator(f'[data-point="{point}"]').click()
        assert ex.get_attribute("data-state") == "solved"
        assert "Richtig!" in _feedback(ex)
        shown = ex.inner_text()
        assert "Gewählt" not in shown and "Wähle jetzt" not in shown, shown
        watch.check()
    finally:
        context.close()
