// The play page (book/spielen.md): a match against the bots, played by the real
// dominolab engine running in the reader's browser (Pyodide in a Web Worker).
//
// Contract for automation and accessibility:
//   * the play area carries data-state = loading | your-turn | waiting | round-over | match-over
//   * every legal move of the person is a focusable <button data-move="NOTATION">
//     (placement notation of the interchange contract, "draw" or "pass")
//   * the record download link carries data-record-download
//   * the reader's hand tiles are <button data-tile="[1|4]">; after choosing one, its legal attachment
//     points on the drawing are the data-point="[1|4].high" marks (book/_widgetjs/board/board.js)
//   * the log of the current round is [data-log][role=log] with one [data-event=i] per event of the
//     round in the record (settlements included), i = the event's 0-based index in the round
//   * the review table's rows carry data-decision (0-based) and data-loss (a decimal with a dot);
//     a row shows its position in .dl-review-position (data-layout = the layout's notation) and the hand
//     the decision was taken with (.dl-review-hand[data-hand]); a row with a loss of at least 1 point is
//     followed by tr.dl-review-why[data-why-for=decision] with one p[data-reason=kind] per reason sentence;
//     the most frequent reason kinds of the match are in p.dl-review-reasons (span[data-reason-kind] each)
//   * practice from one's own mistakes: the button [data-practice] asks for puzzles made of the costliest
//     decisions; they are shown in [data-practice-list] by the lessons' script (book/_widgetjs/lessons/
//     lessons.js, the book's DOM contract: [data-exercise][data-state][data-stars]) and kept in
//     localStorage "dominolab.practice/1" (their stars under the lesson "practice" of "dominolab.lessons/1")
//   * errors a reader sees are in the page's language (.dl-error, [data-record-result]); the engine's
//     English line stays in data-error-detail / data-error-en for developers
//   * every text of the page comes from the words table (../words.js, ScriptWords.play) in the page's
//     language (<html lang>); the engine answers in it too (engine.js passes lang with every call)
//   * root.dominolabAct(method, args): a request to the page API as the page's own buttons make it
//     (for automation: e.g. a typed move that is not legal)
//   * step texts are announced in an aria-live region; arrow keys move between moves.
import { call, el, fill, onStatus, svgNode, words } from "./engine.js";

const W = words("play");

const root = document.getElementById("dominolab-play");
const PAUSE_MS = 600;      // before each move of a bot (none with prefers-reduced-motion or after skipping)
const started = performance.now();
let catalog = null;
let current = null;        // last state from the engine
let busy = false;
let seenEvents = 0;
let seenRound = 0;
let recordUrl = null;
let firstTurnMs = null;
let generation = 0;        // bumped by every new match: stops the bot loop of the old one
let syncedParams = "";
let keepFocus = false;      // the person plays from the move buttons: bring focus back to them
let renders = 0;           // data-renders: lets automation wait for the next picture

const ui = {};

function setState(state, toMoveName) {
  root.dataset.state = state;
  // the seat to move by its name: with partners, the one to move may be on your side
  ui.stateText.textContent = {
    "loading": W.state_loading,
    "your-turn": W.state_your_turn,
    "waiting": toMoveName ? fill(W.state_waiting_who, { who: toMoveName }) : W.state_waiting,
    "round-over": W.state_round_over,
    "match-over": W.state_match_over,
  }[state] || state;
}

// Readers see the page's language only: the engine's sentence for a refused request (err.reader, from
// the page API's error_text) or a general one; the English line stays for developers in data-error-detail.
const GENERAL_ERROR = W.general_error;
function readerText(err) {
  return (err && err.reader) || GENERAL_ERROR;
}

function showError(message, detail) {
  ui.error.textContent = message ? fill(W.error, { message }) : "";
  ui.error.dataset.errorDetail = detail || "";
  ui.error.hidden = !message;
}

function showErr(err) { showError(readerText(err), err && err.message); }

function urlParams() {
  const q = new URLSearchParams(window.location.search);
  const out = {};
  for (const key of ["game", "players", "partnerships", "seat", "bots", "seed"]) {
    if (q.has(key)) out[key] = q.get(key);
  }
  return out;
}

function writeUrl(params) {
  const q = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) q.set(key, String(value));
  const url = `${window.location.pathname}?${q.toString()}`;
  window.history.replaceState(null, "", url);
  ui.share.href = url;
  ui.share.textContent = fill(W.share, { seed: params.seed });
}

// -- the settings form ---------------------------------------------------------------

function buildForm() {
  ui.game = el("select", { id: "dl-game" });
  for (const g of catalog.games) ui.game.append(el("option", { value: g.name, text: g.title }));
  ui.seating = el("select", { id: "dl-seating" });
  ui.seat = el("select", { id: "dl-seat" });
  ui.bots = el("span", { class: "dl-bots" });
  ui.seed = el("input", { id: "dl-seed", type: "number", min: "0", step: "1", inputmode: "numeric", size: "8" });
  ui.game.addEventListener("change", () => { fillSeatings(); fillSeats(); });
  ui.seating.addEventListener("change", () => fillSeats());
  ui.seat.addEventListener("change", () => fillBots());
  const start = el("button", { type: "submit", class: "dl-primary", text: W.new_match });
  const form = el("form", { class: "dl-form", "aria-label": W.settings_label },
    // each label and its control in one unbreakable group: a narrow screen wraps between groups only
    field(el("label", { for: "dl-game" }, W.game), ui.game), " ",
    field(el("label", { for: "dl-seating" }, W.seating), ui.seating), " ",
    field(el("label", { for: "dl-seat" }, W.your_seat), ui.seat), " ",
    ui.bots, " ",
    field(el("label", { for: "dl-seed" }, W.seed), ui.seed), " ",
    start, levelList());
  form.addEventListener("submit", (event) => { event.preventDefault(); newMatch(formParams()); });
  return form;
}

function field(label, control) { return el("span", { class: "dl-field" }, label, control); }

function gameInfo() { return catalog.games.find((g) => g.name === ui.game.value) || catalog.games[0]; }

function fillSeatings(selected) {
  const g = gameInfo();
  ui.seating.replaceChildren(...g.seatings.map((s, i) =>
    el("option", { value: i, text: s.label })));
  if (selected) {
    const i = g.seatings.findIndex((s) => s.players === selected.players && s.partnerships === selected.partnerships);
    if (i >= 0) ui.seating.value = String(i);
  }
}

function fillSeats(selected) {
  const s = gameInfo().seatings[Number(ui.seating.value) || 0];
  const keep = selected ? null : Array.from(ui.bots.querySelectorAll("select")).map((x) => x.value);
  ui.seat.replaceChildren(...Array.from({ length: s.players }, (_, i) =>
    el("option", { value: i, text: fill(W.player, { n: i + 1 }) })));
  if (selected && selected.seat !== undefined) ui.seat.value = String(selected.seat);
  fillBots(selected && selected.bots ? String(selected.bots).split(",") : keep);
}

