// Plays the web build in headless Chromium: waits for the first frame,
// starts a game from the menu, plays moves with the mouse (click, drag) and
// the touch screen (tap, long-press to sweep), reloads to check the game was
// kept in local storage, and saves screenshots. Exits non-zero when the page
// shows an error, a move is not played or the board does not change.
//
//   node test.mjs URL OUTDIR
// MEASURE=1 stops after the frame-time measurement (MEASURE_S seconds,
// default 10) and checks nothing about the download: scripts/web-frames.sh
// runs it several times, also on older builds.
import { mkdirSync } from "node:fs";
import { finish, launch, watch } from "./browser.mjs";

const [url, out] = process.argv.slice(2);
mkdirSync(out, { recursive: true });
const W = 1180, H = 820;
const MEASURE = process.env.MEASURE === "1";
const MEASURE_MS = 1000 * Math.min(120, Number(process.env.MEASURE_S ?? 10));
// Thrown to end a MEASURE=1 or THROTTLE=only run early.
class Measured extends Error {}

const problems = [];
const log = [];
const browser = await launch(["--autoplay-policy=user-gesture-required"]);
const context = await browser.newContext({ viewport: { width: W, height: H }, hasTouch: true });
const page = await context.newPage();
watch(page, log, problems);
// How the big files arrive: compressed, with their Content-Encoding.
const arrivals = [];
page.on("response", (r) => {
  const name = new URL(r.url()).pathname.split("/").pop();
  if (/\.(wasm|js)$/.test(name) && name.startsWith("minesweeper_chess")) {
    const h = r.headers();
    arrivals.push({ name, encoding: h["content-encoding"] ?? null, bytes: Number(h["content-length"] ?? 0) });
  }
});

