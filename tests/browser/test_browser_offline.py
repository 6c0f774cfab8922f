"""The published book under a sub-path, and offline after one visit (issue 33).

Needs a built book (python -m tools build -> _build/html, or $DOMINOLAB_BOOK_HTML), Debian chromium
and playwright; runs only with DOMINOLAB_BROWSER_TEST=1.

The publish folder is written by tools/book/publish.py (what ``make publish`` runs after the build) and
served under ``/some/where/`` by a plain static server that sets nothing but the MIME types. In one
browser profile at a phone's width the test visits the start page, a chapter (steps its stepper), a
lesson (solves an exercise) and the play page (plays a round) once; checks that the service worker
controls the pages, has stored every file of the build and that the book is installable; then cuts
the network (the server stops, the browser goes offline: every request fails) and reloads each
page, steps the stepper, solves another exercise (the first one's progress kept), plays a round.
No request for a page or an engine file may fail. A second test publishes a new build over the old
one and checks that the worker replaces the old cache by the new one, whole.
Screenshots of the offline play page at 390 px: _build/screenshots/offline-play-390*.png.
"""

from __future__ import annotations

import os
import shutil
import threading
import time
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from tools.browserkit import BUILD, CHROMIUM, CHROMIUM_ARGS, REQUIRED, ROOT, built, chromium, free_port, missing
from playkit import _attr, _wait_ready
from tools.book import offline_site, publish

pytestmark = pytest.mark.skipif(not REQUIRED, reason="set DOMINOLAB_BROWSER_TEST=1 to run the browser tests")

SUB = "/some/where/"
CHAPTER = "book/hr-grundlagen.html"
LESSON = "book/hr-spinner.html"
PLAY = "book/spielen.html?game=horse-race&players=2&seed=7"
START = "book/intro.html"      # where index.html forwards to
#: the English edition (en/, issue 31) is stored by the same worker and opens offline too
ENGLISH_CHAPTER = "en/" + CHAPTER
PAGES = {"start": "index.html", "chapter": CHAPTER, "English chapter": ENGLISH_CHAPTER, "lesson": LESSON, "play": PLAY}
SHOTS = BUILD.parent / "screenshots"
LITE_PROBE = "lite/probe.txt"
FETCH_LITE = f"""() => fetch(document.documentElement.dataset.content_root + "{LITE_PROBE}", {{cache: "no-store"}})
    .then((r) => r.text(), (err) => "failed")"""
CACHE_TIMEOUT_S = 180       # the worker stores about 29 MB; generous for a loaded machine
ROUND_DEADLINE_S = 180


class Quiet(SimpleHTTPRequestHandler):
    """Files under ``prefix`` from ``directory``; nothing else (404). Only the types are set."""

    prefix = SUB
    outside: list[str] = []

    def translate_path(self, path: str) -> str:
        path = unquote(urlsplit(path).path)
        if not path.startswith(self.prefix):
            self.outside.append(path)
            return os.path.join(self.directory, "__outside_the_sub_path__")
        return super().translate_path("/" + path[len(self.prefix):])

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - the base class's name
        pass


class _Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: object, client_address: object) -> None:
        pass      # a browser that hangs up early (a page left before its files arrived) is no error


class SubPathServer:
    """A plain static server for ``folder`` at ``http://127.0.0.1:PORT/some/where/``; stop() cuts it."""

    def __init__(self, folder: Path) -> None:
        Quiet.outside = self.outside = []
        self.httpd = _Server(("127.0.0.1", free_port()), partial(Quiet, directory=str(folder)))
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()
        self.base = f"http://127.0.0.1:{self.httpd.server_address[1]}{SUB}"
        self.stopped = False

    def stop(self) -> None:
        if not self.stopped:
            self.stopped = True
            self.httpd.shutdown()
            self.httpd.server_close()


def _missing() -> str | None:
    return missing(built("book/spielen.html"),
                   (BUILD / offline_site.WORKER, f"no {offline_site.WORKER} in {BUILD} (tools/book/offline_site.py)"),
                   need_playwright=False)

