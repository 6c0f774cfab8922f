// The play page (book/spielen.md): a match against the bots, played by the real
// dominolab engine running in the reader's browser (Pyodide in a Web Worker).
//
// Contract for automation and accessibility:
//   * the play area carries data-state = loading | your-turn | waiting | round-over | match-over
//   * every legal move of the person is a focusable <button data-move="NOTATION">
//     (placement notation of the interchange contract, "draw" or "pass")
//   * the record download link carries data-record-download
//   * step texts are announced in an aria-live region; arrow keys move between moves.
import { call, el, onStatus, svgNode } from "./engine.js";

const root = document.getElementById("dominolab-play");
const BOT_DELAY_MS = 200;
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

function setState(state) {
  root.dataset.state = state;
  ui.stateText.textContent = {
    "loading": "Die Engine wird geladen …",
    "your-turn": "Du bist am Zug.",
    "waiting": "Die Gegner sind am Zug …",
    "round-over": "Die Runde ist zu Ende.",
    "match-over": "Die Partie ist zu Ende.",
  }[state] || state;
}

function showError(message) {
  ui.error.textContent = message ? `Fehler: ${message}` : "";
  ui.error.hidden = !message;
}

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
  ui.share.textContent = `Link zu dieser Partie (Startwert ${params.seed})`;
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
  const start = el("button", { type: "submit", class: "dl-primary", text: "Neue Partie" });
  const form = el("form", { class: "dl-form", "aria-label": "Einstellungen der Partie" },
    el("label", { for: "dl-game" }, "Spiel "), ui.game, " ",
    el("label", { for: "dl-seating" }, "Besetzung "), ui.seating, " ",
    el("label", { for: "dl-seat" }, "Dein Sitz "), ui.seat, " ",
    ui.bots, " ",
    el("label", { for: "dl-seed" }, "Startwert "), ui.seed, " ",
    start);
  form.addEventListener("submit", (event) => { event.preventDefault(); newMatch(formParams()); });
  return form;
}

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
    el("option", { value: i, text: `Sitz ${i}` })));
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
    const label = `Sitz ${seat}${partner ? " (Partner)" : ""}`;
    const sel = el("select", { "aria-label": `${label}: Spielstärke`, "data-bot": k });
    for (const b of catalog.bots) sel.append(el("option", { value: b.name, text: b.label }));
    sel.value = bots[k] || bots[0] || catalog.default_bot;
    ui.bots.append(el("span", { class: "dl-bot" }, `${label} `, sel), " ");
    k += 1;
  }
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

function moveButton(move) {
  const attrs = { type: "button", class: `dl-move dl-move-${move.kind}`, "data-move": move.move };
  if (move.point) attrs["data-point"] = move.point;
  const button = el("button", attrs, move.label);
  button.addEventListener("click", () => { keepFocus = true; act("play", { move: move.move }); });
  const mark = (on) => {
    for (const node of ui.layout.querySelectorAll("[data-point]")) {
      node.classList.toggle("dl-point-active", on && node.getAttribute("data-point") === move.point);
    }
  };
  button.addEventListener("focus", () => mark(true));
  button.addEventListener("blur", () => mark(false));
  button.addEventListener("mouseenter", () => mark(true));
  button.addEventListener("mouseleave", () => mark(false));
  return button;
}

function eventItem(e) {
  const item = el("li", { "data-event": e.index }, e.text);
  if (e.lines) {
    item.append(el("div", { class: "dl-steptext", lang: "de" }, ...e.lines.map((l) => el("div", {}, l))));
  }
  return item;
}

function botLabel(name) {
  const bot = catalog && catalog.bots.find((b) => b.name === name);
  return bot ? bot.label : name;
}