const status = async () => {
  const s = await page.evaluate(() => window.mscStatus ?? null);
  const parsed = s ? JSON.parse(s) : null;
  if (parsed?.board) geometry = parsed.board;
  return parsed;
};
async function waitFor(what, test, ms) {
  const until = Date.now() + ms;
  for (;;) {
    const s = await status();
    if (s && test(s)) return s;
    const shown = await page.evaluate(() => document.getElementById("error")?.textContent ?? "");
    if (shown.trim()) throw new Error(`the page shows an error: ${shown}`);
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}; status ${JSON.stringify(s)}`);
    await page.waitForTimeout(100);
  }
}

// A board cell's centre on the page, from the geometry the game publishes
// (`board` in window.mscStatus: a1's centre and the steps to the next file
// and rank), so a new look or layout moves the clicks with the board.
let geometry = null;
function cell(name) {
  if (!geometry) throw new Error("the game has not published where the board is");
  const f = name.charCodeAt(0) - 97, r = Number(name.slice(1)) - 1;
  const { a1, file, rank } = geometry;
  return { x: a1[0] + f * file[0] + r * rank[0], y: a1[1] + f * file[1] + r * rank[1] };
}
// Sweeper Sudoku: the board of this code (Easy 4×4), and where its cells
// and hand slots are drawn (as in src/view/puzzle.rs).
const SUDOKU_CODE = process.env.SUDOKU_CODE ?? "E4-7V";
const puzzleState = async () =>
  page.evaluate(() => (window.mscPuzzle ? JSON.parse(window.mscPuzzle) : null)).catch(() => null);
async function waitForPuzzle(what, test, ms) {
  const end = Date.now() + ms;
  let last = null;
  while (Date.now() < end) {
    last = await puzzleState();
    if (last && test(last)) return last;
    await page.waitForTimeout(100);
  }
  throw new Error(`timed out waiting for ${what}; last puzzle state ${JSON.stringify(last)}`);
}
// Sweeper Sudoku's cells and hand slots, where the game says they are.
function at(p) {
  if (!p) throw new Error("the puzzle has not published where its cells are");
  return { x: p[0], y: p[1] };
}
const puzzleCell = (p, i) => at(p.cells[i]);
const puzzleSlot = (p, i) => at(p.slots[i]);
const shot = (name) => page.screenshot({ path: `${out}/${name}.png` });
// A named button (its message id in the .ftl files), where the game drew it
// this frame: window.mscButtons, name → [x, y, width, height].
async function press(name) {
  const until = Date.now() + 30000;
  for (;;) {
    const all = await page.evaluate(() => JSON.parse(window.mscButtons ?? "{}"));
    const b = all[name];
    if (b) {
      await click({ x: b[0] + b[2] / 2, y: b[1] + b[3] / 2 });
      return;
    }
    if (Date.now() > until) throw new Error(`no button '${name}' on the page; it shows ${Object.keys(all).join(", ")}`);
    await page.waitForTimeout(100);
  }
}

async function played(label, before, action, want = 1) {
  await action();
  const s = await waitFor(`${label} to be played`, (s) => s.moves >= before.moves + want, 60000);
  log.push(`played ${label}: ${s.fen}`);
  await frames(20); // let the animation finish
  return s;
}

// Waits until the game has drawn `n` more frames: a software renderer can
// be slow enough that two quick clicks would land in one frame.
async function frames(n) {
  const now = (await status())?.frames ?? 0;
  await waitFor(`${n} frames`, (s) => s.frames >= now + n, 60000);
}
async function click(p) {
  await page.mouse.click(p.x, p.y);
  await frames(2);
}
// Esc opens the pause menu; its "Main menu" leaves the game.
async function toMainMenu() {
  await page.keyboard.press("Escape");
  await frames(3);
  await press("main-menu");
  await frames(3);
}
async function tap(p) {
  await page.touchscreen.tap(p.x, p.y);
  await frames(2);
}

const client = await context.newCDPSession(page);
async function touch(type, p) {
  await client.send("Input.dispatchTouchEvent", {
    type,
    touchPoints: type === "touchEnd" ? [] : [{ x: p.x, y: p.y }],
  });
}

let report = {};
try {
  // THROTTLE=only: the throttled first and second visits alone (for a
  // median over several runs; the full test takes ten minutes).
  if (process.env.THROTTLE === "only") {
    report.throttled = await throttled(url.split("?")[0]);
    throw new Measured();
  }
  const t0 = Date.now();
  await page.goto(url, { waitUntil: "load" });
  const first = await waitFor("the first frame", (s) => s.first_frame_ms !== null, 60000);
  report.first_frame_ms = first.first_frame_ms;
  report.first_frame_wall_ms = Date.now() - t0;
  // The download came compressed and the progress bar counted it.
  report.arrivals = arrivals.slice();
  for (const want of MEASURE ? [] : ["minesweeper_chess_bg.wasm", "minesweeper_chess.js"]) {
    const a = arrivals.find((x) => x.name === want);
    if (!a || !["br", "gzip"].includes(a.encoding)) {
      throw new Error(`${want} did not arrive compressed: ${JSON.stringify(a)}`);
    }
  }
  const load = await page.evaluate(() => window.mscLoad ?? null);
  report.load = load;
  if (!MEASURE && (!load || !load.done || load.got !== load.total || load.total < 1e6 || load.steps < 3)) {
    throw new Error(`the progress bar did not follow the download: ${JSON.stringify(load)}`);
  }
  await frames(10);
  await shot("1-menu");
  // The pieces and sounds load after the first frame, counted for the page.
  for (let i = 0; ; i++) {
    const a = await page.evaluate(() => (window.mscAssets ? JSON.parse(window.mscAssets) : null));
    if (a && a.total >= 31 && a.loaded === a.total) {
      report.assets = a;
      break;
    }
    if (i > 600) throw new Error(`the pieces and sounds never all loaded: ${JSON.stringify(a)}`);
    await page.waitForTimeout(100);
  }
  // The Credits page, by name from the title: every set and font with its
  // licence text (the W3C notice of the Simple set among them).
  await press("credits");
  await frames(5);
  const named = await page.evaluate(() => Object.keys(JSON.parse(window.mscButtons ?? "{}")));
  for (const want of ["credits-cburnett", "credits-simple", "credits-dejavusansdejavusansbold", "back"]) {
    if (!named.includes(want)) throw new Error(`the Credits page has no '${want}': ${named.join(", ")}`);
  }
  await shot("1b-credits");
  report.credits = named.filter((n) => n.startsWith("credits-"));
  await press("back");
  await frames(5);
  if (process.env.ONLY !== "sudoku") {

  // The main menu (centred left of the panel): "Play: two players".
  await press("play-hot-seat");
  await frames(5);
  let s = await status();
  const start = s.fen;
  await shot("2-board");

  // Mouse: click, click.
  s = await played("e2-e3 (clicks)", s, async () => {
    await click(cell("e2"));
    await click(cell("e3"));
  });
  // Mouse: drag and drop.
  s = await played("b9-b8 (drag)", s, async () => {
    const a = cell("b9"), b = cell("b8");
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    await frames(2);
    for (let i = 1; i <= 6; i++) {
      await page.mouse.move(a.x + ((b.x - a.x) * i) / 6, a.y + ((b.y - a.y) * i) / 6);
      await frames(1);
    }
    await page.mouse.up();
  });
  // Touch: tap, tap.
  s = await played("g1-f3 (taps)", s, async () => {
    await tap(cell("g1"));
    await tap(cell("f3"));
  });
  s = await played("g9-g8 (taps)", s, async () => {
    await tap(cell("g9"));
    await tap(cell("g8"));
  });
  // Touch: select the e3 pawn, hold the fogged cell ahead to sweep it.
  s = await played("e3 sweeps e4 (long-press)", s, async () => {
    await tap(cell("e3"));
    await touch("touchStart", cell("e4"));
    await page.waitForTimeout(900);
    await frames(3);
    await touch("touchEnd", cell("e4"));
  });
  if (!s.fen || s.fen === start) throw new Error("the board did not change");
  await shot("3-after-moves");
  // Frame time on the board (fog drifting, nothing clicked): the median
  // gap between animation frames over ten seconds (MEASURE_S); the game updates once
  // per animation frame.
  report.frame_ms = await page.evaluate((ms) => new Promise((done) => {
    const gaps = [];
    let last = null;
    const end = performance.now() + ms;
    const tick = (t) => {
      if (last !== null) gaps.push(t - last);
      last = t;
      if (t < end) return requestAnimationFrame(tick);
      gaps.sort((a, b) => a - b);
      done({ median: gaps[Math.floor(gaps.length / 2)], p90: gaps[Math.floor(gaps.length * 0.9)], frames: gaps.length });
    };
    requestAnimationFrame(tick);
  }), MEASURE_MS);
  if (MEASURE) throw new Measured();

  // The game is kept in local storage and offered after a reload.
  const saved = await page.evaluate(() => localStorage.getItem("minesweeper-chess/saved_game.txt"));
  if (!saved || !saved.includes("e3")) throw new Error(`no saved game in local storage: ${saved}`);
  report.saved_game_bytes = saved.length;
  await page.reload({ waitUntil: "load" });
  await waitFor("the first frame after reload", (s) => s.first_frame_ms !== null, 60000);
  await frames(10);
  await shot("4-reloaded");
  await press("resume");
  s = await waitFor("the saved game to be resumed", (s) => s.moves === 5, 60000);
  await frames(20);
  await shot("5-resumed");

  // Looking back one move (←): the board before the sweep, drawn over the
  // live one, which stays as it was; End comes back.
  const live = s.fen;
  await page.keyboard.press("ArrowLeft");
  const back = await waitFor("the board one move back", (x) => x.viewing && x.viewing.ply === 4, 30000);
  if (back.fen !== live || back.viewing.fen === live) {
    throw new Error(`looking back changed the live board or showed it: ${JSON.stringify(back)}`);
  }
  report.replay = back.viewing;
  await frames(10);
  await shot("5b-looking-back");
  await page.keyboard.press("End");
  await waitFor("the live board again", (x) => x.viewing === null, 30000);

  // A typed move: Enter puts the caret in the panel's line, "Nc8" and
  // Enter play it; Esc leaves the line.
  s = await played("Nc8 (typed)", s, async () => {
    await page.keyboard.press("Enter");
    await frames(3);
    await page.keyboard.type("Nc8");
    await frames(2);
    await page.keyboard.press("Enter");
  });
  report.typed = s.fen;
  await page.keyboard.press("Escape");
  await frames(3);

  // Against the computer at the Strong level, playing White.
  await toMainMenu();
  await press("level-strong");
  await press("play-computer");
  await frames(5);
  s = await status();
  if (s.moves !== 0) throw new Error(`a new game was expected, found ${s.moves} moves`);
  // The Strong level thinks for a second, in slices: frames keep coming.
  await click(cell("d2"));
  await click(cell("d3"));
  const asked = await waitFor("d2-d3", (x) => x.moves >= 1, 60000);
  const asked_at = Date.now();
  s = await waitFor("the computer's answer", (x) => x.moves >= 2, 60000);
  const secs = (Date.now() - asked_at) / 1000;
  report.strong_reply_s = secs;
  report.frames_while_thinking = s.frames - asked.frames;
  if (s.frames - asked.frames < 5) throw new Error(`the page froze while the computer thought: ${report.frames_while_thinking} frames in ${secs} s`);
  await frames(20);
  await shot("6-vs-computer");

  // A whole game, first click to checkmate: a hot-seat game where Black's
  // queen slides through the fog to g3 (only landing cells meet mines).
  await toMainMenu();
  await press("play-hot-seat");
  await frames(5);
  s = await status();
  if (s.moves !== 0) throw new Error(`a new game was expected, found ${s.moves} moves`);
  for (const [a, b] of [["f2", "f3"], ["c9", "c8"], ["h2", "h3"], ["d10", "b8"], ["a2", "a3"], ["b8", "g3"]]) {
    s = await played(`${a}-${b}`, s, async () => {
      await click(cell(a));
      await click(cell(b));
    });
  }
  if (!s.outcome.includes("Checkmate")) throw new Error(`checkmate expected, got '${s.outcome}'`);
  report.checkmate = s.outcome;
  await frames(30);
  await shot("7-checkmate");

  // The canvas follows the window.
  await page.setViewportSize({ width: 900, height: 640 });
  await frames(10);
  const size = await page.evaluate(() => {
    const c = document.getElementById("bevy");
    return [c.clientWidth, c.clientHeight, innerWidth, innerHeight, c.width, c.height];
  });
  report.resized = size;
  if (size[0] !== 900 || size[1] !== 640 || size[4] < 800) {
    throw new Error(`the canvas did not follow the resize: ${size}`);
  }
  await shot("8-resized");

  }

  // Sweeper Sudoku, opened by its share code in the page address: a hint,
  // a probe held by touch until the fuse burns, a flag and a card tapped
  // onto a cell.
  await page.setViewportSize({ width: W, height: H });
  await page.goto(url + (url.includes("?") ? "&" : "?") + "sudoku=" + SUDOKU_CODE, { waitUntil: "load" });
  let p = await waitForPuzzle("the puzzle board", (p) => p.shown && p.code === SUDOKU_CODE, 60000);
  await frames(10);
  await shot("9-sudoku");
  await page.keyboard.press("h");
  p = await waitForPuzzle("a hint", (p) => p.hint >= 0, 30000);
  report.sudoku_hint = p.hint;
  const probed = puzzleCell(p, p.hint);
  await touch("touchStart", probed);
  await page.waitForTimeout(1500);
  await frames(3);
  await touch("touchEnd", probed);
  p = await waitForPuzzle("the probe", (p) => p.done === 1 && p.score === 10, 30000);
  await frames(10);
  // A right-click flag. (The double-tap is tested headless: a software
  // renderer's frames here can be slower than the double-tap window.)
  const flagAt = puzzleCell(p, p.closed[0]);
  await page.mouse.click(flagAt.x, flagAt.y, { button: "right" });
  await frames(3);
  p = await waitForPuzzle("a right-click flag", (p) => p.flags === 1, 30000);
  const moves = p.moves;
  await tap(puzzleSlot(p, 0));
  await tap(puzzleCell(p, p.closed[1]));
  p = await waitForPuzzle("a card placed", (p) => p.moves === moves + 1, 30000);
  report.sudoku = p;
  await frames(30);
  await shot("10-sudoku-play");

  // The board of the day in the address: the same board as the native
  // tool deals for that date (DAILY_CODE, from `puzzle --daily`), and
  // again on a second visit.
  const DAY = "2026-12-02";
  const dailyUrl = url + (url.includes("?") ? "&" : "?") + "daily=" + DAY;
  const codes = [];
  for (const visit of [1, 2]) {
    await page.goto(dailyUrl, { waitUntil: "load" });
    const d = await waitForPuzzle(`the board of the day (visit ${visit})`, (p) => p.shown && p.code.startsWith("C6-"), 60000);
    codes.push(d.code);
  }
  if (codes[0] !== codes[1]) throw new Error(`the board of ${DAY} differs between visits: ${codes}`);
  if (process.env.DAILY_CODE && codes[0] !== process.env.DAILY_CODE) {
    throw new Error(`the board of ${DAY} is ${codes[0]} in the browser, ${process.env.DAILY_CODE} natively`);
  }
  report.daily = { date: DAY, code: codes[0], native: process.env.DAILY_CODE ?? null };
  await frames(10);
  await shot("10b-daily");

  // In French (?lang=fr): the page's own notice and the game's menu speak
  // it; the label is the one the shipped fr.ftl gives.
  const base = url.split("?")[0];
  const ftl = await (await fetch(new URL("assets/i18n/fr.ftl", base))).text();
  const wanted = (ftl.match(/^play-hot-seat = (.*)$/m) ?? [])[1];
  if (!wanted) throw new Error("no play-hot-seat in the shipped fr.ftl");
  await page.goto(base + "?lang=fr", { waitUntil: "load" });
  const notice = await page.evaluate(() => [
    document.documentElement.lang,
    document.getElementById("noticetext").textContent,
  ]);
  if (notice[0] !== "fr" || !["Chargement…", "Démarrage…"].some((w) => notice[1].startsWith(w))) {
    throw new Error(`the page is not in French: ${notice}`);
  }
  const fr = await waitFor("the game in French", (x) => x.first_frame_ms !== null && x.lang === "fr", 60000);
  if (fr.play !== wanted) throw new Error(`menu label '${fr.play}', fr.ftl says '${wanted}'`);
  report.french = { notice: notice[1], play: fr.play };
  await frames(10);
  await shot("11-french-menu");
  // A phone-sized canvas, in the languages with the longest labels.
  await page.setViewportSize({ width: 390, height: 844 });
  await frames(10);
  await shot("12-french-phone");
  await page.goto(base + "?lang=ms&sudoku=" + SUDOKU_CODE, { waitUntil: "load" });
  await waitForPuzzle("the Malay puzzle", (p) => p.shown, 60000);
  await frames(10);
  await shot("13-malay-phone-sudoku");

  // A browser set to Ukrainian, no ?lang= and no saved settings: the game
  // starts in Ukrainian.
  const ukContext = await browser.newContext({ viewport: { width: W, height: H }, locale: "uk-UA" });
  const ukPage = await ukContext.newPage();
  await ukPage.goto(base, { waitUntil: "load" });
  let uk = null;
  for (let i = 0; i < 600 && !(uk && uk.first_frame_ms !== null); i++) {
    await ukPage.waitForTimeout(100);
    uk = await ukPage.evaluate(() => (window.mscStatus ? JSON.parse(window.mscStatus) : null));
  }
  if (!uk || uk.lang !== "uk") throw new Error(`a Ukrainian browser got ${JSON.stringify(uk)}`);
  report.browser_language = { navigator: await ukPage.evaluate(() => navigator.language), game: uk.lang, play: uk.play };
  await ukPage.screenshot({ path: `${out}/14-ukrainian-browser.png` });
  await ukContext.close();

  // A browser without WebAssembly's SIMD (the probe made to fail): the
  // page says why the game cannot start, in the player's language (the
  // shipped da.ftl's words), and downloads no game.
  const oldContext = await browser.newContext({ viewport: { width: W, height: H } });
  await oldContext.addInitScript(() => {
    WebAssembly.validate = () => false;
  });
  const oldPage = await oldContext.newPage();
  const daFtl = await (await fetch(new URL("assets/i18n/da.ftl", base))).text();
  const daOld = (daFtl.match(/^web-old-browser = (.*)$/m) ?? [])[1];
  if (!daOld) throw new Error("no web-old-browser in the shipped da.ftl");
  await oldPage.goto(base + "?lang=da", { waitUntil: "load" });
  await oldPage.waitForTimeout(1000);
  const oldNotice = await oldPage.evaluate(() => [
    document.getElementById("noticetext").textContent,
    window.mscLoad ?? null,
  ]);
  if (oldNotice[0] !== daOld || oldNotice[1] !== null) {
    throw new Error(`a browser without SIMD saw '${oldNotice[0]}' (load ${JSON.stringify(oldNotice[1])}), da.ftl says '${daOld}'`);
  }
  report.old_browser = oldNotice[0];
  await oldPage.screenshot({ path: `${out}/15-old-browser.png` });
  await oldContext.close();

  // Offline: the service worker (web/sw.js), registered on the first
  // visit once the art and sounds were in, keeps every file of the build;
  // with the network off the page starts from it, a hot-seat move and the
  // computer's answer are played, and a Sweeper Sudoku board and the board
  // of the day open.
  report.offline = await offline(base);

  // THROTTLE=1 (the release build): the first visit over an emulated
  // 10 Mbit/s line (DevTools network emulation, 40 ms latency, no cache):
  // when the first frame is drawn, when the title's buttons can be
  // pressed, and how many of the sounds had arrived by then (the art and
  // sounds load through the asset server after the wasm); then a second
  // visit on the same line, started from the service worker's cache.
  if (process.env.THROTTLE === "1") {
    // Alone in the browser, as a first visit is: the game left running in
    // the test's page would take the two cores the throttled visit needs
    // to compile the wasm and draw (its errors are read first).
    const left = await page.evaluate(() => document.getElementById("error")?.textContent ?? "").catch(() => "");
    if (left.trim()) problems.push(`the page shows: ${left}`);
    await page.goto("about:blank");
    report.throttled = await throttled(base);
  }
} catch (e) {
  if (!(e instanceof Measured)) problems.push(String(e.stack ?? e));
}

/** What the service worker controlling `pg` says of its cache (null when
 *  no worker controls the page): its build, its cache's name, the number
 *  of files it keeps and how many are in. */
function workerStatus(pg) {
  return pg.evaluate(() => new Promise((done) => {
    const worker = navigator.serviceWorker?.controller;
    if (!worker) return done(null);
    const channel = new MessageChannel();
    channel.port1.onmessage = (e) => done(e.data);
    worker.postMessage("msc-status", [channel.port2]);
    setTimeout(done, 5000, null);
  })).catch(() => null);
}

/** Waits until a worker is active, controls `pg` and has every file of
 *  the build (the one build.js names) in its cache; returns its status. */
async function workerReady(pg, ms) {
  const until = Date.now() + ms;
  let last = null;
  for (;;) {
    const [state, build] = await pg.evaluate(async () => {
      const r = await navigator.serviceWorker?.getRegistration();
      return [r?.active?.state ?? null, window.mscBuild ?? null];
    }).catch(() => [null, null]);
    last = await workerStatus(pg);
    if (state === "activated" && last && last.version === build && last.files > 0 && last.cached === last.files) return last;
    if (Date.now() > until) {
      throw new Error(`the service worker did not keep the build within ${ms / 1000} s: worker ${state}, build.js ${build}, status ${JSON.stringify(last)}`);
    }
    await pg.waitForTimeout(250);
  }
}

async function offline(base) {
  await page.setViewportSize({ width: W, height: H });
  const kept = await workerReady(page, 120000);
  // The files of each kind are in the cache, under this build's name.
  const basePath = new URL(base).pathname.replace(/[^/]*$/, "");
  const files = await page.evaluate(async (name) =>
    (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname), kept.cache);
  const want = ["index.html", "build.js", "texts.js", "minesweeper_chess.js", "minesweeper_chess_bg.wasm",
    "manifest.webmanifest", "icons/icon-192.png", "icons/maskable-512.png", "assets/i18n/en.ftl",
    "assets/pieces/cburnett/wK.png", "assets/sounds/move.wav", "levels/index.txt", "levels/classic.ron",
    "levels/sudoku/index.txt"];
  const missing = want.filter((f) => !files.includes(basePath + f));
  if (missing.length || !kept.cache.includes(kept.version)) {
    throw new Error(`the cache ${kept.cache} lacks ${missing.join(", ")}`);
  }
  const result = { cache: kept.cache, files: kept.files };
  const served = [];
  const onResponse = (r) => served.push({ name: new URL(r.url()).pathname, worker: r.fromServiceWorker() });
  await context.setOffline(true);
  try {
    // Offline for the worker too (Playwright switches its network off as
    // well): a file it does not keep cannot be fetched. Asked by the
    // worker, so the failure is not an error in the page's console.
    // An idle worker is stopped by the browser: a message starts it again.
    const ours = () => context.serviceWorkers().find((w) => w.url().endsWith("/sw.js"));
    let worker = ours();
    if (!worker) {
      const started = context.waitForEvent("serviceworker", { timeout: 15000 }).catch(() => null);
      await workerStatus(page);
      worker = (await started) ?? ours();
    }
    if (!worker) throw new Error("no service worker in the browser context");
    const probe = await worker.evaluate(() => fetch(`offline-probe-${Date.now()}`, { cache: "no-store" })
      .then((r) => `HTTP ${r.status}`, () => null));
    if (probe !== null) throw new Error(`the network is not off for the service worker: the probe got ${probe}`);

    page.on("response", onResponse);
    const t0 = Date.now();
    await page.goto(url, { waitUntil: "load" });
    const first = await waitFor("the first frame offline", (x) => x.first_frame_ms !== null, 60000);
    result.first_frame_ms = first.first_frame_ms;
    result.first_frame_wall_ms = Date.now() - t0;
    for (const name of ["index.html", "minesweeper_chess.js", "minesweeper_chess_bg.wasm"]) {
      const r = served.find((x) => x.name === basePath + name);
      if (!r || !r.worker) throw new Error(`offline, ${name} did not come from the service worker: ${JSON.stringify(r)}`);
    }
    await frames(10);
    if (process.env.ONLY !== "sudoku") {
      // A hot-seat move, by clicks.
      await press("play-hot-seat");
      await frames(5);
      let s = await status();
      if (s.moves !== 0) throw new Error(`offline, a new game was expected, found ${s.moves} moves`);
      s = await played("e2-e3 offline (clicks)", s, async () => {
        await click(cell("e2"));
        await click(cell("e3"));
      });
      result.hot_seat = s.fen;
      await shot("16-offline-hot-seat");
      // The computer answers (the Beginner level: a short think).
      await toMainMenu();
      await press("level-beginner");
      await press("play-computer");
      await frames(5);
      s = await status();
      if (s.moves !== 0) throw new Error(`offline, a new game was expected, found ${s.moves} moves`);
      await click(cell("d2"));
      await click(cell("d3"));
      await waitFor("d2-d3 offline", (x) => x.moves >= 1, 60000);
      s = await waitFor("the computer's answer offline", (x) => x.moves >= 2, 60000);
      result.vs_computer = s.fen;
      await frames(10);
      await shot("17-offline-vs-computer");
    }
    // Sweeper Sudoku by its code, with a hint; the board of the day, the
    // same as online.
    await page.goto(url + (url.includes("?") ? "&" : "?") + "sudoku=" + SUDOKU_CODE, { waitUntil: "load" });
    await waitForPuzzle("the puzzle board offline", (p) => p.shown && p.code === SUDOKU_CODE, 60000);
    await frames(5);
    await page.keyboard.press("h");
    const p = await waitForPuzzle("a hint offline", (p) => p.hint >= 0, 30000);
    result.sudoku_hint = p.hint;
    await frames(10);
    await shot("18-offline-sudoku");
    await page.goto(url + (url.includes("?") ? "&" : "?") + "daily=" + report.daily.date, { waitUntil: "load" });
    const d = await waitForPuzzle("the board of the day offline", (p) => p.shown && p.code.startsWith("C6-"), 60000);
    if (d.code !== report.daily.code) throw new Error(`offline the board of the day is ${d.code}, online ${report.daily.code}`);
    result.daily = d.code;
    result.from_worker = served.filter((x) => x.worker).length;
    result.from_network = served.filter((x) => !x.worker).map((x) => x.name);
  } finally {
    page.off("response", onResponse);
    await context.setOffline(false);
  }
  return result;
}

async function throttled(base) {
  const ctx = await browser.newContext({ viewport: { width: W, height: H } });
  const pg = await ctx.newPage();
  const cdp = await ctx.newCDPSession(pg);
  const line = {
    offline: false,
    latency: 40,
    downloadThroughput: (10e6 / 8),
    uploadThroughput: (5e6 / 8),
  };
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Network.emulateNetworkConditions", line);
  const sounds = [];
  const wasm = [];
  pg.on("requestfinished", (r) => { if (r.url().endsWith(".wav")) sounds.push(Date.now()); });
  pg.on("response", (r) => { if (r.url().endsWith("/minesweeper_chess_bg.wasm")) wasm.push(r.fromServiceWorker()); });
  let t0 = Date.now();
  await pg.goto(base + "?seed=11", { waitUntil: "commit" });
  const r = await visit(pg, t0, sounds, "15-throttled-usable");
  r.timeline = await timeline(pg);
  await pg.waitForTimeout(8000);
  await pg.screenshot({ path: `${out}/15-throttled-title.png` });
  if (r.title_usable_ms === null) {
    await ctx.close();
    throw new Error(`over 10 Mbit/s the title never became usable: ${JSON.stringify(r)}`);
  }

  // The second visit, on the same line: the service worker registered on
  // the first once its art and sounds were in and has kept the build; the
  // page and build.js are asked of the network first (a round trip each),
  // the rest comes from the cache. DevTools' network emulation is per
  // target, so the worker's own fetches get the same line.
  await workerReady(pg, 180000);
  const { targetInfo } = await cdp.send("Target.getTargetInfo");
  const workerThrottled = await throttleWorker(targetInfo.browserContextId, line);
  sounds.length = 0;
  wasm.length = 0;
  t0 = Date.now();
  await pg.goto(base + "?seed=11", { waitUntil: "commit" });
  const second = await visit(pg, t0, sounds, "15b-throttled-second-visit");
  second.timeline = await timeline(pg);
  await ctx.close();
  r.second_visit = { ...second, wasm_from_worker: wasm.length > 0 && wasm.every((w) => w), worker_throttled: workerThrottled };
  if (second.title_usable_ms === null) throw new Error(`over 10 Mbit/s the second visit's title never became usable: ${JSON.stringify(r)}`);
  if (!r.second_visit.wasm_from_worker) throw new Error(`the second visit did not read the wasm from the service worker: ${JSON.stringify(r)}`);
  return r;
}

