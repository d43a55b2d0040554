// Two headless Chromium pages play each other through the game server:
// page A holds White (its seat's token put in its local storage, as a
// reload would find it), page B joins by the invite link (?join=CODE) as
// Black. They play moves with the mouse; B reloads mid-game and must come
// back to its seat with every move; screenshots of both, clocks running.
//
//   node online-test.mjs BASE_URL CODE WHITE_TOKEN OUTDIR
import { mkdirSync } from "node:fs";
import { finish, launch, watch } from "./browser.mjs";
import { frames, move, state, waitFor } from "./online-pages.mjs";

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
  await move(a, "e2", "e4", 1, pages, log);
  await move(b, "e9", "e8", 2, pages, log);
  await move(a, "g1", "f3", 3, pages, log);
  // Black reloads in the middle of the game: back in its seat, every move there.
  await b.reload();
  const back = await waitFor(b, "black back after the reload", (s) => s.phase === "InGame" && s.ply === 3 && s.side === "black");
  check("after a reload Black is back in its seat with every move", back.ply === 3, JSON.stringify(back));
  await waitFor(a, "White to see Black back", (s) => s.present[1]);
  await move(b, "b10", "c8", 4, pages, log);
  const fa = await state(a, "mscStatus"), fb = await state(b, "mscStatus");
  check("both boards show the same position", fa.fen === fb.fen, `${fa.fen} | ${fb.fen}`);
  // The minefield field: no mine under fog ('x') is ever shown; the
  // mines still hidden are cells of '?', unless the fog lifted off all
  // four already (then each is shown, 'X').
  const field = fa.fen.split(" ")[6] ?? "";
  const shown = [...field].filter((ch) => ch === "X").length;
  check("the board hides the mines", !field.includes("x") && (field.includes("?") || shown === 4), fa.fen);
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
