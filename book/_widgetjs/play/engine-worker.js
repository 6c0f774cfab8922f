// Web Worker that hosts Pyodide and the dominolab wheel for the book's pages.
// Everything is loaded from the site's own _static/pyodide/ folder (fetched from
// the npm registry at build time); no request goes to another host.
// Protocol: the page posts {id, method, args}; the worker answers
// {id, reply} (reply: the JSON text of dominolab.webapi.call) or {id, error}.
// While loading it posts {progress: STEP} ("python", "engine"; engine.js words them in the
// page's language) and finally {ready: true, ms, steps}.
//
// Two ways to start Python:
// * snapshot: the build (tools/book/make_snapshot.mjs) saved Pyodide's memory
//   after `import dominolab.webapi`; loading it skips Python's own start and
//   the engine import.  Used when dominolab-snapshot.json names the wheel of
//   dominolab-wheel.json; the wheel's files are still written into Python's
//   file system (inflated in JavaScript while the snapshot arrives), so
//   modules imported later and data files are found.
// * fresh: the normal start, then the wheel is unpacked and imported.  Taken
//   when there is no matching snapshot or loading it fails for any reason
//   (other Pyodide build, broken file, no DecompressionStream).
//
// Caching: the manifests and PYODIDE_VERSION.txt are asked again on every
// start (no-cache: a 304 when unchanged); the snapshot's and the wheel's URLs
// carry their hashes in the query; the runtime keeps its names, so when the
// browser's copy is of another Pyodide version than the site's, it is
// fetched again and the loader imported under a new address.

const started = performance.now();
const base = new URL("../pyodide/", import.meta.url).href;
// Must match PRELOAD in tools/book/make_snapshot.mjs.
const PRELOAD = "import dominolab.webapi";
const quiet = { stdout: () => {}, stderr: (t) => console.warn(t) };

async function fetchOk(name, options) {
  const response = await fetch(base + name, options);
  if (!response.ok) throw new Error(`HTTP ${response.status} for ${name}`);
  return response;
}

// The files of the runtime (FILES in tools/book/fetch_pyodide.py).
const RUNTIME = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"];

async function runtime() {
  const [loader, wanted] = await Promise.all([
    import(base + "pyodide.mjs"),
    fetchOk("PYODIDE_VERSION.txt", { cache: "no-cache" }).then((r) => r.text()).then((t) => t.trim(), () => null),
  ]);
  if (!wanted || loader.version === wanted) return loader;
  console.warn(`dominolab: the browser kept Pyodide ${loader.version}, the site has ${wanted}: fetching it again`);
  await Promise.all(RUNTIME.map(async (name) => (await fetchOk(name, { cache: "reload" })).arrayBuffer()));
  return import(`${base}pyodide.mjs?v=${encodeURIComponent(wanted)}`);
}

// The manifests change with every build: always asked again (a 304 when unchanged).
async function manifest(name) {
  return (await fetchOk(name, { cache: "no-cache" })).json();
}

// The wheel keeps its name across builds; its hash in the query makes every
// build's wheel a new address, so the browser may keep each as long as it likes.
async function fetchWheel(info) {
  const { wheel, sha256 } = await info;
  return new Uint8Array(await (await fetchOk(`${wheel}?sha256=${sha256.slice(0, 16)}`)).arrayBuffer());
}

// The snapshot's hash in the query makes every build's snapshot a new address,
// so the browser may keep each as long as it likes.  It is inflated straight into `into` (its size is in the manifest), so
// Pyodide can already fetch and compile WebAssembly while it arrives.  On any
// failure the magic number is cleared: Pyodide then refuses the snapshot.
async function fillSnapshot({ snapshot, sha256 }, into) {
  try {
    const response = await fetchOk(`${snapshot}?sha256=${sha256.slice(0, 16)}`);
    const reader = response.body.pipeThrough(new DecompressionStream("gzip")).getReader();
    let at = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (at + value.length > into.length) throw new Error("the snapshot is larger than its manifest says");
      into.set(value, at);
      at += value.length;
    }
    if (at !== into.length) throw new Error("the snapshot is smaller than its manifest says");
  } catch (err) {
    into.fill(0, 0, 16);
    throw err;
  }
}