// One strength choice per other seat, in seat order (the order of the URL's bots list).
function fillBots(names) {
  const s = gameInfo().seatings[Number(ui.seating.value) || 0];
  const me = Number(ui.seat.value) || 0;
  const bots = names || Array.from(ui.bots.querySelectorAll("select")).map((x) => x.value);
  ui.bots.replaceChildren();
  let k = 0;
  for (let seat = 0; seat < s.players; seat++) {
    if (seat === me) continue;
    const partner = s.partnerships && s.sides[seat] === s.sides[me];
    const name = catalog.seat_names[String(s.players)][me][seat];
    const named = `${name.charAt(0).toUpperCase()}${name.slice(1)}`;
    const label = partner ? fill(W.partner, { name: named }) : named;
    const sel = el("select", { "aria-label": fill(W.strength, { name: label }), "data-bot": k });
    for (const lv of catalog.levels) sel.append(el("option", { value: lv.name, text: lv.label, title: lv.about }));
    const value = bots[k] || bots[0] || catalog.default_bot;
    if (!catalog.levels.some((lv) => lv.name === value)) sel.append(levelOption(value));
    sel.value = value;
    ui.bots.append(el("span", { class: "dl-bot" }, `${label} `, sel), " ");
    k += 1;
  }
}

// A level with a budget of its own (NAME@MS in the URL, as the API returns it): one more choice,
// named as the match's state names it ("4 – stark (100 ms)").
function levelOption(value) {
  const hand = current && current.hands.find((h) => h.bot === value);
  const base = catalog.levels.find((lv) => lv.name === String(value).split("@")[0]);
  return el("option", { value, text: hand ? hand.bot_label : base ? base.label : "", title: base ? base.about : "" });
}

// Every level with a few words on how it plays (under the settings).
function levelList() {
  return el("details", { class: "dl-levels" }, el("summary", {}, W.levels),
    el("ul", {}, ...catalog.levels.map((lv) => el("li", {}, el("b", {}, lv.label), `: ${lv.about}`))));
}

function formParams() {
  const s = gameInfo().seatings[Number(ui.seating.value) || 0];
  const bots = Array.from(ui.bots.querySelectorAll("select")).map((x) => x.value);
  const seed = ui.seed.value.trim() || String(Math.floor(Math.random() * 100000) + 1);
  return { game: ui.game.value, players: s.players, partnerships: s.partnerships ? 1 : 0,
           seat: ui.seat.value, bots: bots.join(","), seed };
}

function syncForm(params) {
  ui.game.value = params.game;
  fillSeatings({ players: params.players, partnerships: Boolean(params.partnerships) });
  fillSeats(params);
  ui.seed.value = params.seed;
}

// -- rendering --------------------------------------------------------------------------

const reducedMotion = () => window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
let skipping = false;      // "skip": the bots' moves of this stretch without pauses
let chosenTile = null;     // the hand tile chosen on the drawing
let viaBoard = false;      // the last move was made on the drawing: focus returns to the hand

// The documents' short lines of a play visible, the long description of the table folded.
function stepLines(lines) {
  if (!lines || !lines.length) return "";
  const rest = lines.slice(2);
  // the engine's step texts are in the language it was asked for (the page's)
  return el("div", { class: "dl-steptext", lang: current && current.lang ? current.lang : null }, ...lines.slice(0, 2).map((l) => el("div", {}, l)),
    rest.length ? el("details", {}, el("summary", {}, W.whole_layout), ...rest.map((l) => el("div", {}, l))) : "");
}

function moveButton(move) {
  const attrs = { type: "button", class: `dl-move dl-move-${move.kind}`, "data-move": move.move };
  if (move.point) attrs["data-move-point"] = move.point;
  const button = el("button", attrs, move.label);
  button.addEventListener("click", () => { keepFocus = true; viaBoard = false; act("play", { move: move.move }); });
  const mark = (on) => {
    for (const node of ui.layout.querySelectorAll("circle.hl")) {
      node.classList.toggle("dl-point-active", on && node.dataset.at === move.point);
    }
  };
  button.addEventListener("focus", () => mark(true));
  button.addEventListener("blur", () => mark(false));
  button.addEventListener("mouseenter", () => mark(true));
  button.addEventListener("mouseleave", () => mark(false));
  return button;
}

// Every drawing is shown whole at its own size (32 CSS px per tile width) or smaller, down to the
// size where its smallest text is 11 CSS px on a laptop, 9 on a phone (DominolabReadable). Only a drawing
// that would shrink further gets a minimum width and scrolls inside its own box, with a visible cue
// (an edge fade and an arrow line under it) and the newest tile (outlined, class "lt") scrolled into view.
// The rule (11 / 9 CSS px) is DominolabReadable (book/_widgetjs/readable.js), shared with the book's figures.
function readable(box) {
  for (const svg of box.querySelectorAll("svg.dl")) {
    if (svg.closest("button")) continue;               // a hand tile has no text
    const holder = svg.parentElement;
    svg.style.minWidth = "";
    if (holder) holder.classList.remove("dl-scrollbox");
    const need = window.DominolabReadable.minWidth(svg);
    const scrolls = need > 0;
    if (scrolls) svg.style.minWidth = `${need}px`;
    if (!holder) continue;
    holder.classList.toggle("dl-scrollbox", scrolls);
    let cue = holder.nextElementSibling && holder.nextElementSibling.classList.contains("dl-scrollcue")
      ? holder.nextElementSibling : null;
    if (scrolls && !cue) {
      cue = el("p", { class: "dl-scrollcue", "aria-hidden": "true" }, W.scroll_cue);
      holder.after(cue);
    } else if (!scrolls && cue) {
      cue.remove();
    }
    if (scrolls) keepNewestInView(holder, svg);
  }
}

// The newest tile of a scrolling drawing stays in view (its outline, class "lt").
function keepNewestInView(holder, svg) {
  const last = svg.querySelector(".lt");
  if (!last) return;
  const box = holder.getBoundingClientRect();
  const tile = last.getBoundingClientRect();
  if (tile.left < box.left || tile.right > box.right) {
    holder.scrollLeft += tile.left - box.left - (box.width - tile.width) / 2;
  }
}

function eventItem(e) {
  const item = el("li", { "data-event": e.index, class: `dl-ev dl-ev-${e.type}` }, e.text);
  if (e.why) item.append(" ", el("strong", { class: "dl-why" }, e.why));
  return item;
}

