// Web Worker that hosts Pyodide and the dominolab wheel for the book's pages.
// Everything is loaded from the site's own _static/pyodide/ folder (fetched from
// the npm registry at build time); no request goes to another host.
// Protocol: the page posts {id, method, args}; the worker answers
// {id, reply} (reply: the JSON text of dominolab.webapi.call) or {id, error}.
// While loading it posts {progress: "..."} and finally {ready: true, ms}.
import { loadPyodide } from "../pyodide/pyodide.mjs";

const started = performance.now();
const base = new URL("../pyodide/", import.meta.url).href;

async function fetchWheel() {
  const manifest = await (await fetch(base + "dominolab-wheel.json", { cache: "no-cache" })).json();
  const response = await fetch(base + manifest.wheel);
  if (!response.ok) throw new Error(`HTTP ${response.status} for ${manifest.wheel}`);
  return new Uint8Array(await response.arrayBuffer());
}

async function boot() {
  const wheel = fetchWheel();          // in parallel with the runtime
  postMessage({ progress: "Python (WebAssembly) wird geladen …" });
  const t0 = performance.now();
  const pyodide = await loadPyodide({ indexURL: base, stdout: () => {}, stderr: (t) => console.warn(t) });
  const t1 = performance.now();
  postMessage({ progress: "Die dominolab-Engine wird geladen …" });
  pyodide.unpackArchive(await wheel, "wheel");
  pyodide.runPython("import dominolab.webapi");
  const call = pyodide.pyimport("dominolab.webapi").call;
  const t2 = performance.now();
  postMessage({ ready: true, ms: Math.round(t2 - started),
                steps: { start: Math.round(t0 - started), python: Math.round(t1 - t0), engine: Math.round(t2 - t1) } });
  return call;
}

const ready = boot();
ready.catch((err) => postMessage({ failed: String(err && err.message ? err.message : err).split("\n")[0] }));

onmessage = async (event) => {
  const { id, method, args } = event.data;
  try {
    const call = await ready;
    postMessage({ id, reply: call(method, JSON.stringify(args || {})) });
  } catch (err) {
    postMessage({ id, error: String(err && err.message ? err.message : err).split("\n").slice(-2).join(" ") });
  }
};