@pytest.fixture(scope="module")
def published(tmp_path_factory):
    """The built book as ``make publish`` writes it (the ``browser`` fixture checks ``_missing`` first)."""
    missing = _missing()
    if missing:
        pytest.fail(f"browser test required but {missing}", pytrace=False)
    folder = tmp_path_factory.mktemp("publish") / "site"
    publish.publish(BUILD, folder)
    # the JupyterLite app's place (another build puts it there): never stored, always the network
    (folder / "lite").mkdir(exist_ok=True)
    (folder / "lite" / "probe.txt").write_text("lite", encoding="utf-8")
    return folder


class Watch:
    """Every failed request and HTTP error of a browser context (pages, workers, the service worker)."""

    def __init__(self, context, base: str) -> None:
        self.base = base
        self.failed: list[str] = []
        self.errors: list[str] = []
        self.foreign: list[str] = []
        context.on("requestfailed", lambda r: self.failed.append(f"{r.url} ({r.failure})"))
        context.on("response", lambda r: r.status >= 400 and self.errors.append(f"HTTP {r.status}: {r.url}"))
        context.on("request", self._request)

    def _request(self, request) -> None:
        if not request.url.startswith((self.base, "data:", "blob:")):
            self.foreign.append(request.url)

    def watch(self, page) -> None:
        page.on("pageerror", lambda exc: self.errors.append(f"pageerror on {page.url}: {exc}"))

    def check(self, what: str) -> None:
        # Not a file of the book that could not be had: the browser's own update check of sw.js
        # (fails offline); what a page left for the next one still loaded (its icon: cancelled); the
        # worker asking the HTTP cache alone for the engine's hashed files (a miss, no request leaves).
        failed = [f for f in self.failed
                  if not f.startswith((self.base + offline_site.WORKER, self.base + LITE_PROBE))
                  and not f.endswith(("(net::ERR_ABORTED)", "(net::ERR_CACHE_MISS)"))]
        assert not failed, f"{what}: failed requests:\n" + "\n".join(failed)
        assert not self.errors, f"{what}: errors:\n" + "\n".join(self.errors)
        assert not self.foreign, f"{what}: requests outside the site:\n" + "\n".join(self.foreign)


def _profile(browser, folder: Path, **options):
    """A browser with a profile on disk, as a reader's (a context without one counts as incognito,
    where Chromium offers no install)."""
    return browser.browser_type.launch_persistent_context(str(folder), executable_path=CHROMIUM, headless=True,
                                                          args=CHROMIUM_ARGS, **options)


def _open(page, base: str, rel: str) -> None:
    """Open a page; the start page (index.html) forwards to the book's first chapter."""
    page.goto(base + rel)
    if rel == "index.html":
        page.wait_for_url(base + START)
    page.wait_for_load_state("load")


# -- what a reader does on each page -----------------------------------------------------------

def _step_the_stepper(page) -> None:
    stepper = page.locator(".dominolab-stepper").first
    stepper.wait_for(state="visible", timeout=60_000)
    handle = stepper.locator(".noUi-handle").first
    frames = "s => Array.from(s.querySelectorAll('[data-frame]')).filter(e => e.offsetParent !== null).map(e => e.dataset.frame)"
    assert stepper.evaluate(frames) == ["0"]
    handle.focus()
    handle.press("ArrowRight")
    page.wait_for_function(f"() => ({frames})(document.querySelector('.dominolab-stepper')).join() === '1'", timeout=10_000)


def _solve_one(page, solved_before: list[str]) -> str:
    """Solve the first exercise of the lesson not in ``solved_before`` (answers from the engine)."""
    from test_browser_lessons import ANSWERS, _solve

    page.wait_for_selector("html[data-lessons-ready] [data-exercise]", timeout=60_000)
    ids = page.eval_on_selector_all("[data-exercise]", "els => els.map(e => e.dataset.exercise)")
    for ex_id in solved_before:
        assert page.get_attribute(f'[data-exercise="{ex_id}"]', "data-state") == "solved", f"{ex_id}: progress lost"
    ex_id = next(i for i in ids if i not in solved_before and not i.startswith("pool-")
                 and ANSWERS[i]["kind"] not in ("where-may-it-go",))
    _solve(page, ex_id, keyboard=False)
    return ex_id