// The drawing and the hand as one clickable board (book/_widgetjs/board/board.js): only the
// attachment points of the chosen tile stay data-point marks; the others keep their ring, inert.
function drawBoard(s) {
  const yourTurn = s.state === "your-turn" && !busy;
  const moves = yourTurn ? s.moves.filter((m) => m.kind === "play") : [];
  if (s.pending) chosenTile = s.pending;
  if (chosenTile && !moves.some((m) => m.tile === chosenTile)) chosenTile = null;
  const points = new Set(moves.filter((m) => m.tile === chosenTile && m.point).map((m) => m.point));
  const drawing = el("div", { class: "dl-drawing" });
  if (s.layout_svg) {
    // the picture in a box of its own: the box scrolls if the drawing must (readable), the line above stays
    drawing.innerHTML = `<div class="dl-svgbox">${s.layout_svg}</div>`;
    // the latest play beside the drawing (its tile is outlined in it): who, which tile, the credit
    const last = [...s.events].reverse().find((e) => e.type === "play");
    if (last) {
      drawing.prepend(el("p", { class: "dl-lastplay" }, `${last.who}: ${last.move.split("@")[0]}`,
        last.credit ? " " : "", last.credit ? el("span", { class: "dl-credit" }, `+${last.credit}`) : ""));
    }
    // the title above the box, outside it: it stays in view when the drawing scrolls (phone)
    if (s.layout_title) drawing.prepend(el("p", { class: "dl-boardtitle" }, s.layout_title));
    for (const mark of drawing.querySelectorAll("[data-point]")) {
      mark.dataset.at = mark.getAttribute("data-point");
      if (!points.has(mark.dataset.at)) mark.removeAttribute("data-point");
    }
  } else {
    drawing.append(el("p", { class: "dl-empty" }, W.table_empty));
  }
  const hand = el("div", { class: "dl-handtiles", role: "group", "aria-label": W.your_tiles });
  for (const t of s.hand_tiles) {
    const fits = moves.some((m) => m.tile === t.tile);
    const tile = el("button", { type: "button", class: `dl-tile${fits ? "" : " dl-nofit"}`, "data-tile": t.tile,
      "aria-label": fits ? t.tile : fill(W.fits_nowhere, { tile: t.tile }), "aria-disabled": fits ? null : "true" });
    tile.innerHTML = t.svg;
    const svg = tile.querySelector("svg");
    if (svg) { svg.setAttribute("aria-hidden", "true"); svg.removeAttribute("role"); }
    hand.append(tile);
  }
  ui.layout.replaceChildren(drawing, hand);
  readable(drawing);
  if (ui.board) ui.board.destroy();
  const board = window.DominolabBoard ? window.DominolabBoard.attach(ui.layout, {
    labels: Object.fromEntries(moves.filter((m) => m.point).map((m) => [m.point, m.point_text || m.point])),
    onTile: (tile) => chooseTile(tile),
    onPoint: (point) => {
      const move = moves.find((m) => m.tile === chosenTile && m.point === point);
      if (move) { keepFocus = true; viaBoard = true; act("play", { move: move.move }); }
    },
  }) : null;
  if (board && chosenTile) board.select("tile", chosenTile, true);
  ui.board = board;
  ui.boardHelp.textContent = !yourTurn ? "" : chosenTile ? (points.size ?
    fill(W.choose_point, { tile: chosenTile }) : "") :
    (moves.length ? W.choose_tile : "");
}

function chooseTile(tile) {
  const s = current;
  if (!s || s.state !== "your-turn" || busy) return;
  const moves = s.moves.filter((m) => m.kind === "play" && m.tile === tile);
  if (!moves.length) { ui.boardHelp.textContent = fill(W.tile_nowhere, { tile }); return; }
  if (moves.length === 1 && !moves[0].point) {            // the opening: no point to choose
    keepFocus = true; viaBoard = true; act("play", { move: moves[0].move }); return;
  }
  chosenTile = s.pending || (chosenTile === tile ? null : tile);
  drawBoard(s);
  const first = ui.layout.querySelector("[data-point]");
  if (first && chosenTile) first.focus();
  else { const t = ui.layout.querySelector(`[data-tile="${CSS.escape(tile)}"]`); if (t) t.focus(); }
}

function showLatest(s, fresh) {
  // the newest event in big: its sentence, why the turn goes on, the credit, the step text of a play
  const last = fresh.length ? fresh[fresh.length - 1] : null;
  if (!last) return;
  const play = [...fresh].reverse().find((e) => e.lines);
  ui.live.replaceChildren(
    el("p", { class: "dl-latest" }, last.credit ? el("span", { class: "dl-credit" }, `+${last.credit}`) : "",
      last.credit ? " " : "", last.text, last.why ? " " : "", last.why ? el("strong", { class: "dl-why" }, last.why) : ""),
    play ? stepLines(play.lines) : "");
}

function render(s) {
  const previous = current;
  current = s;
  renders += 1;
  root.dataset.renders = String(renders);
  const key = JSON.stringify(s.params);
  if (key !== syncedParams) { syncedParams = key; syncForm(s.params); writeUrl(s.params); }
  ui.heading.textContent = fill(W.heading, { title: s.title, seating: s.seating, n: s.round });
  ui.scoreline.textContent = s.side_labels.map((label, i) => `${label}: ${s.scores[i]}`).join(" · ") + ` – ${fill(W.target, { target: s.target })}`;
  ui.scores.replaceChildren(s.score_svg ? svgNode(s.score_svg, "dl-svg") : "");
  const others = s.hands.filter((h) => h.seat !== s.seat).map((h) =>
    `${h.name} (${h.bot_label}): ${h.tiles ? (h.tiles.join(" ") || W.no_tiles) : tiles(h.count)}`);
  ui.others.textContent = others.join(" · ") + (s.stock_left !== null ? ` · ${fill(W.boneyard, { tiles: tiles(s.stock_left) })}` : "");
  if (!previous || previous.round !== s.round || (previous.events.length !== s.events.length)) chosenTile = null;
  drawBoard(s);

  // moves
  const hadFocus = ui.moves.contains(document.activeElement) || ui.layout.contains(document.activeElement);
  ui.moves.replaceChildren(...s.moves.map(moveButton));
  ui.hint.disabled = s.state !== "your-turn";
  // a tip holds until the next move of anyone (the session clears it: s.hint is null)
  if (!s.hint) ui.hintText.textContent = "";
  ui.undo.disabled = !s.can_undo || busy;
  ui.next.hidden = s.state !== "round-over";
  ui.again.hidden = s.state !== "match-over";
  ui.analyse.hidden = !(s.state === "round-over" || s.state === "match-over");
  ui.skip.hidden = s.state !== "waiting";
  ui.movesHead.classList.toggle("dl-quiet", !s.moves.length && s.state !== "waiting");
  if (s.pending) ui.moves.prepend(el("p", {}, fill(W.drawn_must, { tile: s.pending })));

  // events: the log of this round holds one entry per event of the record (data-event = its index)
  const newRound = s.round !== seenRound;
  let fresh;
  if (newRound || seenEvents > s.events.length) {
    ui.log.replaceChildren(...s.events.map(eventItem));
    fresh = newRound ? s.events : [];
    if (!newRound) ui.live.replaceChildren();
  } else {
    fresh = s.events.slice(seenEvents);
    ui.log.append(...fresh.map(eventItem));
  }
  for (const item of ui.log.querySelectorAll(".dl-new")) item.classList.remove("dl-new");
  for (const e of fresh) { const li = ui.log.querySelector(`[data-event="${e.index}"]`); if (li) li.classList.add("dl-new"); }
  const lastItem = ui.log.lastElementChild;
  if (lastItem) ui.logBox.scrollTop = ui.logBox.scrollHeight;
  seenRound = s.round;
  seenEvents = s.events.length;
  showLatest(s, fresh);
  if (s.message) ui.live.prepend(el("p", { class: "dl-message" }, s.message));

  // round end: the summary (who went out, the bonus, what the pips count) and the settlement
  const over = s.state === "round-over" || s.state === "match-over";
  ui.summary.hidden = !over;
  ui.summary.replaceChildren(...(over ? [el("p", { class: "dl-end" }, el("strong", {}, s.end_text)),
    ...s.summary.map((t) => el("p", {}, t))] : []));
  if (s.settlement) {
    ui.settlement.hidden = false;
    ui.settlement.replaceChildren(el("h4", {}, W.settlement),
      s.settlement.svg ? svgNode(s.settlement.svg, "dl-svg") : "",
      el("ul", {}, ...s.settlement.hands.map((h) => el("li", {}, h))),
      el("p", {}, s.settlement.text));
  } else {
    ui.settlement.hidden = true;
    ui.settlement.replaceChildren();
  }
  setState(s.state, s.to_move_name);
  for (const box of [ui.layout, ui.scores, ui.settlement]) readable(box);
  if (s.state !== "waiting") skipping = false;
  const lost = hadFocus || document.activeElement === document.body || document.activeElement === null;
  if (s.state === "your-turn") {
    if (firstTurnMs === null) {
      firstTurnMs = Math.round(performance.now() - started);
      root.dataset.loadMs = String(firstTurnMs);
    }
    // from the move list: back to its first button; from the drawing: refocus() once the board is live
    if (keepFocus && lost && !viaBoard) {
      const target = ui.moves.querySelector("button");
      if (target) target.focus();
    }
  } else if (s.state === "round-over" && keepFocus && lost) {
    ui.next.focus();
  } else if (s.state === "match-over" && keepFocus && lost) {
    ui.again.focus();
  }
  refreshRecord(renders);
}

