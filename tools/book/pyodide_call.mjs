#!/usr/bin/env node
// Run calls of the page's API (dominolab.webapi.call) inside Pyodide under Node,
// exactly as the play page's worker runs them, and print the answers.
//
//   node tools/book/pyodide_call.mjs [PYODIDE_DIR] [--timed] < calls.json > answers.json
//
// calls.json is a JSON array of [method, args] pairs (args: any JSON value); the
// answer is a JSON array with the parsed answer of each call, in order.  The
// wheel named by PYODIDE_DIR/dominolab-wheel.json is unpacked into
// site-packages (default PYODIDE_DIR: book/_widgetjs/pyodide, filled by the book
// build).  Used by tests/browser/test_pyodide_node.py to hold the page's figures (review,
// previews, hints) equal to the native ones.  Offline; exit 1 with one line on
// any failure.  With --timed the output is {"answers": [...], "ms": [...], "cpu_ms": [...]}: beside
// each answer the wall time and the CPU time (user + system) of its call in milliseconds
// (tools/bench/page_levels.py).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const timed = args.includes("--timed");
const dirArg = args.find((a) => a !== "--timed");
const dir = path.resolve(dirArg || path.join(here, "..", "..", "book", "_widgetjs", "pyodide"));

function fail(message) {
  console.error(`error: pyodide_call: ${message}`);
  process.exit(1);
}

async function main() {
  const calls = JSON.parse(fs.readFileSync(0, "utf8"));
  if (!Array.isArray(calls)) fail("standard input must be a JSON array of [method, args] pairs");
  const wheelInfo = JSON.parse(fs.readFileSync(path.join(dir, "dominolab-wheel.json"), "utf8"));
  const { loadPyodide } = await import(pathToFileURL(path.join(dir, "pyodide.mjs")).href);
  const pyodide = await loadPyodide({ indexURL: dir + path.sep, stdout: () => {}, stderr: (t) => console.error(t) });
  const wheel = new Uint8Array(fs.readFileSync(path.join(dir, wheelInfo.wheel)));
  const sitePackages = pyodide.runPython("import os, sysconfig\nos.path.realpath(sysconfig.get_path('purelib'))");
  pyodide.unpackArchive(wheel, "wheel", { extractDir: sitePackages });
  pyodide.runPython("import json\nimport dominolab.webapi as _webapi");
  const call = pyodide.globals.get("_webapi").call;
  const answers = [];
  const ms = [];
  const cpuMs = [];
  for (const [method, args] of calls) {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    const text = call(method, JSON.stringify(args));
    const c1 = process.cpuUsage(c0);
    ms.push(performance.now() - t0);
    cpuMs.push((c1.user + c1.system) / 1000);
    answers.push(JSON.parse(text));
  }
  const out = timed ? { answers, ms, cpu_ms: cpuMs } : answers;
  // a pipe is written asynchronously: exit only when everything has left
  await new Promise((resolve) => process.stdout.write(JSON.stringify(out), resolve));
}

main().then(() => process.exit(0), (err) => fail(String(err && err.message ? err.message : err).split("\n")[0]));
