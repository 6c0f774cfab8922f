// The book's service worker: after one visit the whole book - pages, lessons, the play page's
// engine (Pyodide runtime, memory snapshot, wheel) - works without a network.
//
// tools/book/offline_site.py writes this file to the top of the built site (its scope is the folder
// it is served from, so a sub-path such as /NAME/dominolab/ works) and puts one line before it:
//   const PRECACHE = {"version": "<hash of the build>", "files": {"<path>": "<sha256 prefix>", ...}};
// naming every file of the build with a hash of its content. So every build is a new sw.js, and the
// browser installs it beside the old one:
// * install: every file of the list is fetched into the cache "dominolab-<version>" and checked
//   against its hash (a copy from the HTTP cache that is of another build is fetched again); one
//   file missing or wrong and the install fails as a whole (the browser retries on a later visit);
// * activate (once no page of the old version is open any more): the caches of other versions are
//   deleted, so pages and engine always come from one build - never new pages with a stale engine;
// * fetch: a file of the list is answered from the cache (the query is ignored: the engine asks
//   for the snapshot and the wheel with their hashes in it); everything else - the JupyterLite app
//   under lite/, other hosts - goes to the network untouched.
// Lesson progress is not here: it stays in the browser's local storage.

const CACHE = "dominolab-" + PRECACHE.version;
const SCOPE = new URL(self.registration.scope);
const PARALLEL = 6;

function pathOf(url) {
  if (url.origin !== SCOPE.origin || !url.pathname.startsWith(SCOPE.pathname)) return null;
  let path = decodeURIComponent(url.pathname.slice(SCOPE.pathname.length));
  if (path === "" || path.endsWith("/")) path += "index.html";
  if (path === "lite" || path.startsWith("lite/")) return null;     // JupyterLite: network only
  return Object.prototype.hasOwnProperty.call(PRECACHE.files, path) ? path : null;
}

async function sha256(buffer) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", buffer));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

// The play page asks for its snapshot and wheel by their hashes (?sha256=<the same 16 hex>,
// play/engine-worker.js): a copy the page has just fetched is taken from the browser's HTTP cache
// instead of being downloaded twice (7 MB).
const BY_HASH = /^_static\/pyodide\/[^/]+\.(whl|bin\.gz)$/;

async function cachedCopy(path, url, wanted) {
  if (!BY_HASH.test(path)) return null;
  try {
    const response = await fetch(`${url}?sha256=${wanted}`, { cache: "only-if-cached", mode: "same-origin" });
    return response.ok ? response : null;
  } catch {
    return null;
  }
}

// One file into the cache, checked against the build's hash; a copy of it already there (an
// earlier, interrupted install of this version) was checked before it was stored.
async function store(cache, path) {
  const url = new URL(path, SCOPE).href;
  if (await cache.match(url)) return;
  const wanted = PRECACHE.files[path];
  for (const mode of ["only-if-cached", "no-cache", "reload"]) {
    const response = mode === "only-if-cached" ? await cachedCopy(path, url, wanted)
      : await fetch(url, { cache: mode, credentials: "same-origin" });
    if (response === null) continue;
    if (!response.ok) throw new Error(`dominolab offline: HTTP ${response.status} for ${path}`);
    const body = await response.arrayBuffer();
    if ((await sha256(body)).startsWith(wanted)) {
      // A new response: no "redirected" mark (a page answered after a redirect cannot be a
      // navigation's answer), the server's headers (the type, application/wasm) kept.
      await cache.put(url, new Response(body, { status: 200, headers: response.headers }));
      return;
    }
  }
  throw new Error(`dominolab offline: ${path} is not the file of this build`);
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const paths = Object.keys(PRECACHE.files);
    let next = 0;
    const worker = async () => {
      while (next < paths.length) await store(cache, paths[next++]);
    };
    await Promise.all(Array.from({ length: PARALLEL }, worker));
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("dominolab-") && name !== CACHE) await caches.delete(name);
    }
    // The page that installed the first version is its own build: take it over at once.
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const path = pathOf(new URL(request.url));
  if (path === null) return;
  event.respondWith((async () => {
    const hit = await (await caches.open(CACHE)).match(new URL(path, SCOPE).href);
    return hit || fetch(request);
  })());
});