/** One visit to the title, navigation started at t0: when the first frame
 *  is drawn, when the title's buttons can be pressed (saved as `picture`),
 *  how many sounds had finished loading by then and when every piece and
 *  sound is in. */
async function visit(pg, t0, sounds, picture) {
  let firstFrame = null, usable = null;
  for (let i = 0; i < 1200 && usable === null; i++) {
    const st = await pg.evaluate(() => [window.mscStatus ?? null, window.mscButtons ?? null]).catch(() => [null, null]);
    const s = st[0] ? JSON.parse(st[0]) : null;
    if (firstFrame === null && s && s.first_frame_ms !== null) firstFrame = Date.now() - t0;
    const b = st[1] ? JSON.parse(st[1]) : {};
    if (b["play-computer"]) usable = Date.now() - t0;
    else await pg.waitForTimeout(50);
  }
  // The title as it is first usable: the art and sounds still counted by
  // the bar at the top.
  if (usable !== null) await pg.screenshot({ path: `${out}/${picture}.png` });
  const soundsBefore = sounds.filter((t) => t - t0 <= usable).length;
  // The buttons can appear in the same poll as the first frame: then the
  // page's own clock says when it was drawn.
  if (firstFrame === null) {
    const st = await pg.evaluate(() => window.mscStatus ?? null).catch(() => null);
    firstFrame = st ? JSON.parse(st).first_frame_ms : null;
  }
  let allIn = null;
  for (let i = 0; i < 1200 && allIn === null; i++) {
    const a = await pg.evaluate(() => (window.mscAssets ? JSON.parse(window.mscAssets) : null)).catch(() => null);
    if (a && a.total > 0 && a.loaded === a.total) allIn = Date.now() - t0;
    else await pg.waitForTimeout(50);
  }
  return { first_frame_ms: firstFrame, title_usable_ms: usable, sounds_before_usable: soundsBefore, sounds_total: sounds.length, all_assets_ms: allIn };
}

