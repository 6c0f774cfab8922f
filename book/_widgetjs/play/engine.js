// The page side of the in-browser engine: one shared Web Worker per page,
// calls return Promises.  engine.call(method, args) resolves with the result
// of dominolab.webapi.call or rejects with an Error whose message is the
// engine's one-line error (English, for developers) and whose .reader (also
// .german, its old name) is the sentence the page shows a reader, in the page's
// language (webapi's error_text; error_de on an older engine).
// Every call carries the page's language (lang: "de" | "en", from <html lang>), so the engine
// answers with texts and pictures in it; the page's own words come from ../words.js
// (window.DominolabWords, generated from the words table by tools/book/build_lesson_pools.py).
import "../words.js";

// The page's language: <html lang> ("en", "en-GB" -> "en"); German when absent or not one of the table's.
export function pageLang() {
  const all = window.DominolabWords || {};
  const lang = String(document.documentElement.lang || "").toLowerCase().split("-")[0];
  return Object.prototype.hasOwnProperty.call(all, lang) ? lang : "de";
}

// The words of one script (play, tryit, lessons, board, widgets, engine) in the page's language.
export function words(group) {
  const all = window.DominolabWords || {};
  return (all[pageLang()] || all.de || {})[group] || {};
}

// A template of the words table with its {fields} filled.
export function fill(template, fields = {}) {
  return String(template === undefined ? "" : template).replace(/\{(\w+)\}/g,
    (whole, name) => (Object.prototype.hasOwnProperty.call(fields, name) ? String(fields[name]) : whole));
}

const W = words("engine");
let worker = null;
let nextId = 1;
const pending = new Map();
const listeners = new Set();
let status = { ready: false, failed: null, progress: W.loading, ms: null };

function notify() { for (const fn of listeners) fn(status); }

function start() {
  if (worker) return;
  worker = new Worker(new URL("./engine-worker.js", import.meta.url), { type: "module" });
  worker.onmessage = (event) => {
    const msg = event.data;
    // the worker names its step (python, engine); the words are the page's
    if (msg.progress) { status = { ...status, progress: W[msg.progress] || W.loading }; notify(); return; }
    if (msg.ready) { status = { ...status, ready: true, ms: msg.ms, steps: msg.steps, progress: "" }; notify(); return; }
    if (msg.failed) { status = { ...status, failed: msg.failed }; notify(); return; }
    const job = pending.get(msg.id);
    if (!job) return;
    pending.delete(msg.id);
    if (msg.error) { job.reject(new Error(msg.error)); return; }
    const out = JSON.parse(msg.reply);
    if (out.ok) { job.resolve(out.result); return; }
    // the English line for developers (err.message), the reader's sentence in the page's language (err.reader)
    const err = new Error(out.error);
    err.reader = out.error_text || out.error_de || null;
    err.german = err.reader;
    job.reject(err);
  };
  worker.onerror = (event) => {
    status = { ...status, failed: event.message || "the engine worker could not start" };
    notify();
  };
}

export function onStatus(fn) { start(); listeners.add(fn); fn(status); }

export function call(method, args = {}) {
  start();
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    worker.postMessage({ id, method, args: { lang: pageLang(), ...args } });
  });
}

// Small DOM helper shared by the page scripts.
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// SVG markup from the engine's own writer (trusted: it is produced by our code).
export function svgNode(markup, cls) {
  const box = document.createElement("div");
  if (cls) box.className = cls;
  box.innerHTML = markup || "";
  return box;
}