async function refreshRecord(version) {
  try {
    const rec = await call("record", { id: "play" });
    if (version !== renders) return;     // a newer state is on its way
    if (recordUrl) URL.revokeObjectURL(recordUrl);
    recordUrl = URL.createObjectURL(new Blob([rec.text], { type: "application/json" }));
    lastRecordText = rec.text;
    ui.download.href = recordUrl;
    ui.download.download = rec.filename;
    ui.download.removeAttribute("aria-disabled");
    ui.download.dataset.version = String(version);
  } catch (err) {
    showErr(err);
  }
}

// -- actions ----------------------------------------------------------------------------

async function act(method, args = {}) {
  if (busy) return;
  busy = true;
  root.dataset.busy = "1";
  showError("");
  // no message outlives its state: the load time belongs to the first picture only (data-load-ms keeps it)
  if (renders > 0 && root.dataset.engine === "ready") ui.progress.textContent = "";
  // a review of the game in play describes a state that is gone after any change of the game
  if (method !== "hint" && reviewOf && reviewOf.sid !== undefined) clearReview();
  try {
    const s = await call(method, { id: "play", ...args });
    render(s);
    await runBots();
  } catch (err) {
    showErr(err);
  } finally {
    busy = false;
    root.dataset.busy = "0";
    if (current) { ui.undo.disabled = !current.can_undo; drawBoard(current); refocus(); }
  }
}

// After the bots: the drawing is clickable again; the focus goes where the person plays from.
function refocus() {
  if (!current || current.state !== "your-turn" || !keepFocus || !viaBoard) return;
  const active = document.activeElement;
  if (active && active !== document.body && !ui.layout.contains(active) && active.isConnected) return;
  const target = ui.layout.querySelector("[data-point]") || ui.layout.querySelector(".dl-tile:not(.dl-nofit)") ||
    ui.moves.querySelector("button");
  if (target) target.focus();
}

// A short pause before each move of a bot, so that every event can be followed; none when the
// reader asks the system for less motion or skipped (the skip button, Esc).
function pause(gen) {
  if (skipping || reducedMotion()) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, PAUSE_MS);
    wake = () => { clearTimeout(timer); resolve(); };
  }).finally(() => { wake = null; });
}
let wake = null;

function skip() {
  skipping = true;
  if (wake) wake();
}

async function runBots() {
  const gen = generation;
  while (current && current.state === "waiting" && gen === generation) {
    await pause(gen);
    if (gen !== generation) return;
    const next = await call("bot", { id: "play" });
    if (gen !== generation) return;      // a new match was started meanwhile
    render(next);
  }
}

root.dominolabAct = (method, args = {}) => act(method, args);

async function newMatch(params) {
  generation += 1;
  busy = false;
  seenRound = 0;
  seenEvents = 0;
  chosenTile = null;
  clearReview();
  setState("loading");
  await act("new", { params });
}

async function showHint() {
  if (busy || !current || current.state !== "your-turn") return;
  const at = renders;          // a tip belongs to this position: dropped if another picture came meanwhile
  ui.hintText.textContent = catalog.words.hint_thinking;
  try {
    const h = await call("hint", { id: "play" });
    if (at !== renders) { ui.hintText.textContent = ""; return; }
    // the move and its reason in one sentence; how it was computed folded below (h.how_label)
    ui.hintText.replaceChildren(el("span", { class: "dl-hint-sentence" }, h.text),
      h.how ? el("details", { class: "dl-hint-how" }, el("summary", {}, h.how_label), el("p", {}, h.how)) : "");
    const button = ui.moves.querySelector(`button[data-move="${CSS.escape(h.move)}"]`);
    for (const b of ui.moves.querySelectorAll("button")) b.classList.toggle("dl-hinted", b === button);
  } catch (err) {
    ui.hintText.textContent = "";
    if (at === renders) showErr(err);
  }
}

function keyNav(event) {
  const buttons = Array.from(ui.moves.querySelectorAll("button"));
  const i = buttons.indexOf(document.activeElement);
  if (i < 0) return;
  let j = null;
  if (event.key === "ArrowRight" || event.key === "ArrowDown") j = (i + 1) % buttons.length;
  if (event.key === "ArrowLeft" || event.key === "ArrowUp") j = (i - 1 + buttons.length) % buttons.length;
  if (event.key === "Home") j = 0;
  if (event.key === "End") j = buttons.length - 1;
  if (j !== null) { event.preventDefault(); buttons[j].focus(); }
}

// Arrow keys along the hand tiles (the drawing's points have their own arrows, board.js).
function handNav(event) {
  const tiles = Array.from(ui.layout.querySelectorAll(".dl-tile"));
  const i = tiles.indexOf(document.activeElement);
  if (i < 0) return;
  const step = event.key === "ArrowRight" || event.key === "ArrowDown" ? 1 :
    event.key === "ArrowLeft" || event.key === "ArrowUp" ? -1 : 0;
  if (step) { event.preventDefault(); tiles[(i + step + tiles.length) % tiles.length].focus(); }
  if (event.key === "Escape" && chosenTile) { event.preventDefault(); chosenTile = null; drawBoard(current); tiles[i] && ui.layout.querySelector(`[data-tile="${CSS.escape(tiles[i].dataset.tile)}"]`).focus(); }
}

// -- the review ------------------------------------------------------------------------

let lastRecordText = null;
const LABELS = { inaccuracy: W.label_inaccuracy, mistake: W.label_mistake, blunder: W.label_blunder };

