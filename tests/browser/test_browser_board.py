"""Browser test of issue 32: the play board is never clipped, its text stays readable and every
tap target is at least 24 CSS px, on a laptop (1280 x 800) and two phones (390 x 844, 320 x 640).

A 4-player Horse Race round and a 4-player Fives and Threes round are played to their ends at
each viewport, on the seeds of tests/data/widest-layouts.json (the widest final layouts of
seeds 1-200, found by tools/bench/widest_layouts.py playing exactly as this test plays: the person
at seat 0 takes the first move button, every other seat is the default bot). At every turn of
the person and at the end the test checks, for every drawing on the play area:

* it lies inside its visible box (the page, its column and the box it scrolls in); a box that
  scrolls is allowed on a phone only, and only with a cue (.dl-scrollcue) and the newest tile in view;
* each of its texts, after scaling, is at least 11 CSS px (laptop) or 9 CSS px (phone);
* every tap target (buttons, choice fields, links, the drawing's point marks) is at least 24 x 24 CSS px,
  move buttons on a phone at least 44 px tall.

Screenshots of each end position are written to _build/board-screenshots/.
Runs only with DOMINOLAB_BROWSER_TEST=1 (needs the built book, Debian chromium and playwright).
"""

from __future__ import annotations

import json
import time

import pytest

from tools.browserkit import REQUIRED, ROOT
from playkit import LOAD_TIMEOUT_MS, PAGE, Watch, _attr, _missing, _wait_ready  # noqa: F401 - _missing: conftest

pytestmark = pytest.mark.skipif(not REQUIRED, reason="set DOMINOLAB_BROWSER_TEST=1 to run the browser tests")

WIDEST = json.loads((ROOT / "tests" / "data" / "widest-layouts.json").read_text(encoding="utf-8"))["rounds"]
SHOTS = ROOT / "_build" / "board-screenshots"
VIEWPORTS = {"laptop": (1280, 800), "phone": (390, 844), "small-phone": (320, 640)}
MIN_TEXT = {"laptop": 11.0, "phone": 9.0, "small-phone": 9.0}
MIN_TARGET = 24.0
PHONE_MOVE_HEIGHT = 44.0


def _widest(game: str, players: int) -> dict:
    """The widest of the game's 4-player seatings (with and without partners)."""
    rounds = [r for r in WIDEST if r["game"] == game and r["players"] == players]
    return max(rounds, key=lambda r: (r["width"], r["height"]))