def _play_a_round(page) -> None:
    page.wait_for_selector("#dominolab-play[data-state=your-turn]", timeout=120_000)
    state = _wait_ready(page, "before the round")
    deadline = time.monotonic() + ROUND_DEADLINE_S
    plays = 0
    while state == "your-turn":
        assert time.monotonic() < deadline, "the round did not end in time"
        before = _attr(page, "data-renders")
        page.locator("#dominolab-play button[data-move]").first.click()
        plays += 1
        page.wait_for_function(
            f"() => document.getElementById('dominolab-play').dataset.renders !== '{before}'", timeout=30_000)
        state = _wait_ready(page, f"after move {plays}", timeout_s=max(5.0, deadline - time.monotonic()))
    assert state in ("round-over", "match-over") and plays >= 1
    assert page.locator("#dominolab-play .dl-end").inner_text().strip()


def _stored(page) -> dict:
    """The caches of the site's worker and how many files the one of this build holds."""
    return page.evaluate("""async () => {
      const names = (await caches.keys()).filter((n) => n.startsWith("dominolab-"));
      const counts = {};
      for (const n of names) counts[n] = (await (await caches.open(n)).keys()).length;
      const reg = await navigator.serviceWorker.getRegistration();
      return { counts, active: !!(reg && reg.active), controlled: !!navigator.serviceWorker.controller,
               waiting: !!(reg && reg.waiting), scope: reg ? reg.scope : null };
    }""")


def _wait_stored(page, version: str, files: int) -> dict:
    deadline = time.monotonic() + CACHE_TIMEOUT_S
    while True:
        stored = _stored(page)
        if stored["active"] and stored["counts"].get(f"dominolab-{version}") == files:
            return stored
        assert time.monotonic() < deadline, f"the worker has not stored the build: {stored}"
        page.wait_for_timeout(250)


# -- the tests -----------------------------------------------------------------------------------

def test_the_published_book_under_a_sub_path_works_offline_after_one_visit(published, browser, tmp_path):
    precache = offline_site.read(published)
    version, files = str(precache["version"]), precache["files"]
    assert isinstance(files, dict)
    for name, rel in PAGES.items():
        assert rel.split("?")[0] in files, f"the {name} page is not stored"
    for engine in ("pyodide.asm.wasm", "pyodide.asm.mjs", "python_stdlib.zip", "dominolab-snapshot.bin.gz"):
        assert f"_static/pyodide/{engine}" in files
    assert not any(rel.startswith("lite/") for rel in files)

    server = SubPathServer(published)
    context = _profile(browser, tmp_path / "profile", viewport={"width": 390, "height": 844}, device_scale_factor=2,
                       is_mobile=True, has_touch=True)
    watch = Watch(context, server.base)
    try:
        page = context.pages[0] if context.pages else context.new_page()
        watch.watch(page)
        # 1. one visit of each page, online, under the sub-path
        _open(page, server.base, PAGES["start"])
        page.goto(server.base + CHAPTER)
        _step_the_stepper(page)
        page.goto(server.base + ENGLISH_CHAPTER)
        _step_the_stepper(page)
        page.goto(server.base + LESSON)
        page.locator('.dl-lesson [data-reset-lesson]').first.click()
        solved = [_solve_one(page, [])]
        page.goto(server.base + PLAY)
        _play_a_round(page)
        stored = _wait_stored(page, version, len(files))
        assert stored["scope"] == server.base and stored["controlled"], stored
        assert list(stored["counts"]) == [f"dominolab-{version}"]
        # installable: the manifest is valid and a worker controls the page (Chromium's own check)
        _open(page, server.base, PAGES["start"])
        cdp = context.new_cdp_session(page)
        errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
        assert errors == [], errors
        manifest = cdp.send("Page.getAppManifest")
        assert not manifest.get("errors"), manifest
        assert "dominolab – Dominoregeln" in manifest["data"]
        cdp.detach()
        # the JupyterLite folder goes to the network: answered online, not stored
        assert page.evaluate(FETCH_LITE) == "lite"
        assert not any("lite/" in url for url in page.evaluate("async () => (await (await caches.open("
                                                               f"'dominolab-{version}')).keys()).map((r) => r.url)"))
        watch.check("online, under the sub-path")
        assert not server.outside, f"requests outside the sub-path {SUB}: {server.outside}"

        # 2. the network is cut: the server is gone and the browser is offline
        server.stop()
        context.set_offline(True)
        served_from_network: list[str] = []
        page.on("response", lambda r: not r.from_service_worker and r.url.startswith(server.base)
                and served_from_network.append(r.url))
        for name, rel in PAGES.items():
            _open(page, server.base, rel)
            assert page.evaluate("() => !!navigator.serviceWorker.controller"), f"{name}: no worker controls the page"
            assert page.title(), f"{name}: no page offline"
        assert page.evaluate(FETCH_LITE) == "failed", "the JupyterLite folder was answered offline"
        page.goto(server.base + CHAPTER)
        _step_the_stepper(page)
        page.goto(server.base + ENGLISH_CHAPTER)
        _step_the_stepper(page)
        page.goto(server.base + LESSON)
        solved.append(_solve_one(page, solved))
        page.goto(server.base + PLAY)
        page.wait_for_selector("#dominolab-play[data-state=your-turn]", timeout=120_000)
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / "offline-play-390-start.png"))
        _play_a_round(page)
        page.screenshot(path=str(SHOTS / "offline-play-390.png"))
        page.screenshot(path=str(SHOTS / "offline-play-390-full.png"), full_page=True)
        steps = page.get_attribute("#dominolab-play", "data-engine-steps") or ""
        print(f"\noffline play page: engine {steps}")
        assert not served_from_network, "offline, yet answered by the network:\n" + "\n".join(served_from_network)
        watch.check("offline")
    finally:
        context.close()
        server.stop()