function tiles(n) { return fill(n === 1 ? W.tile_one : W.tile_many, { n }); }
function decimal(x) { return x === null || x === undefined ? "" : Number(x).toFixed(2); }
// Seconds with one decimal, written with the language's decimal point.
function seconds(ms) { return (ms / 1000).toFixed(1).replace(".", W.decimal_point); }
// A number of points as a reader writes it: one decimal, the language's decimal point, no ".0"; 1 singular.
function points(x) {
  if (x === null || x === undefined || Number.isNaN(Number(x))) return "–";
  const text = Number(x).toFixed(1).replace(/\.0$/, "");
  return fill(text === "1" ? W.point_one : W.point_many, { x: text.replace(".", W.decimal_point) });
}
// The played move was the best one (or as good as the best): the "better" column stays empty.
function wasBest(r) { return r.played === r.best || Number(r.loss) <= 0; }
// A row's reasons in words (the engine's sentences; a reason without one shows nothing, never its id);
// a costly row without a reason that holds shows the engine's "no single reason" sentence (data-reason="").
const REASONS_FROM = 1;
function reasonSentences(r) {
  if (!(Number(r.loss) >= REASONS_FROM) || r.forced) return [];
  const found = (r.reasons || []).filter((x) => x && typeof x.sentence === "string" && x.sentence.trim());
  // no reason holds: the engine's one sentence saying by how much, and that no single reason carries it
  const spread = r.no_reason && typeof r.no_reason.sentence === "string" ? [{ kind: "", sentence: r.no_reason.sentence }] : [];
  return found.length ? found : spread;
}

// What the shown review reviews ({sid} or {record}); null when none is shown. Clearing bumps
// reviewGeneration, which stops an analysis still running for the old state.
let reviewOf = null;
let reviewGeneration = 0;

function clearReview() {
  reviewGeneration += 1;
  reviewOf = null;
  ui.review.hidden = true;
  ui.reviewBar.hidden = true;
  ui.reviewStatus.textContent = "";
  delete ui.reviewStatus.dataset.errorDetail;
  ui.reviewSummary.textContent = "";
  ui.reviewReasons.replaceChildren();
  ui.reviewTable.replaceChildren();
  ui.reviewPosition.replaceChildren();
  ui.practiceOffer.hidden = true;
  ui.practiceStatus.textContent = "";
  const scroller = ui.reviewTable.parentElement;
  if (scroller) scroller.classList.remove("dl-scrollbox");
}

async function analyse(source) {
  clearReview();
  const gen = reviewGeneration;
  reviewOf = source;
  ui.review.hidden = false;
  ui.reviewTable.replaceChildren();
  ui.reviewPosition.replaceChildren();
  ui.reviewSummary.textContent = "";
  ui.reviewBar.hidden = false;
  ui.reviewBar.value = 0;
  ui.reviewStatus.textContent = W.review_start;
  ui.review.scrollIntoView({ block: "nearest" });
  let plan;
  try {
    plan = await call("review_plan", source);
    if (gen !== reviewGeneration) return;
  } catch (err) {
    if (gen !== reviewGeneration) return;
    ui.reviewBar.hidden = true;
    ui.reviewStatus.textContent = /unknown method/.test(err.message)
      ? W.review_missing : fill(W.review_impossible, { error: readerText(err) });
    ui.reviewStatus.dataset.errorDetail = err.message;
    return;
  }
  const rows = [];
  ui.reviewBar.max = Math.max(1, plan.count);
  for (let k = 0; k < plan.count; k++) {
    ui.reviewStatus.textContent = fill(W.review_step, { k: k + 1, n: plan.count });
    try {
      const row = await call("review_rate", { ...source, decision: k });
      if (gen !== reviewGeneration) return;       // the reviewed state is gone
      rows.push(row);
    } catch (err) {
      if (gen !== reviewGeneration) return;
      ui.reviewStatus.textContent = fill(W.review_aborted, { error: readerText(err) });
      ui.reviewStatus.dataset.errorDetail = err.message;
      return;
    }
    ui.reviewBar.value = k + 1;
  }
  let summary = null;
  try { summary = await call("review_summary", source); } catch (err) { summary = null; }
  if (gen !== reviewGeneration) return;
  const words = plan.words || {};
  const labels = { ...LABELS, ...(words.labels || {}) };
  ui.reviewBar.hidden = true;
  ui.reviewStatus.textContent = words.level ? fill(W.review_done_level, { n: plan.count, level: words.level })
    : fill(W.review_done_ms, { n: plan.count, ms: plan.think_ms });
  if (summary) {
    const total = summary.summary || summary;
    const counts = Object.entries(total.labels || total.counts || {}).filter(([k, n]) => LABELS[k] && n)
      .map(([k, n]) => `${labels[k]}: ${n}`).join(", ");
    ui.reviewSummary.textContent = `${fill(W.review_average, { points: points(total.average_loss) })}${counts ? `; ${counts}` : ""}.`;
    // what the learner got wrong most often, in the engine's words (a count and a reason kind)
    const kinds = (Array.isArray(total.reasons) ? total.reasons : []).filter((x) => x && x.text);
    if (kinds.length) {
      const shown = kinds.slice(0, 3).map((x) => el("span", { "data-reason-kind": x.kind, "data-count": x.count }, x.text));
      ui.reviewReasons.replaceChildren(el("strong", {}, W.most_often), " ",
        ...shown.flatMap((x, i) => (i ? ["; ", x] : [x])), ".");
    }
  }
  const head = el("tr", {}, ...[W.col_number, W.col_round, W.col_played, W.col_better, W.col_loss, W.col_label]
    .map((h) => el("th", { scope: "col" }, h)));
  const body = rows.flatMap((r) => {
    const row = el("tr", { "data-decision": r.decision, "data-loss": decimal(r.loss), tabindex: "0",
      "aria-label": fill(W.row_label, { n: r.decision + 1 }) },
      el("td", {}, String(r.decision + 1)), el("td", {}, String(r.round + 1)),
      el("td", {}, r.played_text || r.played), el("td", { class: "dl-better" }, wasBest(r) ? "" : r.best_text || r.best),
      el("td", { class: "dl-loss" }, points(r.loss)), el("td", {}, r.forced ? (words.forced || "") : r.label ? labels[r.label] || "" : ""));
    const open = () => showDecision(source, r);
    row.addEventListener("click", open);
    row.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); open(); } });
    const why = reasonSentences(r);
    if (!why.length) return [row];
    // the reasons under the row they explain, across the whole table
    return [row, el("tr", { class: "dl-review-why", "data-why-for": r.decision },
      el("td", { colspan: "6" }, ...why.map((x) => el("p", { "data-reason": x.kind }, x.sentence))))];
  });
  const caption = source.sid !== undefined ? W.caption_yours
    : source.seat !== undefined ? fill(W.caption_seat, { n: source.seat + 1 }) : W.caption_all;
  ui.reviewTable.replaceChildren(el("caption", {}, caption), el("thead", {}, head), el("tbody", {}, ...body));
  // practice: one person's decisions (the game in play, or one seat of a record) with something to learn
  const mistakes = rows.filter((r) => !r.forced && Number(r.loss) >= REASONS_FROM).length;
  if (mistakes && (source.sid !== undefined || source.seat !== undefined)) {
    ui.practiceOffer.hidden = false;
    ui.practiceButton.disabled = false;
    ui.practiceButton.onclick = () => findPractice(source, gen);
  }
  // a table wider than the screen scrolls in its box, with the same cue as a drawing (fade, scrollbar)
  const scroller = ui.reviewTable.parentElement;
  scroller.classList.toggle("dl-scrollbox", scroller.scrollWidth > scroller.clientWidth + 1);
}

