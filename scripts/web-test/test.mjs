// Plays the web build in headless Chromium: waits for the first frame,
// starts a game from the menu, plays moves with the mouse (click, drag) and
// the touch screen (tap, long-press to sweep), reloads to check the game was
// kept in local storage, and saves screenshots. Exits non-zero when the page
// shows an error, a move is not played or the board does not change.
//
//   node test.mjs URL OUTDIR
import { chromium } from "playwright-core";
import { mkdirSync, writeFileSync } from "node:fs";

const [url, out] = process.argv.slice(2);
mkdirSync(out, { recursive: true });
const W = 1180, H = 820;
// The side panel's width in CSS pixels; the board fills the rest.
const PANEL = Number(process.env.PANEL ?? 301);

const problems = [];
const log = [];
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  headless: true,
  args: [
    "--no-sandbox", "--disable-gpu", "--no-first-run",
    "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--disable-quic",
    // WebGL2 without a GPU: SwiftShader, Chromium's software renderer.
    "--use-angle=swiftshader", "--enable-unsafe-swiftshader",
    "--autoplay-policy=user-gesture-required",
  ],
});
const context = await browser.newContext({ viewport: { width: W, height: H }, hasTouch: true });
const page = await context.newPage();
page.on("console", (m) => {
  const text = m.text();
  log.push(`[${m.type()}] ${text}`);
  const bad = m.type() === "error" || /^(%c)?ERROR/.test(text);
  if (bad && !text.includes("Using exceptions for control flow")) {
    problems.push(`console error: ${text}`);
  }
});
page.on("pageerror", (e) => {
  if (!String(e).includes("Using exceptions for control flow")) problems.push(`page error: ${e}`);
});

const status = async () => {
  const s = await page.evaluate(() => window.mscStatus ?? null);
  return s ? JSON.parse(s) : null;
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

// Board cell centres for the classic 8×10 board, White at the bottom.
function cell(name) {
  const f = name.charCodeAt(0) - 97, r = Number(name.slice(1)) - 1;
  const size = H / (10 + 1.2);
  const cx = (W - PANEL) / 2, cy = H / 2;
  return { x: cx + (f - 3.5) * size, y: cy - (r - 4.5) * size };
}
const shot = (name) => page.screenshot({ path: `${out}/${name}.png` });

async function played(label, before, action) {
  await action();
  const s = await waitFor(`${label} to be played`, (s) => s.moves > before.moves, 15000);
  log.push(`played ${label}: ${s.fen}`);
  await page.waitForTimeout(700); // let the animation finish
  return s;
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
  const t0 = Date.now();
  await page.goto(url, { waitUntil: "load" });
  const first = await waitFor("the first frame", (s) => s.first_frame_ms !== null, 60000);
  report.first_frame_ms = first.first_frame_ms;
  report.first_frame_wall_ms = Date.now() - t0;
  await page.waitForTimeout(1000);
  await shot("1-menu");

  // The main menu: "New game" is its first button, centred.
  const menu = { x: W / 2, y: Number(process.env.NEW_GAME_Y ?? 330) };
  await page.mouse.click(menu.x, menu.y);
  await page.waitForTimeout(800);
  let s = await status();
  const start = s.fen;
  await shot("2-board");

  // Mouse: click, click.
  s = await played("e2-e3 (clicks)", s, async () => {
    await page.mouse.click(cell("e2").x, cell("e2").y);
    await page.waitForTimeout(200);
    await page.mouse.click(cell("e3").x, cell("e3").y);
  });
  // Mouse: drag and drop.
  s = await played("b9-b8 (drag)", s, async () => {
    const a = cell("b9"), b = cell("b8");
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    for (let i = 1; i <= 8; i++) {
      await page.mouse.move(a.x + ((b.x - a.x) * i) / 8, a.y + ((b.y - a.y) * i) / 8);
      await page.waitForTimeout(30);
    }
    await page.mouse.up();
  });
  // Touch: tap, tap.
  s = await played("g1-f3 (taps)", s, async () => {
    await page.touchscreen.tap(cell("g1").x, cell("g1").y);
    await page.waitForTimeout(200);
    await page.touchscreen.tap(cell("f3").x, cell("f3").y);
  });
  s = await played("g9-g8 (taps)", s, async () => {
    await page.touchscreen.tap(cell("g9").x, cell("g9").y);
    await page.waitForTimeout(200);
    await page.touchscreen.tap(cell("g8").x, cell("g8").y);
  });
  // Touch: select the e3 pawn, hold the fogged cell ahead to sweep it.
  s = await played("e3 sweeps e4 (long-press)", s, async () => {
    await page.touchscreen.tap(cell("e3").x, cell("e3").y);
    await page.waitForTimeout(200);
    await touch("touchStart", cell("e4"));
    await page.waitForTimeout(900);
    await touch("touchEnd", cell("e4"));
  });
  if (!s.fen || s.fen === start) throw new Error("the board did not change");
  await shot("3-after-moves");

  // The game is kept in local storage and offered after a reload.
  const saved = await page.evaluate(() => localStorage.getItem("minesweeper-chess/saved_game.txt"));
  if (!saved || !saved.includes("e3")) throw new Error(`no saved game in local storage: ${saved}`);
  report.saved_game_bytes = saved.length;
  await page.reload({ waitUntil: "load" });
  await waitFor("the first frame after reload", (s) => s.first_frame_ms !== null, 60000);
  await page.waitForTimeout(1000);
  await shot("4-reloaded");
} catch (e) {
  problems.push(String(e.stack ?? e));
}

const shown = await page.evaluate(() => document.getElementById("error")?.textContent ?? "").catch(() => "");
if (shown.trim()) problems.push(`the page shows: ${shown}`);
report.problems = problems;
writeFileSync(`${out}/report.json`, JSON.stringify(report, null, 2));
writeFileSync(`${out}/console.log`, log.join("\n") + "\n");
await browser.close();
if (problems.length) {
  console.error("web test FAILED:\n" + problems.join("\n"));
  process.exit(1);
}
console.log(`web test passed: first frame ${report.first_frame_ms} ms after navigation start`);