// The wheel's files, inflated in JavaScript while Python is being restored
// (a wheel is a zip; ours has stored or deflated entries only).
async function wheelFiles(wheel) {
  const bytes = await wheel;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = bytes.length - 22;
  while (end >= 0 && view.getUint32(end, true) !== 0x06054b50) end--;
  if (end < 0) throw new Error("the wheel is not a zip file");
  const names = new TextDecoder();
  const files = [];
  let p = view.getUint32(end + 16, true);
  for (let i = view.getUint16(end + 10, true); i > 0; i--) {
    if (view.getUint32(p, true) !== 0x02014b50) throw new Error("the wheel's directory is broken");
    const method = view.getUint16(p + 10, true);
    const size = view.getUint32(p + 20, true);
    const nameLength = view.getUint16(p + 28, true);
    const local = view.getUint32(p + 42, true);
    const name = names.decode(bytes.subarray(p + 46, p + 46 + nameLength));
    p += 46 + nameLength + view.getUint16(p + 30, true) + view.getUint16(p + 32, true);
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const data = bytes.subarray(start, start + size);
    if (name.endsWith("/")) continue;
    if (method !== 0 && method !== 8) throw new Error(`unsupported compression in the wheel: ${name}`);
    files.push((async () => ({
      name,
      data: method === 0 ? data : new Uint8Array(await new Response(
        new Blob([data]).stream().pipeThrough(new DecompressionStream("deflate-raw"))).arrayBuffer()),
    }))());
  }
  return Promise.all(files);
}

async function startFromSnapshot(loadPyodide, info, wheel) {
  const snapshot = new Uint8Array(info.raw_size);
  const filled = fillSnapshot(info, snapshot);
  const files = wheelFiles(wheel);
  let problem = null;
  const pyodide = await loadPyodide({
    indexURL: base, ...quiet, _loadSnapshot: snapshot,
    // Runs before Python does (Pyodide waits for it): the snapshot must be
    // complete, and the wheel's files go back where the snapshot's modules
    // came from (the snapshot holds memory, not files), so modules imported
    // later and data files are found.
    fsInit: async (FS) => {
      try {
        await filled;
        for (const { name, data } of await files) {
          const path = `${info.files_dir}/${name}`;
          FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
          FS.writeFile(path, data);
        }
      } catch (err) {
        problem = err;
        snapshot.fill(0, 0, 16);
      }
    },
  });
  if (problem) throw problem;
  // Directory listings cached at build time are read again (not through
  // importlib.invalidate_caches(), which would import importlib.metadata).
  // The snapshot also froze the state of `random`; every reader gets their own.
  // The engine must come from where its files now are (else later imports fail).
  pyodide.globals.set("files_dir", info.files_dir);
  pyodide.runPython("import dominolab, os, random, sys\n"
    + "if not os.path.realpath(dominolab.__file__).startswith(files_dir + os.sep):\n"
    + "    raise ImportError(f'the snapshot imported dominolab from {dominolab.__file__}')\n"
    + "del files_dir\n"
    + "for finder in list(sys.path_importer_cache.values()):\n"
    + "    if finder is not None and hasattr(finder, 'invalidate_caches'): finder.invalidate_caches()\n"
    + "random.seed()");
  return pyodide;
}

async function boot() {
  const loader = runtime();
  const wheelInfo = manifest("dominolab-wheel.json");
  const snapInfo = manifest("dominolab-snapshot.json").catch(() => null);
  const wheel = fetchWheel(wheelInfo);          // in parallel with the runtime
  wheel.catch(() => {});                        // reported where it is awaited
  postMessage({ progress: "python" });     // the page words it (engine.js)
  const t0 = performance.now();
  let pyodide = null;
  let how = "fresh";
  let t1;
  const { loadPyodide } = await loader;
  const snap = await snapInfo;
  if (snap && typeof DecompressionStream === "function" && Number.isInteger(snap.raw_size) && snap.raw_size > 0
      && typeof snap.files_dir === "string" && snap.files_dir.startsWith("/") && typeof snap.sha256 === "string"
      && snap.wheel_sha256 === (await wheelInfo).sha256) {
    try {
      pyodide = await startFromSnapshot(loadPyodide, snap, wheel);
      how = "snapshot";
    } catch (err) {
      console.warn(`dominolab: snapshot not used, starting Python normally (${String(err && err.message || err).split("\n")[0]})`);
      pyodide = null;
    }
  }
  if (!pyodide) {
    pyodide = await loadPyodide({ indexURL: base, ...quiet });
    t1 = performance.now();
    postMessage({ progress: "engine" });
    pyodide.unpackArchive(await wheel, "wheel");
    pyodide.runPython(PRELOAD);
  } else {
    t1 = performance.now();
  }
  const call = pyodide.pyimport("dominolab.webapi").call;
  const t2 = performance.now();
  postMessage({ ready: true, ms: Math.round(t2 - started),
                steps: { how, start: Math.round(t0 - started), python: Math.round(t1 - t0), engine: Math.round(t2 - t1) } });
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