async function showDecision(source, r) {
  for (const row of ui.reviewTable.querySelectorAll("tr[data-decision]")) row.classList.toggle("dl-selected", Number(row.dataset.decision) === r.decision);
  const here = el("button", { type: "button", class: "dl-primary", text: W.continue, "data-continue": true,
    onclick: async () => {
      generation += 1; busy = false; seenRound = 0; seenEvents = 0; chosenTile = null;
      clearReview();
      try { await act("continue_from", { ...source, decision: r.decision }); document.getElementById("dl-game").focus(); }
      catch (err) { showErr(err); }
    } });
  let picture = "";
  let hand = "";
  const gen = reviewGeneration;
  try {
    const text = source.record || lastRecordText;
    const p = await call("record_position", { text, round: r.round, event: r.event, seat: r.seat });
    picture = p.svg ? svgNode(p.svg, "dl-svg") : el("p", {}, W.table_empty);
    picture.dataset.layout = p.layout;      // the position's notation, for automation
    // the tiles the decision was taken with
    const whose = source.sid !== undefined ? W.your_tiles : fill(W.hand_seat, { n: r.seat + 1 });
    hand = el("div", { class: "dl-review-hand", "data-hand": (p.hand || []).join(" ") },
      el("p", { class: "dl-label" }, fill(W.hand_before, { whose })),
      p.hand_svg ? svgNode(p.hand_svg, "dl-svg") : el("p", {}, W.no_tiles));
  } catch (err) {
    picture = el("p", {}, readerText(err));
  }
  if (gen !== reviewGeneration) return;         // the review was closed meanwhile
  const verdict = wasBest(r) ? fill(W.verdict_best, { move: r.played_text || r.played })
    : heldBack(r.decision) ? fill(W.verdict_held, { move: r.played_text || r.played, loss: points(r.loss) })
    : fill(W.verdict_worse, { move: r.played_text || r.played, best: r.best_text || r.best, loss: points(r.loss) });
  ui.reviewPosition.replaceChildren(
    el("p", {}, fill(W.decision, { n: r.decision + 1, round: r.round + 1, verdict })),
    picture, hand, el("p", {}, here));
  readable(ui.reviewPosition);
}

// -- practice from one's own mistakes ----------------------------------------------------
// The engine turns the costliest decisions into puzzles like the book's (review_practice: it decides
// which decision is a puzzle); the lessons' script shows and scores them. The puzzles are kept in this
// browser with their stars, newest first, at most PRACTICE_KEEP.

const PRACTICE_KEY = "dominolab.practice/1";
const PRACTICE_KEEP = 12;

function loadPractice() {
  try {
    const data = JSON.parse(window.localStorage.getItem(PRACTICE_KEY) || "null");
    return data && Array.isArray(data.exercises) && data.shared ? data : null;
  } catch (err) { return null; }
}
function savePractice(data) {
  try { window.localStorage.setItem(PRACTICE_KEY, JSON.stringify(data)); } catch (err) { /* kept for this visit only */ }
}

// New puzzles first; one already kept is not repeated (same id and version: the same position).
function mergePractice(kept, found) {
  const key = (ex) => `${ex.id}@${ex.version}`;
  const fresh = found.exercises.map(key);
  const exercises = found.exercises.concat((kept ? kept.exercises : []).filter((ex) => fresh.indexOf(key(ex)) < 0))
    .slice(0, PRACTICE_KEEP).map((ex) => { const copy = { ...ex }; delete copy.key; delete copy.points; return copy; });
  const shared = { ...found.shared, rules: { ...(kept ? kept.shared.rules : {}), ...found.shared.rules } };
  return { lesson: found.lesson, title: found.title, game: "", poolKinds: [], exercises, shared };
}

function showPractice(data) {
  if (!data || !data.exercises.length || !window.DominolabLessons || !window.DominolabLessons.show) {
    ui.practice.hidden = true;
    return;
  }
  ui.practice.hidden = false;
  // the lessons' script completes the exercises in place: it gets a copy, the kept data stays plain
  window.DominolabLessons.show(ui.practiceList, JSON.parse(JSON.stringify(data)));
}

async function findPractice(source, gen) {
  ui.practiceButton.disabled = true;
  ui.practiceStatus.textContent = W.practice_wait;
  const t0 = performance.now();
  let found;
  try {
    found = await call("review_practice", source);
  } catch (err) {
    if (gen !== reviewGeneration) return;
    ui.practiceStatus.textContent = fill(W.failed, { error: readerText(err) });
    ui.practiceStatus.dataset.errorDetail = err.message;
    ui.practiceButton.disabled = false;
    return;
  }
  ui.practiceStatus.dataset.ms = String(Math.round(performance.now() - t0));
  if (gen !== reviewGeneration) return;
  const n = found.exercises.length;
  ui.practiceStatus.textContent = n ? fill(n === 1 ? W.practice_one : W.practice_many, { n }) : W.practice_none;
  if (!n) return;
  const data = mergePractice(loadPractice(), found);
  savePractice(data);
  showPractice(data);
  holdBack(found.decisions || {});
  ui.practice.scrollIntoView({ block: "nearest" });
}

// A puzzle made of a reviewed decision is that row's "better" move: until the puzzle is answered (solved or
// its solution shown), the row keeps its better move and its reasons back, and so does the decision's verdict.
let practiceObserver = null;

function practiceAnswered(id) {
  const box = ui.practiceList.querySelector(`[data-exercise="${CSS.escape(id)}"]`);
  return !box || (box.dataset.state !== undefined && box.dataset.state !== "open");
}
function heldBack(decision) {
  const row = ui.reviewTable.querySelector(`tr[data-decision="${decision}"]`);
  return Boolean(row && row.dataset.heldFor && !practiceAnswered(row.dataset.heldFor));
}
function holdBack(decisions) {
  for (const [id, decision] of Object.entries(decisions)) {
    const row = ui.reviewTable.querySelector(`tr[data-decision="${decision}"]`);
    if (!row || practiceAnswered(id)) continue;
    const cell = row.querySelector(".dl-better");
    if (!cell || !cell.textContent) continue;
    row.dataset.heldFor = id;
    cell.dataset.better = cell.textContent;
    cell.textContent = W.better_held;
    const why = ui.reviewTable.querySelector(`tr[data-why-for="${decision}"]`);
    if (why) why.hidden = true;
  }
  if (!practiceObserver) {
    practiceObserver = new MutationObserver(releaseAnswered);
    practiceObserver.observe(ui.practiceList, { subtree: true, attributes: true, attributeFilter: ["data-state"] });
  }
}
function releaseAnswered() {
  for (const row of ui.reviewTable.querySelectorAll("tr[data-held-for]")) {
    if (!practiceAnswered(row.dataset.heldFor)) continue;
    const cell = row.querySelector(".dl-better");
    cell.textContent = cell.dataset.better || "";
    delete cell.dataset.better;
    delete row.dataset.heldFor;
    const why = ui.reviewTable.querySelector(`tr[data-why-for="${row.dataset.decision}"]`);
    if (why) why.hidden = false;
  }
}