# Measured in the page: every visible drawing of the play area and every tap target.
MEASURE = r"""
(minText) => {
  const root = document.getElementById('dominolab-play');
  const area = root.querySelector('.dl-area');
  const shown = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
  const problems = [];
  const name = (e) => e.closest('[class]') ? (e.getAttribute('class') || e.closest('[class]').className) : e.tagName;
  const rootBox = root.getBoundingClientRect();
  const drawings = [];
  if (rootBox.left < -0.5 || rootBox.right > document.documentElement.clientWidth + 0.5)
    problems.push(`the play area ${rootBox.left.toFixed(0)}..${rootBox.right.toFixed(0)} leaves the page`);
  for (const svg of area.querySelectorAll('svg.dl')) {
    if (!shown(svg) || svg.closest('button')) continue;     // a hand tile is a button, measured below
    const box = svg.getBoundingClientRect();
    // the nearest box that clips or scrolls
    let clip = svg.parentElement;
    while (clip && clip !== root && getComputedStyle(clip).overflowX === 'visible') clip = clip.parentElement;
    const c = clip.getBoundingClientRect();
    const scrolls = clip !== root && clip.scrollWidth > clip.clientWidth + 1;
    let smallest = Infinity;
    for (const t of svg.querySelectorAll('text')) {
      const ctm = t.getScreenCTM();
      if (ctm) smallest = Math.min(smallest, parseFloat(getComputedStyle(t).fontSize) * Math.hypot(ctm.a, ctm.b));
    }
    const what = svg.closest('.dl-drawing') ? 'board' : svg.closest('.dl-settlement') ? 'settlement'
      : svg.closest('.dl-scores') ? 'score board' : 'drawing';
    drawings.push({what, width: box.width, box: c.width, scrolls, text: smallest});
    if (smallest < minText - 0.05) problems.push(`${what}: text ${smallest.toFixed(1)} px < ${minText} px`);
    if (box.left < rootBox.left - 0.5 && !scrolls) problems.push(`${what}: starts left of the play area`);
    if (scrolls) {
      const cue = clip.querySelector('.dl-scrollcue') || clip.parentElement.querySelector('.dl-scrollcue');
      if (!cue || !shown(cue)) problems.push(`${what}: scrolls (${box.width.toFixed(0)} px in ${c.width.toFixed(0)} px) without a visible cue`);
      const last = svg.querySelector('.lt');      // the newest tile's outline
      if (last) {
        const l = last.getBoundingClientRect();
        if (l.right > c.right + 1 || l.left < c.left - 1) problems.push(`${what}: the newest tile is scrolled out of view`);
      }
    } else if (box.right > c.right + 0.5 || box.left < c.left - 0.5 || box.right > rootBox.right + 0.5) {
      problems.push(`${what}: ${box.width.toFixed(0)} px wide, cut by its ${c.width.toFixed(0)} px box`);
    }
  }
  const targets = [];
  const sel = 'button, select, input:not([type=file]), textarea, summary, a[href], label.dl-file-button, .dl-hit';
  for (const t of root.querySelectorAll(sel)) {
    if (!shown(t)) continue;
    const r = t.getBoundingClientRect();
    if (r.width < 1 && r.height < 1) continue;
    const label = (t.dataset.move || t.dataset.tile || t.getAttribute('aria-label') || t.textContent || t.tagName).trim().slice(0, 40);
    targets.push({label, w: r.width, h: r.height, move: !!t.dataset.move});
  }
  return {problems, drawings, targets, state: root.dataset.state};
}
"""


def _check(page, viewport: str, where: str, seen: dict) -> None:
    out = page.evaluate(MEASURE, MIN_TEXT[viewport])
    problems = list(out["problems"])
    for d in out["drawings"]:
        if d["scrolls"]:
            seen["scrolled"].append(d["what"])
            if viewport == "laptop":
                problems.append(f"{d['what']} scrolls at 1280 px ({d['width']:.0f} px in {d['box']:.0f} px)")
        seen["text"] = min(seen["text"], d["text"])
    for t in out["targets"]:
        if t["w"] < MIN_TARGET - 0.05 or t["h"] < MIN_TARGET - 0.05:
            problems.append(f"tap target {t['label']!r} is {t['w']:.1f} x {t['h']:.1f} px")
        if viewport != "laptop" and t["move"] and t["h"] < PHONE_MOVE_HEIGHT - 0.05:
            problems.append(f"move button {t['label']!r} is {t['h']:.1f} px tall on a phone")
        seen["target"] = min(seen["target"], t["w"], t["h"])
    assert not problems, f"{viewport}, {where}:\n" + "\n".join(dict.fromkeys(problems))


def _choose_a_tile(page, viewport: str, turns: int, seen: dict) -> None:
    """Arrow keys walk along the hand tiles (as the page's help says); a chosen tile's attachment points
    on the drawing are tap targets of at least 24 px (measured with the rest)."""
    tiles = page.locator("#dominolab-play .dl-handtiles [data-tile]")
    n = tiles.count()
    if n >= 2:
        tiles.first.focus()
        page.keyboard.press("ArrowRight")
        assert page.evaluate("() => document.activeElement.dataset.tile") == tiles.nth(1).get_attribute("data-tile")
        page.keyboard.press("ArrowLeft")
        assert page.evaluate("() => document.activeElement.dataset.tile") == tiles.first.get_attribute("data-tile")
    placed = [m for m in page.locator("#dominolab-play button[data-move]").evaluate_all(
        "els => els.map(e => e.dataset.move)") if "@" in m]
    if not placed:
        return
    tile = placed[0].split("@")[0]
    page.locator(f"#dominolab-play [data-tile='{tile}']").click()
    page.wait_for_selector("#dominolab-play svg [data-point]", state="attached", timeout=5_000)
    assert page.locator("#dominolab-play .dl-hit").count() >= 1
    _check(page, viewport, f"turn {turns}, {tile} chosen", seen)


