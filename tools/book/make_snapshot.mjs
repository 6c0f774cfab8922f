#!/usr/bin/env node
// Build-time memory snapshot of Pyodide with the dominolab engine imported.
//
//   node tools/book/make_snapshot.mjs [PYODIDE_DIR]   (default: book/_widgetjs/pyodide)
//
// Starts the Pyodide core that tools/book/fetch_pyodide.py put into PYODIDE_DIR
// (under Node, offline), unpacks the wheel named by dominolab-wheel.json
// (tools/book/build_wheel.py), imports dominolab.webapi (what the play worker
// calls; PRELOAD below) and saves the WebAssembly memory with
// Pyodide's own snapshot API (loadPyodide({_makeSnapshot: true}) and
// pyodide.makeMemorySnapshot(); loaded back with loadPyodide({_loadSnapshot})).
// The page then skips Python's start and the engine import.
//
// Output in PYODIDE_DIR (gitignored, a build artefact):
//   dominolab-snapshot.bin.gz        the snapshot, gzip (the page inflates it
//                                    with DecompressionStream and fetches it
//                                    as NAME?sha256=PREFIX, so a browser never
//                                    reuses a stale one)
//   dominolab-snapshot.json          {snapshot, size, raw_size, sha256,
//                                    wheel_sha256, files_dir (where the wheel
//                                    was unpacked), pyodide_version, script}
// Skipped when the manifest already matches the wheel, the Pyodide version and
// this script.  The page checks wheel_sha256 against dominolab-wheel.json and
// starts Python normally when they differ or the snapshot fails to load.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import zlib from "node:zlib";

const here = path.dirname(fileURLToPath(import.meta.url));
const dir = path.resolve(process.argv[2] || path.join(here, "..", "..", "book", "_widgetjs", "pyodide"));
const MANIFEST = "dominolab-snapshot.json";
// The worker (book/_widgetjs/play/engine-worker.js) runs the same import when
// it has to start Python without the snapshot.
const PRELOAD = "import dominolab.webapi\nimport gc\ngc.collect()";

function sha256(data) { return createHash("sha256").update(data).digest("hex"); }

function fail(message) {
  console.error(`error: cannot make the Pyodide snapshot: ${message}`);
  process.exit(1);
}

async function main() {
  let wheelInfo;
  try {
    wheelInfo = JSON.parse(fs.readFileSync(path.join(dir, "dominolab-wheel.json"), "utf8"));
  } catch (err) {
    fail(`no wheel manifest in ${dir} (run tools/book/build_wheel.py): ${err.message}`);
  }
  const version = fs.readFileSync(path.join(dir, "PYODIDE_VERSION.txt"), "utf8").trim();
  const script = sha256(fs.readFileSync(fileURLToPath(import.meta.url)));
  const manifestPath = path.join(dir, MANIFEST);
  try {
    const old = JSON.parse(fs.readFileSync(manifestPath, "utf8"));
    if (old.wheel_sha256 === wheelInfo.sha256 && old.pyodide_version === version && old.script === script
        && fs.existsSync(path.join(dir, old.snapshot))) {
      console.log(`Pyodide snapshot up to date: ${path.join(dir, old.snapshot)}`);
      return;
    }
  } catch { /* no usable manifest: make one */ }

  const started = performance.now();
  const { loadPyodide } = await import(pathToFileURL(path.join(dir, "pyodide.mjs")).href);
  const pyodide = await loadPyodide({
    indexURL: dir + path.sep, _makeSnapshot: true,
    stdout: () => {}, stderr: (text) => console.error(text),
  });
  const wheel = new Uint8Array(fs.readFileSync(path.join(dir, wheelInfo.wheel)));
  if (sha256(wheel) !== wheelInfo.sha256) fail(`${wheelInfo.wheel} does not match its manifest`);
  // Into site-packages (by default unpackArchive uses the working directory).
  const sitePackages = pyodide.runPython("import os, sysconfig\nos.path.realpath(sysconfig.get_path('purelib'))");
  pyodide.unpackArchive(wheel, "wheel", { extractDir: sitePackages });
  // Import what the page needs; hold no Python object from JS (the snapshot
  // keeps only the Python side); collect garbage so less memory is saved.
  pyodide.runPython(PRELOAD);
  // Where the modules came from: the page writes the wheel's files there again.
  const filesDir = pyodide.runPython("import dominolab, os\nos.path.dirname(os.path.dirname(os.path.realpath(dominolab.__file__)))");
  if (filesDir !== sitePackages) fail(`dominolab was imported from ${filesDir}, not from ${sitePackages}`);
  const raw = pyodide.makeMemorySnapshot();
  const packed = zlib.gzipSync(raw, { level: 9 });
  const hash = sha256(packed);
  const name = "dominolab-snapshot.bin.gz";
  const tmp = path.join(dir, `.${name}.${process.pid}.tmp`);
  fs.writeFileSync(tmp, packed);
  fs.renameSync(tmp, path.join(dir, name));
  const manifest = { snapshot: name, size: packed.length, raw_size: raw.length, sha256: hash,
                     wheel_sha256: wheelInfo.sha256, files_dir: filesDir, pyodide_version: version, script };
  const mtmp = path.join(dir, `.${MANIFEST}.${process.pid}.tmp`);
  fs.writeFileSync(mtmp, JSON.stringify(manifest) + "\n");
  fs.renameSync(mtmp, manifestPath);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`Pyodide snapshot made in ${seconds} s: ${path.join(dir, name)} `
              + `(${(packed.length / 1e6).toFixed(1)} MB, ${(raw.length / 1e6).toFixed(1)} MB unpacked)`);
}

main().then(() => process.exit(0), (err) => fail(String(err && err.message ? err.message : err).split("\n")[0]));