function clearPractice() {
  try { window.localStorage.removeItem(PRACTICE_KEY); } catch (err) { /* nothing kept */ }
  ui.practiceList.replaceChildren();
  ui.practice.hidden = true;
  releaseAnswered();                 // no puzzle left to answer: the rows show their better moves again
}

// -- records opened in the page ---------------------------------------------------------

let frameIndex = 0;
let openedRecord = null;
let frameCount = 0;

async function checkRecord(text, name) {
  ui.recordResult.textContent = W.record_checking;
  ui.recordResult.dataset.recordOk = "";
  ui.recordSteps.hidden = true;
  ui.analyseRecord.hidden = true;
  ui.reviewSeatBox.hidden = true;
  try {
    let out;
    try {
      out = await call("open_record", { id: "record", text, name });
    } catch (err) {             // a refused record: the API's {ok: false} carries both lines
      out = { ok: false, error: err.message, error_text: err.reader };
    }
    if (!out.ok) {
      // the reader's sentence in the page's language; the English line of `dominolab replay` for developers
      ui.recordResult.textContent = out.error_text || out.error_de || GENERAL_ERROR;
      ui.recordResult.dataset.errorEn = out.error;
      ui.recordResult.dataset.recordOk = "false";
      return;
    }
    delete ui.recordResult.dataset.errorEn;
    ui.recordResult.textContent = out.text;
    ui.recordResult.dataset.recordOk = "true";
    openedRecord = text;
    ui.analyseRecord.hidden = false;
    // whose decisions the review rates: one seat (numbered from 1 for readers) or all of them
    ui.reviewSeat.replaceChildren(el("option", { value: "", text: W.all_players }),
      ...Array.from({ length: out.players || 0 }, (_, i) => el("option", { value: String(i), text: fill(W.player, { n: i + 1 }) })));
    ui.reviewSeatBox.hidden = !out.players;
    frameCount = out.frames;
    if (out.first) { ui.recordSteps.hidden = false; showFrame(out.first); }
  } catch (err) {
    ui.recordResult.textContent = readerText(err);
    ui.recordResult.dataset.errorEn = err.message;
    ui.recordResult.dataset.recordOk = "false";
  }
}

function showFrame(f) {
  frameIndex = f.index;
  ui.frameText.replaceChildren(el("p", {}, fill(W.frame, { n: f.index + 1, total: f.frames, text: f.text })),
    stepLines(f.lines),
    f.scores ? el("p", {}, fill(W.score_now, { scores: f.scores.join(" : ") })) : "");
  ui.framePicture.replaceChildren(f.svg ? svgNode(f.svg, "dl-svg") : el("p", {}, f.layout || W.table_empty_now));
  readable(ui.framePicture);
  ui.prev.disabled = f.index <= 0;
  ui.nextFrame.disabled = f.index >= f.frames - 1;
}

async function stepFrame(delta) {
  try {
    showFrame(await call("record_frame", { id: "record", index: frameIndex + delta }));
  } catch (err) {
    ui.recordResult.textContent = readerText(err);
  }
}

const NO_FILE = W.no_file;

function buildRecordBox() {
  // the browser's own file field speaks the browser's language ("Choose File"): it stays focusable but
  // out of sight, and a label in button form in the page's language opens it and names the chosen file
  ui.file = el("input", { type: "file", id: "dl-record-file", class: "dl-file-input", accept: ".json,application/json",
    "data-record-file": true });
  ui.fileName = el("span", { class: "dl-file-name", "aria-live": "polite" }, NO_FILE);
  ui.paste = el("textarea", { id: "dl-record-text", rows: "4", cols: "60", "data-record-paste": true,
    "aria-label": W.paste_label, placeholder: W.paste_placeholder });
  ui.recordResult = el("p", { class: "dl-record-result", "data-record-result": true, role: "status", "aria-live": "polite" });
  ui.prev = el("button", { type: "button", text: W.prev, "data-frame-prev": true, onclick: () => stepFrame(-1) });
  ui.nextFrame = el("button", { type: "button", text: W.next, "data-frame-next": true, onclick: () => stepFrame(1) });
  ui.frameText = el("div", { class: "dl-frame-text", "aria-live": "polite" });
  ui.framePicture = el("div", { class: "dl-frame-picture" });
  ui.recordSteps = el("div", { class: "dl-record-steps", hidden: true }, ui.prev, " ", ui.nextFrame, ui.framePicture, ui.frameText);
  ui.file.addEventListener("change", async () => {
    const f = ui.file.files && ui.file.files[0];
    ui.fileName.textContent = f ? f.name : NO_FILE;
    if (f) checkRecord(await f.text(), f.name);
  });
  const check = el("button", { type: "button", text: W.check_pasted, "data-record-check": true,
    onclick: () => checkRecord(ui.paste.value, W.pasted_name) });
  ui.reviewSeat = el("select", { id: "dl-review-seat", "data-review-seat": true });
  ui.reviewSeatBox = el("span", { hidden: true }, el("label", { for: "dl-review-seat" }, W.decisions_of), " ", ui.reviewSeat, " ");
  ui.analyseRecord = el("button", { type: "button", text: W.analyse, "data-analyse-record": true, hidden: true,
    onclick: () => analyse(ui.reviewSeat.value === "" ? { record: openedRecord }
      : { record: openedRecord, seat: Number(ui.reviewSeat.value) }) });
  ui.recordSteps.addEventListener("keydown", (event) => {
    if (event.key === "ArrowRight") { event.preventDefault(); stepFrame(1); }
    if (event.key === "ArrowLeft") { event.preventDefault(); stepFrame(-1); }
  });
  return el("section", { class: "dl-records", "aria-label": W.records },
    el("h3", {}, W.records),
    el("p", {}, ui.file, el("label", { for: "dl-record-file", class: "dl-file-button" }, W.choose_file), " ", ui.fileName),
    el("p", {}, ui.paste), el("p", {}, check), ui.recordResult, el("p", {}, ui.reviewSeatBox, ui.analyseRecord), ui.recordSteps);
}

// -- start ------------------------------------------------------------------------------

