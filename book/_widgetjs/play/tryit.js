// The try-it box on the static site: fills every .dominolab-tryit-web container
// (written by dominolab.pictures.tryit.TryIt.web_container) with a box that places tiles
// through the in-browser engine, and hides the kernel-only widget of the page.
// Contract: the container carries data-state (loading | ready) and data-layout-now
// (the layout in placement notation); every legal placement of the chosen tile
// is a <button data-move="..."> labelled with what it scores; every free point the
// rules refuse for that tile is a <button data-try-move="..."> that, when chosen,
// says why (the engine's reason in the page's language) and places nothing.
// Every text comes from the words table (../words.js, ScriptWords.tryit) in the page's language.
import { call, el, fill, onStatus, svgNode, words } from "./engine.js";

const W = words("tryit");

let counter = 0;

function hideLiveWidgets() {
  if (document.getElementById("dominolab-tryit-hide")) return;
  const style = document.createElement("style");
  style.id = "dominolab-tryit-hide";
  style.textContent = ".dominolab-tryit { display: none !important; }";
  document.head.append(style);
}

function ensureCss() {
  if (document.querySelector("link[data-dominolab-play-css]")) return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = new URL("./play.css", import.meta.url).href;
  link.dataset.dominolabPlayCss = "";
  document.head.append(link);
}

function setup(box) {
  const id = `tryit-${++counter}`;
  box.dataset.state = "loading";
  const status = el("p", { class: "dl-progress", "aria-live": "polite", text: W.loading });
  const error = el("p", { class: "dl-error", role: "alert", hidden: true });
  const tile = el("select", { "aria-label": W.tile, class: "dl-tile" });
  const moves = el("div", { class: "dl-moves", role: "group", "aria-label": W.points });
  const reset = el("button", { type: "button", text: W.reset, "data-reset": true });
  const picture = el("div", { class: "dl-layout" });
  const text = el("div", { class: "dl-steptext", "aria-live": "polite" });
  const why = el("p", { class: "dl-why", "aria-live": "polite", "data-why": true, hidden: true });
  let state = null;

  function showMoves() {
    const option = state.options.find((o) => o.tile === tile.value) || state.options[0];
    moves.replaceChildren(...(option ? option.moves : []).map((m) => {
      if (m.legal === false) {
        const b = el("button", { type: "button", class: "dl-move dl-refused", "data-try-move": m.move }, m.label);
        b.addEventListener("click", () => { why.textContent = m.why; why.hidden = false; });
        return b;
      }
      const b = el("button", { type: "button", class: "dl-move", "data-move": m.move }, m.label);
      b.addEventListener("click", () => run("tryit_place", { move: m.move }));
      return b;
    }));
  }

  function render(s) {
    state = s;
    box.dataset.layoutNow = s.layout;
    const keep = tile.value;
    tile.replaceChildren(...s.options.map((o) => el("option", { value: o.tile, text: o.fits ? o.tile : fill(W.fits_nowhere, { tile: o.tile }) })));
    const first = s.options.find((o) => o.fits);
    tile.value = s.options.some((o) => o.tile === keep && o.fits) ? keep : (first ? first.tile : (s.options[0] || {}).tile);
    why.hidden = true;
    showMoves();
    picture.replaceChildren(s.svg ? svgNode(s.svg, "dl-svg") : el("p", {}, W.table_empty));
    const head = s.history.length ? [] : [el("div", {}, el("strong", {}, W.start), " ", s.layout || W.empty)];
    text.replaceChildren(...head, ...s.lines.map((l) => el("div", {}, l)),
      s.options.some((o) => o.fits) ? "" : el("div", {}, W.stuck));
    box.dataset.state = "ready";
  }

  async function run(method, args = {}) {
    error.hidden = true;
    try {
      render(await call(method, { id, ...args }));
    } catch (err) {
      error.textContent = fill(W.error, { message: err.reader || err.message });
      error.dataset.errorDetail = err.message;
      error.hidden = false;
    }
  }

  tile.addEventListener("change", () => { why.hidden = true; showMoves(); });
  reset.addEventListener("click", () => run("tryit_reset"));
  box.replaceChildren(el("p", {}, el("strong", {}, W.title), W.intro),
    status, error, el("p", {}, el("label", {}, W.tile, " ", tile), " ", reset), moves, why, picture, text);
  onStatus((st) => {
    status.textContent = st.failed ? "" : st.ready ? "" : st.progress;
    if (st.failed) { error.textContent = fill(W.engine_failed, { error: st.failed }); error.hidden = false; }
  });
  run("tryit_new", { game: box.dataset.game || "horse-race", layout: box.dataset.layout || "" });
}

ensureCss();
hideLiveWidgets();
// The engine (about 14 MB) is loaded only when a box comes near the visible part of the page.
const boxes = document.querySelectorAll(".dominolab-tryit-web:not([data-state])");
if ("IntersectionObserver" in window) {
  const seen = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (entry.isIntersecting && !entry.target.dataset.state) { seen.unobserve(entry.target); setup(entry.target); }
    }
  }, { rootMargin: "300px" });
  for (const box of boxes) {
    box.replaceChildren(el("p", { class: "dl-progress" }, W.waiting));
    seen.observe(box);
  }
} else {
  for (const box of boxes) setup(box);
}
