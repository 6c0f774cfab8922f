// The page side of the in-browser engine: one shared Web Worker per page,
// calls return Promises.  engine.call(method, args) resolves with the result
// of dominolab.webapi.call or rejects with an Error whose message is the
// engine's one-line error (English, for developers) and whose .german is the
// sentence the page shows a reader (webapi's error_de).
let worker = null;
let nextId = 1;
const pending = new Map();
const listeners = new Set();
let status = { ready: false, failed: null, progress: "Die Regelmaschine wird geladen …", ms: null };

function notify() { for (const fn of listeners) fn(status); }

function start() {
  if (worker) return;
  worker = new Worker(new URL("./engine-worker.js", import.meta.url), { type: "module" });
  worker.onmessage = (event) => {
    const msg = event.data;
    if (msg.progress) { status = { ...status, progress: msg.progress }; notify(); return; }
    if (msg.ready) { status = { ...status, ready: true, ms: msg.ms, steps: msg.steps, progress: "" }; notify(); return; }
    if (msg.failed) { status = { ...status, failed: msg.failed }; notify(); return; }
    const job = pending.get(msg.id);
    if (!job) return;
    pending.delete(msg.id);
    if (msg.error) { job.reject(new Error(msg.error)); return; }
    const out = JSON.parse(msg.reply);
    if (out.ok) { job.resolve(out.result); return; }
    // the English line for developers (err.message), the reader's German sentence (err.german)
    const err = new Error(out.error);
    err.german = out.error_de || null;
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
    worker.postMessage({ id, method, args });
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