function render(s) {
  current = s;
  renders += 1;
  root.dataset.renders = String(renders);
  const key = JSON.stringify(s.params);
  if (key !== syncedParams) { syncedParams = key; syncForm(s.params); writeUrl(s.params); }
  ui.heading.textContent = `${s.title}, ${s.seating} – Runde ${s.round}. Du spielst ${s.hands[s.seat].name}.`;
  ui.scores.replaceChildren(
    s.score_svg ? svgNode(s.score_svg, "dl-svg") : "",
    el("p", { class: "dl-scoreline" }, s.side_labels.map((label, i) =>
      `${label}${i === s.my_side ? " (du)" : ""}: ${s.scores[i]}`).join(" · ") + ` – Ziel ${s.target}`));
  ui.layout.replaceChildren(s.layout_svg ? svgNode(s.layout_svg, "dl-svg") :
    el("p", {}, s.layout ? `Auslage: ${s.layout}` : "Der Tisch ist noch leer."));
  const others = s.hands.filter((h) => h.seat !== s.seat).map((h) =>
    `${h.name} (${botLabel(h.bot)}): ${h.tiles ? (h.tiles.join(" ") || "keine Steine") : h.count + " Steine"}`);
  ui.hand.replaceChildren(
    el("p", {}, el("strong", {}, "Deine Steine: "), s.hand.join(" ") || "keine"),
    s.hand_svg ? svgNode(s.hand_svg, "dl-svg dl-hand-svg") : "",
    el("p", { class: "dl-others" }, others.join(" · ") +
      (s.stock_left !== null ? ` · Vorrat: ${s.stock_left} Steine` : "")));

  // moves
  const hadFocus = ui.moves.contains(document.activeElement);
  ui.moves.replaceChildren(...s.moves.map(moveButton));
  ui.hint.disabled = s.state !== "your-turn";
  // a tip holds until the next move of anyone (the session clears it: s.hint is null)
  if (!s.hint) ui.hintText.textContent = "";
  ui.undo.disabled = !s.can_undo || busy;
  ui.next.hidden = s.state !== "round-over";
  ui.again.hidden = s.state !== "match-over";
  if (s.pending) ui.moves.prepend(el("p", {}, `Du hast ${s.pending} gezogen und musst ihn sofort anlegen.`));

  // events: announce what is new since the last render
  const newRound = s.round !== seenRound;
  let fresh;
  if (newRound || seenEvents > s.events.length) {
    // a new round (announce its first events) or an undo (announce only the message)
    ui.log.replaceChildren(...s.events.map(eventItem));
    fresh = newRound ? s.events : [];
    seenRound = s.round;
    ui.hintText.textContent = "";
    ui.live.replaceChildren();
  } else {
    fresh = s.events.slice(seenEvents);
    for (const e of fresh) ui.log.append(eventItem(e));
  }
  seenEvents = s.events.length;
  if (fresh.length) {
    const last = fresh[fresh.length - 1];
    ui.live.replaceChildren(el("p", {}, fresh.map((e) => e.text).join(" ")),
      last.lines ? el("div", { class: "dl-steptext", lang: "de" }, ...last.lines.map((l) => el("div", {}, l))) : "");
  }
  if (s.message) ui.live.prepend(el("p", { class: "dl-message" }, s.message));
  if (s.end_text) ui.live.append(el("p", { class: "dl-end" }, el("strong", {}, s.end_text)));

  // settlement
  if (s.settlement) {
    ui.settlement.hidden = false;
    ui.settlement.replaceChildren(el("h3", {}, "Abrechnung"),
      s.settlement.svg ? svgNode(s.settlement.svg, "dl-svg") : "",
      el("ul", {}, ...s.settlement.hands.map((h) => el("li", {}, h))),
      el("p", {}, s.settlement.text));
  } else {
    ui.settlement.hidden = true;
    ui.settlement.replaceChildren();
  }
  setState(s.state);
  const lost = hadFocus || document.activeElement === document.body || document.activeElement === null;
  if (s.state === "your-turn") {
    if (firstTurnMs === null) {
      firstTurnMs = Math.round(performance.now() - started);
      root.dataset.loadMs = String(firstTurnMs);
    }
    const first = ui.moves.querySelector("button");
    if (first && keepFocus && lost) first.focus();
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
    ui.download.href = recordUrl;
    ui.download.download = rec.filename;
    ui.download.removeAttribute("aria-disabled");
    ui.download.dataset.version = String(version);
  } catch (err) {
    showError(err.message);
  }
}

// -- actions ----------------------------------------------------------------------------

async function act(method, args = {}) {
  if (busy) return;
  busy = true;
  root.dataset.busy = "1";
  showError("");
  try {
    const s = await call(method, { id: "play", ...args });
    render(s);
    await runBots();
  } catch (err) {
    showError(err.message);
  } finally {
    busy = false;
    root.dataset.busy = "0";
    if (current) ui.undo.disabled = !current.can_undo;
  }
}

async function runBots() {
  const gen = generation;
  while (current && current.state === "waiting" && gen === generation) {
    await new Promise((r) => setTimeout(r, BOT_DELAY_MS));
    if (gen !== generation) return;
    const next = await call("bot", { id: "play" });
    if (gen !== generation) return;      // a new match was started meanwhile
    render(next);
  }
}

