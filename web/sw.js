// The web build's service worker: the game as an app that starts and plays
// without the network. On install it keeps every file of this build in one
// cache named after the build (the page, the wasm and its JS glue, the
// page's scripts, the manifest and icons, the art, sounds and translations,
// the presets and their indexes); on activate it deletes the caches of
// older builds of this folder and takes over the open pages. The game
// against the computer, two players on one screen and Sweeper Sudoku (the
// board of the day is computed from the date) then play offline. Online
// play is a WebSocket, which never passes through a service worker; other
// origins, other methods than GET and requests this build does not hold go
// to the network untouched.
//
// scripts/web.sh fills in these two lines in dist/sw.js: the build's
// version (a hash of its files, also in build.js as window.mscBuild) and
// the list of its files, so a new asset is never missed and any change to
// the build changes this script, which is how the browser notices a new
// build (it compares the worker's bytes on each visit).
const VERSION = "__BUILD__";
const PRECACHE = ["__FILES__"];

// web/sw.js as it is in the source tree (not filled in): cache nothing.
const BUILT = !VERSION.startsWith("__");
// The folder this worker serves (where sw.js is) and this build's cache:
// "minesweeper-chess-VERSION/FOLDER/", so builds hosted in two folders of
// one site keep a cache each.
const BASE = new URL("./", self.location.href);
const PREFIX = "minesweeper-chess-";
const CACHE = PREFIX + VERSION + BASE.pathname;
const FILES = new Set(PRECACHE);
// Asked of the network first, the cached copy when it fails or is slow:
// the page (also as the folder itself) and build.js, which carries the
// version. Everything else this build holds is answered from the cache
// first: its name carries the version, so it is exact for this build,
// and a second visit reads the 25 MB wasm from disk, not the network. The
// page and build.js are small: a fresh copy costs one round trip, and a
// page opened online shows the deployed build's page at once while the
// new worker fetches the rest (the page only starts the glue and counts
// the wasm's bytes, so it works with the older glue and wasm meanwhile).
const FRESH = new Set(["", "index.html", "build.js"]);
// How long a fresh copy may take before the cached one is used (a weak
// signal that never answers would otherwise hold the start up).
const SLOW_MS = 4000;

const url = (file) => new URL(file, BASE).href;

async function fromCache(file) {
  const cache = await caches.open(CACHE);
  // The servers send Vary: Accept-Encoding; the cache keeps the decoded
  // body, good for any request.
  return (await cache.match(url(file), { ignoreVary: true })) ?? null;
}

self.addEventListener("install", (event) => {
  if (!BUILT) return;
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const have = new Set((await cache.keys()).map((r) => r.url));
    // Past the HTTP cache (revalidated): the file names stay the same from
    // build to build, and an older copy must not land in this build's cache.
    // addAll stores all or nothing: a failed install keeps the old worker.
    await cache.addAll(PRECACHE.filter((f) => !have.has(url(f)))
      .map((f) => new Request(url(f), { cache: "no-cache" })));
    // The new build takes over as soon as it is complete (activate below):
    // a page already running keeps the wasm it has; anything it loads later
    // (another piece set, a language) comes from the new build's files, and
    // the next start is wholly the new build.
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    // Older builds of this folder: "minesweeper-chess-OTHER/FOLDER/".
    for (const name of await caches.keys()) {
      const middle = name.startsWith(PREFIX) && name.endsWith(BASE.pathname)
        ? name.slice(PREFIX.length, name.length - BASE.pathname.length) : null;
      if (name !== CACHE && middle !== null && !middle.includes("/")) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

async function networkFirst(request, file) {
  const fallback = file || "index.html";
  const network = fetch(request);
  network.catch(() => {}); // handled below; not an unhandled rejection when the cache answers first
  let timer;
  const slow = new Promise((resolve) => { timer = setTimeout(resolve, SLOW_MS, null); });
  try {
    const response = await Promise.race([network, slow]);
    if (response) {
      // A server error (a proxy whose backend is down): the cached copy.
      return response.ok ? response : (await fromCache(fallback)) ?? response;
    }
    return (await fromCache(fallback)) ?? (await network);
  } catch (e) {
    const cached = await fromCache(fallback);
    if (cached) return cached;
    throw e;
  } finally {
    clearTimeout(timer);
  }
}

async function cacheFirst(request, file) {
  return (await fromCache(file)) ?? fetch(request);
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  // A range request (a media element) wants a partial answer: the network's.
  if (!BUILT || request.method !== "GET" || request.headers.has("range")) return;
  const u = new URL(request.url);
  if (u.origin !== BASE.origin || !u.pathname.startsWith(BASE.pathname)) return;
  const file = u.pathname.slice(BASE.pathname.length);
  if (FRESH.has(file)) {
    // The page with its options in the query (?seed=, ?sudoku=, ?daily=…)
    // is the same page; build.js is asked without one.
    if (file === "build.js" && u.search) return;
    event.respondWith(networkFirst(request, file));
  } else if (FILES.has(file) && !u.search) {
    event.respondWith(cacheFirst(request, file));
  }
});

// The page (and the browser test) can ask how far the cache is:
// postMessage("msc-status") with a MessageChannel port for the answer.
self.addEventListener("message", (event) => {
  if (event.data !== "msc-status" || !event.ports[0]) return;
  event.waitUntil((async () => {
    const keys = (await caches.has(CACHE)) ? await (await caches.open(CACHE)).keys() : [];
    event.ports[0].postMessage({ version: VERSION, cache: CACHE, files: PRECACHE.length, cached: keys.length });
  })());
});