/** Where a visit's time went, on the page's clock (ms from navigation):
 *  when each file the page asked for before the first frame started and
 *  ended and how many bytes crossed the line, when the wasm's last byte
 *  came and when the first frame was drawn. */
async function timeline(pg) {
  return pg.evaluate(() => {
    const status = window.mscStatus ? JSON.parse(window.mscStatus) : {};
    const first = status.first_frame_ms ?? Infinity;
    const files = performance.getEntriesByType("resource")
      .filter((e) => e.startTime <= first)
      .map((e) => ({
        file: new URL(e.name).pathname.split("/").pop() || "/",
        start: Math.round(e.startTime),
        end: Math.round(e.responseEnd),
        bytes: e.transferSize,
      }));
    const nav = performance.getEntriesByType("navigation")[0];
    return {
      page_end: nav ? Math.round(nav.responseEnd) : null,
      dom_ready: nav ? Math.round(nav.domContentLoadedEventEnd) : null,
      wasm_done: window.mscLoad?.done_ms ?? null,
      first_frame: status.first_frame_ms ?? null,
      files,
    };
  }).catch((e) => ({ error: String(e) }));
}

/** Gives the service worker of the browser context `contextId` the
 *  network conditions `line` (DevTools' emulation on its own target,
 *  through the browser's session); false when there is no such worker or
 *  the browser refuses. */