def test_a_new_build_replaces_the_cache_whole(published, browser, tmp_path):
    # a copy of the publish folder as the "old" build, published again after one page changed
    build = tmp_path / "build"
    shutil.copytree(published, build, ignore=shutil.ignore_patterns(".*"))
    folder = tmp_path / "site"
    publish.publish(build, folder)
    old = str(offline_site.read(folder)["version"])
    server = SubPathServer(folder)
    context = _profile(browser, tmp_path / "profile", viewport={"width": 390, "height": 844})
    watch = Watch(context, server.base)
    try:
        page = context.new_page()
        watch.watch(page)
        _open(page, server.base, "index.html")
        files = offline_site.read(folder)["files"]
        assert isinstance(files, dict)
        _wait_stored(page, old, len(files))

        page_file = build / START
        changed = page_file.read_text(encoding="utf-8").replace("</body>", "<p id='new-build'>neu</p></body>")
        assert "new-build" in changed
        page_file.write_text(changed, encoding="utf-8")
        new = str(offline_site.write(build)["version"])
        assert new != old
        publish.publish(build, folder)
        # the open page keeps the old build (and so does a reload while it is open) ...
        page.reload()
        page.evaluate("async () => { const r = await navigator.serviceWorker.getRegistration(); await r.update(); }")
        deadline = time.monotonic() + CACHE_TIMEOUT_S
        # (installed, the new worker waits: the page is the old build's)
        while not ((stored := _stored(page))["waiting"] and stored["counts"].get(f"dominolab-{new}") == len(files)):
            assert time.monotonic() < deadline, f"the new build was not stored: {stored}"
            page.wait_for_timeout(250)
        assert page.locator("#new-build").count() == 0
        # ... once no page of the old build is open, the next visit is the new build, and the old cache is gone
        # (A page opened in the moment the old one closes can still be handed to the old worker - the
        # browser has not yet let it go - and then keeps it: so the page is closed and opened again,
        # as a reader would, until a visit finds only the new build's cache.)
        deadline = time.monotonic() + 60
        swapped = False
        while not swapped:
            page.close()
            time.sleep(1.0)
            page = context.new_page()
            watch.watch(page)
            _open(page, server.base, "index.html")
            settle = time.monotonic() + 5
            while not (swapped := list(_stored(page)["counts"]) == [f"dominolab-{new}"]):
                if time.monotonic() > settle:
                    break
                page.wait_for_timeout(250)
            assert swapped or time.monotonic() < deadline, f"the old cache stayed: {_stored(page)}"
        page.reload()
        assert page.locator("#new-build").count() == 1
        assert page.evaluate("() => !!navigator.serviceWorker.controller")
        watch.check("after the new build")
    finally:
        context.close()
        server.stop()