@pytest.mark.parametrize("game", ["horse-race", "fives-and-threes"])
def test_the_board_is_never_clipped(server, browser, game, capsys):
    r = _widest(game, 4)
    query = (f"game={game}&players=4&partnerships={r['partnerships']}&seat=0&bots=greedy,greedy,greedy"
             f"&seed={r['seed']}")
    SHOTS.mkdir(parents=True, exist_ok=True)
    for viewport, (width, height) in VIEWPORTS.items():
        phone = viewport != "laptop"
        context = browser.new_context(viewport={"width": width, "height": height}, reduced_motion="reduce",
                                      is_mobile=phone, has_touch=phone, device_scale_factor=2 if phone else 1)
        page = context.new_page()
        watch = Watch(page)
        seen = {"scrolled": [], "text": float("inf"), "target": float("inf")}
        try:
            t0 = time.monotonic()
            page.goto(server + PAGE + "?" + query, wait_until="domcontentloaded")
            page.wait_for_selector("#dominolab-play:not([data-state=loading]):not([data-state=waiting])",
                                   timeout=LOAD_TIMEOUT_MS)
            state = _wait_ready(page, "first turn")
            turns = 0
            while state == "your-turn":
                turns += 1
                assert turns < 60, "the round does not end"
                _check(page, viewport, f"turn {turns}", seen)
                if turns <= 3:
                    _choose_a_tile(page, viewport, turns, seen)
                before = _attr(page, "data-renders")
                page.locator("#dominolab-play button[data-move]").first.click()
                page.wait_for_function(
                    f"() => document.getElementById('dominolab-play').dataset.renders !== '{before}'",
                    timeout=30_000)
                state = _wait_ready(page, f"after move {turns}", timeout_s=120)
            assert state in ("round-over", "match-over")
            layout = page.evaluate("() => window.location.search")
            assert f"seed={r['seed']}" in layout
            _check(page, viewport, "the end of the round", seen)
            # the drawing's title stays in view, also when the drawing scrolls in its box (phone)
            title = page.locator("#dominolab-play .dl-boardtitle")
            assert title.is_visible() and title.inner_text().startswith("Auslage, Runde "), title.all_inner_texts()
            page.locator("#dominolab-play .dl-svgbox").evaluate("b => { b.scrollLeft = b.scrollWidth; }")
            at = title.bounding_box()
            assert at and at["x"] >= 0 and at["x"] + at["width"] <= width + 1, (viewport, at)
            page.locator("#dominolab-play .dl-svgbox").evaluate("b => { b.scrollLeft = 0; }")
            page.locator("#dominolab-play .dl-drawing").scroll_into_view_if_needed()
            page.screenshot(path=str(SHOTS / f"{game}-{viewport}.png"))
            page.screenshot(path=str(SHOTS / f"{game}-{viewport}-full.png"), full_page=True)
            watch.check()
            with capsys.disabled():
                print(f"\n[board] {game} seed {r['seed']} {viewport}: {turns} turns in {time.monotonic() - t0:.1f} s, "
                      f"smallest text {seen['text']:.1f} px, smallest target {seen['target']:.1f} px, "
                      f"scrolled: {sorted(set(seen['scrolled'])) or 'none'}")
        finally:
            context.close()