async function throttleWorker(contextId, line) {
  try {
    const session = await browser.newBrowserCDPSession();
    const { targetInfos } = await session.send("Target.getTargets");
    const target = targetInfos.find((t) => t.type === "service_worker" && t.browserContextId === contextId);
    if (!target) return false;
    // Playwright's sessions cannot address a child session directly: the
    // worker's is reached by messages wrapped for it (flatten: false).
    const { sessionId } = await session.send("Target.attachToTarget", { targetId: target.targetId, flatten: false });
    let id = 0;
    const pending = new Map();
    session.on("Target.receivedMessageFromTarget", (e) => {
      const m = JSON.parse(e.message);
      pending.get(m.id)?.(m);
      pending.delete(m.id);
    });
    const send = (method, params) => new Promise((done, fail) => {
      id += 1;
      pending.set(id, (m) => (m.error ? fail(new Error(`${method}: ${m.error.message}`)) : done(m.result)));
      session.send("Target.sendMessageToTarget", { sessionId, message: JSON.stringify({ id, method, params }) }).catch(fail);
    });
    await send("Network.enable", {});
    await send("Network.emulateNetworkConditions", line);
    return true;
  } catch (e) {
    log.push(`the service worker could not be throttled: ${e}`);
    return false;
  }
}

const shown = await page.evaluate(() => document.getElementById("error")?.textContent ?? "").catch(() => "");
if (shown.trim()) problems.push(`the page shows: ${shown}`);
const throttledLine = report.throttled
  ? `; over 10 Mbit/s the title answered after ${report.throttled.title_usable_ms} ms (first frame ${report.throttled.first_frame_ms} ms,` +
    ` the wasm's last byte at ${report.throttled.timeline?.wasm_done} ms),` +
    ` on a second visit from the service worker's cache after ${report.throttled.second_visit?.title_usable_ms} ms` +
    ` (first frame ${report.throttled.second_visit?.first_frame_ms} ms)`
  : "";
await finish(browser, out, "", report, log, problems,
  (report.first_frame_ms === undefined ? "web test passed: the throttled visits only"
    : `web test passed: first frame ${report.first_frame_ms} ms after navigation start`) +
  (report.offline ? `; offline from the cache ${report.offline.cache} (${report.offline.files} files)` : "") + throttledLine);