function build() {
  ui.stateText = el("span", { class: "dl-state", role: "status" });
  ui.progress = el("span", { class: "dl-progress", "data-progress": true, "aria-live": "polite" });
  ui.error = el("p", { class: "dl-error", role: "alert", hidden: true });
  ui.heading = el("h3", { class: "dl-heading" });
  ui.scoreline = el("p", { class: "dl-scoreline" });
  ui.scores = el("div", { class: "dl-scores" });
  ui.layout = el("div", { class: "dl-layout dl-board", "aria-label": W.board_label, role: "group" });
  ui.layout.addEventListener("keydown", handNav);
  ui.boardHelp = el("p", { class: "dl-boardhelp", "aria-live": "polite" });
  ui.others = el("p", { class: "dl-others" });
  ui.moves = el("div", { class: "dl-moves", role: "group", "aria-label": W.moves_label });
  ui.moves.addEventListener("keydown", keyNav);
  ui.hint = el("button", { type: "button", text: W.hint, "data-hint": true, onclick: showHint });
  ui.undo = el("button", { type: "button", text: W.undo, "data-undo": true, onclick: () => { viaBoard = false; act("undo"); } });
  ui.next = el("button", { type: "button", class: "dl-primary", text: W.next_round, "data-next-round": true,
    hidden: true, onclick: () => { keepFocus = true; act("next_round"); } });
  ui.again = el("button", { type: "button", class: "dl-primary", text: W.new_match, hidden: true,
    onclick: () => newMatch({ ...current.params, seed: String(Number(current.params.seed) + 1) }) });
  ui.analyse = el("button", { type: "button", text: W.analyse, "data-analyse": true, hidden: true,
    onclick: () => analyse({ sid: "play", seat: current ? current.seat : 0 }) });
  ui.skip = el("button", { type: "button", text: W.skip, "data-skip": true, hidden: true,
    "aria-keyshortcuts": "Escape", onclick: skip });
  ui.download = el("a", { class: "dl-download", "data-record-download": true, "aria-disabled": "true",
    href: "#", text: W.download });
  ui.share = el("a", { class: "dl-share", href: "#" });
  ui.hintText = el("div", { class: "dl-hint", "aria-live": "polite" });
  ui.live = el("div", { class: "dl-live", "aria-live": "polite", "aria-atomic": "true" });
  ui.log = el("ol", { class: "dl-log", start: "0", "data-log": true, role: "log", "aria-label": W.log });
  ui.logBox = el("div", { class: "dl-logbox" }, el("h4", {}, W.log), ui.log);
  ui.summary = el("section", { class: "dl-summary", hidden: true, "aria-label": W.round_end });
  ui.settlement = el("section", { class: "dl-settlement", hidden: true });
  ui.reviewBar = el("progress", { max: "1", value: "0", "aria-label": W.review_progress, hidden: true });
  ui.reviewStatus = el("p", { role: "status", class: "dl-review-status" });
  ui.reviewSummary = el("p", { class: "dl-review-summary" });
  ui.reviewReasons = el("p", { class: "dl-review-reasons" });
  ui.practiceButton = el("button", { type: "button", text: W.practice, "data-practice": true });
  ui.practiceStatus = el("p", { role: "status", class: "dl-practice-status" });
  ui.practiceOffer = el("div", { class: "dl-practice-offer", hidden: true },
    el("p", {}, W.practice_offer, " ", ui.practiceButton),
    ui.practiceStatus);
  // filled by the lessons' script (DominolabLessons.show); not a .dl-lesson of the book's own pages
  ui.practiceList = el("section", { class: "dl-practice-lesson", "data-lesson": "practice", "data-practice-list": true, "data-ready": "1" });
  ui.practice = el("section", { class: "dl-practice", hidden: true, "aria-label": W.practice },
    el("h3", {}, W.practice), ui.practiceList,
    el("p", {}, el("button", { type: "button", text: W.practice_clear, "data-practice-clear": true, onclick: clearPractice })));
  ui.reviewTable = el("table", { class: "dl-review-table", "data-review": true });
  ui.reviewPosition = el("div", { class: "dl-review-position", "aria-live": "polite" });
  ui.review = el("section", { class: "dl-review", hidden: true, "aria-label": W.review },
    el("h3", {}, W.review), ui.reviewBar, ui.reviewStatus, ui.reviewSummary,
    el("div", { class: "dl-review-scroll" }, ui.reviewTable), ui.reviewReasons, ui.practiceOffer, ui.reviewPosition);
  const main = el("div", { class: "dl-main" },
    ui.layout, ui.boardHelp,
    ui.movesHead = el("div", { class: "dl-moves-head" }, el("span", { class: "dl-label" }, W.your_moves), " ", ui.skip), ui.moves,
    el("p", { class: "dl-actions" }, ui.hint, " ", ui.undo, " ", ui.next, ui.again, " ", ui.analyse),
    ui.hintText, ui.live, ui.others);
  const side = el("div", { class: "dl-side" }, ui.logBox, ui.summary, ui.settlement);
  const area = el("section", { class: "dl-area", id: "dl-game", tabindex: "-1", "aria-label": W.play_area },
    el("div", { class: "dl-top" }, ui.heading, ui.scoreline), el("div", { class: "dl-grid" }, main, side),
    ui.scores, el("p", {}, ui.download, " · ", ui.share));
  ui.formSlot = el("details", { class: "dl-form-slot" }, el("summary", {}, W.settings));
  root.replaceChildren(el("p", { class: "dl-statusline" }, ui.stateText, " ", ui.progress), ui.error, area, ui.review, ui.practice, ui.formSlot, buildRecordBox());
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && root.dataset.state === "waiting") { event.preventDefault(); skip(); }
  });
  setState("loading");
}

// A turned phone or a resized window: every drawing is measured again.
let resizeTimer = null;
function onResize() {
  clearTimeout(resizeTimer);
  resizeTimer = setTimeout(() => {
    for (const box of [ui.layout, ui.scores, ui.settlement, ui.reviewPosition, ui.framePicture]) if (box) readable(box);
  }, 100);
}

async function main() {
  build();
  showPractice(loadPractice());      // the puzzles of earlier reviews, with their stars
  window.addEventListener("resize", onResize);
  onStatus((st) => {
    if (st.failed) { ui.progress.textContent = ""; showError(W.engine_failed, st.failed); return; }
    ui.progress.textContent = st.ready ? fill(W.engine_loaded, { s: seconds(st.ms) })
      : `${st.progress} (${seconds(performance.now() - started)} s)`;
    root.dataset.engine = st.ready ? "ready" : "loading";
    if (st.ready && st.steps) root.dataset.engineSteps = JSON.stringify(st.steps);
  });
  const ticker = setInterval(() => {
    if (root.dataset.engine === "ready") { clearInterval(ticker); return; }
    const s = ui.progress.textContent.replace(/ \(\d+[.,]\d s\)$/, "");
    ui.progress.textContent = `${s} (${seconds(performance.now() - started)} s)`;
  }, 500);
  try {
    catalog = await call("catalog");
    ui.formSlot.append(buildForm());
  } catch (err) {
    showErr(err);
    return;
  }
  try {
    // a bad parameter is left out (named in the page's language); the good ones are kept
    const params = await call("params", { params: urlParams(), keep_good: true });
    await newMatch(params);
    if (params.ignored && params.ignored.length) showError(params.ignored.join(" "));
  } catch (err) {
    await newMatch({});
    showError(fill(W.defaults, { error: readerText(err) }), err.message);
  }
}

main();
