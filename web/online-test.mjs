// Two headless Chromium pages play each other through the game server:
// page A holds White (its seat's token put in its local storage, as a
// reload would find it), page B joins by the invite link (?join=CODE) as
// Black. They play moves with the mouse; B reloads mid-game and must come
// back to its seat with every move; screenshots of both, clocks running.
//
//   node online-test.mjs BASE_URL CODE WHITE_TOKEN OUTDIR
import { mkdirSync } from "node:fs";
import { finish, launch, watch } from "./browser.mjs";

const [base, code, token, out] = process.argv.slice(2);
mkdirSync(out, { recursive: true });
const W = 1180, H = 820;
const problems = [];
const log = [];
const browser = await launch();

async function open(name, url, seat) {
  const context = await browser.newContext({ viewport: { width: W, height: H } });
  if (seat) {
    // Where the game keeps its seat (src/chess/online/session.rs).
    await context.addInitScript(([k, v]) => {
      if (!localStorage.getItem(k)) localStorage.setItem(k, v);
    }, ["minesweeper-chess/online-seat.txt", seat]);
  }
  const page = await context.newPage();
  watch(page, log, problems, name);
  await page.goto(url);
  return page;
}

const state = async (page, key) =>
  page.evaluate((k) => (window[k] ? JSON.parse(window[k]) : null), key).catch(() => null);
async function waitFor(page, what, test, ms = 90000) {
  const until = Date.now() + ms;
  let last = null;
  for (;;) {
    last = await state(page, "mscOnline");
    if (last && test(last)) return last;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}; online state ${JSON.stringify(last)}`);
    await page.waitForTimeout(200);
  }
}
async function frames(page, n) {
  const now = (await state(page, "mscStatus"))?.frames ?? 0;
  const until = Date.now() + 60000;
  while (((await state(page, "mscStatus"))?.frames ?? 0) < now + n) {
    if (Date.now() > until) throw new Error("the page stopped drawing");
    await page.waitForTimeout(50);
  }
}
// A cell's centre on a page, from the geometry the game publishes (a1's
// centre and the steps to the next file and rank: Black's page, flipped,
// has them reversed), so a new look moves the clicks with the board.
async function cell(page, name) {
  const b = (await state(page, "mscStatus"))?.board;
  if (!b) throw new Error("the page has not published where its board is");
  const f = name.charCodeAt(0) - 97, r = Number(name.slice(1)) - 1;
  return { x: b.a1[0] + f * b.file[0] + r * b.rank[0], y: b.a1[1] + f * b.file[1] + r * b.rank[1] };
}
async function move(page, from, to, ply, pages) {
  // As a player would: once the board shows every move so far (after a
  // reload it replays them, a frame each).
  const until = Date.now() + 60000;
  while (((await state(page, "mscStatus"))?.moves ?? -1) < ply - 1) {
    if (Date.now() > until) throw new Error(`the board never caught up before move ${ply}`);
    await page.waitForTimeout(100);
  }
  for (const sq of [from, to]) {
    const p = await cell(page, sq);
    await page.mouse.click(p.x, p.y);
    await frames(page, 3);
  }
  for (const [name, pg] of pages) {
    await waitFor(pg, `${name} to hear move ${ply} (${from}${to})`, (s) => s.ply >= ply);
  }
  log.push(`move ${ply}: ${from}${to}`);
}

const report = { code, checks: [] };
const check = (what, ok, detail = "") => {
  report.checks.push({ what, ok, detail });
  if (!ok) problems.push(`${what}: ${detail}`);
};
try {
  const server = base.replace(/^http/, "ws") + "/ws";
  const a = await open("white", `${base}/index.html`, `${server}\n${token}\n`);
  const b = await open("black", `${base}/index.html?join=${code}`);
  const pages = [["white", a], ["black", b]];
  for (const [name, pg] of pages) {
    await waitFor(pg, `${name} in the game with both players`, (s) => s.phase === "InGame" && s.present[0] && s.present[1]);
  }
  const sa = await state(a, "mscOnline"), sb = await state(b, "mscOnline");
  check("page A resumed White's seat from its storage", sa.side === "white", JSON.stringify(sa));
  check("page B joined by the link as Black", sb.side === "black", JSON.stringify(sb));
  await move(a, "e2", "e4", 1, pages);
  await move(b, "e9", "e8", 2, pages);
  await move(a, "g1", "f3", 3, pages);
  // Black reloads in the middle of the game: back in its seat, every move there.
  await b.reload();
  const back = await waitFor(b, "black back after the reload", (s) => s.phase === "InGame" && s.ply === 3 && s.side === "black");
  check("after a reload Black is back in its seat with every move", back.ply === 3, JSON.stringify(back));
  await waitFor(a, "White to see Black back", (s) => s.present[1]);
  await move(b, "b10", "c8", 4, pages);
  const fa = await state(a, "mscStatus"), fb = await state(b, "mscStatus");
  check("both boards show the same position", fa.fen === fb.fen, `${fa.fen} | ${fb.fen}`);
  check("the board hides the mines", fa.fen.includes("?"), fa.fen);
  const c1 = await state(a, "mscOnline");
  await a.waitForTimeout(1500);
  const c2 = await state(a, "mscOnline");
  check("White's clock runs on White's turn", c2.white_ms < c1.white_ms && c2.black_ms === c1.black_ms, `${JSON.stringify(c1)} → ${JSON.stringify(c2)}`);
  await frames(a, 10);
  await a.screenshot({ path: `${out}/online-white.png` });
  await b.screenshot({ path: `${out}/online-black.png` });
} catch (e) {
  problems.push(String(e.stack ?? e));
}
await finish(browser, out, "online-", report, log, problems,
  `online browser test passed: ${report.checks.length} checks`);