async function newMatch(params) {
  generation += 1;
  busy = false;
  seenRound = 0;
  seenEvents = 0;
  setState("loading");
  await act("new", { params });
}

async function showHint() {
  ui.hintText.textContent = "Der starke Bot denkt nach …";
  try {
    const h = await call("hint", { id: "play" });
    ui.hintText.textContent = h.text;
    const button = ui.moves.querySelector(`button[data-move="${CSS.escape(h.move)}"]`);
    for (const b of ui.moves.querySelectorAll("button")) b.classList.toggle("dl-hinted", b === button);
  } catch (err) {
    ui.hintText.textContent = "";
    showError(err.message);
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

// -- records opened in the page ---------------------------------------------------------

let frameIndex = 0;
let frameCount = 0;

async function checkRecord(text, name) {
  ui.recordResult.textContent = "Der Datensatz wird von der Engine nachgespielt …";
  ui.recordResult.dataset.recordOk = "";
  ui.recordSteps.hidden = true;
  try {
    const out = await call("open_record", { id: "record", text, name });
    if (!out.ok) {
      ui.recordResult.textContent = out.error;
      ui.recordResult.dataset.recordOk = "false";
      return;
    }
    ui.recordResult.textContent = out.text;
    ui.recordResult.dataset.recordOk = "true";
    frameCount = out.frames;
    if (out.first) { ui.recordSteps.hidden = false; showFrame(out.first); }
  } catch (err) {
    ui.recordResult.textContent = err.message;
    ui.recordResult.dataset.recordOk = "false";
  }
}

function showFrame(f) {
  frameIndex = f.index;
  ui.frameText.replaceChildren(el("p", {}, `Schritt ${f.index + 1} von ${f.frames}. ${f.text}`),
    f.lines && f.lines.length ? el("div", { class: "dl-steptext", lang: "de" }, ...f.lines.map((l) => el("div", {}, l))) : "",
    f.scores ? el("p", {}, `Punktestand: ${JSON.stringify(f.scores)}`) : "");
  ui.framePicture.replaceChildren(f.svg ? svgNode(f.svg, "dl-svg") : el("p", {}, f.layout || "Der Tisch ist leer."));
  ui.prev.disabled = f.index <= 0;
  ui.nextFrame.disabled = f.index >= f.frames - 1;
}

async function stepFrame(delta) {
  try {
    showFrame(await call("record_frame", { id: "record", index: frameIndex + delta }));
  } catch (err) {
    ui.recordResult.textContent = err.message;
  }
}

function buildRecordBox() {
  ui.file = el("input", { type: "file", id: "dl-record-file", accept: ".json,application/json", "data-record-file": true });
  ui.paste = el("textarea", { id: "dl-record-text", rows: "4", cols: "60", "data-record-paste": true,
    placeholder: "… oder den Datensatz (JSON) hier einfügen" });
  ui.recordResult = el("p", { class: "dl-record-result", "data-record-result": true, role: "status", "aria-live": "polite" });
  ui.prev = el("button", { type: "button", text: "◀ Zurück", "data-frame-prev": true, onclick: () => stepFrame(-1) });
  ui.nextFrame = el("button", { type: "button", text: "Weiter ▶", "data-frame-next": true, onclick: () => stepFrame(1) });
  ui.frameText = el("div", { class: "dl-frame-text", "aria-live": "polite" });
  ui.framePicture = el("div", { class: "dl-frame-picture" });
  ui.recordSteps = el("div", { class: "dl-record-steps", hidden: true }, ui.prev, " ", ui.nextFrame, ui.framePicture, ui.frameText);
  ui.file.addEventListener("change", async () => {
    const f = ui.file.files && ui.file.files[0];
    if (f) checkRecord(await f.text(), f.name);
  });
  const check = el("button", { type: "button", text: "Eingefügten Datensatz prüfen", "data-record-check": true,
    onclick: () => checkRecord(ui.paste.value, "eingefügter Datensatz") });
  ui.recordSteps.addEventListener("keydown", (event) => {
    if (event.key === "ArrowRight") { event.preventDefault(); stepFrame(1); }
    if (event.key === "ArrowLeft") { event.preventDefault(); stepFrame(-1); }
  });
  return el("section", { class: "dl-records", "aria-label": "Datensatz öffnen und prüfen" },
    el("h3", {}, "Datensatz öffnen und prüfen"),
    el("p", {}, el("label", { for: "dl-record-file" }, "Datei: "), ui.file),
    el("p", {}, ui.paste), el("p", {}, check), ui.recordResult, ui.recordSteps);
}

// -- start ------------------------------------------------------------------------------

function build() {
  ui.stateText = el("p", { class: "dl-state", role: "status" });
  ui.progress = el("p", { class: "dl-progress", "data-progress": true, "aria-live": "polite" });
  ui.error = el("p", { class: "dl-error", role: "alert", hidden: true });
  ui.heading = el("h3", { class: "dl-heading" });
  ui.scores = el("div", { class: "dl-scores" });
  ui.layout = el("div", { class: "dl-layout", "aria-label": "Auslage" });
  ui.hand = el("div", { class: "dl-hand" });
  ui.moves = el("div", { class: "dl-moves", role: "group", "aria-label": "Deine erlaubten Züge" });
  ui.moves.addEventListener("keydown", keyNav);
  ui.hint = el("button", { type: "button", text: "Tipp", "data-hint": true, onclick: showHint });
  ui.undo = el("button", { type: "button", text: "Zug zurücknehmen", "data-undo": true, onclick: () => act("undo") });
  ui.next = el("button", { type: "button", class: "dl-primary", text: "Nächste Runde", "data-next-round": true,
    hidden: true, onclick: () => { keepFocus = true; act("next_round"); } });
  ui.again = el("button", { type: "button", class: "dl-primary", text: "Neue Partie", hidden: true,
    onclick: () => newMatch({ ...current.params, seed: String(Number(current.params.seed) + 1) }) });
  ui.download = el("a", { class: "dl-download", "data-record-download": true, "aria-disabled": "true",
    href: "#", text: "Datensatz herunterladen (dominolab.record/1)" });
  ui.share = el("a", { class: "dl-share", href: "#" });
  ui.hintText = el("p", { class: "dl-hint", "aria-live": "polite" });
  ui.live = el("div", { class: "dl-live", "aria-live": "polite", "aria-atomic": "true" });
  ui.log = el("ol", { class: "dl-log", start: "0" });
  ui.settlement = el("section", { class: "dl-settlement", hidden: true });
  const area = el("section", { class: "dl-area", "aria-label": "Spielfeld" },
    ui.heading, ui.scores, ui.layout, ui.live, ui.hand,
    el("h4", {}, "Deine Züge"), ui.moves,
    el("p", { class: "dl-actions" }, ui.hint, " ", ui.undo, " ", ui.next, ui.again),
    ui.hintText, ui.settlement,
    el("p", {}, ui.download, " · ", ui.share),
    el("details", {}, el("summary", {}, "Alle Ereignisse der Runde"), ui.log));
  ui.formSlot = el("div", { class: "dl-form-slot" });
  root.replaceChildren(ui.stateText, ui.progress, ui.error, ui.formSlot, area, buildRecordBox());
  setState("loading");
}

async function main() {
  build();
  onStatus((st) => {
    if (st.failed) { ui.progress.textContent = ""; showError(`Die Engine konnte nicht geladen werden: ${st.failed}`); return; }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    ui.progress.textContent = st.ready ? `Engine geladen in ${(st.ms / 1000).toFixed(1)} s.` : `${st.progress} (${seconds} s)`;
    root.dataset.engine = st.ready ? "ready" : "loading";
    if (st.ready && st.steps) root.dataset.engineSteps = JSON.stringify(st.steps);
  });
  const ticker = setInterval(() => {
    if (root.dataset.engine === "ready") { clearInterval(ticker); return; }
    const s = ui.progress.textContent.replace(/ \(\d+\.\d s\)$/, "");
    ui.progress.textContent = `${s} (${((performance.now() - started) / 1000).toFixed(1)} s)`;
  }, 500);
  try {
    catalog = await call("catalog");
    ui.formSlot.replaceChildren(buildForm());
  } catch (err) {
    showError(err.message);
    return;
  }
  try {
    // a bad parameter is left out (named in German); the good ones are kept
    const params = await call("params", { params: urlParams(), keep_good: true });
    await newMatch(params);
    if (params.ignored && params.ignored.length) showError(params.ignored.join(" "));
  } catch (err) {
    await newMatch({});
    showError(`${err.message} – gespielt wird deshalb mit den Standardeinstellungen.`);
  }
}

main();
